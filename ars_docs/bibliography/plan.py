"""Decide what happens to each bibliography entry: imported, already present, or skipped.

Files are taken one after another, entries in file order, each judged
against the passport and everything imported before it:

* a key already there with the same identifying content — title, year and
  author names compared case-, accent- and punctuation-blind, and no DOI,
  arXiv id or PubMed id that both have and that differs — is
  ``already_present`` (so importing a file twice changes nothing);
* a key already there with other content is a ``conflict``;
* a key that appeared earlier in the same file is a ``duplicate``;
* an entry whose DOI, arXiv id (any version) or PubMed id equals one of an
  entry with another key is a ``duplicate`` of that key;
* the rest is ``imported``; one with the title and year of an entry with
  another key is imported with a "near-duplicate" warning.

A generated key (RIS/CSL items without an id) takes the next letter
(``smith2020studyb``) while its key belongs to another work, and counts as
already present where the passport holds the same work under one of them.
Finally every imported entry is checked against the entry schema, so an
entry the passport would not accept is never written (``unusable``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ars_docs.bibliography.keys import key_candidates
from ars_docs.bibliography.model import BibEntry, Bibliography, Problem
from ars_docs.bibliography.text import comparable
from ars_docs.works import identifiers as ids

__all__ = ["Existing", "Outcome", "plan_import"]

#: Every outcome, in the order reports count them.
_ID_NAMES = {"doi": "DOI", "arxiv_id": "arXiv id", "pmid": "PubMed id"}


@dataclass(frozen=True, slots=True)
class Existing:
    """An entry already in the passport."""

    key: str
    data: Mapping[str, Any]
    where: str
    """``file:line`` (or the file) of the entry, for messages."""


@dataclass(slots=True)
class Outcome:
    """What became of one bibliography entry."""

    path: str
    line: int
    key: str | None
    original_key: str | None
    outcome: str
    detail: str = ""
    warnings: list[str] = field(default_factory=list)
    entry: dict[str, Any] | None = None
    """The passport entry to append (``imported`` only)."""


@dataclass(frozen=True, slots=True)
class _Identity:
    title: str
    authors: tuple[str, ...]
    year: str
    ids: tuple[tuple[str, str], ...]

    def differences(self, other: _Identity) -> list[str]:
        found = [
            name
            for name in ("title", "authors", "year")
            if getattr(self, name) != getattr(other, name)
        ]
        mine, theirs = dict(self.ids), dict(other.ids)
        return found + [name for name in mine if name in theirs and mine[name] != theirs[name]]


def _identity(data: Mapping[str, Any]) -> _Identity:
    people = data.get("authors")
    authors = []
    for person in people if isinstance(people, list) else ():
        if isinstance(person, Mapping):
            parts = [person.get(k) for k in ("literal", "non-dropping-particle", "family")]
            authors.append(comparable(" ".join(p for p in parts if isinstance(p, str))))
        else:
            authors.append(comparable(str(person)))
    return _Identity(
        comparable(str(data.get("title", ""))),
        tuple(author.replace(" ", "") for author in authors),
        str(data.get("year", "")).strip().lower(),
        tuple((name, value) for name, value in _ids(data).items()),
    )


def _ids(data: Mapping[str, Any]) -> dict[str, str]:
    found = {
        "doi": ids.comparable_doi(data.get("doi")),
        "arxiv_id": ids.comparable_arxiv(data.get("arxiv_id")),
        "pmid": ids.comparable_pmid(data.get("pmid")),
    }
    return {name: value for name, value in found.items() if value}


class _Seen:
    """Keys, identifiers and titles of the passport and of what was imported so far."""

    def __init__(self, existing: Sequence[Existing]) -> None:
        self.keys: dict[str, tuple[_Identity, str]] = {}
        self.ids: dict[tuple[str, str], tuple[str, str]] = {}
        self.titles: dict[tuple[str, str], tuple[str, str]] = {}
        for entry in existing:
            self.add(entry.key, _identity(entry.data), entry.where)

    def add(self, key: str, identity: _Identity, where: str) -> None:
        self.keys.setdefault(key, (identity, where))
        for pair in identity.ids:
            self.ids.setdefault(pair, (key, where))
        if identity.title:
            self.titles.setdefault((identity.title, identity.year), (key, where))


def plan_import(
    existing: Sequence[Existing], bibliographies: Sequence[Bibliography]
) -> list[Outcome]:
    """One ``Outcome`` per entry and skipped block of every file, in file and line order."""
    seen = _Seen(existing)
    explicit = {e.key for b in bibliographies for e in b.entries if not e.generated_key}
    outcomes: list[Outcome] = []
    for bibliography in bibliographies:
        warnings: dict[int, list[str]] = {}
        for problem in bibliography.warnings():
            warnings.setdefault(problem.line, []).append(problem.message)
        in_file: dict[str, int] = {}
        items: list[BibEntry | Problem] = [*bibliography.entries, *bibliography.skipped()]
        for item in sorted(items, key=lambda found: found.line):
            if isinstance(item, Problem):
                outcomes.append(_skipped(item))
                continue
            outcome = _judge(item, seen, in_file, explicit)
            outcome.warnings = warnings.get(item.line, []) + outcome.warnings
            outcomes.append(outcome)
    _check_schema(outcomes)
    return outcomes


def _skipped(problem: Problem) -> Outcome:
    return Outcome(
        problem.path, problem.line, problem.key, problem.original_key, problem.kind,
        problem.message,
    )  # fmt: skip


def _judge(item: BibEntry, seen: _Seen, in_file: dict[str, int], explicit: set[str]) -> Outcome:
    here = f"{item.path}:{item.line}"
    outcome = Outcome(item.path, item.line, item.key, item.original_key, "imported")
    entry = item.entry
    identity = _identity(entry)
    if item.generated_key:
        for candidate in key_candidates(item.key_base):
            known = seen.keys.get(candidate)
            if known is not None and not known[0].differences(identity):
                outcome.key, outcome.outcome = candidate, "already_present"
                outcome.detail = f"the same entry is at {known[1]}"
                return outcome
            if known is None and candidate not in explicit and candidate not in in_file:
                break
        outcome.key, entry = candidate, {**entry, "citation_key": candidate}
    key = outcome.key or item.key
    if key in in_file:
        outcome.outcome = "duplicate"
        outcome.detail = f"key {key!r} appears again in this file (first at line {in_file[key]})"
        return outcome
    in_file[key] = item.line
    known = seen.keys.get(key)
    if known is not None:
        differ = known[0].differences(identity)
        if not differ:
            outcome.outcome, outcome.detail = "already_present", f"the same entry is at {known[1]}"
        else:
            outcome.outcome = "conflict"
            outcome.detail = (
                f"{known[1]} has key {key!r} with another {', '.join(differ)}; rename the key in "
                "the bibliography (or fix the entry) and import again"
            )
        return outcome
    for pair in identity.ids:
        other = seen.ids.get(pair)
        if other is not None:
            outcome.outcome = "duplicate"
            outcome.detail = f"same {_ID_NAMES[pair[0]]} {pair[1]} as {other[0]!r} ({other[1]})"
            return outcome
    near = seen.titles.get((identity.title, identity.year))
    if near is not None:
        outcome.warnings.append(
            f"near-duplicate of {near[0]!r} ({near[1]}): same title and year; imported anyway"
        )
    seen.add(key, identity, here)
    outcome.entry = entry
    return outcome


def _check_schema(outcomes: list[Outcome]) -> None:
    """Turn an imported entry the entry schema refuses into ``unusable`` (a safety net)."""
    from ars_docs.session.corpus import SCHEMA_ERROR, UNKNOWN_FIELD, corpus_from_data

    entries = [outcome.entry for outcome in outcomes if outcome.entry is not None]
    if not entries:
        return
    refused: dict[str, str] = {}
    for diagnostic in corpus_from_data(entries).diagnostics:
        if diagnostic.code in (SCHEMA_ERROR, UNKNOWN_FIELD) and diagnostic.slug:
            refused.setdefault(diagnostic.slug, diagnostic.message)
    for outcome in outcomes:
        if outcome.entry is not None and outcome.key in refused:
            outcome.outcome, outcome.entry = "unusable", None
            outcome.detail = f"does not fit the entry schema ({refused[outcome.key]})"
