"""A passport entry as lookup asks about it: identifiers normalised, fields read.

Identifiers come in many written forms (``https://doi.org/10.1/X``,
``doi:10.1/x``, ``arXiv:2101.00001v2``, ``https://arxiv.org/abs/…``,
``PMC123``); a DOI or arXiv id written only in the entry's ``url`` counts
too. A value that cannot be an identifier of its kind (``doi: N/A``) is kept
in ``malformed`` so the report can say so, and is never sent anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from ars_docs.lookup.record import Name, kind_of
from ars_docs.works import identifiers as ids

__all__ = ["Query", "normal_arxiv", "normal_doi", "normal_isbn", "normal_pmcid", "normal_pmid"]

_DOI = re.compile(r"10\.\d{4,9}/\S+\Z")
_DOI_PREFIX = re.compile(
    r"^(?:https?://(?:dx\.|www\.)?doi\.org/|doi\.org/|doi:\s*|doi\s+)", re.IGNORECASE
)
_DOI_IN_URL = re.compile(r"(?:doi\.org/|/doi/(?:abs/|full/|pdf/)?)(10\.\d{4,9}/[^\s?#]+)", re.I)
_ARXIV_NEW = re.compile(r"(\d{4}\.\d{4,5})(v\d+)?\Z")
_ARXIV_OLD = re.compile(r"([a-z\-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?\Z", re.IGNORECASE)
_ARXIV_IN_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([^\s?#]+?)(?:\.pdf)?(?:[?#]|\Z)", re.I)
_YEAR = re.compile(r"(\d{4})")
_ET_AL = re.compile(r"^(?:et\.?\s*al\.?|and others|others|u\.\s*a\.|et\s+al)$", re.IGNORECASE)


# Lookup reads every form ``identifiers`` (the passport's, shared with ``corpus import``)
# accepts, and a few more a hand-written entry holds (``doi 10.1/x``, a %-escaped DOI,
# a trailing full stop): what either accepts is never called malformed (``caveats``).


def normal_doi(raw: str) -> str | None:
    """The DOI in lower case without resolver prefixes, or ``None`` if it is not one."""
    text = unquote(raw.strip())
    text = _DOI_PREFIX.sub("", text).strip().rstrip(".,;")
    if _DOI.match(text):
        return text.lower()
    found = ids.normal_doi(raw)
    return found.rstrip(".,;").lower() if found else None


def normal_arxiv(raw: str) -> tuple[str, str | None] | None:
    """``(id, version)`` of an arXiv identifier (version ``v2`` or ``None``)."""
    text = raw.strip()
    found = _ARXIV_IN_URL.search(text)
    if found:
        text = found.group(1)
    text = re.sub(r"^arxiv:\s*", "", text, flags=re.IGNORECASE)
    shared = ids.normal_arxiv(text) or ids.arxiv_from_url(raw.strip())
    for candidate in (text, shared or ""):
        for pattern in (_ARXIV_NEW, _ARXIV_OLD):
            match = pattern.match(candidate)
            if match:
                return match.group(1), match.group(2)
    return None


def normal_isbn(raw: str) -> str | None:
    """The ISBN's digits (``X`` for a check digit of 10), or ``None``."""
    for text in (raw, ids.normal_isbn(raw) or ""):
        digits = re.sub(r"[\s\-]", "", text).upper()
        if re.fullmatch(r"\d{9}[\dX]|\d{13}", digits):
            return digits
    return None


def normal_pmid(raw: str) -> str | None:
    return raw if raw.isdecimal() else ids.normal_pmid(raw)


def normal_pmcid(raw: str) -> str | None:
    return ids.normal_pmcid(raw)


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

        doi = ident("doi", normal_doi)
        if doi is None and "doi" not in bad and url:
            found = _DOI_IN_URL.search(url)
            doi = normal_doi(found.group(1)) if found else None
        arxiv = ident("arxiv_id", normal_arxiv)
        if arxiv is None and "arxiv_id" not in bad and url and "arxiv.org" in url.lower():
            arxiv = normal_arxiv(url)
        pmid = ident("pmid", normal_pmid)
        pmcid = ident("pmcid", normal_pmcid)
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
            isbn=ident("isbn", normal_isbn),
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
