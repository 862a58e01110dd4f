"""Citation-shaped prose: the unmarked-citation detector (§3.3 Step 1, issue 10).

Every citation an agent emits must carry a ``<!--ref:SLUG-->`` marker; the
gate can only check what is marked. This module finds text that *reads* like
a citation, so a citation whose marker was dropped (or never written) is
caught instead of shipping unchecked:

* author–year, parenthetical: ``(Smith, 2013)``, ``(Smith & Lee, 2013;
  Chen et al., 2014a)``, ``(see OECD, 2019, p. 4)``;
* author–year, narrative: ``Smith et al. (2013)``, ``Smith (2013, p. 4)``,
  ``Smith and Lee's (2013)``;
* numeric: ``[12]``, ``[3–5]``, ``[1, 4, 7]``.

It works on masked text (code, comments, tags and link destinations blanked
to spaces, same length), so offsets are offsets into the draft. Precision is
preferred where the two conflict: a year in parentheses after a capitalised
word that is a month, a season, a document part (``Table``, ``Figure``) or
follows an article (``the Act (2013)``) is not a citation; bare years
("in 2013 the…"), money, versions and equations never match. The measured
precision and recall on a labelled set are printed by
``benchmarks/bench_citation_detector.py``.

Every regular expression here is bounded (no nested unbounded repetition) and
scans each character a bounded number of times, so a pass is linear in the
draft.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Form = Literal["parenthetical", "narrative", "numeric"]

_YEAR = r"(?:1[5-9]\d\d|20\d\d)[a-z]?(?![\d])"
_YEAR_OR = rf"(?:{_YEAR}|n\.\s?d\.|in\s+press|forthcoming)"
# A surname: a capital, then letters, apostrophes or hyphens (``O'Neil``,
# ``Müller-Lyer``); lower-case particles may come first (``van der Berg``).
_PARTICLE = (
    r"(?:(?:van|von|der|den|de|del|della|da|di|du|le|la|dos|bin|al|ten|ter"
    r"|Van|Von|De|Del|Della|Da|Di|Du|Le|La|Ten|Ter)\s+)"
)
_SURNAME = r"(?:[A-ZÀ-ÖØ-ÞĀ-ſ][\w'’\-]*[a-zà-öø-ÿā-ſ][\w'’\-]*)"
_NAME = rf"(?:{_PARTICLE}{{0,3}}{_SURNAME})"
_ORG = r"(?:[A-Z][A-Z&]{1,9})"  # OECD, WHO, APA: parenthetical form only (with a comma)
_AND = r"(?:\s*,?\s+(?:and|&)\s+|\s*&\s*)"
_AUTHORS = (
    rf"(?:{_NAME}(?:\s+et\s+al\.?|(?:\s*,\s*{_NAME}){{0,5}}{_AND}{_NAME}(?:\s+et\s+al\.?)?)?)"
)
_LOCATOR = (
    r"(?:,\s*(?:pp?\.|chap\.|ch\.|para\.|sec\.|§|fig\.|table)\s*"
    r"[\divxlc]+(?:\s*[-–]\s*[\divxlc]+)?)"
)
_YEARS = rf"{_YEAR_OR}(?:\s*,\s*{_YEAR_OR}){{0,5}}"

#: One author–year item inside parentheses: ``Smith et al., 2013a`` / ``OECD, 2019, p. 4``.
_ITEM_RE = re.compile(
    rf"(?<![\w'’\-])(?P<who>{_AUTHORS}|{_ORG}(?=\s*,))\s*,?\s+(?P<years>{_YEARS}){_LOCATOR}?"
)
#: A parenthesised group, one line break allowed, bounded length.
_GROUP_RE = re.compile(r"[(（](?P<inner>[^()（）\n]{3,300}(?:\n[^()（）\n]{0,300})?)[)）]")
#: Narrative: ``Smith et al. (2013)``, ``Smith's (2013, p. 4)``.
_NARRATIVE_RE = re.compile(
    rf"(?<![\w'’\-])(?P<who>{_AUTHORS})(?:'s|’s|')?\s*(?P<open>\()\s*(?P<years>{_YEARS})"
    rf"{_LOCATOR}?\s*\)"
)
#: Where a narrative citation can end: ``(`` and a year. Only the text just
#: before such a place is searched for names, which keeps the detector cheap.
_NARRATIVE_ANCHOR_RE = re.compile(rf"\(\s*{_YEAR_OR}")
#: How far before its ``(`` a narrative citation's names may start.
_NAMES_REACH = 160
#: Numeric: ``[12]``, ``[3–5]``, ``[1, 4–6]``; not an index (``a[1]``) or a footnote (``[^1]``).
_NUM = r"\d{1,3}(?:\s*[-–—]\s*\d{1,3})?"
_NUMERIC_RE = re.compile(
    rf"\[(?P<nums>{_NUM}(?:\s*[,;]\s*{_NUM}){{0,9}})"
    r"(?:,\s*pp?\.\s*\d+(?:[-–]\d+)?)?\](?![(\[:])"
)
_YEAR_RE = re.compile(_YEAR_OR)

#: Capitalised words that precede a year in parentheses without being authors:
#: months, seasons, weekdays, function words, document parts, kinds of documents.
_NOT_AUTHORS_WORDS = """
january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec spring summer autumn fall winter in on
at by for from since until during before after about around circa between of to the a an
this that these those its their our his her my your see cf eg ie also and or but so then
thus hence here there when while where which table tables figure figures fig fig.
section sections chapter chapter part appendix equation eq volume vol issue no number
page pages version release edition update act law bill treaty decree regulation
directive report census survey election q1 q2 q3 q4 fy est approx ca monday tuesday
wednesday thursday friday saturday sunday as while although though unlike like following
both however whereas because if yet recently later earlier only even notably similarly
likewise moreover furthermore indeed first second third finally according
"""
NOT_AUTHORS = frozenset(_NOT_AUTHORS_WORDS.split())

#: Nouns that number things in the text itself: ``item [3]``, ``step [2]``.
_NUMBERED_THINGS_WORDS = """
item items step steps row rows column columns col line lines entry entries element
elements index option options question questions level levels group groups slot cell
position stage stages interval range
"""
_NUMBERED_THINGS = frozenset(_NUMBERED_THINGS_WORDS.split())
#: Words right before a narrative name that show it is not a person (``the Act (2013)``).
_ARTICLES = frozenset(
    ["the", "a", "an", "this", "that", "these", "those", "its", "their", "our", "his", "her"]
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One citation-shaped text: ``[start, end)`` in the draft, how many works it cites."""

    start: int
    end: int
    form: Form
    works: int


