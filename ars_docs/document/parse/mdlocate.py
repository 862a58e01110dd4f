"""Where the inline parser's findings are in the draft (used by ``document.parse.mdparse``).

markdown-it-py tokens carry only line maps, and an inline token's content is
its source lines with container markers and indentation removed. So the
*n*-th anchor (``<!--``, ``[UNVERIFIED`` as a reader sees it — look-alike
brackets and letters, invisible characters, ``document.parse.visible`` —, ``<`` or a
backtick) on a content line is the *n*-th on its source line, after those of earlier inline tokens
on the same line (table cells): none of them can be part of a container
marker or of indentation. ``Locator`` turns a content position into a
document offset that way.

Linear in the draft (issue 16): a token's events are walked in order with
running counts, and each source line's anchors are found once.
"""

from __future__ import annotations

from typing import Literal

from markdown_it.token import Token

from ars_docs.document.parse.visible import of as fold_of
from ars_docs.document.text import Document

#: ``lt`` is the ``<`` of a tag, ``tick`` the first backtick of a code-span run.
#: ``raw_comment`` / ``raw_warning``: found inside one piece of inline raw HTML
#: (after a comment that HTML ends at ``--!>``), where a backslash is user text.
Kind = Literal["comment", "unterminated", "warning", "lt", "tick", "raw_comment", "raw_warning"]
_COMMENT = "<!--"
#: The anchor each kind of event is counted by.
_ANCHOR: dict[str, str] = {
    "comment": _COMMENT,
    "unterminated": _COMMENT,
    "warning": "[",
    "raw_comment": _COMMENT,
    "raw_warning": "[",
    "lt": "<",
    "tick": "`",
}


class LocateError(AssertionError):
    """A located span does not match the source text: a bug in ars-docs."""


class Locator:
    """Maps inline-content positions to document offsets (see module docstring).

    Linear in the draft: a token's events are walked in order with running
    counts, and each source line's anchors are found once.
    """

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.used: dict[tuple[int, str], int] = {}
        self._anchors: dict[tuple[int, str], list[int]] = {}
        self._heads = fold_of(doc).warning_head

    def _count(self, anchor: str, text: str, start: int, end: int) -> int:
        if anchor == "[":
            return len(self._heads.findall(text, start, end))
        return text.count(anchor, start, end)

    def first_line(self, token: Token) -> int:
        """Source line of the content's first line.

        Usually ``map[0]``; but markdown-it strips the whole paragraph content,
        so leading lines of Unicode whitespace (NBSP, form feed …) vanish from it.
        """
        assert token.map is not None
        content = token.content
        first, last = token.map
        if content.count("\n") + 1 >= last - first:
            return first
        head = content.split("\n", 1)[0].rstrip()
        for line in range(first, last):
            if self.doc.line_text(line).rstrip().endswith(head):
                return line
        return first

    def locate_all(
        self, token: Token, first_line: int, events: list[tuple[Kind, int]]
    ) -> list[tuple[Kind, int, int]]:
        """``(kind, content position, document offset)`` for each event, in order."""
        content = token.content
        out: list[tuple[Kind, int, int]] = []
        cursor = 0
        line = first_line
        # Anchors on the current content line before ``cursor``, per anchor.
        counts = dict.fromkeys({_ANCHOR[kind] for kind, _ in events}, 0)
        for kind, pos in sorted(events, key=lambda event: event[1]):
            newline = content.rfind("\n", cursor, pos)
            if newline >= 0:
                line += content.count("\n", cursor, pos)
                cursor = newline + 1
                counts = dict.fromkeys(counts, 0)
            for anchor in counts:
                counts[anchor] += self._count(anchor, content, cursor, pos)
            cursor = pos
            anchor = _ANCHOR[kind]
            ordinal = counts[anchor] + self.used.get((line, anchor), 0)
            anchors = self._line_anchors(line, anchor)
            if ordinal >= len(anchors):
                raise LocateError(
                    f"{self.doc.path}:{line + 1}: could not locate a {kind} found by the parser"
                )
            out.append((kind, pos, anchors[ordinal]))
        return out

    def _line_anchors(self, line: int, anchor: str) -> list[int]:
        key = (line, anchor)
        found = self._anchors.get(key)
        if found is None:
            span = self.doc.line_span(line)
            text = self.doc.text
            if anchor == "[":
                found = [m.start() for m in self._heads.finditer(text, span.start, span.end)]
            else:
                found = []
                offset = text.find(anchor, span.start, span.end)
                while offset >= 0:
                    found.append(offset)
                    offset = text.find(anchor, offset + 1, span.end)
            self._anchors[key] = found
        return found

    def consume(self, token: Token) -> None:
        """Count the anchors of a single-line inline token (table cells share lines)."""
        assert token.map is not None
        if token.map[1] - token.map[0] != 1:
            return
        content = token.content
        line = token.map[0]
        for anchor in (_COMMENT, "[", "<", "`"):
            # A warning may start with a look-alike of "[" (draft.visible).
            if anchor[0] in content or (anchor == "[" and not content.isascii()):
                found = self._count(anchor, content, 0, len(content))
                if found:
                    self.used[(line, anchor)] = self.used.get((line, anchor), 0) + found
