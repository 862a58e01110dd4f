"""Sentences of a masked prose block, for the unmarked-citation pass (issue 24 §2).

A citation is covered by a marker in its sentence, wherever the marker sits in
it: right after the citation, at the end of the sentence, after its period
(``Good (2020) found this. <!--ref:good ok-->``), on the next line, or before
the citation. Markers are blanked in the masked text, so a marker between two
sentences lies in the *gap* between them; the pass decides which of the two it
belongs to.

A sentence ends at ``.``, ``!``, ``?`` or ``…`` (closing quotes and brackets
included) followed by white space, at ``。！？``, at a blank line and at a
table cell's ``|``; not at an abbreviation (``et al.``, ``p.``, ``e.g.``,
``u. a.``), an initial (``J. Smith``), inside a citation-shaped text, or when
the next word starts in lower case. Splitting too little is the permissive
error (a marker may count for a neighbouring clause); splitting too much
refuses legitimate drafts, so the rules lean towards longer sentences.
"""

from __future__ import annotations

import bisect
import re

_END_RE = re.compile(r"[.!?…]+[\"'”’»)\]]*(?=\s|$)|[。！？]+[」』）”’]*|\n[ \t>]*\n|\|")
#: Words that end with a period without ending the sentence.
_ABBREVIATION_WORDS = """
al e.g eg i.e ie cf vs viz p pp fig figs no nos vol vols ed eds dr mr mrs ms prof st
approx ca ch chap sec eq eqs op cit loc ibid resp nr abb tab vgl bzw z.b d.h ggf inkl
art para paras et seq sr jr ref refs
"""
_ABBREVIATIONS = frozenset(_ABBREVIATION_WORDS.split())
#: What may separate sentences: white space, quote markers, table pipes.
_GAP = frozenset(" \t\r\n>|")


def sentences(masked: str, protected: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``[start, end)`` of each sentence: from its first character to the end of
    its terminator. ``protected`` (sorted, disjoint) are spans never split."""
    starts = [s for s, _ in protected]
    bounds: list[int] = []
    size = len(masked)
    for match in _END_RE.finditer(masked):
        at = match.start()
        index = bisect.bisect_right(starts, at) - 1
        if index >= 0 and protected[index][1] > at:
            continue  # inside a citation: ``et al.``, ``(ibid.)``
        if masked[at] in ".…" and _abbreviation(masked, at):
            continue
        after = _text_start(masked, match.end(), size)
        if masked[at] not in "|\n" and after < size and masked[after].islower():
            continue
        bounds.append(match.end())
    bounds.append(size)
    spans: list[tuple[int, int]] = []
    cursor = 0
    for end in bounds:
        first = _text_start(masked, cursor, end)
        if first < end and masked[first:end].strip(" \t\r\n>|"):
            spans.append((first, end))
        cursor = max(cursor, end)
    return spans


def _text_start(masked: str, pos: int, stop: int) -> int:
    while pos < stop and masked[pos] in _GAP:
        pos += 1
    return pos


def _abbreviation(masked: str, at: int) -> bool:
    head = masked[max(0, at - 12) : at].split()
    if not head:
        return False
    word = head[-1].lstrip("([\"'“‘").lower()
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())
