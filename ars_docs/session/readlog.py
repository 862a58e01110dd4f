"""The human-read log, read side (spec §3.6 Human-Read Signal Protocol).

The log is the user-owned peer file ``<passport-stem>_human_read_log.yaml``
next to the passport. It is append-only: ``ars-docs mark-read`` (the spec's
``/ars-mark-read``) appends a mark, ``ars-docs unmark-read`` records
``rescinded_at`` instead of deleting anything (write side: ``human_read.py``).
For each citation key the *latest* mark decides: the one with the latest
``marked_at`` instant (file order breaks ties: a hand-merged or reordered log
still means what its times say, issue 24). It is active unless it carries
``rescinded_at``. ``human_read_source`` is true only for an
active mark whose ``read_scope.level`` is ``full_text`` (a mark without
``read_scope``, the spec's original format, means the full text was read).

A missing log is an empty log; a corrupt one is an input error (exit 65)
naming the file and line, never a silent "nothing was read".
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from ars_docs.core.errors import InputDataError
from ars_docs.core.paths import session_file
from ars_docs.files.schema_check import (
    Check,
    load_schema,
    quick_validity_check,
    schema_bytes,
    schema_location,
)
from ars_docs.files.schema_check import validator as schema_validator
from ars_docs.files.yaml.read import (
    KeyPath,
    YamlDocument,
    decode_utf8,
    location,
    parse_yaml,
    plain_values,
    read_bytes,
    type_name,
)
from ars_docs.session.cache.store import (
    cache_file,
    cache_key,
    module_source,
    read_cache,
    write_cache,
)

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = [
    "FULL_TEXT",
    "READ_LOG_SCHEMA",
    "READ_SCOPE_LEVELS",
    "ReadLog",
    "ReadMark",
    "empty_read_log",
    "load_read_log",
    "parse_read_log",
    "read_log_from_data",
    "read_log_path",
]

READ_SCOPE_LEVELS = ("full_text", "sections", "abstract_only", "toc_only", "unknown")
"""How much of the source the user read; only ``full_text`` makes it human-read."""
FULL_TEXT = READ_SCOPE_LEVELS[0]
READ_LOG_SCHEMA = "human_read_log.schema.json"
# The modules whose code shapes a loaded log (part of the cache key).
_CODE_MODULES = (
    "readlog.py",
    "cache.py",
    "cache_codec.py",
    "cache_msgpack.py",
    "schema_check.py",
    "yamlio.py",
    "yaml_compose.py",
)


def read_log_path(passport: str | os.PathLike[str]) -> Path:
    """``<passport-parent>/<passport-stem>_human_read_log.yaml`` (§3.6, R5-003)."""
    return session_file(passport, "_human_read_log.yaml")


@dataclass(frozen=True, slots=True)
class ReadMark:
    """One ``human_read[]`` item of the log."""

    citation_key: str
    marked_at: str
    """RFC 3339 time the mark was made."""
    level: str
    """One of ``READ_SCOPE_LEVELS``; ``full_text`` when the mark has no read_scope."""
    locators: tuple[str, ...]
    """Which parts were read (sections, pages), as the user wrote them."""
    note: str | None
    rescinded_at: str | None
    """Set when the mark was withdrawn; a rescinded mark is not active."""
    line: int
    """1-based line of the mark in the log (0 for in-memory data)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "citation_key": self.citation_key,
            "marked_at": self.marked_at,
            "read_scope": {"level": self.level, "locators": list(self.locators), "note": self.note},
            "rescinded_at": self.rescinded_at,
            "line": self.line,
        }


