"""Read CSL-JSON (Zotero, Mendeley, Better BibTeX exports) into ``Record`` objects.

A file is an array of items or an object ``{"items": [...]}``. Items keep
their CSL vocabulary: ``citation-key`` (Better BibTeX), else ``id`` (an ``id``
that is a URL, as Zotero writes item URIs, is a locator, not a key: the item
gets a generated key), ``type``, ``title`` (CSL rich-text tags such as
``<i>`` removed), ``author``/``editor`` name objects, ``issued``
(``date-parts``, ``raw`` or ``literal``), ``container-title``, ``publisher``,
``volume``, ``issue``, ``page``, ``DOI``, ``URL``, ``ISBN``, ``PMID``,
``PMCID``, and an arXiv id from ``number: "arXiv:…"`` (Zotero's preprints).
The line of each item is found with the JSON decoder itself, one item at a
time, so it is exact whatever the layout. A string longer than
``limits.FIELD_CHARS`` anywhere in an item refuses the file (exit 65).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ars_docs.bibliography.limits import FIELD_CHARS, field_too_long, named
from ars_docs.bibliography.model import Problem, Record
from ars_docs.bibliography.names import csl_name
from ars_docs.bibliography.text import strip_csl_markup
from ars_docs.bibliography.vocab import csl_type
from ars_docs.core.errors import InputDataError
from ars_docs.core.limits import MAX_NESTING, line_col, nesting_too_deep, shorten

__all__ = ["read_csl_json"]

_WS = re.compile(r"[ \t\n\r]+")
_HINT = 'export the library again as CSL JSON (an array of items, or {"items": [...]})'


def read_csl_json(text: str, path: str) -> tuple[list[Record], list[Problem]]:
    """Every item of a CSL-JSON text, in file order, and the items skipped."""
    deep = nesting_too_deep(text)
    if deep is not None:
        line, col = line_col(text, deep)
        raise InputDataError(
            f"{path}:{line}:{col}: nests more than {MAX_NESTING} levels deep; {_HINT}"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputDataError(
            f"{path}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg}); {_HINT}"
        ) from exc
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        items, starts = data["items"], _member_items(text, "items")
    elif isinstance(data, list):
        items, starts = data, _array_items(text, _skip(text, 0))
    else:
        raise InputDataError(f"{path}: JSON, but not CSL-JSON; {_HINT}")
    records: list[Record] = []
    problems: list[Problem] = []
    for item, line in zip(items, _lines(text, starts), strict=True):
        if isinstance(item, dict):
            _bounded(item, path, line)
            records.append(_record(item, line))
        else:
            problems.append(
                Problem(path, line, "unusable", "the item is not a JSON object; skipped")
            )
    return records, problems


def _bounded(item: dict[str, Any], path: str, line: int) -> None:
    """Refuse an item with a string longer than ``limits.FIELD_CHARS`` anywhere in it
    (names and dates included), before anything copies or cleans it."""
    for field, value in item.items():
        todo = [value]
        while todo:  # no recursion: the nesting is already bounded, this keeps it flat
            found = todo.pop()
            if isinstance(found, str) and len(found) > FIELD_CHARS:
                raise field_too_long(path, line, named(_key(item), str(field)), len(found))
            if isinstance(found, dict):
                todo += [*found.keys(), *found.values()]
            elif isinstance(found, list):
                todo += found
        if len(field) > FIELD_CHARS:
            raise field_too_long(path, line, named(_key(item), field), len(field))


def _skip(text: str, pos: int) -> int:
    """``pos`` moved past JSON white space."""
    found = _WS.match(text, pos)
    return found.end() if found else pos


def _array_items(text: str, pos: int) -> list[int]:
    """Offsets where the items of the (valid) array at ``pos`` start."""
    decoder = json.JSONDecoder()
    starts: list[int] = []
    pos = _skip(text, pos + 1)
    while text[pos] != "]":
        starts.append(pos)
        _, pos = decoder.raw_decode(text, pos)
        pos = _skip(text, pos)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return starts


def _member_items(text: str, name: str) -> list[int]:
    """Item offsets of the array held by member ``name`` of the top-level object."""
    decoder = json.JSONDecoder()
    pos = _skip(text, 0) + 1
    found: list[int] = []
    while True:
        pos = _skip(text, pos)
        if text[pos] == "}":
            return found
        key, pos = decoder.raw_decode(text, pos)
        pos = _skip(text, pos) + 1  # past the colon
        pos = _skip(text, pos)
        if key == name:
            found = _array_items(text, pos)  # the last one counts, as in json.loads
        _, pos = decoder.raw_decode(text, pos)
        pos = _skip(text, pos)
        if text[pos] == ",":
            pos += 1


def _lines(text: str, starts: list[int]) -> list[int]:
    """1-based lines of increasing offsets, counting line breaks once."""
    lines, line, previous = [], 1, 0
    for start in starts:
        line += text.count("\n", previous, start)
        previous = start
        lines.append(line)
    return lines


def _text(value: Any) -> str:
    if isinstance(value, list):
        return _text(value[0]) if value else ""
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return str(value)
    return ""


def _date(value: Any) -> str | None:
    if isinstance(value, dict):
        parts = value.get("date-parts")
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            return _text(parts[0][0]) or None
        return _text(value.get("raw") or value.get("literal")) or None
    return _text(value) or None


def _key(item: dict[str, Any]) -> str | None:
    for name in ("citation-key", "citation_key", "id"):
        value = _text(item.get(name)).strip()
        if value and not (name == "id" and re.match(r"[a-z][a-z0-9+.\-]*://", value, re.I)):
            return value
    return None


def _record(item: dict[str, Any], line: int) -> Record:
    written = _text(item.get("type"))
    kind = csl_type(written)
    record = Record(line, _key(item), kind or "document", written)
    if kind is None:
        shown = repr(shorten(written, 40)) if written else "none"
        record.warnings.append(f"type {shown} is not a CSL type; written as document")
    record.title = strip_csl_markup(_text(item.get("title")))
    for field, target in (("author", record.authors), ("editor", record.editors)):
        people = item.get(field)
        for person in people if isinstance(people, list) else ():
            name = csl_name(person)
            if name is not None:
                target.append(name)
    record.organisations = [_text(item.get("authority")), _text(item.get("publisher"))]
    record.date = _date(item.get("issued"))
    record.fields = {
        "venue": strip_csl_markup(_text(item.get("container-title"))),
        "publisher": _text(item.get("publisher")),
        "volume": _text(item.get("volume")),
        "issue": _text(item.get("issue")),
        "pages": _text(item.get("page")),
        "url": _text(item.get("URL")),
    }
    record.identifiers = {
        name: _text(item.get(field))
        for name, field in (("doi", "DOI"), ("pmid", "PMID"), ("pmcid", "PMCID"), ("isbn", "ISBN"))
        if _text(item.get(field))
    }
    number = _text(item.get("number"))
    if number.lower().startswith("arxiv:"):
        record.identifiers["arxiv_id"] = number
    record.urls = [record.fields["url"]] if record.fields["url"] else []
    return record
