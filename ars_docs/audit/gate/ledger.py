"""The passport's ``audit_artifact[]`` as the gate reads and appends it (spec §4.9, §5.4, E2-E6).

Only ``audit gate`` and ``audit ack`` write the ledger, and only by
appending: the new passport text must parse back to the old document plus
exactly one entry (``ars_docs.files.yaml.append`` checks that before the
file is replaced), comments and layout stay, and the write is atomic
(temporary file, fsync, rename). Writers hold the passport folder's lock, the
same lock ``mark-read`` and ``retrieve`` take, for the whole
read-check-append, so two gates never interleave.

The ledger is read without validating every entry: the gate validates the
one it selects (A3), which keeps a 1,000-entry passport fast. Unquoted
``verified_at`` / ``acknowledged_at`` values are marked (a YAML timestamp is
not the schema's string, §3.1).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.audit.model.files import YamlTimestamp, mark_unquoted_timestamps
from ars_docs.audit.model.ledger import parse_ms
from ars_docs.core.encoding import BOM_BYTES
from ars_docs.core.errors import InputDataError
from ars_docs.files.atomic import write_bytes_atomic
from ars_docs.files.locking import file_lock
from ars_docs.files.yaml.append import append_item
from ars_docs.files.yaml.read import (
    KeyPath,
    YamlDocument,
    decode_utf8,
    location,
    parse_yaml,
    read_bytes,
)

__all__ = ["FIELD", "PassportLedger", "latest", "passport_lock", "read_ledger"]

FIELD = "audit_artifact"


@dataclass(slots=True)
class PassportLedger:
    path: Path
    raw: bytes
    text: str
    entries: list[Any]
    document: YamlDocument | None = None
    """The parse of ``text`` (its data holds the marked timestamps, see ``marks``)."""
    marks: list[tuple[Any, Any, Any]] = field(default_factory=list)
    """``(container, key, YamlTimestamp)`` for each unquoted timestamp marked in the data."""

    def run_ids(self) -> set[str]:
        return {str(e.get("run_id")) for e in self.entries if isinstance(e, Mapping)}

    def with_run_id(self, run_id: str) -> list[Any]:
        return [e for e in self.entries if isinstance(e, Mapping) and e.get("run_id") == run_id]

    def append(self, entry: Mapping[str, Any]) -> None:
        """Append ``entry`` and replace the passport atomically (the caller holds the lock).

        The text is not parsed again before the edit (``document`` is its parse);
        ``append_item`` parses the new text once to check it. The marked
        timestamps are the file's text for that comparison, then marked again.
        """
        for container, key, mark in self.marks:
            container[key] = mark.text
        try:
            new_text = append_item(self.text, FIELD, entry, str(self.path), doc=self.document)
        finally:
            for container, key, mark in self.marks:
                container[key] = mark
        bom = BOM_BYTES if self.raw.startswith(BOM_BYTES) else b""
        write_bytes_atomic(self.path, bom + new_text.encode("utf-8"))


@contextmanager
def passport_lock(passport: Path) -> Iterator[None]:
    """The session folder lock of ``mark-read``, on the (resolved) passport's folder."""
    with file_lock(passport):
        yield


def read_ledger(passport: Path, reuse: PassportLedger | None = None) -> PassportLedger:
    """Read the passport; missing → exit 66, unreadable YAML or a non-list field → exit 65.

    ``reuse`` is an earlier read of this run: when the file's bytes are still
    the same, it is returned as it is, so one gate run parses the passport
    once (a 20,000-entry ledger is some 15 MB of YAML) yet always sees the
    file as it is now (B8b re-reads it under the lock).
    """
    name = os.fspath(passport)
    raw = read_bytes(name, what="passport", hint="check the --passport option")
    if reuse is not None and reuse.raw == raw:
        return reuse
    text = decode_utf8(raw, name)
    document = parse_yaml(text, name)
    if not isinstance(document.data, dict):
        raise InputDataError(f"{name}: the passport's top level is not a mapping")
    items = document.data.get(FIELD, [])
    if items is None:
        items = []
    if not isinstance(items, list):
        raise InputDataError(
            f"{location(name, document.position(FIELD))}: `{FIELD}` is not a list; make it a "
            "list of entries"
        )
    stamps: list[KeyPath] = []
    for index in range(len(items)):
        stamps.append((FIELD, index, "verdict", "verified_at"))
        stamps.append((FIELD, index, "acknowledgement", "acknowledged_at"))
    mark_unquoted_timestamps(document, text.splitlines(), stamps)
    marks = []
    for item in items:
        if not isinstance(item, dict):
            continue
        for block, key in (("verdict", "verified_at"), ("acknowledgement", "acknowledged_at")):
            parent = item.get(block)
            if isinstance(parent, dict) and isinstance(parent.get(key), YamlTimestamp):
                marks.append((parent, key, parent[key]))
    return PassportLedger(passport, raw, text, items, document, marks)


def latest(entries: Sequence[Any], keep: Callable[[Mapping[str, Any]], bool]) -> Any | None:
    """D1: the kept entry with the latest ``verified_at`` (file order breaks a tie).

    An entry whose ``verified_at`` cannot be read sorts before every readable
    one (its schema check fails later, at A3).
    """
    best: tuple[Any, int] | None = None
    chosen = None
    for index, entry in enumerate(entries):
        if not isinstance(entry, Mapping) or not keep(entry):
            continue
        verdict = entry.get("verdict")
        stamp = parse_ms(verdict.get("verified_at")) if isinstance(verdict, Mapping) else None
        key = (stamp.timestamp() if stamp else float("-inf"), index)
        if best is None or key > best:
            best, chosen = key, entry
    return chosen
