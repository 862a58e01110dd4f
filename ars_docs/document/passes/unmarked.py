"""unmarked: citation-shaped prose with no marker (issue 10 §1; §3.3 Step 1).

The gate can only check citations that carry a ``<!--ref:SLUG-->`` marker, so a
citation whose marker was deleted would reach the final document unchecked.
This pass finds citation-shaped text (``document.detect.citations``) in prose and covers
it with the markers of its sentence (``document.parse.sentences``, issue 24 §2), each
marker counting once and for one cited work: the markers inside or right
after a citation first, then the sentence's other markers in order. A marker
between two sentences (after one's period, before the next one's first word)
counts for the sentence before it when that one still needs a marker, else
for the next. A text with fewer markers than the works it cites is
*unmarked*: reported by finalize (ARS005, naming the text that lacks a
marker), listed in the checklist as must-fix, refused by the gate.

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
from dataclasses import dataclass, field

from ars_docs.core import codes
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.document.detect.candidate import Candidate, CitationText, merge_candidates
from ars_docs.document.detect.citations import find_candidates, superscript_tags
from ars_docs.document.detect.patterns import WORTH_SCANNING
from ars_docs.document.parse.prose import Waiver, mask
from ars_docs.document.parse.sentences import sentences
from ars_docs.document.passes.extract import DIAGNOSTIC_CAP
from ars_docs.document.pipeline import DocState

#: A paragraph without any of these holds no citation-shaped text and no waiver.
_NOTHING_TO_SEE = re.compile(WORTH_SCANNING.pattern + r"|(?i:not-a-citation)")
#: What may stand between a citation and its own marker: ``(Smith, 2020).<!--ref:s-->``.
_ADJACENT = re.compile(r"[\s.,;:!?)\]）。，、]*")


@dataclass
class _Sentence:
    start: int
    end: int
    cands: list[Candidate] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)  # region offsets of its markers
    gap: list[int] = field(default_factory=list)  # markers after it, before the next one
    next_start: int = 0  # where the next sentence starts (waivers after the period count)

    @property
    def need(self) -> int:
        return sum(c.works for c in self.cands)


def unmarked(state: DocState) -> None:
    doc = state.document
    text = doc.text
    # A marker sits where its span starts: its visible warning prefix, if any, is part of it.
    starts = [m.span.start for m in state.markers]  # document order: already sorted
    found: list[CitationText] = []
    waivers: list[Waiver] = []
    # Code readers disagree on is text (issue 33): its code spans are not blanked.
    disputed = [
        (doc.line_starts[p.first], doc.line_span(min(p.end, doc.line_count) - 1).end)
        for p in state.disputed
        if p.first < doc.line_count
    ]
    for start, end in state.prose:
        if _NOTHING_TO_SEE.search(text, start, end) is None:
            continue  # no bracket, digit, back reference or waiver: nothing can be found
        keep = [(a, b) for a, b in disputed if a < end and start < b] if disputed else ()
        masked, region_waivers = mask(text, start, end, keep)
        waivers.extend(region_waivers)
        candidates = find_candidates(masked)
        if "<sup" in text[start:end] or "<SUP" in text[start:end]:
            candidates = merge_candidates(candidates, superscript_tags(text[start:end], masked))
        used_waivers: set[int] = set()
        waiver_starts = [w.start for w in region_waivers]
        if candidates:
            lo = bisect.bisect_left(starts, start)
            hi = bisect.bisect_left(starts, end)
            marks = [starts[i] - start for i in range(lo, hi)]
            if _all_adjacent(masked, candidates, marks):
                sentences_of_region: list[_Sentence] = []  # the common case: nothing to report
            else:
                masked = _without_prefixes(masked, state, lo, hi, start)
                sentences_of_region = _covered(masked, candidates, marks)
            for sentence in sentences_of_region:
                for cand, count in _matched(masked, sentence):
                    if count >= cand.works:
                        continue
                    waiver = _waiver_for(
                        region_waivers, waiver_starts, cand, sentence, start, used_waivers
                    )
                    c_start, c_end = start + cand.start, start + cand.end
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
                            len(sentence.cands),
                            len(sentence.markers),
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


def _without_prefixes(masked: str, state: DocState, lo: int, hi: int, base: int) -> str:
    """Blank the visible ``[UNVERIFIED CITATION …]`` prefixes: part of their marker.
    One join over the region, however many markers (a hostile paragraph stays linear)."""
    pieces: list[str] = []
    cursor = 0
    for marker in state.markers[lo:hi]:
        if marker.comment_start > marker.span.start >= base + cursor:
            a, b = marker.span.start - base, marker.comment_start - base
            pieces.append(masked[cursor:a])
            pieces.append(" " * (b - a))
            cursor = b
    if not pieces:
        return masked
    pieces.append(masked[cursor:])
    return "".join(pieces)


def _all_adjacent(masked: str, candidates: list[Candidate], marks: list[int]) -> bool:
    """Whether each citation has its markers inside it or right after it (in order)."""
    index, count = 0, len(marks)
    for cand in candidates:
        index = bisect.bisect_left(marks, cand.start, index)
        for _ in range(cand.works):
            if index >= count:
                return False
            mark = marks[index]
            if mark > cand.end and _ADJACENT.fullmatch(masked, cand.end, mark) is None:
                return False
            index += 1
    return True


def _covered(masked: str, candidates: list[Candidate], marks: list[int]) -> list[_Sentence]:
    """The sentences holding citations, each with the markers that count for it."""
    spans = sentences(masked, [(c.start, c.end) for c in candidates])
    if not spans:
        return []
    found = [_Sentence(s, e) for s, e in spans]
    for sentence, following in zip(found, [s for s, _ in spans[1:]] + [len(masked)], strict=True):
        sentence.next_start = following
    starts = [s for s, _ in spans]
    for cand in candidates:
        found[max(0, bisect.bisect_right(starts, cand.start) - 1)].cands.append(cand)
    for mark in marks:
        index = bisect.bisect_right(starts, mark) - 1
        if index < 0:
            found[0].markers.append(mark)  # before the first sentence: it opens it
        elif mark < found[index].end:
            found[index].markers.append(mark)
        else:
            found[index].gap.append(mark)
    for index, sentence in enumerate(found):
        if index + 1 == len(found):
            sentence.markers.extend(sentence.gap)
            break
        wanted = max(0, sentence.need - len(sentence.markers))
        sentence.markers.extend(sentence.gap[:wanted])
        found[index + 1].markers[:0] = sentence.gap[wanted:]
    return [s for s in found if s.cands]


def _matched(masked: str, sentence: _Sentence) -> list[tuple[Candidate, int]]:
    """Each citation of the sentence with the number of markers that cover it."""
    marks = sorted(sentence.markers)
    counts = [0] * len(sentence.cands)
    free = [True] * len(marks)
    # First the markers inside a citation or right after it (only punctuation between).
    for number, cand in enumerate(sentence.cands):
        index = bisect.bisect_left(marks, cand.start)
        while index < len(marks) and counts[number] < cand.works:
            mark = marks[index]
            if mark >= cand.end and _ADJACENT.fullmatch(masked, cand.end, mark) is None:
                break
            if free[index]:
                free[index] = False
                counts[number] += 1
            index += 1
    # Then the sentence's other markers, in order.
    rest = iter(index for index in range(len(marks)) if free[index])
    for number, cand in enumerate(sentence.cands):
        while counts[number] < cand.works and next(rest, None) is not None:
            counts[number] += 1
    return list(zip(sentence.cands, counts, strict=True))


def _waiver_for(
    waivers: list[Waiver],
    starts: list[int],
    cand: Candidate,
    sentence: _Sentence,
    base: int,
    used: set[int],
) -> Waiver | None:
    """The first unused waiver after ``cand`` in its sentence (or right after its period)."""
    index = bisect.bisect_left(starts, base + cand.end)
    while index < len(waivers):
        at = waivers[index].start - base
        if at >= sentence.next_start:
            return None
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
    if cite.sentence_citations > 1:
        return (
            f" (its sentence has {cite.sentence_citations} citation-shaped texts and "
            f"{cite.sentence_markers} marker(s); this one is not covered)"
        )
    if cite.markers and cite.works > cite.markers:
        return f" (cites {cite.works} works, has {cite.markers} marker(s))"
    return ""
