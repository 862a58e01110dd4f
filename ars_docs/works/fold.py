"""Text as the matcher compares it: markup removed, Unicode folded, words split.

Registries and bibliographies write the same title differently: Crossref
keeps publisher markup (``<i>E. coli</i>``, MathML ``<mml:math>``), BibTeX
keeps LaTeX (``{\\"u}``, ``$\\alpha$``), people drop diacritics or
transliterate them (Müller, Mueller, Muller), write Greek letters as words,
change case and punctuation. ``plain`` turns any of them into readable text;
``fold`` turns that into a comparison key: compatibility-decomposed, marks
dropped, special letters transliterated (ß → ss, ø → o, ı → i …), Greek
letters spelled out, case folded, punctuation to spaces. ``words`` splits a
folded text; CJK runs become single characters, since those scripts do not
separate words. ``deumlaut`` is applied to *both* sides of a comparison of
names, so ``Mueller`` and ``Müller`` meet at ``muller``.

This module is the one place text is folded (``tests/project/test_one_concept.py``
fails on a second), in three kinds that share their parts — ``INVISIBLE``,
``strip_marks`` and the one table of letters NFKD does not take apart
(``LETTERS``: ß → ss, ø → o, ł → l …):

* ``fold``: the matcher's key (lookup, the snapshot index): also Greek letters
  spelled out and punctuation dropped;
* ``fold_text``: running text compared word for word (a PDF's text with a
  title, a quotation with its source): only invisible characters, marks and
  case go, punctuation and Greek letters stay, because the callers split and
  align the words themselves;
* ``ascii_words``: ASCII for generated citation keys: Greek and Cyrillic
  transliterated letter by letter (α → a, not alpha), case kept.

ø becomes o in all three, as transliteration does (Bjørn → Bjorn, København →
Kobenhavn): a name folded to ``oe`` in one room and ``o`` in another made the
same author two people.
"""

from __future__ import annotations

import html
import re
import threading
import unicodedata
from functools import lru_cache
from typing import Any

__all__ = [
    "INVISIBLE",
    "LETTERS",
    "SPACING_ACCENTS",
    "STOPWORDS",
    "ascii_words",
    "compose",
    "content_words",
    "deumlaut",
    "drop_invisible",
    "fold",
    "fold_text",
    "has_cjk",
    "plain",
    "strip_marks",
    "transliterate",
    "words",
]

INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
"""Characters a text carries inside words that nobody reads: the soft hyphen, the
zero-width space, non-joiner and joiner, the word joiner and the byte-order mark."""
SPACING_ACCENTS = "\u00b4\u00a8\u02c6\u02dc\u02c7\u02d8\u02d9\u02da\u02db\u02dd`"
"""Accents PDF extraction emits as characters of their own beside their letter."""
LETTERS = {
    "ß": "ss",
    "ẞ": "SS",
    "æ": "ae",
    "Æ": "Ae",
    "œ": "oe",
    "Œ": "Oe",
    "ø": "o",
    "Ø": "O",
    "đ": "d",
    "Đ": "D",
    "ð": "d",
    "Ð": "D",
    "þ": "th",
    "Þ": "Th",
    "ł": "l",
    "Ł": "L",
    "ı": "i",
    "ħ": "h",
    "Ħ": "H",
    "ŋ": "ng",
    "Ŋ": "Ng",
    "ĸ": "k",
    "ſ": "s",
}
"""Latin letters NFKD does not take apart into a base letter and marks, transliterated."""
_LETTER_TABLE = str.maketrans(LETTERS)
_INVISIBLE_RE = re.compile(f"[{INVISIBLE}]")

