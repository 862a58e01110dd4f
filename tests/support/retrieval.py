"""Test helpers for retrieval (§3.5): real PDFs, a local HTTP world, passports, configs.

Everything is offline: ``World`` is an ``http.server`` on 127.0.0.1 (ephemeral
port) whose routes emulate the DOI resolver, publishers, the Wayback CDX API
and snapshots, author sites, OpenAlex, Unpaywall and CORE. Every request it
receives is recorded, so tests can assert exactly what was (not) asked.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

# -- PDFs --------------------------------------------------------------------------


def make_pdf(*pages: list[str]) -> bytes:
    """A minimal valid PDF: each page a list of text lines (Helvetica, WinAnsi)."""
    objects: list[bytes] = []
    page_ids = [4 + 2 * i for i in range(len(pages))]
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    kids = " ".join(f"{n} 0 R" for n in page_ids)
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    objects.append(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    )
    for lines in pages:
        content = ["BT", "/F1 11 Tf", "14 TL", "56 780 Td"]
        for line in lines:
            escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            content.append(f"({escaped}) Tj T*")
        content.append("ET")
        stream = "\n".join(content).encode("cp1252")
        content_id = len(objects) + 2
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {content_id} 0 R >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    return serialize_pdf(objects)


def serialize_pdf(objects: list[bytes], version: str = "1.4") -> bytes:
    """Numbered objects (object 1 the catalog) as a PDF file with its cross-reference table."""
    out = bytearray(f"%PDF-{version}\n".encode() + b"%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return bytes(out)


# -- the local HTTP world ---------------------------------------------------------------


@dataclass
class Reply:
    status: int = 200
    body: bytes | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


@dataclass(frozen=True)
class Seen:
    """One request the world received."""

    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]


Route = Reply | list[Reply] | Callable[[Seen], Reply]


def html(body: str, *, title: str = "page") -> Reply:
    return Reply(
        200,
        f"<!doctype html><html><head><title>{title}</title></head><body>{body}</body></html>",
        {"content-type": "text/html; charset=utf-8"},
    )


def pdf(*pages: list[str]) -> Reply:
    return Reply(200, make_pdf(*pages), {"content-type": "application/pdf"})


def as_json(data: Any, status: int = 200) -> Reply:
    return Reply(status, json.dumps(data), {"content-type": "application/json"})


def redirect(location: str, status: int = 302) -> Reply:
    return Reply(status, b"", {"location": location})


class World:
    """A threaded HTTP server on 127.0.0.1 with exact and prefix routes."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.prefixes: dict[str, Route] = {}
        self.seen: list[Seen] = []
        self._lock = threading.Lock()
        world = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                seen = Seen(
                    parts.path,
                    parse_qs(parts.query),
                    {k.lower(): v for k, v in self.headers.items()},
                )
                with world._lock:
                    world.seen.append(seen)
                reply = world.answer(seen, self.path)
                if reply.delay:
                    time.sleep(reply.delay)
                body = reply.body.encode() if isinstance(reply.body, str) else reply.body
                try:
                    self.send_response(reply.status)
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.send_header("content-length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.block_on_close = False
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def base(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def url(self, path: str) -> str:
        return self.base + path

    def route(self, path: str, reply: Route) -> None:
        self.routes[path] = reply

    def prefix(self, path: str, reply: Route) -> None:
        self.prefixes[path] = reply

    def answer(self, seen: Seen, raw_path: str) -> Reply:
        route = self.routes.get(seen.path)
        if route is None:
            for start, candidate in self.prefixes.items():
                if raw_path.startswith(start):
                    route = candidate
                    break
        if route is None:
            return Reply(404, "not here", {"content-type": "text/plain"})
        if isinstance(route, list):
            with self._lock:
                return route.pop(0) if len(route) > 1 else route[0]
        if callable(route):
            return route(seen)
        return route

    def hits(self, path: str) -> int:
        return sum(1 for s in self.seen if s.path.startswith(path))

    def __enter__(self) -> World:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


# -- passports and configs ---------------------------------------------------------------


def entry_yaml(key: str, title: str, authors: list[Mapping[str, str]], **fields: Any) -> str:
    """One literature_corpus[] entry (block style, authors in flow style)."""
    names = ", ".join(
        "{" + ", ".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in a.items()) + "}"
        for a in authors
    )
    lines = [
        f"  - citation_key: {key}",
        f"    title: {json.dumps(title, ensure_ascii=False)}",
        f"    authors: [{names}]",
        f"    year: {fields.pop('year', 2020)}",
        f"    source_pointer: {fields.pop('source_pointer', 'bibliography_v2.md')}",
    ]
    lines += [f"    {k}: {json.dumps(v) if isinstance(v, str) else v}" for k, v in fields.items()]
    lines += [
        "    source_acquired: false",
        "    source_verified_against_original: false",
        "    source_verification_method: none",
        "    description_last_audit: none",
    ]
    return "\n".join(lines) + "\n"


def passport_yaml(*entries: str) -> str:
    return "# Material Passport (test)\nsession_id: retrieval-test\nliterature_corpus:\n" + "".join(
        entries
    )


def config_toml(world: World, **extra: Any) -> str:
    """A [retrieval] config pointing every endpoint at ``world``; fast politeness."""
    settings: dict[str, Any] = {
        "contact_email": "researcher@example.org",
        "min_interval": 0,
        "cdx_per_minute": 100_000,
        "arxiv_min_interval": 0,
        "timeout": 5,
        "max_retries": 2,
        "backoff": 0,
    }
    settings.update({k: v for k, v in extra.items() if not isinstance(v, dict)})
    lines = ["[retrieval]"]
    lines += [f"{k} = {json.dumps(v)}" for k, v in settings.items()]
    endpoints = {
        "doi_resolver": world.url("/doi"),
        "wayback_cdx": world.url("/cdx"),
        "wayback": world.url("/web"),
        "openalex": world.url("/openalex"),
        "unpaywall": world.url("/unpaywall"),
        "core": world.url("/core"),
        "crossref": world.url("/crossref"),
        "arxiv": world.url("/arxiv"),
        "europepmc": world.url("/europepmc"),
    }
    lines += ["", "[retrieval.endpoints]"]
    lines += [f"{k} = {json.dumps(v)}" for k, v in endpoints.items()]
    for table, values in extra.items():
        if isinstance(values, dict):
            lines += ["", f"[retrieval.{table}]"]
            lines += [f"{json.dumps(k)} = {json.dumps(v)}" for k, v in values.items()]
    return "\n".join(lines) + "\n"


# -- the spec's wrong-record case (§3.5): Permendikbudristek 53/2023 vs Banjarmasin

PERMEN_TITLE = (
    "Peraturan Menteri Pendidikan, Kebudayaan, Riset, dan Teknologi Nomor 53 Tahun 2023 "
    "tentang Penjaminan Mutu Pendidikan Tinggi"
)
PERMEN_AUTHOR = "Kementerian Pendidikan, Kebudayaan, Riset, dan Teknologi"
BANJARMASIN_PAGE = [
    "LEMBARAN DAERAH KOTA BANJARMASIN",
    "PERATURAN DAERAH KOTA BANJARMASIN",
    "NOMOR 1 TAHUN 2024",
    "TENTANG",
    "PAJAK DAERAH DAN RETRIBUSI DAERAH",
    "DENGAN RAHMAT TUHAN YANG MAHA ESA",
    "WALI KOTA BANJARMASIN,",
    "Menimbang: bahwa untuk melaksanakan ketentuan Pasal 94 Undang-Undang Nomor 1 Tahun 2022",
]
PERMEN_PAGE = [
    "KEMENTERIAN PENDIDIKAN, KEBUDAYAAN, RISET, DAN TEKNOLOGI",
    "REPUBLIK INDONESIA",
    "PERATURAN MENTERI PENDIDIKAN, KEBUDAYAAN, RISET, DAN TEKNOLOGI",
    "REPUBLIK INDONESIA",
    "NOMOR 53 TAHUN 2023",
    "TENTANG",
    "PENJAMINAN MUTU PENDIDIKAN TINGGI",
]


# -- the spec's Step 5 sample run ------------------------------------------------------

F3 = "f3_ydn_2025"
E1 = "harvey_stensaker_2008"
PAYWALLED = "paywalled_2019"
E1_DOI = "10.1111/j.1465-3435.2008.00373.x"
PAYWALLED_DOI = "10.9999/paywalled.2019.001"
E1_TITLE = "Quality culture: understandings, boundaries and linkages"
F3_TITLE = "Faculty vote to expand the humanities core"
PAYWALLED_TITLE = "Accreditation regimes and the audit society"
RG_PDF = "https://www.researchgate.net/profile/J-Doe/publication/1/links/paper.pdf"


def sample_world(world: World) -> None:
    """F3 (Vercel WAF, recoverable from Wayback), E1 (Wiley paywall, author site), one paywalled."""
    f3_path = "/ydn/2025/04/14/humanities-core/"
    world.route(
        f3_path,
        Reply(
            403,
            "<html><title>Vercel Security Checkpoint</title><body>We're verifying your browser"
            "</body></html>",
            {"content-type": "text/html", "x-vercel-mitigated": "challenge"},
        ),
    )
    f3_url = world.url(f3_path)
    snapshot = (
        "<!doctype html><html><head><title>YDN</title><script>var x = 1;</script></head><body>"
        "<nav>News Opinion Sports</nav><article><h1>Faculty vote to expand the humanities "
        "core</h1><p class='byline'>By Adaeze Okafor, Staff Reporter</p><p>The faculty voted "
        "on Tuesday ...</p></article><footer>Yale Daily News</footer></body></html>"
    )

    def cdx(seen: Seen) -> Reply:
        if seen.query.get("url") == [f3_url]:
            return as_json(
                [
                    ["timestamp", "original", "statuscode"],
                    ["20250415000000", f3_url, "200"],
                ]
            )
        return as_json([])

    world.route("/cdx", cdx)
    world.prefix(
        f"/web/20250415000000id_/{f3_url}",
        Reply(200, snapshot, {"content-type": "text/html; charset=utf-8"}),
    )

    world.route(f"/doi/{E1_DOI}", redirect(world.url(f"/wiley/doi/{E1_DOI}")))
    world.route(f"/wiley/doi/{E1_DOI}", _paywall())
    world.route(
        "/people/stensaker/",
        html(
            "<h1>Bjørn Stensaker</h1><ul>"
            "<li><a href='cv.pdf'>Curriculum vitae</a></li>"
            "<li><a href='papers/qc2008.pdf'>Quality culture: understandings, boundaries and "
            "linkages (PDF)</a></li></ul>"
        ),
    )
    world.route("/people/stensaker/cv.pdf", pdf(["Curriculum vitae", "Bjørn Stensaker"]))
    world.route(
        "/people/stensaker/papers/qc2008.pdf",
        pdf(
            [
                "European Journal of Education, Vol. 43, No. 4, 2008",
                "Quality Culture: understandings, boundaries and",
                "linkages",
                "Lee Harvey & Bjørn Stensaker",
            ]
        ),
    )

    world.route(f"/doi/{PAYWALLED_DOI}", redirect(world.url(f"/pub/{PAYWALLED_DOI}")))
    world.route(f"/pub/{PAYWALLED_DOI}", _paywall())
    world.route(
        f"/openalex/works/doi:{PAYWALLED_DOI}",
        as_json(
            {
                "id": "https://openalex.org/W1",
                "title": PAYWALLED_TITLE,
                "locations": [
                    {"is_oa": False, "landing_page_url": world.url(f"/doi/{PAYWALLED_DOI}")}
                ],
                "best_oa_location": None,
                "open_access": {"is_oa": False, "oa_url": None},
            }
        ),
    )
    world.route(
        f"/unpaywall/v2/{PAYWALLED_DOI}",
        as_json({"doi": PAYWALLED_DOI, "is_oa": False, "best_oa_location": None}),
    )
    world.route(
        "/core/search/works", as_json({"totalHits": 1, "results": [{"downloadUrl": RG_PDF}]})
    )


def _paywall() -> Reply:
    return Reply(
        403,
        "<html><body><h1>Access denied</h1><p>Purchase this article or log in via your "
        "institution.</p></body></html>",
        {"content-type": "text/html"},
    )


def sample_passport() -> str:
    return passport_yaml(
        entry_yaml(
            F3,
            F3_TITLE,
            [{"family": "Okafor", "given": "Adaeze"}],
            year=2025,
            type="article-newspaper",
            url="{base}/ydn/2025/04/14/humanities-core/",
        ),
        entry_yaml(
            E1,
            E1_TITLE,
            [{"family": "Harvey", "given": "Lee"}, {"family": "Stensaker", "given": "Bjørn"}],
            year=2008,
            type="article-journal",
            doi=E1_DOI,
        ),
        entry_yaml(
            PAYWALLED,
            PAYWALLED_TITLE,
            [{"family": "Doe", "given": "Jane"}],
            year=2019,
            type="article-journal",
            doi=PAYWALLED_DOI,
        ),
    )


def sample_config(world: World, **extra: Any) -> str:
    return config_toml(
        world,
        core_api_key="test-core-key",
        author_homepages={"Stensaker": [world.url("/people/stensaker/")]},
        **extra,
    )
