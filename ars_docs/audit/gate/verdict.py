"""The verdict file at the gate: schema, its own rows, and the entry's mirror (spec §5.6 A5/B7, C1).

Read only after all eleven checks pass (§5.2). "Schema-valid" here means the
JSON Schema *and* the verdict file's own invariant rows (A2, A3, A5, A6 of
§3.7): §3.5 makes A5 (counts agree with ``findings[]``) load-bearing for the
ship/block decision, and §5.6 Path B re-checks it before a merge. Row A1
(status implied by the counts) is checked on the entry at A3 / B8d.

The mirror (C1) compares ``verdict.{status, round, target_rounds,
finding_counts, failure_reason}`` of the entry with the file, and the file's
``run_id`` with the entry's: a verdict of another run under this run's name
is drift too.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ars_docs.audit.model.files import ArtifactFile, read_yaml_artifact
from ars_docs.audit.model.jsonl import JsonlScan
from ars_docs.audit.model.parse_verdict import VerdictParseError, parse_agent_text
from ars_docs.audit.model.schemas import Mode, validate_entry, validate_verdict
from ars_docs.audit.model.verdict import COUNT_KEYS
from ars_docs.audit.rows.catalogue import Located, Report
from ars_docs.audit.rows.local import entry_rows, verdict_rows
from ars_docs.audit.rows.persisted import entry_errors, persisted_rows
from ars_docs.core.errors import ArsError

__all__ = [
    "MIRROR",
    "entry_problem",
    "ledger_problem",
    "mirror_drift",
    "read_verdict",
    "stream_drift",
]

MIRROR = (
    ("status", "verdict_status"),
    ("round", "round"),
    ("target_rounds", "target_rounds"),
    ("finding_counts", "finding_counts"),
    ("failure_reason", "failure_reason"),
)


def read_verdict(root: Path, entry: Mapping[str, Any]) -> tuple[ArtifactFile | None, str]:
    """``(file, "")`` when the verdict file is valid, else ``(None, why)``."""
    path = entry["artifact_paths"]["verdict"]
    try:
        verdict = read_yaml_artifact(
            str(root / path),
            what="verdict file",
            hint="",
            timestamp_keys=[("generated_at",)],
            root=root,
        )
    except ArsError as exc:
        return None, exc.message
    errors = validate_verdict(verdict.data)
    if errors:
        return None, errors[0].format()
    report = Report()
    verdict_rows(report, Located(path, verdict.position), verdict.data)
    if report.diagnostics:
        first = report.diagnostics[0]
        return None, f"{first.code}: {first.message}"
    return verdict, ""


def mirror_drift(entry: Mapping[str, Any], verdict: Mapping[str, Any]) -> str | None:
    """Why the entry's verdict mirror disagrees with the verdict file, or ``None``."""
    mirror = entry.get("verdict")
    if not isinstance(mirror, Mapping):
        return "the entry has no verdict block"
    for mine, theirs in MIRROR:
        if mirror.get(mine) != verdict.get(theirs):
            return (
                f"entry verdict.{mine} is {mirror.get(mine)!r}, the verdict file's {theirs} is "
                f"{verdict.get(theirs)!r}"
            )
    if verdict.get("run_id") != entry.get("run_id"):
        return (
            f"the verdict file is for run {verdict.get('run_id')}, the entry for "
            f"{entry.get('run_id')}"
        )
    return None