_TAG = re.compile(r"</?[A-Za-z][\w:.-]*(?:\s[^<>]{0,2000})?/?>")
_MATHML = re.compile(r"<(?:mml:)?math\b.*?</(?:mml:)?math>", re.DOTALL | re.IGNORECASE)
_LATEX_HINT = re.compile(r"[\\${}]")
_SPACE = re.compile(r"\s+")
_NON_WORD = re.compile(r"[^\w]+")
_CJK = re.compile(
    "[\u1100-\u11ff\u2e80-\u2fdf\u3040-\u30ff\u3100-\u31bf\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff]"
)
_SPECIAL = str.maketrans(
    {
        **LETTERS,
        "‐": "-",
        "‑": "-",
        "‒": "-",
        "–": "-",
        "—": "-",
        "’": "'",
        "‘": "'",
    }
)
_GREEK = {
    "α": "alpha",
    "β": "beta",
    "γ": "gamma",
    "δ": "delta",
    "ε": "epsilon",
    "ϵ": "epsilon",
    "ζ": "zeta",
    "η": "eta",
    "θ": "theta",
    "ϑ": "theta",
    "ι": "iota",
    "κ": "kappa",
    "λ": "lambda",
    "μ": "mu",
    "µ": "mu",
    "ν": "nu",
    "ξ": "xi",
    "ο": "omicron",
    "π": "pi",
    "ρ": "rho",
    "σ": "sigma",
    "ς": "sigma",
    "τ": "tau",
    "υ": "upsilon",
    "φ": "phi",
    "ϕ": "phi",
    "χ": "chi",
    "ψ": "psi",
    "ω": "omega",
}
_GREEK_RE = re.compile("[" + "".join(_GREEK) + "]")

# fmt: off
STOPWORDS = frozenset({
    "a", "an", "the", "of", "and", "or", "in", "on", "at", "to", "for", "from", "by", "with",
    "without", "into", "onto", "over", "under", "via", "per", "as", "is", "are", "be", "its",
    "their", "our", "this", "that", "these", "those", "between", "among", "about", "und", "der",
    "die", "das", "des", "den", "dem", "ein", "eine", "einer", "eines", "im", "am", "zum",
    "zur", "von", "mit", "fur", "auf", "le", "la", "les", "l", "un", "une", "du", "de", "et",
    "en", "au", "aux", "pour", "par", "sur", "dans", "avec", "el", "los", "las", "del", "y",
    "o", "para", "por", "con", "sin", "al", "lo", "il", "gli", "i", "di", "e", "da", "nel",
    "nella", "os", "do", "dos", "em", "no", "na", "nos", "nas", "um", "uma", "com", "dan", "ke",
    "dari", "yang", "untuk", "pada", "dalam", "dengan", "atau", "van", "het", "een", "op",
    "voor", "met",
})
# fmt: on
"""Words titles are written around in the languages they are most often written in."""


def plain(text: str) -> str:
    """Readable text: HTML/MathML tags and entities, LaTeX markup removed; spaces collapsed."""
    if not text:
        return ""
    if "<" in text:
        text = _MATHML.sub(_math_text, text)
        text = _TAG.sub(" ", text)
    if "&" in text:
        text = html.unescape(text)
    if _LATEX_HINT.search(text):
        text = _latex_to_text(text)
    return _SPACE.sub(" ", text).strip()


def _math_text(match: re.Match[str]) -> str:
    # MathML content without its tags: <mml:mi>α</mml:mi> reads as α.
    return " " + _TAG.sub("", match.group(0)) + " "


@lru_cache(maxsize=4096)
def _latex_to_text(text: str) -> str:
    # Without a backslash there is no command: only braces to drop ("$100" stays text).
    if "\\" not in text:
        return text.replace("{", "").replace("}", "")
    from ars_docs.works.latex import simple_latex

    simple = simple_latex(text)  # accents, dashes, quotes: the everyday set, fast
    if simple is not None:
        return simple
    try:
        decoded: str = _latex_converter().latex_to_text(text)
    except Exception:
        return text.replace("{", "").replace("}", "")
    return decoded


_THREAD = threading.local()


