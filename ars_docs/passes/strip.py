"""strip: remove markers for output (after the gate passed, or for a preview).

In strict mode the whole marker span goes (there is no visible prefix left
once the gate passed); in preview mode only the ``<!--ref:…-->`` comment goes
and visible warnings stay. Spacing rules, applied per removal on the
original text:

* a line left with nothing but whitespace or block-quote ``>`` is removed;
  when it separated two non-blank lines it becomes an empty line of its
  container instead, so paragraphs that the HTML block kept apart stay apart;
* otherwise whitespace before the marker goes when the marker is followed by
  whitespace, the end of the line or closing punctuation, so no double space
  or space before punctuation is left; a marker at the start of a line takes
  the whitespace after it instead.
"""

from __future__ import annotations

from ..document import Document, Edit, Span
from ..pipeline import DocState

CLOSING_PUNCTUATION = frozenset(".,;:!?)]}»”’…")


def strip(state: DocState) -> None:
    if state.refused:
        return
    doc = state.document
    removals = [
        m.span if state.options.strict else Span(m.comment_start, m.span.end)
        for m in state.markers
        if not m.malformed
    ]
    state.edits = strip_edits(doc, removals)


def strip_edits(doc: Document, removals: list[Span]) -> list[Edit]:
    by_line: dict[int, list[Span]] = {}
    for span in sorted(removals):
        by_line.setdefault(doc.position(span.start)[0] - 1, []).append(span)
    edits: list[Edit] = []
    for line, spans in by_line.items():
        edits.extend(_line_edits(doc, line, spans))
    return edits


def _blankish(text: str) -> bool:
    return not text.strip().strip(">").strip()


def _line_edits(doc: Document, line: int, spans: list[Span]) -> list[Edit]:
    text = doc.text
    bounds = doc.line_span(line)
    end_of_last = max(s.end for s in spans)
    # A multi-line (malformed-free but spanning) removal ends on a later line.
    remaining = []
    cursor = bounds.start
    for span in spans:
        remaining.append(text[cursor : span.start])
        cursor = span.end
    remaining.append(text[cursor : max(bounds.end, end_of_last)])
    rest = "".join(remaining)
    if _blankish(rest) and end_of_last <= bounds.end:
        return [_remove_line(doc, line, bounds, spans)]
    edits = []
    previous_end = bounds.start
    for span in spans:
        start, end = span.start, span.end
        left = text[previous_end:start]
        right_char = text[end] if end < bounds.end else "\n"
        line_prefix = text[bounds.start : start]
        if _blankish(line_prefix):
            # Marker at the start of the line: keep indentation, drop the space after it.
            while end < bounds.end and text[end] in " \t":
                end += 1
        elif left.endswith((" ", "\t")) and (
            right_char in " \t\n" or right_char in CLOSING_PUNCTUATION
        ):
            start -= len(left) - len(left.rstrip(" \t"))
        edits.append(Edit(Span(start, end), ""))
        previous_end = span.end
    return edits


def _remove_line(doc: Document, line: int, bounds: Span, spans: list[Span]) -> Edit:
    text = doc.text
    next_start = doc.line_starts[line + 1] if line + 1 < doc.line_count else len(text)
    prev_blank = line == 0 or _blankish(doc.line_text(line - 1))
    next_blank = line + 1 >= doc.line_count or _blankish(doc.line_text(line + 1))
    if not prev_blank and not next_blank:
        prefix = text[bounds.start : spans[0].start].rstrip()
        return Edit(Span(bounds.start + len(prefix), bounds.end), "")
    if line + 1 >= doc.line_count and line > 0:
        # Last line without a trailing newline: remove the newline before it instead.
        return Edit(Span(doc.line_span(line - 1).end, bounds.end), "")
    return Edit(Span(bounds.start, next_start), "")
