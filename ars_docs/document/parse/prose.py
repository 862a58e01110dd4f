"""Where the draft's prose is, and that prose with everything but words blanked.

The unmarked-citation detector (``document.detect.citations``) and the parser-independent
output check (``passes.recheck``) read prose only: paragraphs, headings, list
items, quotes, table cells and ordinary HTML blocks. Fenced and indented code,
front matter, link reference definitions and raw-text HTML blocks (``<pre>``,
``<script>``, ``<style>``, ``<textarea>``) are never prose.

``mask`` returns a same-length copy of one region in which code spans, HTML
comments and tags, autolinks, link destinations, bare URLs, inline math and
emphasis characters are spaces, so every offset still points into the draft.
Each step is one left-to-right scan with bounded look-ahead: linear in the
region (issue 16).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from markdown_it.token import Token

from ars_docs.document.markers import LINE_START_ANCHOR, MARKER_START_RE, PREFIX_RE
from ars_docs.document.text import Document

_RAW_TEXT_BLOCK = re.compile(r"\s*<(pre|script|style|textarea)(\s|>|$)", re.IGNORECASE)
_BACKTICKS = re.compile(r"`+")
_COMMENT = "<!--"
#: Tags, autolinks, link destinations ``](…)``, bare URLs and ``$math$``. The
#: lookahead lets the engine skip every other position at once.
_NOISE_RE = re.compile(
    r"(?=[<\]hf$])(?:"
    r"</?[A-Za-z][^<>\n]{0,500}>"
    r"|<[A-Za-z][A-Za-z0-9.+\-]{1,31}:[^<>\s]{0,2000}>"
    r"|\]\([^()\s]{0,2000}(?:\s+\"[^\"\n]{0,500}\")?\)"
    r"|\b(?:https?|ftp)://[^\s<>)\]]{1,2000}"
    # inline math as pandoc reads it: no space inside the dollars, no digit after the
    # closing one, so ``$5 (Smith, 2020) to $7`` is money, not math (issue 24 §3)
    r"|\$(?=[^\s$])[^$\n]{0,300}+(?<=[^\s$])\$(?!\d)"
    r")"
)
#: The waiver: ``<!--not-a-citation-->`` or ``<!--not-a-citation: REASON-->``.
WAIVER_RE = re.compile(r"<!--\s*not-a-citation\s*(?::\s*(?P<reason>[^\n]*?))?\s*-->", re.I)


@dataclass(frozen=True, slots=True)
class Waiver:
    """A ``<!--not-a-citation-->`` comment in prose: ``[start, end)`` and its reason."""

    start: int
    end: int
    reason: str


def prose_regions(doc: Document, tokens: list[Token]) -> list[tuple[int, int]]:
    """Character ranges of prose blocks in document order, each block once.

    A line that starts with a marker is an HTML block to CommonMark, but it
    continues the sentence of the paragraph right above it (``Smith (2024)\n
    <!--ref:k--> showed …``: one paragraph once the marker is stripped), so it
    joins that paragraph's region.
    """
    regions: list[tuple[int, int]] = []
    base = doc.body_start
    previous_end_line = -1
    for token in tokens:
        if token.map is None or token.type not in ("inline", "html_block"):
            continue
        if token.type == "html_block" and _RAW_TEXT_BLOCK.match(token.content):
            continue
        first, last = token.map
        if last <= first:
            continue
        start = doc.line_starts[first] if first < doc.line_count else len(doc.text)
        end = doc.line_span(min(last, doc.line_count) - 1).end
        start = max(start, base)
        if regions and start < regions[-1][1]:
            continue  # table cells share their row's lines
        if (
            token.type == "html_block"
            and regions
            and first == previous_end_line
            and _starts_with_marker(token.content)
        ):
            regions[-1] = (regions[-1][0], end)
        else:
            regions.append((start, end))
        previous_end_line = last
    return regions


def _starts_with_marker(content: str) -> bool:
    """Whether an HTML block starts with a marker, in any form finalize writes there:
    bare, or after the line-start anchor with its visible warning
    (``<!-- -->[UNVERIFIED CITATION — …]<!--ref:k-->``)."""
    head = content.lstrip()
    if head.startswith(LINE_START_ANCHOR):
        head = head[len(LINE_START_ANCHOR) :]
        prefix = PREFIX_RE.match(head)
        if prefix is not None:
            head = head[prefix.end() :]
    return MARKER_START_RE.match(head) is not None


def code_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """CommonMark code spans in ``text[start:end]``: a backtick run closed by an equal run."""
    runs = [
        (m.start(), m.end())
        for m in _BACKTICKS.finditer(text, start, end)
        if not (m.start() > start and text[m.start() - 1] == "\\")
    ]
    by_length: dict[int, list[int]] = {}
    for index, (s, e) in enumerate(runs):
        by_length.setdefault(e - s, []).append(index)
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        s, e = runs[index]
        same = by_length[e - s]
        after = bisect.bisect_right(same, index)
        if after < len(same):
            closer = same[after]
            spans.append((s, runs[closer][1]))
            index = closer + 1
        else:
            index += 1
    return spans


def mask(
    text: str,
    start: int,
    end: int,
    keep: Sequence[tuple[int, int]] = (),
    *,
    emphasis: bool = True,
) -> tuple[str, list[Waiver]]:
    """``text[start:end]`` with non-words blanked (same length), and its waivers.

    A code span that overlaps a ``keep`` range (offsets into ``text``) stays: there
    readers pair backticks differently (``document.parse.codeagree``), so it is read as text.
    ``emphasis=False`` keeps ``*`` and ``_`` (citation keys hold ``_``: ``document.citekeys``).
    """
    region = text[start:end]
    spans = code_spans(text, start, end)
    if keep:
        spans = [(s, e) for s, e in spans if not any(s < b and a < e for a, b in keep)]
    blank: list[tuple[int, int]] = [(s - start, e - start) for s, e in spans]
    if blank:
        region = _blanked(region, blank)
    waivers: list[Waiver] = []
    comments: list[tuple[int, int]] = []
    pos = region.find(_COMMENT)
    while pos >= 0:
        close = region.find("-->", pos + 4)
        stop = close + 3 if close >= 0 else len(region)
        waiver = WAIVER_RE.fullmatch(region, pos, stop)
        if waiver is not None:
            reason = " ".join((waiver.group("reason") or "").split())
            waivers.append(Waiver(start + pos, start + stop, reason))
        comments.append((pos, stop))
        pos = region.find(_COMMENT, stop)
    if comments:
        region = _blanked(region, comments)
    # Emphasis characters are blanked so ``**Smith et al.** (2013)`` reads as a
    # citation (str.replace: str.translate is many times slower on non-ASCII text).
    if emphasis:
        region = region.replace("*", " ").replace("_", " ")
    blanked = _NOISE_RE.sub(_spaces, region)
    return blanked, waivers


def _spaces(match: re.Match[str]) -> str:
    text = match.group()
    if text.startswith("]"):  # a link's destination: the label's "]" stays
        return "]" + " " * (len(text) - 1)
    return " " * len(text)


def _blanked(text: str, ranges: list[tuple[int, int]]) -> str:
    """``text`` with each of the ordered, disjoint ``ranges`` replaced by spaces."""
    pieces: list[str] = []
    cursor = 0
    for s, e in ranges:
        pieces.append(text[cursor:s])
        pieces.append(" " * (e - s))
        cursor = e
    pieces.append(text[cursor:])
    return "".join(pieces)