def _latex_converter() -> Any:
    """One converter per thread (lookup compares in worker threads): building one per
    call costs more than the conversion."""
    converter = getattr(_THREAD, "latex", None)
    if converter is None:
        from pylatexenc.latex2text import LatexNodes2Text

        converter = _THREAD.latex = LatexNodes2Text(math_mode="text")
    return converter


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """The comparison key of ``text`` (see the module docstring); ``""`` for no text."""
    if not text:
        return ""
    # Accents go before Greek letters are named, so that ί and ι are one letter.
    text = strip_marks(plain(text).lower().translate(_SPECIAL))
    text = _GREEK_RE.sub(lambda m: " " + _GREEK[m.group(0)] + " ", text)
    text = text.casefold().replace("'", "")
    return _SPACE.sub(" ", _NON_WORD.sub(" ", text).replace("_", " ")).strip()


def drop_invisible(text: str) -> str:
    """``text`` without ``INVISIBLE`` characters (``qual\u00adity`` reads ``quality``)."""
    return _INVISIBLE_RE.sub("", text)


def strip_marks(text: str, *, spacing_accents: bool = False) -> str:
    """``text`` compatibility-decomposed (NFKD) without its combining marks: é → e,
    ﬁ → fi; with ``spacing_accents``, also without ``SPACING_ACCENTS``."""
    decomposed = unicodedata.normalize("NFKD", text)
    if spacing_accents:
        return "".join(
            ch for ch in decomposed if not unicodedata.combining(ch) and ch not in SPACING_ACCENTS
        )
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def transliterate(text: str) -> str:
    """``text`` with ``LETTERS`` written out (ß → ss, ø → o, Ł → L)."""
    return text.translate(_LETTER_TABLE)


def compose(text: str) -> str:
    """NFKC without invisible characters: how running text is read before it is split."""
    return drop_invisible(unicodedata.normalize("NFKC", text))


def fold_text(text: str) -> str:
    """Running text as it is compared word for word: ``strip_marks`` (spacing accents
    too), ``LETTERS`` written out, case folded; punctuation and spacing kept."""
    return transliterate(strip_marks(text, spacing_accents=True)).casefold()


# fmt: off
_ASCII_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "_", "ы": "y", "ь": "_", "э": "e", "ю": "yu", "я": "ya", "є": "ye",
    "і": "i", "ї": "yi", "ґ": "g",
}
_ASCII_GREEK = {
    "α": "a", "β": "b", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "e", "θ": "th", "ι": "i",
    "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s",
    "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
}
# fmt: on


def _ascii_table() -> dict[int, str]:
    table = {ord(char): text for char, text in LETTERS.items()}
    for letters in (_ASCII_CYRILLIC, _ASCII_GREEK):
        for char, text in letters.items():
            text = "" if text == "_" else text  # hard and soft signs have no letter
            table[ord(char)] = text
            if char.upper() != char:
                table[ord(char.upper())] = text.capitalize()
    return table


_ASCII_TABLE = _ascii_table()
# Combining marks of the scripts transliterated (what NFKD splits accents into); marks of
# other scripts stay, for the caller to replace with the rest of such a word.
_ASCII_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def ascii_words(text: str) -> str:
    """``text`` with accents removed and Greek/Cyrillic transliterated letter by letter;
    other non-ASCII characters are left for the caller to replace."""
    return _ASCII_MARKS.sub("", unicodedata.normalize("NFKD", text)).translate(_ASCII_TABLE)


def words(folded: str) -> list[str]:
    """Words of a folded text; each CJK character is a word of its own."""
    if not folded:
        return []
    if not _CJK.search(folded):
        return folded.split()
    spaced = _CJK.sub(lambda m: " " + m.group(0) + " ", folded)
    return spaced.split()


def content_words(folded: str) -> list[str]:
    """``words`` without stop words (in the languages titles are most often written in)."""
    return [w for w in words(folded) if w not in STOPWORDS]


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def deumlaut(folded: str) -> str:
    """``ue``/``oe``/``ae`` → ``u``/``o``/``a`` (German transliteration), on folded text."""
    return folded.replace("ue", "u").replace("oe", "o").replace("ae", "a")
