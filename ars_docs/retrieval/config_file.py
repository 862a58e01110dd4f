"""Reading the ``[retrieval]`` section of ``ars-docs.toml`` (§3.5 configuration).

Every problem is an ``InputDataError`` (exit 65) naming the file and, where
it can be found, the line of the offending key, with what to do about it:
malformed TOML, unknown keys (with a "did you mean"), wrong types, values out
of range, malformed URLs. Relative paths are resolved against the file's
folder.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from ars_docs.core.errors import ArsError, InputDataError
from ars_docs.core.settings import key_line, read_settings
from ars_docs.retrieval.config_keys import (
    ENDPOINT_DEFAULTS,
    PATH_KEYS,
    SCALAR_KEYS,
    TABLES,
    scalar_problem,
    url_problem,
)
from ars_docs.retrieval.judge.content import name_key

__all__ = ["read_config_file"]


def read_config_file(path: Path) -> dict[str, Any]:
    settings = read_settings(path)
    document, text = settings.document, settings.text
    section = document.get("retrieval", {})
    checker = _Checker(path, text)
    if not isinstance(section, dict):
        raise checker.error((), "retrieval", "`retrieval` must be a table: write [retrieval]")
    values: dict[str, Any] = {}
    for key, raw in section.items():
        if key in SCALAR_KEYS:
            values[key] = checker.scalar(key, raw)
            if key in PATH_KEYS:
                values[key] = str((path.parent / values[key]).resolve())
        elif key == "endpoints":
            values[key] = checker.endpoints(raw)
        elif key in ("author_homepages", "entry_homepages"):
            values[key] = checker.homepages(key, raw, by_author=key == "author_homepages")
        else:
            known = [*SCALAR_KEYS, *TABLES]
            close = difflib.get_close_matches(key, known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "see docs/retrieval.md"
            raise checker.error(("retrieval",), key, f"unknown key {key!r} in [retrieval]; {hint}")
    return values


class _Checker:
    """Validates values of the file and points errors at the line of the key."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()

    def error(self, table: tuple[str, ...], key: str, message: str) -> ArsError:
        line = key_line(self.lines, table, key)
        where = f"{self.path}:{line}" if line else str(self.path)
        return InputDataError(f"{where}: {message}")

    def scalar(self, key: str, raw: Any) -> Any:
        problem = scalar_problem(key, raw)
        if problem:
            raise self.error(("retrieval",), key, f"{key}: {problem}")
        kind = SCALAR_KEYS[key][0]
        return float(raw) if kind is float else raw

    def endpoints(self, raw: Any) -> dict[str, str]:
        table = ("retrieval", "endpoints")
        if not isinstance(raw, dict):
            raise self.error(("retrieval",), "endpoints", "endpoints must be a table")
        merged = dict(ENDPOINT_DEFAULTS)
        for name, url in raw.items():
            if name not in ENDPOINT_DEFAULTS:
                known = ", ".join(ENDPOINT_DEFAULTS)
                raise self.error(table, name, f"unknown endpoint {name!r}; known: {known}")
            problem = url_problem(url)
            if problem:
                raise self.error(table, name, f"endpoint {name}: {problem}")
            merged[name] = url.rstrip("/")
        return merged

    def homepages(self, key: str, raw: Any, *, by_author: bool) -> dict[str, tuple[str, ...]]:
        if not isinstance(raw, dict):
            raise self.error(("retrieval",), key, f"{key} must be a table of name = [urls]")
        out: dict[str, tuple[str, ...]] = {}
        for name, urls in raw.items():
            listed = [urls] if isinstance(urls, str) else urls
            if not isinstance(listed, list) or not all(isinstance(u, str) for u in listed):
                raise self.error(
                    ("retrieval", key), name, f"{key}.{name} must be a URL or a list of URLs"
                )
            for url in listed:
                problem = url_problem(url)
                if problem:
                    raise self.error(("retrieval", key), name, f"{key}.{name}: {problem}")
            slot = name_key(name) if by_author else name
            out[slot] = (*out.get(slot, ()), *listed)
        return out
