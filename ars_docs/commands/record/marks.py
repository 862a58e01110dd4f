"""``mark-read``, ``unmark-read``, ``list-read``: the human-read signal (§3.6).

The writes are ``session.human_read``'s (under the session lock, byte-exact);
this module adds what the command decides besides: which of the marked keys
cannot promote their citation yet (a read mark only turns LOW-WARN into ok).
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.session.attest.records import shown
from ars_docs.session.human_read import MarkOutcome

if TYPE_CHECKING:
    from ars_docs.session.readlog import ReadMark

__all__ = [
    "WHY",
    "MarkList",
    "MarkOutcome",
    "MarkRun",
    "list_marks",
    "mark",
    "marks_data",
    "next_steps",
    "shown",
    "unmark",
]

NO_ORIGINAL = "no_original"
"""The entry has no acquired original: the mark cannot clear NO ORIGINAL."""
NOT_VERIFIED = "not_verified"
"""The entry is not verified against its original: the mark cannot clear its warning."""

#: Why a mark cannot clear its citation's warning yet (said after the key).
WHY = {
    NO_ORIGINAL: "has no acquired original: the mark is recorded but will not clear its "
    "warning (NO ORIGINAL); acquire the original (ars-docs retrieve) and record the check "
    "(ars-docs verify) first",
    NOT_VERIFIED: "is not verified against its original: the mark is recorded but will not "
    "clear its warning (AI HAS NOT CROSS-CHECKED) until ars-docs verify records the check",
}


def next_steps(outcome: MarkOutcome, passport: str | None) -> list[str]:
    """What to run once marks changed: finalize again, so the citations follow the log."""
    if not outcome.written:
        return []
    where = f" --passport {shlex.quote(passport)}" if passport else ""
    return [f"ars-docs finalize DRAFT{where}"]


def marks_data(
    outcome: MarkOutcome, passport: str | None, run: MarkRun | None = None, scope: str = ""
) -> dict[str, Any]:
    """The ``--format json`` body of ``mark-read`` (``run`` given) or ``unmark-read``."""
    data: dict[str, Any] = {"log": str(outcome.log_path), "created": outcome.created}
    if run is not None:
        data["scope"] = scope
        data["attested"] = run.attested
    data["written"] = list(outcome.written)
    data["unchanged"] = [{"key": key, "why": why} for key, why in outcome.unchanged.items()]
    if run is not None:
        data["cannot_clear"] = [{"key": k, "why": WHY[why]} for k, why in run.cannot_promote]
    data["next"] = next_steps(outcome, passport)
    return data


@dataclass(frozen=True)
class MarkRun:
    """What ``mark-read`` did, and the keys whose mark will not change a citation yet."""

    outcome: MarkOutcome
    cannot_promote: Sequence[tuple[str, str]] = ()
    """``(key, NO_ORIGINAL | NOT_VERIFIED)`` in the order the keys were given."""
    attested: str | None = None
    """How the person confirmed the marks (``session.attest.records.HOW``), if recorded."""


def mark(
    passport: str | None,
    keys: Sequence[str],
    *,
    scope: str,
    locators: Sequence[str] = (),
    note: str | None = None,
    attested: str | None = None,
) -> MarkRun:
    """Record that a person read ``keys`` (``scope``: how much of each source;
    ``attested``: how they confirmed it, from ``commands.record.attest.confirm``)."""
    from ars_docs.session.human_read import mark_read

    outcome = mark_read(
        passport, keys, scope=scope, locators=locators, note=note, attested=attested
    )
    return MarkRun(outcome, _cannot_promote(passport, keys), attested)


def unmark(passport: str | None, keys: Sequence[str]) -> MarkOutcome:
    """Rescind the active marks of ``keys`` (history is kept)."""
    from ars_docs.session.human_read import unmark_read

    return unmark_read(passport, keys)


@dataclass(frozen=True)
class MarkList:
    """``list-read``: the log, whether it exists, and its marks."""

    log: Path
    exists: bool
    marks: Sequence[ReadMark]


def list_marks(passport: str | None, *, include_all: bool = False) -> MarkList:
    """The log's active marks (``include_all``: the whole history); an absent log has none."""
    from ars_docs.session.human_read import list_read

    log, marks = list_read(passport, include_all=include_all)
    return MarkList(log, log.exists(), marks)


def _cannot_promote(passport: str | None, keys: Sequence[str]) -> list[tuple[str, str]]:
    if passport is None:
        return []
    from ars_docs.session.corpus import load_corpus

    corpus = load_corpus(passport)
    found: list[tuple[str, str]] = []
    for key in dict.fromkeys(keys):
        entry = corpus.get(key)
        if entry is None:
            continue
        if not entry.source_acquired:
            found.append((key, NO_ORIGINAL))
        elif not entry.source_verified_against_original:
            found.append((key, NOT_VERIFIED))
    return found
