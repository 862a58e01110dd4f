"""A simulated scholarly web on 127.0.0.1 for testing ``ars-docs lookup``.

One threaded HTTP server answers, under one path prefix per service, the way the
real registries answer (shapes checked against their documentation and against
responses their users have published):

========================  =====================================  ==============================
``[retrieval.endpoints]``  real base                              routes served here
========================  =====================================  ==============================
``crossref``               https://api.crossref.org               ``/works/{doi}``, ``/works?…``
                                                                  (``query.bibliographic``,
                                                                  ``filter=isbn:``/``updates:``…),
                                                                  ``/works/{doi}/agency``,
                                                                  ``/v1/works/{doi}/transform``
``doi_resolver``           https://doi.org                        ``/api/handles/{doi}``,
                                                                  ``/ra/{doi}``, ``/{doi}``
                                                                  (content negotiation)
``openalex``               https://api.openalex.org               ``/works/{id}``, ``/works?…``
``semantic_scholar``       https://api.semanticscholar.org/graph  ``/paper/{id}``,
                           /v1                                    ``/paper/search/match``,
                                                                  ``/paper/search``
``arxiv_api``              https://export.arxiv.org/api           ``/query?id_list=…`` (Atom)
``europepmc_rest``         https://www.ebi.ac.uk/europepmc/…/rest ``/search?query=…``
========================  =====================================  ==============================

Content negotiation at ``doi_resolver`` redirects (302) to the registration
agency's own service, as doi.org does: Crossref DOIs to this world's
``crossref`` transform route, DataCite, mEDRA and JaLC DOIs to the pseudo
services ``datacite``, ``medra`` and ``jalc``.

A world is built in code (:meth:`ScholarlyWorld.add_crossref` and friends) or
loaded from a JSON file (:func:`load_world`). Faults are injected per service
(:meth:`ScholarlyWorld.fault`), every request is logged per service
(:meth:`ScholarlyWorld.requests`), and :meth:`ScholarlyWorld.write_config`
writes an ``ars-docs.toml`` pointing ars-docs at the world.

Usage::

    with ScholarlyWorld() as world:
        world.add_crossref({"DOI": "10.1000/x", "title": ["A title"], "type": "journal-article"})
        world.fail("crossref", 503, times=1, retry_after=2)
        config = world.write_config(tmp_path / "ars-docs.toml")
        ...  # run ars-docs lookup
        assert world.count("crossref") == 2 and not world.repeated("crossref")

The labelled evaluation set (``benchmarks/lookup_eval/``) is read with
:func:`load_cases` and :func:`tuning_world`; :func:`write_passport` turns cases
into a passport; :func:`eval_builder` is the builder that writes its files.
"""

from __future__ import annotations

import base64
import copy
import functools
import hashlib
import html
import json
import math
import re
import threading
import time
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from tests.support.layout import REPO

JSON = dict[str, Any]

#: The services ars-docs lookup talks to (their ``[retrieval.endpoints]`` keys).
SERVICES = (
    "crossref",
    "doi_resolver",
    "openalex",
    "semantic_scholar",
    "arxiv_api",
    "europepmc_rest",
)
#: Where doi.org content negotiation sends DataCite, mEDRA and JaLC DOIs.
AGENCY_SERVICES = ("datacite", "medra", "jalc")
AGENCIES = ("crossref", "datacite", "medra", "jalc")

ROOT = REPO
EVAL_DIR = ROOT / "benchmarks" / "lookup_eval"
TUNING_DIR = EVAL_DIR / "tuning"
WORLD_FORMAT = "ars-docs scholarly world 1"
CASES_FORMAT = "ars-docs lookup cases 1"

CSL_JSON = "application/vnd.citationstyles.csl+json"
S2_TOO_MANY = (
    "Too Many Requests. Please wait and try again or apply for a key for higher rate "
    "limits. https://www.semanticscholar.org/product/api#api-key-form"
)


# -- normalisation and scoring shared by the search routes ------------------------------

_TAG = re.compile(r"<[^>]+>")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_WORD = re.compile(r"\w+", re.UNICODE)


def strip_markup(text: str) -> str:
    """Text without HTML/MathML tags and entities (as a search index sees it)."""
    return html.unescape(_TAG.sub(" ", text))


def fold(text: str) -> str:
    """Lower case without diacritics (the ASCII folding of search analyzers)."""
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    return kept.replace("ß", "ss").replace("ø", "o").replace("ł", "l").lower()


def tokens(text: str) -> list[str]:
    """Search tokens: markup removed, folded, CJK ideographs one token each."""
    return list(_tokens(text))


@functools.lru_cache(maxsize=65536)
def _tokens(text: str) -> tuple[str, ...]:
    out: list[str] = []
    for word in _WORD.findall(fold(strip_markup(text))):
        if _CJK.search(word):
            out.extend(_CJK.findall(word))
            rest = _CJK.sub(" ", word).split()
            out.extend(rest)
        else:
            out.append(word)
    return tuple(out)


def norm_doi(doi: str) -> str:
    """A DOI as a registry compares it: without resolver prefixes, lower case."""
    doi = doi.strip()
    doi = re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", "", doi, flags=re.I)
    return doi.lower()


def _digits(value: str) -> str:
    return re.sub(r"[^0-9Xx]", "", value).upper()


class _Index:
    """A tiny relevance index (tf ignored, idf weighted) over document texts."""

    def __init__(self) -> None:
        self.docs: list[set[str]] = []
        self.df: dict[str, int] = {}

    def add(self, text: str) -> None:
        terms = set(tokens(text))
        self.docs.append(terms)
        for term in terms:
            self.df[term] = self.df.get(term, 0) + 1

    def idf(self, term: str) -> float:
        return math.log(1 + (len(self.docs) + 1) / (self.df.get(term, 0) + 0.5))

    def score(self, position: int, query: Iterable[str]) -> float:
        doc = self.docs[position]
        return sum(self.idf(t) for t in set(query) if t in doc)


def _ranked(
    texts: Sequence[str], query: str, *, require_all: bool = False
) -> list[tuple[int, float]]:
    index = _Index()
    for text in texts:
        index.add(text)
    terms = tokens(query)
    ranked: list[tuple[int, float]] = []
    for position, doc in enumerate(index.docs):
        if require_all and not set(terms) <= doc:
            continue
        score = index.score(position, terms)
        if score > 0:
            ranked.append((position, score))
    ranked.sort(key=lambda pair: -pair[1])
    return ranked


def jaccard(a: str, b: str) -> float:
    x, y = set(tokens(a)), set(tokens(b))
    return len(x & y) / len(x | y) if x | y else 0.0


# -- requests, replies and faults ------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """One request the world received, as the service behind ``service`` saw it."""

    service: str
    path: str
    """The path below the service base, percent-decoded (``/works/10.1000/x``)."""
    raw_path: str
    """The request target as sent, query string included."""
    query: dict[str, list[str]]
    headers: dict[str, str]
    """Header names in lower case."""
    at: float

    @property
    def key(self) -> tuple[str, str]:
        """What identifies a question: decoded path and sorted query."""
        flat = "&".join(f"{k}={v}" for k in sorted(self.query) for v in self.query[k])
        return (self.path, flat)


@dataclass
class Reply:
    status: int = 200
    body: bytes | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drop: bool = False
    """Close the connection without sending anything."""


@dataclass
class Fault:
    """A misbehaviour of one service, applied before the service answers.

    ``times`` requests are affected (``None``: every one) starting with the
    service's ``start``-th request (1-based; ``None``: the next one). Only
    requests whose decoded path starts with ``path`` count, when given."""

    service: str
    status: int | None = None
    body: bytes | str | None = None
    content_type: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    retry_after: int | str | None = None
    delay: float = 0.0
    drop: bool = False
    times: int | None = 1
    start: int | None = None
    path: str | None = None
    used: int = 0

    def applies(self, number: int, path: str) -> bool:
        if self.path is not None and not path.startswith(self.path):
            return False
        if self.start is not None and number < self.start:
            return False
        return self.times is None or self.used < self.times


