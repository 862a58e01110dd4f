"""Find the direct quotations a draft attaches to its citation markers (issue 28).

An inline quotation is text in quotation marks (``"…"``, ``“…”``, ``„…“``,
``«…»``, ``»…«``, ``「…」``, ``‘…’``) in the same sentence as a marker; a block
quotation is a ``>`` block with a marker inside it, on the line right after it,
or at the end of the paragraph right before it. A locator (``p. 5``,
``pp. 5–7``, ``S. 34``, ``§ 2``, ``chap. 3``) after the quotation, in the same
sentence, is kept with it.

Not quotations: one or two quoted words (scare quotes), the cited entry's own
title in quotation marks, and anything in code (code spans, fenced and
indented code, HTML comments are blanked by ``document.parse.prose.mask`` first, so an
offset into the masked text is an offset into the draft).
"""

from __future__ import annotations

import bisect
import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ars_docs.document.markers import Marker
from ars_docs.document.parse.prose import mask
from ars_docs.document.passes.extract import extract
from ars_docs.document.pipeline import DocState, Options
from ars_docs.document.text import Document

__all__ = ["Locator", "Quotation", "find_quotations", "quotations_in", "quote_sha", "words_of"]

#: (opening, closing) marks; the content may span soft line breaks, never a blank line.
_PAIRS: Sequence[tuple[str, str]] = (
    ("„", "“"),
    ("„", "”"),
    ("‚", "‘"),
    ("“", "”"),
    ("«", "»"),
    ("»", "«"),
    ("「", "」"),
    ("『", "』"),
    ("‘", "’"),
    ('"', '"'),
)


_MAX_INLINE = 2000


def _pair_pattern(index: int, opening: str, closing: str) -> str:
    o, c = re.escape(opening), re.escape(closing)
    # Never across a blank line; a closing ’ or ' followed by a letter is an apostrophe
    # (the world’s), so it neither ends the quotation nor is it excluded from it.
    inner = f"[^{o}{c}\\n]|\\n(?![ \\t]*\\n)"
    if closing in "’'":
        inner += f"|{c}(?=\\w)"
    tail = "(?!\\w)" if closing in "’'\"" else ""
    # Bounded: an unclosed mark scans at most _MAX_INLINE characters (hostile drafts).
    return f"{o}(?P<q{index}>(?:{inner}){{1,{_MAX_INLINE}}}?){c}{tail}"


_INLINE = re.compile("|".join(_pair_pattern(i, o, c) for i, (o, c) in enumerate(_PAIRS)))
_LOCATOR = re.compile(
    r"(?<!\w)(?P<kind>pp?\.|S\.|§|chap\.|ch\.|Kap\.)\s*(?P<first>\d+)"
    r"(?:\s*[-–—]\s*(?P<last>\d+))?",
)
#: A sentence ends at . ! ? followed by space and a capital, a quote or a marker.
_SENTENCE_END = re.compile(r"[.!?](?=\s+[\"“„«»‘(\[A-ZÄÖÜÀ-Þ])|\n[ \t]*\n")
_WORD = re.compile(r"\w+(?:[-'’]\w+)*")
_SCARE_WORDS = 2
_EMPHASIS = re.compile(r"(?<!\w)[*_]+|[*_]+(?!\w)")
_BLOCK_PREFIX = re.compile(r"^[ \t]{0,3}(?:>[ \t]?)+", re.MULTILINE)
#: Markers and warnings inside a quotation: not part of its words.
_HIDDEN = re.compile(r"<!--.*?-->|\[UNVERIFIED CITATION[^\]]*\]", re.S)
#: A page locator closing a block quote: ``… (p. 5)``.
_TAIL_LOCATOR = re.compile(r"\(?\s*" + _LOCATOR.pattern + r"\s*\)?\s*$")


@dataclass(frozen=True, slots=True)
class Locator:
    """Where the draft says the quotation is: ``kind`` is ``p``, ``S``, ``§`` or ``chap``."""

    kind: str
    first: int
    last: int
    text: str

    @property
    def is_page(self) -> bool:
        return self.kind in ("p", "S")


