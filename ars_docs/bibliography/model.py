"""What the bibliography readers hand on: records, problems, converted entries.

Each format reader (``bibtex``, ``csljson``, ``ris``) turns a file into
``Record`` objects — the fields of one bibliography entry in a format-neutral
shape, text already decoded (LaTeX, CSL rich text) but not yet checked — and
``Problem`` objects for what it had to skip. ``convert`` then turns each record
into a passport entry (``BibEntry``) by the rules of ``docs/corpus-import.md``.
``Bibliography`` is the result of reading one file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["BibEntry", "Bibliography", "Name", "Problem", "ProblemKind", "Record"]

Name = dict[str, str]
"""A CSL name object: ``family``/``given``/particles/``suffix``, or ``literal``."""

ProblemKind = Literal["unusable", "duplicate", "warning"]
"""``unusable``/``duplicate``: the entry was skipped; ``warning``: imported, but look."""


@dataclass(slots=True)
class Record:
    """One entry as a reader found it, in passport words but not yet normalised."""

    line: int
    """1-based line where the entry starts in its file."""
    key: str | None
    """The key or id as written (``None``: the entry has none)."""
    csl_type: str
    """The entry's type mapped to a CSL type by the reader's table."""
    source_type: str
    """The type as written (``article``, ``JOUR``, ``article-journal``)."""
    title: str | None = None
    authors: list[Name] = field(default_factory=list)
    editors: list[Name] = field(default_factory=list)
    organisations: list[str] = field(default_factory=list)
    """Organisation, institution, publisher: author fallbacks, in that order."""
    date: str | None = None
    """The year or date text as written (``2020``, ``2020-05``, ``2019///``)."""
    fields: dict[str, str] = field(default_factory=dict)
    """Plain bibliographic fields: venue, publisher, volume, issue, pages, url."""
    identifiers: dict[str, str] = field(default_factory=dict)
    """Raw doi, arxiv_id, pmid, pmcid, isbn values (checked by ``convert``)."""
    urls: list[str] = field(default_factory=list)
    """Every link of the entry, searched for an arXiv id."""
    warnings: list[str] = field(default_factory=list)
    """What the reader noticed about this entry (reported, never fatal)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """An entry that was skipped, or a warning about one (file, line, why)."""

    path: str
    line: int
    kind: ProblemKind
    message: str
    key: str | None = None
    """The entry's citation key after conversion, when it has one."""
    original_key: str | None = None
    """The key as written in the bibliography."""


@dataclass(slots=True)
class BibEntry:
    """One bibliography entry converted into a ``literature_corpus[]`` entry."""

    entry: dict[str, Any]
    """The passport entry, fields in the order they are written."""
    path: str
    line: int
    original_key: str | None
    generated_key: bool = False
    """True when the file gave no key and ``citation_key`` was built from the content."""
    key_base: str = ""
    """For a generated key: the key before a letter made it unique (``smith2020study``)."""

    @property
    def key(self) -> str:
        return str(self.entry["citation_key"])


@dataclass(slots=True)
class Bibliography:
    """A whole file read: its usable entries in file order and its problems."""

    path: str
    """The file name as given (used in ``source_pointer`` and messages)."""
    format: str
    """``bibtex``, ``csl-json`` or ``ris``."""
    entries: list[BibEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def skipped(self) -> list[Problem]:
        return [problem for problem in self.problems if problem.kind != "warning"]

    def warnings(self) -> list[Problem]:
        return [problem for problem in self.problems if problem.kind == "warning"]