def as_json(data: Any, status: int = 200, content_type: str = "application/json") -> Reply:
    return Reply(
        status,
        json.dumps(data, ensure_ascii=False),
        {"content-type": f"{content_type}; charset=utf-8"},
    )


def text(body: str, status: int, content_type: str = "text/plain") -> Reply:
    return Reply(status, body, {"content-type": f"{content_type}; charset=utf-8"})


def _html_page(title: str, body: str) -> str:
    return (
        f"<!DOCTYPE html>\n<html><head><title>{title}</title></head>"
        f"<body><h1>{title}</h1><p>{body}</p></body></html>\n"
    )


def default_error(service: str, status: int) -> Reply:
    """The body each real service sends with ``status`` (used by injected faults)."""
    reason = {
        400: "Bad Request",
        403: "Forbidden",
        404: "Not Found",
        429: "Too Many Requests",
        500: "Internal Server Error",
        502: "Bad Gateway",
        503: "Service Unavailable",
        504: "Gateway Timeout",
    }.get(status, "Error")
    if service == "crossref":
        if status == 404:
            return text("Resource not found.", 404)
        if status == 429:
            return text("Too many requests, please slow down.", 429)
        return text(
            _html_page(f"{status} {reason}", "The server is temporarily unable."),
            status,
            "text/html",
        )
    if service == "semantic_scholar":
        if status == 429:
            return as_json({"message": S2_TOO_MANY, "code": "429"}, 429)
        if status == 504:
            return as_json({"message": "Endpoint request timed out"}, 504)
        if status == 403:
            return as_json({"message": "Forbidden"}, 403)
        return as_json({"message": reason}, status)
    if service == "openalex":
        if status < 500:
            message = "Rate limit exceeded" if status in (403, 429) else reason
            return as_json({"error": reason, "message": message}, status)
        return text(
            _html_page(f"{status} {reason}", "Please try again later."), status, "text/html"
        )
    if service == "arxiv_api" and status in (429, 503):
        return text("Rate exceeded.", status)
    return text(
        _html_page(f"{status} {reason}", "The service is unavailable."), status, "text/html"
    )


# -- the world -----------------------------------------------------------------------------


