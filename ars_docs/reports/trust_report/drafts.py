"""One draft's part of the report: its citations as finalize resolves them, and the gate.

Everything comes from an ``Inspection`` of the draft as it is on disk
(``commands.drafts.inspect``: finalize's resolution and the strict gate, under
the session's gate policy, on one reading of the draft): the statuses are those
the next ``finalize`` would write, the verdict is the one ``render --strict``
would give now. The draft is not changed.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ars_docs.document.api import Inspection
from ars_docs.document.renderers.html_document import document_title
from ars_docs.reports.trust_report.statuses import UNMARKED, empty_counts

__all__ = ["FIRST_REASONS", "DraftPart", "draft_part"]

#: How many of the gate's reasons the overview lists per draft.
FIRST_REASONS = 5


class DraftPart:
    """The draft's data (``data``, JSON-ready) and its text, which only the page shows."""

    def __init__(self, data: dict[str, Any], text: str) -> None:
        self.data = data
        self.text = text


def draft_part(draft_id: str, path: str, text: str, result: Inspection) -> DraftPart:
    verdict = result.gate
    counts = empty_counts()
    citations = []
    for index, c in enumerate(result.citations, 1):
        counts[c.status] += 1
        citations.append(
            {
                "id": f"{draft_id}-c{index}",
                "slug": c.slug,
                "status": c.status,
                "draft_shows": c.previous,
                "line": c.line,
                "col": c.col,
                "section": list(c.section),
                "start": c.start,
                "end": c.end,
                "problem": c.problem,
            }
        )
    unmarked = []
    waived = []
    for index, cite in enumerate(result.citation_texts, 1):
        item = {
            "id": f"{draft_id}-u{index}",
            "text": cite.excerpt,
            "line": cite.line,
            "col": cite.col,
            "start": cite.start,
            "end": cite.end,
            "works": cite.works,
            "markers": cite.markers,
        }
        if cite.waived:
            waived.append({**item, "reason": cite.waiver_reason or None})
        else:
            counts[UNMARKED] += 1
            unmarked.append(item)
    offenders = verdict.offenders
    data = {
        "id": draft_id,
        "path": path,
        "title": document_title(text, Path(path).stem or path),
        "citations": len(citations),
        "counts": counts,
        "strict": {
            "passed": verdict.passed,
            "problems": len(offenders),
            "reasons": dict(Counter(o.reason for o in offenders)),
            "existence_checked": verdict.existence_checked,
            "first_reasons": [
                {
                    "line": o.line,
                    "col": o.col,
                    "reason": o.reason,
                    "slug": o.slug if o.slug != "-" else None,
                    "detail": o.detail or None,
                }
                for o in offenders[:FIRST_REASONS]
            ],
        },
        "citation_list": citations,
        "unmarked": unmarked,
        "waived": waived,
    }
    return DraftPart(data, text)
