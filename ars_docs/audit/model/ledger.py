"""The passport's ``audit_artifact[]`` ledger, defined once (Schema 9, spec §3.1, §4.9, §5.4).

One type, ``AuditLedger``, is the ledger for every reader and the one writer:
``lint audit-artifacts`` and the rows, the audit gate (Path A, Path B, ``audit
ack``) and the trust report. It holds the passport as read (bytes, text, the
parse with positions for diagnostics) and its entries in file (append) order.

Validation: the passport only ever stores *persisted* entries, so each entry
is checked against the persisted arm of ``audit_artifact_entry.schema.json``
(a proposal-shaped or an ``AUDIT_FAILED`` entry is an error). It happens on
demand, once per entry: the lint asks for every entry's errors
(``entries``), the gate only for the one it selects (A3), which keeps a
20,000-entry ledger fast. A passport without the field, or with an empty
one, has an empty ledger. Unquoted ``verified_at`` / ``acknowledged_at``
values are marked (a YAML timestamp is not the schema's string, §3.1).

Writing: only ``audit gate`` and ``audit ack`` write the ledger, and only by
``AuditLedger.append``: the new passport text must parse back to the old
document plus exactly one entry (``ars_docs.files.yaml.append`` checks that
before the file is replaced), comments, layout and a BOM stay, and the write
is atomic (temporary file, fsync, rename). Writers hold ``passport_lock``, the
lock ``mark-read`` and ``retrieve`` take, for the whole read-check-append, so
two gates never interleave.

Order (D1, D3): ``latest`` picks an entry by ``verified_at``; every
orchestrator-side ``verified_at`` write (a Path B merge, an ``another_round``
re-merge, a ``ship_with_known_residue`` acknowledgement) takes its value from
``next_verified_at_ms``: strictly after every ``verified_at`` already in the
ledger (not only the entries of one deliverable), and "now" when the ledger
is empty. The result has millisecond precision, so two appends within one
millisecond still get distinct, increasing values. "Now" comes from the
caller's clock (``ars_docs.core.clock.Clock``, which honours
``SOURCE_DATE_EPOCH``): with a fixed clock every append still moves forward
by one millisecond.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from ars_docs.audit.model.files import YamlTimestamp, mark_unquoted_timestamps
from ars_docs.audit.model.schemas import SchemaError, validate_entry
from ars_docs.core.encoding import BOM_BYTES
from ars_docs.core.errors import InputDataError
from ars_docs.files.atomic import write_bytes_atomic
from ars_docs.files.locking import file_lock
from ars_docs.files.yaml.append import append_item
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

__all__ = [
    "FIELD",
    "AuditLedger",
    "LedgerEntry",
    "format_ms",
    "latest",
    "ledger_from_document",
    "load_audit_ledger",
    "next_verified_at_ms",
    "parse_ms",
    "passport_lock",
]

FIELD = "audit_artifact"
_HINT = "check the --passport option"
#: The timestamps of an entry that may be written unquoted: (block, key).
_STAMPS = (("verdict", "verified_at"), ("acknowledgement", "acknowledged_at"))


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
    data: list[Any] = field(default_factory=list)
    """Each entry as parsed (unquoted timestamps marked), in file order."""
    document: YamlDocument | None = None
    """The parse of ``text``, for positions (``None``: positions are ``(0, 0)``)."""
    raw: bytes = b""
    """The passport's bytes as read (an unchanged file is not parsed again)."""
    text: str = ""
    marks: list[tuple[Any, Any, YamlTimestamp]] = field(default_factory=list)
    """``(container, key, YamlTimestamp)`` for each unquoted timestamp marked in ``data``."""
    _errors: dict[int, tuple[SchemaError, ...]] = field(default_factory=dict, repr=False)

    def errors(self, index: int) -> tuple[SchemaError, ...]:
        """Entry ``index``'s schema errors against the persisted arm (checked once, on demand)."""
        found = self._errors.get(index)
        if found is None:
            found = self._errors[index] = tuple(validate_entry(self.data[index], "persisted"))
        return found

    @property
    def entries(self) -> list[LedgerEntry]:
        """Every entry with its schema errors (validates the entries not checked yet)."""
        return [LedgerEntry(i, item, self.errors(i)) for i, item in enumerate(self.data)]

    @property
    def valid(self) -> bool:
        return all(not self.errors(index) for index in range(len(self.data)))

    def position(self, keypath: KeyPath) -> Position:
        """``(line, col)`` of ``audit_artifact`` + ``keypath`` in the passport."""
        if self.document is None:
            return (0, 0)
        return self.document.position(FIELD, *keypath)

    def run_ids(self) -> set[str]:
        return {str(e.get("run_id")) for e in self.data if isinstance(e, Mapping)}

    def with_run_id(self, run_id: str) -> list[Any]:
        return [e for e in self.data if isinstance(e, Mapping) and e.get("run_id") == run_id]

    def append(self, entry: Mapping[str, Any]) -> None:
        """Append ``entry`` and replace the passport atomically (the caller holds the lock).

        The text is not parsed again before the edit (``document`` is its parse);
        ``append_item`` parses the new text once to check it. The marked
        timestamps are the file's text for that comparison, then marked again.
        """
        for container, key, mark in self.marks:
            container[key] = mark.text
        try:
            new_text = append_item(self.text, FIELD, entry, self.path, doc=self.document)
        finally:
            for container, key, mark in self.marks:
                container[key] = mark
        bom = BOM_BYTES if self.raw.startswith(BOM_BYTES) else b""
        write_bytes_atomic(Path(self.path), bom + new_text.encode("utf-8"))


