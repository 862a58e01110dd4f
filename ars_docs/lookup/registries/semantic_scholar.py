"""Semantic Scholar: title match (``/paper/search/match``) and papers by id.

A third opinion for bibliographic search, strong on computer science and
conference papers. Without an API key the service often answers 429; that
ends it for the run and never turns into "not found".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlencode

from ars_docs.lookup.entry.record import Name, WorkRecord, kind_of
from ars_docs.works.fold import plain

__all__ = ["FIELDS", "match_url", "paper_url", "parse_match", "parse_paper"]

SERVICE = "semantic_scholar"
FIELDS = "title,year,authors,venue,externalIds,publicationTypes,publicationDate,journal"
_TYPES = {
    "journalarticle": "article-journal",
    "conference": "paper-conference",
    "book": "book",
    "booksection": "chapter",
    "review": "review",
    "dataset": "dataset",
}


def match_url(base: str, title: str) -> str:
    return f"{base}/paper/search/match?{urlencode({'query': title, 'fields': FIELDS})}"


def paper_url(base: str, ident: str) -> str:
    """``ident``: ``DOI:…``, ``ARXIV:…``, ``PMID:…``."""
    return f"{base}/paper/{quote(ident, safe=':/')}?{urlencode({'fields': FIELDS})}"


def parse_paper(paper: Any, url: str | None = None) -> WorkRecord | None:
    if (
        not isinstance(paper, Mapping)
        or not paper.get("title")
        or not isinstance(paper["title"], str)
    ):
        return None
    external = paper.get("externalIds") if isinstance(paper.get("externalIds"), Mapping) else {}
    assert isinstance(external, Mapping)
    ids: dict[str, str] = {}
    for key, name in (("DOI", "doi"), ("ArXiv", "arxiv"), ("PubMed", "pmid")):
        value = external.get(key)
        if isinstance(value, (str, int)) and str(value):
            ids[name] = str(value).lower() if name == "doi" else str(value)
    if isinstance(paper.get("paperId"), str):
        ids["s2"] = paper["paperId"]
    year = paper.get("year")
    years = {year} if isinstance(year, int) else set()
    date = paper.get("publicationDate")
    if isinstance(date, str) and date[:4].isdecimal():
        years.add(int(date[:4]))
    journal = paper.get("journal") if isinstance(paper.get("journal"), Mapping) else {}
    assert isinstance(journal, Mapping)
    venues = [v for v in (paper.get("venue"), journal.get("name")) if isinstance(v, str) and v]
    types = [t for t in paper.get("publicationTypes") or [] if isinstance(t, str)]
    kind = kind_of(_TYPES.get(types[0].lower(), "")) if types else "other"
    score = paper.get("matchScore")
    return WorkRecord(
        service=SERVICE,
        titles=(plain(paper["title"]),),
        authors=tuple(
            Name(literal=plain(a["name"]))
            for a in paper.get("authors") or []
            if isinstance(a, Mapping) and isinstance(a.get("name"), str) and a["name"].strip()
        ),
        year=year if isinstance(year, int) else None,
        years=tuple(sorted(years)),
        venues=tuple(dict.fromkeys(plain(v) for v in venues)),
        kind=kind,
        ids=ids,
        score=float(score) if isinstance(score, (int, float)) else None,
        url=url,
    )


def parse_match(data: Any, url: str | None = None) -> list[WorkRecord] | None:
    found = data.get("data") if isinstance(data, Mapping) else None
    if not isinstance(found, list):
        return None
    records = (parse_paper(item, url) for item in found)
    return [record for record in records if record is not None]
