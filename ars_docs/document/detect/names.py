"""Is the text before a year a cited author? The name rules of the unmarked-citation detector.

A name before ``(2013)`` is an author unless it reads as something else: a
place (compared without accents), a word of the lists in
``document.detect.words`` (months, seasons, document parts …), a thing that
did something (``Strasbourg (1959) became``), a named thing after an article
and a common noun (``the ship Endurance``) or a proper noun it is part of
(``USA Today``). A reporting verb after the year (``… (1958) argued``) makes it
an author again; the narrative rules (``document.detect.narrative``) weigh these.
"""

from __future__ import annotations

import functools
import re

from ars_docs.document.detect import patterns as pat
from ars_docs.document.detect import words
from ars_docs.works.fold import strip_marks, transliterate


def capitalised_words(who: str) -> list[str]:
    """The words of ``who`` that start with a capital (the names in it)."""
    found = re.findall(r"[\w'’\-]+", who)
    return [w for w in found if w[0].isupper()]


def plausible(who: str) -> bool:
    """``who`` has a name, no digit, and no word that is never an author's."""
    names = capitalised_words(who)
    if not names or pat.DIGIT_RE.search(who):
        return False  # ``Kepler-22b (2011)`` is a planet
    listed = [name.lower().strip("'’") in words.NOT_AUTHORS for name in names]
    if pat.ETAL_RE.search(who):
        # ``Lei et al. (2018)``: "et al." follows only names, so it outweighs the word
        # lists ("lei" is Portuguese for law) unless every name is a listed word.
        return not all(listed) or len(names) == 1
    return not any(listed)


def is_place(who: str) -> bool:
    """``who`` is one name, and a place's."""
    names = capitalised_words(who)
    return len(names) == 1 and plain(names[0]) in PLACES


def plain(word: str) -> str:
    """``México`` -> ``mexico``: places are compared without accents."""
    if word[1:2] in ("'", "’"):
        word = word[2:]  # ``L'Espagne``, ``d'Italia``
    if word.isascii():
        return word.lower()
    return transliterate(strip_marks(word.lower()))


PLACES = frozenset(plain(word) for word in words.PLACES)


def two_names(pre: str, who: str) -> bool:
    """``García Márquez``, ``Segundo Silva``: a two-word surname, told from ``Olympic Games``
    by a letter with a diacritic (English product and event names have none); German
    adjectives (``Münchner``, ``Deutsches``) are not given names."""
    if pre.isascii() and who.isascii():
        return False
    return not pre.lower().endswith(("er", "es", "en", "sche", "scher"))


def word_before(masked: str, start: int, reach: int = 16) -> str:
    """The word right before ``start`` (lower case; within ``reach``), or ``""``."""
    head = masked[max(0, start - reach) : start].split()
    return head[-1].lower() if head else ""


def inside_proper_noun(masked: str, start: int) -> bool:
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


GERMAN_ARTICLES = frozenset(["der", "den", "dem", "des", "die"])
ARTICLE_WORDS = frozenset(["das", "die", "der", "den", "dem", "the", "el", "los", "las", "les"])


_THING_ADVERBS = frozenset(["first", "later", "soon", "now", "then", "also", "still", "erstmals"])


def thing_verb(masked: str, match: re.Match[str]) -> bool:
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


def sentence_start(masked: str, at: int) -> bool:
    """Nothing but white space or a sentence end before ``at`` (within the paragraph)."""
    head = masked[max(0, at - 40) : at].rstrip()
    return not head or (head[-1] in ".!?:。！？" and not head.endswith(("al.", "p.")))


_DEFINITE = frozenset(
    ["the", "a", "an", "der", "die", "das", "le", "la", "les", "el", "los", "las", "il"]
)


def named_thing(masked: str, at: int) -> bool:
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


def lifespan(years: str) -> bool:
    """``Kant (1724–1804)``: a range of twenty years or more is a life, not a work."""
    span = pat.SPAN_RE.match(years)
    return span is not None and int(span.group(2)) - int(span.group(1)) >= 20


@functools.lru_cache(maxsize=4096)  # a thesis cites the same names again and again
def counts_as_author(who: str) -> bool:
    """A name in a parenthetical group that makes the group a citation."""
    if who.isupper() and who.isascii():
        return True  # OECD, WHO
    if "\u3040" <= who[:1] <= "\ud7a3":
        return True  # a CJK name in a group with a year: ``（田中，2018）``
    return plausible(who) and not is_place(who)
