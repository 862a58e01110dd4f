"""recheck: the strict output must hold nothing any reader could take for a marker.

The gate judges the draft through one parser (markdown-it-py) and ars-docs'
reading of it. Other readers disagree at the edges: HTML ends a comment at
``--!>`` where markdown-it does not, a ``<script>`` block ends at
``</script foo>`` in a browser but not in CommonMark, a line break after
``<!--`` or an entity-encoded ``&lt;!--ref:…--&gt;`` hides a marker from the
parser but not from a browser. So after the gate this pass builds the output
the strip pass would write and scans it *without* relying on that reading:

* any ``<!--`` whose comment (up to the first ``-->``) holds ``ref:``, ``ref=``
  or ``cite:`` — wherever it sits, HTML blocks and raw-text blocks included;
* any comment holding ``--!>`` (readers disagree where it ends);
* marker or warning text once HTML entities are decoded;
* ``[UNVERIFIED CITATION`` text anywhere.

Only markdown code is exempt (fenced and indented code blocks, code spans), as
found by a plain CommonMark parse of the output. Each finding is a
``hidden-marker`` offender at its place in the draft. Linear: every scan is
one pass over the output with bounded look-ahead.
"""

from __future__ import annotations

import bisect
import html
import re
from functools import lru_cache

from markdown_it import MarkdownIt

from ars_docs import codes
from ars_docs.draft.document import Document, Edit, apply_edits
from ars_docs.draft.markers import WARNING_TEXT_RE
from ars_docs.draft.passes.strip import strict_edits
from ars_docs.draft.pipeline import DocState, Offender
from ars_docs.draft.prose import code_spans

_COMMENT = "<!--"
#: How far one comment is read (bounded look-ahead keeps the scan linear).
_COMMENT_REACH = 4000
_MARKERISH = re.compile(r"\b(?:ref|cite|citation)\s*[:=]", re.IGNORECASE)
_ENCODED = re.compile(r"<!--\s*(?:ref|cite)|\[UNVERIFIED\s+CITATION", re.IGNORECASE)


@lru_cache(maxsize=1)
def _plain_parser() -> MarkdownIt:
    # No ars-docs hooks, no front-matter plugin: only to find markdown code.
    return MarkdownIt("commonmark", {"html": True}).enable("table")


def recheck(state: DocState) -> None:
    doc = state.document
    edits = strict_edits(state)
    output = apply_edits(doc.text, edits)
    masked = _without_code(output)
    # One finding per line: a line already refused for another reason is enough
    # (the draft-wide no-citations refusal sits on line 1 and does not count).
    reported = {o.line for o in state.offenders if o.reason != codes.REFUSE_NO_CITATIONS}
    found: list[Offender] = []
    to_input = _OffsetMap(edits)
    for at, detail in _findings(masked):
        line, col = doc.position(to_input(at))
        if line in reported:
            continue
        reported.add(line)
        found.append(Offender(line, col, codes.REFUSE_HIDDEN, "-", detail))
    if found:
        state.offenders = sorted([*state.offenders, *found], key=lambda o: (o.line, o.col))


def _without_code(text: str) -> str:
    """``text`` with markdown code blanked (same length)."""
    out = Document(text)
    body = out.body
    if body and not body.endswith(("\n", "\r")):
        body += "\n"
    try:
        tokens = _plain_parser().parse(body)
    except (IndexError, RecursionError):
        return text  # nothing is exempt when the output cannot be parsed
    chars = list(text)
    seen: set[tuple[int, int]] = set()
    for token in tokens:
        if token.map is None or token.map[0] >= out.line_count:
            continue
        first, last = token.map
        start = out.line_starts[first]
        end = out.line_span(min(last, out.line_count) - 1).end
        if token.type in ("fence", "code_block"):
            chars[start:end] = [c if c in "\r\n" else " " for c in text[start:end]]
        elif token.type == "inline" and (start, end) not in seen:
            seen.add((start, end))
            for s, e in code_spans(text, start, end):
                chars[s:e] = " " * (e - s)
    return "".join(chars)


def _findings(masked: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    pos = masked.find(_COMMENT)
    while pos >= 0:
        close = masked.find("-->", pos + 4, pos + _COMMENT_REACH)
        comment = masked[pos : close + 3 if close >= 0 else pos + _COMMENT_REACH]
        if _MARKERISH.search(comment):
            closed = " and closed by '--!>'" if "--!>" in comment else ""
            found.append(
                (pos, f"a comment holding 'ref:'{closed} that a reader may take for a marker")
            )
        elif "--!>" in comment:
            found.append((pos, "a comment closed by '--!>' (readers disagree where it ends)"))
        pos = masked.find(_COMMENT, pos + 4)
    for match in WARNING_TEXT_RE.finditer(masked):
        found.append((match.start(), "warning text left in the output"))
    amp = masked.find("&")
    while amp >= 0:
        line_start = masked.rfind("\n", 0, amp) + 1
        line_end = masked.find("\n", amp)
        line_end = len(masked) if line_end < 0 else line_end
        if _ENCODED.search(html.unescape(masked[line_start:line_end])):
            found.append((amp, "a marker or warning written with HTML entities"))
        amp = masked.find("&", line_end)
    found.sort()
    return found


class _OffsetMap:
    """Maps an offset of the stripped output back to the draft (prefix sums, bisect)."""

    def __init__(self, edits: list[Edit]) -> None:
        self.starts: list[int] = []
        self.removed: list[int] = []
        shift = 0
        for edit in sorted(edits, key=lambda e: e.span.start):
            self.starts.append(edit.span.start - shift)
            shift += (edit.span.end - edit.span.start) - len(edit.replacement)
            self.removed.append(shift)

    def __call__(self, out_offset: int) -> int:
        index = bisect.bisect_right(self.starts, out_offset)
        return out_offset + (self.removed[index - 1] if index else 0)
