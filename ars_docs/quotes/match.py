"""Compare one quotation with an original's text (issue 28).

Both sides are read as words: NFKC (ligatures such as ``ﬁ`` become ``fi``),
soft hyphens and zero-width characters dropped, a word hyphenated at a line
end rejoined, hyphens inside words dropped (``well-known`` = ``wellknown``),
diacritics and case folded for finding. Punctuation, quotation-mark style,
whitespace and line breaks never count.

The quotation's editorial conventions are honoured: an ellipsis (``[…]``,
``[...]``, ``…``, ``...``, ``. . .``) splits it into pieces that must occur in
order (at most ``ELLIPSIS_SPAN`` words apart); ``[sic]`` and notes such as
``[emphasis added]`` are dropped; brackets inside a word (``[T]rust``) are
dropped; any other bracketed insertion (``[the state]``) stands for up to
``INSERTION_SPAN`` words of the original.

Verdicts:

* ``exact`` — the words occur as written (case included) with no editorial
  device; only extraction repairs (ligatures, hyphenation, line breaks) used.
* ``equivalent`` — found, but only through the allowed conventions above
  (case changes, ellipses, brackets, ``[sic]``).
* ``altered`` — not found, but a passage shares most of the words: the
  closest one is reported with its word diff and page.
* ``not_found`` — nothing in the original comes close.

A page locator (``p.``, ``pp.``, ``S.``) is compared with the page the passage
is on (its printed number when the PDF shows one); a mismatch is reported as
``page_ok = False`` and does not change the verdict.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ars_docs.quotes.find import Locator
from ars_docs.quotes.text import Original
from ars_docs.works.fold import compose, fold_text

__all__ = ["ELLIPSIS_SPAN", "INSERTION_SPAN", "Match", "SourceIndex", "match_quote"]

ELLIPSIS_SPAN = 400
INSERTION_SPAN = 8
#: Share of words (2·matched / (quote + passage)) from which the closest passage
#: counts as an altered version of the quotation rather than something else.
ALTERED_RATIO = 0.55
_COMMON_CAP = 400  # a word more frequent than this does not vote for a passage

_LINE_HYPHEN = re.compile(r"(\w)[-\u2010\u2011]\s*(?:\r\n|\r|\n)\s*(?=\w)")
_WORD = re.compile(r"\w+(?:[-\u2010\u2011]\w+)*")
_ELLIPSIS = re.compile(r"\[\s*(?:…|\.\s?\.\s?\.)\s*\]|\(\s*(?:…|\.\.\.)\s*\)|…|\.\s?\.\s?\.")
_SIC = re.compile(r"\[\s*sic!?\s*\]", re.IGNORECASE)
_NOTE = re.compile(
    r"\[[^\]]*\b(?:emphasis|italics|added|original|Hervorhebung|footnote omitted)\b[^\]]*\]",
    re.IGNORECASE,
)
_IN_WORD = re.compile(r"\[(\w{1,3})\](?=\w)|(?<=\w)\[(\w{1,3})\]")
_INSERTION = re.compile(r"\[[^\]]{1,80}\]")


@dataclass(frozen=True)
class Match:
    verdict: str
    """``exact``, ``equivalent``, ``altered`` or ``not_found``."""
    first_page: int | None = None
    last_page: int | None = None
    passage: str = ""
    """The original's words where the quotation is (or comes closest)."""
    diff: tuple[str, ...] = ()
    """For ``altered``: ``-word`` (original) / ``+word`` (quotation) changes, in order."""
    page_ok: bool | None = None
    """``None`` without a page locator or page; else whether the locator fits."""
    score: float = 0.0
    devices: tuple[str, ...] = field(default=())
    """The editorial conventions the match used (ellipsis, insertion, sic, case …)."""


@functools.lru_cache(maxsize=65536)
def _fold(word: str) -> str:
    """The word as it is compared: no hyphens, no diacritics, case folded (``fold_text``)."""
    word = word.replace("-", "").replace("\u2010", "").replace("\u2011", "")
    if word.isascii():
        return word.lower()
    return fold_text(word)


