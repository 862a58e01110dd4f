"""The session cache's file format: tagged JSON that can only rebuild known types.

The cache used to be a pickle, and loading a pickle runs whatever code the
file names: a file planted in a shared cache folder was executed (issue 16).
JSON cannot execute anything; the decoder below rebuilds only the dataclasses
and enums in ``_ALLOWED`` (the loaded corpus and read log), from their own
fields, and refuses everything else. Every JSON object carries exactly one tag
so user data (a passport field named like a tag) is never mistaken for one:

* ``{"p": ...}`` plain JSON data taken as is (an entry's fields as loaded:
  mappings with string keys, lists, scalars — most of a corpus; reading it
  back costs no Python-level walk),
* ``{"m": {...}}`` another mapping, ``{"t": [...]}`` a tuple (lists stay lists),
* ``{"c": "Name", "f": {...}}`` an allowed dataclass (its ``init`` fields),
* ``{"e": "Name", "v": value}`` an allowed enum member.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from typing import Any

__all__ = ["CacheFormatError", "decode", "encode"]

_ALLOWED = {
    "Corpus": "ars_docs.session.corpus",
    "CorpusEntry": "ars_docs.session.corpus",
    "Diagnostic": "ars_docs.diagnostics",
    "Severity": "ars_docs.diagnostics",
    "ReadLog": "ars_docs.session.readlog",
    "ReadMark": "ars_docs.session.readlog",
}
_SCALARS = (str, int, float, bool, type(None))


class CacheFormatError(Exception):
    """The file is not a cache this version wrote (a miss, never an error)."""


def encode(value: object) -> bytes:
    return json.dumps(_plain(value), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def decode(raw: bytes) -> Any:
    try:
        return _build(json.loads(raw))
    except (ValueError, TypeError, KeyError, RecursionError, AttributeError) as exc:
        raise CacheFormatError(str(exc)) from exc


def _plain(value: object) -> Any:
    if isinstance(value, _SCALARS) and not isinstance(value, enum.Enum):
        return value
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, tuple):
        return {"t": [_plain(item) for item in value]}
    if isinstance(value, dict):
        if _is_plain(value):
            return {"p": value}
        return {"m": {str(key): _plain(item) for key, item in value.items()}}
    name = type(value).__name__
    if _ALLOWED.get(name) != type(value).__module__:
        raise TypeError(f"the cache cannot store {type(value).__qualname__}")
    if isinstance(value, enum.Enum):
        return {"e": name, "v": value.value}
    if dataclasses.is_dataclass(value):
        fields = {
            f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init
        }
        return {"c": name, "f": fields}
    raise TypeError(f"the cache cannot store {name}")


def _is_plain(value: object) -> bool:
    if isinstance(value, dict):
        return all(type(k) is str and _is_plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_is_plain(item) for item in value)
    return type(value) in _PLAIN_TYPES


_PLAIN_TYPES = frozenset({str, int, float, bool, type(None)})


def _build(data: Any) -> Any:
    if isinstance(data, _SCALARS):
        return data
    if isinstance(data, list):
        return [_build(item) for item in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise ValueError("not a cache value")
    if "p" in data and len(data) == 1:
        return data["p"]
    if "m" in data and len(data) == 1:
        return {key: _build(item) for key, item in data["m"].items()}
    if "t" in data and len(data) == 1:
        return tuple(_build(item) for item in data["t"])
    if "c" in data and "f" in data:
        cls = _allowed(data["c"])
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            raise ValueError("not a dataclass")
        fields = {f.name for f in dataclasses.fields(cls) if f.init}
        values = data["f"]
        if not isinstance(values, dict) or set(values) != fields:
            raise ValueError(f"wrong fields for {data['c']}")
        return cls(**{key: _build(item) for key, item in values.items()})
    if "e" in data and "v" in data:
        cls = _allowed(data["e"])
        if not (isinstance(cls, type) and issubclass(cls, enum.Enum)):
            raise ValueError("not an enum")
        return cls(data["v"])
    raise ValueError("unknown tag")


def _allowed(name: object) -> Any:
    if not isinstance(name, str) or name not in _ALLOWED:
        raise ValueError(f"type {name!r} is not allowed in the cache")
    return getattr(importlib.import_module(_ALLOWED[name]), name)
