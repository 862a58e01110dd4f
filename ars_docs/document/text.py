"""Document: the draft's exact text, its line index, and span edits (``EditMap`` maps back).

ars-docs never re-serialises markdown. A ``Document`` keeps the decoded text
exactly (BOM, CRLF/CR/LF line endings, tabs, trailing spaces, non-ASCII) and
every rewrite is a list of ``Edit``s applied to character spans of that text,
so the output differs from the input only inside the edited spans.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ars_docs.core.encoding import BOM
from ars_docs.core.errors import InputDataError

# The line breaks markdown-it-py recognises (it normalises all three to "\n").
_EOL_RE = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """Half-open character range ``[start, end)`` into ``Document.text``."""

    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``text[span.start:span.end]`` with ``replacement``."""

    span: Span
    replacement: str


class OverlappingEditsError(ValueError):
    """Two edits touch the same characters; a bug in a pass, never user error."""


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply non-overlapping edits; everything outside their spans is kept verbatim."""
    ordered = sorted(edits, key=lambda e: (e.span.start, e.span.end))
    pieces: list[str] = []
    cursor = 0
    for edit in ordered:
        if edit.span.start < cursor:
            raise OverlappingEditsError(f"edit at {edit.span} overlaps an earlier edit")
        if edit.span.end > len(text) or edit.span.start > edit.span.end:
            raise OverlappingEditsError(f"edit at {edit.span} is outside the text")
        pieces.append(text[cursor : edit.span.start])
        pieces.append(edit.replacement)
        cursor = edit.span.end
    pieces.append(text[cursor:])
    return "".join(pieces)


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


@dataclass
class Document:
    """A markdown draft as exact text plus a line index.

    ``body_start`` is 1 when the text starts with a UTF-8 BOM (the parser sees
    the text after it) and 0 otherwise.
    """

    text: str
    path: str = "<text>"
    body_start: int = 0
    line_starts: list[int] = field(default_factory=list)
    #: Kept by ``document.parse.visible.of``: the patterns chosen for this text (choosing
    #: reads the whole text, and several passes scan one draft). Typed loosely so
    #: that this leaf imports nothing outside the core.
    fold_patterns: object = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.body_start and self.text.startswith(BOM):
            self.body_start = 1
        starts = [self.body_start]
        starts.extend(m.end() for m in _EOL_RE.finditer(self.text))
        self.line_starts = starts

    @property
    def body(self) -> str:
        """The text the markdown parser sees (without a leading BOM)."""
        return self.text[self.body_start :]

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_span(self, index: int) -> Span:
        """Span of 0-based line ``index`` without its line ending."""
        start = self.line_starts[index]
        if index + 1 < len(self.line_starts):
            end = self.line_starts[index + 1]
            end -= 2 if self.text.startswith("\r\n", end - 2) else 1
        else:
            end = len(self.text)
        return Span(start, end)

    def line_text(self, index: int) -> str:
        span = self.line_span(index)
        return self.text[span.start : span.end]

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset; columns count characters."""
        index = bisect.bisect_right(self.line_starts, offset) - 1
        index = max(index, 0)
        return index + 1, offset - self.line_starts[index] + 1

    def newline(self) -> str:
        """The document's dominant line ending (used for lines ars-docs adds)."""
        crlf = self.text.count("\r\n")
        lf = self.text.count("\n") - crlf
        cr = self.text.count("\r") - crlf
        best = max((crlf, "\r\n"), (lf, "\n"), (cr, "\r"))
        return best[1] if best[0] else "\n"


def decode(data: bytes, path: str) -> str:
    """Decode UTF-8 (a BOM is kept as the first character)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputDataError(
            f"{path}:{line}: not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset "
            f"{exc.start}); re-save the file as UTF-8"
        ) from exc


def read_document(path: str | Path) -> Document:
    """Read a draft from disk, keeping its bytes exactly."""
    from ars_docs.core.paths import read_regular

    p = Path(path)
    data = read_regular(p, what="draft", hint="check the path")
    return Document(decode(data, str(p)), path=str(p))
