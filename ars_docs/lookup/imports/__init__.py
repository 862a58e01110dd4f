"""Bibliographies in: BibTeX/BibLaTeX, CSL-JSON and RIS as ``literature_corpus[]`` entries.

``read_bibliography(path)`` reads one file (format by extension, else by
content) into passport entries with their lines and problems;
``bibliography_corpus(path)`` gives the same file as an in-memory ``Corpus``
(``ars-docs lookup`` on a bare bibliography); ``passport.import_into_passport``
appends entries to a passport (``ars-docs corpus import``). The conversion
rules are written down in ``docs/corpus-import.md``.
"""

from __future__ import annotations

from ars_docs.lookup.imports.model import BibEntry, Bibliography, Problem
from ars_docs.lookup.imports.read import bibliography_corpus, detect_format, read_bibliography

__all__ = [
    "BibEntry",
    "Bibliography",
    "Problem",
    "bibliography_corpus",
    "detect_format",
    "read_bibliography",
]
