"""Citation-shaped prose: the unmarked-citation detector (§3.3 Step 1, issues 10 and 24).

Every citation an agent emits must carry a ``<!--ref:SLUG-->`` marker; the
gate can only check what is marked. This module finds text that *reads* like
a citation, so a citation whose marker was dropped (or never written) is
caught instead of shipping unchecked:

* author–year, parenthetical: ``(Smith, 2013)``, ``(Smith & Lee, 2013;
  Chen et al., 2014a)``, ``(see OECD, 2019, p. 4)``, ``[Festinger, 1957]``,
  ``(Müller u. a., 2019, S. 34)``, ``（田中，2018）``, and a year with a page
  locator alone: ``"…" (2013, p. 7)``; as bibliographies print them (issue 36):
  ``(TAN et al. 2014)``, ``(TRB 1998)``, ``("Title," n.d.)``, ``(Müller o. J.)``,
  ``(Kant [1781] 1998)``, citeproc's ``(Muenchow, Bräuning, et al. 2013)``;
* author–year, narrative: ``Smith et al. (2013)``, ``Smith (2013, p. 4)``,
  ``Brown (2015: 45)``, ``Chen and colleagues (2018)``, ``Segundo Silva et
  al. (2017)``, ``Zhang Wei (2020)``, ``Иванов (2015)``, ``Lei et al. (2018)``,
  groups: ``PRISM Climate Group (2004)``, ``R Core Team (2018)``; CJK names before
  fullwidth or ASCII parentheses (``detect.cjk``);
* a named source with a cue: ``according to the World Bank (2020)``, ``nach
  Angaben des Statistischen Bundesamtes (2022)``, ``The Law Commission (2015)
  recommended``; unbracketed ``As Mbeki and O'Sullivan showed in 2011``;
* numeric: ``[12]``, ``[3–5]``, ``[1, 4, 7]``, ``[1, Ch. 13]``, ``[e.g., 7]``,
  pandoc's escaped ``\\[2\\]``, ``ref. 14``, superscripts (``trials.²³``,
  pandoc's ``^12,13^`` after punctuation or a word, not an exponent such as
  ``x^2^``; ``<sup>7,8</sup>`` via ``superscript_tags``);
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
name rules are in ``detect.names``, the narrative forms in ``detect.narrative``,
the word lists in ``detect.words``, the patterns in ``detect.patterns``, CJK
narratives in ``detect.cjk``, the types in ``detect.candidate``; precision and
recall on the labelled sets are printed by ``benchmarks/bench_citation_detector.py``.

Every regular expression here is bounded (no nested unbounded repetition) and
scans each character a bounded number of times, so a pass is linear in the
draft.
"""

from __future__ import annotations

import html
import re

from ars_docs.document.detect import patterns as pat
from ars_docs.document.detect import words
from ars_docs.document.detect.candidate import Candidate, without_overlaps
from ars_docs.document.detect.cjk import cjk_narratives
from ars_docs.document.detect.names import (
    counts_as_author,
    is_place,
    lifespan,
    plausible,
)
from ars_docs.document.detect.narrative import as_shown, narrative_candidate, narrative_matches


def _numbered_thing(masked: str, start: int, end: int, numbers: int) -> bool:
    before = masked[max(0, start - 24) : start].split()[-2:]
    if before and before[-1].lower() in words.NUMBERED_THINGS:
        noun = before[-1].lower()
        # A rate (``per day [11]``) names no numbered thing; a plural before one
        # number or range cites (``groups [4]``, ``image sets [46]``), while
        # ``item [3]`` and ``the lists [2, 4, 8]`` hold data.
        if len(before) == 2 and before[0].lower() == "per":
            return False
        plural = noun.endswith("s") and noun[:-1] in words.NUMBERED_THINGS
        return not (numbers == 1 and plural)
    if any(len(w) == 1 and w.isascii() and w.islower() and w != "a" for w in before):
        return True  # ``set x to [4, 5, 6]``: a variable, not a claim (``R [45]`` is software)
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
    if text[0] == "\\":
        # ``toolbox \\[2\\]`` as pandoc escapes it reads ``toolbox  [2] ``: an opening
        # bracket keeps its place, a closing one moves onto the backslash.
        return " " + text[1] if text[1] in "([" else text[1] + " "
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
        return [_whole_reference(masked, c) for c in _found(shown, start, stop, masked)]
    return _found(masked, start, stop, masked)


