"""Citation-shaped prose: the unmarked-citation detector (§3.3 Step 1, issues 10 and 24).

Every citation an agent emits must carry a ``<!--ref:SLUG-->`` marker; the
gate can only check what is marked. This module finds text that *reads* like
a citation, so a citation whose marker was dropped (or never written) is
caught instead of shipping unchecked:

* author–year, parenthetical: ``(Smith, 2013)``, ``(Smith & Lee, 2013;
  Chen et al., 2014a)``, ``(see OECD, 2019, p. 4)``, ``[Festinger, 1957]``,
  ``(Müller u. a., 2019, S. 34)``, ``（田中，2018）``, and a year with a page
  locator alone: ``"…" (2013, p. 7)``;
* author–year, narrative: ``Smith et al. (2013)``, ``Smith (2013, p. 4)``,
  ``Brown (2015: 45)``, ``Chen and colleagues (2018)``, ``Segundo Silva et
  al. (2017)``, ``Zhang Wei (2020)``, ``Иванов (2015)``; CJK names before
  fullwidth or ASCII parentheses (``citations_cjk``);
* numeric: ``[12]``, ``[3–5]``, ``[1, 4, 7]``, ``ref. 14``;
* back references: ``ibid.``, ``ebd.``, ``op. cit.``;
* case law: ``Roe v. Wade (1973)``, ``Caparo Industries plc v Dickman [1990] UKHL 2``.

It works on masked text (code, comments, tags and link destinations blanked
to spaces, same length), so offsets are offsets into the draft; character
references (``&nbsp;``, ``&#40;``) and backslash escapes (``\\(``) are read as
the characters they show. Precision is preferred where the two conflict: a
year in parentheses after a month, a season, a document part, an article, a
place or organisation (``Tokyo (2021)``, unless a reporting verb follows:
``Berlin (1958) argued``) or a product name (``Nintendo Switch (2017)``) is
not a citation; bare years, money, versions and equations never match. The
word lists are in ``citation_words``; precision and recall on the labelled
sets are printed by ``benchmarks/bench_citation_detector.py``.

Every regular expression here is bounded (no nested unbounded repetition) and
scans each character a bounded number of times, so a pass is linear in the
draft.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from ars_docs.draft import citation_words as words
from ars_docs.draft.citations_cjk import cjk_narratives

Form = Literal["parenthetical", "narrative", "numeric", "back-reference", "case"]

_UP = "A-ZÀ-ÖØ-ÞĀ-ſА-ЯЁΑ-Ω"
_LOW = "a-zß-öø-ÿā-ſа-яёα-ω"
#: A character that continues a (Latin, Cyrillic, Greek) word: a name cannot start after it.
_WORD_BEFORE = rf"(?<![{_UP}{_LOW}0-9'’\-])"
_YEAR = r"(?:1[5-9]\d\d|20\d\d)[a-z]?(?![\d])"
#: One work's year: ``2013``, ``2013a``, a span ``2019–2021`` / ``2019–21``.
_WORK_YEAR = rf"{_YEAR}(?:\s*[-–—]\s*(?:{_YEAR}|\d\d(?![\d])))?"
# (a first-character test before the rare words keeps each failed attempt cheap)
_YEAR_OR = (
    rf"(?:{_WORK_YEAR}|(?=[nifsev])(?:n\.\s?d\.|in\s+press|forthcoming|im\s+Druck"
    r"|sous\s+presse|en\s+prensa|no\s+prelo|в\s+печати))"
)
# A surname: a capital, then letters, apostrophes or hyphens (``O'Neil``,
# ``Müller-Lyer``); lower-case particles may come first (``van der Berg``).
_PARTICLE = (
    r"(?:(?=[vdlbatVDLT])(?:van|von|der|den|de|del|della|da|di|du|le|la|dos|das|do|bin|al"
    r"|ten|ter|Van|Von|De|Del|Della|Da|Di|Du|Le|La|Ten|Ter|Dos)\s+)"
)
_PARTICLES = frozenset(re.findall(r"[a-z]+", _PARTICLE.lower())) - {"vdlbatvdlt"}
_SURNAME = rf"(?:[{_UP}][\w'’\-]*[{_LOW}][\w'’\-]*)"
_NAME = rf"(?:{_PARTICLE}{{0,3}}{_SURNAME})"
_ORG = r"(?:[A-Z][A-Z&]{1,9})"  # OECD, WHO, APA: parenthetical form only (with a comma)
#: "and others" in the languages of the labelled set.
_ETAL = (
    r"(?:\s+(?=[euayи])(?:et\s+(?:al\.?|coll\.|collaborateurs)|u\.\s?a\."
    r"|and\s+(?:colleagues|co-?workers|associates)|[ye]\s+(?:cols?\.|colaboradores)"
    r"|и\s+(?:др\.|соавт\.)))"
)
_AND = r"(?:\s*,?\s+(?:and|&|und|et|y|e|и)\s+|\s*&\s*)"
_AUTHORS = rf"(?:{_NAME}(?:{_ETAL}|(?:\s*,\s*{_NAME}){{0,5}}{_AND}{_NAME}{_ETAL}?)?)"
_PAGE = r"[\divxlc]+(?:\.\d+){0,3}(?:\s*[-–]\s*[\divxlc]+)?(?:\s*ff?\.)?"
#: Where in the work: ``p. 4``, ``S. 34`` (German), ``с. 12`` (Russian), ``: 45``.
_PAGE_LOCATOR = (
    rf"(?:,\s*(?:pp?\.|S\.|с\.|chap\.|ch\.|para\.|paras\.|sec\.|§§?|fig\.|table|Rn\.|Kap\."
    rf"|cap\.|at)\s*{_PAGE}|\s*:\s*\d{{1,4}}(?:\s*[-–]\s*\d{{1,4}})?(?![\d]))"
)
_LOCATOR = rf"(?:{_PAGE_LOCATOR}|,\s*\d{{1,4}}(?:\s*[-–]\s*\d{{1,4}})?(?![\d]))"
_YEARS = rf"{_YEAR_OR}(?:\s*,\s*{_YEAR_OR}){{0,5}}"
_CJK_ITEM = (
    r"(?:[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]{1,8}(?:\s*(?:等人|等|ら|ほか|他|외|등))?)"
)

#: One author–year item inside parentheses: ``Smith et al., 2013a`` / ``OECD, 2019, p. 4``.
_ITEM_RE = re.compile(
    rf"{_WORD_BEFORE}(?P<who>{_AUTHORS}|{_ORG}(?=\s*,)|{_CJK_ITEM})(?:\s*[,，、]\s*|\s+)"
    rf"(?P<years>{_YEARS}){_LOCATOR}?"
)
#: A year and a page alone: ``(2013, p. 7)``, ``(2019, S. 34)``, ``(2015: 45)``.
_YEAR_PAGE_RE = re.compile(rf"\s*(?:see\s+|vgl\.\s+)?{_YEAR}{_PAGE_LOCATOR}\s*")
#: A group in parentheses (one line break allowed) or square brackets, bounded.
_GROUP_RE = re.compile(r"[(（](?P<inner>[^()（）\n]{3,300}(?:\n[^()（）\n]{0,300})?)[)）]")
_BRACKET_RE = re.compile(r"\[(?<!!\[)(?P<inner>[^\[\]\n]{5,300})\]")
#: Narrative: ``Smith et al. (2013)``, ``Smith's (2013, p. 4)``; ``pre`` is a
#: capitalised word just before the names (a given name, ``Revisiting``, ``Olympic``).
_NARRATIVE_RE = re.compile(
    rf"{_WORD_BEFORE}(?:(?P<pre>{_SURNAME})[ \t]+)?(?P<who>{_AUTHORS})(?:'s|’s|')?\s*"
    rf"(?P<open>[(（])\s*(?P<years>{_YEARS}){_LOCATOR}?\s*[)）]"
)
#: Where a narrative citation can end: ``(`` and a year. Only the text just
#: before such a place is searched for names, which keeps the detector cheap.
_NARRATIVE_ANCHOR_RE = re.compile(rf"\(\s*{_YEAR_OR}")  # a literal first: a fast scan
#: A year group of a narrative citation, from its ``(``: ``(2013, p. 4)``, ``（2021）``.
_PAREN_YEARS_RE = re.compile(rf"[(（]\s*(?P<years>{_YEARS}){_LOCATOR}?\s*[)）]")
_WIDE_ANCHOR_RE = re.compile(rf"（\s*{_YEAR_OR}")
#: How far before its ``(`` a narrative citation's names may start.
_NAMES_REACH = 160
#: Numeric: ``[12]``, ``[3–5]``, ``[1, 4–6]``; not an index (``a[1]``) or a footnote (``[^1]``).
_NUM = r"\d{1,3}(?:\s*[-–—]\s*\d{1,3})?"
_NUMERIC_RE = re.compile(
    rf"\[(?P<nums>{_NUM}(?:\s*[,;]\s*{_NUM}){{0,9}})"
    r"(?:,\s*pp?\.\s*\d+(?:[-–]\d+)?)?\](?![(\[:])"
)
#: ``ref. 14``, ``Refs. 3–5`` (physics and chemistry journals); not ``ref. 2013/44``.
_REF_RE = re.compile(rf"{_WORD_BEFORE}[Rr]efs?\.\s*{_NUM}(?:\s*,\s*{_NUM}){{0,9}}(?![\d/])")
#: ``ibid.``, ``Ibid., p. 4``, ``ebd.`` (German), ``op. cit.``, ``loc. cit.``.
_BACK_RE = re.compile(
    rf"{_WORD_BEFORE}(?:[Ii]bid(?:em)?\b\.?|[Ee]bd\.|[Ee]benda\b|[Oo]p\.\s?cit\.|[Ll]oc\.\s?cit\.)"
)
_WORK_RE = re.compile(
    rf"{_WORK_YEAR}|n\.\s?d\.|in\s+press|forthcoming|im\s+Druck"
    r"|sous\s+presse|en\s+prensa|no\s+prelo|в\s+печати"
)
_YEAR_RE = re.compile(_YEAR_OR)
_ETAL_RE = re.compile(_ETAL)
_DIGIT_RE = re.compile(r"\d")
#: An organisation's acronym before a year: a citation only when the sentence says so.
_ORG_BEFORE_RE = re.compile(r"(?<![\w&])[A-Z][A-Z&]{1,9}\s*\Z")
_PAREN_YEAR_RE = re.compile(rf"\(\s*{_YEAR}(?:{_LOCATOR})?\s*\)")
_ORG_CUE_RE = re.compile(
    r"(?:according\s+to|reported\s+by|published\s+by|data\s+(?:from|of)|see|cf\.|laut|selon"
    r"|según|segundo|conforme|согласно)(?:\s+(?:the|der|die|la|le|el|a|o))?\s*$",
    re.IGNORECASE,
)
_SPAN_RE = re.compile(r"(\d{4})\s*[-–—]\s*(\d{4})")
#: Case law: ``Roe v. Wade (1973)``, ``Brown v. Board of Education, 347 U.S. 483 (1954)``,
#: ``Caparo Industries plc v Dickman [1990] UKHL 2``: the parties, ``v``, then within
#: the sentence a year in parentheses or a neutral citation ``[1990] UKHL 2``.
_VERSUS_RE = re.compile(rf"[ \t]v\.?[ \t]+[{_UP}]")
_CASE_RE = re.compile(
    rf"{_WORD_BEFORE}(?P<first>{_SURNAME})"
    rf"(?:[ \t]+(?:[{_UP}][\w.&'’-]*|plc|ltd|inc|of|and|&|the)){{0,5}}?[ \t]+v\.?[ \t]+[{_UP}]"
    rf"[^()\[\]\n.;]{{0,120}}?(?:(?:\.|,)[^()\[\]\n;]{{0,40}}?)?"
    rf"(?:\(\s*(?:[A-Z][\w.]*\s+){{0,3}}{_YEAR}\s*\)|\[{_YEAR}\]\s+[A-Z]{{2,8}}(?:\s+\([A-Za-z]+\))?\s+\d+)"
)
#: Character references and backslash escapes, read as the character they show.
_ENTITY_RE = re.compile(
    r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});|\\(?=[(\[)\]])"
)
#: Anything a citation needs: a bracket, a digit, or a back reference.
_WORTH_SCANNING = re.compile(r"[\d(\[（]|bid|bd\.|benda|cit\.")

NOT_AUTHORS = words.NOT_AUTHORS


@dataclass(frozen=True, slots=True)
class Candidate:
    """One citation-shaped text: ``[start, end)`` in the draft, how many works it cites."""

    start: int
    end: int
    form: Form
    works: int


def _names(who: str) -> list[str]:
    found = re.findall(r"[\w'’\-]+", who)
    return [w for w in found if w[0].isupper()]


def _plausible(who: str) -> bool:
    names = _names(who)
    if not names or _DIGIT_RE.search(who):
        return False  # ``Kepler-22b (2011)`` is a planet
    return all(name.lower().strip("'’") not in words.NOT_AUTHORS for name in names)


def _is_place(who: str) -> bool:
    names = _names(who)
    return len(names) == 1 and _plain(names[0]) in _PLACES


def _plain(word: str) -> str:
    """``México`` -> ``mexico``: places are compared without accents."""
    if word[1:2] in ("'", "’"):
        word = word[2:]  # ``L'Espagne``, ``d'Italia``
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_PLACES = frozenset(_plain(word) for word in words.PLACES)


def _two_names(pre: str, who: str) -> bool:
    """``García Márquez``, ``Segundo Silva``: a two-word surname, told from ``Olympic Games``
    by a letter with a diacritic (English product and event names have none); German
    adjectives (``Münchner``, ``Deutsches``) are not given names."""
    if pre.isascii() and who.isascii():
        return False
    return not pre.lower().endswith(("er", "es", "en", "sche", "scher"))


def _word_before(masked: str, start: int, reach: int = 16) -> str:
    head = masked[max(0, start - reach) : start].split()
    return head[-1].lower() if head else ""


def _inside_proper_noun(masked: str, start: int) -> bool:
    """``USA Today (2019)``: a capitalised word right before a single name that the
    narrative pattern did not take as a given name."""
    head = masked[max(0, start - 30) : start]
    if not head.endswith((" ", "\t")):
        return False
    found = head.split()
    if not found:
        return False
    word = found[-1]
    return word[:1].isupper() and word.isalpha() and word.lower() not in words.NOT_AUTHORS


_DEFINITE = frozenset(
    ["the", "a", "an", "der", "die", "das", "le", "la", "les", "el", "los", "las", "il"]
)


def _named_thing(masked: str, at: int) -> bool:
    """``the ship Endurance``, ``the novel Beloved``: an article and a common noun
    before the name (``the economist Smith (2013) argued`` is cited: a verb follows)."""
    head = masked[max(0, at - 40) : at].split()[-2:]
    if len(head) != 2 or head[0].lower() not in _DEFINITE or not head[1].isalpha():
        return False
    noun = head[1]
    return noun.islower() and noun not in words.NOT_AUTHORS and noun not in words.INTRODUCERS


def reported_after(masked: str, end: int) -> bool:
    """A reporting verb follows (``… (1958) has argued``): the name is a cited author."""
    for word in re.findall(r"[^\W\d_]+", masked[end : end + 60])[:4]:
        low = word.lower()
        if low in words.REPORTING_VERBS:
            return True
        if low not in words.VERB_FILLERS:
            return False
    return False


def _numbered_thing(masked: str, start: int, end: int) -> bool:
    before = masked[max(0, start - 24) : start].split()[-2:]
    if before and before[-1].lower() in words.NUMBERED_THINGS:
        return True
    if any(len(w) == 1 and w.isascii() and w.isalpha() and w not in "aAI" for w in before):
        return True  # ``set x to [4, 5, 6]``: a variable, not a claim
    after = masked[end : end + 12].split()
    return bool(after) and after[0].lower().rstrip(".,;") in words.UNITS


def readable(masked: str) -> str:
    """``masked`` with character references and ``\\(`` read as what they show
    (same length: the character, then spaces)."""
    if ("&" not in masked or ";" not in masked) and "\\" not in masked:
        return masked
    return _ENTITY_RE.sub(_shown, masked)


def _shown(match: re.Match[str]) -> str:
    text = match.group()
    if text == "\\":
        return " "
    char = html.unescape(text)
    if len(char) != 1 or char == "&":
        return text
    if char.isspace():
        char = " "
    return char + " " * (len(text) - 1)


def find_candidates(masked: str, start: int = 0, end: int | None = None) -> list[Candidate]:
    """Citation-shaped texts in ``masked[start:end]`` (already masked), in order."""
    stop = len(masked) if end is None else end
    if not _WORTH_SCANNING.search(masked, start, stop):
        return []
    shown = readable(masked)
    if shown is not masked:
        return [_whole_reference(masked, c) for c in _found(shown, start, stop)]
    return _found(masked, start, stop)


def _whole_reference(masked: str, cand: Candidate) -> Candidate:
    """A candidate that ends inside ``&#41;`` ends after it."""
    amp = masked.rfind("&", max(cand.start, cand.end - 12), cand.end)
    if amp < 0 or ";" in masked[amp : cand.end]:
        return cand
    semi = masked.find(";", cand.end, amp + 40)
    return cand if semi < 0 else Candidate(cand.start, semi + 1, cand.form, cand.works)


def _found(masked: str, start: int, stop: int) -> list[Candidate]:
    found: list[Candidate] = []
    found.extend(_groups(masked, start, stop))
    anchors = [m.start() for m in _NARRATIVE_ANCHOR_RE.finditer(masked, start, stop)]
    if "（" in masked:
        anchors.extend(m.start() for m in _WIDE_ANCHOR_RE.finditer(masked, start, stop))
        anchors.sort()
    for match in _narratives(masked, start, stop, anchors, found):
        cand = _narrative(masked, match)
        if cand is not None:
            found.append(cand)
    found.extend(cjk_narratives(masked, start, anchors, _PAREN_YEARS_RE, _WORK_RE))
    for match in _NUMERIC_RE.finditer(masked, start, stop):
        at = match.start()
        if at and (
            (masked[at - 1].isalnum() and masked[at - 1] < "\u2e80") or masked[at - 1] in "_])\\!"
        ):
            continue  # an index (a[1], x[1][2]), an escape or an image label
        numbers = re.findall(r"\d+", match.group("nums"))
        if "0" in numbers or _numbered_thing(masked, at, match.end()):
            continue  # citation numbers start at 1; "item [3]", "[2, 5] seconds"
        found.append(Candidate(at, match.end(), "numeric", 1))
    if " v. " in masked or " v " in masked:
        found.extend(_cases(masked, start, stop))
    # The rarer forms: a substring test first (far cheaper than a regular expression scan).
    if "ef." in masked or "efs." in masked:
        for match in _REF_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "numeric", 1))
    if "bid" in masked or "bd." in masked or "benda" in masked or "cit." in masked:
        for match in _BACK_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "back-reference", 1))
    return _without_overlaps(found)


