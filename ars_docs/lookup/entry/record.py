"""A work as a registry describes it, in one shape for every registry.

Each registry module (``registries/``) turns its own response into
``WorkRecord``s; the matcher (``compare.py``) and the verdict
(``verdict.py``) never see a service's JSON or XML. A record keeps every
title, year and venue the service gives (the print and online years, the
original-language title, the short journal title), since a bibliography may
cite any of them, and the post-publication notices the service knows about.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "KINDS",
    "Name",
    "Notice",
    "WorkRecord",
    "kind_of",
    "notice_kind",
]


@dataclass(frozen=True, slots=True)
class Name:
    """One author (or editor): a family name with given names, or a literal name."""

    family: str = ""
    given: str = ""
    literal: str = ""
    """An organisation, or a name the service did not split (``display_name``)."""

    def shown(self) -> str:
        if self.literal:
            return self.literal
        return f"{self.given} {self.family}".strip()


@dataclass(frozen=True, slots=True)
class Notice:
    """A post-publication update of the work: a retraction, a correction …"""

    kind: str
    """One of ``NOTICE_KINDS`` (normalised from the service's vocabulary)."""
    doi: str | None = None
    date: str | None = None
    """``YYYY-MM-DD`` (or ``YYYY-MM``, ``YYYY``) when the service gives one."""
    source: str | None = None
    """Who asserted it: ``retraction-watch``, ``publisher``, ``openalex``, ``europepmc``."""


_NOTICE_KINDS = {
    "retraction": "retraction",
    "retracted": "retraction",
    "partial retraction": "partial_retraction",
    "withdrawal": "withdrawal",
    "withdrawn": "withdrawal",
    "removal": "removal",
    "removed": "removal",
    "expression of concern": "expression_of_concern",
    "correction": "correction",
    "corrigendum": "correction",
    "erratum": "correction",
    "addendum": "correction",
    "clarification": "correction",
    "reinstatement": "reinstatement",
}


def notice_kind(label: str) -> str | None:
    """The normalised kind of a notice label, or ``None`` for updates that are not notices
    (a new version or edition)."""
    key = " ".join(label.replace("-", " ").replace("_", " ").lower().split())
    # PubMed links a work to its notices as "Retraction in", "Partial retraction in" …;
    # "… of" links a notice to its work, and is not a notice of this one.
    return _NOTICE_KINDS.get(key.removesuffix(" in"))


@dataclass(frozen=True)
class WorkRecord:
    """One work as one service describes it (see the module docstring)."""

    service: str
    """``crossref``, ``doi.org``, ``openalex``, ``semantic_scholar``, ``arxiv``,
    ``europepmc`` or ``offline``."""
    titles: tuple[str, ...]
    """Plain text; the main title first, then original-language, translated, short ones."""
    subtitle: str = ""
    authors: tuple[Name, ...] = ()
    editors: tuple[Name, ...] = ()
    year: int | None = None
    """The year the service presents as the work's (issued / publication year)."""
    years: tuple[int, ...] = ()
    """Every year the service knows a date in (print, online, posted, versions)."""
    venues: tuple[str, ...] = ()
    """Container titles, short titles, the source's name, a journal reference."""
    publisher: str = ""
    kind: str = "other"
    """A coarse type shared by every service: one of ``KINDS``."""
    ids: Mapping[str, str] = field(default_factory=dict)
    """``doi`` (lower case), ``arxiv``, ``pmid``, ``pmcid``, ``openalex``, ``s2``, ``isbn``."""
    notices: tuple[Notice, ...] = ()
    retracted: bool | None = None
    """The service's own retraction flag (OpenAlex ``is_retracted``, Europe PMC's
    "Retracted Publication"); ``None`` when the service has no such flag."""
    carries_updates: bool = False
    """The service reports notices for its records (Crossref ``updated-by``, Europe PMC
    corrections): no notice from it means none is known there."""
    notice_for: tuple[Notice, ...] = ()
    """When the record *is* a notice (Crossref ``update-to``): what it updates."""
    version: str | None = None
    """arXiv: the version this record describes (``v2``); others: ``None``."""
    latest_version: int | None = None
    """arXiv: the latest version's number, when known."""
    score: float | None = None
    """The service's relevance score, for search results."""
    url: str | None = None
    """The request that produced the record (API keys removed)."""

    @property
    def title(self) -> str:
        return self.titles[0] if self.titles else ""

    @property
    def doi(self) -> str | None:
        return self.ids.get("doi")


KINDS = (
    "article",
    "book",
    "chapter",
    "proceedings",
    "report",
    "thesis",
    "standard",
    "preprint",
    "dataset",
    "software",
    "webpage",
    "notice",
    "review",
    "other",
)
_KIND_OF = {
    # CSL types (entries, CSL-JSON from doi.org)
    "article-journal": "article",
    "article": "article",
    "article-magazine": "article",
    "article-newspaper": "article",
    "review": "review",
    "review-book": "review",
    "book": "book",
    "chapter": "chapter",
    "paper-conference": "proceedings",
    "report": "report",
    "thesis": "thesis",
    "standard": "standard",
    "dataset": "dataset",
    "software": "software",
    "webpage": "webpage",
    "post": "webpage",
    "post-weblog": "webpage",
    "manuscript": "preprint",
    "entry-encyclopedia": "chapter",
    "entry-dictionary": "chapter",
    # Crossref
    "journal-article": "article",
    "monograph": "book",
    "edited-book": "book",
    "reference-book": "book",
    "book-set": "book",
    "book-series": "book",
    "book-chapter": "chapter",
    "book-section": "chapter",
    "book-part": "chapter",
    "reference-entry": "chapter",
    "proceedings-article": "proceedings",
    "proceedings": "proceedings",
    "report-series": "report",
    "report-component": "report",
    "dissertation": "thesis",
    "posted-content": "preprint",
    "peer-review": "review",
    # OpenAlex / Semantic Scholar
    "preprint": "preprint",
    "journalarticle": "article",
    "conference": "proceedings",
    "booksection": "chapter",
    "editorial": "article",
    "letter": "article",
    "erratum": "notice",
    "retraction": "notice",
    "paratext": "other",
}


def kind_of(type_name: str | None) -> str:
    """The coarse kind of a type name from any service or CSL (``other`` if unknown)."""
    if not type_name:
        return "other"
    return _KIND_OF.get(type_name.strip().lower(), "other")
