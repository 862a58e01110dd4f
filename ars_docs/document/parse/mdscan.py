"""Line-level view of a Markdown report: which lines are code, where headings are.

The report lints (§3.2 audit report, §3.4 drift log) and the Section 0
prepend work on whole lines of text they must not re-serialise. They need
two facts from a real CommonMark parse, which a regex cannot give reliably:
which lines belong to fenced or indented code (code is not prose and is never
checked), and where the top-level ATX/setext headings start. Everything else
is plain line scanning. Line numbers here are 0-based indexes; the callers
add 1 for messages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt

__all__ = ["Heading", "MdScan", "code_span", "scan", "split_lines"]

_NEWLINE_RE = re.compile(r"\r\n|\r|\n")
# A run of backticks, the shortest content, and the same run again (CommonMark
# code spans, on one line: spans over a line break are rare in reports).
_CODE_SPAN_RE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading outside any container (list, block quote)."""

    index: int
    """0-based line of the heading text (the first line of a setext heading)."""
    level: int
    text: str
    """The inline source of the heading, stripped."""


@dataclass(frozen=True, slots=True)
class MdScan:
    """The lines of a document with code lines and headings marked."""

    lines: tuple[str, ...]
    """Lines without their line endings (CR, LF and CRLF all end a line)."""
    starts: tuple[int, ...]
    """Character offset where each line starts in the scanned text."""
    code: frozenset[int]
    """Indexes of lines inside fenced or indented code blocks."""
    headings: tuple[Heading, ...]

    def prose(self, index: int) -> str:
        """The line with code spans blanked out (same length); empty inside code."""
        if index in self.code:
            return ""
        return _CODE_SPAN_RE.sub(lambda m: " " * len(m.group(0)), self.lines[index])


def split_lines(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Lines (without endings) and their start offsets."""
    lines: list[str] = []
    starts: list[int] = []
    cursor = 0
    for match in _NEWLINE_RE.finditer(text):
        starts.append(cursor)
        lines.append(text[cursor : match.start()])
        cursor = match.end()
    if cursor < len(text) or not lines:
        starts.append(cursor)
        lines.append(text[cursor:])
    return tuple(lines), tuple(starts)


def scan(text: str) -> MdScan:
    """Scan ``text`` (without a byte-order mark) once."""
    lines, starts = split_lines(text)
    code: set[int] = set()
    headings: list[Heading] = []
    tokens = _parser().parse(text)
    for position, token in enumerate(tokens):
        if token.map is None:
            continue
        first, last = token.map
        if token.type in ("fence", "code_block"):
            code.update(range(first, last))
        elif token.type == "heading_open" and token.level == 0:
            inline = tokens[position + 1]
            headings.append(Heading(first, int(token.tag[1:]), inline.content.strip()))
    return MdScan(lines, starts, frozenset(code), tuple(headings))


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    # Parsing does not change the parser, so one instance serves every call.
    return MarkdownIt("commonmark")


def code_span(text: str) -> str:
    """``text`` as a Markdown code span, whatever backticks it contains."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
