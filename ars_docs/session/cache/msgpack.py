"""The large-value body of the session cache: MessagePack decoded by msgspec into the types.

Imported only when a cache of ``cache_codec.SMALL`` entries or more is read or
written (the import costs ~35 ms of CPU on a loaded machine). The decoder is
handed the exact shape to build, ``_CorpusFile`` or ``_ReadLogFile``; it builds
``CorpusEntry``, ``ReadMark`` and ``Diagnostic`` dataclasses and the
``Severity`` enum from their fields, checking every field's type, and nothing
else; any failure is ``CacheFormatError`` (a miss). See ``cache_codec``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ars_docs.core.diagnostics import Diagnostic
from ars_docs.session.cache.codec import CacheFormatError
from ars_docs.session.corpus import Corpus, CorpusEntry
from ars_docs.session.readlog import ReadLog, ReadMark

__all__ = ["decode", "encode"]


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


def decode(raw: bytes | memoryview, expected: type[Any]) -> Any:
    """The ``expected`` value (``Corpus`` or ``ReadLog``) stored in ``raw``."""
    try:
        return _decode(raw, expected)
    except msgspec.MsgspecError as exc:  # damaged, truncated, another shape
        raise CacheFormatError(str(exc)) from exc


def _decode(raw: bytes | memoryview, expected: type[Any]) -> Any:
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
