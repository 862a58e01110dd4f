"""The §3.7 invariant rows that can be checked from files, and the collector lints report into.

Each diagnostic's code is its row ID (``A5``, ``B7`` …). Schema errors that
are not one of the rows have the code ``SCHEMA``; stream problems of the
JSONL file use the §5.2 check IDs ``L2-2`` … ``L2-4`` or ``JSONL`` (a line that
is not JSON). Rows E1, E2, E6, E8, E9 and F4 are about who writes what and in
which order (process discipline), which no file can show; they are not here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ars_docs.audit.model.schemas import SCHEMA_CODE, SchemaError, json_path
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.files.yaml.read import KeyPath, Position

__all__ = ["ROWS", "SCHEMA_ROWS", "Located", "Report"]

SCHEMA_ROWS = frozenset({SCHEMA_CODE, "A4", "B10", "E3", "E4", "E5", "E7", "F1"})
"""Codes a schema error can carry (see ``ars_docs.audit.model.schemas``)."""

ROWS: dict[str, str] = {
    "A1": "verdict status is the one the finding counts imply (entry and verdict file)",
    "A2": "failure_reason present iff status is AUDIT_FAILED (entry and verdict file)",
    "A3": "round <= target_rounds (entry and verdict file)",
    "A4": "acknowledgement only on a persisted MATERIAL entry",
    "A5": "verdict file: finding_counts.pN == number of findings with severity PN",
    "A6": "verdict file: AUDIT_FAILED has findings == []",
    "A7": "JSONL: every tool item.id started once, completed once, completion after start",
    "B1": "sidecar stream.jsonl_thread_id == the JSONL thread.started thread_id",
    "B2": "sidecar primary_deliverables[].sha == the file's current SHA-256",
    "B3": "sidecar bundle_manifest_sha == the manifest recomputed from the files now",
    "B4": "sidecar runner.git_sha is a commit of the repository",
    "B5": "sidecar ended_at - started_at == duration_seconds within 1 s",
    "B6": "sidecar exit_code == 0 unless the verdict is AUDIT_FAILED",
    "B7": "entry, sidecar, verdict and file names share one run_id",
    "B8": "acknowledgement entry: verified_at == acknowledged_at",
    "B9": "entry.bundle_id == sidecar bundle.bundle_id when present",
    "B10": "acknowledgement.finding_ids: non-empty, all in the verdict file, all of them",
    "C1": "entry.verdict mirrors the verdict file (status, round, target, counts, reason)",
    "C2": "entry.bundle_manifest_sha == sidecar bundle_manifest_sha",
    "C3": "acknowledgement entry copies the latest prior entry of its run",
    "C4": "entry.deliverable_sha == the sidecar's SHA for that primary deliverable",
    "D1": "no two ledger entries share a verified_at",
    "D2": "proposals of one deliverable do not tie on sidecar started_at",
    "D3": "each ledger entry's verified_at is after every earlier entry's",
    "D4": "a higher-round unmerged proposal supersedes the persisted entry",
    "E3": "persisted entries carry verified_at and verified_by = pipeline_orchestrator_agent",
    "E4": "proposals carry no verified_at / verified_by",
    "E5": "AUDIT_FAILED is never persisted",
    "E7": "an acknowledgement entry's status stays MATERIAL",
    "F1": "run_id matches <YYYY-MM-DDTHH-MM-SSZ>-<4 hex>",
    "F2": "artifact files are named <run_id>.<extension>, no prefix",
    "F3": "sidecar.run_id == the sidecar file's own basename",
}


@dataclass(frozen=True, slots=True)
class Located:
    """A file (or a part of one) that diagnostics can point into."""

    path: str
    position: Callable[[KeyPath], Position]


@dataclass(slots=True)
class Report:
    """Collects diagnostics; one per (place, code, message)."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    _seen: set[tuple[str, int, str, str]] = field(default_factory=set)
    _rejected: dict[str, list[KeyPath]] = field(default_factory=dict)
    _keypaths: list[KeyPath] = field(default_factory=list)

    def add(
        self,
        row: str,
        where: Located,
        keypath: KeyPath,
        message: str,
        severity: Severity = Severity.ERROR,
        *,
        always: bool = False,
    ) -> None:
        """Report ``row`` at ``keypath``, unless the schema already rejected what it compares.

        A row whose value (``keypath`` or something inside it) the schema
        rejected would only restate that error, so it is dropped; rows that
        do not compare the value at ``keypath`` pass ``always=True``.
        """
        if not always and row not in SCHEMA_ROWS and self.rejected(where.path, keypath):
            return
        line, col = where.position(keypath)
        self.at_line(row, where.path, line, col, message, severity, keypath=keypath)

    def rejected(self, path: str, keypath: KeyPath) -> bool:
        """Whether a schema error was reported at ``keypath`` of ``path``, or inside it."""
        if not keypath:
            return False  # an error somewhere in a file does not void every row about it
        return any(bad[: len(keypath)] == keypath for bad in self._rejected.get(path, ()))

    def at_line(
        self,
        row: str,
        path: str,
        line: int,
        col: int,
        message: str,
        severity: Severity = Severity.ERROR,
        *,
        keypath: KeyPath = (),
    ) -> None:
        key = (path, line, row, message)
        if key not in self._seen:
            self._seen.add(key)
            self.diagnostics.append(Diagnostic(path, line, col, row, severity, message))
            self._keypaths.append(keypath)

    def places(self) -> list[tuple[Diagnostic, KeyPath]]:
        """Each diagnostic with the key path it was reported at (``()`` when only a line)."""
        return list(zip(self.diagnostics, self._keypaths, strict=True))

    def schema(self, where: Located, errors: Iterable[SchemaError], prefix: KeyPath = ()) -> None:
        """Report schema errors; ``prefix`` locates the validated value in its file."""
        for error in errors:
            keypath = (*prefix, *error.keypath)
            self._rejected.setdefault(where.path, []).append(keypath)
            self.add(error.row, where, keypath, f"{json_path(keypath)}: {error.message}")

    def codes(self) -> set[str]:
        return {d.code for d in self.diagnostics}
