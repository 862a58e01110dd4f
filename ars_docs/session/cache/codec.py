"""The session cache's file format: typed rows (JSON or msgspec MessagePack), known types only.

The cache used to be a pickle, and loading a pickle runs whatever code the
file names: a file planted in a shared cache folder was executed (issue 16).
Then it was tagged JSON rebuilt by a Python walk: safe, but ~0.4-0.9 s for a
10,000-entry passport. Now it is MessagePack decoded by msgspec against a fixed
schema (issue 27; the measurements and the choice are in
benchmarks/README.md, "Start-up and the session cache"; the code is in ``cache_msgpack``):

* the decoder is given the exact type to build (``_CorpusFile`` or
  ``_ReadLogFile``); it builds ``CorpusEntry``, ``ReadMark`` and
  ``Diagnostic`` dataclasses and the ``Severity`` enum directly from their
  fields, checking every field's type, and nothing else. MessagePack has no
  way to name a class or a function, so a file cannot ask for code to run;
* an entry's ``data`` (``Mapping[str, Any]``) takes plain MessagePack values
  (mappings, lists, strings, numbers, booleans, null), as the loader made them;
* anything else — a wrong type, a missing or extra field, trailing bytes,
  truncation — is a ``CacheFormatError``: a miss, never an error.

Small values (fewer than ``SMALL`` entries or marks) are stored as JSON rows
instead and checked field by field in Python: importing msgspec costs more
than it saves below ~1,000 entries (benchmarks/README.md, "Start-up and the session cache"),
and the standard library's json is already loaded. The first byte of the body
says which (``J`` or ``M``); both are built into the same types with the same
checks, and anything that fails them is a miss.

The format version is in the file header (``cache.py``); a file from another
version is a miss and is rewritten.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.session.corpus import Corpus, CorpusEntry
from ars_docs.session.readlog import ReadLog, ReadMark

#: Below this many entries (or marks) the body is JSON: no msgspec import.
SMALL = 1000
_JSON, _MSGPACK = b"J", b"M"

__all__ = ["CacheFormatError", "decode", "encode"]


class CacheFormatError(Exception):
    """The file is not a cache this version wrote (a miss, never an error)."""


def encode(value: object) -> bytes:
    """The bytes of a ``Corpus`` or a ``ReadLog``; ``TypeError`` for anything else."""
    if isinstance(value, Corpus):
        size = len(value.entries)
    elif isinstance(value, ReadLog):
        size = len(value.marks)
    else:
        raise TypeError(f"the cache cannot store {type(value).__qualname__}")
    if size < SMALL:
        rows = _rows(value)
        return _JSON + json.dumps(rows, ensure_ascii=False, separators=(",", ":")).encode()
    from ars_docs.session.cache import msgpack as cache_msgpack

    return _MSGPACK + cache_msgpack.encode(value)


def decode(raw: bytes | memoryview, expected: type[Any]) -> Any:
    """The ``expected`` value (``Corpus`` or ``ReadLog``) stored in ``raw``."""
    if expected not in (Corpus, ReadLog):
        raise CacheFormatError(f"the cache holds no {expected.__qualname__}")
    kind, body = bytes(raw[:1]), raw[1:]
    if kind == _JSON:
        try:
            return _from_rows(json.loads(bytes(body)), expected)  # json reads no views
        except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
            raise CacheFormatError(str(exc)) from exc
    if kind == _MSGPACK:
        from ars_docs.session.cache import msgpack as cache_msgpack

        return cache_msgpack.decode(body, expected)
    raise CacheFormatError("unknown body kind")


# --- JSON rows (small values) ---------------------------------------------------


def _rows(value: Corpus | ReadLog) -> list[Any]:
    if isinstance(value, Corpus):
        entries = [_row(entry) for entry in value.entries.values()]
        return [value.path, value.session_id, entries, [_row(d) for d in value.diagnostics]]
    marks = [_row(mark) for mark in value.marks]
    return [value.path, value.session_id, value.created_at, marks, value.missing]


def _row(item: Any) -> list[Any]:
    row = []
    for f in dataclasses.fields(item):
        value = getattr(item, f.name)
        if isinstance(value, Severity):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        row.append(value)
    return row


def _str(value: Any) -> str:
    if type(value) is not str:
        raise TypeError("not a string")
    return value


def _opt_str(value: Any) -> str | None:
    return None if value is None else _str(value)


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError("not an integer")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise TypeError("not a boolean")
    return value


def _strs(value: Any) -> tuple[str, ...]:
    if type(value) is not list:
        raise TypeError("not a list")
    return tuple(_str(item) for item in value)


def _mapping(value: Any) -> dict[str, Any]:
    if type(value) is not dict:  # below the top, JSON gives plain values only
        raise TypeError("not a mapping")
    return value


_FIELDS: dict[type, dict[str, Callable[[Any], Any]]] = {
    CorpusEntry: {
        "citation_key": _str,
        "title": _str,
        "data": _mapping,
        "source_acquired": _bool,
        "source_verified_against_original": _bool,
        "path": _str,
        "line": _int,
        "col": _int,
    },
    Diagnostic: {
        "path": _str,
        "line": _int,
        "col": _int,
        "code": _str,
        "severity": Severity,
        "message": _str,
        "slug": _opt_str,
        "suggestions": _strs,
        "fix": _opt_str,
    },
    ReadMark: {
        "citation_key": _str,
        "marked_at": _str,
        "level": _str,
        "locators": _strs,
        "note": _opt_str,
        "rescinded_at": _opt_str,
        "line": _int,
    },
}


def _build(cls: type, row: Any) -> Any:
    checks = _FIELDS[cls]
    names = [f.name for f in dataclasses.fields(cls)]
    if type(row) is not list or len(row) != len(names) or set(names) != set(checks):
        raise ValueError(f"not a {cls.__name__} row")
    return cls(**{name: checks[name](value) for name, value in zip(names, row, strict=True)})


def _many(cls: type, rows: Any) -> list[Any]:
    if type(rows) is not list:
        raise TypeError("not a list")
    return [_build(cls, row) for row in rows]


def _from_rows(data: Any, expected: type[Any]) -> Any:
    if type(data) is not list:
        raise TypeError("not a cache record")
    if expected is Corpus:
        path, session_id, entry_rows, diagnostic_rows = data
        built = _many(CorpusEntry, entry_rows)
        entries = {entry.citation_key: entry for entry in built}
        if len(entries) != len(built):
            raise ValueError("duplicate citation keys")
        diagnostics = _many(Diagnostic, diagnostic_rows)
        return Corpus(_str(path), _opt_str(session_id), entries, diagnostics)
    path, session_id, created_at, mark_rows, missing = data
    marks = _many(ReadMark, mark_rows)
    return ReadLog(_str(path), _opt_str(session_id), _opt_str(created_at), marks, _bool(missing))
