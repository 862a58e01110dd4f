"""Text helpers of the import: clean values, transliterate keys, compare titles.

Every string that goes into a passport entry passes ``clean``: white space of
any kind (line breaks of a wrapped BibTeX title, tabs, no-break spaces from
LaTeX ``~``) becomes one space, and characters a YAML file may not hold (C0/C1
controls, lone surrogates, U+FFFE/U+FFFF) are dropped, so the appended YAML
always reads back as exactly the value written. ``ascii_words`` transliterates
Latin letters with accents, Greek and Cyrillic to ASCII for citation keys;
``comparable`` is the form titles and names are compared in (duplicates).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["ascii_slug", "ascii_words", "clean", "comparable", "strip_csl_markup"]

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff]")
# CSL-JSON titles may carry its rich-text tags (Zotero writes <i>E. coli</i>).
_CSL_TAGS = re.compile(r"</?(?:i|b|sup|sub|sc|span)(?:\s[^<>]*)?>", re.IGNORECASE)
_NOT_WORD = re.compile(r"[^0-9a-z]+")
_NOT_ALNUM = re.compile(r"[\W_]+")

# Letters NFKD does not take apart into a base letter and marks.
_LETTERS = {
    "ß": "ss",
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
    "ſ": "s",
}
_CYRILLIC = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "д": "d",
    "е": "e",
    "ё": "e",
    "ж": "zh",
    "з": "z",
    "и": "i",
    "й": "i",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ъ": "_",
    "ы": "y",
    "ь": "_",
    "э": "e",
    "ю": "yu",
    "я": "ya",
    "є": "ye",
    "і": "i",
    "ї": "yi",
    "ґ": "g",
}
_GREEK = {
    "α": "a",
    "β": "b",
    "γ": "g",
    "δ": "d",
    "ε": "e",
    "ζ": "z",
    "η": "e",
    "θ": "th",
    "ι": "i",
    "κ": "k",
    "λ": "l",
    "μ": "m",
    "ν": "n",
    "ξ": "x",
    "ο": "o",
    "π": "p",
    "ρ": "r",
    "σ": "s",
    "ς": "s",
    "τ": "t",
    "υ": "y",
    "φ": "f",
    "χ": "ch",
    "ψ": "ps",
    "ω": "o",
}


def clean(text: str) -> str:
    """One line, single spaces, only characters a YAML file can carry."""
    return " ".join(_UNSAFE.sub(" ", text).split())


def strip_csl_markup(text: str) -> str:
    """``text`` without CSL rich-text tags (``<i>``, ``<b>``, ``<sup>``, ``<span …>``)."""
    return _CSL_TAGS.sub("", text)


def _transliteration() -> dict[int, str]:
    """The ``str.translate`` table of ``ascii_words`` (built once, read only)."""
    table = {ord(char): text for char, text in _LETTERS.items()}
    for letters in (_CYRILLIC, _GREEK):
        for char, text in letters.items():
            text = "" if text == "_" else text  # hard and soft signs have no letter
            table[ord(char)] = text
            if char.upper() != char:
                table[ord(char.upper())] = text.capitalize()
    return table


_TRANSLITERATION = _transliteration()
# Combining marks of the scripts transliterated (what NFKD splits accents into).
_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def ascii_words(text: str) -> str:
    """``text`` with accents removed and Greek/Cyrillic transliterated; other
    non-ASCII characters are left for the caller to replace."""
    return _MARKS.sub("", unicodedata.normalize("NFKD", text)).translate(_TRANSLITERATION)


def comparable(text: str) -> str:
    """Lower-case ASCII words joined by single spaces (how titles are compared).

    Characters outside the Latin, Greek and Cyrillic scripts are kept as they
    are, so two Chinese titles still compare by their characters.
    """
    plain = text if text.isascii() else ascii_words(text)
    return " ".join(_NOT_ALNUM.sub(" ", plain.casefold()).split())


def ascii_slug(text: str) -> str:
    """Lower-case ASCII letters and digits only (pieces of a generated key)."""
    return _NOT_WORD.sub("", ascii_words(text).lower())
