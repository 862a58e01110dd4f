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

from ars_docs.audit.files import ArtifactFile, read_yaml_artifact
from ars_docs.audit.rows import Located, Report
from ars_docs.audit.rows_local import entry_rows, verdict_rows
from ars_docs.audit.schemas import Mode, validate_entry, validate_verdict
from ars_docs.errors import ArsError

__all__ = ["MIRROR", "entry_problem", "mirror_drift", "read_verdict"]

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
