"""The LaTeX of everyday bibliographies, decoded without a LaTeX parser.

bibtexparser's ``LatexDecodingMiddleware`` (pylatexenc) reads any LaTeX but
costs about 0.7 ms a value: 20 s for a 10,000-entry export where most names
and titles hold an accent. Almost all of that LaTeX is a small set — accents
(``{\\"u}``, ``\\'e``, ``\\v{S}``, ``\\c c``), letters (``\\ss``, ``\\o``,
``\\AA``, ``\\i``), escaped characters (``\\&``, ``\\%``), dashes, quotes,
``~`` and protective braces — which ``simple_latex`` decodes exactly as the
middleware does (a test compares the two). Anything else (another macro,
math, ``!```) returns ``None``, and the caller uses the middleware.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["simple_latex"]

_ARG = r"(?:\{\s*(?:\\[ij](?![A-Za-z])|[A-Za-z])\s*\}|\\[ij](?![A-Za-z])\s*|[A-Za-z])"
_CONTROL = re.compile(
    rf"""\\(?P<symbol>["'`^~=.])\s*(?P<symbol_arg>{_ARG})
    |\\(?P<word>[uvHckrdb])(?![A-Za-z])\s*(?P<word_arg>{_ARG})
    |\\(?P<letter>ss|ae|AE|oe|OE|aa|AA|o|O|l|L|i|j)(?![A-Za-z])\s*
    |\\(?P<escaped>[&%_$\#{{}}])""",
    re.VERBOSE,
)
_MARKS = {
    '"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331",
}  # fmt: skip
_LETTERS = {
    "ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å", "o": "ø",
    "O": "Ø", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ",
}  # fmt: skip
# Escaped braces and dollars are text, not grouping or math: parked on private-use
# characters while the LaTeX ones are removed.
_PARKED = {"{": "\ue000", "}": "\ue001", "$": "\ue002"}


def _replace(found: re.Match[str]) -> str:
    if found["letter"]:
        return _LETTERS[found["letter"]]
    escaped = found["escaped"]
    if escaped:
        return _PARKED.get(escaped, escaped)
    accent = found["symbol"] or found["word"]
    argument = (found["symbol_arg"] or found["word_arg"]).strip("{} \t\n")
    base = argument[1:] if argument.startswith("\\") else argument
    return base + _MARKS[accent]


def simple_latex(text: str) -> str | None:
    """``text`` decoded, or None when it holds LaTeX beyond the everyday set."""
    if any(parked in text for parked in _PARKED.values()):
        return None
    decoded = _CONTROL.sub(_replace, text)
    if "\\" in decoded or "$" in decoded or "!`" in decoded or "?`" in decoded:
        return None
    decoded = decoded.replace("{", "").replace("}", "")
    decoded = decoded.replace("---", "\u2014").replace("--", "\u2013")
    decoded = decoded.replace("``", "\u201c").replace("''", "\u201d").replace("~", "\u00a0")
    for char, parked in _PARKED.items():
        decoded = decoded.replace(parked, char)
    return unicodedata.normalize("NFC", decoded)
