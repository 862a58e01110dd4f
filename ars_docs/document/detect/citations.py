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
* a named source with a cue: ``according to the World Bank (2020)``, ``nach
  Angaben des Statistischen Bundesamtes (2022)``, ``The Law Commission (2015)
  recommended``; unbracketed ``As Mbeki and O'Sullivan showed in 2011``;
* numeric: ``[12]``, ``[3–5]``, ``[1, 4, 7]``, ``ref. 14``, superscripts
  (``trials.²³``, ``^12,13^``; ``<sup>7,8</sup>`` via ``superscript_tags``);
* back references: ``ibid.``, ``ebd.``, ``op. cit.``, ``supra note 4``, ``Id. at 12``;
* case law: ``Roe v. Wade (1973)``, ``Caparo Industries plc v Dickman [1990] UKHL 2``,
  ``(1992) 175 CLR 1``, ``BGHZ 154, 205``.

It works on masked text (code, comments, tags and link destinations blanked
to spaces, same length), so offsets are offsets into the draft; character
references (``&nbsp;``, ``&#40;``) and backslash escapes (``\\(``) are read as
the characters they show. Precision is preferred where the two conflict: a
year in parentheses after a month, a season, a document part, an article, a
place or organisation (``Tokyo (2021)``, unless a reporting verb follows:
``Berlin (1958) argued``), a product name (``Nintendo Switch (2017)``) or a
name opening a sentence before a thing's verb (``Strasbourg (1959) became``) is
not a citation; bare years, money, versions and equations never match. The
word lists are in ``citation_words``, the patterns in ``citation_patterns``, CJK
narratives in ``citations_cjk``; precision and recall on the labelled
sets are printed by ``benchmarks/bench_citation_detector.py``.

Every regular expression here is bounded (no nested unbounded repetition) and
scans each character a bounded number of times, so a pass is linear in the
draft.
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from typing import Literal

from ars_docs.document.detect import patterns as pat
from ars_docs.document.detect import words
from ars_docs.document.detect.cjk import cjk_narratives
from ars_docs.works.fold import strip_marks, transliterate

Form = Literal["parenthetical", "narrative", "numeric", "back-reference", "case"]

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
    if not names or pat.DIGIT_RE.search(who):
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
    return transliterate(strip_marks(word.lower()))


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


_GERMAN_ARTICLES = frozenset(["der", "den", "dem", "des", "die"])
_ARTICLE_WORDS = frozenset(["das", "die", "der", "den", "dem", "the", "el", "los", "las", "les"])


_THING_ADVERBS = frozenset(["first", "later", "soon", "now", "then", "also", "still", "erstmals"])


def _thing_verb(masked: str, match: re.Match[str]) -> bool:
    """The first word after a name's ``(year)`` (adverbs skipped) says what a thing did
    (``became``, ``contains``, ``foi``), and the name is not possessive."""
    if masked[match.end("who") : match.end("who") + 1] in ("'", "’"):
        return False
    for word in re.findall(r"[^\W\d_]+", masked[match.end() : match.end() + 40])[:3]:
        low = word.lower()
        if low in words.THING_VERBS:
            return True
        if low not in _THING_ADVERBS:
            return False
    return False


def _sentence_start(masked: str, at: int) -> bool:
    """Nothing but white space or a sentence end before ``at`` (within the paragraph)."""
    head = masked[max(0, at - 40) : at].rstrip()
    return not head or (head[-1] in ".!?:。！？" and not head.endswith(("al.", "p.")))


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
    return pat.ENTITY_RE.sub(_shown, masked)


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
    if not pat.WORTH_SCANNING.search(masked, start, stop):
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
    anchors = [m.start() for m in pat.NARRATIVE_ANCHOR_RE.finditer(masked, start, stop)]
    if "（" in masked:
        anchors.extend(m.start() for m in pat.WIDE_ANCHOR_RE.finditer(masked, start, stop))
        anchors.sort()
    for match in _narratives(masked, start, stop, anchors, found):
        cand = _narrative(masked, match)
        if cand is not None:
            found.append(cand)
    found.extend(cjk_narratives(masked, start, anchors, pat.PAREN_YEARS_RE, pat.WORK_RE))
    for match in pat.NUMERIC_RE.finditer(masked, start, stop):
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
        for match in pat.REF_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "numeric", 1))
    if pat.BACK_CUE_RE.search(masked, start, stop):
        for match in pat.BACK_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "back-reference", 1))
    if "^" in masked or (not masked.isascii() and any(ch in masked for ch in pat.SUP)):
        for match in pat.SUPERSCRIPT_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "numeric", 1))
    if "As " in masked or "as " in masked:
        found.extend(_as_shown(masked, start, stop))
    if ") " in masked:
        for match in pat.REPORTER_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "case", 1))
    if "BGH" in masked or "BVerfGE" in masked or "BVerwGE" in masked or "RGZ" in masked:
        for match in pat.GERMAN_REPORTER_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "case", 1))
    if "gl. " in masked or "iehe " in masked:
        for match in pat.SEE_RE.finditer(masked, start, stop):
            if _plausible(match.group("who")) and not _is_place(match.group("who")):
                found.append(Candidate(match.start(), match.end(), "narrative", 1))
    return _without_overlaps(found)


