"""The eleven verification checks of the audit gate, run in order (spec §5.2, §3.4 rules 1-7).

Two preconditions and eleven gating checks, first failure stops:

====== ==============================================================
L2-1   the JSONL stream exists (precondition: "audit not conducted")
L2-2   every JSONL row is JSON and validates against the row schema
L2-3   one ``thread.started``, first; ``turn.started`` second
L2-4   a final ``agent_message`` whose text parses as a verdict; ends with
       ``turn.completed`` carrying usage (input_tokens > 0)
L2-5   tool events paired 1:1, completion after start (row A7)
L3-1   the sidecar exists, validates, and is named for its run_id
       (precondition: "audit not conducted")
L3-2   sidecar ``jsonl_thread_id`` == the stream's thread_id
L3-3   the sidecar's primary SHAs == entry.deliverable_sha == the files now
L3-4   the bundle manifest recomputed from the files now == the sidecar's
       (and the entry's) ``bundle_manifest_sha``
L3-5   ``runner.git_sha`` is a commit (``git cat-file``) of the repository
L3-6   ended_at - started_at == duration_seconds within 1 s
L3-7   process.exit_code == 0
L3-8   entry, sidecar and every artifact file name share one run_id (plus
       the proposal file name in proposal mode)
====== ==============================================================

The verdict file is not read here: §5.2 reads it only after all checks pass.
So the gate uses the data layer's pieces (``scan_jsonl``, ``declared_bundle``,
``timing_error``, ``commits_exist``), not the lint's ``load_artifact_set`` /
``cross_rows``, which read the verdict first and report all rows at once.
SHAs are recomputed every time (L3-3 / L3-4 are also the A6 / B8a barrier).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from ars_docs.audit.model.files import ArtifactFile, read_json_artifact
from ars_docs.audit.model.jsonl import JsonlScan, scan_jsonl
from ars_docs.audit.model.manifest import ManifestLine, build_manifest, sha256_file
from ars_docs.audit.model.parse_verdict import VerdictParseError, parse_agent_text
from ars_docs.audit.model.schemas import validate_sidecar
from ars_docs.audit.model.sidecar import commits_exist, declared_bundle, timing_error
from ars_docs.audit.rows.artifact_set import PROPOSAL_SUFFIX, artifact_paths
from ars_docs.audit.rows.names import stem
from ars_docs.core.errors import ArsError
from ars_docs.core.paths import contained

__all__ = ["CHECKS", "GATING", "CheckFailure", "Evidence", "freshness", "run_checks"]

CHECKS = (
    "L2-1", "L2-2", "L2-3", "L2-4", "L2-5",
    "L3-1", "L3-2", "L3-3", "L3-4", "L3-5", "L3-6", "L3-7", "L3-8",
)  # fmt: skip
GATING = tuple(c for c in CHECKS if c not in ("L2-1", "L3-1"))
"""The eleven gating checks (L2-1 and L3-1 are preconditions)."""

_NOT_CONDUCTED = "audit not conducted"
_EXTENSIONS = {"jsonl": ".jsonl", "sidecar": ".meta.json", "verdict": ".verdict.yaml"}


@dataclass(frozen=True, slots=True)
class CheckFailure:
    check: str
    reason: str

    def format(self) -> str:
        return f"{self.check}: {self.reason}"


@dataclass(slots=True)
class Evidence:
    """What the checks read, for the steps after them."""

    sidecar: Any = None
    scan: JsonlScan | None = None
    legacy_text: bool = False
    """The final agent_message used the deprecated YAML-under-headings form."""


def run_checks(
    root: Path, entry: Mapping[str, Any], *, proposal_file: Path | None = None
) -> tuple[CheckFailure | None, Evidence]:
    """Run L2-1 … L3-8 on ``entry``; the first failure, or ``None`` when all pass."""
    evidence = Evidence()
    paths = artifact_paths(entry)
    if paths is None:
        return CheckFailure(
            "L2-1", f"{_NOT_CONDUCTED}: the entry names no artifact paths"
        ), evidence
    failure = _layer2(root, paths["jsonl"], evidence)
    if failure is None:
        failure = _layer3(root, entry, paths, proposal_file, evidence)
    return failure, evidence


def freshness(root: Path, entry: Mapping[str, Any], sidecar: Any) -> CheckFailure | None:
    """L3-3 and L3-4 again, against the files as they are now (A6, B8a)."""
    return _deliverable_check(root, entry, sidecar) or _manifest_check(root, entry, sidecar)


# --- Layer 2 ---------------------------------------------------------------------


def _layer2(root: Path, jsonl: str, evidence: Evidence) -> CheckFailure | None:
    if not os.path.lexists(root / jsonl):
        return CheckFailure("L2-1", f"{_NOT_CONDUCTED}: no JSONL stream at {jsonl}")
    try:
        scan = scan_jsonl(contained(root, jsonl, what="JSONL stream", folder="the repository"))
    except ArsError as exc:
        return CheckFailure("L2-1", f"{_NOT_CONDUCTED}: {exc.message}")
    evidence.scan = scan
    by_check = {"SCHEMA": "L2-2", "JSONL": "L2-2", "L2-3": "L2-3", "L2-4": "L2-4", "A7": "L2-5"}
    for check in ("L2-2", "L2-3", "L2-4", "L2-5"):
        for problem in scan.problems:
            if by_check.get(problem.code) == check:
                where = f"{jsonl}:{problem.line}: " if problem.line else f"{jsonl}: "
                return CheckFailure(check, f"{where}{problem.message}")
        if check == "L2-4":
            failure = _verdict_text(jsonl, scan, evidence)
            if failure is not None:
                return failure
    return None


def _verdict_text(jsonl: str, scan: JsonlScan, evidence: Evidence) -> CheckFailure | None:
    # The stream read on its own: the round is its last line's (the summary that
    # governs); stream_drift then compares that round with the verdict file's.
    if scan.error_lines:
        return CheckFailure(
            "L2-4",
            f"{jsonl}:{scan.error_lines[0]}: the stream carries a codex error event; only an "
            "AUDIT_FAILED run may",
        )
    if scan.last_agent_message is None:  # reported as an L2-4 problem already
        return CheckFailure("L2-4", f"{jsonl}: no agent_message")
    line, text = scan.last_agent_message
    try:
        evidence.legacy_text = parse_agent_text(text).legacy
    except VerdictParseError as exc:
        return CheckFailure(
            "L2-4", f"{jsonl}:{line}: the final agent_message is not a verdict: {exc}"
        )
    return None


# --- Layer 3 ---------------------------------------------------------------------


def _layer3(
    root: Path,
    entry: Mapping[str, Any],
    paths: Mapping[str, str],
    proposal_file: Path | None,
    evidence: Evidence,
) -> CheckFailure | None:
    sidecar_file, failure = _sidecar(root, entry, paths["sidecar"])
    if failure is not None or sidecar_file is None:
        return failure
    sidecar = evidence.sidecar = sidecar_file.data
    assert evidence.scan is not None
    stream = sidecar.get("stream") or {}
    if stream.get("jsonl_thread_id") != evidence.scan.thread_id:
        return CheckFailure(
            "L3-2",
            f"audit fake-detected: jsonl_thread_id mismatch: the sidecar says "
            f"{stream.get('jsonl_thread_id')!r}, the stream {evidence.scan.thread_id!r}",
        )
    for check in (_deliverable_check, _manifest_check):
        failure = check(root, entry, sidecar)
        if failure is not None:
            return failure
    git_sha = sidecar["runner"]["git_sha"]
    known = commits_exist(root, [git_sha])
    if known is None:
        return CheckFailure(
            "L3-5", f"cannot check runner.git_sha {git_sha}: {root} is not a git repository"
        )
    if not known.get(git_sha):
        return CheckFailure(
            "L3-5", f"audit fake-detected: fabricated git_sha {git_sha} (not a commit in {root})"
        )
    problem = timing_error(sidecar)
    if problem:
        return CheckFailure("L3-6", f"audit fake-detected: timing arithmetic: {problem}")
    exit_code = sidecar["process"]["exit_code"]
    if exit_code != 0:
        return CheckFailure(
            "L3-7", f"audit attempted but failed: process.exit_code is {exit_code}, not 0"
        )
    return _run_id_check(entry, paths, sidecar["run_id"], proposal_file)


def _sidecar(
    root: Path, entry: Mapping[str, Any], path: str
) -> tuple[ArtifactFile | None, CheckFailure | None]:
    if not os.path.lexists(root / path):
        return None, CheckFailure("L3-1", f"{_NOT_CONDUCTED}: no sidecar at {path}")
    try:
        sidecar = read_json_artifact(str(root / path), what="sidecar", hint="", root=root)
    except ArsError as exc:
        return None, CheckFailure("L3-1", f"{_NOT_CONDUCTED}: {exc.message}")
    verdict = entry.get("verdict")
    status = verdict.get("status") if isinstance(verdict, Mapping) else None
    errors = validate_sidecar(sidecar.data, status if isinstance(status, str) else None)
    if errors:
        return None, CheckFailure(
            "L3-1", f"{_NOT_CONDUCTED}: sidecar {path} is schema-invalid: {errors[0].format()}"
        )
    own = stem(path, ".meta.json")
    if own != sidecar.data["run_id"]:
        return None, CheckFailure(
            "L3-1",
            f"{_NOT_CONDUCTED}: sidecar {path} says run_id {sidecar.data['run_id']}, "
            "its file name another (F3)",
        )
    return sidecar, None


def _deliverable_check(root: Path, entry: Mapping[str, Any], sidecar: Any) -> CheckFailure | None:
    wanted = entry.get("deliverable_path")
    recorded = None
    for role, path, sha in declared_bundle(sidecar):
        if role != "primary":
            continue
        if path == wanted:
            recorded = sha
        current = _current_sha(root, path)
        if current is None:
            return CheckFailure("L3-3", f"audit stale: deliverable {path} is missing")
        if current != sha:
            return CheckFailure(
                "L3-3",
                f"audit stale: deliverable mutated: {path} is now {current[:12]}…, the audit "
                f"saw {sha[:12]}…",
            )
    if recorded is None:
        return CheckFailure(
            "L3-3", f"audit fake-detected: sha mismatch: the sidecar lists no primary {wanted}"
        )
    if recorded != entry.get("deliverable_sha"):
        return CheckFailure(
            "L3-3",
            f"audit fake-detected: sha mismatch: entry deliverable_sha differs from the "
            f"sidecar's SHA for {wanted}",
        )
    return None


def _manifest_check(root: Path, entry: Mapping[str, Any], sidecar: Any) -> CheckFailure | None:
    lines = []
    for role, path, _ in declared_bundle(sidecar):
        current = _current_sha(root, path)
        if current is None:
            return CheckFailure("L3-4", f"audit stale: bundle file changed: {path} is missing")
        lines.append(ManifestLine(role, path, current))
    try:
        manifest = build_manifest(lines)
    except ArsError as exc:
        return CheckFailure("L3-4", f"bundle manifest cannot be recomputed: {exc.message}")
    declared = sidecar["prompt"]["bundle"]["bundle_manifest_sha"]
    if manifest.sha != declared:
        return CheckFailure(
            "L3-4",
            f"audit stale: bundle file changed: the manifest recomputed now is "
            f"{manifest.sha[:12]}…, the sidecar recorded {declared[:12]}…",
        )
    if entry.get("bundle_manifest_sha") != declared:
        return CheckFailure(
            "L3-4", "audit fake-detected: manifest sha mismatch between the entry and the sidecar"
        )
    return None


def _run_id_check(
    entry: Mapping[str, Any],
    paths: Mapping[str, str],
    run_id: str,
    proposal_file: Path | None,
) -> CheckFailure | None:
    names = {key: stem(paths[key], ext) for key, ext in _EXTENSIONS.items()}
    if proposal_file is not None:
        names["proposal"] = stem(proposal_file.name, PROPOSAL_SUFFIX)
    if entry.get("run_id") != run_id:
        return CheckFailure(
            "L3-8",
            f"audit fake-detected: artifact filename mismatch: entry run_id "
            f"{entry.get('run_id')} != sidecar run_id {run_id}",
        )
    for key, found in names.items():
        if found != run_id:
            name = proposal_file.name if key == "proposal" and proposal_file else paths[key]
            return CheckFailure(
                "L3-8",
                f"audit fake-detected: artifact filename mismatch: {key} file "
                f"{PurePosixPath(name).name} is not named for run {run_id}",
            )
    return None


def _current_sha(root: Path, path: str) -> str | None:
    try:
        return sha256_file(root / path, root=root)
    except ArsError:
        return None
