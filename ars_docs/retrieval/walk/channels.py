"""The five mechanical auto-steps of the fallback chain, one class each (§3.5).

Each channel has a ``name`` from ``reasons.CHANNELS`` and one method,
``retrieve(probe)``, which tries its candidates through the ``Probe`` and
returns the first verified document or ``None``. Whatever a channel does or
cannot do is recorded by the probe (no silent skips): a channel without the
identifier it needs records ``no_identifier``; one that needs configuration it
lacks records ``not_configured``. The lookups of the scholarly services live
in ``walk/services.py``.
"""

from __future__ import annotations

import re
from typing import Protocol
from urllib.parse import quote, urlencode, urljoin, urlsplit, urlunsplit

from ars_docs.retrieval.judge.content import words
from ars_docs.retrieval.reasons import CHANNELS, Reason
from ars_docs.retrieval.types import Acquired
from ars_docs.retrieval.walk.pages import is_pdf, looks_like_html, parse_html
from ars_docs.retrieval.walk.probe import Probe, refusal_of
from ars_docs.retrieval.walk.services import (
    core_urls,
    crossref_links,
    openalex_oa_urls,
    openalex_work,
    unpaywall_urls,
)
from ars_docs.works import identifiers as ids

__all__ = [
    "AuthorPersonalWebsite",
    "Channel",
    "OaAggregators",
    "PublisherDirect",
    "ScholarAllVersions",
    "WaybackCdxSearch",
    "default_chain",
]

_DOI_SAFE = "/:;()<>._-"


class Channel(Protocol):
    """One auto-step: ``retrieve`` returns a verified document or ``None``."""

    name: str

    def retrieve(self, probe: Probe) -> Acquired | None: ...


class PublisherDirect:
    """What the entry names: the DOI through the resolver (PDF, or the landing page's PDF
    link), Crossref's full-text links for the DOI, the arXiv PDF of ``arxiv_id``, Europe
    PMC's PDF of ``pmcid``, then the entry's URL."""

    name = CHANNELS[0]

    def retrieve(self, probe: Probe) -> Acquired | None:
        target = probe.target
        endpoints = probe.config.endpoints
        if target.doi:
            found = probe.try_document(
                self.name, f"{endpoints['doi_resolver']}/{quote(target.doi, safe=_DOI_SAFE)}"
            )
            probe.landing_url = probe.last_url
            if found is not None:
                return found
            for link in crossref_links(probe, self.name) or []:
                found = probe.try_document(self.name, link, service="crossref")
                if found is not None:
                    return found
        if target.arxiv_id:
            arxiv = f"{endpoints['arxiv']}/pdf/{quote(target.arxiv_id, safe='/.')}"
            found = probe.try_document(self.name, arxiv, service="arxiv") or _arxiv_versions(
                probe, self.name, arxiv
            )
            if found is not None:
                return found
        if target.pmcid:
            pmc = f"{endpoints['europepmc']}/articles/{target.pmcid}?pdf=render"
            found = probe.try_document(self.name, pmc, service="europepmc")
            if found is not None:
                return found
        if target.url and target.url != probe.landing_url and not ids.is_resolver_url(target.url):
            return probe.try_document(self.name, target.url)
        if not (target.doi or target.arxiv_id or target.pmcid):
            probe.note(
                self.name,
                None,
                Reason.NO_IDENTIFIER,
                "the entry has no doi, arxiv_id, pmcid or url",
            )
        return None


