"""The registries on the network: each question lookup asks, as requests and answers.

``OnlineRegistries`` implements the ``Registries`` protocol of ``check.py``
with the services' real APIs (base URLs from ``[retrieval.endpoints]``,
politeness from ``[retrieval]``). Each method asks one service one thing and
returns one ``Answer``; which questions an entry needs, and in what order, is
``check.py``'s business.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from ars_docs.lookup.batch.fetch import Fetcher, Reply
from ars_docs.lookup.entry.answers import Answer, Outcome
from ars_docs.lookup.entry.query import Query, searched_title
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.lookup.registries import arxiv, crossref, doi, europepmc, openalex
from ars_docs.lookup.registries import semantic_scholar as s2
from ars_docs.retrieval.config import RetrievalConfig

__all__ = ["OnlineRegistries", "search_text"]

ROWS = 5


def search_text(query: Query) -> str:
    """A bibliographic string to search with: title, first author, year."""
    first = query.authors[0] if query.authors else None
    name = (first.family or first.literal) if first else ""
    title = searched_title(query)
    return " ".join(part for part in (title, name, str(query.year or "")) if part)


class OnlineRegistries:
    offline = False

    def __init__(self, fetcher: Fetcher, config: RetrievalConfig) -> None:
        self.fetcher = fetcher
        self.config = config
        self.endpoints = config.endpoints
        self.mailto = config.contact_email

    # -- by identifier ---------------------------------------------------------------

    def crossref_work(self, doi_: str) -> Answer:
        url = crossref.work_url(self.endpoints["crossref"], doi_, self.mailto)
        return self._json(
            "crossref",
            f"doi {doi_}",
            url,
            lambda data, u: (
                _one(crossref.parse_work(data.get("message"), u))
                if isinstance(data, dict)
                else None
            ),
        )

    def doi_handle(self, doi_: str) -> Answer:
        """Registered (found, no records), not registered (absent, proof) or failed."""
        asked = f"doi {doi_}"
        reply = self.fetcher.get(
            "doi.org",
            doi.handle_url(self.endpoints["doi_resolver"], doi_),
            accept=doi.is_handle_answer,
            accept_absent=doi.is_handle_answer,
        )
        if reply.failure is not None:
            return _failed("doi.org", asked, reply)
        try:
            data = reply.json() if reply.body else None
        except ValueError:
            data = None
        state = doi.handle_state(reply.status or 0, data)
        if state == "registered":
            return _answer("doi.org", asked, reply, Outcome.FOUND, detail="registered")
        if state == "unregistered":
            detail = f"doi.org: {doi_} is not a registered DOI (handle not found)"
            return _answer("doi.org", asked, reply, Outcome.ABSENT, proof=True, detail=detail)
        return _failed("doi.org", asked, reply, "the handle API answered something else")

    def doi_metadata(self, doi_: str) -> Answer:
        url = doi.csl_url(self.endpoints["doi_resolver"], doi_)
        return self._json(
            "doi.org",
            f"doi {doi_} (CSL-JSON)",
            url,
            lambda data, u: _one(doi.parse_csl(data, u)),
            headers={"accept": doi.CSL_JSON},
        )

    def openalex_work(self, ident: str) -> Answer:
        url = openalex.work_url(
            self.endpoints["openalex"], ident, self.mailto, self.config.openalex_api_key
        )
        proof = ident.upper().startswith("W")
        return self._json(
            "openalex", ident, url, lambda data, u: _one(openalex.parse_work(data, u)), proof=proof
        )

    def arxiv(self, ident: str, version: str | None = None) -> Answer:
        url = arxiv.query_url(self.endpoints["arxiv_api"], ident, version)
        asked = f"arxiv {ident}{version or ''}"
        reply = self.fetcher.get("arxiv", url, accept=arxiv.is_feed)
        if reply.status == 400 and arxiv.INVALID_ID in reply.body:
            # arXiv's own answer to an id that cannot exist (a month 13, a wrong pattern).
            detail = f"arXiv: {ident}{version or ''} is not a valid arXiv identifier"
            return _answer("arxiv", asked, reply, Outcome.ABSENT, proof=True, detail=detail)
        if reply.failure is not None:
            return _failed("arxiv", asked, reply)
        if reply.absent:
            detail = "arXiv: no such e-print"
            return _answer("arxiv", asked, reply, Outcome.ABSENT, proof=True, detail=detail)
        try:
            records = arxiv.parse_feed(reply.body, reply.url)
        except (arxiv.FeedError, ValueError, RecursionError) as exc:
            return _failed("arxiv", asked, reply, f"bad_response: {exc}")
        if not records:
            detail = f"arXiv: no e-print {ident}{version or ''}"
            return _answer("arxiv", asked, reply, Outcome.ABSENT, proof=True, detail=detail)
        return _answer("arxiv", asked, reply, Outcome.FOUND, records=records)

    def europepmc(self, field: str, value: str) -> Answer:
        """``field``: ``pmid``, ``pmcid`` or ``doi``."""
        term = {
            "pmid": f"EXT_ID:{value} AND SRC:MED",
            "pmcid": f"PMCID:{value}",
            "doi": f'DOI:"{value}"',
        }[field]
        url = europepmc.search_url(self.endpoints["europepmc_rest"], term)
        return self._json(
            "europepmc",
            f"{field} {value}",
            url,
            lambda data, u: europepmc.parse_search(data, u),
            proof=field in ("pmid", "pmcid"),
            empty_is_absent=True,
        )

    def crossref_isbn(self, isbn: str) -> Answer:
        url = crossref.isbn_url(self.endpoints["crossref"], isbn, ROWS, self.mailto)
        return self._json(
            "crossref", f"isbn {isbn}", url, crossref.parse_list, empty_is_absent=True
        )

    # -- search ----------------------------------------------------------------------

    def search_crossref(self, query: Query) -> Answer:
        url = crossref.search_url(self.endpoints["crossref"], search_text(query), ROWS, self.mailto)
        return self._json(
            "crossref",
            f'search "{searched_title(query)}"',
            url,
            crossref.parse_list,
            empty_is_absent=True,
        )

    def search_openalex(self, query: Query) -> Answer:
        url = openalex.search_url(
            self.endpoints["openalex"],
            searched_title(query),
            ROWS,
            self.mailto,
            self.config.openalex_api_key,
        )
        return self._json(
            "openalex",
            f'search "{searched_title(query)}"',
            url,
            openalex.parse_results,
            empty_is_absent=True,
        )

    def search_semantic_scholar(self, query: Query) -> Answer:
        url = s2.match_url(self.endpoints["semantic_scholar"], searched_title(query))
        return self._json(
            "semantic_scholar",
            f'match "{searched_title(query)}"',
            url,
            s2.parse_match,
            headers=self._s2_headers(),
            empty_is_absent=True,
        )

    def semantic_scholar_paper(self, ident: str) -> Answer:
        """A paper by ``DOI:…``, ``ARXIV:…`` or ``PMID:…`` (versions merged under one id)."""
        url = s2.paper_url(self.endpoints["semantic_scholar"], ident)
        return self._json(
            "semantic_scholar",
            ident,
            url,
            lambda data, u: _one(s2.parse_paper(data, u)),
            headers=self._s2_headers(),
        )

    def _s2_headers(self) -> dict[str, str] | None:
        key = self.config.semantic_scholar_api_key
        return {"x-api-key": key} if key else None

    # -- plumbing ----------------------------------------------------------------------

    def _json(
        self,
        service: str,
        asked: str,
        url: str,
        parse: Callable[[Any, str], list[WorkRecord] | None],
        *,
        headers: dict[str, str] | None = None,
        proof: bool = False,
        empty_is_absent: bool = False,
    ) -> Answer:
        # Only an answer that reads as the service documents is cached: a JSON error page
        # from a proxy, or a body of the wrong shape, is asked again next time. The body
        # read to decide that is read once: its records are kept for the answer below.
        shown = self.fetcher.shown(url)
        read: list[tuple[bytes, list[WorkRecord] | None]] = []

        def usable(body: bytes) -> bool:
            read[:] = [(body, _read(parse, body, shown))]
            return read[0][1] is not None

        reply = self.fetcher.get(service, url, headers, accept=usable)
        if reply.failure is not None:
            return _failed(service, asked, reply)
        if reply.absent:
            detail = f"{service} has no record (HTTP {reply.status})"
            return _answer(service, asked, reply, Outcome.ABSENT, proof=proof, detail=detail)
        fresh = read and read[0][0] is reply.body and reply.url == shown
        records = read[0][1] if fresh else _read(parse, reply.body, reply.url)
        if records is None:
            detail = f"bad_response: {service} did not answer with the JSON it documents"
            return _failed(service, asked, reply, detail)
        if not records and empty_is_absent:
            detail = f"{service}: no match"
            return _answer(service, asked, reply, Outcome.ABSENT, proof=proof, detail=detail)
        return _answer(service, asked, reply, Outcome.FOUND, records=records)


def _one(record: WorkRecord | None) -> list[WorkRecord] | None:
    return None if record is None else [record]


def _read(
    parse: Callable[[Any, str], list[WorkRecord] | None], body: bytes, url: str
) -> list[WorkRecord] | None:
    """``parse`` of the JSON ``body``; ``None`` when it is not what the service documents."""
    try:
        return parse(json.loads(body), url)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        # A body of the wrong shape anywhere inside (a number where a list belongs, JSON
        # nested too deep to read): the service did not answer what it documents.
        return None


def _answer(
    service: str,
    asked: str,
    reply: Reply,
    outcome: Outcome,
    *,
    records: Iterable[WorkRecord] = (),
    proof: bool = False,
    detail: str = "",
) -> Answer:
    return Answer(
        service,
        asked,
        outcome,
        tuple(records),
        proof,
        detail,
        reply.url,
        reply.status,
        reply.cached,
    )


def _failed(service: str, asked: str, reply: Reply, detail: str | None = None) -> Answer:
    return _answer(
        service, asked, reply, Outcome.FAILED, detail=detail or reply.failure or "failed"
    )
