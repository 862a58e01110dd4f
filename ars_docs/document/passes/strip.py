"""strip: remove markers for output (after the gate passed, or for a preview).

In strict mode the whole marker span goes (there is no visible prefix left
once the gate passed); in preview mode only the ``<!--ref:…-->`` comment goes
and visible warnings stay. Spacing rules, applied per removal on the
original text:

* a line left with nothing but whitespace or block-quote ``>`` is removed
  with its line break, unless what follows it would then join the paragraph
  or list before it: then ``<!-- -->`` stays in its place (CommonMark's own
  separator). The output check (``recheck``) refuses any removal that still
  changes how the text is read;
* whitespace before the marker goes when what follows is whitespace, the end
  of the line, or closing punctuation / emphasis / quotes, so no double space
  or space before punctuation is left; whitespace between the marker and
  closing punctuation goes too (``Smith <!--ref:k--> .`` → ``Smith.``);
* parentheses that held nothing but the marker go with it
  (``Smith (<!--ref:k-->) says`` → ``Smith says``);
* a marker at the start of a line takes the whitespace after it instead, so
  indentation is kept.
"""

from __future__ import annotations

import re

from ars_docs.document.markers import LINE_PREFIX
from ars_docs.document.pipeline import DocState
from ars_docs.document.text import Document, Edit, Span

CLOSING_PUNCTUATION = frozenset(".,;:!?)]}»”’…")
#: Characters that close emphasis or a quotation when followed by a boundary.
CLOSING_MARKUP = frozenset("*_~\"'")


def strip(state: DocState) -> None:
    if state.refused:
        return
    if state.options.strict:
        state.edits = strict_edits(state)
        return
    removals = [
        Span(m.comment_start, m.span.end)
        for m in state.markers
        if not m.malformed and m.claim != "bare" and m.text
    ]  # a preview shows bare markers visibly instead (passes/preview.py)
    removals.extend(Span(w.start, w.end) for w in state.waivers)
    state.edits = strip_edits(state.document, removals)


def strict_edits(state: DocState) -> list[Edit]:
    """The edits of the strict output, computed once per run.

    The whole marker span goes (no visible prefix is left once the gate
    passed), and so do waivers: their texts were reported, the comments are
    draft-only. ``recheck`` scans this output before the strip pass writes it.
    """
    if state.strict_edits is None:
        # (A citation key's marker that finalize has not written yet has an empty span.)
        removals = [m.span for m in state.markers if not m.malformed and m.text]
        removals.extend(Span(w.start, w.end) for w in state.waivers)
        state.strict_edits = strip_edits(state.document, removals)
    return state.strict_edits


def strip_edits(doc: Document, removals: list[Span]) -> list[Edit]:
    by_line: dict[int, list[Span]] = {}
    for span in sorted(removals):
        by_line.setdefault(doc.position(span.start)[0] - 1, []).append(span)
    edits: list[Edit] = []
    for line, spans in by_line.items():
        edits.extend(_line_edits(doc, line, _grouped(doc.text, spans)))
    return _merged(edits)


def _grouped(text: str, spans: list[Span]) -> list[Span]:
    """Removals separated only by spaces or tabs made one, so the spacing rules see
    them as one marker (``[1, 2] <!--ref:a ok--><!--ref:b ok-->.`` → ``[1, 2].``)."""
    grouped: list[Span] = []
    for span in spans:
        if grouped and not text[grouped[-1].end : span.start].strip(" \t"):
            grouped[-1] = Span(grouped[-1].start, max(grouped[-1].end, span.end))
        else:
            grouped.append(span)
    return grouped


def _merged(edits: list[Edit]) -> list[Edit]:
    """Edits that overlap made one: a last line removed with the line break before
    it meets the line before it, removed with its own (two marker-only lines at
    the end of a draft without a final newline)."""
    out: list[Edit] = []
    for edit in sorted(edits, key=lambda e: (e.span.start, e.span.end)):
        if out and edit.span.start < out[-1].span.end:
            last = out[-1]
            end = max(last.span.end, edit.span.end)
            # Keep what both would write, in order (a separator, if any).
            out[-1] = Edit(Span(last.span.start, end), last.replacement + edit.replacement)
        else:
            out.append(edit)
    return out


def _blankish(text: str) -> bool:
    return not text.strip().strip(">").strip()


def _closes(text: str, index: int, end: int) -> bool:
    """True when ``text[index:]`` starts with a boundary: end, space or closing mark."""
    if index >= end or text[index] in " \t" or text[index] in CLOSING_PUNCTUATION:
        return True
    run = index
    while run < end and text[run] in CLOSING_MARKUP:
        run += 1
    return run > index and (run >= end or not text[run].isalnum())


