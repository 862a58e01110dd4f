"""unmarked: citation-shaped prose with no marker (issue 10 §1; §3.3 Step 1).

The gate can only check citations that carry a ``<!--ref:SLUG-->`` marker, so a
citation whose marker was deleted would reach the final document unchecked.
This pass finds citation-shaped text (``draft.citations``) in prose and counts
the markers inside it or after it in the same sentence (before the next
citation-shaped text; agents put the marker right after the citation, a
reviser may move it behind a word or two), each marker counting once. A text
with fewer markers than the works it cites is *unmarked*: reported by finalize
(ARS005), listed in the checklist as must-fix, refused by the gate.

A reviewed false positive is waived in the draft, visibly, by writing
``<!--not-a-citation-->`` (optionally ``<!--not-a-citation: REASON-->``)
after the text, in the same sentence. A waived text is never silent: finalize
and render report it (ARS006) and the checklist lists it with its reason. A waiver that
follows no citation-shaped text waives nothing and is reported (ARS007).
Render removes waivers with the markers.
"""

from __future__ import annotations

import bisect
import re

from ars_docs import codes
from ars_docs.diagnostics import Diagnostic, Severity
from ars_docs.draft.citations import CitationText, find_candidates
from ars_docs.draft.passes.extract import DIAGNOSTIC_CAP
from ars_docs.draft.pipeline import DocState
from ars_docs.draft.prose import Waiver, mask

#: Where a sentence (or clause) ends: a citation's marker comes before it.
_SENTENCE_END = re.compile(r"[.!?;。！？；](?=\s|$)|\n[ \t>]*\n")
#: How far after a citation its marker may be (it normally follows at once).
_REACH = 160


def unmarked(state: DocState) -> None:
    doc = state.document
    text = doc.text
    starts = [m.span.start for m in state.markers]  # document order: already sorted
    comments = [m.comment_start for m in state.markers]
    claimed: set[int] = set()
    found: list[CitationText] = []
    waivers: list[Waiver] = []
    for start, end in state.prose:
        masked, region_waivers = mask(text, start, end)
        waivers.extend(region_waivers)
        waiver_starts = [w.start for w in region_waivers]
        used_waivers: set[int] = set()
        candidates = find_candidates(masked)
        for index, cand in enumerate(candidates):
            c_start, c_end = start + cand.start, start + cand.end
            following = start + candidates[index + 1].start if index + 1 < len(candidates) else end
            stop = _window_end(masked, cand.end, following - start) + start
            count = 0
            # markers inside the citation text, then those after it in the same sentence
            lo = bisect.bisect_left(comments, c_start)
            hi = bisect.bisect_left(starts, stop)
            for marker_index in range(lo, hi):
                if marker_index not in claimed and comments[marker_index] >= c_start:
                    claimed.add(marker_index)
                    count += 1
            if count >= cand.works:
                continue
            waiver = _waiver_in(region_waivers, waiver_starts, c_end, stop, used_waivers)
            line, col = doc.position(c_start)
            found.append(
                CitationText(
                    c_start,
                    c_end,
                    line,
                    col,
                    text[c_start:c_end],
                    cand.form,
                    cand.works,
                    count,
                    waiver.reason if waiver is not None else None,
                )
            )
        for number, stray in enumerate(region_waivers):
            if number in used_waivers:
                continue
            state.diagnostics.append(
                Diagnostic(
                    doc.path,
                    *doc.position(stray.start),
                    codes.STRAY_WAIVER,
                    Severity.WARNING,
                    "<!--not-a-citation--> waives nothing: no unmarked citation-shaped text "
                    "comes before it in its sentence; put it right after the text it waives, "
                    "or delete it",
                )
            )
    state.citation_texts = found
    state.waivers = waivers
    _report(state)


def _window_end(masked: str, pos: int, limit: int) -> int:
    """End of the sentence after a citation (bounded), never past the next citation."""
    limit = min(limit, pos + _REACH)
    match = _SENTENCE_END.search(masked, pos, limit)
    return match.end() if match else limit


def _waiver_in(
    waivers: list[Waiver], starts: list[int], lo: int, hi: int, used: set[int]
) -> Waiver | None:
    index = bisect.bisect_left(starts, lo)
    while index < len(starts) and starts[index] < hi:
        if index not in used:
            used.add(index)
            return waivers[index]
        index += 1
    return None


def _report(state: DocState) -> None:
    doc = state.document
    unmarked_texts = [c for c in state.citation_texts if not c.waived]
    waived = [c for c in state.citation_texts if c.waived]
    for cite in unmarked_texts[:DIAGNOSTIC_CAP]:
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                cite.line,
                cite.col,
                codes.UNMARKED_CITATION,
                Severity.ERROR,
                f"citation with no marker: {cite.excerpt!r}"
                f"{_count(cite)}; add <!--ref:SLUG--> right after it, or, if it is not a "
                "citation, <!--not-a-citation: REASON-->",
            )
        )
    for cite in waived[:DIAGNOSTIC_CAP]:
        reason = f" ({cite.waiver_reason})" if cite.waiver_reason else ""
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                cite.line,
                cite.col,
                codes.WAIVED_CITATION,
                Severity.WARNING,
                f"citation-shaped text {cite.excerpt!r} accepted without a marker by "
                f"<!--not-a-citation-->{reason}",
            )
        )
    for items, code, what in (
        (unmarked_texts, codes.UNMARKED_CITATION, "citation(s) with no marker"),
        (waived, codes.WAIVED_CITATION, "waived citation-shaped text(s)"),
    ):
        if len(items) > DIAGNOSTIC_CAP:
            state.diagnostics.append(
                Diagnostic(
                    doc.path,
                    0,
                    0,
                    code,
                    Severity.ERROR if code == codes.UNMARKED_CITATION else Severity.WARNING,
                    f"… and {len(items) - DIAGNOSTIC_CAP} more {what} (first "
                    f"{DIAGNOSTIC_CAP} shown; see the checklist)",
                )
            )


def _count(cite: CitationText) -> str:
    if cite.markers and cite.works > cite.markers:
        return f" (cites {cite.works} works, has {cite.markers} marker(s))"
    return ""
