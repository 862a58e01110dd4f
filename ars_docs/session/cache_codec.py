"""The session cache's file format: typed MessagePack (msgspec) that can only build known types.

The cache used to be a pickle, and loading a pickle runs whatever code the
file names: a file planted in a shared cache folder was executed (issue 16).
Then it was tagged JSON rebuilt by a Python walk: safe, but ~0.4-0.9 s for a
10,000-entry passport. Now it is MessagePack decoded by msgspec against a fixed
schema (issue 27; the measurements and the choice are in
docs/architecture.md, "Performance"):

* the decoder is given the exact type to build (``_CorpusFile`` or
  ``_ReadLogFile`` below); it builds ``CorpusEntry``, ``ReadMark`` and
  ``Diagnostic`` dataclasses and the ``Severity`` enum directly from their
  fields, checking every field's type, and nothing else. MessagePack has no
  way to name a class or a function, so a file cannot ask for code to run;
* an entry's ``data`` (``Mapping[str, Any]``) takes plain MessagePack values
  (mappings, lists, strings, numbers, booleans, null), as the loader made them;
* anything else — a wrong type, a missing or extra field, trailing bytes,
  truncation — is a ``CacheFormatError``: a miss, never an error.

The format version is in the file header (``cache.py``); a file from another
version is a miss and is rewritten.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ars_docs.diagnostics import Diagnostic
from ars_docs.session.corpus import Corpus, CorpusEntry
from ars_docs.session.readlog import ReadLog, ReadMark

__all__ = ["CacheFormatError", "decode", "encode"]


class CacheFormatError(Exception):
    """The file is not a cache this version wrote (a miss, never an error)."""


class _CorpusFile(msgspec.Struct, array_like=True, forbid_unknown_fields=True):
    """A ``Corpus`` on disk: its ``init`` fields (the key index is rebuilt on use)."""

    path: str
    session_id: str | None
    entries: list[CorpusEntry]
    diagnostics: list[Diagnostic]


class _ReadLogFile(msgspec.Struct, array_like=True, forbid_unknown_fields=True):
    """A ``ReadLog`` on disk: its ``init`` fields (the index of latest marks is rebuilt)."""

    path: str
    session_id: str | None
    created_at: str | None
    marks: list[ReadMark]
    missing: bool


_ENCODER = msgspec.msgpack.Encoder()
_DECODERS: dict[type, msgspec.msgpack.Decoder[Any]] = {}


def encode(value: object) -> bytes:
    """The bytes of a ``Corpus`` or a ``ReadLog``; ``TypeError`` for anything else."""
    if isinstance(value, Corpus):
        wire: msgspec.Struct = _CorpusFile(
            value.path, value.session_id, list(value.entries.values()), value.diagnostics
        )
    elif isinstance(value, ReadLog):
        wire = _ReadLogFile(
            value.path, value.session_id, value.created_at, value.marks, value.missing
        )
    else:
        raise TypeError(f"the cache cannot store {type(value).__qualname__}")
    return _ENCODER.encode(wire)


def decode(raw: bytes, expected: type[Any]) -> Any:
    """The ``expected`` value (``Corpus`` or ``ReadLog``) stored in ``raw``."""
    try:
        return _decode(raw, expected)
    except msgspec.MsgspecError as exc:  # damaged, truncated, another shape
        raise CacheFormatError(str(exc)) from exc


def _decode(raw: bytes, expected: type[Any]) -> Any:
    if expected is Corpus:
        stored = _decoder(_CorpusFile).decode(raw)
        entries = {entry.citation_key: entry for entry in stored.entries}
        if len(entries) != len(stored.entries):
            raise CacheFormatError("duplicate citation keys")
        return Corpus(stored.path, stored.session_id, entries, stored.diagnostics)
    if expected is ReadLog:
        log = _decoder(_ReadLogFile).decode(raw)
        return ReadLog(log.path, log.session_id, log.created_at, log.marks, log.missing)
    raise CacheFormatError(f"the cache holds no {expected.__qualname__}")


def _decoder(wire: type[msgspec.Struct]) -> msgspec.msgpack.Decoder[Any]:
    decoder = _DECODERS.get(wire)
    if decoder is None:
        decoder = _DECODERS[wire] = msgspec.msgpack.Decoder(wire)
    return decoder
