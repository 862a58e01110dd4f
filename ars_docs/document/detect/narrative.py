"""Narrative citations: a name, then its year in parentheses (``Smith et al. (2013)``).

``narratives`` finds, at each year anchor, the narrative match that ends there
(or a named source with a cue, ``according to the World Bank (2020)``, or an
organisation, ``WHO (2020) recommends``); ``narrative`` decides whether its name
is a cited author by the rules of ``document.detect.names``. ``as_shown`` finds
the unbracketed form ``As Mbeki and O'Sullivan showed in 2011``.
"""

from __future__ import annotations

import re

from ars_docs.document.detect import patterns as pat
from ars_docs.document.detect import words
from ars_docs.document.detect.candidate import Candidate
from ars_docs.document.detect.names import (
    ARTICLE_WORDS,
    GERMAN_ARTICLES,
    PLACES,
    capitalised_words,
    inside_proper_noun,
    is_place,
    lifespan,
    named_thing,
    plain,
    plausible,
    reported_after,
    sentence_start,
    thing_verb,
    two_names,
    word_before,
)


def as_shown(masked: str, start: int, stop: int) -> list[Candidate]:
    """``As Mbeki and O'Sullivan showed in 2011``: a name, a reporting verb and a year,
    without brackets."""
    found: list[Candidate] = []
    for match in pat.AS_SHOWN_RE.finditer(masked, start, stop):
        at = match.start()
        if at and (masked[at - 1].isalnum() or masked[at - 1] in "'’-"):
            continue  # ``has``, ``was``: not the word "as"
        who, pre = match.group("who"), match.group("pre")
        if match.group("verb") not in words.REPORTING_VERBS or not plausible(who):
            continue
        if is_place(who) or (pre is not None and pre.lower() in words.NOT_AUTHORS):
            continue
        first = match.start("pre") if pre is not None else match.start("who")
        found.append(Candidate(first, match.end("year"), "narrative", 1))
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


def _group_author(masked: str, at: int, start: int) -> Candidate | None:
    """``PRISM Climate Group (2004)``, ``R Core Team (2018)``: a group named as an author;
    after ``the`` only with a reporting verb (``the Bilderberg Group (1954) met``)."""
    group = pat.PAREN_YEAR_RE.match(masked, at)
    if group is None:
        return None
    head = masked[max(start, at - 80) : at]
    name = pat.GROUP_AUTHOR_RE.search(head)
    if name is None:
        return None
    first = at - len(head) + name.start("name")
    if word_before(masked, first) in ARTICLE_WORDS and not reported_after(masked, group.end()):
        return None
    return Candidate(first, group.end(), "narrative", 1)


def narrative_candidate(masked: str, match: re.Match[str]) -> Candidate | None:
    """The narrative citation ``match`` is, or ``None`` when its name is not an author's."""
    who = match.group("who")
    pre = match.group("pre")
    if not plausible(who) or lifespan(match.group("years")):
        return None
    if who.split(None, 1)[0] in GERMAN_ARTICLES and (
        pre is None or pre.lower() not in pat.PARTICLES
    ):
        return None  # ``nach der Finanzkrise (2008)``: ``der`` opens a noun, not ``van der Berg``
    at = match.start()
    said: list[bool] = []

    def reported() -> bool:  # computed once, only when a rule needs it
        if not said:
            said.append(reported_after(masked, match.end()))
        return said[0]

    several = len(capitalised_words(who)) > 1 or pat.ETAL_RE.search(who) is not None
    if pre is not None:
        low = pre.lower()
        if low in ARTICLE_WORDS and pre[:1].isupper() and not reported():
            return None  # ``Das Elbehochwasser (2002)``: an article, not ``das Neves``
        if low in pat.PARTICLES:
            pass  # ``Van der Berg (2011)``: the particle opens the name
        elif low in words.INTRODUCERS or (low.endswith("ing") and len(low) > 5):
            at = match.start("who")  # ``Per Smith (2024)``, ``Revisiting Smith (2024)``
        elif pat.DIGIT_RE.search(pre) or low in words.NOT_AUTHORS:
            return None  # ``First Folio (1623)``, ``Spring Term (2020)``
        elif not (low in words.EAST_ASIAN_SURNAMES or several or two_names(pre, who) or reported()):
            return None  # ``Nintendo Switch (2017)``, ``Olympic Games (2012)``
    elif not several and inside_proper_noun(masked, at) and not reported():
        return None
    if (
        word_before(masked, at, 12) in words.ARTICLES
        and not several
        and not who[:1].islower()
        and not ((pre is not None) and reported())
    ):
        return None  # ``the Act (2013)``; not ``As Lee and Park (2020) argue``, ``los de X``
    if (
        (pre is None or pre.lower() in pat.PARTICLES)
        and not several
        and sentence_start(masked, at)
        and thing_verb(masked, match)
        and not reported()
    ):
        return None  # ``Strasbourg (1959) became …``: a thing's verb, no reporting verb
    if (
        "\u0400" <= who[:1] <= "\u04ff"
        and word_before(masked, at, 8) in words.CASE_PREPOSITIONS
        and not reported()
    ):
        return None  # ``в России (2020)``: a place in the locative, not an author
    if (named_thing(masked, at) or who.startswith(("L'", "L’"))) and not reported():
        return None  # ``the ship Endurance (1912)``, ``L'Espagne (2021)``
    if (is_place(who) or (pre is not None and plain(pre) in PLACES)) and not reported():
        return None  # ``Tokyo (2021) hosted the Games``
    works = len(pat.WORK_RE.findall(match.group("years")))
    return Candidate(at, match.end(), "narrative", works)


def narrative_matches(
    masked: str, start: int, stop: int, anchors: list[int], orgs: list[Candidate]
) -> list[re.Match[str]]:
    """The narrative match ending at each anchor; named sources and organisations found on
    the way go to ``orgs``."""
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
        if at > start and masked[at - 1] in "pmnp \t" and masked[at] == "(":
            team = _group_author(masked, at, start)
            if team is not None:
                orgs.append(team)
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