def _groups(masked: str, start: int, stop: int) -> list[Candidate]:
    found: list[Candidate] = []
    scans = [(_GROUP_RE, True)]
    if "[" in masked:
        scans.append((_BRACKET_RE, False))
    for regex, parenthesised in scans:
        for group in regex.finditer(masked, start, stop):
            inner = group.group("inner")
            if not _YEAR_RE.search(inner):
                continue
            works = 0
            for item in _ITEM_RE.finditer(inner):
                if _counts_as_author(item.group("who")) and not _lifespan(item.group("years")):
                    works += len(_WORK_RE.findall(item.group("years")))
            if not works and parenthesised and _YEAR_PAGE_RE.fullmatch(inner):
                works = 1  # ``"…" (2013, p. 7)``: the author is named elsewhere in the sentence
            if works:
                found.append(Candidate(group.start(), group.end(), "parenthetical", works))
    return found


def _organisation(masked: str, at: int, start: int) -> Candidate | None:
    """``According to the OECD (2019)``, ``WHO (2020) recommends``: cited; ``NATO (1949)``
    is not. ``at`` is the ``(`` of a year."""
    before = _ORG_BEFORE_RE.search(masked, max(start, at - 14), at)
    group = _PAREN_YEAR_RE.match(masked, at)
    if before is None or group is None:
        return None
    head = masked[max(0, before.start() - 30) : before.start()]
    if _ORG_CUE_RE.search(head) is None and not reported_after(masked, group.end()):
        return None
    return Candidate(before.start(), group.end(), "narrative", 1)