#: A note reference in the original: superscript digits, or digits glued to the
#: punctuation after a word ("drops.12 And"); not part of what an author quotes.
_NOTE_REFERENCE = re.compile(
    r"[\u00b9\u00b2\u00b3\u2070-\u2079]+|(?<=[^\W\d][.,;:!?)\u201d\"\u2019])\d{1,3}(?=\s)"
)


_GLUED_MARK = re.compile(r"([^\W\d_]{2,})\d{1,3}")


@functools.lru_cache(maxsize=65536)
def _bare(folded: str) -> str:
    """A source word without a note number printed straight after it ("ledbury1" →
    "ledbury"); other words unchanged (a word with digits inside, or only digits)."""
    m = _GLUED_MARK.fullmatch(folded)
    return m.group(1) if m is not None else folded


def _same(index: SourceIndex, i: int, folded: str) -> bool:
    """Whether source word ``i`` is the quotation's (folded) word ``folded``."""
    return index.folded[i] == folded or index.bare[i] == folded


def _clean_source(text: str) -> str:
    return _clean(_NOTE_REFERENCE.sub("", text))


def _clean(text: str) -> str:
    return _LINE_HYPHEN.sub(r"\1", compose(text))


class SourceIndex:
    """The original's words with their page and place, indexed for search."""

    def __init__(self, original: Original) -> None:
        self.original = original
        self.words: list[str] = []
        self.folded: list[str] = []
        self.pages: list[int] = []
        self.spans: list[tuple[int, int]] = []
        self.texts: list[str] = []
        self.texts_of: list[int] = []
        """Which of ``texts`` (pages, then footnotes) each word is in."""
        self._hyphen_pending = False
        # Running text of every page first, then the footnotes: a sentence that runs
        # on to the next page reads through, and a word hyphenated there is rejoined.
        texts = [*original.pages, *original.notes]
        count = len(original.pages)
        for number, page in enumerate(texts):
            page_index = number % count if count else 0
            text = _clean_source(page)
            self.texts.append(text)
            joining = number < count and bool(self.words) and self._hyphen_pending
            for m in _WORD.finditer(text):
                word = m.group().replace("\u2010", "-").replace("\u2011", "-")
                if joining:
                    joining = False
                    self.words[-1] += word.replace("-", "")
                    self.folded[-1] = _fold(self.words[-1])
                    continue
                self.words.append(word.replace("-", ""))
                self.folded.append(_fold(word))
                self.pages.append(page_index)
                self.spans.append(m.span())
                self.texts_of.append(number)
            self._hyphen_pending = bool(re.search(r"\w[-\u2010\u2011]\s*$", text))
        # A note number glued to the word before it ("Ledbury1"): the bare word is
        # what an author quotes. Both forms are indexed; a quotation that includes
        # the digits ("COVID19") is still compared with them.
        self.bare = [_bare(w) for w in self.folded]
        self.where: dict[str, list[int]] = {}
        for i, w in enumerate(self.folded):
            self.where.setdefault(w, []).append(i)
            if self.bare[i] != w:
                self.where.setdefault(self.bare[i], []).append(i)

    def passage(self, start: int, end: int) -> str:
        """The original's text from word ``start`` to word ``end - 1`` (one page's span
        each side of a page break), whitespace collapsed."""
        if start >= end:
            return ""
        parts = []
        text = self.texts_of[start]
        a = self.spans[start][0]
        for i in range(start, end):
            if self.texts_of[i] != text:
                parts.append(self.texts[text][a : self.spans[i - 1][1]])
                text, a = self.texts_of[i], self.spans[i][0]
        parts.append(self.texts[text][a : self.spans[end - 1][1]])
        return " ".join(" ".join(parts).split())


@dataclass
class _Piece:
    words: list[str]
    gap: str  # the gap before this piece: "" (first), "ellipsis", "insertion", "join"


