"""Narrative citations in Chinese, Japanese and Korean text (issue 24 §3).

CJK prose has no spaces between words, so a name cannot be found by its
capital letter: ``王等人（2021）``, ``佐藤（2020）は``, ``田中ら（2018）``, ``김철수(2020)는``.
A run of Han (or Hangul) characters right before a year in parentheses is a
cited author when it ends in a family name of the lists in
``citation_words`` (Chinese family name + one or two given-name characters,
Japanese family name + up to two, Korean three-syllable names), or when it
is followed by "and others" (``等``, ``等人``, ``ら``, ``ほか``, ``외``, ``등``).
Runs ending in an institution or place word (``大学``, ``市``, ``국``) are not.
Parenthetical forms (``（田中，2018）``) are groups and live in ``citations``.
"""

from __future__ import annotations

import re

from ars_docs.document.detect import words
from ars_docs.document.detect.candidate import Candidate

_HAN = r"\u3005\u3400-\u9fff"
_HANGUL = r"\uac00-\ud7a3"
#: The name right before a year group's ``(``/``（``: Han characters (with "and others"),
#: or a Hangul word (with ``외``/``등``).
_NAME_BEFORE_RE = re.compile(
    rf"(?:(?P<han>[{_HAN}]{{1,8}}?)(?P<etal>等人|等|ら|ほか|他)?"
    rf"|(?<![{_HANGUL}])(?P<ko>[{_HANGUL}]{{1,4}})(?P<koetal>\s*(?:외|등)(?:\s*\d인)?)?)\s*\Z"
)
#: A source cue before the name (``根据国家统计局（2022）``) or after its year group
#: (``厚生労働省（2022）の調査によると``, ``통계청(2022)에 따르면``, ``…（2022）的数据``):
#: the name is a cited source even when it is an institution.
_CUE_BEFORE = ("根据", "依据", "依據", "根據", "按照", "据", "據")
_CUE_AFTER_RE = re.compile(
    r"(?:の(?:調査|報告|統計|発表|データ|推計|報告書)?)?(?:によると|によれば)"
    r"|\s*(?:의\s*(?:조사|보고서|발표|자료|통계)\s*)?에\s*(?:따르면|의하면)"
    r"|(?:发布|公布|發布)?的(?:数据|數據|统计|統計|报告|報告|调查|調查)"
)
#: How far before its ``(`` a CJK name may start.
_REACH = 16


def cjk_narratives(
    masked: str,
    start: int,
    anchors: list[int],
    year_group: re.Pattern[str],
    work_re: re.Pattern[str],
) -> list[Candidate]:
    """Narrative CJK citations ending at the year groups that start at ``anchors``."""
    if masked.isascii():  # a C loop over the bytes: the common case costs nothing
        return []
    found: list[Candidate] = []
    for at in anchors:
        last = at - 1  # the name's last character: right before, or one space before
        if last > start and masked[last].isspace():
            last -= 1
        if last < start or masked[last] < "\u3005":
            continue
        name = _NAME_BEFORE_RE.search(masked, max(start, at - _REACH), at)
        group = year_group.match(masked, at)
        if name is None or group is None:
            continue
        han, ko = name.group("han"), name.group("ko")
        cued = _cued_source(masked, name, group.end())
        if cued is not None:
            works = len(work_re.findall(group.group("years")))
            found.append(Candidate(cued, group.end(), "narrative", works))
            continue
        if han is not None:
            offset = _han_person(han, name.group("etal") is not None)
            if offset is None:
                continue
            first = name.start("han") + offset
        else:
            if not _hangul_person(ko, name.group("koetal") is not None):
                continue
            first = name.start("ko")
        works = len(work_re.findall(group.group("years")))
        found.append(Candidate(first, group.end(), "narrative", works))
    return found


def _cued_source(masked: str, name: re.Match[str], after: int) -> int | None:
    """Where a cited source's name starts when a cue names it as the source, else None."""
    han = name.group("han")
    if han is not None:
        for cue in _CUE_BEFORE:
            at = han.find(cue)
            if at >= 0 and at + len(cue) < len(han):
                return name.start("han") + at + len(cue)
    if _CUE_AFTER_RE.match(masked, after, after + 16) is not None:
        return name.start("han") if han is not None else name.start("ko")
    return None


def _han_person(run: str, etal: bool) -> int | None:
    """Where the name starts in ``run`` when it ends in a person's name, else None."""
    if run.endswith(words.CJK_NOT_PERSON_ENDINGS) or run[-2:] in words.CJK_PLACES:
        return None
    if run[-3:] in words.CJK_PLACES:
        return None
    for size in (4, 3):  # a two-character family name first: ``司马光明``, not ``马光明``
        if size <= len(run) and run[-size:][:2] in words.CHINESE_COMPOUND_SURNAMES:
            return len(run) - size
    for size in (2, 3, 4, 1):
        if size > len(run):
            continue
        tail = run[-size:]
        if tail[:2] in words.JAPANESE_SURNAMES or tail[:3] in words.JAPANESE_SURNAMES:
            return len(run) - size
        if size <= 3 and tail[0] in words.CHINESE_SURNAMES and (size > 1 or etal):
            return len(run) - size
        if size == 1 and etal and tail in words.JAPANESE_SURNAMES:
            return len(run) - size
    return None


def _hangul_person(name: str, etal: bool) -> bool:
    if name.endswith(words.CJK_NOT_PERSON_ENDINGS) and not etal:
        return False
    surname = name[:2] if name[:2] in words.KOREAN_SURNAMES else name[:1]
    if surname not in words.KOREAN_SURNAMES:
        return False
    if etal:
        return True
    return len(name) - len(surname) == 2
