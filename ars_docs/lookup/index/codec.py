"""What the snapshot index keeps of a ``WorkRecord``, and the words it finds it by.

A record is stored as compact JSON with short keys and without default values
(``encode``/``decode`` are exact inverses for every field a snapshot record
has; ``url`` and ``score`` describe a request and a search, not the work, and
are not kept). ``identifiers`` lists every identifier a record can be asked
by, including the ones ``parse_work`` keeps no slot for: every ISBN of a book
(as ISBN-13, so an entry citing the ISBN-10 finds it too) and the arXiv id of
an e-print (from its ``10.48550/arXiv.`` DOI, or an OpenAlex location on
arxiv.org). ``title_text``/``name_text`` are what the full-text index holds:
the words of ``fold``, the same on both sides of a search.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ars_docs.lookup.entry.record import Name, Notice, WorkRecord
from ars_docs.works import identifiers as work_ids
from ars_docs.works.fold import deumlaut, fold, words

__all__ = [
    "decode",
    "encode",
    "identifiers",
    "name_text",
    "name_words",
    "stored_identifiers",
    "title_text",
    "with_arxiv",
]

_ID_KINDS = ("doi", "arxiv", "pmid", "pmcid", "openalex", "isbn")


def encode(record: WorkRecord, extra: Sequence[tuple[str, str]] = ()) -> str:
    """``extra``: identifiers the record's ``ids`` has no slot for (see ``identifiers``),
    kept so that a later line of the same work can take exactly these rows away."""
    out: dict[str, Any] = {"s": record.service, "t": list(record.titles)}
    optional: dict[str, Any] = {
        "st": record.subtitle,
        "a": [_name(n) for n in record.authors],
        "e": [_name(n) for n in record.editors],
        "y": record.year,
        "ys": list(record.years),
        "v": list(record.venues),
        "p": record.publisher,
        "k": record.kind if record.kind != "other" else None,
        "i": dict(record.ids),
        "n": [_notice(n) for n in record.notices],
        "r": record.retracted,
        "cu": 1 if record.carries_updates else None,
        "nf": [_notice(n) for n in record.notice_for],
        "ver": record.version,
        "lv": record.latest_version,
        "x": [list(pair) for pair in extra],
    }
    out.update((key, value) for key, value in optional.items() if value not in (None, "", [], {}))
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def decode(text: str) -> WorkRecord:
    """The record ``encode`` wrote. A damaged row (edited by hand, cut short, another
    program's data) raises ``ValueError``, never an unrelated error or a wrong record."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"damaged index record: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError("damaged index record: not an object")
    retracted = data.get("r")
    if retracted is not None and not isinstance(retracted, bool):
        raise ValueError("damaged index record: 'r' is not true or false")
    ids = data.get("i", {})
    if not isinstance(ids, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in ids.items()
    ):
        raise ValueError("damaged index record: 'i' is not a map of identifiers")
    return WorkRecord(
        service=_text(data, "s", required=True),
        titles=_texts(data, "t"),
        subtitle=_text(data, "st"),
        authors=tuple(Name(*n) for n in _rows(data, "a", 3)),
        editors=tuple(Name(*n) for n in _rows(data, "e", 3)),
        year=_optional_int(data, "y"),
        years=tuple(_ints(data, "ys")),
        venues=_texts(data, "v"),
        publisher=_text(data, "p"),
        kind=_text(data, "k") or "other",
        ids=ids,
        notices=tuple(_notices(data, "n")),
        retracted=retracted,
        carries_updates=bool(data.get("cu")),
        notice_for=tuple(_notices(data, "nf")),
        version=_text(data, "ver") or None,
        latest_version=_optional_int(data, "lv"),
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _optional_int(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and not _is_int(value):
        raise ValueError(f"damaged index record: {key!r} is not a number")
    return value


def _text(data: Mapping[str, Any], key: str, required: bool = False) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise ValueError(f"damaged index record: {key!r} is not text")
    return value


def _texts(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"damaged index record: {key!r} is not a list of text")
    return tuple(value)


def _ints(data: Mapping[str, Any], key: str) -> list[int]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise ValueError(f"damaged index record: {key!r} is not a list of years")
    return value


def _rows(data: Mapping[str, Any], key: str, width: int) -> list[list[str]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(
        isinstance(row, list) and len(row) <= width and all(isinstance(v, str) for v in row)
        for row in value
    ):
        raise ValueError(f"damaged index record: {key!r} is not a list of names")
    return value


def _notices(data: Mapping[str, Any], key: str) -> Iterator[Notice]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"damaged index record: {key!r} is not a list of notices")
    for row in value:
        if not (
            isinstance(row, list)
            and 1 <= len(row) <= 4
            and isinstance(row[0], str)
            and all(v is None or isinstance(v, str) for v in row)
        ):
            raise ValueError(f"damaged index record: {key!r} holds a damaged notice")
        yield Notice(*row)


def _name(name: Name) -> list[str]:
    # Trailing empty parts are left out: most names are [family, given].
    parts = [name.family, name.given, name.literal]
    while parts and not parts[-1]:
        parts.pop()
    return parts


def _notice(notice: Notice) -> list[str | None]:
    return [notice.kind, notice.doi, notice.date, notice.source]


# --- identifiers ----------------------------------------------------------------------


def with_arxiv(record: WorkRecord, raw: Mapping[str, Any]) -> WorkRecord:
    """The record with its arXiv id among its ids, when the snapshot line shows one."""
    if "arxiv" in record.ids:
        return record
    found = _arxiv_of(record, raw)
    if found is None:
        return record
    return replace(record, ids={**record.ids, "arxiv": found})


def _arxiv_of(record: WorkRecord, raw: Mapping[str, Any]) -> str | None:
    doi = record.ids.get("doi", "")
    if doi.startswith(work_ids.ARXIV_DOI_PREFIX):
        parsed = work_ids.arxiv_parts(doi)
        if parsed:
            return parsed[0].lower()
    for url in _location_urls(raw):
        if "arxiv.org/" in url.lower():
            parsed = work_ids.arxiv_parts(url)
            if parsed:
                return parsed[0].lower()
    return None


def _location_urls(raw: Mapping[str, Any]) -> Iterator[str]:
    locations = raw.get("locations")
    for location in [
        raw.get("primary_location"),
        *(locations if isinstance(locations, list) else ()),
    ]:
        if isinstance(location, Mapping):
            for key in ("landing_page_url", "pdf_url"):
                url = location.get(key)
                if isinstance(url, str):
                    yield url


def identifiers(record: WorkRecord, raw: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every ``(kind, value)`` the record can be asked by, normalised as lookup asks."""
    found: dict[tuple[str, str], None] = {}
    for kind in _ID_KINDS:
        value = record.ids.get(kind)
        if value:
            normal = _normal(kind, value)
            if normal:
                found[(kind, normal)] = None
    for isbn in _raw_isbns(raw):
        normal = work_ids.isbn13(isbn)
        if normal:
            found[("isbn", normal)] = None
    return list(found)


def stored_identifiers(text: str, record: WorkRecord | None = None) -> list[tuple[str, str]]:
    """``identifiers`` of a stored record (``encode``'s text; ``record``: its ``decode``,
    when the caller has it), extras included."""
    data = json.loads(text)
    own = identifiers(record or decode(text), {})
    return list(dict.fromkeys([*own, *((kind, value) for kind, value in data.get("x", ()))]))


def _normal(kind: str, value: str) -> str | None:
    if kind == "isbn":
        return work_ids.isbn13(value)
    if kind in ("pmcid", "openalex"):
        return value.upper()
    if kind == "pmid":
        return value
    return value.lower()


def _raw_isbns(raw: Mapping[str, Any]) -> Iterator[str]:
    listed = raw.get("ISBN")
    for value in listed if isinstance(listed, list) else ():
        if isinstance(value, str):
            yield value
    typed = raw.get("isbn-type")
    for item in typed if isinstance(typed, list) else ():
        value = item.get("value") if isinstance(item, Mapping) else None
        if isinstance(value, str):
            yield value


# --- the words of the full-text index -------------------------------------------------


def _unique_words(texts: Iterable[str]) -> str:
    # A bag of words: a title repeated as a short title should not count twice.
    return " ".join(dict.fromkeys(w for text in texts for w in words(fold(text))))


def title_text(record: WorkRecord) -> str:
    return _unique_words([*record.titles, record.subtitle])


def name_words(name: str) -> list[str]:
    """The folded words of one name, German transliteration undone (Mueller = Müller)."""
    return words(deumlaut(fold(name)))


def name_text(names: Sequence[Name]) -> str:
    return " ".join(dict.fromkeys(w for n in names for w in name_words(n.family or n.literal)))