def stream_drift(scan: JsonlScan | None, verdict: Mapping[str, Any]) -> str | None:
    """How the verdict file differs from the stream's final agent_message, or ``None``.

    The message is what the auditor said (L2-4 has parsed it); the verdict
    file is only its copy. Status, round, target_rounds, the three counts and
    the finding IDs (with each finding's severity) must be equal, so editing
    two text files (verdict file and entry) cannot turn MATERIAL into PASS.
    """
    if scan is None or scan.last_agent_message is None:
        return "the stream has no final agent_message to compare with"
    line, text = scan.last_agent_message
    where = f"line {line}"
    try:
        told = parse_agent_text(text)  # its own round (its last line's), compared below
    except VerdictParseError as exc:
        return f"the agent_message at {where} is not a verdict: {exc}"
    findings = told.findings
    said = {
        "verdict_status": told.status,
        "round": told.round,
        "target_rounds": told.target_rounds,
    }
    for key, value in said.items():
        if key == "target_rounds" and value is None and not told.legacy:
            continue  # the real text names no target round count
        if verdict.get(key) != value:
            return (
                f"{key} is {verdict.get(key)!r} in the verdict file, {value!r} in the stream "
                f"({where})"
            )
    theirs = told.counts
    mine = verdict.get("finding_counts")
    for key in COUNT_KEYS:
        a = mine.get(key) if isinstance(mine, Mapping) else None
        b = theirs.get(key) if isinstance(theirs, Mapping) else None
        if a != b:
            return (
                f"finding_counts.{key} is {a!r} in the verdict file, {b!r} in the stream ({where})"
            )
    file_ids = _finding_ids(verdict.get("findings"))
    stream_ids = _finding_ids(findings)
    if sorted(file_ids) != sorted(stream_ids):
        gone = sorted(set(stream_ids) - set(file_ids))
        added = sorted(set(file_ids) - set(stream_ids))
        parts = []
        if gone:
            parts.append(f"missing from the verdict file: {', '.join(gone)}")
        if added:
            parts.append(f"not in the stream: {', '.join(added)}")
        detail = "; ".join(parts) or "an ID is repeated"
        return f"the finding IDs differ ({detail}) ({where})"
    for key, severity in file_ids.items():
        if stream_ids.get(key) != severity:
            return (
                f"finding {key} is {severity} in the verdict file, {stream_ids.get(key)} in the "
                f"stream ({where})"
            )
    return None


def _finding_ids(findings: Any) -> dict[str, Any]:
    """``{id: severity}``; a repeated ID is kept twice by suffixing its position."""
    out: dict[str, Any] = {}
    for index, finding in enumerate(findings if isinstance(findings, list) else []):
        if not isinstance(finding, Mapping):
            continue
        key = str(finding.get("id"))
        out[key if key not in out else f"{key}#{index}"] = finding.get("severity")
    return out


def ledger_problem(
    passport: Path, root: Path | None, entries: list[Any], index: int, *, files_only: bool = False
) -> str | None:
    """The first error ``lint audit-artifacts --mode persisted`` reports for ``entries[index]``.

    The same rows (``persisted_rows``) over the whole ledger ``entries`` (for
    B8d: the ledger as it would be after the append); only what concerns
    that entry counts. ``root`` ``None`` checks the ledger alone (the entry's
    artifact files are not read: A3 runs before the eleven checks, §5.2);
    ``files_only`` runs only the rows that read them (A3 has run the rest).
    """
    where = Located(str(passport), lambda _keypath: (0, 0))
    report = Report()
    try:
        persisted_rows(report, where, entries, root, only=index, entry_level=not files_only)
    except ArsError as exc:
        return exc.message
    errors = entry_errors(report, where, index)
    if not errors:
        return None
    first = errors[0]
    place = "" if first.path == where.path else f"{first.path}:{first.line}: "
    return f"{place}{first.code}: {first.message}"


def entry_problem(entry: Any, mode: Mode) -> str | None:
    """The first schema error or cross-field row (A1-A4, B8) of an entry, or ``None``."""
    errors = validate_entry(entry, mode)
    if errors:
        return (
            f"{errors[0].row}: {errors[0].format()}"
            if errors[0].row != "SCHEMA"
            else errors[0].format()
        )
    report = Report()
    entry_rows(
        report, Located("entry", lambda _k: (0, 0)), entry, (), persisted=mode == "persisted"
    )
    if report.diagnostics:
        first = report.diagnostics[0]
        return f"{first.code}: {first.message}"
    return None