def _names(who: str) -> list[str]:
    words = re.findall(r"[\w'’\-]+", who)
    return [w for w in words if w[0].isupper()]


def _plausible(who: str) -> bool:
    names = _names(who)
    if not names:
        return False
    return all(name.lower().strip("'’") not in NOT_AUTHORS for name in names)


def _preceded_by_article(masked: str, start: int) -> bool:
    head = masked[max(0, start - 12) : start].split()
    return bool(head) and head[-1].lower() in _ARTICLES


def _inside_proper_noun(masked: str, start: int) -> bool:
    """``Olympic Games (2012)``, ``Nintendo Switch (2017)``: a capitalised word right
    before a single name makes a product or event, not an author."""
    head = masked[max(0, start - 30) : start]
    if not head.endswith((" ", "\t")):
        return False
    words = head.split()
    if not words:
        return False
    word = words[-1]
    return word[:1].isupper() and word.isalpha() and word.lower() not in NOT_AUTHORS


def _numbered_thing(masked: str, start: int) -> bool:
    head = masked[max(0, start - 16) : start].split()
    return bool(head) and head[-1].lower() in _NUMBERED_THINGS


def find_candidates(masked: str, start: int = 0, end: int | None = None) -> list[Candidate]:
    """Citation-shaped texts in ``masked[start:end]`` (already masked), in order."""
    stop = len(masked) if end is None else end
    found: list[Candidate] = []
    for group in _GROUP_RE.finditer(masked, start, stop):
        if not _YEAR_RE.search(group.group("inner")):
            continue
        works = 0
        for item in _ITEM_RE.finditer(group.group("inner")):
            if _plausible(item.group("who")) or item.group("who").isupper():
                works += len(_YEAR_RE.findall(item.group("years")))
        if works:
            found.append(Candidate(group.start(), group.end(), "parenthetical", works))
    for match in _narratives(masked, start, stop):
        who = match.group("who")
        if not _plausible(who) or _preceded_by_article(masked, match.start()):
            continue
        if len(_names(who)) == 1 and _inside_proper_noun(masked, match.start()):
            continue
        works = len(_YEAR_RE.findall(match.group("years")))
        found.append(Candidate(match.start(), match.end(), "narrative", works))
    for match in _NUMERIC_RE.finditer(masked, start, stop):
        at = match.start()
        if at and (masked[at - 1].isalnum() or masked[at - 1] in "_])\\!"):
            continue  # an index (a[1], x[1][2]), an escape or an image label
        numbers = re.findall(r"\d+", match.group("nums"))
        if "0" in numbers or _numbered_thing(masked, match.start()):
            continue  # citation numbers start at 1; "item [3]" numbers the text itself
        works = len(re.findall(r"\d+", match.group("nums")))
        found.append(Candidate(match.start(), match.end(), "numeric", min(works, 1)))
    return _without_overlaps(found)


def _narratives(masked: str, start: int, stop: int) -> list[re.Match[str]]:
    matches: list[re.Match[str]] = []
    floor = start
    for anchor in _NARRATIVE_ANCHOR_RE.finditer(masked, start, stop):
        at = anchor.start()
        window = max(floor, at - _NAMES_REACH)
        for match in _NARRATIVE_RE.finditer(masked, window, min(stop, at + 400)):
            if match.start("open") == at:
                matches.append(match)
                floor = match.end()
                break
            if match.start("open") > at:
                break
    return matches


def _without_overlaps(found: list[Candidate]) -> list[Candidate]:
    # Narrative ``Smith (2013)`` and a group ``(2013)`` never both match (a group
    # needs a name inside); keep the longer of any two that overlap.
    found.sort(key=lambda c: (c.start, -(c.end - c.start)))
    kept: list[Candidate] = []
    for cand in found:
        if kept and cand.start < kept[-1].end:
            continue
        kept.append(cand)
    return kept


@dataclass(frozen=True, slots=True)
class CitationText:
    """A citation-shaped text in the draft and how it is covered.

    ``markers`` counts the markers inside it or directly after it; it is
    *unmarked* when fewer than ``works`` and no waiver follows it.
    """

    start: int
    end: int
    line: int
    col: int
    text: str
    form: Form
    works: int
    markers: int
    waiver_reason: str | None = None

    @property
    def waived(self) -> bool:
        return self.waiver_reason is not None

    @property
    def excerpt(self) -> str:
        flat = " ".join(self.text.split())
        return flat if len(flat) <= 80 else flat[:79] + "…"
