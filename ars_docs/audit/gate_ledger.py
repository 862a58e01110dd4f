"""The passport's ``audit_artifact[]`` as the gate reads and appends it (spec §4.9, §5.4, E2-E6).

Only ``audit gate`` and ``audit ack`` write the ledger, and only by
appending: the new passport text must parse back to the old document plus
exactly one entry (``ars_docs.session.yaml_append`` checks that before the
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.audit.files import mark_unquoted_timestamps
from ars_docs.audit.ledger import parse_ms
from ars_docs.errors import InputDataError
from ars_docs.session.atomic import write_bytes_atomic
from ars_docs.session.locking import file_lock
from ars_docs.session.yaml_append import append_item
from ars_docs.session.yamlio import KeyPath, decode_utf8, location, parse_yaml, read_bytes

__all__ = ["FIELD", "PassportLedger", "latest", "passport_lock", "read_ledger"]

FIELD = "audit_artifact"
_BOM = b"\xef\xbb\xbf"


@dataclass(slots=True)
class PassportLedger:
    path: Path
    raw: bytes
    text: str
    entries: list[Any]

    def run_ids(self) -> set[str]:
        return {str(e.get("run_id")) for e in self.entries if isinstance(e, Mapping)}

    def with_run_id(self, run_id: str) -> list[Any]:
        return [e for e in self.entries if isinstance(e, Mapping) and e.get("run_id") == run_id]

    def append(self, entry: Mapping[str, Any]) -> None:
        """Append ``entry`` and replace the passport atomically (the caller holds the lock)."""
        new_text = append_item(self.text, FIELD, entry, str(self.path))
        bom = _BOM if self.raw.startswith(_BOM) else b""
        write_bytes_atomic(self.path, bom + new_text.encode("utf-8"))


@contextmanager
def passport_lock(passport: Path) -> Iterator[None]:
    """The session folder lock of ``mark-read``, on the (resolved) passport's folder."""
    with file_lock(passport):
        yield


def read_ledger(passport: Path) -> PassportLedger:
    """Read the passport; missing → exit 66, unreadable YAML or a non-list field → exit 65."""
    name = os.fspath(passport)
    raw = read_bytes(name, what="passport", hint="check the --passport option")
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
    return PassportLedger(passport, raw, text, items)


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