class ScholarlyWorld:
    """Crossref, doi.org, OpenAlex, Semantic Scholar, arXiv and Europe PMC on 127.0.0.1."""

    def __init__(self) -> None:
        self.crossref: dict[str, JSON] = {}
        self.registrations: dict[str, JSON] = {}
        self.openalex: dict[str, JSON] = {}
        self.openalex_merged: dict[str, str] = {}
        self.semantic_scholar: dict[str, JSON] = {}
        self.arxiv: dict[str, JSON] = {}
        self.europepmc: list[JSON] = []
        self.faults: list[Fault] = []
        self.log: list[Request] = []
        self.counters: dict[str, int] = {}
        self.s2_api_key: str | None = None
        """When set, a request with another ``x-api-key`` is answered 403."""
        self.s2_keyless_429_every: int = 0
        """Answer 429 to every n-th request that carries no ``x-api-key`` (0: never)."""
        self.openalex_require_key = False
        """Answer 429 to OpenAlex requests without ``api_key`` (keyless budget spent)."""
        self._keyless = 0
        self._lock = threading.Lock()
        self._started = False
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.server.block_on_close = False
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    # lifecycle ----------------------------------------------------------------------

    def start(self) -> ScholarlyWorld:
        if not self._started:
            self.thread.start()
            self._started = True
        return self

    def close(self) -> None:
        if self._started:
            self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> ScholarlyWorld:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # addresses and configuration ----------------------------------------------------

    @property
    def base(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def url(self, service: str) -> str:
        return f"{self.base}/{service}"

    def endpoints(self) -> dict[str, str]:
        """A base URL for every ``[retrieval.endpoints]`` key ars-docs knows."""
        names: list[str] = list(SERVICES)
        try:
            from ars_docs.retrieval.config_keys import ENDPOINT_DEFAULTS
        except ImportError:  # pragma: no cover - the package is always installed in tests
            pass
        else:
            names += [name for name in ENDPOINT_DEFAULTS if name not in names]
        return {name: self.url(name) for name in names}

    def config_toml(self, **extra: Any) -> str:
        """An ``ars-docs.toml`` for fast tests: no pauses, short timeouts, every endpoint here.

        Scalars in ``extra`` override ``[retrieval]`` settings; dict values become
        ``[retrieval.<name>]`` tables (``endpoints`` entries override the world's)."""
        settings: dict[str, Any] = {
            "contact_email": "researcher@example.org",
            "min_interval": 0,
            "arxiv_min_interval": 0,
            "timeout": 5,
            "max_retries": 2,
            "backoff": 0,
        }
        tables: dict[str, dict[str, Any]] = {"endpoints": self.endpoints()}
        for key, value in extra.items():
            if isinstance(value, dict):
                tables.setdefault(key, {}).update(value)
            else:
                settings[key] = value
        lines = ["[retrieval]"]
        lines += [f"{k} = {json.dumps(v)}" for k, v in settings.items()]
        for table, values in tables.items():
            lines += ["", f"[retrieval.{table}]"]
            lines += [f"{json.dumps(k)} = {json.dumps(v)}" for k, v in values.items()]
        return "\n".join(lines) + "\n"

    def write_config(self, path: Path, **extra: Any) -> Path:
        path.write_text(self.config_toml(**extra), encoding="utf-8")
        return path

    # building the world --------------------------------------------------------------

    def add_crossref(self, message: JSON, *, register: bool = True, url: str | None = None) -> None:
        """A Crossref work message (the ``message`` of ``/works/{doi}``).

        Its DOI is registered at doi.org as a Crossref DOI unless ``register`` is false."""
        doi = norm_doi(message["DOI"])
        self.crossref[doi] = copy.deepcopy(message)
        if register:
            self.register_doi(message["DOI"], "crossref", url=url)

    def register_doi(
        self, doi: str, agency: str, *, url: str | None = None, csl: JSON | None = None
    ) -> None:
        """Register ``doi`` with an agency at doi.org (``csl``: its content-negotiation record;
        Crossref DOIs answer from their Crossref message)."""
        if agency not in AGENCIES:
            raise ValueError(f"unknown registration agency {agency!r}")
        self.registrations[norm_doi(doi)] = {
            "doi": doi,
            "agency": agency,
            "url": url or f"https://publisher.example/landing/{quote(doi, safe='/')}",
            "csl": copy.deepcopy(csl),
        }

    def add_datacite(self, csl: JSON, *, agency: str = "datacite", url: str | None = None) -> None:
        """A DOI of DataCite (or mEDRA, JaLC) known only by its CSL-JSON at doi.org."""
        self.register_doi(csl["DOI"], agency, url=url or csl.get("URL"), csl=csl)

    def add_openalex(self, work: JSON, *, merged_from: Sequence[str] = ()) -> None:
        """An OpenAlex work object; ``merged_from`` ids redirect (301) to it."""
        key = _openalex_key(work["id"])
        self.openalex[key] = copy.deepcopy(work)
        for old in merged_from:
            self.openalex_merged[_openalex_key(old)] = key

    def add_semantic_scholar(self, paper: JSON) -> None:
        """A Semantic Scholar paper with every field it has (the route picks ``fields``)."""
        self.semantic_scholar[paper["paperId"]] = copy.deepcopy(paper)

    def add_arxiv(self, record: JSON) -> None:
        """An arXiv e-print: ``{"id", "categories", "versions": [{"version", "date", "title",
        "summary", "authors": [{"name", "affiliation"?}], "comment"?, "journal_ref"?,
        "doi"?}]}`` (a version without a field keeps the previous version's)."""
        self.arxiv[record["id"].lower()] = copy.deepcopy(record)

    def add_europepmc(self, result: JSON) -> None:
        """A Europe PMC ``resultType=core`` result (``source`` MED, PMC, PPR, …)."""
        self.europepmc.append(copy.deepcopy(result))

    def load(self, data: Mapping[str, Any]) -> ScholarlyWorld:
        """Add everything in a world document (the format :meth:`to_dict` writes)."""
        for message in data.get("crossref", []):
            self.add_crossref(message, register=False)
        for registration in data.get("doi", []):
            self.register_doi(
                registration["doi"],
                registration["agency"],
                url=registration.get("url"),
                csl=registration.get("csl"),
            )
        for work in data.get("openalex", []):
            self.add_openalex(work)
        for old, new in data.get("openalex_merged", {}).items():
            self.openalex_merged[_openalex_key(old)] = _openalex_key(new)
        for paper in data.get("semantic_scholar", []):
            self.add_semantic_scholar(paper)
        for record in data.get("arxiv", []):
            self.add_arxiv(record)
        for result in data.get("europepmc", []):
            self.add_europepmc(result)
        return self

    def to_dict(self) -> JSON:
        return {
            "format": WORLD_FORMAT,
            "crossref": list(self.crossref.values()),
            "doi": list(self.registrations.values()),
            "openalex": list(self.openalex.values()),
            "openalex_merged": dict(self.openalex_merged),
            "semantic_scholar": list(self.semantic_scholar.values()),
            "arxiv": list(self.arxiv.values()),
            "europepmc": list(self.europepmc),
        }

    # faults ---------------------------------------------------------------------------

    def fault(self, service: str, **kw: Any) -> Fault:
        """Add a :class:`Fault` for ``service`` (keywords: its fields)."""
        if service not in SERVICES + AGENCY_SERVICES:
            raise ValueError(f"unknown service {service!r}")
        fault = Fault(service, **kw)
        with self._lock:
            self.faults.append(fault)
        return fault

    def fail(
        self,
        service: str,
        status: int,
        *,
        times: int | None = 1,
        start: int | None = None,
        retry_after: int | str | None = None,
        body: bytes | str | None = None,
        path: str | None = None,
    ) -> Fault:
        """Answer ``status`` (with the service's own error body unless ``body``) for ``times``
        requests (``None``: all) from the ``start``-th on: ``fail("x", 503, times=None,
        start=5)`` is an outage beginning with the fifth request."""
        return self.fault(
            service,
            status=status,
            times=times,
            start=start,
            retry_after=retry_after,
            body=body,
            path=path,
        )

    def delay(
        self, service: str, seconds: float, *, times: int | None = 1, start: int | None = None
    ) -> Fault:
        """Answer normally but only after ``seconds`` (beyond a client's timeout)."""
        return self.fault(service, delay=seconds, times=times, start=start)

    def drop(self, service: str, *, times: int | None = 1, start: int | None = None) -> Fault:
        """Close the connection without answering."""
        return self.fault(service, drop=True, times=times, start=start)

    def garble(
        self,
        service: str,
        body: bytes | str = "<html><body>Service maintenance</body></html>",
        *,
        status: int = 200,
        content_type: str = "text/html",
        times: int | None = 1,
        start: int | None = None,
    ) -> Fault:
        """Answer ``status`` with a body that is not what the service documents."""
        return self.fault(
            service,
            status=status,
            body=body,
            content_type=content_type,
            times=times,
            start=start,
        )

    def clear_faults(self, service: str | None = None) -> None:
        with self._lock:
            self.faults = [f for f in self.faults if service is not None and f.service != service]

    # the request log ---------------------------------------------------------------------

    def requests(self, service: str | None = None) -> list[Request]:
        with self._lock:
            return [r for r in self.log if service is None or r.service == service]

    def count(self, service: str | None = None, path: str | None = None) -> int:
        return sum(1 for r in self.requests(service) if path is None or r.path.startswith(path))

    def repeated(self, service: str | None = None) -> list[tuple[str, str, str]]:
        """Questions asked more than once: (service, decoded path, sorted query)."""
        seen: dict[tuple[str, str, str], int] = {}
        for r in self.requests(service):
            key = (r.service, *r.key)
            seen[key] = seen.get(key, 0) + 1
        return [key for key, n in seen.items() if n > 1]

    def reset_log(self) -> None:
        with self._lock:
            self.log.clear()
            self.counters.clear()

    # dispatch ---------------------------------------------------------------------------

    def handle(self, raw_target: str, headers: Mapping[str, str]) -> Reply:
        parts = urlsplit(raw_target)
        segments = parts.path.split("/", 2)
        service = segments[1] if len(segments) > 1 else ""
        raw_rest = "/" + segments[2] if len(segments) > 2 else "/"
        request = Request(
            service,
            unquote(raw_rest),
            raw_target,
            parse_qs(parts.query, keep_blank_values=True),
            {k.lower(): v for k, v in headers.items()},
            time.time(),
        )
        with self._lock:
            self.log.append(request)
            number = self.counters[service] = self.counters.get(service, 0) + 1
            fault = next(
                (
                    f
                    for f in self.faults
                    if f.service == service and f.applies(number, request.path)
                ),
                None,
            )
            if fault is not None:
                fault.used += 1
        if fault is not None and (fault.drop or fault.status is not None):
            return self._fault_reply(fault)
        route = {
            "crossref": self._crossref,
            "doi_resolver": self._doi,
            "openalex": self._openalex,
            "semantic_scholar": self._semantic_scholar,
            "arxiv_api": self._arxiv,
            "europepmc_rest": self._europepmc,
            "datacite": self._agency_csl,
            "medra": self._agency_csl,
            "jalc": self._agency_csl,
        }.get(service)
        reply = route(request, raw_rest) if route else text("not here", 404)
        if fault is not None:
            reply.delay = fault.delay
        return reply

    def _fault_reply(self, fault: Fault) -> Reply:
        if fault.drop:
            return Reply(drop=True, delay=fault.delay)
        assert fault.status is not None
        if fault.body is not None:
            reply = Reply(
                fault.status,
                fault.body,
                {"content-type": fault.content_type or "text/plain; charset=utf-8"},
            )
        else:
            reply = default_error(fault.service, fault.status)
        if fault.retry_after is not None:
            reply.headers["retry-after"] = str(fault.retry_after)
        reply.headers.update(fault.headers)
        reply.delay = fault.delay
        return reply

    # Crossref ---------------------------------------------------------------------------

    def _crossref(self, req: Request, raw_rest: str) -> Reply:
        path = req.path
        if path.startswith("/v1/"):
            path = path[3:]
        if path in ("/works", "/works/"):
            return self._crossref_list(req)
        if not path.startswith("/works/"):
            return text("Resource not found.", 404)
        doi = path[len("/works/") :]
        for suffix, route in (("/agency", "agency"), ("/transform", "transform")):
            if doi.endswith(suffix) and norm_doi(doi[: -len(suffix)]) in self.crossref:
                doi, tail = doi[: -len(suffix)], route
                break
        else:
            tail = ""
        problem = _crossref_unknown_params(req.query, ("mailto",))
        if problem:
            return problem
        message = self.crossref.get(norm_doi(doi))
        if message is None:
            return text("Resource not found.", 404)
        if tail == "agency":
            return as_json(
                {
                    "status": "ok",
                    "message-type": "work-agency",
                    "message-version": "1.0.0",
                    "message": {
                        "DOI": message["DOI"],
                        "agency": {"id": "crossref", "label": "Crossref"},
                    },
                }
            )
        if tail == "transform":
            accept = req.headers.get("accept", "")
            if CSL_JSON in accept or "citeproc+json" in accept:
                return as_json(crossref_to_csl(message), content_type=CSL_JSON)
            return text("Not acceptable: no transform for the requested type.", 406)
        return as_json(
            {
                "status": "ok",
                "message-type": "work",
                "message-version": "1.0.0",
                "message": message,
            }
        )

    def _crossref_list(self, req: Request) -> Reply:
        q = {k: v[-1] for k, v in req.query.items()}
        allowed = (
            "query",
            "query.bibliographic",
            "query.title",
            "query.author",
            "query.container-title",
            "filter",
            "rows",
            "offset",
            "select",
            "mailto",
            "sort",
            "order",
        )
        problem = _crossref_unknown_params(req.query, allowed)
        if problem:
            return problem
        rows_text = q.get("rows", "20")
        if not rows_text.isdigit() or int(rows_text) > 1000:
            return _crossref_failure(
                "integer-not-valid",
                rows_text,
                f"Integer specified as {rows_text} but must be a positive integer less than "
                "or equal to 1000. ",
            )
        rows, offset = int(rows_text), int(q.get("offset", "0") or 0)
        select = [s for s in q.get("select", "").split(",") if s]
        bad = [s for s in select if s not in CROSSREF_SELECTABLE]
        if bad:
            return _crossref_failure(
                "select-not-available",
                bad[0],
                f"Field specified as {bad[0]} is not a valid selection. Valid selections are: "
                + ", ".join(sorted(CROSSREF_SELECTABLE)),
            )
        items = list(self.crossref.values())
        for name, value in _crossref_filters(q.get("filter", "")):
            if name not in CROSSREF_FILTERS:
                return _crossref_failure(
                    "filter-not-available",
                    name,
                    f"Filter {name} specified but there is no such filter for this route. "
                    "Valid filters for this route are: " + ", ".join(sorted(CROSSREF_FILTERS)),
                )
            items = [m for m in items if _crossref_filter_match(m, name, value)]
        terms = " ".join(q[k] for k in ("query", "query.bibliographic", "query.title") if q.get(k))
        author = q.get("query.author", "")
        container = q.get("query.container-title", "")
        scored: list[tuple[JSON, float]]
        if terms or author or container:
            scores = [0.0] * len(items)
            for field_query, text_of in (
                (terms, _crossref_bibliographic),
                (author, _crossref_people),
                (container, lambda m: " ".join(m.get("container-title", []))),
            ):
                if field_query:
                    for position, score in _ranked([text_of(m) for m in items], field_query):
                        scores[position] += score
            scored = sorted(
                ((m, round(s * 4.4, 5)) for m, s in zip(items, scores, strict=True) if s > 0),
                key=lambda pair: -pair[1],
            )
        else:
            scored = [(m, 0.0) for m in items]
        page = []
        for message, score in scored[offset : offset + rows]:
            item = dict(message)
            item["score"] = score
            if select:
                item = {k: v for k, v in item.items() if k in select}
            page.append(item)
        search_terms = " ".join(x for x in (terms, author, container) if x) or None
        return as_json(
            {
                "status": "ok",
                "message-type": "work-list",
                "message-version": "1.0.0",
                "message": {
                    "facets": {},
                    "total-results": len(scored),
                    "items": page,
                    "items-per-page": rows,
                    "query": {"start-index": offset, "search-terms": search_terms},
                },
            }
        )

    # doi.org ------------------------------------------------------------------------------

    def _doi(self, req: Request, raw_rest: str) -> Reply:
        path = req.path
        if path.startswith("/api/handles/"):
            handle = path[len("/api/handles/") :]
            registration = self.registrations.get(norm_doi(handle))
            if registration is None:
                return as_json({"responseCode": 100, "handle": handle}, 404)
            values = _handle_values(registration)
            wanted_types = req.query.get("type", [])
            wanted_index = req.query.get("index", [])
            if wanted_types or wanted_index:
                values = [
                    v
                    for v in values
                    if v["type"] in wanted_types or str(v["index"]) in wanted_index
                ]
                if not values:
                    return as_json({"responseCode": 200, "handle": handle})
            return as_json({"responseCode": 1, "handle": handle, "values": values})
        if path.startswith("/ra/"):
            answers = []
            for doi in path[len("/ra/") :].split(","):
                registration = self.registrations.get(norm_doi(doi))
                if registration is None:
                    answers.append({"DOI": doi, "status": "DOI does not exist"})
                else:
                    answers.append({"DOI": doi, "RA": _AGENCY_LABEL[registration["agency"]]})
            return as_json(answers)
        doi = path.lstrip("/")
        registration = self.registrations.get(norm_doi(doi))
        if registration is None:
            return text(
                _html_page(
                    "DOI Not Found",
                    f"10.1000/182: the DOI {html.escape(doi)} could not be found. Check the "
                    "DOI and try again.",
                ),
                404,
                "text/html",
            )
        accept = req.headers.get("accept", "")
        if CSL_JSON in accept or "citeproc+json" in accept:
            target = self._negotiation_target(registration)
            return Reply(302, "", {"location": target, "content-type": "text/html"})
        return Reply(302, "", {"location": registration["url"], "content-type": "text/html"})

    def _negotiation_target(self, registration: JSON) -> str:
        doi = quote(registration["doi"], safe="/")
        agency = registration["agency"]
        if agency == "crossref":
            return f"{self.url('crossref')}/v1/works/{doi}/transform"
        if agency == "datacite":
            return f"{self.url('datacite')}/application/vnd.citationstyles.csl+json/{doi}"
        return f"{self.url(agency)}/{doi}"

    def _agency_csl(self, req: Request, raw_rest: str) -> Reply:
        doi = req.path.lstrip("/")
        prefix = "application/vnd.citationstyles.csl+json/"
        if req.service == "datacite" and doi.startswith(prefix):
            doi = doi[len(prefix) :]
        elif req.service == "datacite":
            accept = req.headers.get("accept", "")
            if CSL_JSON not in accept:
                return as_json({"errors": [{"status": "404", "title": "Not found"}]}, 404)
        registration = self.registrations.get(norm_doi(doi))
        if registration is None or registration["agency"] != req.service:
            if req.service == "datacite":
                return as_json(
                    {
                        "errors": [
                            {
                                "status": "404",
                                "title": "The resource you are looking for doesn't exist.",
                            }
                        ]
                    },
                    404,
                )
            return text("DOI not found", 404)
        csl = registration.get("csl") or {"DOI": registration["doi"], "type": "article"}
        return as_json(csl, content_type=CSL_JSON)

    # OpenAlex -----------------------------------------------------------------------------

    def _openalex(self, req: Request, raw_rest: str) -> Reply:
        if self.openalex_require_key and not req.query.get("api_key"):
            return as_json(
                {
                    "error": "Rate limit exceeded",
                    "message": "Daily usage budget without an API "
                    "key is spent. Get a free key at https://openalex.org/settings/api",
                },
                429,
            )
        q = {k: v[-1] for k, v in req.query.items()}
        unknown = [
            k
            for k in q
            if k
            not in (
                "search",
                "filter",
                "per_page",
                "per-page",
                "page",
                "select",
                "mailto",
                "api_key",
                "sort",
                "cursor",
            )
        ]
        if unknown:
            return as_json(
                {
                    "error": "Invalid query parameters error.",
                    "message": f"{unknown[0]} is not a valid parameter. Valid parameters are "
                    "api_key, cursor, filter, group_by, mailto, page, per-page, "
                    "per_page, sample, search, seed, select, sort.",
                },
                400,
            )
        select = [s for s in q.get("select", "").split(",") if s]
        bad = [s for s in select if s not in OPENALEX_SELECTABLE]
        if bad:
            return as_json(
                {
                    "error": "Invalid query parameters error.",
                    "message": f"{bad[0]} is not a valid select field. Valid fields for select "
                    "are: " + ", ".join(sorted(OPENALEX_SELECTABLE)) + ".",
                },
                400,
            )
        if req.path in ("/works", "/works/"):
            return self._openalex_list(q, select)
        if not req.path.startswith("/works/"):
            return as_json(
                {"error": "Not Found", "message": "The requested URL was not found on the server."},
                404,
            )
        ident = req.path[len("/works/") :]
        merged = self.openalex_merged.get(_openalex_key(ident))
        if merged is not None:
            location = f"{self.url('openalex')}/works/{merged}"
            if req.query:
                location += "?" + urlsplit(req.raw_path).query
            return Reply(301, "", {"location": location})
        work = self._openalex_find(ident)
        if work is None:
            return as_json({"error": "Not Found", "message": f"Work {ident} not found"}, 404)
        if select:
            work = {k: v for k, v in work.items() if k in select}
        return as_json(work)

    def _openalex_find(self, ident: str) -> JSON | None:
        lowered = ident.strip()
        low = lowered.lower()
        if (
            low.startswith("doi:")
            or low.startswith("https://doi.org/")
            or low.startswith("http://doi.org/")
            or low.startswith("10.")
        ):
            doi = norm_doi(lowered[4:] if low.startswith("doi:") else lowered)
            return next(
                (w for w in self.openalex.values() if w.get("doi") and norm_doi(w["doi"]) == doi),
                None,
            )
        if low.startswith("pmid:"):
            number = lowered[5:].rstrip("/").rsplit("/", 1)[-1]
            return next(
                (
                    w
                    for w in self.openalex.values()
                    if (w.get("ids") or {}).get("pmid", "").rstrip("/").endswith("/" + number)
                ),
                None,
            )
        if low.startswith("pmcid:"):
            number = re.sub(r"(?i)^pmc", "", lowered[6:].rstrip("/").rsplit("/", 1)[-1])
            return next(
                (
                    w
                    for w in self.openalex.values()
                    if re.sub(r"(?i)pmc", "", (w.get("ids") or {}).get("pmcid", ""))
                    .rstrip("/")
                    .endswith("/" + number)
                ),
                None,
            )
        return self.openalex.get(_openalex_key(lowered))

    def _openalex_list(self, q: Mapping[str, str], select: list[str]) -> Reply:
        per_page_text = q.get("per_page", q.get("per-page", "25"))
        if not per_page_text.isdigit() or not 1 <= int(per_page_text) <= 200:
            return as_json(
                {
                    "error": "Invalid query parameters error.",
                    "message": "per-page parameter must be between 1 and 200",
                },
                400,
            )
        per_page, page = int(per_page_text), int(q.get("page", "1") or 1)
        works = list(self.openalex.values())
        scores: dict[int, float] = {}
        for name, value in _openalex_filters(q.get("filter", "")):
            if name not in OPENALEX_FILTERS:
                return as_json(
                    {
                        "error": "Invalid query parameters error.",
                        "message": f"{name} is not a valid field. Valid fields are "
                        + ", ".join(sorted(OPENALEX_FILTERS))
                        + ".",
                    },
                    400,
                )
            if name.endswith(".search"):
                texts = [_openalex_text(w, name) for w in works]
                ranked = _ranked(texts, value, require_all=True)
                works = [works[i] for i, _ in ranked]
                scores = {id(w): s for w, (_, s) in zip(works, ranked, strict=True)}
            else:
                works = [w for w in works if _openalex_filter_match(w, name, value)]
        if q.get("search"):
            texts = [_openalex_text(w, "search") for w in works]
            ranked = _ranked(texts, q["search"])
            works = [works[i] for i, _ in ranked]
            scores = {id(w): s for w, (_, s) in zip(works, ranked, strict=True)}
        results = []
        for work in works[(page - 1) * per_page : page * per_page]:
            item = dict(work)
            if id(work) in scores:
                item["relevance_score"] = round(scores[id(work)] * 97.3, 6)
            if select:
                item = {k: v for k, v in item.items() if k in select}
            results.append(item)
        return as_json(
            {
                "meta": {
                    "count": len(works),
                    "db_response_time_ms": 37,
                    "page": page,
                    "per_page": per_page,
                    "groups_count": None,
                },
                "results": results,
                "group_by": [],
            }
        )

    # Semantic Scholar ------------------------------------------------------------------

    def _semantic_scholar(self, req: Request, raw_rest: str) -> Reply:
        key = req.headers.get("x-api-key")
        if key is not None and self.s2_api_key is not None and key != self.s2_api_key:
            return as_json({"message": "Forbidden"}, 403)
        if key is None and self.s2_keyless_429_every:
            with self._lock:
                self._keyless += 1
                refused = self._keyless % self.s2_keyless_429_every == 0
            if refused:
                return as_json({"message": S2_TOO_MANY, "code": "429"}, 429)
        q = {k: v[-1] for k, v in req.query.items()}
        fields = [f.strip() for f in q.get("fields", "").split(",") if f.strip()]
        bad = [f for f in fields if f.split(".")[0] not in S2_FIELDS]
        if bad:
            return as_json(
                {"error": f"Unrecognized or unsupported fields: [{', '.join(bad)}]"}, 400
            )
        path = req.path
        if path == "/paper/search/match":
            if not q.get("query"):
                return as_json({"error": "Missing required parameter: 'query'"}, 400)
            best, best_score = None, 0.0
            for paper in self.semantic_scholar.values():
                score = jaccard(q["query"], paper.get("title") or "")
                if score > best_score:
                    best, best_score = paper, score
            if best is None or best_score < 0.5:
                return as_json({"error": "Title match not found"}, 404)
            item = _s2_project(best, fields)
            item["matchScore"] = round(40.0 + 150.0 * best_score, 5)
            return as_json({"data": [item]})
        if path == "/paper/search":
            if not q.get("query"):
                return as_json({"error": "Missing required parameter: 'query'"}, 400)
            papers = list(self.semantic_scholar.values())
            ranked = _ranked([p.get("title") or "" for p in papers], q["query"], require_all=True)
            limit, offset = int(q.get("limit", "100")), int(q.get("offset", "0"))
            if limit > 100:
                return as_json({"error": "Limit must be <= 100"}, 400)
            chosen = ranked[offset : offset + limit]
            body: JSON = {
                "total": len(ranked),
                "offset": offset,
                "data": [_s2_project(papers[i], fields) for i, _ in chosen],
            }
            if offset + limit < len(ranked):
                body["next"] = offset + limit
            return as_json(body)
        if path.startswith("/paper/"):
            ident = path[len("/paper/") :]
            paper = self._s2_find(ident)
            if paper is None:
                return as_json({"error": f"Paper with id {ident} not found"}, 404)
            return as_json(_s2_project(paper, fields))
        return as_json({"message": "Missing Authentication Token"}, 403)

    def _s2_find(self, ident: str) -> JSON | None:
        if ":" not in ident:
            return self.semantic_scholar.get(ident)
        kind, value = ident.split(":", 1)
        kind = kind.upper()
        key = _S2_ID_KEYS.get(kind)
        if key is None:
            return None
        wanted = _s2_id(kind, value)
        for paper in self.semantic_scholar.values():
            known = (paper.get("externalIds") or {}).get(key)
            if known is not None and _s2_id(kind, str(known)) == wanted:
                return paper
        return None

    # arXiv -------------------------------------------------------------------------------

    def _arxiv(self, req: Request, raw_rest: str) -> Reply:
        if req.path not in ("/query", "/query/"):
            return text("Not Found", 404)
        q = {k: v[-1] for k, v in req.query.items()}
        id_list = [i.strip() for i in q.get("id_list", "").split(",") if i.strip()]
        max_text = q.get("max_results", "10")
        start_text = q.get("start", "0")
        now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        for name, value in (("max_results", max_text), ("start", start_text)):
            if not value.lstrip("-").isdigit():
                return _arxiv_error(f"{name}_must_be_an_integer", f"{name} must be an integer", now)
        for ident in id_list:
            if not ARXIV_ID.match(ident):
                return _arxiv_error(
                    f"incorrect_id_format_for_{ident}", f"incorrect id format for {ident}", now
                )
        entries: list[str] = []
        search = q.get("search_query", "")
        if id_list:
            for ident in id_list:
                rendered = self._arxiv_entry(ident)
                if rendered is not None:
                    entries.append(rendered)
        elif search:
            wanted = re.sub(r"\b(?:ti|au|abs|all):", " ", search)
            records = list(self.arxiv.values())
            texts = [_arxiv_versions(r)[-1].get("title", "") for r in records]
            for position, _ in _ranked(texts, wanted, require_all=True):
                rendered = self._arxiv_entry(records[position]["id"])
                if rendered is not None:
                    entries.append(rendered)
        total = len(entries)
        start, maximum = int(start_text), int(max_text)
        entries = entries[start : start + maximum]
        query_text = (
            f"search_query={search}&id_list={','.join(id_list)}&start={start}&max_results={maximum}"
        )
        feed_id = base64.b64encode(hashlib.sha1(query_text.encode()).digest()).decode()[:27]
        link = (
            f"https://arxiv.org/api/query?search_query={search}&start={start}"
            f"&max_results={maximum}&id_list={','.join(id_list)}"
        )
        body = (
            "<?xml version='1.0' encoding='UTF-8'?>\n"
            '<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" '
            'xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">\n'
            f"  <id>https://arxiv.org/api/{feed_id}</id>\n"
            f"  <title>arXiv Query: {html.escape(query_text, quote=False)}</title>\n"
            f"  <updated>{now}</updated>\n"
            f'  <link href="{html.escape(link)}" type="application/atom+xml"/>\n'
            f"  <opensearch:itemsPerPage>{maximum}</opensearch:itemsPerPage>\n"
            f"  <opensearch:totalResults>{total}</opensearch:totalResults>\n"
            f"  <opensearch:startIndex>{start}</opensearch:startIndex>\n"
            + "".join(entries)
            + "</feed>\n"
        )
        return text(body, 200, "application/atom+xml")

    def _arxiv_entry(self, ident: str) -> str | None:
        match = re.match(r"^(.*?)(?:v(\d+))?$", ident)
        assert match is not None
        base, version_text = match.group(1), match.group(2)
        record = self.arxiv.get(base.lower())
        if record is None:
            return None
        versions = _arxiv_versions(record)
        if version_text is None:
            chosen = versions[-1]
        else:
            found = [v for v in versions if v["version"] == int(version_text)]
            if not found:
                return None
            chosen = found[0]
        return _arxiv_entry_xml(record, chosen, versions[0]["date"])

    # Europe PMC -------------------------------------------------------------------------

    def _europepmc(self, req: Request, raw_rest: str) -> Reply:
        if req.path not in ("/search", "/search/"):
            return text(_html_page("404 Not Found", "No such resource."), 404, "text/html")
        q = {k: v[-1] for k, v in req.query.items()}
        query = q.get("query", "")
        result_type = q.get("resultType", "lite")
        page_size = int(q.get("pageSize", "25") or 25)
        if q.get("format", "xml").lower() != "json":
            return text(
                '<?xml version="1.0" encoding="UTF-8"?><responseWrapper><version>6.9'
                "</version><hitCount>0</hitCount></responseWrapper>",
                200,
                "application/xml",
            )
        clauses = _epmc_parse(query)
        if clauses is None:
            # a query the service cannot parse: a bare envelope (observed in production)
            return as_json({"version": "6.9"})
        hits = [r for r in self.europepmc if all(_epmc_match(r, f, v) for f, v in clauses)]
        if result_type == "lite":
            shown = [_epmc_lite(r) for r in hits[:page_size]]
        elif result_type == "idlist":
            shown = [
                {k: r[k] for k in ("id", "source", "pmid", "pmcid", "doi") if k in r}
                for r in hits[:page_size]
            ]
        else:
            shown = hits[:page_size]
        cursor = (
            "*"
            if not hits
            else base64.b64encode(hashlib.md5(query.encode()).digest()).decode().rstrip("=")
        )
        return as_json(
            {
                "version": "6.9",
                "hitCount": len(hits),
                "nextCursorMark": cursor,
                "request": {
                    "queryString": query,
                    "resultType": result_type,
                    "cursorMark": q.get("cursorMark", "*"),
                    "pageSize": page_size,
                    "sort": q.get("sort", ""),
                    "synonym": False,
                },
                "resultList": {"result": shown},
            }
        )


def _handler(world: ScholarlyWorld) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def do_GET(self) -> None:
            try:
                reply = world.handle(self.path, dict(self.headers.items()))
            except Exception as exc:  # a bug in the simulation must not hang a test
                reply = text(f"simulation error: {exc!r}", 599)
            if reply.delay:
                time.sleep(reply.delay)
            if reply.drop:
                self.close_connection = True
                return
            body = reply.body.encode() if isinstance(reply.body, str) else reply.body
            try:
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the client gave up (timeout tests)

        def log_message(self, format: str, *args: Any) -> None:
            return

    return Handler


# -- Crossref helpers ------------------------------------------------------------------------


def _names(words: str) -> frozenset[str]:
    return frozenset(words.split())


CROSSREF_SELECTABLE = _names(
    "DOI ISBN ISSN URL abstract accepted alternative-id approved archive article-number "
    "assertion author chair clinical-trial-number container-title content-created "
    "content-domain created degree deposited editor event funder group-title indexed "
    "is-referenced-by-count issn-type issue issued license link member original-title "
    "page posted prefix published published-online published-print publisher "
    "publisher-location reference reference-count references-count relation score "
    "short-container-title short-title standards-body subject subtitle title translator "
    "type update-policy update-to updated-by volume"
)
CROSSREF_FILTERS = _names(
    "isbn updates doi type prefix member issn from-pub-date until-pub-date is-update "
    "has-update relation.type container-title"
)


def _crossref_failure(kind: str, value: str, message: str) -> Reply:
    return as_json(
        {
            "status": "failed",
            "message-type": "validation-failure",
            "message": [{"type": kind, "value": value, "message": message}],
        },
        400,
    )


def _crossref_unknown_params(
    query: Mapping[str, list[str]], allowed: Sequence[str]
) -> Reply | None:
    for name in query:
        if name not in allowed:
            return _crossref_failure(
                "unknown-parameter",
                name,
                f"Parameter {name} specified but there is no such parameter available on any route",
            )
    return None


def _crossref_filters(spec: str) -> list[tuple[str, str]]:
    pairs = []
    for part in [p for p in spec.split(",") if p]:
        name, _, value = part.partition(":")
        pairs.append((name.strip(), value.strip()))
    return pairs


def _date_parts(message: JSON, *keys: str) -> list[int]:
    for key in keys:
        parts = ((message.get(key) or {}).get("date-parts") or [[None]])[0]
        if parts and parts[0] is not None:
            return [int(p) for p in parts if p is not None]
    return []


def _crossref_filter_match(message: JSON, name: str, value: str) -> bool:
    if name == "isbn":
        wanted = _digits(value)
        isbns = list(message.get("ISBN", [])) + [
            t.get("value", "") for t in message.get("isbn-type", [])
        ]
        return any(_digits(i) == wanted for i in isbns)
    if name == "updates":
        return any(
            norm_doi(u.get("DOI", "")) == norm_doi(value) for u in message.get("update-to", [])
        )
    if name == "doi":
        return norm_doi(message["DOI"]) == norm_doi(value)
    if name == "type":
        return message.get("type") == value
    if name == "prefix":
        return norm_doi(message["DOI"]).startswith(value.lower() + "/")
    if name == "issn":
        return value in message.get("ISSN", [])
    if name == "is-update":
        return bool(message.get("update-to")) == (value == "true")
    if name == "has-update":
        return bool(message.get("updated-by")) == (value == "true")
    if name == "container-title":
        return value in message.get("container-title", [])
    if name == "relation.type":
        return value in (message.get("relation") or {})
    year = (_date_parts(message, "issued") or [0])[0]
    bound = int(value[:4]) if value[:4].isdigit() else 0
    return year >= bound if name == "from-pub-date" else year <= bound


def _people(people: Iterable[JSON]) -> str:
    return " ".join(
        " ".join(str(p.get(k, "")) for k in ("given", "family", "name")) for p in people
    )


def _crossref_people(message: JSON) -> str:
    return _people(message.get("author", []) + message.get("editor", []))


def _crossref_bibliographic(message: JSON) -> str:
    year = _date_parts(message, "issued", "published-print", "published-online")
    return " ".join(
        [
            " ".join(message.get("title", [])),
            " ".join(message.get("subtitle", [])),
            " ".join(message.get("original-title", [])),
            " ".join(message.get("container-title", [])),
            _crossref_people(message),
            str(year[0]) if year else "",
            " ".join(message.get("ISSN", [])),
            " ".join(message.get("ISBN", [])),
        ]
    )


_CSL_TYPES = {
    "journal-article": "article-journal",
    "book-chapter": "chapter",
    "book-section": "chapter",
    "book-part": "chapter",
    "proceedings-article": "paper-conference",
    "posted-content": "article",
    "dissertation": "thesis",
    "report": "report",
    "report-component": "report",
    "standard": "standard",
    "dataset": "dataset",
    "book": "book",
    "monograph": "book",
    "edited-book": "book",
    "reference-book": "book",
    "reference-entry": "entry",
    "component": "article",
    "peer-review": "review",
}


def crossref_to_csl(message: JSON) -> JSON:
    """What Crossref's content negotiation answers for a work: the message, CSL-shaped
    (``title`` and ``container-title`` as strings, CSL ``type``)."""
    csl = {k: v for k, v in message.items() if k not in ("reference", "score")}
    csl["type"] = _CSL_TYPES.get(message.get("type", ""), "article")
    csl["title"] = (message.get("title") or [""])[0]
    if message.get("container-title"):
        csl["container-title"] = message["container-title"][0]
    if message.get("short-container-title"):
        csl["container-title-short"] = message["short-container-title"][0]
    csl["source"] = "Crossref"
    csl["URL"] = f"https://doi.org/{message['DOI']}"
    csl["score"] = 1
    return csl


_AGENCY_LABEL = {"crossref": "Crossref", "datacite": "DataCite", "medra": "mEDRA", "jalc": "JaLC"}


def _handle_values(registration: JSON) -> list[JSON]:
    stamp = "2019-03-11T09:25:15Z"
    prefix = norm_doi(registration["doi"]).split("/", 1)[0]
    return [
        {
            "index": 1,
            "type": "URL",
            "data": {"format": "string", "value": registration["url"]},
            "ttl": 86400,
            "timestamp": stamp,
        },
        {
            "index": 100,
            "type": "HS_ADMIN",
            "data": {
                "format": "admin",
                "value": {"handle": f"0.na/{prefix}", "index": 200, "permissions": "111111110010"},
            },
            "ttl": 86400,
            "timestamp": stamp,
        },
    ]


# -- OpenAlex helpers -----------------------------------------------------------------------

OPENALEX_SELECTABLE = _names(
    "abstract_inverted_index authorships apc_list apc_paid best_oa_location biblio "
    "citation_normalized_percentile cited_by_api_url cited_by_count concepts "
    "corresponding_author_ids "
    "corresponding_institution_ids countries_distinct_count counts_by_year created_date "
    "display_name "
    "doi fulltext_origin fwci grants has_fulltext id ids indexed_in institutions_distinct_count "
    "is_paratext is_retracted keywords language locations locations_count mesh open_access "
    "primary_location primary_topic publication_date publication_year referenced_works "
    "referenced_works_count related_works sustainable_development_goals title topics type "
    "type_crossref updated_date"
)
OPENALEX_FILTERS = _names(
    "title.search display_name.search title_and_abstract.search default.search doi "
    "publication_year type is_retracted ids.pmid ids.openalex authorships.author.id"
)


def _openalex_key(ident: str) -> str:
    ident = ident.strip().rstrip("/")
    return ident.rsplit("/", 1)[-1].upper()


def _openalex_filters(spec: str) -> list[tuple[str, str]]:
    out = []
    for part in re.split(r",(?=[a-z_.]+:)", spec) if spec else []:
        name, _, value = part.partition(":")
        out.append((name.strip(), value.strip()))
    return out


def _openalex_text(work: JSON, name: str) -> str:
    title = work.get("title") or work.get("display_name") or ""
    if name in ("title.search", "display_name.search"):
        return title
    abstract = " ".join((work.get("abstract_inverted_index") or {}).keys())
    if name == "title_and_abstract.search":
        return f"{title} {abstract}"
    people = " ".join(
        (a.get("author") or {}).get("display_name", "") for a in work.get("authorships", [])
    )
    return f"{title} {abstract} {people}"


def _openalex_filter_match(work: JSON, name: str, value: str) -> bool:
    values = value.split("|")
    if name == "doi":
        return bool(work.get("doi")) and norm_doi(work["doi"]) in {norm_doi(v) for v in values}
    if name == "publication_year":
        return str(work.get("publication_year")) in values
    if name == "type":
        return work.get("type") in values
    if name == "is_retracted":
        return str(bool(work.get("is_retracted"))).lower() == value.lower()
    if name == "ids.pmid":
        return any((work.get("ids") or {}).get("pmid", "").endswith("/" + v) for v in values)
    if name == "ids.openalex":
        return _openalex_key(work["id"]) in {_openalex_key(v) for v in values}
    return any(
        _openalex_key((a.get("author") or {}).get("id", "")) == _openalex_key(v)
        for a in work.get("authorships", [])
        for v in values
    )


# -- Semantic Scholar helpers ------------------------------------------------------------

S2_FIELDS = _names(
    "paperId corpusId externalIds url title abstract venue publicationVenue year "
    "referenceCount citationCount influentialCitationCount isOpenAccess openAccessPdf "
    "fieldsOfStudy s2FieldsOfStudy publicationTypes publicationDate journal citationStyles "
    "authors citations references embedding tldr textAvailability"
)


_S2_ID_KEYS = {
    "DOI": "DOI",
    "ARXIV": "ArXiv",
    "PMID": "PubMed",
    "PMCID": "PubMedCentral",
    "CORPUSID": "CorpusId",
    "MAG": "MAG",
    "ACL": "ACL",
}


def _s2_id(kind: str, value: str) -> str:
    if kind == "DOI":
        return norm_doi(value)
    if kind == "ARXIV":
        return re.sub(r"v\d+$", "", value.strip().lower())
    if kind == "PMCID":
        return re.sub(r"(?i)^pmc", "", value.strip())
    return value.strip()


def _s2_project(paper: JSON, fields: Sequence[str]) -> JSON:
    wanted = list(fields) or ["title"]
    out: JSON = {"paperId": paper["paperId"]}
    for name in wanted:
        top = name.split(".")[0]
        if top == "authors":
            out["authors"] = [
                {k: v for k, v in a.items() if k in ("authorId", "name")}
                for a in paper.get("authors", [])
            ]
        elif top != "paperId":
            out[top] = copy.deepcopy(paper.get(top))
    return out


# -- arXiv helpers ---------------------------------------------------------------------------

ARXIV_ID = re.compile(
    r"^(?:\d{2}(?:0[1-9]|1[0-2])\.\d{4,5}|[a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?/\d{2}(?:0[1-9]|1[0-2])\d{3})"
    r"(?:v\d+)?$"
)


def _arxiv_error(anchor: str, summary: str, now: str) -> Reply:
    body = (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        '<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" '
        'xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">\n'
        "  <id>https://arxiv.org/</id>\n"
        "  <title>arXiv Search Results</title>\n"
        f"  <updated>{now}</updated>\n"
        "  <opensearch:itemsPerPage>1</opensearch:itemsPerPage>\n"
        "  <opensearch:totalResults>1</opensearch:totalResults>\n"
        "  <opensearch:startIndex>0</opensearch:startIndex>\n"
        "  <entry>\n"
        f"    <id>https://arxiv.org/api/errors#{html.escape(anchor)}</id>\n"
        "    <title>Error</title>\n"
        f"    <updated>{now}</updated>\n"
        f'    <link href="https://arxiv.org/api/errors#{html.escape(anchor)}" rel="alternate" '
        'type="text/html"/>\n'
        f"    <summary>{html.escape(summary, quote=False)}</summary>\n"
        "    <author>\n      <name>arXiv api core</name>\n    </author>\n"
        "  </entry>\n"
        "</feed>\n"
    )
    return text(body, 400, "application/atom+xml")


def _arxiv_versions(record: JSON) -> list[JSON]:
    """Versions with every field filled in from the previous version."""
    out: list[JSON] = []
    previous: JSON = {}
    for version in sorted(record["versions"], key=lambda v: v["version"]):
        merged = {**previous, **version}
        out.append(merged)
        previous = merged
    return out


def _arxiv_entry_xml(record: JSON, version: JSON, published: str) -> str:
    ident = f"{record['id']}v{version['version']}"
    esc = lambda s: html.escape(str(s), quote=False)  # noqa: E731
    lines = [
        "  <entry>",
        f"    <id>http://arxiv.org/abs/{ident}</id>",
        f"    <title>{esc(version['title'])}</title>",
        f"    <updated>{version['date']}</updated>",
        f'    <link href="https://arxiv.org/abs/{ident}" rel="alternate" type="text/html"/>',
        f'    <link href="https://arxiv.org/pdf/{ident}" rel="related" type="application/pdf" '
        'title="pdf"/>',
    ]
    if version.get("doi"):
        lines.append(
            f'    <link href="https://doi.org/{html.escape(version["doi"])}" rel="related" '
            'title="doi"/>'
        )
    lines.append(f"    <summary>{esc(version.get('summary', ''))}</summary>")
    for category in record.get("categories", []):
        lines.append(f'    <category term="{category}" scheme="http://arxiv.org/schemas/atom"/>')
    lines.append(f"    <published>{published}</published>")
    if version.get("comment"):
        lines.append(f"    <arxiv:comment>{esc(version['comment'])}</arxiv:comment>")
    if record.get("categories"):
        lines.append(f'    <arxiv:primary_category term="{record["categories"][0]}"/>')
    if version.get("journal_ref"):
        lines.append(f"    <arxiv:journal_ref>{esc(version['journal_ref'])}</arxiv:journal_ref>")
    if version.get("doi"):
        lines.append(f"    <arxiv:doi>{esc(version['doi'])}</arxiv:doi>")
    for author in version.get("authors", []):
        lines.append("    <author>")
        lines.append(f"      <name>{esc(author['name'])}</name>")
        if author.get("affiliation"):
            lines.append(
                f"      <arxiv:affiliation>{esc(author['affiliation'])}</arxiv:affiliation>"
            )
        lines.append("    </author>")
    lines.append("  </entry>")
    return "\n".join(lines) + "\n"


# -- Europe PMC helpers ------------------------------------------------------------------

_EPMC_LITE_KEYS = (
    "id",
    "source",
    "pmid",
    "pmcid",
    "fullTextIdList",
    "doi",
    "title",
    "authorString",
    "pubYear",
    "pageInfo",
    "isOpenAccess",
    "inEPMC",
    "inPMC",
    "hasPDF",
    "hasBook",
    "hasSuppl",
    "citedByCount",
    "hasReferences",
    "hasTextMinedTerms",
    "hasDbCrossReferences",
    "hasLabsLinks",
    "hasTMAccessionNumbers",
    "firstIndexDate",
    "firstPublicationDate",
)


def _epmc_lite(result: JSON) -> JSON:
    lite = {k: result[k] for k in _EPMC_LITE_KEYS if k in result}
    journal = result.get("journalInfo") or {}
    if journal:
        lite["journalTitle"] = (journal.get("journal") or {}).get("isoabbreviation", "")
        if journal.get("issue"):
            lite["issue"] = journal["issue"]
        if journal.get("volume"):
            lite["journalVolume"] = journal["volume"]
    types = (result.get("pubTypeList") or {}).get("pubType") or []
    if types:
        lite["pubType"] = "; ".join(t.lower() for t in types)
    return lite


def _epmc_parse(query: str) -> list[tuple[str, str]] | None:
    """Clauses (FIELD, value) of an AND query; None when the query does not parse."""
    if query.count('"') % 2 or query.count("(") != query.count(")"):
        return None
    clauses: list[tuple[str, str]] = []
    for part in re.split(r"\s+AND\s+", query.strip(), flags=re.I):
        part = part.strip().strip("()").strip()
        if not part:
            continue
        match = re.match(r'^([A-Za-z_]+):\s*"?(.*?)"?$', part)
        if match:
            clauses.append((match.group(1).upper(), match.group(2)))
        else:
            clauses.append(("TEXT", part.strip('"')))
    return clauses


def _epmc_match(result: JSON, name: str, value: str) -> bool:
    if name in ("EXT_ID", "PMID"):
        return str(result.get("id" if name == "EXT_ID" else "pmid", "")) == value
    if name == "SRC":
        return str(result.get("source", "")).upper() == value.upper()
    if name == "PMCID":
        return str(result.get("pmcid", "")).upper() == value.upper()
    if name == "DOI":
        return bool(result.get("doi")) and norm_doi(result["doi"]) == norm_doi(value)
    if name in ("TITLE", "TEXT"):
        wanted = set(tokens(value))
        return bool(wanted) and wanted <= set(tokens(result.get("title", "")))
    if name == "AUTH":
        return set(tokens(value)) <= set(tokens(result.get("authorString", "")))
    if name == "PUB_YEAR":
        return str(result.get("pubYear")) == value
    return False


# -- evaluation cases and passports --------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One labelled reference of the evaluation set."""

    key: str
    entry: JSON
    """The passport entry (without the trust fields)."""
    truth: str
    """``real`` or ``fabricated``."""
    category: str
    expect_status: str
    expect_fields: tuple[str, ...]
    expect_retraction: str
    why: str
    tags: tuple[str, ...] = ()
    work: str | None = None
    """The world's key of the work the entry describes (real works)."""
    same_work: tuple[str, ...] = ()
    """Other world keys of the same work (a preprint and its proceedings version): a record
    of any of them identifies the work."""


def load_cases(path: Path | None = None) -> list[Case]:
    """The cases of a cases file (default: the tuning set)."""
    data = json.loads((path or TUNING_DIR / "cases.json").read_text(encoding="utf-8"))
    if data.get("format") != CASES_FORMAT:
        raise ValueError(f"{path}: not a cases file ({data.get('format')!r})")
    return [
        Case(
            key=c["entry"]["citation_key"],
            entry=c["entry"],
            truth=c["truth"],
            category=c["category"],
            expect_status=c["expect_status"],
            expect_fields=tuple(c.get("expect_fields", [])),
            expect_retraction=c["expect_retraction"],
            why=c["why"],
            tags=tuple(c.get("tags", [])),
            work=c.get("work"),
            same_work=tuple(c.get("same_work", [])),
        )
        for c in data["cases"]
    ]


def eval_builder() -> Any:
    """``benchmarks/lookup_eval/build_sets.py``, the one builder of the labelled sets' files."""
    import importlib

    return importlib.import_module("benchmarks.lookup_eval.build_sets")


def load_world(path: Path | None = None) -> ScholarlyWorld:
    """A world (not yet started) with the records of a world file (default: the tuning set)."""
    data = json.loads((path or TUNING_DIR / "world.json").read_text(encoding="utf-8"))
    if data.get("format") != WORLD_FORMAT:
        raise ValueError(f"{path}: not a world file ({data.get('format')!r})")
    return ScholarlyWorld().load(data)


def tuning_world() -> ScholarlyWorld:
    return load_world(TUNING_DIR / "world.json")


TRUST_DEFAULTS: JSON = {
    "source_acquired": False,
    "source_verified_against_original": False,
    "source_verification_method": "none",
    "description_last_audit": "none",
}


def passport_entries(cases: Iterable[Case]) -> list[JSON]:
    entries = []
    for case in cases:
        entry = {"source_pointer": "bibliography_v1.md"} | dict(case.entry)
        entries.append(entry | {k: v for k, v in TRUST_DEFAULTS.items() if k not in entry})
    return entries


def passport_yaml(cases: Iterable[Case], *, session_id: str = "lookup-eval") -> str:
    """A passport (YAML) with one literature_corpus entry per case."""
    from io import StringIO

    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 4096
    out = StringIO()
    out.write("# Material Passport written from lookup evaluation cases\n")
    yaml.dump({"session_id": session_id, "literature_corpus": passport_entries(cases)}, out)
    return out.getvalue()


def write_passport(cases: Iterable[Case], path: Path, *, session_id: str = "lookup-eval") -> Path:
    path.write_text(passport_yaml(cases, session_id=session_id), encoding="utf-8")
    return path
