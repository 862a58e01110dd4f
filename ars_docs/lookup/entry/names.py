"""Do the entry's authors appear among the record's? (surnames, across spellings)

A surname matches when the two agree after folding (diacritics dropped, German
transliteration, Cyrillic and Greek transliterated to Latin), without their
particles (``van der Berg`` = ``Berg``), with their parts joined
(``VanderBerg``), or within a typo (long names). Names a service did not split
(OpenAlex's ``display_name``) match on any of their words. Names in Chinese,
Japanese or Korean script are compared as family and given name written
together; a name in one script cannot be compared with a name in another
(``王小明`` and ``Xiaoming Wang``): such pairs are *not comparable*, which
never counts against the entry. An organisation the entry names as author
only helps: found on the record it counts, absent it is not compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz.fuzz import ratio

from ars_docs.lookup.entry.record import Name
from ars_docs.retrieval.judge.words import NAME_PARTICLES
from ars_docs.works.fold import deumlaut, fold, has_cjk

__all__ = ["NameMatch", "latin", "match_names", "positions_in"]

PARTICLES = NAME_PARTICLES
_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya", "і": "i", "є": "ye", "ї": "yi", "ґ": "g", "ў": "u",
}  # fmt: skip
_GREEK = {
    "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th",
    "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p",
    "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps",
    "ω": "o", "ά": "a", "έ": "e", "ή": "i", "ί": "i", "ό": "o", "ύ": "y", "ώ": "o",
    "ϊ": "i", "ϋ": "y", "ΐ": "i", "ΰ": "y",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class NameMatch:
    comparable: int
    """Entry names that could be compared with the record's (same script, persons)."""
    matched: int
    first_matched: bool
    """The first comparable entry name is on the record."""


def match_names(entry: Sequence[Name], record: Sequence[Name]) -> NameMatch:
    theirs = [_Key.of(name) for name in record]
    comparable = matched = 0
    first: bool | None = None
    for name in entry:
        mine = _Key.of(name)
        same_script = [other for other in theirs if other.script == mine.script]
        if not mine.tokens or not same_script:
            continue
        hit = any(_match(mine, other) for other in same_script)
        if not hit and name.family and name.given:
            # Written family name first ("Zhang Wei", Hungarian order): BibTeX then takes
            # the given name for the family name.
            swapped = _key(name.given, name.family, "")
            hit = any(_match(swapped, other) for other in same_script)
        if name.literal and not name.family and not hit:
            continue  # an organisation not on the record: not compared
        comparable += 1
        matched += hit
        if first is None:
            first = hit
    return NameMatch(comparable, matched, bool(first))


def positions_in(entry: Sequence[Name], record: Sequence[Name]) -> list[int | None]:
    """Where on the record's list each entry name is, each record name taken once (two
    Zhangs are two people): a surname match whose given-name initial agrees is preferred,
    then the earliest unused one; ``None`` for a name not on the record."""
    theirs = [_Key.of(name) for name in record]
    used: set[int] = set()
    found: list[int | None] = []
    for name in entry:
        mine = _Key.of(name)
        hits = [
            at
            for at, other in enumerate(theirs)
            if at not in used and other.script == mine.script and mine.tokens
            and _match(mine, other)
        ]  # fmt: skip
        initial = _initial(name.given)
        agreeing = [at for at in hits if initial and _initial(record[at].given) == initial]
        best = agreeing or hits
        if best:
            used.add(best[0])
        found.append(best[0] if best else None)
    return found


def _initial(given: str) -> str:
    folded = fold(given)
    return folded[:1]


@dataclass(frozen=True, slots=True)
class _Key:
    script: str
    tokens: frozenset[str]
    whole: str
    """Family and given name written together (CJK), or the joined surname."""

    @classmethod
    def of(cls, name: Name) -> _Key:
        return _key(name.family, name.given, name.literal)


@lru_cache(maxsize=65536)
def _key(family: str, given: str, literal: str) -> _Key:
    text = family or literal
    if has_cjk(text) or has_cjk(given):
        whole = "".join((family + given + literal).split())
        return _Key("cjk", frozenset({whole, family.strip()} - {""}), whole)
    folded = _latin(text)
    parts = [p for p in folded.split() if p]
    core = [p for p in parts if p not in PARTICLES] or parts
    tokens = {deumlaut(p) for p in core if len(p) >= 2}
    joined = deumlaut("".join(core))
    if len(core) > 1:
        tokens.add(joined)
    return _Key("latin", frozenset(tokens), joined)


def latin(text: str) -> str:
    """``fold`` with Cyrillic and Greek letters transliterated to Latin."""
    return _latin(text)


def _latin(text: str) -> str:
    lowered = text.lower()
    if any(ch in _GREEK for ch in lowered):
        lowered = lowered.replace("ου", "ou").replace("ού", "ou")  # a digraph: Κουτσούρης
    if any(ch in _CYRILLIC or ch in _GREEK for ch in lowered):
        lowered = "".join(_CYRILLIC.get(ch, _GREEK.get(ch, ch)) for ch in lowered)
    return fold(lowered)


def _match(mine: _Key, other: _Key) -> bool:
    if mine.script == "cjk":
        return mine.whole == other.whole or (
            bool(mine.tokens & other.tokens) and len(mine.whole) == 1
        )
    if mine.tokens & other.tokens or mine.whole == other.whole:
        return True
    return any(
        len(a) >= 5 and len(b) >= 5 and ratio(a, b) >= 85 for a in mine.tokens for b in other.tokens
    )
