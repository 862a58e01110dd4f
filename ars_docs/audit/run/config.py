"""``audit run`` settings: ``[audit]`` of ``ars-docs.toml`` plus environment (§4.4 Step 2b).

The auditor is invoked the way codex 0.125+ takes its options (§4.4 Step 2b):
``codex exec -m MODEL -c 'model_reasoning_effort="EFFORT"' --json -``. The
model, the reasoning effort, the auditor command and the default timeout are
deployment settings, so they live in the ``[audit]`` table of
``ars-docs.toml``:

    [audit]
    codex = "codex"              # command; a deployment may wrap it ("ssh ci codex")
    model = "gpt-5.5"
    reasoning_effort = "xhigh"
    timeout = 1800               # seconds; 0 means no limit

The file is ``$ARS_AUDIT_CONFIG`` if set, else ``ars-docs.toml`` in the working
directory; no file means the defaults. The
environment overrides the file: ``ARS_AUDIT_MODEL``,
``ARS_AUDIT_REASONING_EFFORT``, ``ARS_AUDIT_TIMEOUT`` and ``ARS_CODEX`` (the
command); the ``--codex`` and ``--timeout`` flags override both. As for the
retrieval settings, an unknown key or a bad value is an error naming the file
(exit 65), a bad environment value a usage error (exit 64).
"""

from __future__ import annotations

import difflib
import math
import os
import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.core.errors import ArsError, InputDataError, UsageError
from ars_docs.core.paths import read_regular, regular_or_absent
from ars_docs.core.settings import CONFIG_NAME

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = ["CONFIG_ENV", "AuditSettings", "load_settings", "parse_timeout", "split_command"]

CONFIG_ENV = "ARS_AUDIT_CONFIG"
_ENV = {
    "codex": "ARS_CODEX",
    "model": "ARS_AUDIT_MODEL",
    "reasoning_effort": "ARS_AUDIT_REASONING_EFFORT",
    "timeout": "ARS_AUDIT_TIMEOUT",
}
_EFFORTS = ("minimal", "low", "medium", "high", "xhigh")
_MAX_TIMEOUT = 7 * 24 * 3600.0


@dataclass(frozen=True, slots=True)
class AuditSettings:
    codex: tuple[str, ...] = ("codex",)
    """The auditor command as an argument list (split like a shell would)."""
    model: str = "gpt-5.5"
    reasoning_effort: str = "xhigh"
    timeout: float | None = None
    """Seconds before the auditor's process group is killed; ``None``: no limit."""
    source: str = "defaults"
    """Where the settings came from, for messages."""


def load_settings(environ: Mapping[str, str] | None = None) -> AuditSettings:
    """The defaults, then the config file's ``[audit]``, then the environment."""
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    source = "defaults"
    path = _find_file(env)
    if path is not None:
        values.update(_read_file(path))
        source = str(path)
    for key, name in _ENV.items():
        raw = env.get(name)
        if raw is None or raw == "":
            continue
        try:
            values[key] = _convert(key, raw)
        except ValueError as exc:
            raise UsageError(f"${name}={raw!r}: {exc}") from None
    return AuditSettings(source=source, **values)


def parse_timeout(raw: Any) -> float | None:
    """Seconds (``0`` = no limit) → ``None`` or a positive float; ``ValueError`` when bad."""
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise ValueError("the timeout must be a number of seconds")
    try:
        seconds = float(raw)
    except ValueError:
        raise ValueError("the timeout must be a number of seconds, e.g. 1800") from None
    if not math.isfinite(seconds) or seconds < 0 or seconds > _MAX_TIMEOUT:
        raise ValueError(f"the timeout must be between 0 (no limit) and {_MAX_TIMEOUT:g} seconds")
    return None if seconds == 0 else seconds


def split_command(raw: str) -> tuple[str, ...]:
    """An auditor command line → its words, split as a POSIX shell would."""
    try:
        words = tuple(shlex.split(raw))
    except ValueError as exc:
        raise ValueError(f"cannot split the auditor command: {exc}") from None
    if not words:
        raise ValueError("the auditor command is empty")
    return words


def _convert(key: str, raw: Any) -> Any:
    if key == "timeout":
        return parse_timeout(raw)
    if not isinstance(raw, str) or not raw.strip() or any(ord(c) < 32 for c in raw):
        raise ValueError(f"{key} must be a non-empty one-line string")
    if key == "codex":
        return split_command(raw)
    if key == "reasoning_effort" and raw not in _EFFORTS:
        raise ValueError(f"reasoning_effort must be one of {', '.join(_EFFORTS)}")
    if key == "model" and ('"' in raw or "\\" in raw or raw.startswith("-")):
        raise ValueError("model cannot start with '-' or contain '\"' or '\\'")
    return raw


def _find_file(env: Mapping[str, str]) -> Path | None:
    named = env.get(CONFIG_ENV)
    if named:
        path = Path(named)
        try:
            present = regular_or_absent(path, what="config file")
        except ArsError as exc:
            raise UsageError(f"${CONFIG_ENV}={named}: {exc.message}; fix or unset it") from None
        if not present:
            raise UsageError(f"${CONFIG_ENV}={named}: no such file; fix or unset it")
        return path
    here = Path(CONFIG_NAME)
    return here if here.is_file() else None


def _read_file(path: Path) -> dict[str, Any]:
    raw = read_regular(path, what="config", hint="check the path")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputDataError(f"{path}: not valid UTF-8; re-save the file as UTF-8") from None
    try:
        section = tomllib.loads(text).get("audit", {})
    except tomllib.TOMLDecodeError as exc:
        raise InputDataError(f"{path}: malformed TOML: {exc}; fix the syntax") from None
    if not isinstance(section, dict):
        raise InputDataError(f"{path}: `audit` must be a table: write [audit]")
    values: dict[str, Any] = {}
    for key, raw in section.items():
        if key not in _ENV:
            close = difflib.get_close_matches(key, list(_ENV), n=1)
            hint = f"did you mean {close[0]!r}?" if close else "see docs/audit.md"
            where = f"{path}:{_line_of(text, key)}"
            raise InputDataError(f"{where}: unknown key {key!r} in [audit]; {hint}")
        try:
            values[key] = _convert(key, raw)
        except ValueError as exc:
            raise InputDataError(f"{path}:{_line_of(text, key)}: [audit] {exc}") from None
    return values


def _line_of(text: str, key: str) -> int:
    """1-based line of ``key = …`` inside ``[audit]`` (0 when not found)."""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped.split("#", 1)[0].strip() == "[audit]"
        elif inside and stripped.split("=", 1)[0].strip().strip("\"'") == key:
            return number
    return 0
