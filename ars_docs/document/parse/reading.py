"""Did a rewrite change how the draft is read? (issue 17)

ars-docs rewrites drafts in two places: finalize puts visible prefixes in
front of markers (or takes them away), render strips markers. Either can
change what a markdown reader makes of the text around the marker: a line
that starts with ``<!--`` is raw HTML in CommonMark, so stripping that marker
turns the rest of the line into markdown (a backtick pair becomes a code
span, a ``<div>`` becomes an HTML block that swallows the code span on the
next line …). The gate judged the draft, not that other text.

So the rewritten text is read again (``mdparse.read``) and compared with the
draft's reading on every character both texts share (everything outside the
edits): the code ranges must be the same, character for character, white
space aside. ``code_changes`` reports each place where text became code or
code became text. What must not be prose (markers, warnings) is checked by
the callers on the new reading's occurrences.

Linear: one parse of the new text and one sweep over both range lists.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ars_docs.core.codes import READING_CHANGED
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import InputDataError
from ars_docs.document.parse.linestart import (
    LAZY_MESSAGE,
    SYNTAX_MESSAGE,
    bare_syntax_lines,
    block_changes,
    lazy_joins,
)
from ars_docs.document.parse.mdparse import Reading, merge_ranges, read
from ars_docs.document.text import Document, Edit, EditMap, apply_edits

Ranges = Sequence[tuple[int, int]]


@dataclass(frozen=True, slots=True)
class CodeChange:
    """Draft text ``[start, end)`` that the rewrite turned into code, or out of code."""

    start: int
    end: int
    #: ``"code"``: text in the draft, code after the rewrite; ``"text"``: the reverse.
    became: str


def code_changes(
    draft: str, before: Ranges, edits: Sequence[Edit], after: Ranges
) -> list[CodeChange]:
    """Where the code ranges ``after`` (of the rewritten text) differ from ``before``.

    Both are sorted and merged; ``after`` is in the rewritten text's offsets.
    Text inside the edits is not compared, nor white space.
    """
    mapping = EditMap(edits)
    mapped = [(mapping.to_draft(s), mapping.to_draft(e, end=True)) for s, e in after]
    changes: list[CodeChange] = []
    skip = mapping.removed()
    for start, end, in_before in _differences(before, merge_ranges(mapped)):
        for piece_start, piece_end in _outside(start, end, skip):
            if draft[piece_start:piece_end].strip():
                changes.append(CodeChange(piece_start, piece_end, "text" if in_before else "code"))
    return changes


@dataclass(frozen=True, slots=True)
class Reread:
    """The rewritten text, its reading (``None`` if it cannot be read) and what changed.

    ``changes`` are ``(draft offset, message)`` pairs in draft order.
    """

    text: str
    reading: Reading | None
    changes: list[tuple[int, str]]


def reread(
    doc: Document,
    before: Reading,
    edits: Sequence[Edit],
    keep: Sequence[int] = (),
    *,
    keep_rewritten: bool = False,
    stripping: bool = True,
) -> Reread:
    """Apply ``edits``, read the result, and say where it reads differently from ``doc``.

    ``before`` is the draft's reading. Reported: text that became code or code
    that became text, markdown code that became raw HTML or the reverse (a code
    span whose ``<!--ref:…-->`` is shown as text in the draft would be a hidden
    comment in the output), an HTML block that runs on further than it did (a
    line that starts with ``<div>`` or ``<pre>`` once its marker is gone
    swallows the blocks after it), and marker comments or warning text that are running
    text in the result, except those at the draft offsets in ``keep`` (a
    preview keeps visible warnings on purpose) and, with ``keep_rewritten``,
    those inside the edits' replacements (finalize writes markers). With
    ``stripping``, no edit may follow raw HTML whose end is not known.
    """
    text = apply_edits(doc.text, edits)
    changes: list[tuple[int, str]] = []
    try:
        reading = read(Document(text, path=doc.path))
    except InputDataError as exc:
        return Reread(text, None, [(0, f"the rewritten text cannot be read back: {exc}")])
    seen: set[int] = set()
    code, markdown_code = before.code, before.markdown_code
    for change in code_changes(doc.text, code, edits, reading.code):
        seen.add(change.start)
        changes.append((change.start, _change_message(doc.text, change)))
    for change in code_changes(doc.text, markdown_code, edits, reading.markdown_code):
        if change.start not in seen:
            changes.append((change.start, _change_message(doc.text, change, "markdown ")))
    mapping = EditMap(edits)
    kept = set(keep)
    for occ in reading.occurrences:
        inside = mapping.inside(occ.start)
        if (inside and keep_rewritten) or (not inside and mapping.to_draft(occ.start) in kept):
            continue
        what = "warning text" if occ.kind == "warning" else "a marker comment"
        changes.append(
            (
                mapping.to_draft(occ.start),
                f"{what} that is code in the draft is running text afterwards",
            )
        )
    for start in boundary_changes(markdown_code, edits, reading.markdown_code):
        if start not in seen:
            seen.add(start)
            changes.append((start, _boundary_message(doc.text, start)))
    if stripping and before.unclear_from is not None:
        # Stripping after that point changes what a browser may read as raw text
        # or a comment: refuse rather than guess.
        after_it = [e for e in edits if e.span.start > before.unclear_from]
        if after_it:
            changes.append((before.unclear_from, _UNCLEAR_MESSAGE))
    for start in lazy_joins(doc.text, text, edits):
        if start not in seen:
            seen.add(start)
            changes.append((start, LAZY_MESSAGE))
    for start in bare_syntax_lines(doc.text, text, edits):
        if start not in seen:
            seen.add(start)
            changes.append((start, SYNTAX_MESSAGE))
    for start, message in block_changes(doc.text, before.html_blocks, edits, reading.html_blocks):
        if start not in seen:
            seen.add(start)
            changes.append((start, message))
    changes.sort(key=lambda change: change[0])
    return Reread(text, reading, changes)


#: Places where a rewrite would change the reading, reported one by one.
WARNING_CAP = 20


def reading_warnings(doc: Document, changes: list[tuple[int, str]], lead: str) -> list[Diagnostic]:
    """ARS010 warnings for ``changes``: the first ``WARNING_CAP``, then a count."""
    found = [
        Diagnostic(
            doc.path, *doc.position(offset), READING_CHANGED, Severity.WARNING, f"{lead}: {message}"
        )
        for offset, message in changes[:WARNING_CAP]
    ]
    if len(changes) > WARNING_CAP:
        found.append(
            Diagnostic(
                doc.path,
                0,
                0,
                READING_CHANGED,
                Severity.WARNING,
                f"… and {len(changes) - WARNING_CAP} more such places",
            )
        )
    return found


_UNCLEAR_MESSAGE = (
    "raw HTML here does not end where it should (an unclosed comment, <script>, "
    "<textarea> or quote, or a tag markdown cannot read), so a browser may read "
    "everything after it as part of it; markers after it cannot be stripped safely: "
    "close it"
)


def boundary_changes(before: Ranges, edits: Sequence[Edit], after: Ranges) -> list[int]:
    """Draft offsets of code ranges that do not start and end where they did.

    Character classes alone miss two code spans joined into one where the
    marker between them was stripped (`` `a`<!--ref:k ok-->`b` ``): every
    character is code before and after, but the backticks in the middle are
    now content. So markdown code is also compared range by range.
    """
    mapping = EditMap(edits)
    mapped = {(mapping.boundary(s, end=False), mapping.boundary(e, end=True)) for s, e in after}
    removed = mapping.removed()
    changed = {start for start, end in set(before) ^ mapped if not _within(removed, start, end)}
    return sorted(changed)


def _within(ranges: list[tuple[int, int]], start: int, end: int) -> bool:
    index = bisect.bisect_right(ranges, (start, end)) - 1
    return index >= 0 and ranges[index][0] <= start and end <= ranges[index][1]


def _boundary_message(draft: str, start: int) -> str:
    excerpt = " ".join(draft[start : start + 40].split())
    return (
        f"the code at {excerpt!r} starts or ends elsewhere once the markers are stripped "
        "(a marker between two code spans joins them); put a word or a space between the "
        "code and the marker"
    )


def _change_message(draft: str, change: CodeChange, kind: str = "") -> str:
    excerpt = " ".join(draft[change.start : change.end].split())
    if len(excerpt) > 40:
        excerpt = excerpt[:39] + "…"
    other = "raw HTML" if kind else "text"
    if change.became == "code":
        what = f"{excerpt!r} becomes {kind}code once the markers are stripped"
    else:
        what = (
            f"{excerpt!r} is {kind}code in the draft and becomes {other} once the markers "
            "are stripped"
        )
    return (
        f"{what} (markdown readers take a line that starts with a marker for raw HTML); "
        "move the marker after the text it cites, e.g. to the end of the previous line"
    )


def _differences(a: Ranges, b: Ranges) -> Iterator[tuple[int, int, bool]]:
    """Maximal ranges covered by exactly one of ``a`` and ``b`` (``True``: by ``a``)."""
    points: list[tuple[int, int]] = []
    for start, end in a:
        points += [(start, 1), (end, -1)]
    for start, end in b:
        points += [(start, 2), (end, -2)]
    points.sort()
    in_a = in_b = 0
    previous = None
    for at, what in points:
        if previous is not None and at > previous and (in_a > 0) != (in_b > 0):
            yield previous, at, in_a > 0
        if abs(what) == 1:
            in_a += 1 if what > 0 else -1
        else:
            in_b += 1 if what > 0 else -1
        previous = at


def _outside(start: int, end: int, skip: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """``[start, end)`` minus the sorted, disjoint ``skip`` ranges."""
    index = bisect.bisect_right(skip, (start, start)) - 1
    index = max(index, 0)
    cursor = start
    while index < len(skip) and skip[index][0] < end:
        s, e = skip[index]
        if e > cursor:
            if s > cursor:
                yield cursor, min(s, end)
            cursor = max(cursor, e)
        index += 1
    if cursor < end:
        yield cursor, end
