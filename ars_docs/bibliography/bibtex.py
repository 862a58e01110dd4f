"""Read BibTeX and BibLaTeX files with bibtexparser 2 into ``Record`` objects.

The parse stack is one middleware of ours and bibtexparser's own:
``Concatenate`` (bounds every value, then resolves ``@string`` macros and
``#``; see ``limits``), ``NormalizeFieldKeys`` (``Title`` = ``title``),
``RemoveEnclosingMiddleware``, ``SeparateCoAuthors`` and ``SplitNameParts``;
LaTeX is decoded afterwards (``bibtex_text.Decoder``) so that a corporate
name in braces can still be told from a person's. Identifiers and links are
read verbatim (only ``\\_``-style escapes undone): decoding would turn the
``~`` of a URL into a space. An entry with ``crossref`` takes the fields it
lacks from the entry it names (the parent's ``title`` as its ``booktitle``).

Blocks bibtexparser could not read become problems with their line: a
syntax error or a field given twice makes the entry unusable; a key given
twice skips the second entry as a duplicate.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator
from typing import Any

from ars_docs.bibliography.bibtex_text import Concatenate, Decoder, person_names
from ars_docs.bibliography.model import Problem, Record
from ars_docs.bibliography.vocab import bibtex_type
from ars_docs.core.errors import InputDataError
from ars_docs.core.limits import shorten

__all__ = ["read_bibtex"]

_VERBATIM_ESCAPE = re.compile(r"\\([_%&#$~{}])")
_LINK = re.compile(r"https?://[^\s{}\\]+")
_TEXT_FIELDS = (
    "title", "journaltitle", "journal", "booktitle", "publisher", "institution", "school",
    "organization", "volume", "number", "issue", "pages",
)  # fmt: skip
_VERBATIM_FIELDS = (
    "doi", "url", "eprint", "eprinttype", "archiveprefix", "isbn", "pmid", "pmcid", "arxivid",
    "howpublished",
)  # fmt: skip
_INHERITED = (
    "booktitle", "editor", "publisher", "institution", "organization", "year", "date",
    "volume", "isbn",
)  # fmt: skip
_ARTICLES = frozenset({"article-journal", "article-magazine", "article-newspaper"})


@contextlib.contextmanager
def _quiet_parser() -> Iterator[None]:
    # bibtexparser logs each failed block to the root logger's stderr fallback; the
    # import reports those blocks itself, with file and line.
    logger = logging.getLogger("bibtexparser")
    before = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(before)


def read_bibtex(text: str, path: str) -> tuple[list[Record], list[Problem]]:
    """Every entry of a BibTeX/BibLaTeX text, in file order, and the blocks skipped."""
    from bibtexparser import middlewares as mw
    from bibtexparser.entrypoint import parse_string
    from bibtexparser.model import (
        DuplicateBlockKeyBlock,
        DuplicateFieldKeyBlock,
        Entry,
        MiddlewareErrorBlock,
        ParsingFailedBlock,
    )

    stack = [
        Concatenate(path),  # first: it bounds every value before another middleware copies it
        mw.NormalizeFieldKeys(),
        mw.RemoveEnclosingMiddleware(),
        mw.SeparateCoAuthors(),
        mw.SplitNameParts(),
    ]
    with _quiet_parser():
        try:
            library = parse_string(text, parse_stack=stack)
        except InputDataError:
            raise  # a bound of ``limits``: the message names the file, line and field
        except Exception as exc:  # an internal failure of the parser: still one line
            raise InputDataError(
                f"{path}: cannot be read as BibTeX ({shorten(str(exc))}); check the file "
                "with a BibTeX tool or export it again"
            ) from exc
    decoder = Decoder()
    parents = {entry.key: entry for entry in library.entries}
    records: list[Record] = []
    problems: list[Problem] = []
    for block in library.blocks:
        line = (block.start_line or 0) + 1
        if isinstance(block, Entry):
            records.append(_record(block, library, decoder, parents, line))
        elif isinstance(block, DuplicateBlockKeyBlock):
            first = (block.previous_block.start_line or 0) + 1
            problems.append(
                Problem(
                    path,
                    line,
                    "duplicate",
                    f"key {block.key!r} appears again (first at line {first}); skipped",
                    original_key=block.key,
                )
            )
        elif isinstance(block, (DuplicateFieldKeyBlock, MiddlewareErrorBlock)):
            inner = block.ignore_error_block
            key = inner.key if isinstance(inner, Entry) else None
            problems.append(Problem(path, line, "unusable", _why(block), original_key=key))
        elif isinstance(block, ParsingFailedBlock):
            problems.append(Problem(path, line, "unusable", _why(block)))
    return records, problems


def _why(block: Any) -> str:
    error = block.error
    reason = getattr(error, "abort_reason", None) or getattr(error, "reason", None)
    if hasattr(block, "duplicate_keys"):
        reason = f"field(s) {', '.join(sorted(block.duplicate_keys))} given twice"
    text = " ".join(str(reason or error).split())
    return f"cannot be read: {shorten(text)}; fix the entry and import again"


def _verbatim(value: object) -> str:
    return _VERBATIM_ESCAPE.sub(r"\1", str(value)).replace("{", "").replace("}", "").strip()


def _record(entry: Any, library: Any, decoder: Decoder, parents: Any, line: int) -> Record:
    values: dict[str, Any] = {field.key: field.value for field in entry.fields}
    parent = parents.get(str(values.get("crossref", "")).strip())
    if parent is not None and parent is not entry:
        inherited = {field.key: field.value for field in parent.fields}
        if "booktitle" not in inherited and "title" in inherited:
            inherited["booktitle"] = inherited["title"]
        for name in _INHERITED:
            if name not in values and name in inherited:
                values[name] = inherited[name]
    kind = bibtex_type(entry.entry_type)
    record = Record(line, entry.key, kind or "document", entry.entry_type)
    if kind is None:
        record.warnings.append(f"unknown entry type @{entry.entry_type}; written as document")
    texts = [str(values.get(name, "")) for name in _TEXT_FIELDS]
    decoded, ok = decoder.decode(texts, library)
    text = dict(zip(_TEXT_FIELDS, decoded, strict=True))
    record.authors, ok_authors = person_names(values.get("author"), decoder, library)
    record.editors, ok_editors = person_names(values.get("editor"), decoder, library)
    if not (ok and ok_authors and ok_editors):
        record.warnings.append("LaTeX could not be decoded; braces removed, the rest kept")
    record.title = text["title"]
    record.organisations = [text["organization"], text["institution"], text["publisher"]]
    record.date = str(values.get("date") or values.get("year") or "") or None
    record.fields = {
        "venue": text["journaltitle"] or text["journal"] or text["booktitle"],
        "publisher": text["publisher"] or text["institution"] or text["school"],
        "volume": text["volume"],
        "issue": text["issue"] or (text["number"] if record.csl_type in _ARTICLES else ""),
        "pages": text["pages"],
    }
    raw = {name: _verbatim(values[name]) for name in _VERBATIM_FIELDS if name in values}
    links = _LINK.findall(raw.get("howpublished", ""))
    record.fields["url"] = raw.get("url") or (links[0] if links else "")
    record.urls = [link for link in (raw.get("url", ""), *links) if link]
    ids: dict[str, str] = {n: raw[n] for n in ("doi", "isbn", "pmid", "pmcid") if n in raw}
    if raw.get("arxivid"):
        ids["arxiv_id"] = raw["arxivid"]
    archive = (raw.get("eprinttype") or raw.get("archiveprefix") or "").lower()
    eprint = raw.get("eprint", "")
    if eprint and archive == "arxiv":
        ids["arxiv_id"] = eprint
    elif eprint and archive == "pubmed":
        ids.setdefault("pmid", eprint)
    elif eprint and archive in ("pmc", "pubmedcentral"):
        ids.setdefault("pmcid", eprint)
    elif eprint:
        record.urls.append(eprint)
    record.identifiers = ids
    return record
