"""extract: find every marker in the draft's prose (§3.3 Step 1 markers).

Reads ``state.document``; writes ``state.markers`` (in document order),
``state.orphan_warnings`` (warning text not attached to a marker) and a
diagnostic for every malformed marker. Markers in code and front matter are
never found (see ``ars_docs.document.parse.mdparse``).

Warning text is found as a reader sees it (``document.parse.visible``: invisible
characters, look-alike brackets and letters). Only a plainly written warning
can be a marker's prefix, which finalize rewrites; one written with invisible
or look-alike characters is an orphan (ARS002, refused by the gate), unless
it lies inside a plain prefix that finalize rewrites anyway.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ars_docs.core.codes import MALFORMED_MARKER, ORPHAN_WARNING
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.document.citekeys import Citation, find_citations
from ars_docs.document.markers import (
    CLAIM_BARE,
    CLAIM_MALFORMED,
    LINE_START_ANCHOR,
    PREFIX_RE,
    SLUG_RE,
    Marker,
    ParsedComment,
    claim_of,
    parse_comment,
    starts_line,
)
from ars_docs.document.parse.mdhooks import CODE_MARKS
from ars_docs.document.parse.mdparse import Occurrence, Reading, heading_text, read
from ars_docs.document.parse.mdtokens import parse_tokens
from ars_docs.document.parse.visible import disguise, disguised
from ars_docs.document.passes.gate import hidden_noter
from ars_docs.document.pipeline import DocState
from ars_docs.document.text import Document, Span

if TYPE_CHECKING:
    from markdown_it.token import Token
from ars_docs.document.parse.prose import prose_regions

#: Diagnostics of one cause printed one by one; the rest are counted in one line
#: (a draft of 6,000 broken markers must not print 6,000 lines).
DIAGNOSTIC_CAP = 50


def _block_quotes(tokens: list[Token]) -> list[tuple[int, int]]:
    """The line ranges of the outermost block quotes, in document order."""
    found: list[tuple[int, int]] = []
    depth = 0
    for token in tokens:
        if token.type == "blockquote_open":
            depth += 1
            if depth == 1 and token.map is not None:
                found.append((token.map[0], token.map[1]))
        elif token.type == "blockquote_close":
            depth -= 1
    return found


def extract(state: DocState) -> None:
    doc = state.document
    options = state.options
    keep = options.keep_children or options.keep_tokens
    # Without the children, the gate's hidden-text check reads what this hook noted.
    hook = hidden_noter(doc) if keep and options.strict and not options.keep_children else None
    stats: dict[str, int] = {}
    tokens = parse_tokens(doc, keep_children=options.keep_children, on_inline=hook, stats=stats)
    state.code_marks = stats.get(CODE_MARKS, 0)
    # The code ranges are for the rewrite checks of the gate and the preview; finalize
    # reads them again only when a rewrite could change the reading (passes/settle.py).
    reading = read(doc, tokens, with_code=keep)
    occurrences = reading.occurrences
    state.front_matter = reading.front_matter
    state.disputed = reading.disputed
    if keep:
        state.reading = reading
    state.occurrence_starts = [occ.start for occ in occurrences]
    state.prose = prose_regions(doc, tokens)
    state.block_quotes = _block_quotes(tokens) if ">" in doc.text else []
    citations = find_citations(doc.text, state.prose)
    sections = _sections(tokens) if citations else []
    # Only pipelines that read the text again keep the tree; for finalize, holding
    # it through the later passes would double peak memory on a large draft.
    state.tokens = tokens if keep else []
    del tokens
    warnings: dict[int, list[int]] = {}
    for occ in occurrences:
        # Only a plain warning can be a prefix: finalize rewrites prefixes, and never
        # text written to look like its own (the reading stays what it was before).
        if occ.kind == "warning" and not disguised(doc.text[occ.start : occ.end]):
            warnings.setdefault(occ.owner, []).append(occ.start)
    attached: set[int] = set()
    markers: list[Marker] = []
    previous_end = 0
    malformed = 0
    # Where a chain of markers after a pandoc or LaTeX citation may continue.
    chain = {c.end for c in citations}
    for occ in occurrences:
        if occ.kind == "warning":
            continue
        marker = _marker(doc, occ, warnings.get(occ.owner, ()), previous_end, chain)
        if _chained(doc.text, marker.span.start, chain):
            marker = replace(marker, after_cite=True)
            chain.add(marker.span.end)
        if marker.has_prefix:
            attached.add(_bracket(doc.text, marker.comment_start - len(marker.warning)))
        markers.append(marker)
        previous_end = marker.span.end
        if marker.malformed:
            malformed += 1
            if malformed > DIAGNOSTIC_CAP:
                continue
            state.diagnostics.append(
                Diagnostic(
                    doc.path,
                    *doc.position(marker.comment_start),
                    MALFORMED_MARKER,
                    Severity.ERROR,
                    f"malformed citation marker {_excerpt(marker.text)}: {marker.problem}"
                    f"{_advice(marker.problem)} (finalize leaves it unchanged)",
                )
            )
    if citations:
        keyed = _cite_markers(doc, citations, markers, sections)
        malformed += sum(1 for m in keyed if m.malformed)
        for m in keyed:
            if m.malformed and malformed <= DIAGNOSTIC_CAP:
                state.diagnostics.append(
                    Diagnostic(
                        doc.path, m.line, m.col, MALFORMED_MARKER, Severity.ERROR, m.problem or ""
                    )
                )
        markers = sorted(markers + keyed, key=lambda m: m.span.start)
    state.markers = markers
    _summarise(state, MALFORMED_MARKER, malformed, "malformed citation marker(s)")
    starts = [m.span.start for m in markers]
    state.orphan_warnings = [
        o
        for o in occurrences
        if o.kind == "warning"
        and o.start not in attached
        and not _in_prefix(markers, starts, o.start)
    ]
    for orphan in state.orphan_warnings[:DIAGNOSTIC_CAP]:
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                *doc.position(orphan.start),
                ORPHAN_WARNING,
                Severity.WARNING,
                orphan_message(doc.text[orphan.start : orphan.end]),
            )
        )
    _summarise(state, ORPHAN_WARNING, len(state.orphan_warnings), "'[UNVERIFIED CITATION' texts")


def orphan_message(warning: str) -> str:
    """ARS002's message for the orphan warning text ``warning``."""
    shown = disguise(warning)
    if shown is None:
        return (
            "'[UNVERIFIED CITATION' text not attached to any marker; remove it or put "
            "the marker <!--ref:SLUG--> directly after it"
        )
    return (
        f"'[UNVERIFIED CITATION' text written with {shown}: readers see a warning, but "
        "finalize reads only warnings written plainly as its own; delete it (finalize "
        "writes the warning a marker needs)"
    )


