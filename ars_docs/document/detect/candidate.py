"""One citation-shaped text (``Candidate``), how it is covered (``CitationText``), merging lists.

The detector (``document.detect.citations``) finds candidates; the unmarked
pass (``document.passes.unmarked``) counts the markers that cover each one and
reports it as a ``CitationText``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Form = Literal["parenthetical", "narrative", "numeric", "back-reference", "case"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One citation-shaped text: ``[start, end)`` in the draft, how many works it cites."""

    start: int
    end: int
    form: Form
    works: int


def merge_candidates(found: list[Candidate], more: list[Candidate]) -> list[Candidate]:
    """Two candidate lists as one, in order, without overlaps."""
    return without_overlaps(found + more) if more else found


def without_overlaps(found: list[Candidate]) -> list[Candidate]:
    """``found`` in order, the longer of any two that overlap kept."""
    # Narrative ``Smith (2013)`` and a group ``(2013)`` never both match (a group
    # needs a name inside); keep the longer of any two that overlap.
    found.sort(key=lambda c: (c.start, -(c.end - c.start)))
    kept: list[Candidate] = []
    for cand in found:
        if kept and cand.start < kept[-1].end:
            continue
        kept.append(cand)
    return kept


@dataclass(frozen=True, slots=True)
class CitationText:
    """A citation-shaped text in the draft and how it is covered.

    ``markers`` counts the markers of its sentence that cover it; it is
    *unmarked* when fewer than ``works`` and no waiver follows it.
    ``sentence_citations`` and ``sentence_markers`` describe its sentence.
    """

    start: int
    end: int
    line: int
    col: int
    text: str
    form: Form
    works: int
    markers: int
    waiver_reason: str | None = None
    sentence_citations: int = 1
    sentence_markers: int = 0

    @property
    def waived(self) -> bool:
        return self.waiver_reason is not None

    @property
    def excerpt(self) -> str:
        flat = " ".join(self.text.split())
        return flat if len(flat) <= 80 else flat[:79] + "…"
