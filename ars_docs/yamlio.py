"""Read YAML (and JSON, a subset of it) into plain Python values with positions.

Shared by the corpus loader (§3.1 D1) and the human-read log (§3.6). Values
come back as plain ``dict``/``list``/``str``/``int``/``float``/``bool``/``None``
so they can be validated with JSON Schema and pickled; each mapping member and
sequence item also gets its 1-based ``(line, col)`` so findings can point at
the place the user has to edit.

Why not ``YAML().load``: building ruamel's node tree costs seconds for a
10,000-entry passport, and its constructors hide duplicate keys and
positions. Instead we read the event stream of libyaml (``ruamel.yaml.clib``;
the pure-Python parser when the C extension is missing) and build values
ourselves. Plain scalars follow the YAML 1.2 core schema (so ``yes`` is the
string "yes", never ``True``); plain timestamps stay strings, normalised to
RFC 3339 (``2026-04-30 10:00:00`` → ``2026-04-30T10:00:00``). Mapping keys are
kept as written. Duplicate keys are an error; ``<<`` merge keys and anchors
are supported.

The JSON Schemas shipped in ``ars_docs/schemas`` are read by ``schema_check``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import ArsIOError, InputDataError, InputMissingError
from .perf import gc_paused

__all__ = [
    "KeyPath",
    "Position",
    "YamlDocument",
    "decode_utf8",
    "load_yaml_file",
    "location",
    "parse_yaml",
    "plain_values",
    "read_bytes",
    "type_name",
]

Position = tuple[int, int]
"""1-based ``(line, col)``; ``(0, 0)`` when unknown (data built in memory)."""

KeyPath = tuple[str | int, ...]
"""Keys and indexes from the document root to a value, e.g. ``("a", 0, "b")``."""

_NO_POSITION: Position = (0, 0)


@dataclass(frozen=True, slots=True)
class YamlDocument:
    """One parsed document: its plain ``data`` and where each value starts."""

    path: str
    """The file name used in messages."""
    data: Any
    """Plain values (see the module docstring)."""
    positions: dict[KeyPath, Position] = field(default_factory=dict)
    """Position of each mapping key / sequence item, keyed by its key path."""

    def position(self, *keys: str | int) -> Position:
        """Where the value at ``keys`` starts; falls back to its nearest parent.

        For a mapping member this is the position of its key, which is the
        line a user looks for. Values reached through an alias report the
        alias.
        """
        positions = self.positions
        for end in range(len(keys), -1, -1):
            found = positions.get(keys[:end])
            if found is not None:
                return found
        return _NO_POSITION


def location(path: str, position: Position) -> str:
    """``path:line:col`` (or just ``path`` when the position is unknown)."""
    line, col = position
    return f"{path}:{line}:{col or 1}" if line else path


def read_bytes(path: str, *, what: str, hint: str) -> bytes:
    """Read a whole file; a missing file raises ``InputMissingError``.

    ``what`` names the file's role ("passport", "read log") and ``hint`` says
    what to do when it is missing.
    """
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError as exc:
        raise InputMissingError(f"{path}: {what} not found; {hint}") from exc
    except IsADirectoryError as exc:
        raise ArsIOError(f"{path}: {what} is a directory; give the path of a file") from exc
    except OSError as exc:
        raise ArsIOError(
            f"{path}: cannot read {what}: {exc.strerror or exc}; check the file's "
            "permissions and that the disk is readable"
        ) from exc


def decode_utf8(raw: bytes, path: str) -> str:
    """Decode UTF-8 (dropping a byte-order mark); invalid bytes are an input error."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + 1
        col = len(raw[line_start : exc.start].decode("utf-8", "replace")) + 1
        raise InputDataError(
            f"{path}:{line}:{col}: not valid UTF-8 (byte 0x{raw[exc.start]:02x}); "
            "re-save the file with UTF-8 encoding"
        ) from exc
    return text[1:] if text.startswith("\ufeff") else text


def load_yaml_file(path: str, *, what: str, hint: str) -> YamlDocument:
    """Read, decode and parse one YAML/JSON file."""
    return parse_yaml(decode_utf8(read_bytes(path, what=what, hint=hint), path), path)