def _in_prefix(markers: list[Marker], starts: list[int], offset: int) -> bool:
    """Whether ``offset`` lies in the visible prefix of one of ``markers`` (in order,
    ``starts`` their span starts)."""
    index = bisect.bisect_right(starts, offset) - 1
    return index >= 0 and offset < markers[index].comment_start


def draft_code(state: DocState) -> Reading:
    """The draft's reading with its code ranges, read now if extract did not."""
    if state.reading is None:
        state.reading = read(state.document, state.tokens or None)
    return state.reading


def _summarise(state: DocState, code: str, count: int, what: str) -> None:
    if count > DIAGNOSTIC_CAP:
        state.diagnostics.append(
            Diagnostic(
                state.document.path,
                0,
                0,
                code,
                Severity.ERROR if code == MALFORMED_MARKER else Severity.WARNING,
                f"… and {count - DIAGNOSTIC_CAP} more {what} (first {DIAGNOSTIC_CAP} shown; "
                "see the checklist)",
            )
        )


def _advice(problem: str | None) -> str:
    # Problems that already say what to write need no generic advice.
    if problem and ("did you mean" in problem or "write " in problem):
        return ""
    return "; write it as <!--ref:SLUG-->"


def _bracket(text: str, span_start: int) -> int:
    """Where the ``[`` of a prefix is (the span may start at an escaping backslash)."""
    return span_start + 1 if text.startswith("\\", span_start) else span_start


def _prefix_start(
    text: str, candidates: Sequence[int], comment: int, floor: int, raw: bool
) -> int | None:
    """Start of the visible prefix directly before ``comment``, if there is one.

    Only a warning the parser saw as prose in the same inline token or HTML
    block counts, and only the closest one can match (a prefix has no ``[``
    inside). In prose an escaping backslash before the ``[`` belongs to the
    prefix too; in an HTML block a backslash is a literal character (user text),
    so it stays, or every pass would eat one.
    """
    index = bisect.bisect_left(candidates, comment) - 1
    if index < 0 or candidates[index] < floor:
        return None
    start = candidates[index]
    if not PREFIX_RE.fullmatch(text, start, comment):
        return None
    if raw:
        return start
    run = start
    while run > floor and text[run - 1] == "\\":
        run -= 1
    return start - 1 if (start - run) % 2 == 1 else start


def _chained(text: str, offset: int, chain: set[int]) -> bool:
    """Whether ``offset`` follows a citation, or a marker after one (spaces between)."""
    while offset > 0 and text[offset - 1] in " \t":
        offset -= 1
    return offset in chain


def _sections(tokens: list[Token]) -> list[tuple[int, tuple[str, ...]]]:
    """``(first line, heading path)`` at every heading, for the markers of citation keys."""
    out: list[tuple[int, tuple[str, ...]]] = []
    headings: list[tuple[int, str]] = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.map is not None and index + 1 < len(tokens):
            level = int(token.tag[1:])
            while headings and headings[-1][0] >= level:
                headings.pop()
            headings.append((level, heading_text(tokens[index + 1])))
            out.append((token.map[0], tuple(h for _, h in headings)))
    return out


