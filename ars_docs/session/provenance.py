"""The §3.3 cite-time provenance matrix as one pure function, and lookup's overlay.

``classify`` is total over all 8 combinations of the three trust facts; a slug
that is absent from the corpus has its own status, ``NOT_IN_CORPUS`` (the
spec's matrix is silent there; ars-docs never lets a hallucinated key pass).

``with_lookup`` lays what ``ars-docs lookup`` found about the work over the
matrix (issue 21; ``docs/gate.md``): a work no source has (proved by its
identifier's authority), an entry whose identifier names another work, and an
unacknowledged retraction or expression of concern each have a status of
their own, at HIGH-WARN rank, whatever the three facts say. Everything else
keeps the matrix's status.

=================  ===============================  ==================  ===========
source_acquired    source_verified_against_original human_read_source   status
=================  ===============================  ==================  ===========
false              any                              any                 HIGH-WARN
true               false                            any                 MED-WARN
true               true                             false               LOW-WARN
true               true                             true                ok
=================  ===============================  ==================  ===========
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class Status(str, Enum):
    """Resolution status of one citation marker; the values are the public names."""

    OK = "ok"
    LOW_WARN = "LOW-WARN"
    MED_WARN = "MED-WARN"
    HIGH_WARN = "HIGH-WARN"
    SOURCE_NOT_FOUND = "SOURCE-NOT-FOUND"
    METADATA_MISMATCH = "METADATA-MISMATCH"
    RETRACTED = "RETRACTED"
    EXPRESSION_OF_CONCERN = "EXPRESSION-OF-CONCERN"
    NOT_IN_CORPUS = "NOT-IN-CORPUS"
    MALFORMED = "MALFORMED"

    def __str__(self) -> str:
        return self.value


#: Report order, most trusted first.
STATUS_ORDER: tuple[Status, ...] = tuple(Status)
#: The statuses lookup's evidence sets (HIGH-WARN rank; ``with_lookup``).
LOOKUP_STATUSES: frozenset[Status] = frozenset(
    {
        Status.SOURCE_NOT_FOUND,
        Status.METADATA_MISMATCH,
        Status.RETRACTED,
        Status.EXPRESSION_OF_CONCERN,
    }
)


@dataclass(frozen=True, slots=True)
class TrustFacts:
    """The three facts the matrix reads, already in their conservative sense."""

    source_acquired: bool
    source_verified_against_original: bool
    human_read_source: bool


def classify(facts: TrustFacts | None) -> Status:
    """Return the status the §3.3 matrix assigns; ``None`` means not in corpus."""
    if facts is None:
        return Status.NOT_IN_CORPUS
    if not facts.source_acquired:
        return Status.HIGH_WARN
    if not facts.source_verified_against_original:
        return Status.MED_WARN
    if not facts.human_read_source:
        return Status.LOW_WARN
    return Status.OK


def with_lookup(status: Status, blocking: str | None, retraction: str | None) -> Status:
    """``status`` with lookup's evidence laid over it (see the module docstring).

    ``blocking`` is ``not_found`` / ``mismatch`` (or ``None``), ``retraction`` an
    unacknowledged ``retracted`` / ``expression_of_concern`` (or ``None``). What the
    work *is* comes first: a retraction of another work says nothing about this one.
    """
    if status is Status.NOT_IN_CORPUS or status is Status.MALFORMED:
        return status
    if blocking == "not_found":
        return Status.SOURCE_NOT_FOUND
    if blocking == "mismatch":
        return Status.METADATA_MISMATCH
    if retraction == "retracted":
        return Status.RETRACTED
    if retraction == "expression_of_concern":
        return Status.EXPRESSION_OF_CONCERN
    return status


def count_statuses(statuses: Iterable[Status | str]) -> dict[str, int]:
    """Counts per status name, every status present (zero included), in report order."""
    counts = {status.value: 0 for status in STATUS_ORDER}
    for status in statuses:
        counts[str(status)] += 1
    return counts


def shown_counts(counts: dict[str, int]) -> list[tuple[str, int]]:
    """Counts for people to read: lookup's statuses only when some citation has one."""
    # Status is a str enum: a status name is found in LOOKUP_STATUSES as it is.
    return [(name, count) for name, count in counts.items() if count or name not in LOOKUP_STATUSES]