def _cases(masked: str, start: int, stop: int) -> list[Candidate]:
    """Case law, searched only around a `` v `` / `` v. `` between two capitalised words."""
    found: list[Candidate] = []
    floor = start
    for versus in _VERSUS_RE.finditer(masked, start, stop):
        window = max(floor, versus.start() - 120)
        for match in _CASE_RE.finditer(masked, window, min(stop, versus.end() + 250)):
            if match.start() <= versus.start() < match.end():
                found.append(Candidate(match.start(), match.end(), "case", 1))
                floor = match.end()
                break
    return found


def _lifespan(years: str) -> bool:
    """``Kant (1724–1804)``: a range of twenty years or more is a life, not a work."""
    span = _SPAN_RE.match(years)
    return span is not None and int(span.group(2)) - int(span.group(1)) >= 20


@functools.lru_cache(maxsize=4096)  # a thesis cites the same names again and again
def _counts_as_author(who: str) -> bool:
    if who.isupper() and who.isascii():
        return True  # OECD, WHO
    if "\u3040" <= who[:1] <= "\ud7a3":
        return True  # a CJK name in a group with a year: ``（田中，2018）``
    return _plausible(who) and not _is_place(who)


def _narrative(masked: str, match: re.Match[str]) -> Candidate | None:
    who = match.group("who")
    pre = match.group("pre")
    if not _plausible(who) or _lifespan(match.group("years")):
        return None
    at = match.start()
    said: list[bool] = []

    def reported() -> bool:  # computed once, only when a rule needs it
        if not said:
            said.append(reported_after(masked, match.end()))
        return said[0]

    several = len(_names(who)) > 1 or _ETAL_RE.search(who) is not None
    if pre is not None:
        low = pre.lower()
        if low in _PARTICLES:
            pass  # ``Van der Berg (2011)``: the particle opens the name
        elif low in words.INTRODUCERS or (low.endswith("ing") and len(low) > 5):
            at = match.start("who")  # ``Per Smith (2024)``, ``Revisiting Smith (2024)``
        elif _DIGIT_RE.search(pre) or low in words.NOT_AUTHORS:
            return None  # ``First Folio (1623)``, ``Spring Term (2020)``
        elif not (
            low in words.EAST_ASIAN_SURNAMES or several or _two_names(pre, who) or reported()
        ):
            return None  # ``Nintendo Switch (2017)``, ``Olympic Games (2012)``
    elif not several and _inside_proper_noun(masked, at) and not reported():
        return None
    if _word_before(masked, at, 12) in words.ARTICLES:
        return None  # ``the Act (2013)``
    if (_named_thing(masked, at) or who.startswith(("L'", "L’"))) and not reported():
        return None  # ``the ship Endurance (1912)``, ``L'Espagne (2021)``
    if (_is_place(who) or (pre is not None and _plain(pre) in _PLACES)) and not reported():
        return None  # ``Tokyo (2021) hosted the Games``
    works = len(_WORK_RE.findall(match.group("years")))
    return Candidate(at, match.end(), "narrative", works)


def _narratives(
    masked: str, start: int, stop: int, anchors: list[int], orgs: list[Candidate]
) -> list[re.Match[str]]:
    matches: list[re.Match[str]] = []
    floor = start
    for at in anchors:
        if at > start and masked[at - 1] in "ABCDEFGHIJKLMNOPQRSTUVWXYZ &" and masked[at] == "(":
            org = _organisation(masked, at, start)
            if org is not None:
                orgs.append(org)
                continue
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

    ``markers`` counts the markers of its sentence that cover it; it is
    *unmarked* when fewer than ``works`` and no waiver follows it.
    ``sentence_citations`` and ``sentence_markers`` describe its sentence.
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
    sentence_citations: int = 1
    sentence_markers: int = 0

    @property
    def waived(self) -> bool:
        return self.waiver_reason is not None

    @property
    def excerpt(self) -> str:
        flat = " ".join(self.text.split())
        return flat if len(flat) <= 80 else flat[:79] + "…"