@dataclass(frozen=True, slots=True)
class Quotation:
    """One quotation attached to a marker."""

    slug: str
    text: str
    """The quoted words as written (block quotes without their ``>``)."""
    start: int
    end: int
    line: int
    col: int
    block: bool
    locator: Locator | None

    @property
    def sha(self) -> str:
        return quote_sha(self.slug, self.text)


def quote_sha(slug: str, text: str) -> str:
    """The quotation's identity for ``accept-quote``: 16 hex digits of SHA-256 over
    the citation key and the quoted words with whitespace collapsed."""
    words = " ".join(text.split())
    return hashlib.sha256(f"{slug}\n{words}".encode()).hexdigest()[:16]


def words_of(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]


def find_quotations(
    doc: Document, title_of: Callable[[str], str | None] = lambda _slug: None
) -> list[Quotation]:
    """Every quotation attached to a marker of ``doc``, in document order."""
    state = DocState(doc, options=Options(keep_children=False))
    extract(state)
    return quotations_in(doc, state.markers, state.prose, title_of, state.block_quotes)


def quotations_in(
    doc: Document,
    all_markers: Sequence[Marker],
    prose: Sequence[tuple[int, int]],
    title_of: Callable[[str], str | None] = lambda _slug: None,
    block_quotes: Sequence[tuple[int, int]] = (),
) -> list[Quotation]:
    """``find_quotations`` over the markers, prose regions and block quotes (line
    ranges) a pipeline's ``extract`` pass already found."""
    markers = [m for m in all_markers if m.slug is not None]
    if not markers:
        return []
    found: list[Quotation] = []
    taken: list[tuple[int, int]] = []
    for block in _block_quotes(doc, markers, block_quotes):
        found.append(block)
        taken.append((block.start, block.end))
    starts = [m.span.start for m in markers]
    for region_start, region_end in prose:
        masked, _ = mask(doc.text, region_start, region_end)
        first = bisect.bisect_left(starts, region_start)
        last = bisect.bisect_left(starts, region_end)
        if first == last:
            continue
        local = markers[first:last]
        for quote in _inline(doc, masked, region_start, local, title_of):
            if not _inside(taken, quote.start):
                found.append(quote)
    found.sort(key=lambda q: q.start)
    return found


def _inline(
    doc: Document,
    masked: str,
    base: int,
    markers: Sequence[Marker],
    title_of: Callable[[str], str | None],
) -> list[Quotation]:
    quotes: list[Quotation] = []
    starts = [m.span.start for m in markers]
    matches = list(_INLINE.finditer(masked))
    inside = [(m.start(), m.end()) for m in matches]
    opens = [a for a, _ in inside]

    def quoted(at: int) -> bool:
        k = bisect.bisect_left(opens, at) - 1  # quotations do not overlap
        return k >= 0 and at < inside[k][1] - 1

    ends = [0] + [e.end() for e in _SENTENCE_END.finditer(masked) if not quoted(e.start())]
    ends.append(len(masked))
    for match in matches:
        group = next(g for g in match.groupdict().values() if g is not None)
        content = masked[match.start() + 1 : match.end() - 1]
        if len(words_of(group)) <= _SCARE_WORDS:
            continue
        index = bisect.bisect_right(ends, match.start()) - 1
        sentence = (ends[index], ends[min(index + 1, len(ends) - 1)])
        owner = _owner(
            markers, starts, base + sentence[0], base + sentence[1], base + match.start()
        )
        if owner is None or owner.slug is None:
            continue
        if _is_title(content, title_of(owner.slug)):
            continue
        # The masked text: emphasis marks, comments and code spans are blank there.
        text = " ".join(content.split())
        after = masked[match.end() : sentence[1]]
        locator = _locator(after) or _locator(masked[sentence[0] : match.start()])
        line, col = doc.position(base + match.start())
        quotes.append(
            Quotation(
                owner.slug,
                text,
                base + match.start(),
                base + match.end(),
                line,
                col,
                False,
                locator,
            )
        )
    return quotes