def _whole_reference(masked: str, cand: Candidate) -> Candidate:
    """A candidate that ends inside ``&#41;`` or ``\\]`` ends after it."""
    start, end = cand.start, cand.end
    if masked[start - 1 : start] == "\\" and masked[start : start + 1] in ("(", "["):
        start -= 1
    if masked[end - 1 : end] == "\\" and masked[end : end + 1] in (")", "]"):
        end += 1
    if (start, end) != (cand.start, cand.end):
        return Candidate(start, end, cand.form, cand.works)
    amp = masked.rfind("&", max(cand.start, cand.end - 12), cand.end)
    if amp < 0 or ";" in masked[amp : cand.end]:
        return cand
    semi = masked.find(";", cand.end, amp + 40)
    return cand if semi < 0 else Candidate(cand.start, semi + 1, cand.form, cand.works)


def _found(masked: str, start: int, stop: int, raw: str) -> list[Candidate]:
    found: list[Candidate] = []
    found.extend(_groups(masked, start, stop))
    anchors = [m.start() for m in pat.NARRATIVE_ANCHOR_RE.finditer(masked, start, stop)]
    if "（" in masked:
        anchors.extend(m.start() for m in pat.WIDE_ANCHOR_RE.finditer(masked, start, stop))
        anchors.sort()
    for match in narrative_matches(masked, start, stop, anchors, found):
        cand = narrative_candidate(masked, match)
        if cand is not None:
            found.append(cand)
    found.extend(cjk_narratives(masked, start, anchors, pat.PAREN_YEARS_RE, pat.WORK_RE))
    found.extend(_numeric(masked, start, stop, raw))
    if " v. " in masked or " v " in masked:
        found.extend(_cases(masked, start, stop))
    # The rarer forms: a substring test first (far cheaper than a regular expression scan).
    if "ef." in masked or "efs." in masked:
        for match in pat.REF_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "numeric", 1))
    if pat.BACK_CUE_RE.search(masked, start, stop):
        for match in pat.BACK_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "back-reference", 1))
    if not masked.isascii() and any(ch in masked for ch in pat.SUP):
        for match in pat.SUPERSCRIPT_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "numeric", 1))
    if "^" in masked:
        found.extend(_pandoc_superscripts(masked, start, stop))
    if "As " in masked or "as " in masked:
        found.extend(as_shown(masked, start, stop))
    if ") " in masked:
        for match in pat.REPORTER_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "case", 1))
    if "BGH" in masked or "BVerfGE" in masked or "BVerwGE" in masked or "RGZ" in masked:
        for match in pat.GERMAN_REPORTER_RE.finditer(masked, start, stop):
            found.append(Candidate(match.start(), match.end(), "case", 1))
    if "gl. " in masked or "iehe " in masked:
        for match in pat.SEE_RE.finditer(masked, start, stop):
            if plausible(match.group("who")) and not is_place(match.group("who")):
                found.append(Candidate(match.start(), match.end(), "narrative", 1))
    return without_overlaps(found)


def _numeric(masked: str, start: int, stop: int, raw: str) -> list[Candidate]:
    """``[12]``, ``[3–5]``, ``\\[2\\]`` (read as ``[2]``), ``[e.g., 7]``, ``[1, Ch. 13]``."""
    found: list[Candidate] = []
    for match in pat.NUMERIC_RE.finditer(masked, start, stop):
        at = match.start(0)
        # An escaped bracket was read as a space and ``[``: the text before is before the backslash.
        escaped = raw[at - 1 : at] == "\\"
        # (read in ``raw``: the shown ``\\]`` of ``x\\[1\\]\\[2\\]`` moved onto its backslash)
        prev = raw[at - 2] if escaped and at >= 2 else masked[at - 1] if at else ""
        if prev and ((prev.isalnum() and prev < "\u2e80") or prev in "_])\\!"):
            continue  # an index (a[1], x[1][2], a\\[2\\]), an escape or an image label
        if match.group("colon") and not escaped and _at_line_start(raw, at):
            continue  # ``[1]: https://…`` at a line's start defines a link reference
        numbers = re.findall(r"\d+", match.group("nums"))
        if "0" in numbers or _numbered_thing(
            masked, at, match.end(0), len(re.split("[,;]", match.group("nums")))
        ):
            continue  # citation numbers start at 1; "item [3]", "[2, 5] seconds"
        end = match.end(0) - (1 if match.group("colon") else 0)
        found.append(Candidate(at, end, "numeric", 1))
    return found


def _at_line_start(text: str, at: int) -> bool:
    """``text[at]`` has at most three spaces before it on its line (a link reference
    definition's place); looks back four characters only, so a long line costs nothing."""
    before = text[max(0, at - 4) : at]
    if "\n" in before:
        before = before.rsplit("\n", 1)[1]
    elif at > 3:
        return False
    return not before.strip(" ")