def _cite_markers(
    doc: Document,
    citations: list[Citation],
    markers: list[Marker],
    sections: list[tuple[int, tuple[str, ...]]],
) -> list[Marker]:
    """A marker for every key of a citation that no marker right after it names.

    The markers right after a citation (``after_cite``) annotate it: a key one of
    them names counts once. Every other key gets an empty-span marker at the end
    of that chain, claiming nothing (``bare``), which finalize fills in.
    """
    starts = [m.span.start for m in markers]
    lines = [line for line, _ in sections]
    out: list[Marker] = []
    for cite in citations:
        cursor = cite.end
        named: set[str] = set()
        index = bisect.bisect_left(starts, cite.end)
        while index < len(markers) and markers[index].after_cite:
            marker = markers[index]
            if not _chained(doc.text, marker.span.start, {cursor}):
                break
            if marker.slug is not None:
                named.add(marker.slug)
            cursor = marker.span.end
            index += 1
        for key in cite.keys:
            if key.key in named:
                continue
            named.add(key.key)
            line, col = doc.position(key.start)
            at = bisect.bisect_right(lines, line - 1) - 1
            problem = _key_problem(key.key) or _insert_problem(doc.text, cursor)
            out.append(
                Marker(
                    slug=None if problem else key.key,
                    claim=CLAIM_MALFORMED if problem else CLAIM_BARE,
                    span=Span(cursor, cursor),
                    comment_start=cursor,
                    line=line,
                    col=col,
                    section=sections[at][1] if at >= 0 else (),
                    text="",
                    problem=problem,
                    syntax=cite.syntax,
                    after_cite=True,
                    cited=key.key,
                )
            )
    return out


def _insert_problem(text: str, at: int) -> str | None:
    """Why finalize cannot write a status at ``at`` without changing pandoc's reading."""
    if text.startswith("@", at) and at > 0 and (text[at - 1].isalnum() or text[at - 1] == "."):
        # "@key@x": pandoc reads no citation at "@x" (it follows a letter); after a
        # comment it would.
        return (
            "a citation directly followed by '@': finalize cannot write its status there "
            "without making the text after it a citation; put a space after the key"
        )
    return None


def _key_problem(key: str) -> str | None:
    """Why a citation key cannot stand for a passport entry (``None``: it can)."""
    if SLUG_RE.fullmatch(key) and not key.endswith("-") and "--" not in key:
        return None
    return (
        f"citation key {key!r} cannot name a literature_corpus[] entry (keys use letters, "
        "digits and _ - : . /, without '--' or a final '-'); rename the key in the draft "
        "and the passport"
    )


def _marker(
    doc: Document, occ: Occurrence, warnings: Sequence[int], floor: int, chain: set[int]
) -> Marker:
    text = doc.text
    comment = text[occ.start : occ.end]
    parsed = parse_comment(comment)
    start = _prefix_start(text, warnings, occ.start, floor, occ.raw)
    if start is None:
        start = occ.start
    elif (
        parsed.slug is not None and _prefix_start(text, warnings, start, floor, occ.raw) is not None
    ):
        # (``is not None``: a prefix at offset 0, the draft's very start, counts too.)
        # Two warnings in a row before one marker: whichever is attached, rewriting
        # it would leave the other next to the marker for the following pass to
        # take (one warning eaten per pass). Leave all of it for a human.
        start = occ.start
        parsed = ParsedComment(
            None,
            None,
            f"several [UNVERIFIED CITATION …] warnings in a row before {comment!r}; "
            "delete all but one (or all of them and finalize again)",
        )
    prefix = text[start : occ.start]
    if (
        start < occ.start
        and start >= floor + len(LINE_START_ANCHOR)
        and text.startswith(LINE_START_ANCHOR, start - len(LINE_START_ANCHOR))
        and (
            starts_line(text, start - len(LINE_START_ANCHOR))
            or _chained(text, start - len(LINE_START_ANCHOR), chain)
        )
    ):
        # The empty comment finalize writes before the warning of a marker that
        # starts a line or follows a citation (markers.LINE_START_ANCHOR) belongs to it.
        start -= len(LINE_START_ANCHOR)
    line, col = doc.position(start)
    claim = CLAIM_MALFORMED if parsed.slug is None else claim_of(prefix, parsed.status)
    return Marker(
        slug=parsed.slug,
        claim=claim,
        span=Span(start, occ.end),
        comment_start=occ.start,
        line=line,
        col=col,
        section=occ.section,
        text=text[start : occ.end],
        problem=parsed.problem,
    )


def _excerpt(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[: limit - 1] + "…")
