"""The codex ``--json`` event stream, read line by line (spec §3.3, §5.2 L2-2…L2-5, row A7).

``scan_jsonl`` reads ``<run_id>.jsonl`` one line at a time and never holds the
stream in memory: it validates each row against ``audit_jsonl.schema.json``
(a compiled quick check first, jsonschema only to explain a failing row),
keeps the few facts the checks need (the ``thread.started`` rows, the first
two and the last event, the last ``agent_message`` text) and pairs tool
events as it goes. A line that is not JSON (a truncated last line when codex
was killed mid-write) is a problem with its line number.

Problem codes: ``JSONL`` (a line that is not a JSON object), ``SCHEMA`` (a row
against the schema), ``A7`` (tool-event pairing, §3.7), ``L2-3`` (the opening:
exactly one ``thread.started``, first, then ``turn.started``), ``L2-4`` (an
``agent_message`` exists; the stream is exactly one turn: its first
``turn.completed`` is the last row and has ``usage.input_tokens`` > 0). Blank
lines are skipped, as the real parser skips them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from ars_docs.audit.model.schemas import SCHEMA_CODE, quick_jsonl_row_check, validate_jsonl_row
from ars_docs.core.errors import ArsIOError
from ars_docs.core.paths import open_regular, read_limit

__all__ = ["AGENT_MESSAGE", "JsonlProblem", "JsonlScan", "scan_jsonl"]

AGENT_MESSAGE = "agent_message"
_MAX_PROBLEMS = 200


@dataclass(frozen=True, slots=True)
class JsonlProblem:
    line: int
    """1-based line of the row (0 for the stream as a whole)."""
    code: str
    message: str


@dataclass(slots=True)
class JsonlScan:
    """What one pass over a JSONL stream found."""

    path: str
    rows: int = 0
    thread_ids: list[tuple[int, Any]] = field(default_factory=list)
    """``(line, thread_id)`` of every ``thread.started`` row."""
    first_types: list[Any] = field(default_factory=list)
    """``type`` of the first two rows."""
    last_type: Any = None
    last_usage: Any = None
    """``usage`` of the last row when it is ``turn.completed``."""
    last_agent_message: tuple[int, str] | None = None
    """``(line, text)`` of the last ``item.completed`` ``agent_message``."""
    turn_completed_line: int = 0
    """Line of the first ``turn.completed`` (0: none yet); the turn ends there."""
    after_turn: int = 0
    """Line of the first row after that ``turn.completed`` (0: none, as it must be)."""
    error_lines: list[int] = field(default_factory=list)
    """Lines of ``error`` events (only failed runs carry them)."""
    problems: list[JsonlProblem] = field(default_factory=list)
    dropped: int = 0
    """Problems beyond the first 200, counted but not kept."""

    @property
    def thread_id(self) -> Any:
        """The thread id when exactly one ``thread.started`` row carries one, else ``None``."""
        return self.thread_ids[0][1] if len(self.thread_ids) == 1 else None

    def codes(self) -> set[str]:
        return {problem.code for problem in self.problems}

    def add(self, line: int, code: str, message: str) -> None:
        if len(self.problems) < _MAX_PROBLEMS:
            self.problems.append(JsonlProblem(line, code, message))
        else:
            self.dropped += 1


def scan_jsonl(path: str | os.PathLike[str]) -> JsonlScan:
    """One streaming pass over a JSONL file; problems are collected, not raised.

    A missing file raises ``InputMissingError``, an unreadable one ``ArsIOError``.
    """
    name = os.fspath(path)
    scan = JsonlScan(name)
    pairing = _Pairing(scan)
    quick = quick_jsonl_row_check()
    fd = open_regular(  # FIFOs and devices refused (issue 23), size capped
        name,
        what="JSONL stream",
        hint="check artifact_paths.jsonl",
        limit=read_limit("audit stream"),
    )
    try:
        with os.fdopen(fd, "rb") as handle:
            number = 0
            for number, raw in enumerate(handle, start=1):
                row = _decode(scan, number, raw)
                if row is None:
                    continue
                scan.rows += 1
                if not quick(row):
                    for error in validate_jsonl_row(row):
                        scan.add(number, SCHEMA_CODE, error.format())
                _observe(scan, pairing, number, row)
    except OSError as exc:
        raise ArsIOError(f"{name}: cannot read: {exc.strerror or exc}") from None
    pairing.finish()
    _check_shape(scan)
    return scan


def _decode(scan: JsonlScan, number: int, raw: bytes) -> dict[str, Any] | None:
    complete = raw.endswith(b"\n")
    text = raw.rstrip(b"\r\n")
    if not text.strip():
        return None  # blank lines are skipped, as the real parser does
    try:
        row = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        why = (
            "truncated (no line end; was codex stopped mid-write?)" if not complete else "not JSON"
        )
        scan.add(number, "JSONL", f"line {number} is {why}: {exc}")
        return None
    if not isinstance(row, dict):
        scan.add(number, "JSONL", f"line {number} is a JSON {type(row).__name__}, not an object")
        return None
    return row


def _observe(scan: JsonlScan, pairing: _Pairing, number: int, row: dict[str, Any]) -> None:
    kind = row.get("type")
    if len(scan.first_types) < 2:
        scan.first_types.append(kind)
    if scan.turn_completed_line:
        _after_turn(scan, number, row)
    elif kind == "turn.completed":
        scan.turn_completed_line = number
    scan.last_type = kind
    scan.last_usage = row.get("usage") if kind == "turn.completed" else None
    if kind == "thread.started":
        scan.thread_ids.append((number, row.get("thread_id")))
    elif kind == "error":
        scan.error_lines.append(number)
    elif kind in ("item.started", "item.completed"):
        item = row.get("item")
        if not isinstance(item, dict):
            return
        if item.get("type") == AGENT_MESSAGE:
            text = item.get("text")
            if kind == "item.completed" and isinstance(text, str):
                scan.last_agent_message = (number, text)
            return
        pairing.see(kind, item.get("id"), number)


def _after_turn(scan: JsonlScan, number: int, row: dict[str, Any]) -> None:
    """A row after the one ``turn.completed``: the stream is not one turn (L2-4).

    The canonical stream has exactly one turn, and the verdict is the last
    agent message of it; a second turn (or a message appended after the turn
    ended) could carry a later, forged PASS, so the stream fails as a whole.
    """
    if scan.after_turn:
        return
    scan.after_turn = number
    kind = row.get("type")
    item = row.get("item")
    if kind == "turn.started":
        what = "a second turn starts (turn.started)"
    elif kind == "turn.completed":
        what = "a second turn.completed"
    elif isinstance(item, dict) and item.get("type") == AGENT_MESSAGE:
        what = "an agent_message comes after the turn ended"
    else:
        what = f"a {kind!s} row comes after the turn ended"
    scan.add(
        number,
        "L2-4",
        f"line {number}: {what} after the turn.completed at line {scan.turn_completed_line}; "
        "the stream must be exactly one turn ending with its one turn.completed (a later "
        "turn or message cannot replace the verdict)",
    )


class _Pairing:
    """A7: every tool item.id started once, completed once, completion after start.

    Memory grows with the number of distinct tool ids (one set entry each),
    not with the size of the stream.
    """

    def __init__(self, scan: JsonlScan) -> None:
        self.scan = scan
        self.open: dict[str, int] = {}
        """Started, not yet completed: id → line."""
        self.done: set[str] = set()

    def flag(self, number: int, what: str) -> None:
        # The spec's failure text (§3.7 A7) leads every message.
        self.scan.add(number, "A7", f"audit fake-detected: tool event pairing violation: {what}")

    def see(self, kind: str, item_id: Any, number: int) -> None:
        if not isinstance(item_id, str):
            return  # the row's schema error already says so
        if kind == "item.started":
            if item_id in self.open or item_id in self.done:
                self.flag(number, f"item.started {item_id!r} again")
            else:
                self.open[item_id] = number
        elif item_id in self.open:
            del self.open[item_id]
            self.done.add(item_id)
        elif item_id in self.done:
            self.flag(number, f"item.completed {item_id!r} again")
        else:
            self.flag(number, f"item.completed {item_id!r} without an earlier item.started")
            self.done.add(item_id)

    def finish(self) -> None:
        for item_id, number in self.open.items():
            self.flag(number, f"item.started {item_id!r} never completed")


def _check_shape(scan: JsonlScan) -> None:
    if scan.rows == 0:
        scan.add(0, "L2-3", "the stream has no events; the audit did not run")
        return
    if len(scan.thread_ids) != 1:
        scan.add(
            0, "L2-3", f"{len(scan.thread_ids)} thread.started events; exactly one is required"
        )
    if scan.first_types[:1] != ["thread.started"]:
        scan.add(1, "L2-3", "the stream must open with thread.started")
    if scan.first_types[1:2] != ["turn.started"]:
        scan.add(2, "L2-3", "the second event must be turn.started")
    if scan.last_agent_message is None:
        scan.add(0, "L2-4", "no item.completed agent_message; there is no verdict text")
    if not scan.turn_completed_line:
        scan.add(0, "L2-4", "the stream does not end with turn.completed (the run did not finish)")
    elif not scan.after_turn:  # a row after the turn is reported where it stands
        usage = scan.last_usage if isinstance(scan.last_usage, dict) else {}
        tokens = usage.get("input_tokens")
        if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens <= 0:
            scan.add(0, "L2-4", "turn.completed usage.input_tokens must be > 0")