def _pandoc_superscripts(masked: str, start: int, stop: int) -> list[Candidate]:
    """Pandoc's ``^12,13^`` after punctuation, a closing bracket, ``%`` or a word, not an
    exponent: ``x^2^``, ``km^2^``, ``10^6^``, ``R^2^`` (a number after one letter, a unit
    or a digit), nor ``^th^`` (no number)."""
    found: list[Candidate] = []
    for match in pat.PANDOC_SUP_RE.finditer(masked, start, stop):
        at = match.start()
        prev = masked[at - 1] if at else ""
        if not prev or prev.isspace() or (prev.isdigit() and "," not in match.group("nums")):
            continue  # ``10^6^``, a superscript opening a line (``10^25,26^`` is no power)
        if prev.isalpha():
            word = re.search(r"[^\W\d_]+$", masked[max(0, at - 30) : at])
            letters = word.group() if word else prev
            before = masked[at - len(letters) - 1] if at > len(letters) else ""
            unit = len(letters) <= 3 and letters.lower() in words.UNITS  # not ``times^12^``
            if unit or (before and before in "^~_\\"):
                continue  # ``km^2^``, ``m^-1^``; a superscript right after another script
            if len(letters) == 1:
                nums = match.group("nums")
                if not (len(nums) >= 2 and nums.isdigit()) and "," not in nums:
                    continue  # ``x^2^``, ``R^2^``: an exponent; ``R^45^`` cites
        elif not prev.isdigit() and prev not in '.,;:!?”"’)]%*':
            continue
        found.append(Candidate(at, match.end(), "numeric", 1))
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
                if lifespan(item.group("years")):
                    continue
                upper = item.group("upper")
                if upper is not None:
                    if not _fills_its_place(inner, item, upper) or _event_before(
                        masked, group.start()
                    ):
                        continue
                elif not counts_as_author(item.group("who")):
                    continue
                works += len(pat.WORK_RE.findall(item.group("years")))
            if not works and parenthesised and pat.YEAR_PAGE_RE.fullmatch(inner):
                works = 1  # ``"…" (2013, p. 7)``: the author is named elsewhere in the sentence
            if works:
                found.append(Candidate(group.start(), group.end(), "parenthetical", works))
    return found


#: Capitals before a year that name no author: ``(GDP 2020)``, ``(USA 2016)``, ``(FY 2021)``.
_NOT_UPPER_AUTHORS = frozenset(
    [
        "AD",
        "BC",
        "BCE",
        "CE",
        "FY",
        "CY",
        "GDP",
        "GNP",
        "EUR",
        "USD",
        "GBP",
        "CHF",
        "JPY",
        "USA",
        "US",
        "UK",
        "EU",
        "UN",
        "COVID",
        "SARS",
        "ISO",
        "DIN",
        "NB",
        "PS",
    ]
)


def _fills_its_place(inner: str, item: re.Match[str], upper: str) -> bool:
    """A name in capitals (``TAN et al. 2014``, ``TRB 1998``) or a quoted title (``"PheKB,"
    n.d.``) is an author only when its item is a whole entry of the group: nothing but a
    ``see``/``e.g.`` or an earlier entry before it, nothing but a later entry after it,
    so ``(GDP 2020 levels)`` and ``(the "best" 2020 model)`` are not citations."""
    if upper[:1].isalpha() and (
        upper.split()[0].strip(",") in _NOT_UPPER_AUTHORS or len(upper) < 3
    ):
        return False
    before = inner[: item.start()].rstrip()
    if before and before[-1] not in ";," and before.split()[-1].lower() not in _LEADS:
        return False
    after = inner[item.end() :].lstrip()
    return not after or after[0] == ";"


#: Events named by an acronym and a year: ``the conference (ICML 2013)``.
_EVENTS = frozenset(
    [
        "conference",
        "workshop",
        "symposium",
        "meeting",
        "summit",
        "congress",
        "games",
        "cup",
        "election",
        "olympics",
        "championship",
        "expo",
        "edition",
        "season",
        "release",
        "version",
    ]
)


def _event_before(masked: str, at: int) -> bool:
    """The word before a group is an event's noun: its ``(ICML 2013)`` names the event."""
    before = masked[max(0, at - 24) : at].split()
    return bool(before) and before[-1].lower().strip(",") in _EVENTS


_LEADS = frozenset(["see", "e.g.", "e.g.,", "cf.", "vgl.", "siehe", "voir", "i.e.", "i.e.,"])


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