def _as_shown(masked: str, start: int, stop: int) -> list[Candidate]:
    """``As Mbeki and O'Sullivan showed in 2011``: a name, a reporting verb and a year,
    without brackets."""
    found: list[Candidate] = []
    for match in pat.AS_SHOWN_RE.finditer(masked, start, stop):
        at = match.start()
        if at and (masked[at - 1].isalnum() or masked[at - 1] in "'’-"):
            continue  # ``has``, ``was``: not the word "as"
        who, pre = match.group("who"), match.group("pre")
        if match.group("verb") not in words.REPORTING_VERBS or not _plausible(who):
            continue
        if _is_place(who) or (pre is not None and pre.lower() in words.NOT_AUTHORS):
            continue
        first = match.start("pre") if pre is not None else match.start("who")
        found.append(Candidate(first, match.end("year"), "narrative", 1))
    return found


def superscript_tags(raw: str, masked: str) -> list[Candidate]:
    """``…as described previously.<sup>7,8</sup>``: HTML superscripts holding reference
    numbers in prose (the tags are blanked in ``masked``, the numbers are not)."""
    found: list[Candidate] = []
    for match in pat.SUP_TAG_RE.finditer(raw):
        digits = match.start(1)
        if masked[digits : digits + 1].isdigit():
            found.append(Candidate(match.start(), match.end(), "numeric", 1))
    return found


def _groups(masked: str, start: int, stop: int) -> list[Candidate]:
    found: list[Candidate] = []
    scans = [(pat.GROUP_RE, True)]
    if "[" in masked:
        scans.append((pat.BRACKET_RE, False))
    for regex, parenthesised in scans:
        for group in regex.finditer(masked, start, stop):
            inner = group.group("inner")
            if not pat.YEAR_RE.search(inner):
                continue
            works = 0
            for item in pat.ITEM_RE.finditer(inner):
                if _counts_as_author(item.group("who")) and not _lifespan(item.group("years")):
                    works += len(pat.WORK_RE.findall(item.group("years")))
            if not works and parenthesised and pat.YEAR_PAGE_RE.fullmatch(inner):
                works = 1  # ``"…" (2013, p. 7)``: the author is named elsewhere in the sentence
            if works:
                found.append(Candidate(group.start(), group.end(), "parenthetical", works))
    return found


def _named_source(masked: str, at: int, start: int) -> Candidate | None:
    """``according to the World Bank (2020)``, ``nach Angaben des Statistischen Bundesamtes
    (2022)``: a source cue before a name and ``(year)`` make it a cited source, whatever
    the name (an organisation, a place, a product). ``at`` is the ``(`` of a year."""
    group = pat.PAREN_YEAR_RE.match(masked, at)
    if group is None:
        return None
    head = masked[max(start, at - 90) : at]
    cue = pat.CUE_ORG_RE.search(head)
    if cue is not None:
        first = at - len(head) + cue.start("name")
        return Candidate(first, group.end(), "narrative", 1)
    body = pat.BODY_RE.search(head)  # ``The Law Commission (2015) recommended``
    if body is None or not reported_after(masked, group.end()):
        return None
    if body.group("last").lower() in _LAWS:
        return None  # ``the Data Protection Act (2018) states``: a statute, not a source
    return Candidate(at - len(head) + body.start("name"), group.end(), "narrative", 1)


_LAWS = frozenset(
    ["act", "law", "bill", "treaty", "decree", "regulation", "directive", "convention", "code"]
)


def _organisation(masked: str, at: int, start: int) -> Candidate | None:
    """``According to the OECD (2019)``, ``WHO (2020) recommends``: cited; ``NATO (1949)``
    is not. ``at`` is the ``(`` of a year."""
    before = pat.ORG_BEFORE_RE.search(masked, max(start, at - 14), at)
    group = pat.PAREN_YEAR_RE.match(masked, at)
    if before is None or group is None:
        return None
    head = masked[max(0, before.start() - 30) : before.start()]
    if pat.ORG_CUE_RE.search(head) is None and not reported_after(masked, group.end()):
        return None
    return Candidate(before.start(), group.end(), "narrative", 1)


