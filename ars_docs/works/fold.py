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
"""

from __future__ import annotations

import html
import re
import threading
import unicodedata
from functools import lru_cache
from typing import Any

__all__ = [
    "STOPWORDS",
    "content_words",
    "deumlaut",
    "fold",
    "has_cjk",
    "plain",
    "words",
]

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
        "ß": "ss",
        "ẞ": "ss",
        "æ": "ae",
        "Æ": "ae",
        "œ": "oe",
        "Œ": "oe",
        "ø": "o",
        "Ø": "o",
        "đ": "d",
        "Đ": "d",
        "ð": "d",
        "Ð": "d",
        "þ": "th",
        "Þ": "th",
        "ł": "l",
        "Ł": "l",
        "ı": "i",
        "ħ": "h",
        "ŋ": "ng",
        "ĸ": "k",
        "ſ": "s",
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

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "and",
        "or",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "without",
        "into",
        "onto",
        "over",
        "under",
        "via",
        "per",
        "as",
        "is",
        "are",
        "be",
        "its",
        "their",
        "our",
        "this",
        "that",
        "these",
        "those",
        "between",
        "among",
        "about",
        "und",
        "der",
        "die",
        "das",
        "des",
        "den",
        "dem",
        "ein",
        "eine",
        "einer",
        "eines",
        "im",
        "am",
        "zum",
        "zur",
        "von",
        "mit",
        "fur",
        "auf",
        "le",
        "la",
        "les",
        "l",
        "un",
        "une",
        "du",
        "de",
        "et",
        "en",
        "au",
        "aux",
        "pour",
        "par",
        "sur",
        "dans",
        "avec",
        "el",
        "los",
        "las",
        "del",
        "y",
        "o",
        "para",
        "por",
        "con",
        "sin",
        "al",
        "lo",
        "il",
        "gli",
        "i",
        "di",
        "e",
        "da",
        "nel",
        "nella",
        "os",
        "do",
        "dos",
        "em",
        "no",
        "na",
        "nos",
        "nas",
        "um",
        "uma",
        "com",
        "dan",
        "ke",
        "dari",
        "yang",
        "untuk",
        "pada",
        "dalam",
        "dengan",
        "atau",
        "van",
        "het",
        "een",
        "op",
        "voor",
        "met",
    ]
)


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
    text = unicodedata.normalize("NFKD", plain(text).lower().translate(_SPECIAL))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _GREEK_RE.sub(lambda m: " " + _GREEK[m.group(0)] + " ", text)
    text = text.casefold().replace("'", "")
    return _SPACE.sub(" ", _NON_WORD.sub(" ", text).replace("_", " ")).strip()


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
