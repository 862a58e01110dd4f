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
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ars_docs.core.codes import READING_CHANGED
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import InputDataError
from ars_docs.document.parse.mdparse import Reading, merge_ranges, read
from ars_docs.document.text import Document, Edit, apply_edits

Ranges = Sequence[tuple[int, int]]


@dataclass(frozen=True, slots=True)
class CodeChange:
    """Draft text ``[start, end)`` that the rewrite turned into code, or out of code."""

    start: int
    end: int
    #: ``"code"``: text in the draft, code after the rewrite; ``"text"``: the reverse.
    became: str


class EditMap:
    """Maps offsets of the rewritten text back to the draft (prefix sums, bisect).

    An offset inside a replacement maps to the start of the draft text it
    replaced (as an end offset: to its end), which the comparison skips anyway.
    """

    def __init__(self, edits: Sequence[Edit]) -> None:
        self.edits = sorted(edits, key=lambda e: e.span.start)
        self.out_starts: list[int] = []
        self.out_ends: list[int] = []
        shift = 0
        for edit in self.edits:
            start = edit.span.start + shift
            self.out_starts.append(start)
            self.out_ends.append(start + len(edit.replacement))
            shift += len(edit.replacement) - (edit.span.end - edit.span.start)

    def to_draft(self, offset: int, *, end: bool = False) -> int:
        index = bisect.bisect_right(self.out_starts, offset) - 1
        if index < 0:
            return offset
        edit = self.edits[index]
        if offset < self.out_ends[index] or (end and offset == self.out_starts[index]):
            return edit.span.end if end else edit.span.start
        return edit.span.end + (offset - self.out_ends[index])

    def boundary(self, offset: int, *, end: bool) -> int:
        """Where a range that starts (or ends) at ``offset`` of the rewritten text is in the draft.

        At the place of an edit a start maps to the right of it and an end to
        the left: two code spans that met at a stripped marker stay two ranges.
        """
        if end:
            index = bisect.bisect_left(self.out_starts, offset)
            if index < len(self.out_starts) and self.out_starts[index] == offset:
                return self.edits[index].span.start
        return self.to_draft(offset)

    def inside(self, offset: int) -> bool:
        """True when ``offset`` of the rewritten text is inside a replacement."""
        index = bisect.bisect_right(self.out_starts, offset) - 1
        return index >= 0 and offset < self.out_ends[index]

    def removed(self) -> list[tuple[int, int]]:
        """The draft ranges the edits replaced (not compared)."""
        return [(e.span.start, e.span.end) for e in self.edits if e.span.end > e.span.start]


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
    for start in _lazy_joins(doc.text, text, edits):
        if start not in seen:
            seen.add(start)
            changes.append((start, _LAZY_MESSAGE))
    for start in _bare_syntax_lines(doc.text, text, edits):
        if start not in seen:
            seen.add(start)
            changes.append((start, _SYNTAX_MESSAGE))
    for start, message in _block_changes(doc.text, before.html_blocks, edits, reading.html_blocks):
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


_BLOCK_MESSAGE = (
    "once the marker at the start of this line is stripped, the line opens an HTML "
    "block that runs on over what follows (markdown there would be read as raw HTML); "
    "move the marker after the text it cites"
)
_LAZY_MESSAGE = (
    "once the marker at the start of this line is stripped, the line continues the "
    "quote, list item or table row above it (a line that starts with a marker ends "
    "them); put a blank line before it, or move the marker after the text it cites"
)
#: A quote line, a list item's first line, or a table row.
_CONTAINER_LINE = re.compile(r" {0,3}(?:>|[-*+][ \t]|\d{1,9}[.)][ \t])|.*\|")
#: A line that starts a block of its own (not a lazy continuation).
_BLOCK_START = re.compile(r" {0,3}(?:[>#<|]|[-*+][ \t]|\d{1,9}[.)][ \t]|`{3}|~{3})")


def _lazy_joins(draft: str, output: str, edits: Sequence[Edit]) -> list[int]:
    """Draft offsets of lines that, their leading marker stripped, join a container above.

    In the draft such a line starts with a marker, an HTML block that ends the
    quote, list item or table before it; in the output it is plain text, which
    markdown adds to them as a lazy continuation (or a table row).
    """
    mapping = EditMap(edits)
    found: list[int] = []
    for index, edit in enumerate(mapping.edits):
        start = edit.span.start
        if edit.replacement.startswith("<"):
            continue  # the line still starts with a comment: still an HTML block
        if start > 0 and draft[start - 1] not in "\n\r":
            # Inside a container ("> <!--ref:k--> text"): the line was an HTML block
            # there and is a paragraph now, which the next line may lazily continue.
            # Only a line that did start with the comment was an HTML block ("> [warning]
            # <!--ref:k-->" was a paragraph before the edit too).
            line_start = draft.rfind("\n", 0, start) + 1
            if not draft.startswith("<", start):
                continue
            if _CONTAINER_PREFIX.fullmatch(draft, line_start, start) and _next_is_lazy(
                output, mapping.out_starts[index] + len(edit.replacement)
            ):
                found.append(start)
            continue
        out = mapping.out_starts[index] + len(edit.replacement)
        line_end = output.find("\n", out)
        line = output[out : len(output) if line_end < 0 else line_end].rstrip("\r")
        if (
            not line.strip()
            or line[0] in " \t"  # indented: inside the container anyway, not lazily
            or _BLOCK_START.match(line)
            or (out > 0 and output[out - 1] not in "\n\r")
        ):
            continue
        before_end = out - 1
        if before_end > 0 and output[before_end - 1] == "\r" and output[before_end] == "\n":
            before_end -= 1
        previous = output[output.rfind("\n", 0, max(before_end, 0)) + 1 : max(before_end, 0)]
        previous = previous.rstrip("\r")
        if previous.strip() and _CONTAINER_LINE.match(previous):
            found.append(start)
    return found


