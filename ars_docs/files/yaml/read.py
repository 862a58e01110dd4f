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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ars_docs.core.errors import InputDataError
from ars_docs.core.perf import gc_paused

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


def read_bytes(path: str, *, what: str, hint: str, limit: int | None = None) -> bytes:
    """Read a whole regular file (``ars_docs.core.paths.read_regular``: FIFOs and devices are
    refused, the size is capped per ``what``); a missing file raises
    ``InputMissingError``.

    ``what`` names the file's role ("passport", "human-read log") and ``hint`` says
    what to do when it is missing.
    """
    from ars_docs.core.paths import read_regular

    return read_regular(path, what=what, hint=hint, limit=limit)


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

    from ars_docs.files.yaml.compose import compose

    try:
        with gc_paused():
            return compose(text, path, line_offset)
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