@dataclass(slots=True, eq=False)
class ReadLog:
    """All marks of one log, in file order."""

    path: str
    session_id: str | None = None
    created_at: str | None = None
    marks: list[ReadMark] = field(default_factory=list)
    #: True when the log was loaded from a path where no file exists (no marks).
    missing: bool = False
    _latest: dict[str, ReadMark] = field(default_factory=dict, init=False, repr=False)
    _indexed: int = field(default=-1, init=False, repr=False)

    def latest(self, key: str) -> ReadMark | None:
        """The mark for ``key`` with the latest ``marked_at`` (later in the file on a tie)."""
        if self._indexed != len(self.marks):  # the log only grows
            latest: dict[str, tuple[tuple[datetime, int], ReadMark]] = {}
            for index, mark in enumerate(self.marks):
                order = (mark_instant(mark.marked_at), index)
                held = latest.get(mark.citation_key)
                if held is None or order >= held[0]:
                    latest[mark.citation_key] = (order, mark)
            self._latest = {key: mark for key, (_, mark) in latest.items()}
            self._indexed = len(self.marks)
        return self._latest.get(key)

    def latest_index(self, key: str) -> int | None:
        """Where ``latest(key)`` is in ``marks`` (the writer rescinds that one)."""
        mark = self.latest(key)
        if mark is None:
            return None
        return next(i for i in reversed(range(len(self.marks))) if self.marks[i] is mark)

    def active(self, key: str) -> ReadMark | None:
        """The latest mark for ``key`` unless it was rescinded."""
        mark = self.latest(key)
        return mark if mark is not None and mark.rescinded_at is None else None

    def human_read(self, key: str) -> bool:
        """True when an active mark says the full text was read."""
        mark = self.active(key)
        return mark is not None and mark.level == FULL_TEXT

    def partial(self, key: str) -> ReadMark | None:
        """The active mark when it covers less than the full text."""
        mark = self.active(key)
        return mark if mark is not None and mark.level != FULL_TEXT else None


def empty_read_log(path: str = "<none>") -> ReadLog:
    """A log with no marks (no log file yet, or none given)."""
    return ReadLog(path)


def load_read_log(path: str | os.PathLike[str]) -> ReadLog:
    """Read a human-read log; a missing file is an empty log.

    Raises ``InputDataError`` for a corrupt log and ``ArsIOError`` when it
    exists but cannot be read.
    """
    name = os.fspath(path)
    if not os.path.lexists(name):
        log = empty_read_log(name)
        log.missing = True
        return log
    raw = read_bytes(name, what="human-read log", hint="check its permissions")
    cache = cache_file("readlog", name)
    key = ""
    if cache is not None:
        code = module_source(*_CODE_MODULES)
        key = cache_key(name, [(name, raw)], depends_on=(*code, schema_bytes(READ_LOG_SCHEMA)))
        cached = read_cache(cache, key, ReadLog)
        if cached is not None:
            return cached
    log = parse_read_log(decode_utf8(raw, name), name)
    if cache is not None:
        write_cache(cache, key, log)
    return log


def parse_read_log(text: str, path: str = "<text>") -> ReadLog:
    """Parse and validate the text of a human-read log."""
    return _from_document(parse_yaml(text, path))


def read_log_from_data(data: Any, *, path: str = "<memory>") -> ReadLog:
    """Build a log from in-memory data shaped like the YAML file."""
    return _from_document(YamlDocument(path, plain_values(data)))


def _from_document(document: YamlDocument) -> ReadLog:
    root = document.data
    if root is None:
        return empty_read_log(document.path)
    if not isinstance(root, dict):
        _fail(document, (), f"the log is {type_name(root)}, not a mapping")
    marks_data = root.get("human_read")
    if marks_data is not None and not isinstance(marks_data, list):
        _fail(document, ("human_read",), f"human_read is {type_name(marks_data)}, not a list")
    for index, item in enumerate(marks_data or ()):
        _check_mark(document, index, item)
    _check_schema(document)
    _check_times(document, marks_data or [])
    log = ReadLog(document.path, _text(root.get("session_id")), _text(root.get("created_at")))
    for index, item in enumerate(marks_data or ()):
        scope = item.get("read_scope") or {}
        log.marks.append(
            ReadMark(
                citation_key=item["citation_key"],
                marked_at=item["marked_at"],
                level=scope.get("level", FULL_TEXT),
                locators=tuple(scope.get("locators") or ()),
                note=scope.get("note"),
                rescinded_at=item.get("rescinded_at"),
                line=document.position("human_read", index)[0],
            )
        )
    return log


