"""Read the audit artifact files (spec §4.3) with the positions diagnostics point at.

The proposal entry and the sidecar are JSON and are read as strict JSON
(duplicate keys, ``NaN`` and trailing garbage are errors); their line numbers
come from a YAML parse of the same text, done only when a diagnostic needs one.
The verdict file is YAML.

Timestamps must be quoted strings. The spec (§3.1) warns that an unquoted ISO
8601 value is a YAML timestamp, not a string, and must fail the schemas'
``type: string``. ars-docs' YAML reader keeps every scalar as text, so the
named timestamp fields are checked here: an unquoted one becomes a
``YamlTimestamp`` value, which no ``type: string`` accepts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.core.errors import InputDataError
from ars_docs.core.paths import contained, read_limit
from ars_docs.files.yaml.read import (
    KeyPath,
    Position,
    YamlDocument,
    decode_utf8,
    parse_yaml,
    read_bytes,
)

__all__ = [
    "ArtifactFile",
    "YamlTimestamp",
    "mark_unquoted_timestamps",
    "read_json_artifact",
    "read_yaml_artifact",
]

_YAML_TIMESTAMP = re.compile(
    r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"
    r"(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?"
    r"(?:[ \t]*(?:Z|z|[-+][0-9]{1,2}(?::?[0-9]{2})?))?)?\Z"
)


class YamlTimestamp:
    """An unquoted YAML timestamp: what a YAML 1.1 loader would turn into a datetime."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, YamlTimestamp) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("YamlTimestamp", self.text))


@dataclass(slots=True)
class ArtifactFile:
    """One artifact file: where it is, its data, and (lazily) its positions."""

    path: str
    data: Any
    text: str
    _document: YamlDocument | None = field(default=None, repr=False)

    def position(self, keypath: KeyPath) -> Position:
        """``(line, col)`` of the value at ``keypath`` (its nearest parent if absent)."""
        if self._document is None:
            try:
                self._document = parse_yaml(self.text, self.path)
            except InputDataError:
                self._document = YamlDocument(self.path, None)
        return self._document.position(*keypath)


def read_json_artifact(
    path: str, *, what: str, hint: str, root: Path | None = None
) -> ArtifactFile:
    """Read a JSON artifact; missing → ``InputMissingError``, malformed → ``InputDataError``.

    With ``root`` (the repository), a path that resolves outside it is refused
    (``ars_docs.core.paths.contained``); every artifact is a regular file of at most
    ``READ_LIMITS["audit artifact"]`` bytes.
    """
    text = decode_utf8(_read(path, what, hint, root), path)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InputDataError(
            f"{path}:{exc.lineno}:{exc.colno}: {what} is not valid JSON: {exc.msg}; "
            "fix the file or re-run the audit"
        ) from None
    except ValueError as exc:
        raise InputDataError(f"{path}: {what} is not valid JSON: {exc}; fix the file") from None
    return ArtifactFile(path, data, text)


def read_yaml_artifact(
    path: str,
    *,
    what: str,
    hint: str,
    timestamp_keys: Iterable[KeyPath] = (),
    root: Path | None = None,
) -> ArtifactFile:
    """Read a YAML artifact; the ``timestamp_keys`` must hold quoted strings."""
    text = decode_utf8(_read(path, what, hint, root), path)
    document = parse_yaml(text, path)
    data = mark_unquoted_timestamps(document, text.splitlines(), timestamp_keys)
    return ArtifactFile(path, data, text, document)


def _read(path: str, what: str, hint: str, root: Path | None) -> bytes:
    if root is not None:
        contained(root, path, what=what, folder="the repository")
    return read_bytes(path, what=what, hint=hint, limit=read_limit("audit artifact"))


def mark_unquoted_timestamps(
    document: YamlDocument, lines: list[str], keypaths: Iterable[KeyPath]
) -> Any:
    """``document.data`` with each unquoted timestamp at ``keypaths`` made a ``YamlTimestamp``.

    The value's source text is found right after its key's ``:`` on the key's
    line; a plain (unquoted, untagged) scalar there that reads as a YAML
    timestamp is replaced. Other values are left as they are.
    """
    data = document.data
    for keypath in keypaths:
        parent = _container(data, keypath[:-1])
        key = keypath[-1]
        if not isinstance(parent, dict) or not isinstance(parent.get(key), str):
            continue
        position = document.positions.get(keypath)
        if position is None or not 0 < position[0] <= len(lines):
            continue
        source = _value_source(lines[position[0] - 1][position[1] - 1 :])
        if source is not None and _YAML_TIMESTAMP.match(source):
            parent[key] = YamlTimestamp(parent[key])
    return data


def _value_source(after_key: str) -> str | None:
    """The plain scalar after ``key:``; ``None`` if it is quoted, tagged or absent."""
    match = re.match(r"""(?:"[^"]*"|'[^']*'|[^:]*)\s*:(?:\s+|$)(.*)""", after_key)
    if match is None:
        return None
    rest = match.group(1)
    if rest.startswith("&"):
        rest = rest.split(None, 1)[1] if " " in rest else ""
    if not rest or rest[0] in "\"'!*|>":
        return None
    return re.split(r"\s+#|,|}|\s*$", rest, maxsplit=1)[0].strip()


def _container(data: Any, keypath: KeyPath) -> Any:
    for key in keypath:
        if isinstance(data, dict) and isinstance(key, str):
            data = data.get(key)
        elif isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
            data = data[key]
        else:
            return None
    return data


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")
