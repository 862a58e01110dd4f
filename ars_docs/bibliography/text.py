"""Text helpers of the import: clean values, transliterate keys, compare titles.

Every string that goes into a passport entry passes ``clean``: white space of
any kind (line breaks of a wrapped BibTeX title, tabs, no-break spaces from
LaTeX ``~``) becomes one space, and characters a YAML file may not hold (C0/C1
controls, lone surrogates, U+FFFE/U+FFFF) are dropped, so the appended YAML
always reads back as exactly the value written. ``ascii_slug`` is a key's piece
(``works.fold.ascii_words``: accents removed, Greek and Cyrillic transliterated);
``comparable`` is the form titles and names are compared in (duplicates).
"""

from __future__ import annotations

import re

from ars_docs.works.fold import ascii_words

__all__ = ["ascii_slug", "clean", "comparable", "strip_csl_markup"]

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff]")
# CSL-JSON titles may carry its rich-text tags (Zotero writes <i>E. coli</i>).
_CSL_TAGS = re.compile(r"</?(?:i|b|sup|sub|sc|span)(?:\s[^<>]*)?>", re.IGNORECASE)
_NOT_WORD = re.compile(r"[^0-9a-z]+")
_NOT_ALNUM = re.compile(r"[\W_]+")


def clean(text: str) -> str:
    """One line, single spaces, only characters a YAML file can carry."""
    return " ".join(_UNSAFE.sub(" ", text).split())


def strip_csl_markup(text: str) -> str:
    """``text`` without CSL rich-text tags (``<i>``, ``<b>``, ``<sup>``, ``<span …>``)."""
    return _CSL_TAGS.sub("", text)


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