def _pieces(quote: str) -> tuple[list[_Piece], set[str]]:
    devices: set[str] = set()
    text = unicodedata.normalize("NFKC", quote)
    if _SIC.search(text):
        devices.add("sic")
        text = _SIC.sub(" ", text)
    if _NOTE.search(text):
        devices.add("note")
        text = _NOTE.sub(" ", text)
    if _IN_WORD.search(text):
        devices.add("bracketed letters")
        text = _IN_WORD.sub(lambda m: m.group(1) or m.group(2), text)
    pieces: list[_Piece] = []
    gap = ""
    cursor = 0
    tokens = [(m.start(), m.end(), "ellipsis") for m in _ELLIPSIS.finditer(text)]
    tokens += [(m.start(), m.end(), "insertion") for m in _INSERTION.finditer(text)]
    tokens = [t for t in sorted(tokens) if not any(o[0] < t[0] < o[1] for o in tokens)]
    for start, end, kind in tokens:
        if start < cursor:
            continue
        words = _WORD.findall(text[cursor:start])
        if words:
            pieces.append(_Piece([w.replace("-", "") for w in words], gap))
            gap = ""
        devices.add(kind)
        gap = kind if gap != "ellipsis" else gap
        cursor = end
    words = _WORD.findall(text[cursor:])
    if words:
        pieces.append(_Piece([w.replace("-", "") for w in words], gap))
    if pieces:
        pieces[0].gap = ""
    return pieces, devices


def _occurrences(index: SourceIndex, words: list[str], lo: int, hi: int) -> list[int]:
    folded = [_fold(w) for w in words]
    hits = index.where.get(folded[0], [])
    out = []
    n = len(folded)
    for i in hits:
        if i < lo:
            continue
        if i > hi:
            break
        if i + n <= len(index.folded) and all(_same(index, i + k, f) for k, f in enumerate(folded)):
            out.append(i)
    return out


def _find(
    index: SourceIndex, pieces: list[_Piece], locator: Locator | None
) -> list[tuple[int, int]] | None:
    """Word ranges of each piece, in order, or None. When the words occur more than
    once, the occurrence on the locator's page wins, else the first."""
    first = pieces[0]
    found_any: list[tuple[int, int]] | None = None
    for start in _occurrences(index, first.words, 0, len(index.folded)):
        ranges = [(start, start + len(first.words))]
        ok = True
        for piece in pieces[1:]:
            end = ranges[-1][1]
            span = ELLIPSIS_SPAN if piece.gap == "ellipsis" else INSERTION_SPAN
            found = _occurrences(index, piece.words, end, end + span)
            if not found:
                ok = False
                break
            ranges.append((found[0], found[0] + len(piece.words)))
        if not ok:
            continue
        if locator is None or not locator.is_page:
            return ranges
        found_any = found_any or ranges
        page = index.original.page_label(index.pages[start])
        if locator.first <= page <= locator.last:
            return ranges
    return found_any


def match_quote(index: SourceIndex, quote: str, locator: Locator | None = None) -> Match:
    pieces, devices = _pieces(quote)
    if not pieces:
        return Match("not_found")
    ranges = _find(index, pieces, locator)
    if ranges is not None:
        quoted = [w for p in pieces for w in p.words]
        found = [
            index.words[i] if index.folded[i] == _fold(q) else index.words[i][: len(q)]
            for (a, b), piece in zip(ranges, pieces, strict=True)
            for i, q in zip(range(a, b), piece.words, strict=True)
        ]
        if quoted != found:
            devices.add("case")
        verdict = "equivalent" if devices else "exact"
        start, end = ranges[0][0], ranges[-1][1]
        return _located(index, verdict, start, end, locator, (), 1.0, devices)
    return _closest(index, [w for p in pieces for w in p.words], locator, devices)


