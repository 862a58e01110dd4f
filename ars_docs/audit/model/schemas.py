"""The four audit JSON Schemas (spec §3.2-§3.5) and validation that reports every error.

The schemas ship as package data in ``ars_docs/schemas`` (draft 2020-12):

- ``audit_artifact_entry.schema.json``  one ``audit_artifact[]`` entry; ``oneOf``
  a *proposal* arm (wrapper-emitted) and a *persisted* arm (passport)
- ``audit_jsonl.schema.json``           one row of the codex ``--json`` event stream
- ``audit_sidecar.schema.json``         ``<run_id>.meta.json``
- ``audit_verdict.schema.json``         ``<run_id>.verdict.yaml``, both shapes

``validate_*`` return *all* errors as ``SchemaError`` values, each with the
JSON path of the offending value (``$.verdict.round``). Where the spec makes a
schema constraint one of its §3.7 invariant rows (E3/E4/E5/E7 lifecycle arms,
A4 acknowledgement in a proposal, F1 the ``run_id`` pattern), the error
carries that row ID, so lints report the row rather than a bare schema code.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import TYPE_CHECKING, Any

from ars_docs.audit.model.schema_errors import (
    SCHEMA_CODE,
    Mode,
    SchemaError,
    json_path,
    to_error,
    unique,
)
from ars_docs.audit.model.verdict import FAILED, PASS
from ars_docs.core.errors import UsageError
from ars_docs.files.schema_check import Check, load_schema, quick_validity_check

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = [
    "ENTRY_SCHEMA",
    "JSONL_SCHEMA",
    "MODES",
    "SCHEMA_CODE",
    "SIDECAR_SCHEMA",
    "VERDICT_SCHEMA",
    "Mode",
    "SchemaError",
    "json_path",
    "quick_jsonl_row_check",
    "validate_entry",
    "validate_jsonl_row",
    "validate_sidecar",
    "validate_verdict",
]

ENTRY_SCHEMA = "audit_artifact_entry.schema.json"
JSONL_SCHEMA = "audit_jsonl.schema.json"
SIDECAR_SCHEMA = "audit_sidecar.schema.json"
VERDICT_SCHEMA = "audit_verdict.schema.json"

MODES: tuple[Mode, ...] = ("proposal", "persisted")


def validate_entry(data: Any, mode: Mode | None = None) -> list[SchemaError]:
    """Validate one ``audit_artifact[]`` entry.

    ``mode`` selects the lifecycle arm (``proposal`` for wrapper output,
    ``persisted`` for passport entries); ``None`` validates the ``oneOf``
    exactly as the schema file states it (either arm may match).
    """
    if mode is not None and mode not in MODES:
        raise UsageError(f"unknown mode {mode!r}; use one of: {', '.join(MODES)}")
    if _quick_entry(mode)(data):
        return []
    errors = [to_error(e, data, mode) for e in _entry_validator(mode).iter_errors(data)]
    return unique(errors)


def validate_sidecar(data: Any, verdict_status: str | None = None) -> list[SchemaError]:
    """Validate a sidecar; with ``verdict_status`` it is co-validated with its verdict.

    Alone, ``stream.jsonl_thread_id`` may be a UUID or ``""``; co-validated,
    ``""`` is accepted only when the companion verdict is ``AUDIT_FAILED``.
    """
    if _quick_sidecar(verdict_status not in (None, FAILED))(data):
        return []
    if verdict_status is None:
        return unique(
            [to_error(e, data, None) for e in _validator(SIDECAR_SCHEMA).iter_errors(data)]
        )
    pair = {"sidecar": data, "verdict_status": verdict_status}
    found = []
    for error in _co_validator().iter_errors(pair):
        keypath = list(error.absolute_path)
        if keypath[:1] == ["sidecar"]:
            keypath = keypath[1:]
        found.append(to_error(error, data, None, keypath))
    return unique(found)


def validate_verdict(data: Any) -> list[SchemaError]:
    """Validate a parsed ``<run_id>.verdict.yaml``."""
    if _quick(VERDICT_SCHEMA)(data):
        return []
    return unique([to_error(e, data, None) for e in _validator(VERDICT_SCHEMA).iter_errors(data)])


def validate_jsonl_row(data: Any) -> list[SchemaError]:
    """Validate one decoded JSONL event row."""
    if quick_jsonl_row_check()(data):
        return []
    return unique([to_error(e, data, None) for e in _validator(JSONL_SCHEMA).iter_errors(data)])


@cache
def quick_jsonl_row_check() -> Check:
    """A fast valid/invalid answer for one JSONL row (run ``validate_jsonl_row`` on a no).

    Rows are dispatched on ``type`` to a compiled check of that event's
    definition, instead of evaluating every ``if``/``then`` of the schema:
    a 100,000-event stream is validated in well under a second this way.
    """
    schema = load_schema(JSONL_SCHEMA)
    by_type: dict[str, Check] = {}
    for event_type in schema["properties"]["type"]["enum"]:
        rules = [
            rule["then"]
            for rule in schema["allOf"]
            if rule["if"]["properties"]["type"]["const"] == event_type
        ]
        narrowed = {"$defs": schema["$defs"], "allOf": rules}
        check = quick_validity_check(narrowed)
        if check is None:  # pragma: no cover - the shipped schema only uses supported keywords
            return _validator(JSONL_SCHEMA).is_valid
        by_type[event_type] = check

    def check_row(row: Any) -> bool:
        if not isinstance(row, dict):
            return False
        event_type = row.get("type")
        if not isinstance(event_type, str):
            return False
        check = by_type.get(event_type)
        return check is not None and check(row)

    return check_row


# --- validators ----------------------------------------------------------------
#
# Each validate_* first asks a compiled quick check (ars_docs.files.schema_check,
# about ten times faster than jsonschema) and runs jsonschema only to explain a
# "no". The quick checks are built from the same schema files; tests compare
# both answers on valid and broken artifacts.


@cache
def _quick(name: str) -> Check:
    # jsonschema (slow to import) is loaded only to explain a "no".
    check = quick_validity_check(load_schema(name))
    return check if check is not None else _validator(name).is_valid


@cache
def _quick_entry(mode: Mode | None) -> Check:
    check = quick_validity_check(_entry_schema(mode))
    return check if check is not None else _entry_validator(mode).is_valid


@cache
def _entry_schema(mode: Mode | None) -> dict[str, Any]:
    """The entry schema, its ``oneOf`` narrowed to one arm when ``mode`` is given."""
    if mode is None:
        return load_schema(ENTRY_SCHEMA)
    # The same file with its oneOf narrowed to one arm: errors then point at the
    # failing field instead of "valid under neither arm".
    schema = copy.deepcopy(load_schema(ENTRY_SCHEMA))
    del schema["oneOf"]
    schema["allOf"] = [{"$ref": f"#/$defs/{mode}"}]
    return schema


@cache
def _quick_sidecar(strict_thread: bool) -> Check:
    """The sidecar check; ``strict_thread``: the companion verdict is not AUDIT_FAILED."""
    schema = load_schema(SIDECAR_SCHEMA)
    if strict_thread:
        schema = copy.deepcopy(schema)
        stream = schema["properties"]["stream"]["properties"]
        stream["jsonl_thread_id"] = {"$ref": "#/$defs/uuid"}
    check = quick_validity_check(schema)
    if check is not None:
        return check
    if not strict_thread:  # pragma: no cover - the shipped schema compiles
        return _validator(SIDECAR_SCHEMA).is_valid
    co_validator = _co_validator()  # pragma: no cover
    return lambda data: co_validator.is_valid({"sidecar": data, "verdict_status": PASS})


@cache
def _validator(name: str) -> Validator:
    from jsonschema import Draft202012Validator

    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    built: Validator = Draft202012Validator(schema)
    return built


@cache
def _entry_validator(mode: Mode | None) -> Validator:
    if mode is None:
        return _validator(ENTRY_SCHEMA)
    from jsonschema import Draft202012Validator

    built: Validator = Draft202012Validator(_entry_schema(mode))
    return built


@cache
def _co_validator() -> Validator:
    from jsonschema import Draft202012Validator
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012

    # The pair {"sidecar": ..., "verdict_status": ...} against the sidecar
    # schema's own co_validated definition (its "#" is the sidecar schema).
    sidecar = load_schema(SIDECAR_SCHEMA)
    registry = Registry().with_resource(SIDECAR_SCHEMA, DRAFT202012.create_resource(sidecar))
    wrapper = {"$ref": f"{SIDECAR_SCHEMA}#/$defs/co_validated"}
    built: Validator = Draft202012Validator(wrapper, registry=registry)
    return built