def parse_yaml(text: str, path: str, *, line_offset: int = 0) -> YamlDocument:
    """Parse exactly one YAML document from ``text``.

    ``line_offset`` is added to every line (front matter inside a Markdown
    file starts below its opening ``---``). An empty document gives ``None``.
    Errors raise ``InputDataError`` as ``PATH:LINE:COL: malformed YAML: …``.
    """
    from ruamel.yaml.error import YAMLError

    try:
        with gc_paused():
            return _Composer(path, line_offset).compose(_event_source(text))
    except YAMLError as exc:
        raise InputDataError(_yaml_error_message(exc, text, path, line_offset)) from exc


def type_name(value: Any) -> str:
    """How a value is called in messages: "a string", "a mapping", "null"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def plain_values(value: Any) -> Any:
    """Copy in-memory data into plain values, dates turned into ISO 8601 strings."""
    if isinstance(value, Mapping):
        return {str(key): plain_values(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_values(item) for item in value]
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return value


def _event_source(text: str) -> Callable[[], Any]:
    """A callable returning the next parse event, from libyaml when available."""
    try:
        from ruamel.yaml.cyaml import CParser  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - depends on the platform
        return _pure_event_source(text)
    get_event: Callable[[], Any] = CParser(text).get_event
    return get_event


def _pure_event_source(text: str) -> Callable[[], Any]:
    from ruamel.yaml import YAML

    events: Iterator[Any] = iter(YAML(typ="safe", pure=True).parse(text))
    return events.__next__


def _yaml_error_message(exc: Exception, text: str, path: str, line_offset: int) -> str:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or getattr(exc, "reason", None) or str(exc)
    if mark is not None:
        line, col = mark.line + 1, mark.column + 1
    else:
        # ReaderError (e.g. a control character) only carries an offset.
        offset = getattr(exc, "position", 0) or 0
        line = text.count("\n", 0, offset) + 1
        col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    problem = " ".join(str(problem).split())
    return f"{path}:{line + line_offset}:{col}: malformed YAML: {problem}; fix the YAML syntax"


# --- scalar resolution (YAML 1.2 core schema + timestamps kept as text) -----

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"

_WORDS: dict[str, Any] = {
    "": None,
    "~": None,
    "null": None,
    "Null": None,
    "NULL": None,
    "true": True,
    "True": True,
    "TRUE": True,
    "false": False,
    "False": False,
    "FALSE": False,
}
_INT_RE = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT_RE = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_SPECIAL_FLOATS = {
    ".inf": float("inf"),
    ".Inf": float("inf"),
    ".INF": float("inf"),
    "+.inf": float("inf"),
    "+.Inf": float("inf"),
    "+.INF": float("inf"),
    "-.inf": float("-inf"),
    "-.Inf": float("-inf"),
    "-.INF": float("-inf"),
    ".nan": float("nan"),
    ".NaN": float("nan"),
    ".NAN": float("nan"),
}
_TIMESTAMP_RE = re.compile(
    r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})"
    r"(?:(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(\.[0-9]*)?"
    r"(?:[ \t]*(Z|z|[-+][0-9]{1,2}(?::?[0-9]{2})?))?)?\Z"
)
_NUMERIC_START = frozenset("-+.0123456789")


def _timestamp_text(match: re.Match[str]) -> str:
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    text = f"{year}-{int(month):02d}-{int(day):02d}"
    if hour is None:
        return text
    text += f"T{int(hour):02d}:{minute}:{second}{fraction or ''}"
    if zone is None:
        return text
    if zone in ("Z", "z"):
        return text + "Z"
    sign, digits = zone[0], zone[1:].replace(":", "")
    hours, minutes = (digits[:-2], digits[-2:]) if len(digits) > 2 else (digits, "00")
    return f"{text}{sign}{int(hours):02d}:{minutes}"


def _resolve_plain(value: str) -> Any:
    """Type of an untagged plain scalar (YAML 1.2 core schema)."""
    if value in _WORDS:
        return _WORDS[value]
    if value[0] not in _NUMERIC_START:
        return value
    if _INT_RE.match(value):
        return int(value)
    if value.startswith(("0o", "0x")):
        try:
            return int(value[2:], 8 if value[1] == "o" else 16)
        except ValueError:
            return value
    if _FLOAT_RE.match(value):
        return float(value)
    if value in _SPECIAL_FLOATS:
        return _SPECIAL_FLOATS[value]
    stamp = _TIMESTAMP_RE.match(value)
    return _timestamp_text(stamp) if stamp else value


def _short_tag(tag: str) -> str:
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix) :] if tag.startswith(prefix) else tag


def _resolve_tagged(tag: str, value: str) -> Any:
    """Value of a scalar with an explicit tag; ``ValueError`` if it does not fit."""
    if tag == _STR:
        return value
    if tag == _TIMESTAMP:
        stamp = _TIMESTAMP_RE.match(value)
        if stamp is None:
            raise ValueError("not a timestamp")
        return _timestamp_text(stamp)
    resolved = _resolve_plain(value) if value else None
    if tag == _NULL and resolved is None:
        return None
    if tag == _BOOL and isinstance(resolved, bool):
        return resolved
    if tag == _INT and isinstance(resolved, int) and not isinstance(resolved, bool):
        return resolved
    if tag == _FLOAT and isinstance(resolved, (int, float)) and not isinstance(resolved, bool):
        return float(resolved)
    kinds = {_INT: "an integer", _FLOAT: "a number", _BOOL: "true or false", _NULL: "null"}
    if tag in kinds:
        raise ValueError(f"not {kinds[tag]}")
    raise ValueError("unsupported tag")


# --- composing values from events ------------------------------------------


class _Merge:
    """Sentinel key for ``<<`` merge keys."""


_MERGE_KEY = _Merge()
_NO_KEY = object()


class _Frame:
    """An open mapping or sequence while its events are read."""

    __slots__ = ("anchor", "key", "key_pos", "keypath", "merges", "value")

    def __init__(self, value: dict[str, Any] | list[Any], keypath: KeyPath, anchor: Any) -> None:
        self.value = value
        self.keypath = keypath
        self.anchor = anchor
        self.key: Any = _NO_KEY
        self.key_pos: Position = _NO_POSITION
        self.merges: list[tuple[dict[str, Any], Position]] = []


class _Composer:
    def __init__(self, path: str, line_offset: int) -> None:
        self.path = path
        self.line_offset = line_offset
        self.positions: dict[KeyPath, Position] = {}
        self.anchors: dict[str, Any] = {}

    def fail(self, mark: Any, problem: str, todo: str) -> InputDataError:
        where = (mark.line + 1 + self.line_offset, mark.column + 1)
        return InputDataError(f"{location(self.path, where)}: {problem}; {todo}")

    def compose(self, next_event: Callable[[], Any]) -> YamlDocument:
        from ruamel.yaml import events

        scalar_event = events.ScalarEvent
        mapping_start = events.MappingStartEvent
        sequence_start = events.SequenceStartEvent
        collection_end = (events.MappingEndEvent, events.SequenceEndEvent)
        alias_event = events.AliasEvent
        document_start = events.DocumentStartEvent
        stream_end = events.StreamEndEvent
        resolve_plain = _resolve_plain
        offset = self.line_offset + 1

        stack: list[_Frame] = []
        root: Any = None
        documents = 0
        while True:
            event = next_event()
            kind = type(event)
            mark = event.start_mark
            if kind is scalar_event:
                top = stack[-1] if stack else None
                if top is not None and top.key is _NO_KEY and type(top.value) is dict:
                    # A mapping key: kept as written, never type-resolved.
                    key = event.value
                    if key == "<<" and not event.style:
                        top.key = _MERGE_KEY
                    elif key in top.value:
                        first_at = (*top.keypath, key)
                        first = self.positions.get(first_at, _NO_POSITION)
                        raise self.fail(
                            mark,
                            f"duplicate key {key!r} (first at line {first[0]})",
                            "remove or rename one of them",
                        )
                    else:
                        top.key = key
                    top.key_pos = (mark.line + offset, mark.column + 1)
                    continue
                if event.ctag is None:
                    value = resolve_plain(event.value) if not event.style else event.value
                elif event.tag == "!":  # the non-specific tag: a string
                    value = event.value
                else:
                    try:
                        value = _resolve_tagged(event.tag, event.value)
                    except ValueError as exc:
                        raise self.fail(
                            mark,
                            f"cannot read {event.value!r} as {_short_tag(event.tag)}: {exc}",
                            "remove the tag or fix the value",
                        ) from None
                if event.anchor is not None:
                    self.anchors[event.anchor] = value
            elif kind is mapping_start or kind is sequence_start:
                tag = event.tag
                expected = _MAP if kind is mapping_start else _SEQ
                if tag is not None and tag != "!" and tag != expected:
                    raise self.fail(
                        mark, f"unsupported YAML tag {_short_tag(tag)}", "remove the tag"
                    )
                stack.append(
                    _Frame(
                        {} if kind is mapping_start else [],
                        self.child_keypath(stack, mark),
                        event.anchor,
                    )
                )
                continue
            elif kind in collection_end:
                frame = stack.pop()
                value = frame.value
                if frame.merges:
                    self.apply_merges(frame)
                if frame.anchor is not None:
                    self.anchors[frame.anchor] = value
                mark = None
            elif kind is alias_event:
                if event.anchor not in self.anchors:
                    raise self.fail(
                        mark,
                        f"alias *{event.anchor} refers to no anchor defined before it",
                        f"define &{event.anchor} earlier in the file",
                    )
                value = self.anchors[event.anchor]
            elif kind is document_start:
                documents += 1
                if documents > 1:
                    raise self.fail(
                        mark, "more than one YAML document in the file", "keep a single document"
                    )
                continue
            elif kind is stream_end:
                break
            else:  # stream start, document end
                continue
            if not stack:
                root = value
                continue
            self.attach(stack[-1], value, mark, offset)
        return YamlDocument(self.path, root, self.positions)

    def child_keypath(self, stack: list[_Frame], mark: Any) -> KeyPath:
        """Key path of a collection that starts now; records its position."""
        if not stack:
            self.positions[()] = (mark.line + self.line_offset + 1, mark.column + 1)
            return ()
        top = stack[-1]
        if type(top.value) is list:
            keypath = (*top.keypath, len(top.value))
            self.positions[keypath] = (mark.line + self.line_offset + 1, mark.column + 1)
            return keypath
        if top.key is _NO_KEY:
            raise self.fail(
                mark, "a mapping key is itself a list or mapping", "use a plain string key"
            )
        if top.key is _MERGE_KEY:
            return top.keypath
        return (*top.keypath, top.key)

    def attach(self, top: _Frame, value: Any, mark: Any, offset: int) -> None:
        container = top.value
        if type(container) is list:
            if mark is not None:
                item_at = (*top.keypath, len(container))
                self.positions[item_at] = (mark.line + offset, mark.column + 1)
            container.append(value)
            return
        key = top.key
        if key is _NO_KEY:
            line, col = top.key_pos if mark is None else (mark.line + offset, mark.column + 1)
            raise InputDataError(
                f"{self.path}:{line}:{col}: an alias is used as a mapping key; "
                "write the key out as plain text"
            )
        if key is _MERGE_KEY:
            sources = value if isinstance(value, list) else [value]
            if not all(isinstance(source, dict) for source in sources):
                line, col = top.key_pos
                raise InputDataError(
                    f"{self.path}:{line}:{col}: the merge key '<<' needs a mapping or a "
                    "list of mappings; point it at a mapping anchor"
                )
            top.merges.extend((source, top.key_pos) for source in sources)
        else:
            container[key] = value
            member_at = (*top.keypath, key)
            self.positions[member_at] = top.key_pos
        top.key = _NO_KEY

    def apply_merges(self, frame: _Frame) -> None:
        # Explicit keys win over merged ones; earlier merge sources win over later.
        target = frame.value
        assert isinstance(target, dict)
        for source, position in frame.merges:
            for key, item in source.items():
                if key not in target:
                    target[key] = item
                    member_at = (*frame.keypath, key)
                    self.positions[member_at] = position