def _line_edits(doc: Document, line: int, spans: list[Span]) -> list[Edit]:
    text = doc.text
    bounds = doc.line_span(line)
    end_of_last = max(s.end for s in spans)
    remaining = []
    cursor = bounds.start
    for span in spans:
        remaining.append(text[cursor : span.start])
        cursor = span.end
    remaining.append(text[cursor : max(bounds.end, end_of_last)])
    if _blankish("".join(remaining)) and end_of_last <= bounds.end:
        if _ends_a_container(doc, line, bounds, spans):
            # The marker paragraph is what ends a list before an indented block or
            # another list; without it that block would join the list item (a code
            # block would become prose). An empty comment keeps the structure, the
            # way CommonMark itself separates a list from what follows.
            return [Edit(Span(spans[0].start, end_of_last), _SEPARATOR)]
        return [_remove_line(doc, line, bounds)]
    edits = []
    previous_end = bounds.start
    for span in spans:
        start, end = span.start, span.end
        stop = max(bounds.end, end)
        if LINE_PREFIX.fullmatch(text, bounds.start, start):
            # Marker at the start of the line's content (after indentation, quote, list or
            # heading markers, whose space must stay): drop the space after it instead.
            while end < stop and text[end] in " \t":
                end += 1
            joined = _join_punctuation(doc, line, start, end)
            if joined is not None:
                start = joined
        elif start > previous_end and text[start - 1] == "(" and text.startswith(")", end):
            # "(<!--ref:k-->)": the parentheses held only the marker.
            start -= 1
            end += 1
            while start > previous_end and text[start - 1] in " \t":
                start -= 1
        else:
            after = end
            while after < stop and text[after] in " \t":
                after += 1
            if after > end and after < stop and text[after] in CLOSING_PUNCTUATION:
                end = after  # "Smith <!--ref:k--> ." -> "Smith."
            left = text[previous_end:start]
            if left.endswith((" ", "\t")) and _closes(text, end, stop):
                start -= len(left) - len(left.rstrip(" \t"))
        edits.append(Edit(Span(start, end), ""))
        previous_end = end
    return edits


def _join_punctuation(doc: Document, line: int, start: int, end: int) -> int | None:
    """Where to start the removal of a line-start marker so that the punctuation after
    it joins the line above (``As shown\n<!--ref:k ok-->.`` → ``As shown.``), or None.

    Only when the marker follows nothing but indentation or the same quote markers
    as the line above, and that line is text: a list marker or a blank line above
    keeps the line on its own.
    """
    text = doc.text
    if line == 0 or end >= len(text) or text[end] not in CLOSING_PUNCTUATION:
        return None
    prefix = text[doc.line_span(line).start : start]
    above = doc.line_span(line - 1)
    previous = text[above.start : above.end]
    if prefix.strip(" \t>") or not previous.strip(" \t>"):
        return None
    if prefix.replace(" ", "").replace("\t", "") != _quote_markers(previous):
        return None
    content = previous.rstrip(" \t")
    if not content or _LIST_START.fullmatch(content + " ") or content.endswith("\\"):
        return None  # a bare list marker above, or a hard line break
    return above.start + len(content)


def _quote_markers(line: str) -> str:
    markers = re.match(r"[ \t>]*", line)
    assert markers is not None
    return markers.group().replace(" ", "").replace("\t", "")


_SEPARATOR = "<!-- -->"
_UNDERLINE = re.compile(r" {0,3}(?:-+|=+)[ \t]*")
_LIST_START = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")


def _ends_a_container(doc: Document, line: int, bounds: Span, spans: list[Span]) -> bool:
    """A top-level marker-only line whose removal would change what follows it.

    Such a line is an HTML block to CommonMark. Without it, an indented line
    right after it would join the paragraph before it (code would become
    prose) and ``---`` would underline that paragraph into a heading; after a
    blank line an indented block or a list would join
    the list before it.
    """
    text = doc.text
    if text[bounds.start : spans[0].start]:
        return False  # indented or inside a container: left to the output check
    after_text = line > 0 and bool(doc.line_text(line - 1).strip())
    for following in range(line + 1, doc.line_count):
        content = doc.line_text(following)
        if content.strip():
            if after_text:
                # An indented line would join the paragraph above; "---" or "==="
                # would underline it into a heading.
                return following == line + 1 and (
                    content[:1] in " \t" or _UNDERLINE.fullmatch(content) is not None
                )
            return content[:1] in " \t" or _LIST_START.match(content) is not None
    return False


def _remove_line(doc: Document, line: int, bounds: Span) -> Edit:
    text = doc.text
    if line + 1 < doc.line_count:
        return Edit(Span(bounds.start, doc.line_starts[line + 1]), "")
    if line > 0:
        # Last line without a trailing newline: remove the newline before it instead.
        return Edit(Span(doc.line_span(line - 1).end, bounds.end), "")
    return Edit(Span(bounds.start, len(text)), "")
