"""settle: finalize's rewrites must not change how the draft is read (issue 17).

A line that starts with a marker comment is raw HTML to CommonMark readers;
the same line starting with a visible ``[UNVERIFIED CITATION …]`` prefix is
markdown. So when resolve adds a prefix to such a marker, or takes one away,
the rest of the line can flip between the two: a backtick pair becomes a
code span (and a marker inside it stops being a marker), or the reverse.
Finalize would then not be idempotent, and the checklist would describe a
draft that no longer exists.

Only edits that change whether a line starts with ``<`` can do that, so only
then is the rewritten draft read again (``document.parse.reading``) and finalized
once more in memory (a second pass must change nothing). Each edit whose line
reads differently afterwards is dropped, and its marker reported as
malformed with advice to move it: left as it is, the gate refuses it.

Then, where a line starts with a marker and holds something stripping could
turn into code or out of it, the strict strip is tried now, and each place
where it would change the reading is a warning (ARS010): render --strict
will refuse the draft there (``strip-changes-reading``).
"""

from __future__ import annotations

import bisect
import dataclasses
import re

from ars_docs.core.codes import MALFORMED_MARKER
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.document.markers import CLAIM_MALFORMED, LINE_PREFIX
from ars_docs.document.passes.extract import draft_code, extract
from ars_docs.document.passes.resolve import resolve
from ars_docs.document.passes.strip import strip_edits
from ars_docs.document.pipeline import DocState, Resolution
from ars_docs.document.text import Document, Edit, EditMap, Span
from ars_docs.session.provenance import Status

#: Rounds of dropping edits before every line-start edit is dropped at once.
_ROUNDS = 3

PROBLEM = (
    "it starts a line, and writing its status there would change how markdown reads the "
    "rest of the line (a line that starts with '<!--' is raw HTML; one that starts with "
    "'[' is markdown); move the marker after the text it cites, e.g. to the end of the "
    "previous line"
)
#: For a warning an earlier ars-docs wrote at the start of a line (issue 25).
LEGACY_PROBLEM = (
    "its warning starts a line (an earlier ars-docs wrote it there), and taking the warning "
    "away would turn the rest of the line from markdown into raw HTML; join this line to the "
    "end of the previous one (or put a word before the warning) and finalize again"
)


def settle(state: DocState) -> None:
    doc = state.document
    risky = [edit for edit in state.edits if _flips(doc, edit)]
    rounds = 0
    while risky:
        blamed = _blamed(state, risky)
        if not blamed:
            break
        rounds += 1
        if rounds >= _ROUNDS:
            blamed = set(risky)
        _drop(state, blamed)
        risky = [edit for edit in risky if edit not in blamed]
    _foresee_strip(state)


#: What on the rest of a line, or at the start of the next, can read differently
#: once a marker that starts the line is stripped: code spans, tags, indentation.
_STRIP_SENSITIVE = re.compile(r"[`<]|\n[ \t]")


def _foresee_strip(state: DocState) -> None:
    """Warn now (ARS010) where render --strict will refuse: stripping changes the reading.

    Only lines that start with a marker and hold something stripping could turn
    into code (or out of it) are checked, so most drafts pay nothing.
    """
    doc = state.document
    text = doc.text
    markers = [m for m in state.markers if not m.malformed]
    suspect = False
    for marker in markers:
        line = doc.position(marker.span.start)[0] - 1
        bounds = doc.line_span(line)
        if not LINE_PREFIX.fullmatch(text, bounds.start, marker.span.start):
            continue
        after_line = doc.line_starts[line + 1] + 1 if line + 1 < doc.line_count else bounds.end
        if _STRIP_SENSITIVE.search(text, marker.span.end, min(after_line, len(text))):
            suspect = True
            break
    if not suspect:
        return
    from ars_docs.document.parse.reading import reading_warnings, reread  # only for suspect lines

    removals = [m.span for m in markers] + [Span(w.start, w.end) for w in state.waivers]
    changes = reread(doc, draft_code(state), strip_edits(doc, removals)).changes
    state.diagnostics.extend(
        reading_warnings(
            doc, changes, "render --strict will refuse this draft here (strip-changes-reading)"
        )
    )


def _flips(doc: Document, edit: Edit) -> bool:
    """The edit starts at a line's content and changes whether it starts with ``<``."""
    text = doc.text
    start = edit.span.start
    line_start = doc.line_span(doc.position(start)[0] - 1).start
    if not LINE_PREFIX.fullmatch(text, line_start, start):
        return False
    return text.startswith("<", start) != edit.replacement.startswith("<")


