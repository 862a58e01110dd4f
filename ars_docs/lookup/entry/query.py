"""A passport entry as lookup asks about it: identifiers normalised, fields read.

Identifiers are read by ``works.identifiers`` (every written form the passport,
``corpus import`` and ``retrieve`` accept); a DOI or arXiv id written only in
the entry's ``url`` counts too. A value that cannot be an identifier of its kind
(``doi: N/A``) is kept in ``malformed`` so the report can say so, and is never
sent anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ars_docs.lookup.entry.record import Name, kind_of
from ars_docs.works import identifiers as ids

__all__ = ["SEARCH_TITLE_CHARS", "Query", "searched_title"]

_YEAR = re.compile(r"(\d{4})")
_ET_AL = re.compile(r"^(?:et\.?\s*al\.?|and others|others|u\.\s*a\.|et\s+al)$", re.IGNORECASE)


@dataclass(frozen=True)
class Query:
    """What lookup knows about one entry."""

    key: str
    title: str
    authors: tuple[Name, ...]
    truncated_authors: bool
    """The list ends in "et al." (or similar): more authors exist than are listed."""
    year: int | None
    year_text: str
    venue: str
    publisher: str
    kind: str
    csl_type: str
    doi: str | None = None
    arxiv: str | None = None
    arxiv_version: str | None = None
    pmid: str | None = None
    pmcid: str | None = None
    openalex: str | None = None
    isbn: str | None = None
    malformed: Mapping[str, str] = field(default_factory=dict)
    """Identifier fields whose value is not an identifier of that kind: field → value."""

    @property
    def has_identifier(self) -> bool:
        return any((self.doi, self.arxiv, self.pmid, self.pmcid, self.openalex))

    @classmethod
    def from_entry(cls, key: str, data: Mapping[str, Any]) -> Query:
        bad: dict[str, str] = {}
        url = _text(data.get("url"))

        def ident(name: str, normal: Any) -> Any:
            raw = _text(data.get(name))
            if not raw:
                return None
            value = normal(raw)
            if value is None:
                bad[name] = raw
            return value

        doi = ident("doi", ids.comparable_doi)
        if doi is None and "doi" not in bad and url:
            doi = ids.comparable_doi(ids.doi_in_url(url))
        arxiv = ident("arxiv_id", ids.arxiv_parts)
        if arxiv is None and "arxiv_id" not in bad and url and "arxiv.org" in url.lower():
            arxiv = ids.arxiv_parts(url)
        pmid = ident("pmid", ids.normal_pmid)
        pmcid = ident("pmcid", ids.normal_pmcid)
        openalex = ident("openalex_id", lambda v: (re.search(r"[Ww]\d+\Z", v) or [None])[0])
        authors, truncated = _names(data.get("authors"))
        year_text = _text(data.get("year"))
        year_match = _YEAR.match(year_text)
        csl_type = _text(data.get("type"))
        return cls(
            key=key,
            title=_text(data.get("title")),
            authors=authors,
            truncated_authors=truncated,
            year=int(year_match.group(1)) if year_match else None,
            year_text=year_text,
            venue=_text(data.get("venue")),
            publisher=_text(data.get("publisher")),
            kind=kind_of(csl_type) if csl_type else "other",
            csl_type=csl_type,
            doi=doi,
            arxiv=arxiv[0] if arxiv else None,
            arxiv_version=arxiv[1] if arxiv else None,
            pmid=pmid,
            pmcid=pmcid,
            openalex=openalex.upper() if isinstance(openalex, str) else None,
            isbn=ident("isbn", ids.isbn_digits),
            malformed=bad,
        )


def _text(value: Any) -> str:
    if value is None or isinstance(value, (list, dict)):
        return ""
    return " ".join(str(value).split())


def _names(raw: Any) -> tuple[tuple[Name, ...], bool]:
    names: list[Name] = []
    truncated = False
    for item in raw if isinstance(raw, list) else ():
        if not isinstance(item, dict):
            continue
        literal = _text(item.get("literal"))
        if literal and _ET_AL.match(literal):
            truncated = True
            continue
        family = _text(item.get("family"))
        particle = _text(item.get("non-dropping-particle"))
        if family and particle:
            family = f"{particle} {family}"
        if family or literal:
            names.append(Name(family, _text(item.get("given")), literal if not family else ""))
    return tuple(names), truncated


#: The most of a title a search sends (and records as what it asked). Real titles are
#: far shorter; a title up to the import cap (a million characters) would make a URL no
#: registry accepts, and lookup would call the work unreachable instead of searching.
SEARCH_TITLE_CHARS = 300


def searched_title(query: Query) -> str:
    """The title as a search asks for it: at most ``SEARCH_TITLE_CHARS``, cut at a word."""
    title = query.title
    if len(title) <= SEARCH_TITLE_CHARS:
        return title
    cut = title[: SEARCH_TITLE_CHARS + 1]
    return cut[: cut.rfind(" ")].rstrip() if " " in cut else cut[:SEARCH_TITLE_CHARS]
