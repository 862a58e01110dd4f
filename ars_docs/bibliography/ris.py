"""Read RIS files (EndNote, Zotero, Web of Science, publisher exports) into ``Record`` objects.

RIS is one tag per line, ``XY  - value``; a record runs from ``TY  - `` to
``ER  - ``. The reader takes LF, CRLF and CR line ends (a byte-order mark is
removed before), one or two spaces before the hyphen and a missing space
after it, a line without a tag as the continuation of the value above, and
ignores what stands outside records (export headers). A record that is not
closed by ``ER`` before the next ``TY`` or the end of the file is still read,
with a warning.

Tags read (several ``AU`` lines are several authors, in order): ``ID`` key;
``TY`` type; ``TI``/``T1``/``CT`` title (``BT`` for a book); ``AU``/``A1``
authors; ``ED``/``A2`` editors; ``PB`` publisher (and the author of last
resort); ``PY``/``Y1``/``DA`` year (``2019///`` → 2019);
``T2``/``JF``/``JO``/``JA``/``J2``/``J1``/``BT`` venue; ``VL`` volume;
``IS`` issue; ``SP``–``EP`` pages; ``DO`` DOI (else a ``doi.org`` link);
``UR`` url (``UR``, ``L1``–``L3`` are searched for arXiv links); ``SN`` ISBN
(books and chapters only: elsewhere it is an ISSN); ``AN`` a PubMed id when
written ``PMID: …`` or when ``DP``/``DB`` names PubMed or MEDLINE, an arXiv
id when written ``arXiv:…``; ``C2`` a PubMed Central id (``PMC…``, EndNote).
"""

from __future__ import annotations

import re

from ars_docs.bibliography.limits import FIELD_CHARS, field_too_long, named
from ars_docs.bibliography.model import Name, Problem, Record
from ars_docs.bibliography.names import name_from_text
from ars_docs.bibliography.vocab import BOOKISH, ris_type
from ars_docs.works import identifiers as work_ids

__all__ = ["looks_like_ris", "read_ris"]

_TAG = re.compile(r"\A([A-Z][A-Z0-9]) {1,2}-(?: (.*))?\Z")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_START = re.compile(r"^TY {1,2}- ", re.MULTILINE)

Tags = dict[str, list[str]]


def looks_like_ris(text: str) -> bool:
    """True when a line of ``text`` opens a RIS record (``TY  - ``)."""
    return _START.search(text) is not None


def read_ris(text: str, path: str) -> tuple[list[Record], list[Problem]]:
    """Every record of a RIS text, in file order, and the warnings found.

    A value continued over many lines is kept as its lines and joined once
    when its record ends (rebuilding it at each line was quadratic), and its
    length is counted as it grows, so a value longer than
    ``limits.FIELD_CHARS`` is refused at the line that crosses it.
    """
    records: list[Record] = []
    problems: list[Problem] = []
    current: _Open | None = None
    for number, raw in enumerate(_LINE_BREAK.split(text), start=1):
        line = raw.rstrip()
        found = _TAG.match(line)
        if found is None:
            if current is not None and line.strip():
                current.continue_value(line.strip(), path)
            continue
        tag, value = found.group(1), (found.group(2) or "").strip()
        if tag == "TY":
            if current is not None:
                records.append(current.record(f"not closed by ER before line {number}"))
            current = _Open(number)
        elif tag == "ER":
            if current is not None:
                records.append(current.record(None))
            current = None
            continue
        if current is not None:
            current.add(tag, value, path)
    if current is not None:
        records.append(current.record("not closed by ER before the end of the file"))
    return records, problems


class _Open:
    """The record being read: each tag's values as lists of lines, and their lengths."""

    def __init__(self, line: int) -> None:
        self.line = line
        self.parts: dict[str, list[list[str]]] = {}
        self.last: list[str] | None = None
        self.last_tag = ""
        self.length = 0
        self.id: str | None = None

    def add(self, tag: str, value: str, path: str) -> None:
        if tag == "ID" and not self.id:  # the first ID with a value, as _record reads it
            self.id = value
        self.last, self.last_tag, self.length = [value], tag, 0
        self.parts.setdefault(tag, []).append(self.last)
        self._count(len(value), path)

    def continue_value(self, text: str, path: str) -> None:
        if self.last is None:
            return
        self.last.append(text)
        self._count(len(text) + 1, path)  # + the space it is joined with

    def _count(self, added: int, path: str) -> None:
        self.length += added
        if self.length > FIELD_CHARS:
            raise field_too_long(
                path, self.line, named(self.id, self.last_tag), self.length, read=True
            )

    def record(self, unclosed: str | None) -> Record:
        tags = {
            tag: [" ".join(parts).strip() for parts in values] for tag, values in self.parts.items()
        }
        return _record(self.line, tags, unclosed)


def _first(tags: Tags, *names: str) -> str:
    for name in names:
        for value in tags.get(name, ()):
            if value.strip():
                return value.strip()
    return ""


def _names(tags: Tags, *names: str) -> list[Name]:
    found: list[Name] = []
    for tag in names:
        for value in tags.get(tag, ()):
            for part in value.split(";"):  # some exporters put several names on one line
                name = name_from_text(part)
                if name is not None:
                    found.append(name)
        if found:
            return found
    return found


def _record(line: int, tags: Tags, unclosed: str | None) -> Record:
    written = _first(tags, "TY")
    kind = ris_type(written)
    record = Record(line, _first(tags, "ID") or None, kind or "document", written)
    if kind is None:
        record.warnings.append(f"unknown RIS type {written!r}; written as document")
    if unclosed:
        record.warnings.append(f"record {unclosed}; read up to there")
    book = record.csl_type == "book"
    record.title = _first(tags, "TI", "T1", "CT", *(("BT",) if book else ()))
    record.authors = _names(tags, "AU", "A1")
    record.editors = _names(tags, "ED", "A2")
    record.organisations = [_first(tags, "PB")]
    record.date = _first(tags, "PY", "Y1", "DA") or None
    start, end = _first(tags, "SP"), _first(tags, "EP")
    pages = f"{start}–{end}" if start and end and end != start and "-" not in start else start
    links = [value for tag in ("UR", "L1", "L2", "L3") for value in tags.get(tag, ()) if value]
    record.fields = {
        "venue": _first(tags, "T2", "JF", "JO", "JA", "J2", "J1", *(() if book else ("BT",))),
        "publisher": _first(tags, "PB"),
        "volume": _first(tags, "VL"),
        "issue": _first(tags, "IS"),
        "pages": pages or end,
        "url": _first(tags, "UR"),
    }
    record.urls = links
    ids: dict[str, str] = {}
    doi = _first(tags, "DO") or next((link for link in links if work_ids.is_resolver_url(link)), "")
    if doi:
        ids["doi"] = doi
    if record.csl_type in BOOKISH and _first(tags, "SN"):
        ids["isbn"] = _first(tags, "SN")
    accession = _first(tags, "AN")
    provider = f"{_first(tags, 'DP')} {_first(tags, 'DB')}".lower()
    if re.match(r"pmid", accession, re.IGNORECASE) or (
        accession.isascii()
        and accession.isdigit()
        and ("pubmed" in provider or "medline" in provider)
    ):
        ids["pmid"] = accession
    elif accession.lower().startswith("arxiv:"):
        ids["arxiv_id"] = accession
    pmcid = _first(tags, "C2")
    if re.match(r"(?:pmcid:?\s*)?pmc[0-9]+\Z", pmcid, re.IGNORECASE):
        ids["pmcid"] = pmcid
    record.identifiers = ids
    return record
