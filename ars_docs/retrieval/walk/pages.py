"""What a fetched page is: bot challenge, sign-in wall, landing page or text (§3.5).

The spec's failure vocabulary distinguishes a paywall (``paywall_403``) from a
bot-protection challenge (``waf_blocked``, the F3 Vercel case) and from a
redirect to a sign-in page (``login_redirect``); those verdicts come from the
signatures below. ``parse_html`` reads the few things the channels need from
an HTML page: the ``citation_pdf_url`` meta tag (Highwire/Google Scholar
convention), links, a password field, and the main text used for content
verification (``<main>``/``<article>`` when present; scripts, navigation,
headers, footers and forms never count).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from ars_docs.works import identifiers as ids

__all__ = [
    "Page",
    "challenge_signature",
    "download_links",
    "is_pdf",
    "login_url",
    "looks_like_html",
    "parse_html",
]

_MAX_HTML = 4_000_000  # bytes of a page that are parsed; main text is near the top

# (header name, substring of its value or "" for presence) -> who is challenging
_CHALLENGE_HEADERS: Sequence[tuple[str, str, str]] = (
    ("cf-mitigated", "challenge", "Cloudflare challenge"),
    ("x-vercel-mitigated", "challenge", "Vercel security checkpoint"),
    ("x-vercel-challenge-token", "", "Vercel security checkpoint"),
    ("x-amzn-waf-action", "", "AWS WAF"),
    ("x-datadome", "", "DataDome"),
    ("x-sucuri-block", "", "Sucuri firewall"),
)
_CHALLENGE_BODY: Sequence[tuple[str, str]] = (
    ("/cdn-cgi/challenge-platform", "Cloudflare challenge"),
    ("cf-browser-verification", "Cloudflare challenge"),
    ("<title>just a moment...</title>", "Cloudflare challenge"),
    ("attention required! | cloudflare", "Cloudflare block page"),
    ("vercel security checkpoint", "Vercel security checkpoint"),
    ("checking your browser before accessing", "browser check"),
    ("captcha-delivery.com", "DataDome"),
    ("_incapsula_resource", "Imperva Incapsula"),
    ("px-captcha", "PerimeterX"),
    ("ddos-guard", "DDoS-Guard"),
)
_LOGIN_SEGMENTS = frozenset(
    [
        "login",
        "signin",
        "logon",
        "sso",
        "idp",
        "shibboleth",
        "saml",
        "saml2",
        "wayf",
        "cas",
        "authenticate",
        "authorize",
        "auth",
        "oauth",
        "openathens",
    ]
)
_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_LOGIN_HOST_PREFIXES = ("login.", "idp.", "sso.", "auth.", "signin.", "shibboleth.")
_SKIPPED = frozenset(
    [
        "script",
        "style",
        "noscript",
        "template",
        "nav",
        "header",
        "footer",
        "aside",
        "form",
        "svg",
        "button",
        "select",
    ]
)
_VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)


def is_pdf(body: bytes) -> bool:
    """PDF by content, whatever Content-Type says (servers mislabel PDFs often)."""
    return b"%PDF-" in body[:1024]


def looks_like_html(body: bytes, headers: Mapping[str, str]) -> bool:
    if "html" in headers.get("content-type", "").lower():
        return True
    head = body[:2048].lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html")) or b"<html" in head


def challenge_signature(headers: Mapping[str, str], body: bytes) -> str | None:
    """Name of the bot-protection product that answered, or ``None``."""
    for name, needle, who in _CHALLENGE_HEADERS:
        value = headers.get(name)
        if value is not None and needle in value.lower():
            return who
    if is_pdf(body):
        return None
    head = body[:65536].decode("utf-8", "replace").lower()
    for needle, who in _CHALLENGE_BODY:
        if needle in head:
            return who
    if "akamaighost" in headers.get("server", "").lower() and "access denied" in head:
        return "Akamai"
    return None


def login_url(url: str) -> bool:
    """Does ``url`` look like a sign-in page (by its host or a word of its path)?

    Path segments are split into words (``showLogin`` → show, login;
    ``sign-in`` → sign, in, read as signin). Segments after a DOI prefix
    (``10.NNNN``) are a DOI suffix, not a route, and are ignored.
    """
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if host.startswith(_LOGIN_HOST_PREFIXES):
        return True
    for segment in re.split(r"[/;]", parts.path):
        if ids.is_doi_prefix(segment):
            break
        tokens = [t.lower() for t in _WORDS.findall(segment)]
        pairs = [a + b for a, b in itertools.pairwise(tokens)]
        if _LOGIN_SEGMENTS.intersection(tokens + pairs):
            return True
    return False


@dataclass
class Page:
    """The parts of one HTML page the channels use."""

    url: str
    pdf_links: list[str] = field(default_factory=list)
    """``citation_pdf_url`` metas, then ``<link rel=alternate type=application/pdf>``."""
    links: list[tuple[str, str]] = field(default_factory=list)
    """Every ``<a href>`` as ``(absolute URL, link text)``, in page order."""
    password_field: bool = False
    main_text: str = ""
    unlinked_text: str = ""
    """``main_text`` without the text of links to other pages (a teaser's headline)."""


def parse_html(body: bytes, headers: Mapping[str, str], url: str) -> Page:
    parser = _Parser(url)
    parser.feed(_decode(body[:_MAX_HTML], headers))
    parser.close()
    return parser.page()


def _decode(body: bytes, headers: Mapping[str, str]) -> str:
    for name in (_charset(body, headers), "utf-8"):
        if name:
            try:
                return body.decode(name, "replace")
            except LookupError:  # an unknown charset name: fall back to UTF-8
                continue
    return body.decode("utf-8", "replace")  # pragma: no cover - utf-8 always exists


def _charset(body: bytes, headers: Mapping[str, str]) -> str | None:
    declared = re.search(r"charset=[\"']?([\w.:-]+)", headers.get("content-type", ""), re.I)
    if declared is not None:
        return declared.group(1)
    meta = re.search(rb"<meta[^>]+charset=[\"']?([\w.:-]+)", body[:4096], re.I)
    return meta.group(1).decode("ascii", "replace") if meta is not None else None


class _Parser(HTMLParser):
    def __init__(self, url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.url = url
        self.base = url
        self.skip_depth = 0
        self.main_depth = 0
        self.all_text: list[str] = []
        self.main_text: list[str] = []
        self.unlinked: list[str] = []
        self.all_unlinked: list[str] = []
        self.saw_main = False
        self.pdf_links: list[str] = []
        self.alt_pdf: list[str] = []
        self.links: list[tuple[str, str]] = []
        self.anchor: tuple[str, list[str]] | None = None
        self.password = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k.lower(): (v or "") for k, v in attrs}
        if tag == "base" and a.get("href"):
            self.base = urljoin(self.url, a["href"])
        elif tag == "meta":
            name = (a.get("name") or a.get("property") or "").lower()
            if name == "citation_pdf_url" and a.get("content"):
                self.pdf_links.append(urljoin(self.base, a["content"].strip()))
        elif tag == "link":
            rel = a.get("rel", "").lower().split()
            if "alternate" in rel and "pdf" in a.get("type", "").lower() and a.get("href"):
                self.alt_pdf.append(urljoin(self.base, a["href"].strip()))
        elif tag in ("iframe", "embed", "object") and _pdf_ish(a.get("src") or a.get("data")):
            # A PDF viewer page shows the file in a frame.
            self.alt_pdf.append(urljoin(self.base, (a.get("src") or a.get("data") or "").strip()))
        elif tag == "input" and a.get("type", "").lower() == "password":
            self.password = True
        elif tag == "a" and a.get("href"):
            self.anchor = (urljoin(self.base, a["href"].strip()), [])
        if tag in _VOID:
            return
        if tag in _SKIPPED:
            self.skip_depth += 1
        elif tag in ("main", "article"):
            self.main_depth += 1
            self.saw_main = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self.anchor is not None:
            href, parts = self.anchor
            self.links.append((href, " ".join(" ".join(parts).split())))
            self.anchor = None
        if tag in _SKIPPED and self.skip_depth:
            self.skip_depth -= 1
        elif tag in ("main", "article") and self.main_depth:
            self.main_depth -= 1

    def handle_data(self, data: str) -> None:
        if self.anchor is not None:
            self.anchor[1].append(data)
        if self.skip_depth:
            return
        self.all_text.append(data)
        linked = self.anchor is not None and not self._self_link(self.anchor[0])
        if not linked:
            self.all_unlinked.append(data)
        if self.main_depth:
            self.main_text.append(data)
            if not linked:
                self.unlinked.append(data)

    def _self_link(self, href: str) -> bool:
        # A heading linked to its own page (a blog permalink) is still the page's heading.
        here, there = urlsplit(self.url), urlsplit(href)
        return (here.netloc, here.path.rstrip("/")) == (there.netloc, there.path.rstrip("/"))

    def page(self) -> Page:
        chosen = self.main_text if self.saw_main else self.all_text
        bare = self.unlinked if self.saw_main else self.all_unlinked
        pdfs = list(dict.fromkeys(self.pdf_links + self.alt_pdf))
        return Page(self.url, pdfs, self.links, self.password, _lines(chosen), _lines(bare))


def _pdf_ish(src: str | None) -> bool:
    """Does a viewer's frame source name a PDF (``…/x.pdf``, ``/doi/pdf/…``,
    ``/doi/pdfdirect/…``, ``…/pdfft``)?"""
    path = urlsplit(src or "").path.lower()
    return (
        path.endswith((".pdf", "/pdf", "/pdfft"))
        or "/pdf/" in path
        or "/pdfdirect/" in path
        or "/pdfft/" in path
    )


_DOWNLOAD_TEXT = re.compile(
    r"^\W*(?:download(?:\s+(?:the\s+)?(?:full[\s-]?text|pdf|file|article|paper|document))?"
    r"(?:\s*\(pdf[^)]*\))?|pdf(?:\s*\([^)]*\))?|full[\s-]?text(?:\s+pdf)?|view/open"
    r"|open\s+pdf|get\s+pdf)\W*$",
    re.I,
)


def download_links(links: Sequence[tuple[str, str]], limit: int = 2) -> list[str]:
    """A repository splash page's full-text links without ``citation_pdf_url``: anchors
    reading "Download", "Download PDF", "Full text", "View/Open" (on the same site)."""
    found = [href for href, text in links if _DOWNLOAD_TEXT.match(text or "")]
    return list(dict.fromkeys(found))[:limit]


def _lines(chunks: list[str]) -> str:
    return "\n".join(" ".join(chunk.split()) for chunk in chunks if chunk.strip())
