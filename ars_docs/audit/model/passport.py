"""The passport's optional ``audit_artifact[]`` field (Schema 9, spec §3.1), read and validated.

The passport only ever stores *persisted* entries (§3.1, §4.9): every entry is
validated against the persisted arm of ``audit_artifact_entry.schema.json``,
so a proposal-shaped entry (no ``verified_at`` / ``verified_by``) is an error,
as is an ``AUDIT_FAILED`` one. A passport without the field has an empty
ledger. ``ars_docs.session.corpus`` (the literature corpus loader) ignores the
field; this module is its reader.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from ars_docs.audit.model.files import mark_unquoted_timestamps
from ars_docs.audit.model.schemas import SchemaError, validate_entry
from ars_docs.core.errors import InputDataError
from ars_docs.files.yaml.read import (
    KeyPath,
    Position,
    YamlDocument,
    decode_utf8,
    location,
    parse_yaml,
    read_bytes,
    type_name,
)

__all__ = ["FIELD", "AuditLedger", "LedgerEntry", "ledger_from_document", "load_audit_ledger"]

FIELD = "audit_artifact"
_HINT = "check the --passport option"


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One ``audit_artifact[]`` entry with its place in the passport."""

    index: int
    data: Any
    errors: tuple[SchemaError, ...]
    """Schema errors against the persisted arm (empty when valid)."""


@dataclass(slots=True)
class AuditLedger:
    """Every ``audit_artifact[]`` entry of one passport, in file (append) order."""

    path: str
    entries: list[LedgerEntry] = field(default_factory=list)
    document: YamlDocument | None = None

    def position(self, keypath: KeyPath) -> Position:
        """``(line, col)`` of ``audit_artifact`` + ``keypath`` in the passport."""
        if self.document is None:
            return (0, 0)
        return self.document.position(FIELD, *keypath)

    @property
    def valid(self) -> bool:
        return all(not entry.errors for entry in self.entries)


def load_audit_ledger(path: str | os.PathLike[str]) -> AuditLedger:
    """Read a passport's ``audit_artifact[]``; each entry is validated in persisted mode.

    Missing file → ``InputMissingError``; unreadable or malformed YAML, a top
    level that is not a mapping, or a field that is not a list →
    ``InputDataError``. Schema errors are collected per entry, not raised.
    """
    name = os.fspath(path)
    text = decode_utf8(read_bytes(name, what="passport", hint=_HINT), name)
    return ledger_from_document(parse_yaml(text, name), text)


def ledger_from_document(document: YamlDocument, text: str = "") -> AuditLedger:
    """The ledger of an already parsed passport (``text`` lets unquoted timestamps be found)."""
    root = document.data
    if not isinstance(root, dict):
        raise InputDataError(
            f"{location(document.path, document.position())}: the passport's top level is "
            f"{type_name(root)}; it must be a mapping"
        )
    ledger = AuditLedger(document.path, document=document)
    items = root.get(FIELD, [])
    if not isinstance(items, list):
        raise InputDataError(
            f"{location(document.path, document.position(FIELD))}: `{FIELD}` is "
            f"{type_name(items)}, not a list; make it a list of entries"
        )
    if text:
        lines = text.splitlines()
        stamps: list[KeyPath] = []
        for index in range(len(items)):
            stamps.append((FIELD, index, "verdict", "verified_at"))
            stamps.append((FIELD, index, "acknowledgement", "acknowledged_at"))
        mark_unquoted_timestamps(document, lines, stamps)
    for index, item in enumerate(items):
        ledger.entries.append(LedgerEntry(index, item, tuple(validate_entry(item, "persisted"))))
    return ledger