def _check_mark(document: YamlDocument, index: int, item: Any) -> None:
    """The checks whose messages say more than the schema's."""
    at: KeyPath = ("human_read", index)
    if not isinstance(item, dict):
        _fail(document, at, f"human_read[{index}] is {type_name(item)}, not a mapping")
    for name in ("citation_key", "marked_at"):
        if name not in item:
            _fail(document, at, f"human_read[{index}] has no {name}")
        if not isinstance(item[name], str) or not item[name]:
            _fail(
                document,
                (*at, name),
                f"human_read[{index}].{name} is {item[name]!r}, not a non-empty string",
            )
    scope = item.get("read_scope")
    if scope is None:
        return
    if not isinstance(scope, dict):
        _fail(document, (*at, "read_scope"), f"read_scope is {type_name(scope)}, not a mapping")
    level = scope.get("level")
    if level not in READ_SCOPE_LEVELS:
        _fail(
            document,
            (*at, "read_scope", "level") if "level" in scope else (*at, "read_scope"),
            f"read_scope.level is {level!r}; it must be one of {', '.join(READ_SCOPE_LEVELS)}",
        )


_TIMESTAMP = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})"
    r"(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?"
)


_EARLIEST = datetime.min.replace(tzinfo=timezone.utc)


def mark_instant(value: str) -> datetime:
    """The instant a ``marked_at`` names (a date alone: its midnight; no offset: UTC).

    Text that names no instant (only in-memory data skips the time check) sorts
    first, so it never outranks a real time.
    """
    found = _TIMESTAMP.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        return _EARLIEST
    year, month, day, hour, minute, second = (int(part or 0) for part in found.groups())
    parts = re.split(r"[Tt ]", value, maxsplit=1)
    offset = re.search(r"([+-])(\d{2}):?(\d{2})?$", parts[1]) if len(parts) > 1 else None
    try:
        moment = datetime(year, month, day, hour, minute, min(second, 59), tzinfo=timezone.utc)
    except ValueError:
        return _EARLIEST
    fraction = re.search(r"\.(\d+)", value)
    try:
        if fraction:
            moment += timedelta(microseconds=int(fraction.group(1)[:6].ljust(6, "0")))
        if offset:
            sign = 1 if offset.group(1) == "+" else -1
            hours, minutes = int(offset.group(2)), int(offset.group(3) or 0)
            moment -= sign * timedelta(hours=hours, minutes=minutes)
    except OverflowError:  # an offset that crosses year 1 or 9999: the edge it reaches
        return _EARLIEST if year < 5000 else datetime.max.replace(tzinfo=timezone.utc)
    return moment


def _is_timestamp(value: Any) -> bool:
    """An ISO 8601 date or date-time that names a real day and time (not "yesterday")."""
    found = _TIMESTAMP.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        return False
    year, month, day, hour, minute, second = (int(part or 0) for part in found.groups())
    try:
        datetime(year, month, day, hour, minute, min(second, 59))  # a leap second is allowed
    except ValueError:
        return False
    return True


def _check_times(document: YamlDocument, marks: list[Any]) -> None:
    """After the schema: times are strings; each must name a real instant (not "yesterday")."""
    for index, item in enumerate(marks):
        for name in ("marked_at", "rescinded_at"):
            value = item.get(name)
            if value is not None and not _is_timestamp(value):
                _fail(
                    document,
                    ("human_read", index, name),
                    f"human_read[{index}].{name} is {value!r}, not an ISO 8601 / RFC 3339 time "
                    "(e.g. 2026-01-03T14:05:00Z); ars-docs mark-read writes it — a hand-edited "
                    "time must keep that form",
                )


def _check_schema(document: YamlDocument) -> None:
    # The quick check answers "valid" without importing jsonschema (~70 ms per
    # process); jsonschema runs only to explain a log the quick check rejects.
    quick = _quick_check()
    if quick is not None and quick(document.data):
        return
    errors = sorted(
        _validator().iter_errors(document.data),
        key=lambda error: document.position(*error.absolute_path),
    )
    if errors:
        error = errors[0]
        where = ".".join(str(part) for part in error.absolute_path) or "the log"
        _fail(document, tuple(error.absolute_path), f"{where}: {error.message}")


def _fail(document: YamlDocument, keypath: KeyPath, problem: str) -> NoReturn:
    raise InputDataError(
        f"{location(document.path, document.position(*keypath))}: {problem}; fix the "
        f"human-read log by hand (format: {schema_location(READ_LOG_SCHEMA)}); ars-docs never "
        "overwrites a corrupt log"
    )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


@lru_cache(maxsize=1)
def _quick_check() -> Check | None:
    return quick_validity_check(load_schema(READ_LOG_SCHEMA))


def _validator() -> Validator:
    return schema_validator(READ_LOG_SCHEMA)
