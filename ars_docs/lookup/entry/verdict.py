"""The verdict on one entry, and its retraction status: the vocabulary, defined once.

Statuses (``docs/lookup.md`` explains each, and what the trust chain does with it):

* ``found`` — a record agrees with the entry (by its identifier, or by search);
* ``mismatch`` — a record was found, but the entry contradicts it; each
  disagreement is a ``Difference``, *blocking* when it is about what the
  work is (its title, its authors, the identifier), not when it is about the
  year or the venue;
* ``not_found`` — no source has the work; ``proof`` says why that is known
  (``identifier``: the authority for the identifier says it does not exist;
  ``search``: the registries answered and none has it; ``snapshot``: the
  offline index does not have it);
* ``ambiguous`` — candidates, none decisive;
* ``unreachable`` — the services that could answer did not (never "not found");
* ``not_covered`` — a web page, software, a personal communication … without
  an identifier: the registries do not index such works, so nothing was concluded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ars_docs.lookup.entry.answers import Answer
from ars_docs.lookup.entry.record import Notice, WorkRecord
from ars_docs.session.lookup_record import BLOCKING_FIELDS, RETRACTING

__all__ = [
    "Difference",
    "Retraction",
    "Status",
    "Verdict",
    "retraction_of",
]


class Status(str, Enum):
    FOUND = "found"
    MISMATCH = "mismatch"
    NOT_FOUND = "not_found"
    AMBIGUOUS = "ambiguous"
    UNREACHABLE = "unreachable"
    NOT_COVERED = "not_covered"


@dataclass(frozen=True, slots=True)
class Difference:
    field: str
    """``title``, ``authors``, ``identifier``, ``year`` or ``venue``."""
    entry: str | None
    record: str | None
    source: str
    """The service whose record disagrees."""

    @property
    def blocking(self) -> bool:
        return self.field in BLOCKING_FIELDS

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "entry": self.entry,
            "record": self.record,
            "source": self.source,
            "blocking": self.blocking,
        }


@dataclass(frozen=True)
class Retraction:
    status: str
    """``retracted``, ``expression_of_concern``, ``correction``, ``none`` or ``unknown``."""
    notices: tuple[Notice, ...] = ()
    sources: tuple[str, ...] = ()
    """The services whose records could have shown a retraction (and were asked)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "notices": [
                {"type": n.kind, "doi": n.doi, "date": n.date, "source": n.source}
                for n in self.notices
            ],
            "sources": list(self.sources),
        }


UNKNOWN_RETRACTION = Retraction("unknown")


@dataclass(frozen=True)
class Verdict:
    status: Status
    matched: WorkRecord | None = None
    differences: tuple[Difference, ...] = ()
    proof: str = ""
    proof_kind: str | None = None
    """``identifier``, ``search`` or ``snapshot`` (``not_found`` only)."""
    detail: str = ""
    candidates: tuple[WorkRecord, ...] = ()
    retraction: Retraction = UNKNOWN_RETRACTION
    answers: tuple[Answer, ...] = field(default=())
    unanswered: tuple[str, ...] = ()
    """Services that decide the verdict or the retraction status and did not answer."""

    @property
    def sources(self) -> tuple[str, ...]:
        """The services that answered (with records or an absence), in order asked."""
        return tuple(dict.fromkeys(a.service for a in self.answers if a.answered))


def retraction_of(records: Iterable[WorkRecord]) -> Retraction:
    """The retraction status the records of one work show (see ``docs/lookup.md``)."""
    notices: dict[tuple[str, str | None], Notice] = {}
    speaking: list[str] = []
    flagged: list[str] = []
    for record in records:
        if record.carries_updates or record.retracted is not None:
            speaking.append(record.service)
        if record.retracted:
            flagged.append(record.service)
        for notice in record.notices:
            notices.setdefault((notice.kind, notice.doi), notice)
    found = list(notices.values())
    kinds = {n.kind for n in found}
    sources = tuple(dict.fromkeys(speaking))
    if kinds & RETRACTING or flagged:
        if not kinds & RETRACTING:
            found += [Notice("retraction", None, None, service) for service in flagged]
        return Retraction("retracted", tuple(found), sources)
    if "expression_of_concern" in kinds:
        return Retraction("expression_of_concern", tuple(found), sources)
    if "correction" in kinds:
        return Retraction("correction", tuple(found), sources)
    return Retraction("none" if sources else "unknown", tuple(found), sources)