@contextmanager
def passport_lock(passport: Path) -> Iterator[None]:
    """The session folder lock of ``mark-read``, on the (resolved) passport's folder."""
    with file_lock(passport):
        yield


def load_audit_ledger(
    path: str | os.PathLike[str], reuse: AuditLedger | None = None
) -> AuditLedger:
    """Read a passport's ``audit_artifact[]``.

    Missing file → ``InputMissingError`` (exit 66); unreadable or malformed
    YAML, a top level that is not a mapping, or a field that is not a list →
    ``InputDataError`` (exit 65). Schema errors are not raised: ask
    ``errors(index)`` or ``entries``. ``reuse`` is an earlier read of this run:
    when the file's bytes are still the same, it is returned as it is, so one
    gate run parses the passport once (a 20,000-entry ledger is some 15 MB of
    YAML) yet always sees the file as it is now (B8b re-reads it under the lock).
    """
    name = os.fspath(path)
    raw = read_bytes(name, what="passport", hint=_HINT)
    if reuse is not None and reuse.raw == raw:
        return reuse
    text = decode_utf8(raw, name)
    ledger = ledger_from_document(parse_yaml(text, name), text)
    ledger.raw = raw
    return ledger


def ledger_from_document(document: YamlDocument, text: str = "") -> AuditLedger:
    """The ledger of an already parsed passport (``text`` lets unquoted timestamps be found)."""
    root = document.data
    if not isinstance(root, dict):
        raise InputDataError(
            f"{location(document.path, document.position())}: the passport's top level is "
            f"{type_name(root)}; it must be a mapping"
        )
    items = root.get(FIELD)
    if items is None:  # absent, or ``audit_artifact:`` with nothing yet (append fills it)
        items = []
    if not isinstance(items, list):
        raise InputDataError(
            f"{location(document.path, document.position(FIELD))}: `{FIELD}` is "
            f"{type_name(items)}, not a list; make it a list of entries"
        )
    ledger = AuditLedger(document.path, items, document, text=text)
    if text:
        keypaths = [(FIELD, i, block, key) for i in range(len(items)) for block, key in _STAMPS]
        mark_unquoted_timestamps(document, text.splitlines(), keypaths)
        ledger.marks = _marks(items)
    return ledger


def _marks(items: list[Any]) -> list[tuple[Any, Any, YamlTimestamp]]:
    marks = []
    for item in items:
        if not isinstance(item, dict):
            continue
        for block, key in _STAMPS:
            parent = item.get(block)
            if isinstance(parent, dict) and isinstance(parent.get(key), YamlTimestamp):
                marks.append((parent, key, parent[key]))
    return marks


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


_MS_UTC = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z\Z")
_ONE_MS = timedelta(milliseconds=1)


def parse_ms(text: Any) -> datetime | None:
    """An RFC 3339 UTC millisecond timestamp (``2026-04-30T15:23:11.847Z``), else ``None``."""
    if not isinstance(text, str) or not _MS_UTC.match(text):
        return None
    try:  # by hand: strptime costs ~40 µs a call, and a ledger lint makes thousands
        return datetime(
            int(text[0:4]),
            int(text[5:7]),
            int(text[8:10]),
            int(text[11:13]),
            int(text[14:16]),
            int(text[17:19]),
            int(text[20:23]) * 1000,
            tzinfo=timezone.utc,
        )
    except ValueError:
        return None


def format_ms(moment: datetime) -> str:
    """``moment`` in UTC as ``YYYY-MM-DDTHH:MM:SS.mmmZ`` (sub-millisecond digits dropped)."""
    utc = moment.astimezone(timezone.utc) if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


def next_verified_at_ms(entries: Iterable[Mapping[str, Any]], now: datetime) -> str:
    """The ``verified_at`` for the next ledger append (§5.4 ``_next_verified_at_ms``).

    ``max(now, latest + 1 ms)`` over every entry's ``verdict.verified_at``, or
    ``now`` for an empty ledger. An entry whose ``verified_at`` is missing or
    not an RFC 3339 UTC millisecond string raises ``InputDataError``: the
    ledger's order cannot be trusted, so no value is handed out.
    """
    current = parse_ms(format_ms(now))
    assert current is not None
    latest: datetime | None = None
    for index, entry in enumerate(entries):
        verdict = entry.get("verdict") if isinstance(entry, Mapping) else None
        raw = verdict.get("verified_at") if isinstance(verdict, Mapping) else None
        stamp = parse_ms(raw)
        if stamp is None:
            raise InputDataError(
                f"audit_artifact[{index}].verdict.verified_at is {raw!r}, not an RFC 3339 UTC "
                "millisecond timestamp; fix that entry before appending to the ledger"
            )
        if latest is None or stamp > latest:
            latest = stamp
    if latest is None or current > latest:
        return format_ms(current)
    return format_ms(latest + _ONE_MS)
