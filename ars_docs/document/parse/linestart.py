"""A marker at the start of a line: what the line becomes once the marker is stripped (issue 17).

In CommonMark a line that starts with ``<!--`` opens an HTML block, so the
marker ends a quote, list item or table row above it and keeps the rest of
its line raw HTML. Stripped, the line is markdown again: it may continue the
container above lazily (``lazy_joins``), hold nothing but block syntax
(``bare_syntax_lines``), or open an HTML block of another kind that runs on
over what follows (``block_changes``). ``document.parse.reading`` reports each
place with the message here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ars_docs.document.text import Edit, EditMap

Ranges = Sequence[tuple[int, int]]


_BLOCK_MESSAGE = (
    "once the marker at the start of this line is stripped, the line opens an HTML "
    "block that runs on over what follows (markdown there would be read as raw HTML); "
    "move the marker after the text it cites"
)
LAZY_MESSAGE = (
    "once the marker at the start of this line is stripped, the line continues the "
    "quote, list item or table row above it (a line that starts with a marker ends "
    "them); put a blank line before it, or move the marker after the text it cites"
)
#: A quote line, a list item's first line, or a table row.
_CONTAINER_LINE = re.compile(r" {0,3}(?:>|[-*+][ \t]|\d{1,9}[.)][ \t])|.*\|")
#: A line that starts a block of its own (not a lazy continuation).
_BLOCK_START = re.compile(r" {0,3}(?:[>#<|]|[-*+][ \t]|\d{1,9}[.)][ \t]|`{3}|~{3})")


def lazy_joins(draft: str, output: str, edits: Sequence[Edit]) -> list[int]:
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


SYNTAX_MESSAGE = (
    "once the marker is stripped this line holds only markdown syntax ('-', '#', '>', "
    "'1.' …), which starts a list item, heading or quote, or underlines the line above; "
    "put the marker after words"
)
#: A line of nothing but block syntax: a list marker, heading or setext underline, quote.
_BARE_SYNTAX = re.compile(r"[ \t>]*(?:[-*+=#]+|\d{1,9}[.)])[ \t]*")


def bare_syntax_lines(draft: str, output: str, edits: Sequence[Edit]) -> list[int]:
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


_RAW_LINE_MESSAGE = (
    "the HTML after the marker at the start of this line is raw HTML in the draft and "
    "markdown once the marker is stripped, which reads tags differently; move the "
    "marker after the text it cites"
)
#: A ``<`` that is not a comment's.
_TAG_START = re.compile(r"<(?!!--)")


def block_changes(
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