#: The container markers before a line's content: quotes and list items.
_CONTAINER_PREFIX = re.compile(r"(?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))+[ \t]*")


def _next_is_lazy(output: str, out: int) -> bool:
    """The line holding ``out`` has text, and the next line could continue it lazily."""
    line_end = output.find("\n", out)
    if line_end < 0 or not output[out:line_end].strip():
        return False
    next_end = output.find("\n", line_end + 1)
    following = output[line_end + 1 : len(output) if next_end < 0 else next_end].rstrip("\r")
    return (
        bool(following.strip()) and following[0] not in " \t" and not _BLOCK_START.match(following)
    )


_SYNTAX_MESSAGE = (
    "once the marker is stripped this line holds only markdown syntax ('-', '#', '>', "
    "'1.' …), which starts a list item, heading or quote, or underlines the line above; "
    "put the marker after words"
)
#: A line of nothing but block syntax: a list marker, heading or setext underline, quote.
_BARE_SYNTAX = re.compile(r"[ \t>]*(?:[-*+=#]+|\d{1,9}[.)])[ \t]*")


def _bare_syntax_lines(draft: str, output: str, edits: Sequence[Edit]) -> list[int]:
    """Draft offsets of edited lines left holding nothing but block syntax."""
    mapping = EditMap(edits)
    found: list[int] = []
    for index, edit in enumerate(mapping.edits):
        if draft.endswith(("\n", "\r"), edit.span.start, edit.span.end):
            continue  # a whole line removed: the line after it is judged by the reading
        out = mapping.out_starts[index]
        line_start = output.rfind("\n", 0, out) + 1
        line_end = output.find("\n", out)
        line = output[line_start : len(output) if line_end < 0 else line_end].rstrip("\r")
        if not line.strip() or not _BARE_SYNTAX.fullmatch(line):
            continue
        draft_start = draft.rfind("\n", 0, edit.span.start) + 1
        draft_end = draft.find("\n", edit.span.end)
        original = draft[draft_start : len(draft) if draft_end < 0 else draft_end].rstrip("\r")
        if not _BARE_SYNTAX.fullmatch(original):
            found.append(edit.span.start)
    return found


_UNCLEAR_MESSAGE = (
    "raw HTML here does not end where it should (an unclosed comment, <script>, "
    "<textarea> or quote, or a tag markdown cannot read), so a browser may read "
    "everything after it as part of it; markers after it cannot be stripped safely: "
    "close it"
)
_RAW_LINE_MESSAGE = (
    "the HTML after the marker at the start of this line is raw HTML in the draft and "
    "markdown once the marker is stripped, which reads tags differently; move the "
    "marker after the text it cites"
)
#: A ``<`` that is not a comment's.
_TAG_START = re.compile(r"<(?!!--)")


def _block_changes(
    draft: str, before: Ranges, edits: Sequence[Edit], after: Ranges
) -> list[tuple[int, str]]:
    """HTML blocks that run on further, or raw HTML that becomes markdown, after the edits.

    A stripped marker that started a line leaves the rest of the line either
    in an HTML block of another kind, which may run on over the blocks after
    it, or in a paragraph, where markdown escapes what is not a valid tag
    (``<b<code>`` is one tag to HTML, text and a ``<code>`` tag to markdown).
    """
    mapping = EditMap(edits)
    ends = {start: end for start, end in before}
    found: list[tuple[int, str]] = []
    still_blocks: set[int] = set()
    for start, end in after:
        # The block starts where the stripped marker did: map to the left of the edit.
        begin = mapping.boundary(start, end=True)
        still_blocks.add(begin)
        if mapping.boundary(end, end=True) > ends.get(begin, begin):
            found.append((begin, _BLOCK_MESSAGE))
    starts = {edit.span.start: edit for edit in edits}
    for start, end in before:
        edit = starts.get(start)
        if edit is None or start in still_blocks or edit.replacement:
            continue
        if _TAG_START.search(draft, edit.span.end, end):
            found.append((start, _RAW_LINE_MESSAGE))
    return found


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