class WaybackCdxSearch:
    """The Wayback CDX API for the entry's URL / landing page, then the raw ``id_`` snapshot."""

    name = CHANNELS[1]

    def retrieve(self, probe: Probe) -> Acquired | None:
        endpoints = probe.config.endpoints
        pages = [
            u for u in (probe.target.url, probe.landing_url) if u and not ids.is_resolver_url(u)
        ]
        if not pages:
            probe.note(
                self.name, None, Reason.NO_IDENTIFIER, "no URL or publisher landing page to look up"
            )
            return None
        for page in dict.fromkeys(pages):
            query = {
                "url": page,
                "output": "json",
                "filter": "statuscode:200",
                "fl": "timestamp,original,statuscode",
                "limit": f"-{probe.config.max_candidates}",
            }
            cdx = f"{endpoints['wayback_cdx']}?{urlencode(query)}"
            rows = probe.get_json(self.name, cdx, service="wayback_cdx")
            if rows is None:
                continue
            captures = _captures(rows)
            if captures is None:
                probe.note(
                    self.name,
                    cdx,
                    Reason.BAD_RESPONSE,
                    "not a CDX JSON table",
                    service="wayback_cdx",
                )
                continue
            if not captures:
                detail = f"no capture with HTTP status 200 of {page}"
                probe.note(self.name, cdx, Reason.NOT_INDEXED, detail, service="wayback_cdx")
                continue
            for stamp, original in captures[: probe.config.max_candidates]:
                archive = f"{endpoints['wayback']}/{stamp}id_/"

                def into_archive(
                    link: str, archive: str = archive, original: str = original
                ) -> str:
                    return _archived(link, archive, original, endpoints["wayback"])

                found = probe.try_document(
                    self.name, archive + original, service="wayback", rewrite=into_archive
                )
                if found is not None:
                    return found
        return None


class AuthorPersonalWebsite:
    """Configured homepages (by entry or author) or the entry's author URLs, then their links."""

    name = CHANNELS[2]

    def retrieve(self, probe: Probe) -> Acquired | None:
        config, target = probe.config, probe.target
        homepages = [
            *config.entry_homepages.get(target.citation_key, ()),
            *(url for key in target.name_keys for url in config.author_homepages.get(key, ())),
            *target.author_urls,
        ]
        if not homepages:
            names = ", ".join(target.authors) or "no authors"
            probe.note(
                self.name,
                None,
                Reason.NOT_CONFIGURED,
                f"no homepage known for {target.citation_key} or its authors ({names}); add "
                "[retrieval.author_homepages] or [retrieval.entry_homepages] to ars-docs.toml",
            )
            return None
        for home in dict.fromkeys(homepages):
            answer = probe.fetch(self.name, home)
            if answer is None:
                continue
            if refusal_of(answer) is not None or is_pdf(answer.body):
                found = probe.judge(self.name, home, answer)
                if found is not None:
                    return found
                continue
            if not looks_like_html(answer.body, answer.headers):
                kind = answer.headers.get("content-type") or "no Content-Type"
                probe.note(self.name, answer.url, Reason.NOT_PDF_OR_HTML, f"homepage gave {kind}")
                continue
            page = parse_html(answer.body, answer.headers, answer.url)
            links = _likely_links(page.links, probe.target.title, probe.config.max_candidates)
            if not links:
                probe.note(
                    self.name,
                    answer.url,
                    Reason.NOT_FOUND,
                    "no link on the homepage looks like this work (a PDF or its title)",
                    status=answer.status,
                    cached=answer.from_cache,
                )
                continue
            # Two different links that fit the work equally well (the paper and its
            # follow-up, say): whatever verifies stays ambiguous, for a human to pick.
            probe.tie = _tie(page.links, probe.target.title)
            try:
                for link in links:
                    found = probe.try_document(self.name, link)
                    if found is not None:
                        return found
            finally:
                probe.tie = False
        return None


class ScholarAllVersions:
    """Other versions of the work: OpenAlex ``locations[]`` (repositories, preprints)."""

    name = CHANNELS[3]

    def retrieve(self, probe: Probe) -> Acquired | None:
        work = openalex_work(probe, self.name)
        if work is None:
            return None
        urls: list[str] = []
        for location in work.get("locations") or ():
            if isinstance(location, dict):
                urls += [
                    location[k]
                    for k in ("pdf_url", "landing_page_url")
                    if isinstance(location.get(k), str)
                ]
        urls = list(dict.fromkeys(urls))
        if not urls:
            probe.note(
                self.name,
                None,
                Reason.NOT_INDEXED,
                "OpenAlex lists no location",
                service="openalex",
            )
            return None
        for url in urls[: probe.config.max_candidates]:
            found = probe.try_document(self.name, url, service="openalex")
            if found is not None:
                return found
        return None


