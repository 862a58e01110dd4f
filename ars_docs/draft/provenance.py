"""The §3.3 cite-time provenance matrix as one pure function.

``classify`` is total over all 8 combinations of the three trust facts; a slug
that is absent from the corpus has its own status, ``NOT_IN_CORPUS`` (the
spec's matrix is silent there; ars-docs never lets a hallucinated key pass).

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
    NOT_IN_CORPUS = "NOT-IN-CORPUS"
    MALFORMED = "MALFORMED"

    def __str__(self) -> str:
        return self.value


#: Report order, most trusted first.
STATUS_ORDER: tuple[Status, ...] = tuple(Status)


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


def count_statuses(statuses: Iterable[Status | str]) -> dict[str, int]:
    """Counts per status name, every status present (zero included), in report order."""
    counts = {status.value: 0 for status in STATUS_ORDER}
    for status in statuses:
        counts[str(status)] += 1
    return counts