def _cases(masked: str, start: int, stop: int) -> list[Candidate]:
    """Case law, searched only around a `` v `` / `` v. `` between two capitalised words."""
    found: list[Candidate] = []
    floor = start
    for versus in pat.VERSUS_RE.finditer(masked, start, stop):
        window = max(floor, versus.start() - 120)
        for match in pat.CASE_RE.finditer(masked, window, min(stop, versus.end() + 250)):
            if match.start() <= versus.start() < match.end():
                found.append(Candidate(match.start(), match.end(), "case", 1))
                floor = match.end()
                break
    return found


def _lifespan(years: str) -> bool:
    """``Kant (1724–1804)``: a range of twenty years or more is a life, not a work."""
    span = pat.SPAN_RE.match(years)
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
    if who.split(None, 1)[0] in _GERMAN_ARTICLES and (
        pre is None or pre.lower() not in pat.PARTICLES
    ):
        return None  # ``nach der Finanzkrise (2008)``: ``der`` opens a noun, not ``van der Berg``
    at = match.start()
    said: list[bool] = []

    def reported() -> bool:  # computed once, only when a rule needs it
        if not said:
            said.append(reported_after(masked, match.end()))
        return said[0]

    several = len(_names(who)) > 1 or pat.ETAL_RE.search(who) is not None
    if pre is not None:
        low = pre.lower()
        if low in _ARTICLE_WORDS and pre[:1].isupper() and not reported():
            return None  # ``Das Elbehochwasser (2002)``: an article, not ``das Neves``
        if low in pat.PARTICLES:
            pass  # ``Van der Berg (2011)``: the particle opens the name
        elif low in words.INTRODUCERS or (low.endswith("ing") and len(low) > 5):
            at = match.start("who")  # ``Per Smith (2024)``, ``Revisiting Smith (2024)``
        elif pat.DIGIT_RE.search(pre) or low in words.NOT_AUTHORS:
            return None  # ``First Folio (1623)``, ``Spring Term (2020)``
        elif not (
            low in words.EAST_ASIAN_SURNAMES or several or _two_names(pre, who) or reported()
        ):
            return None  # ``Nintendo Switch (2017)``, ``Olympic Games (2012)``
    elif not several and _inside_proper_noun(masked, at) and not reported():
        return None
    if (
        _word_before(masked, at, 12) in words.ARTICLES
        and not several
        and not who[:1].islower()
        and not ((pre is not None) and reported())
    ):
        return None  # ``the Act (2013)``; not ``As Lee and Park (2020) argue``, ``los de X``
    if (
        (pre is None or pre.lower() in pat.PARTICLES)
        and not several
        and _sentence_start(masked, at)
        and _thing_verb(masked, match)
        and not reported()
    ):
        return None  # ``Strasbourg (1959) became …``: a thing's verb, no reporting verb
    if (
        "\u0400" <= who[:1] <= "\u04ff"
        and _word_before(masked, at, 8) in words.CASE_PREPOSITIONS
        and not reported()
    ):
        return None  # ``в России (2020)``: a place in the locative, not an author
    if (_named_thing(masked, at) or who.startswith(("L'", "L’"))) and not reported():
        return None  # ``the ship Endurance (1912)``, ``L'Espagne (2021)``
    if (_is_place(who) or (pre is not None and _plain(pre) in _PLACES)) and not reported():
        return None  # ``Tokyo (2021) hosted the Games``
    works = len(pat.WORK_RE.findall(match.group("years")))
    return Candidate(at, match.end(), "narrative", works)


def _narratives(
    masked: str, start: int, stop: int, anchors: list[int], orgs: list[Candidate]
) -> list[re.Match[str]]:
    matches: list[re.Match[str]] = []
    floor = start
    for at in anchors:
        if at > start and masked[at] == "(":
            named = _named_source(masked, at, start)
            if named is not None:
                orgs.append(named)
                floor = named.end
                continue
        if at > start and masked[at - 1] in "ABCDEFGHIJKLMNOPQRSTUVWXYZ &" and masked[at] == "(":
            org = _organisation(masked, at, start)
            if org is not None:
                orgs.append(org)
                continue
        window = max(floor, at - pat.NAMES_REACH)
        for match in pat.NARRATIVE_RE.finditer(masked, window, min(stop, at + 400)):
            if match.start("open") == at:
                matches.append(match)
                floor = match.end()
                break
            if match.start("open") > at:
                break
    return matches


def merge_candidates(found: list[Candidate], more: list[Candidate]) -> list[Candidate]:
    """Two candidate lists as one, in order, without overlaps."""
    return _without_overlaps(found + more) if more else found


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
