"""Reading the evaluation fixture files, with positions for diagnostics (spec §7.2, §7.3).

A fixture's manifest is JSON, its expectations are YAML; both are read with
``ars_docs.audit.model.files`` so a diagnostic can name ``file:line``. ``Checker``
collects the lint's diagnostics: each is an error with one of the ``CODES``.
A file that cannot be parsed at all raises ``InputDataError`` (exit 65); a
missing one is a diagnostic, because a missing fixture file is what the lint
is there to find.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.audit.model.files import ArtifactFile, read_json_artifact, read_yaml_artifact
from ars_docs.audit.model.schemas import json_path
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.files.schema_check import load_schema
from ars_docs.files.yaml.read import KeyPath

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = [
    "ACTION_SCHEMA",
    "CODES",
    "INTEGRATION_SCHEMA",
    "MICRO_SCHEMA",
    "Checker",
    "inside",
    "read_json",
    "read_yaml",
]

MICRO_SCHEMA = "pattern_eval_manifest.schema.json"
INTEGRATION_SCHEMA = "pattern_eval_integration_manifest.schema.json"
ACTION_SCHEMA = "pattern_eval_action.schema.json"

CODES = {
    "EVAL-MANIFEST": "manifest.json missing or not valid against its fixture_kind's schema",
    "EVAL-COVERAGE": "each of the 17 patterns has exactly one fixture, each fixture one pattern",
    "EVAL-TABLE": "agent, pattern_scope and stage agree with the §7.2 mapping table",
    "EVAL-PATH": "every file the manifest names exists inside the fixture folder",
    "EVAL-VERDICT": "expected_audit_findings.yaml is a valid §3.5 verdict; findings point at lines",
    "EVAL-ACTION": "expected_orchestrator_action.yaml is well-formed; its phase and delta agree "
    "with the §5.6 inventory",
    "EVAL-SIGNAL": "the run's verdict, decision and phase give the §7.4 signal of its pattern",
    "EVAL-CONTEXT": "the passport snippet holds every cited work and an empty audit ledger",
    "EVAL-INTEGRATION": "the integration fixture's rounds, sub-fixtures and escalation agree",
}


@dataclass(slots=True)
class Checker:
    """Collects diagnostics, one per (file, line, code, message)."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    _seen: set[tuple[str, int, str, str]] = field(default_factory=set)

    def add(self, code: str, path: Path | str, message: str, line: int = 0, col: int = 0) -> None:
        assert code in CODES
        key = (str(path), line, code, message)
        if key not in self._seen:
            self._seen.add(key)
            self.diagnostics.append(Diagnostic(str(path), line, col, code, Severity.ERROR, message))

    def at(self, code: str, file: ArtifactFile, keypath: KeyPath, message: str) -> None:
        line, col = file.position(keypath)
        self.add(code, file.path, message, line, col)

    def schema(self, code: str, file: ArtifactFile, schema: str) -> bool:
        """Validate ``file`` against a shipped schema; report every error; ``True`` if valid."""
        errors = sorted(_validator(schema).iter_errors(file.data), key=lambda e: list(e.path))
        for error in errors:
            keypath = tuple(error.absolute_path)
            self.at(code, file, keypath, f"{json_path(keypath)}: {_message(error)} ({schema})")
        return not errors


def read_json(path: Path, what: str) -> ArtifactFile:
    return read_json_artifact(str(path), what=what, hint="check the fixture folder")


def read_yaml(path: Path, what: str, timestamps: tuple[KeyPath, ...] = ()) -> ArtifactFile:
    return read_yaml_artifact(
        str(path), what=what, hint="check the fixture folder", timestamp_keys=timestamps
    )


def inside(folder: Path, relative: str) -> Path | None:
    """``folder / relative`` if it stays inside ``folder`` (symlinks resolved), else ``None``."""
    target = folder / relative
    try:
        target.resolve().relative_to(folder.resolve())
    except ValueError:
        return None
    return target


def mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


@cache
def _validator(name: str) -> Validator:
    from jsonschema import Draft202012Validator

    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    built: Validator = Draft202012Validator(schema)
    return built


def _message(error: Any) -> str:
    if error.validator == "additionalProperties":
        return str(error.message).replace(
            "Additional properties are not allowed", "unknown field(s)"
        )
    if error.validator == "enum":
        allowed = ", ".join("null" if v is None else str(v) for v in error.validator_value)
        return f"{error.instance!r} is not one of: {allowed}"
    text: str = error.message
    return text if len(text) <= 200 else text[:199] + "…"