def _owner(
    markers: Sequence[Marker], starts: Sequence[int], start: int, end: int, at: int
) -> Marker | None:
    """The marker of the sentence ``[start, end)``: the first one after ``at``, else the
    last one before it (``Smith <!--ref:s--> writes "…".``)."""
    after = bisect.bisect_left(starts, at)
    if after < len(markers) and starts[after] < end:
        return markers[after]
    before = bisect.bisect_left(starts, at) - 1
    return markers[before] if before >= 0 and starts[before] >= start else None


def _is_title(content: str, title: str | None) -> bool:
    if not title:
        return False
    quoted = words_of(content)
    full = words_of(title)
    if not quoted:
        return False
    # The whole title, or its main title before a colon.
    main = words_of(re.split(r"[:.?!]\s", title, maxsplit=1)[0])
    return quoted in (full, main)


def _locator(text: str) -> Locator | None:
    match = _LOCATOR.search(text)
    if match is None:
        return None
    kind = {"p.": "p", "pp.": "p", "S.": "S", "§": "§"}.get(match.group("kind"), "chap")
    first = int(match.group("first"))
    last = int(match.group("last") or first)
    return Locator(kind, first, max(first, last), match.group())


def _block_quotes(
    doc: Document, markers: Sequence[Marker], block_quotes: Sequence[tuple[int, int]]
) -> list[Quotation]:
    starts = [m.span.start for m in markers]
    out: list[Quotation] = []
    for first_line, end_line in block_quotes:
        start = doc.line_span(first_line).start
        end = doc.line_span(end_line - 1).end
        marker = _block_owner(doc, markers, starts, start, end, first_line, end_line)
        if marker is None or marker.slug is None:
            continue
        raw = doc.text[start:end]
        body = _HIDDEN.sub(" ", _BLOCK_PREFIX.sub("", raw))
        locator = None
        tail = _TAIL_LOCATOR.search(body.rstrip())
        if tail is not None:
            locator = _locator(tail.group())
            body = body.rstrip()[: tail.start()]
        body = _EMPHASIS.sub("", body).strip().strip('"“”„«»')
        if len(words_of(body)) <= _SCARE_WORDS:
            continue
        line, col = doc.position(start)
        out.append(Quotation(marker.slug, body, start, end, line, col, True, locator))
    return out


def _inside(ranges: Sequence[tuple[int, int]], offset: int) -> bool:
    """Whether ``offset`` falls in one of ``ranges`` (sorted, not overlapping)."""
    index = bisect.bisect_right(ranges, (offset, float("inf"))) - 1
    return index >= 0 and offset < ranges[index][1]


def _between(
    markers: Sequence[Marker], starts: Sequence[int], start: int, end: int
) -> Sequence[Marker]:
    """The markers whose span starts in ``[start, end)`` (``starts``: theirs, sorted)."""
    return markers[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, end)]


def _block_owner(
    doc: Document,
    markers: Sequence[Marker],
    starts: Sequence[int],
    start: int,
    end: int,
    first: int,
    stop: int,
) -> Marker | None:
    inside = _between(markers, starts, start, end)
    if inside:
        return inside[-1]
    # The line right after the block (or after one blank line) starts with a marker
    # or a short attribution ending in one; else the paragraph before ends with one.
    for index in (stop, stop + 1):
        if index < doc.line_count:
            span = doc.line_span(index)
            hit = _between(markers, starts, span.start, span.end)
            if hit and (m := hit[0]).span.start - span.start < 80:
                return m
            if doc.text[span.start : span.end].strip():
                break
    for index in (first - 1, first - 2):
        if index >= 0:
            span = doc.line_span(index)
            line = doc.text[span.start : span.end].rstrip()
            hit = _between(markers, starts, span.start, span.end)
            # A line of markers only belongs to the block above it, not to this one.
            alone = not _HIDDEN.sub("", line).strip()
            if hit and not alone and line.rstrip(":.").endswith("-->"):
                return hit[-1]
            if line.strip():
                break
    return None
