"""The session events log: one JSON object per line (§3.4 D4, Step 4).

``<passport-stem>_session_events.jsonl`` lives beside the passport. Agents and
people append one event per step of work (``ars-docs session log-event``);
``ars-docs drift-log`` reads them back. Each line must match
``schemas/session_events.schema.json``.

The log is append-only and never written half: an append is a
read-validate-write under an exclusive ``flock`` on the log's folder (POSIX),
written atomically (temp file, fsync, rename), so concurrent appenders never
lose each other's events and a crash leaves the old log intact. A log that
does not parse is refused (exit 65 naming the line), never appended to.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.core.clock import Clock
from ars_docs.core.errors import InputDataError, InputMissingError, UsageError
from ars_docs.core.limits import MAX_NESTING, nesting_too_deep, not_utf8, shorten
from ars_docs.core.paths import session_file
from ars_docs.files.atomic import write_bytes_atomic
from ars_docs.files.locking import file_lock
from ars_docs.files.schema_check import schema_location
from ars_docs.files.schema_check import validator as schema_validator
from ars_docs.files.yaml.read import decode_utf8, read_bytes

if TYPE_CHECKING:
    from jsonschema.protocols import Validator


__all__ = [
    "EVENTS_SCHEMA",
    "SessionEvent",
    "append_event",
    "events_path",
    "load_events",
    "parse_events",
    "parse_timestamp",
]

EVENTS_SCHEMA = "session_events.schema.json"
_FIELD_ORDER = ("ts", "phase", "action", "agent", "artifacts", "rationale")


def events_path(passport: str | os.PathLike[str]) -> Path:
    """``<passport-parent>/<passport-stem>_session_events.jsonl``."""
    return session_file(passport, "_session_events.jsonl")


@dataclass(frozen=True, slots=True)
class SessionEvent:
    """One line of the log."""

    ts: str
    phase: str
    action: str
    agent: str | None = None
    artifacts: tuple[str, ...] = ()
    rationale: str | None = None
    line: int = 0
    """1-based line in the log (0 for an event not read from a file)."""

    @property
    def instant(self) -> datetime:
        """``ts`` as an aware datetime in UTC."""
        return parse_timestamp(self.ts).astimezone(timezone.utc)

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "ts": self.ts,
            "phase": self.phase,
            "action": self.action,
            "agent": self.agent,
            "artifacts": list(self.artifacts) or None,
            "rationale": self.rationale,
        }
        ordered = {key: data[key] for key in _FIELD_ORDER if data[key] is not None}
        return json.dumps(ordered, ensure_ascii=False)


def load_events(path: str | os.PathLike[str]) -> list[SessionEvent]:
    """Read and validate a log; ``InputMissingError`` when it does not exist."""
    name = os.fspath(path)
    raw = read_bytes(name, what="session events log", hint=_MISSING_HINT)
    return parse_events(decode_utf8(raw, name), name)


def parse_events(text: str, path: str = "<events>") -> list[SessionEvent]:
    """Parse the text of a log; the first bad line raises ``InputDataError``."""
    events = []
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            events.append(_parse_line(line.rstrip("\r"), path, number))
    return events


def append_event(
    passport: str | os.PathLike[str],
    *,
    phase: str,
    action: str,
    agent: str | None = None,
    artifacts: Sequence[str] = (),
    rationale: str | None = None,
    clock: Clock | None = None,
) -> tuple[Path, SessionEvent, list[SessionEvent]]:
    """Append one event to the passport's log; returns the log, the event and the earlier ones.

    ``phase`` must already be checked against the pipeline's phases and
    ``artifacts`` be paths relative to the passport's folder. The passport
    must exist (``InputMissingError`` otherwise).
    """
    if not os.path.exists(passport):
        raise InputMissingError(f"{os.fspath(passport)}: passport not found; {_PASSPORT_HINT}")
    log = events_path(passport)
    ts = (clock or Clock.from_env()).rfc3339()
    texts = [("phase", phase), ("action", action), ("agent", agent), ("rationale", rationale)]
    for what, value in [*texts, *(("artifact", a) for a in artifacts)]:
        shown = not_utf8(value) if value is not None else None
        if shown is not None:
            raise UsageError(f"the {what} {shown!r} is not valid UTF-8 text; pass UTF-8")
    event = SessionEvent(ts, phase, action, agent, tuple(artifacts), rationale)
    line = event.to_json()
    _parse_line(line, str(log), 0)  # the event itself must match the schema
    with file_lock(log):
        raw = read_bytes(str(log), what="session events log", hint="") if log.exists() else b""
        try:
            earlier = parse_events(decode_utf8(raw, str(log)), str(log))
        except InputDataError as exc:
            raise InputDataError(
                f"{exc.message}; nothing was appended (ars-docs never appends to a log it "
                "cannot read)"
            ) from exc
        separator = b"" if not raw or raw.endswith(b"\n") else b"\n"
        write_bytes_atomic(log, raw + separator + line.encode("utf-8") + b"\n")
    number = (raw + separator).count(b"\n") + 1
    placed = SessionEvent(ts, phase, action, agent, tuple(artifacts), rationale, number)
    return log, placed, earlier


_MISSING_HINT = "check the --events path (record events with `ars-docs session log-event`)"
_PASSPORT_HINT = "check the --passport option or the ARS_PASSPORT environment variable"


def _parse_line(line: str, path: str, number: int) -> SessionEvent:
    where = f"{path}:{number}" if number else path
    too_deep = nesting_too_deep(line)
    if too_deep is not None:
        raise InputDataError(
            f"{where}:{too_deep + 1}: the event nests more than {MAX_NESTING} levels deep; "
            f"fix or remove line {number} (format: {EVENTS_SCHEMA})"
        )
    try:
        data = json.loads(line, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise InputDataError(
            f"{where}:{exc.colno}: malformed JSON ({exc.msg}); each line must be one JSON "
            f"object — fix or remove line {number} (format: {schema_location(EVENTS_SCHEMA)})"
        ) from exc
    except _DuplicateKeyError as exc:
        raise InputDataError(
            f"{where}:1: duplicate key {shorten(exc.args[0])!r} in one event; keep one "
            f"(line {number})"
        ) from exc
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        field = ".".join(str(part) for part in error.absolute_path) or "the event"
        raise InputDataError(
            f"{where}:1: {field}: {error.message}; fix line {number} "
            f"(format: {schema_location(EVENTS_SCHEMA)})"
        )
    try:
        parse_timestamp(data["ts"])
    except ValueError as exc:
        raise InputDataError(
            f"{where}:1: ts {shorten(data['ts'])!r} is not a real date and time ({exc}); "
            f"fix line {number}"
        ) from exc
    return SessionEvent(
        ts=data["ts"],
        phase=data["phase"],
        action=data["action"],
        agent=data.get("agent"),
        artifacts=tuple(data.get("artifacts", ())),
        rationale=data.get("rationale"),
        line=number,
    )


def parse_timestamp(text: str) -> datetime:
    """An RFC 3339 time with a zone as an aware datetime; ``ValueError`` if it is not one."""
    # Python 3.10's fromisoformat does not accept "Z".
    parsed = datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)
    if parsed.tzinfo is None:
        raise ValueError("no time zone")
    return parsed


class _DuplicateKeyError(Exception):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def _validator() -> Validator:
    return schema_validator(EVENTS_SCHEMA)
