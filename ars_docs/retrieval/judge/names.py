"""Authors' names as title pages print them, for the identity decision (issue 22).

A title page rarely prints a name the way a bibliography entry stores it:

* **affiliation marks and footnote symbols** are glued on: ``Smith1``,
  ``Smith¹``, ``Wang1,2``, ``Lee¹``, ``Jonesa,∗``, ``Okafor*†``;
* **transliteration**: ``Müller`` is ``Mueller``, ``Søren`` is ``Soeren``,
  ``Yıldız`` (dotless ı) is ``Yildiz``, ``Strauß`` is ``Strauss``; other
  scripts written in Latin letters are folded with ``anyascii``;
* **order**: ``Harvey L``, ``HARVEY Lee``, ``Harvey, L.`` or ``Lee Harvey``;
* **particles**: ``van der Berg`` is also ``Berg``;
* **CJK names** are written family name first, with or without a space
  (``王小明``, ``王 小明``).

``fold_name`` turns both sides into one key (diacritics and special letters
folded as ``works.fold`` folds them, German ``ue``/``oe``/``ae`` read as
``u``/``o``/``a``, case folded);
``name_pattern`` finds a surname in a folded line as a whole word, marks
allowed after it. Short surnames (``Li``, ``Lee``, ``Kim``) are matched
exactly as words, never dropped and never as parts of longer words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from anyascii import anyascii

from ars_docs.works.fold import compose, deumlaut, strip_marks, transliterate

__all__ = ["cjk_forms", "fold_name", "given_agrees", "is_cjk", "name_pattern", "surname_keys"]

# Footnote symbols after a name become one mark (``name_pattern`` allows marks after it).
_MARK_SYMBOLS = str.maketrans(dict.fromkeys("∗⁎†‡§¶‖#✉", "*"))


def is_cjk(ch: str) -> bool:
    """Kana, CJK ideographs or Hangul: names written without spaces between parts."""
    code = ord(ch)
    return 0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF


def cjk_forms(family: str, given: str) -> list[str]:
    """A CJK name: family and given name together, in either order (with or without a space)."""
    if given:
        return [family + given, given + family]
    return [family] if len(family) >= 2 else []


@lru_cache(maxsize=65536)
def fold_name(text: str) -> str:
    """``text`` folded for comparing names (marks kept as ``*`` and digits)."""
    text = transliterate(compose(text)).translate(_MARK_SYMBOLS)
    out = []
    for ch in strip_marks(text):
        if ord(ch) < 128 or is_cjk(ch) or not ch.isalpha():
            out.append(ch)
        else:
            out.append(anyascii(ch))
    return deumlaut("".join(out).casefold())


# After a surname: affiliation digits (1 / 1,2), footnote marks (*), or letter marks
# (a / a,b) when a footnote mark or another letter mark follows ("Jonesa,*", "Smitha,b").
_MARKS = (
    r"(?:\s?(?:\d{1,2}(?:[,\u2013-]\d{1,2})*|\*+"
    r"|[a-f](?=(?:,[a-f])*,?\s?\*)|[a-f](?=,[a-f](?![a-z]))))*"
)
# A letter mark needs a footnote symbol or another letter mark after it: "Hua1" is not
# "Hu" with mark "a", nor "Mah1" "Ma" with mark "h".


def surname_keys(family: str, particles: frozenset[str]) -> list[list[str]]:
    """The folded word lists a family name may be printed as: whole, without particles."""
    tokens = [t for t in re.split(r"[^\w]+", fold_name(family)) if t]
    if not tokens:
        return []
    forms = [tokens]
    core = [t for t in tokens if t not in particles]
    if core and len(core) < len(tokens):
        forms.append(core)
    return forms


@lru_cache(maxsize=4096)
def name_pattern(tokens: tuple[str, ...]) -> re.Pattern[str]:
    """A surname (its folded words) as a whole word in a folded line, marks allowed after."""
    core = r"[\W_]*".join(re.escape(t) for t in tokens)
    bounded = rf"(?<![^\W\d_]){core}{_MARKS}(?![^\W\d_])"
    if len("".join(tokens)) >= 6:
        # Long names also when extraction glued a neighbouring word to one side.
        bounded = rf"(?:{bounded}|(?<![^\W\d_]){core}|{core}(?![^\W\d_]))"
    return re.compile(bounded)


_WORD = re.compile(r"[^\W\d_]+")


def given_agrees(line: str, start: int, end: int, given: str) -> bool | None:
    """Does the given name (or its initial) stand beside the surname at ``line[start:end]``?

    ``True`` when it does, ``False`` when an initial that is not the entry's stands
    right before the surname ("J. Smith" for Anna Smith), ``None`` when the line does
    not say (no given name in the entry, or none printed beside the surname).
    """
    wanted = [w for w in _WORD.findall(fold_name(given)) if w]
    if not wanted:
        return None
    before = _WORD.findall(line[max(0, start - 40) : start])[-3:]
    after = _WORD.findall(line[end : end + 30])[:2]
    near = before + after
    initials = {w[0] for w in wanted}
    if any(w in wanted for w in near) or any(len(w) <= 2 and set(w) <= initials for w in near):
        return True
    if before and len(before[-1]) == 1 and before[-1] not in initials:
        return False
    return None
