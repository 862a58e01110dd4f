"""Schema errors of the audit artifacts: JSON paths, messages, and the §3.7 row each one is.

``SchemaError`` is what ``ars_docs.audit.model.schemas.validate_*`` return. Where the
spec makes a schema constraint one of its invariant rows, the error carries
that row ID instead of ``SCHEMA``: E4 (a proposal with ``verified_at`` /
``verified_by``), A4 (a proposal with ``acknowledgement``), E3 (a persisted
entry without them, or another ``verified_by``), E5 (a persisted
``AUDIT_FAILED``), E7 (an acknowledgement entry whose status is not a real
one), B10 (an empty ``finding_ids``) and F1 (the ``run_id`` pattern).
Messages are made readable (no regex dumps) and one line long.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ars_docs.audit.model.files import YamlTimestamp
from ars_docs.audit.model.verdict import FAILED
from ars_docs.files.yaml.read import type_name

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

__all__ = ["SCHEMA_CODE", "Mode", "SchemaError", "json_path", "to_error", "unique"]

SCHEMA_CODE = "SCHEMA"
"""Code of a schema error that is not one of the §3.7 rows."""

Mode = Literal["proposal", "persisted"]

_MAX_MESSAGE = 200


@dataclass(frozen=True, slots=True)
class SchemaError:
    """One schema violation."""

    path: str
    """JSON path of the offending value, e.g. ``$.verdict.finding_counts.p1``."""
    keypath: tuple[str | int, ...]
    """The same path as keys and indexes (for line lookups)."""
    keyword: str
    """The JSON Schema keyword that failed (``pattern``, ``required`` …)."""
    message: str
    row: str
    """The §3.7 row ID this constraint implements, or ``SCHEMA``."""

    def format(self) -> str:
        return f"{self.path}: {self.message}"


def json_path(keypath: tuple[str | int, ...] | list[str | int]) -> str:
    """``("a", 0, "b c")`` → ``$.a[0]['b c']``."""
    parts = ["$"]
    for key in keypath:
        if isinstance(key, int):
            parts.append(f"[{key}]")
        elif key.isidentifier():
            parts.append(f".{key}")
        else:
            parts.append(f"[{json.dumps(key, ensure_ascii=False)}]")
    return "".join(parts)


def to_error(
    error: ValidationError,
    data: Any,
    mode: Mode | None,
    keypath: list[Any] | None = None,
) -> SchemaError:
    path = tuple(error.absolute_path) if keypath is None else tuple(keypath)
    keyword = str(error.validator)
    message, row = _describe(error, data, mode, path, keyword)
    if len(message) > _MAX_MESSAGE:
        message = message[: _MAX_MESSAGE - 1] + "…"
    return SchemaError(json_path(path), path, keyword, message, row)


def _describe(
    error: ValidationError,
    data: Any,
    mode: Mode | None,
    path: tuple[Any, ...],
    keyword: str,
) -> tuple[str, str]:
    # With a mode, the arm is the schema's only allOf member (see _entry_validator).
    arm = mode if list(error.schema_path)[:1] == ["allOf"] else None
    if path[-1:] == ("run_id",) and keyword in ("pattern", "maxLength", "type"):
        return (
            f"run_id {error.instance!r} is not <YYYY-MM-DDTHH-MM-SSZ>-<4 lowercase hex> "
            "(F1); use the run_id the wrapper generated",
            "F1",
        )
    if arm == "proposal" and keyword == "not" and path == ("verdict",):
        present = [
            k
            for k in ("verified_at", "verified_by")
            if isinstance(error.instance, Mapping) and k in error.instance
        ]
        return (
            f"a proposal must not carry verdict.{'/'.join(present) or 'verified_at'}: only the "
            "orchestrator sets them when it merges the entry; rejected as Pattern C3 attack "
            "surface (E4)",
            "E4",
        )
    if arm == "proposal" and keyword == "not" and path == ():
        return (
            "a proposal must not carry acknowledgement: only the orchestrator appends one "
            "(A4); remove it",
            "A4",
        )
    if path == ("verdict",) and keyword == "required" and arm == "persisted":
        return (f"a persisted entry needs {error.message.split(' is a ')[0]} (E3)", "E3")
    if path[-2:] == ("acknowledgement", "finding_ids") and keyword == "minItems":
        return ("acknowledgement.finding_ids violates rule 1: it is empty (B10)", "B10")
    if path == ("verdict", "verified_by") and keyword == "const":
        return ("verdict.verified_by must be 'pipeline_orchestrator_agent' (E3)", "E3")
    if path == ("verdict", "status") and keyword == "enum" and mode == "persisted":
        has_ack = isinstance(data, Mapping) and "acknowledgement" in data
        if error.instance == FAILED:
            return (f"{FAILED} is never persisted into the passport (E5)", "E5")
        if has_ack:
            return (
                f"verdict.status {error.instance!r} on an acknowledgement entry: the status "
                "stays MATERIAL; acknowledgement is a sibling annotation (E7)",
                "E7",
            )
    if keyword == "pattern" and "(?!/)" in str(error.validator_value):
        return (
            f"{error.instance!r} is not a repo-relative POSIX path (no leading '/', no '..' "
            "segment, no backslash)",
            SCHEMA_CODE,
        )
    if keyword == "not" and isinstance(error.instance, str):
        return (
            "contains a control character (a line break or tab); keep it on one line",
            SCHEMA_CODE,
        )
    if keyword == "anyOf" and error.context:
        best = min(error.context, key=lambda e: len(e.message))
        return (best.message, SCHEMA_CODE)
    if keyword == "type" and not isinstance(error.instance, YamlTimestamp):
        # Name the type, never quote the value: a file that is not an artifact at
        # all (a link to a secrets file) must not be printed (issue 29 item 8).
        expected = error.validator_value
        wanted = " or ".join(expected) if isinstance(expected, list) else str(expected)
        what = "the file holds" if not path else "is"
        return (f"{what} {type_name(error.instance)}, expected {wanted}", SCHEMA_CODE)
    if isinstance(error.instance, YamlTimestamp):
        return (
            f"{error.instance} is an unquoted YAML timestamp, not a string; quote it",
            SCHEMA_CODE,
        )
    return (error.message, SCHEMA_CODE)


def unique(errors: list[SchemaError]) -> list[SchemaError]:
    # Two keywords can reject the same value for one reason (the common enum and
    # the persisted arm's enum); report each (path, row) once.
    seen: set[tuple[str, str, str]] = set()
    kept = []
    for error in errors:
        key = (error.path, error.row, error.keyword if error.row == SCHEMA_CODE else "")
        if key not in seen:
            seen.add(key)
            kept.append(error)
    return kept