class OaAggregators:
    """Unpaywall, then OpenAlex's open-access copy, then CORE (needs ``core_api_key``)."""

    name = CHANNELS[4]

    def retrieve(self, probe: Probe) -> Acquired | None:
        for service, lookup in (
            ("unpaywall", unpaywall_urls),
            ("openalex", openalex_oa_urls),
            ("core", core_urls),
        ):
            urls = lookup(probe, self.name)
            for url in (urls or [])[: probe.config.max_candidates]:
                found = probe.try_document(self.name, url, service=service)
                if found is not None:
                    return found
        return None


_MAX_VERSIONS = 9


def _arxiv_versions(probe: Probe, channel: str, latest: str) -> Acquired | None:
    """An arXiv id without a version gave the latest version, whose title no longer is the
    cited one: try v1, v2 … (until one is missing) for the version whose title matches."""
    if re.search(r"v\d+$", probe.target.arxiv_id or ""):
        return None
    last = probe.attempts[-1] if probe.attempts else None
    if (
        last is None
        or last.match is None
        or not {"title_missing", "title_partial"} & set(last.match_reasons)
    ):
        return None
    for number in range(1, _MAX_VERSIONS + 1):
        found = probe.try_document(channel, f"{latest}v{number}", service="arxiv")
        if found is not None:
            return found
        if probe.attempts[-1].match is None:
            return None  # no such version (or no answer): there are no later ones to try
    return None


def default_chain() -> tuple[Channel, ...]:
    """The five auto-steps in spec order; a fresh tuple per run (no shared state)."""
    return (
        PublisherDirect(),
        WaybackCdxSearch(),
        AuthorPersonalWebsite(),
        ScholarAllVersions(),
        OaAggregators(),
    )


def _captures(rows: object) -> list[tuple[str, str]] | None:
    """``(timestamp, original)`` of status-200 captures, newest first; ``None`` if malformed."""
    if not isinstance(rows, list):
        return None
    if not rows:
        return []
    header = rows[0]
    if not isinstance(header, list) or not {"timestamp", "original"} <= set(header):
        return None
    at = {name: header.index(name) for name in header if isinstance(name, str)}
    found = []
    for row in rows[1:]:
        if not isinstance(row, list) or len(row) != len(header):
            continue
        if "statuscode" in at and row[at["statuscode"]] != "200":
            continue
        found.append((str(row[at["timestamp"]]), str(row[at["original"]])))
    return sorted(found, reverse=True)


def _archived(link: str, archive: str, original: str, wayback: str) -> str:
    """A link found inside an ``id_`` snapshot, as a URL inside the same archive capture."""
    if link.startswith(wayback.rstrip("/") + "/"):
        return link
    parts = urlsplit(link)
    if parts.netloc == urlsplit(wayback).netloc:
        # A relative link was resolved against the archive; resolve it against the original.
        link = urljoin(original, urlunsplit(("", "", parts.path, parts.query, "")))
    return archive + link


def _tie(links: list[tuple[str, str]], title: str) -> bool:
    """Do two different links name the whole title (all its significant words)?"""
    wanted = {w for w in words(title) if len(w) > 3}
    if not wanted:
        return False
    full = {
        urlsplit(href)._replace(fragment="").geturl()
        for href, text in links
        if wanted <= set(words(f"{text} {urlsplit(href).path}"))
    }
    return len(full) >= 2


def _likely_links(links: list[tuple[str, str]], title: str, limit: int) -> list[str]:
    """Homepage links worth trying: PDFs and links naming the title, best first."""
    wanted = {w for w in words(title) if len(w) > 3}
    scored = []
    for order, (href, text) in enumerate(links):
        path = urlsplit(href).path.lower()
        said = set(words(f"{text} {path}"))
        overlap = len(wanted & said) / len(wanted) if wanted else 0.0
        score = overlap + (0.5 if path.endswith(".pdf") else 0.0)
        if score >= 0.5 and urlsplit(href).scheme in ("http", "https"):
            scored.append((-score, order, href))
    return list(dict.fromkeys(href for _s, _o, href in sorted(scored)))[:limit]
