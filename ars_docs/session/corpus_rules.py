"""The §3.1 firm rules and the entry schema, applied to one corpus entry.

``review_entry`` reads one ``literature_corpus[]`` entry the way the loader
must: the trust flags in their most conservative sense whenever an entry
breaks a firm rule, with a finding for every breach, schema error, unknown
field and legacy field. Its diagnostic codes live in ``ars_docs.core.codes``;
the loader (``corpus.py``) and ``lint corpus`` import them from here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ars_docs.core.codes import (
    AUDITED_WITHOUT_SOURCE,
    LEGACY_VERIFIED,
    LITERAL_HUMAN_READ,
    TRUST_FLAG_NOT_BOOLEAN,
    VERIFIED_WITHOUT_BASIS,
)
from ars_docs.core.codes import PASSPORT_SCHEMA_ERROR as SCHEMA_ERROR
from ars_docs.core.codes import PASSPORT_UNKNOWN_FIELD as UNKNOWN_FIELD
from ars_docs.core.diagnostics import Severity
from ars_docs.files.schema_check import (
    load_schema,
    quick_validity_check,
    schema_location,
    unknown_properties,
    without_closed_objects,
)
from ars_docs.files.yaml.read import KeyPath, type_name

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

FIRM_RULE_CODES = frozenset(
    {VERIFIED_WITHOUT_BASIS, AUDITED_WITHOUT_SOURCE, LITERAL_HUMAN_READ, TRUST_FLAG_NOT_BOOLEAN}
)
"""Codes that break a §3.1 firm rule or the trust-field types: warnings when
loading (the entry is read conservatively), errors when linting."""

AFFIRMATIVE_METHODS = frozenset({"codex_audit", "manual_grep", "vision_check"})
"""``source_verification_method`` values that can back a verification claim."""

ENTRY_SCHEMA = "literature_corpus_entry.schema.json"
_DERIVED_FIELDS = ("human_read_source", "human_read_at")
_MISSING = object()
_TRUST_FLAGS = ("source_acquired", "source_verified_against_original")


Finding = tuple[KeyPath, str, Severity, str]
"""``(field path inside the entry, code, severity, message)``."""


def review_entry(entry: Mapping[str, Any], schema: EntrySchema) -> tuple[bool, bool, list[Finding]]:
    """Read the trust flags of one entry conservatively and list what is wrong.

    Returns ``(source_acquired, source_verified_against_original, findings)``;
    the booleans are true only when the entry earns them.
    """
    findings = list(_schema_findings(entry, schema))
    acquired_raw = entry.get("source_acquired", _MISSING)
    verified_raw = entry.get("source_verified_against_original", _MISSING)
    for name, raw in zip(_TRUST_FLAGS, (acquired_raw, verified_raw), strict=True):
        if raw is not _MISSING and not isinstance(raw, bool):
            findings.append(
                (
                    (name,),
                    TRUST_FLAG_NOT_BOOLEAN,
                    Severity.WARNING,
                    f"{name} is {raw!r} ({type_name(raw)}), not true/false; read as false. "
                    f"Write {name}: true or false",
                )
            )
    acquired = acquired_raw is True
    method = entry.get("source_verification_method")
    # Only a string can name a method: a list or mapping here (a hand-edited
    # passport) is a schema finding and reads as "no affirmative method".
    verified = (
        verified_raw is True
        and acquired
        and isinstance(method, str)
        and method in AFFIRMATIVE_METHODS
    )
    if verified_raw is True and not verified:
        findings.append(
            (
                ("source_verified_against_original",),
                VERIFIED_WITHOUT_BASIS,
                Severity.WARNING,
                "source_verified_against_original: true needs source_acquired: true and "
                "source_verification_method codex_audit, manual_grep or vision_check (found "
                f"source_acquired: {_shown(acquired_raw)}, source_verification_method: "
                f"{_shown(method if method is not None else _MISSING)}); read as not verified. "
                "Acquire and check the original, or set it to false",
            )
        )
    audit = entry.get("description_last_audit", _MISSING)
    if not acquired and audit is not _MISSING and audit != "none":
        findings.append(
            (
                ("description_last_audit",),
                AUDITED_WITHOUT_SOURCE,
                Severity.WARNING,
                f"description_last_audit is {audit!r} but source_acquired is "
                f"{_shown(acquired_raw)}; without the original an audit cannot be "
                "substantive. Set description_last_audit: none or acquire the source",
            )
        )
    for name in _DERIVED_FIELDS:
        if name in entry:
            findings.append(
                (
                    (name,),
                    LITERAL_HUMAN_READ,
                    Severity.WARNING,
                    f"{name} is stored on the entry and ignored: human-read status comes only "
                    "from the human-read log (ars-docs mark-read). Remove the field",
                )
            )
    if "verified" in entry:
        legacy = _legacy(entry, verified)
        findings.append((("verified",), LEGACY_VERIFIED, Severity.WARNING, legacy))
    return acquired, verified, findings


def _legacy(entry: Mapping[str, Any], verified: bool) -> str:
    """ARS112's advice follows the entry's state: once the §3.1 fields record a
    verification (``ars-docs verify``), the legacy field only needs deleting."""
    shown = f"legacy field verified: {entry['verified']!r}"
    if verified:
        return (
            f"{shown} is ignored: the §3.1 fields already record the verification "
            f"(source_verified_against_original: true, source_verification_method: "
            f"{entry.get('source_verification_method')}). Delete the verified: line"
        )
    key = entry.get("citation_key")
    command = (
        f"ars-docs verify {key} --method manual_grep|vision_check|codex_audit"
        if isinstance(key, str)
        else "ars-docs verify KEY --method …"
    )
    return (
        f"{shown} does not say what was checked; read as not verified against the "
        "original. Delete it; once the original is acquired and checked, record that "
        f"with the §3.1 fields: {command}"
    )


def _schema_findings(entry: Mapping[str, Any], schema: EntrySchema) -> Iterator[Finding]:
    if schema.quick_strict is not None and schema.quick_strict(entry):
        return  # the common case: nothing to report
    for subpath in unknown_properties(schema.schema, entry):
        if len(subpath) == 1 and subpath[0] in ("verified", *_DERIVED_FIELDS):
            continue  # reported under their own codes
        yield (
            subpath,
            UNKNOWN_FIELD,
            Severity.WARNING,
            f"unknown field {_dotted(subpath)} (not in {ENTRY_SCHEMA}); ignored",
        )
    if schema.quick_open is not None and schema.quick_open(entry):
        return  # only unknown fields
    for error in schema.validator().iter_errors(entry):
        subpath = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            continue  # reported above, one finding per field
        if len(subpath) == 1 and subpath[0] in _TRUST_FLAGS and error.validator == "type":
            continue  # TRUST_FLAG_NOT_BOOLEAN says it with the conservative reading
        message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
        expected = error.schema.get("description") if isinstance(error.schema, dict) else None
        if expected and error.validator in ("oneOf", "anyOf", "pattern", "enum", "type"):
            message += f"; expected: {expected}"
        where = _dotted(subpath) if subpath else "entry"
        message = f"{where}: {message} (see {schema_location(ENTRY_SCHEMA)})"
        yield (subpath, SCHEMA_ERROR, Severity.ERROR, message)


def _dotted(keypath: KeyPath) -> str:
    text = ""
    for part in keypath:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _shown(value: Any) -> str:
    if value is _MISSING:
        return "missing"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


class EntrySchema:
    """literature_corpus_entry.schema.json, compiled once per process.

    jsonschema needs ~130 µs an entry; most entries are valid, so two quick
    compiled checks answer first (with and without the closed-object rule,
    which only yields warnings) and jsonschema explains real errors only.
    """

    def __init__(self) -> None:
        self.schema = load_schema(ENTRY_SCHEMA)
        self.quick_strict = quick_validity_check(self.schema)
        self.quick_open = quick_validity_check(without_closed_objects(self.schema))
        self._validator: Validator | None = None

    def validator(self) -> Validator:
        if self._validator is None:
            from jsonschema import Draft202012Validator

            Draft202012Validator.check_schema(self.schema)
            self._validator = Draft202012Validator(self.schema)
        return self._validator


@lru_cache(maxsize=1)
def entry_schema() -> EntrySchema:
    return EntrySchema()


# --- warm-load cache ----------------------------------------------------------