def _blamed(state: DocState, risky: list[Edit]) -> set[Edit]:
    """The risky edits after which the rewritten draft reads differently."""
    from ars_docs.document.parse.reading import reread  # only when an edit is risky

    doc = state.document
    edits = sorted(state.edits, key=lambda e: e.span.start)
    again = reread(
        doc,
        draft_code(state),
        edits,
        state.occurrence_starts,
        keep_rewritten=True,
        stripping=False,
    )
    places = [offset for offset, _ in again.changes]
    if again.reading is not None:
        # Every marker and warning must still be read as one: those outside the
        # edits where they were, each rewritten marker inside its edit.
        mapping = EditMap(edits)
        rewritten: set[int] = set()
        kept: set[int] = set()
        for occ in again.reading.occurrences:
            if mapping.inside(occ.start):
                if occ.kind == "comment":
                    rewritten.add(mapping.to_draft(occ.start))
            else:
                kept.add(mapping.to_draft(occ.start))
        places.extend(
            start
            for start in state.occurrence_starts
            if start not in kept and not _in_any(edits, start)
        )
        places.extend(e.span.start for e in edits if e.span.start not in rewritten)
        # And finalize must be done: a second pass over the rewritten draft changes
        # nothing (a backslash before a prefix is user text in raw HTML but an
        # escape in markdown, so it can flip with the line).
        probe = DocState(Document(again.text, path=doc.path), trust=state.trust, clock=state.clock)
        extract(probe)
        resolve(probe)
        held = {
            r.marker.span.start
            for r in state.resolutions
            if r.marker.problem in (PROBLEM, LEGACY_PROBLEM)
        }
        places.extend(
            place
            for place in (mapping.to_draft(edit.span.start) for edit in probe.edits)
            if place not in held  # a marker held back in an earlier round stays as it is
        )
    places = [p for p in places if not _benign_unwrap(doc, risky, p)]
    if not places:
        return set()
    starts = [edit.span.start for edit in risky]
    blamed: set[Edit] = set()
    for place in places:
        index = bisect.bisect_right(starts, place) - 1
        blamed.add(risky[max(index, 0)])
    return blamed


#: What markdown reads differently from raw HTML on the rest of a line.
_MARKDOWN_SYNTAX = re.compile(r"[`*_\[\]<>&\\!~|$]")
#: A line a paragraph line after it may continue lazily, or a setext underline.
_CONTAINER_OR_UNDERLINE = re.compile(
    r" {0,3}(?:>|[-*+][ \t]|\d{1,9}[.)][ \t])|.*\||(?: {0,3}(?:-+|=+)[ \t]*$)"
)


def _benign_unwrap(doc: Document, risky: list[Edit], place: int) -> bool:
    """``place`` is on the line of an edit that takes away a line-start warning, harmlessly.

    An earlier ars-docs wrote ``[UNVERIFIED …]<!--ref:k-->`` at the start of a
    line (issue 25); once the source is verified, the marker there starts with
    ``<!--`` again: the line becomes the one-line HTML block it was before
    that warning was written. That changes nothing a reader sees when the rest
    of the line holds plain words and the lines around it are plain paragraph
    lines (no quote, list or table it could leave, no underline below it).
    """
    text = doc.text
    line = doc.position(place)[0] - 1
    bounds = doc.line_span(line)
    for edit in risky:
        start = edit.span.start
        if not (bounds.start <= start <= bounds.end) or not edit.replacement.startswith("<"):
            continue
        if text[bounds.start : start].strip(" ") or not text.startswith(("[", "\\["), start):
            return False  # inside a container, or not a warning taken away
        if _MARKDOWN_SYNTAX.search(text, edit.span.end, bounds.end):
            return False
        for neighbour in (line - 1, line + 1):
            if 0 <= neighbour < doc.line_count:
                around = doc.line_text(neighbour)
                if around.strip() and (
                    _CONTAINER_OR_UNDERLINE.match(around) or around[:1] in " \t"
                ):
                    return False
        return True
    return False


def _in_any(edits: list[Edit], offset: int) -> bool:
    index = bisect.bisect_right([e.span.start for e in edits], offset) - 1
    return index >= 0 and offset < edits[index].span.end


def _drop(state: DocState, blamed: set[Edit]) -> None:
    doc = state.document
    spans = {edit.span for edit in blamed}
    state.edits = [edit for edit in state.edits if edit not in blamed]
    for index, res in enumerate(state.resolutions):
        if res.marker.span not in spans:
            continue
        legacy = doc.text.startswith(("[", "\\["), res.marker.span.start)
        problem = LEGACY_PROBLEM if legacy else PROBLEM
        marker = dataclasses.replace(res.marker, slug=None, claim=CLAIM_MALFORMED, problem=problem)
        state.resolutions[index] = Resolution(marker, Status.MALFORMED, None)
        state.markers = [marker if m.span == marker.span else m for m in state.markers]
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                *doc.position(marker.comment_start),
                MALFORMED_MARKER,
                Severity.ERROR,
                f"citation marker {res.marker.text!r} for {res.marker.slug!r} is left as it "
                f"is: {problem}",
                slug=res.marker.slug,
            )
        )
