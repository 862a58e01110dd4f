"""Bibliographies in: BibTeX/BibLaTeX, CSL-JSON and RIS as ``literature_corpus[]`` entries.

``read_bibliography(path)`` reads one file (format by extension, else by
content) into passport entries with their lines and problems;
``bibliography_corpus(path)`` gives the same file as an in-memory ``Corpus``
(``ars-docs lookup`` on a bare bibliography); ``passport.import_into_passport``
appends entries to a passport (``ars-docs corpus import``). The conversion
rules are written down in ``docs/corpus-import.md``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ars_docs.bibliography.model import BibEntry, Bibliography, Problem
    from ars_docs.bibliography.read import bibliography_corpus, detect_format, read_bibliography

# Loaded on first use: ``fold`` uses ``imports.latex`` on every run, the parsers (and
# bibtexparser) only ``corpus import`` and ``lookup --bibliography`` need.
_HOMES = {
    "BibEntry": "model",
    "Bibliography": "model",
    "Problem": "model",
    "bibliography_corpus": "read",
    "detect_format": "read",
    "read_bibliography": "read",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "BibEntry",
    "Bibliography",
    "Problem",
    "bibliography_corpus",
    "detect_format",
    "read_bibliography",
]
