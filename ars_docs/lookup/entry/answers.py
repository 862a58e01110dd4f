"""What one registry answered to one question: the unit of lookup's evidence.

Every question lookup asks (a DOI at Crossref, a title at OpenAlex, an id at
arXiv …) ends in one ``Answer``: records found, an *absence* (the service
answered and has nothing), or a *failure* (no usable answer: timeout, 5xx,
429, a body that is not what the service documents). Failures are never read
as absences, and an absence proves that an identifier does not exist only
where the service is the authority for it (``proof``): the DOI system for a
DOI, arXiv for an arXiv id, Europe PMC for a PMID.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ars_docs.lookup.entry.record import WorkRecord

__all__ = ["Answer", "Outcome"]


class Outcome(str, Enum):
    FOUND = "found"
    ABSENT = "absent"
    FAILED = "failed"


@dataclass(frozen=True)
class Answer:
    service: str
    asked: str
    """What was asked, for people: ``doi 10.1/x``, ``search "On X"``, ``arxiv 2101.00001``."""
    outcome: Outcome
    records: tuple[WorkRecord, ...] = ()
    proof: bool = False
    """An absence from the authority for the identifier asked: it does not exist."""
    detail: str = ""
    url: str | None = None
    status: int | None = None
    cached: bool = False
    """Answered from the response cache (nothing was sent)."""

    @property
    def answered(self) -> bool:
        return self.outcome is not Outcome.FAILED

    def to_dict(self) -> dict[str, Any]:
        return {
            "service": self.service,
            "asked": self.asked,
            "outcome": self.outcome.value,
            "records": len(self.records),
            "proof": self.proof,
            "detail": self.detail,
            "url": self.url,
            "http_status": self.status,
            "cached": self.cached,
        }