def _located(
    index: SourceIndex,
    verdict: str,
    start: int,
    end: int,
    locator: Locator | None,
    diff: tuple[str, ...],
    score: float,
    devices: set[str],
) -> Match:
    original = index.original
    first: int | None = original.page_label(index.pages[start])
    last: int | None = original.page_label(index.pages[end - 1])
    if original.kind != "pdf":  # an HTML or text original has no pages
        first = last = None
    page_ok: bool | None = None
    if locator is not None and locator.is_page and original.kind == "pdf":
        assert first is not None and last is not None
        page_ok = not (last < locator.first or first > locator.last)
    return Match(
        verdict,
        first,
        last,
        index.passage(start, end),
        diff,
        page_ok,
        round(score, 3),
        tuple(sorted(devices)),
    )


def _closest(
    index: SourceIndex, quoted: list[str], locator: Locator | None, devices: set[str]
) -> Match:
    folded = [_fold(w) for w in quoted]
    votes: Counter[int] = Counter()
    for j, word in enumerate(folded):
        hits = index.where.get(word, ())
        if len(hits) > _COMMON_CAP:
            continue
        for i in hits:
            votes[(i - j) // 4] += 1
    best: tuple[float, int, int] | None = None
    for bucket, _ in votes.most_common(6):
        lo = max(0, bucket * 4 - 8)
        hi = min(len(index.folded), bucket * 4 + len(folded) + 12)
        wanted = set(folded)
        window = [
            f if f in wanted or index.bare[i] not in wanted else index.bare[i]
            for i, f in enumerate(index.folded[lo:hi], lo)
        ]
        matcher = difflib.SequenceMatcher(None, folded, window, autojunk=False)
        blocks = _coherent([b for b in matcher.get_matching_blocks() if b.size])
        if not blocks:
            continue
        # The passage spans the quotation's length: unmatched words at either end
        # of the quotation stand against the original's words there.
        a = max(0, lo + blocks[0].b - blocks[0].a)
        tail = len(folded) - (blocks[-1].a + blocks[-1].size)
        b = min(len(index.folded), lo + blocks[-1].b + blocks[-1].size + tail)
        matched = sum(x.size for x in blocks)
        score = 2 * matched / (len(folded) + (b - a))
        if best is None or score > best[0]:
            best = (score, a, b)
    if best is None or best[0] < ALTERED_RATIO or best[2] - best[1] < 2:
        return Match("not_found", score=round(best[0], 3) if best else 0.0)
    score, a, b = best
    diff = _diff(index.words[a:b], quoted, index.bare[a:b])
    return _located(index, "altered", a, b, locator, diff, score, devices)


_SLACK = 3  # extra original words a gap between two matched runs may hold


def _coherent(blocks: list[Any]) -> list[Any]:
    """The matched runs around the longest one whose gaps in the original are about
    as long as in the quotation: a lone common word far away is not the passage."""
    if not blocks:
        return blocks
    anchor = max(range(len(blocks)), key=lambda k: blocks[k].size)
    first = last = anchor
    while first > 0:
        prev, cur = blocks[first - 1], blocks[first]
        if (cur.b - prev.b - prev.size) - (cur.a - prev.a - prev.size) > _SLACK:
            break
        first -= 1
    while last < len(blocks) - 1:
        cur, nxt = blocks[last], blocks[last + 1]
        if (nxt.b - cur.b - cur.size) - (nxt.a - cur.a - cur.size) > _SLACK:
            break
        last += 1
    return blocks[first : last + 1]


def _diff(original: list[str], quoted: list[str], bare: list[str]) -> tuple[str, ...]:
    theirs = [_fold(w) for w in quoted]
    wanted = set(theirs)
    ours = [
        f if f in wanted or b not in wanted else b
        for f, b in zip((_fold(w) for w in original), bare, strict=True)
    ]
    matcher = difflib.SequenceMatcher(None, ours, theirs, autojunk=False)
    out: list[str] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        out.extend(f"-{w}" for w in original[i1:i2])
        out.extend(f"+{w}" for w in quoted[j1:j2])
    return tuple(out)
