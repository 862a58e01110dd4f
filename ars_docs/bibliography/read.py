"""Read a bibliography file of any supported format, as entries or as an in-memory corpus.

The format comes from the extension (``.bib``/``.bibtex``/``.biblatex``:
BibTeX; ``.json``/``.csljson``: CSL-JSON; ``.ris``: RIS) and otherwise from
the content: JSON that opens with ``[`` or ``{`` is CSL-JSON, a ``TY  - ``
line is RIS, an ``@type{`` block is BibTeX. ``read_bibliography`` returns the
converted entries in file order with their lines, and the problems
(``model.Problem``); a file that is not UTF-8, not valid JSON, or holds no
entry at all is an ``InputDataError`` (exit 65) naming file and line.

``bibliography_corpus`` is the same file as a ``Corpus`` (via
``corpus_from_data``), so ``ars-docs lookup`` can check a bare bibliography
without a passport; entries skipped as unusable or duplicate are left out
(``read_bibliography`` says why).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import replace

from ars_docs.bibliography.convert import convert
from ars_docs.bibliography.keys import allowed_key, closest_key, key_candidates
from ars_docs.bibliography.model import Bibliography, Problem, Record
from ars_docs.core.errors import InputDataError
from ars_docs.files.yaml.read import decode_utf8, read_bytes
from ars_docs.session.corpus import Corpus, corpus_from_data

__all__ = ["FORMATS", "bibliography_corpus", "detect_format", "read_bibliography"]

#: Format name → what it is called in messages.
FORMATS = {"bibtex": "BibTeX/BibLaTeX", "csl-json": "CSL-JSON", "ris": "RIS"}
_BY_SUFFIX = {
    ".bib": "bibtex",
    ".bibtex": "bibtex",
    ".biblatex": "bibtex",
    ".json": "csl-json",
    ".csljson": "csl-json",
    ".ris": "ris",
}
_BIBTEX_BLOCK = re.compile(r"^[ \t]*@[A-Za-z]+[ \t]*[{(]", re.MULTILINE)

Reader = Callable[[str, str], tuple[list[Record], list[Problem]]]


def detect_format(path: str, text: str) -> str:
    """``bibtex``, ``csl-json`` or ``ris`` (see the module docstring)."""
    from ars_docs.bibliography.ris import looks_like_ris

    found = _BY_SUFFIX.get(os.path.splitext(path)[1].lower())
    if found is not None:
        return found
    if text.lstrip()[:1] in ("[", "{"):
        return "csl-json"
    if looks_like_ris(text):
        return "ris"
    if _BIBTEX_BLOCK.search(text):
        return "bibtex"
    raise InputDataError(
        f"{path}: cannot tell which bibliography format this is (no `@type{{` block, no "
        "`TY  - ` line, not JSON); export it as BibTeX (.bib), CSL-JSON (.json) or RIS (.ris)"
    )


def _reader(name: str) -> Reader:
    if name == "bibtex":
        from ars_docs.bibliography.bibtex import read_bibtex

        return read_bibtex
    if name == "csl-json":
        from ars_docs.bibliography.csljson import read_csl_json

        return read_csl_json
    from ars_docs.bibliography.ris import read_ris

    return read_ris


def read_bibliography(path: str | os.PathLike[str]) -> Bibliography:
    """The entries of one bibliography file (file order, 1-based lines) and its problems.

    Raises ``InputMissingError`` (66) for a missing file, ``ArsIOError`` (74)
    for one that cannot be read, ``InputDataError`` (65) for one that cannot
    be read as a bibliography at all.
    """
    name = os.fspath(path)
    raw = read_bytes(name, what="bibliography", hint="check the file name")
    text = decode_utf8(raw, name)
    kind = detect_format(name, text)
    records, problems = _reader(kind)(text, name)
    if not records and not problems:
        raise InputDataError(
            f"{name}: no {FORMATS[kind]} entries found; check that the file is a "
            f"{FORMATS[kind]} export of your references"
        )
    bibliography = Bibliography(name, kind)
    for record in records:
        entry, found = convert(record, name)
        problems += found
        if entry is not None:
            bibliography.entries.append(entry)
    bibliography.problems = sorted(map(_with_key, problems), key=lambda problem: problem.line)
    _unique_generated_keys(bibliography)
    return bibliography


def _with_key(problem: Problem) -> Problem:
    """A skipped block named by the key it would have had (the reader knows only the original)."""
    if problem.key is not None or not problem.original_key:
        return problem
    key = problem.original_key
    return replace(problem, key=key if allowed_key(key) else closest_key(key))


def _unique_generated_keys(bibliography: Bibliography) -> None:
    """Give generated keys a letter where two entries of the file would share one."""
    taken = {entry.key for entry in bibliography.entries if not entry.generated_key}
    for entry in bibliography.entries:
        if entry.generated_key:
            key = next(c for c in key_candidates(entry.key_base) if c not in taken)
            entry.entry["citation_key"] = key
            taken.add(key)


def bibliography_corpus(path: str | os.PathLike[str]) -> Corpus:
    """The usable entries of a bibliography file as an in-memory ``Corpus``."""
    from ars_docs.bibliography.plan import plan_import

    bibliography = read_bibliography(path)
    outcomes = plan_import([], [bibliography])
    entries = [o.entry for o in outcomes if o.outcome == "imported" and o.entry is not None]
    return corpus_from_data(entries, path=bibliography.path)
