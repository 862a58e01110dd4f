"""What the chain looks for, read from one passport entry (§3.5, §3.1 entry fields).

``Target`` holds the identifiers the channels use (DOI, URL, author
homepages) and the facts content verification matches (title, author
surnames). Identifiers are read by ``works.identifiers``, the reading lookup
uses too (a DOI may also come from ``url``). An HTML page can be the original
only for web-native CSL types (``WEB_TYPES``): for a journal article, a landing
page carries the title and authors too, and accepting it would over-claim.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ars_docs.retrieval.judge.content import name_key
from ars_docs.retrieval.judge.work import Work
from ars_docs.session.corpus import CorpusEntry
from ars_docs.works import identifiers as ids

__all__ = ["WEB_TYPES", "Target"]

WEB_TYPES = frozenset(
    {
        "webpage",
        "post",
        "post-weblog",
        "article-newspaper",
        "article-magazine",
        "entry",
        "entry-dictionary",
        "entry-encyclopedia",
        "interview",
        "broadcast",
    }
)
"""CSL types whose original may be an HTML page."""


@dataclass(frozen=True)
class Target:
    """What the chain looks for: the identifiers and the facts content must match."""

    citation_key: str
    title: str
    authors: tuple[str, ...]
    """Family names (or organisations' literal names) used for matching."""
    doi: str | None
    url: str | None
    html_is_original: bool
    author_urls: tuple[str, ...] = ()
    """Homepages carried on the entry's author objects (``url``/``homepage``)."""
    name_keys: tuple[str, ...] = ()
    """``name_key`` of each author's family name and of "given family": how
    ``[retrieval.author_homepages]`` is looked up."""
    people: tuple[tuple[str, str], ...] = ()
    """``(family or literal, given or "")`` per author, for the identity decision."""
    year: int | None = None
    arxiv_id: str | None = None
    pmcid: str | None = None
    kind: str = ""
    """The CSL ``type``."""
    venue: str = ""
    """The journal, proceedings or publisher (``venue``, ``container_title``, ``journal``)."""
    record_dois: tuple[str, ...] = ()
    """The DOI of the record ``ars-docs lookup`` matched (``lookup.matched.doi``)."""
    record_venue: str = ""
    notice_dois: tuple[str, ...] = ()
    """DOIs of the notices ``lookup`` found about the work (``lookup.retraction.notices``)."""

    def work(self) -> Work:
        """What the identity decision compares a document with."""
        return Work(
            self.title,
            self.people,
            self.year,
            self.doi,
            self.arxiv_id,
            self.kind in ("review", "review-book"),
            self.venue or self.record_venue,
            tuple(d for d in self.record_dois if d != (self.doi or "").lower()),
            tuple((d, "notice") for d in self.notice_dois),
        )

    @classmethod
    def from_entry(cls, entry: CorpusEntry) -> Target:
        data = entry.data
        authors: list[str] = []
        urls: list[str] = []
        keys: list[str] = []
        people: list[tuple[str, str]] = []
        for person in data.get("authors") or ():
            if not isinstance(person, Mapping):
                continue
            name = person.get("family") or person.get("literal")
            if isinstance(name, str) and name.strip():
                authors.append(name.strip())
                keys.append(name_key(name))
                given = person.get("given")
                people.append((name.strip(), given.strip() if isinstance(given, str) else ""))
                if isinstance(given, str) and given.strip():
                    keys.append(name_key(f"{given} {name}"))
            for field in ("url", "homepage"):
                if isinstance(person.get(field), str):
                    urls.append(person[field])
        url = data.get("url")
        kind = data.get("type")
        return cls(
            citation_key=entry.citation_key,
            title=entry.title,
            authors=tuple(authors),
            doi=_doi(data.get("doi")) or _doi_from_url(url),
            url=url.strip() if isinstance(url, str) and url.strip() else None,
            html_is_original=isinstance(kind, str) and kind in WEB_TYPES,
            author_urls=tuple(dict.fromkeys(urls)),
            name_keys=tuple(dict.fromkeys(keys)),
            people=tuple(people),
            year=_year(data.get("year")),
            arxiv_id=_arxiv(data.get("arxiv_id")),
            pmcid=_pmcid(data.get("pmcid")),
            kind=kind if isinstance(kind, str) else "",
            venue=next(
                (
                    v.strip()
                    for v in (data.get(k) for k in ("venue", "container_title", "journal"))
                    if isinstance(v, str) and v.strip()
                ),
                "",
            ),
            **_lookup_record(data.get("lookup"), entry.title),
        )


def _lookup_record(lookup: object, title: str) -> dict[str, Any]:
    """What ``ars-docs lookup`` recorded about the work (``lookup:`` in the entry).

    Only a ``found`` verdict whose matched record still carries the entry's title is
    used (the entry may have changed since): the record's DOI is the work's own, its
    retraction notices' DOIs are other documents, its venue stands in for a missing one.
    """
    if not isinstance(lookup, Mapping) or lookup.get("status") != "found":
        return {}
    matched = lookup.get("matched")
    if not isinstance(matched, Mapping) or name_key(str(matched.get("title") or "")) != (
        name_key(title)
    ):
        return {}
    found: dict[str, Any] = {}
    doi = _doi(matched.get("doi"))
    if doi:
        found["record_dois"] = (doi.lower(),)
    if isinstance(matched.get("venue"), str) and matched["venue"].strip():
        found["record_venue"] = matched["venue"].strip()
    retraction = lookup.get("retraction")
    notices = retraction.get("notices") if isinstance(retraction, Mapping) else None
    dois = [_doi(n.get("doi")) for n in notices or () if isinstance(n, Mapping)]
    if any(dois):
        found["notice_dois"] = tuple(d.lower() for d in dois if d)
    return found


def _doi(raw: object) -> str | None:
    return ids.normal_doi(raw) if isinstance(raw, str) else None


def _arxiv(raw: object) -> str | None:
    return ids.normal_arxiv(raw) if isinstance(raw, str) else None


def _pmcid(raw: object) -> str | None:
    if isinstance(raw, int) and not isinstance(raw, bool):
        raw = str(raw)
    return ids.normal_pmcid(raw) if isinstance(raw, str) else None


def _year(raw: object) -> int | None:
    match = re.match(r"\d{4}", str(raw)) if isinstance(raw, int | str) else None
    return int(match.group(0)) if match else None


def _doi_from_url(url: object) -> str | None:
    # The same rule as lookup's: a doi.org link or a publisher's /doi/ page.
    return ids.doi_in_url(url) if isinstance(url, str) else None
