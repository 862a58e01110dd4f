"""``ars-docs.toml``: reading the settings file every section shares.

The file holds one table per part of ars-docs (``[gate]``, ``[retrieval]``,
``[audit]``); each part validates its own table. This module reads the file
once through the path policy (a regular file, at most 1 MiB) and turns every
problem into an ``InputDataError`` (exit 65) naming the file and, where it can
be found, the line: not UTF-8, malformed TOML, nesting deeper than
``core.limits.MAX_NESTING`` (tomllib would recurse until it crashes).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.core.errors import InputDataError
from ars_docs.core.limits import MAX_NESTING, line_col, nesting_too_deep
from ars_docs.core.paths import read_regular

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = ["CONFIG_NAME", "SettingsFile", "read_settings"]

#: The settings file's name (beside the passport, or where a part's docs say).
CONFIG_NAME = "ars-docs.toml"

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
_TOML_SKIPPED = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
)


@dataclass(frozen=True)
class SettingsFile:
    path: Path
    text: str
    document: dict[str, Any]

    def error(self, table: tuple[str, ...], key: str, message: str) -> InputDataError:
        """An error at the line of ``key`` in ``[table]`` (the file alone when not found)."""
        line = key_line(self.text.splitlines(), table, key)
        where = f"{self.path}:{line}" if line else str(self.path)
        return InputDataError(f"{where}: {message}")


def read_settings(path: Path) -> SettingsFile:
    raw = read_regular(path, what="config", hint="check the path")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputDataError(f"{path}: not valid UTF-8; re-save the file as UTF-8") from exc
    _refuse_deep_nesting(path, text)
    try:
        document = tomllib.loads(text)
    except RecursionError as exc:  # only if the scan below missed a case: still no traceback
        raise InputDataError(
            f"{path}: arrays or inline tables nest too deep; flatten the config"
        ) from exc
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_POSITION.search(message)
        where = f"{path}:{found.group(1)}:{found.group(2)}" if found else str(path)
        problem = _TOML_POSITION.sub("", message).strip()
        raise InputDataError(f"{where}: malformed TOML: {problem}; fix the syntax") from exc
    return SettingsFile(path, text, document)


def _refuse_deep_nesting(path: Path, text: str) -> None:
    """Exit 65 at the line where arrays/inline tables nest deeper than ``MAX_NESTING``
    (tomllib parses them recursively and would raise ``RecursionError``)."""
    # Blank out strings and comments, keeping offsets, then count brackets.
    bare = _TOML_SKIPPED.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    too_deep = nesting_too_deep(bare)
    if too_deep is not None:
        line, col = line_col(text, too_deep)
        raise InputDataError(
            f"{path}:{line}:{col}: arrays or inline tables nest more than {MAX_NESTING} "
            "levels deep; flatten the config"
        )


def key_line(lines: list[str], table: tuple[str, ...], key: str) -> int:
    """1-based line of ``key`` inside ``[table]`` (best effort; 0 when not found)."""
    current: tuple[str, ...] = ()
    pattern = re.compile(rf"""\s*(["']?){re.escape(key)}\1\s*=""")
    for number, line in enumerate(lines, 1):
        header = re.match(r"\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$", line)
        if header:
            current = tuple(p.strip().strip("\"'") for p in header.group(1).split("."))
            if current == (*table, key):
                return number
            continue
        if current == table and pattern.match(line):
            return number
    return 0
