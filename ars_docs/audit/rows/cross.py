"""Rows spanning an entry, its artifact files and the files on disk (§3.7 B1-B6, B9, C1, C2, C4).

How overlapping rows are split, so one fault gives one diagnostic:

- B2 compares the sidecar's primary SHAs with the files on disk; the entry's
  half of the same chain is C4 (entry vs sidecar), as §3.7 says.
- The ``run_id`` / file-name rows (B7, F2, F3) are in ``rows.names``.
- B3 also covers ``prompt.audit_template_sha`` vs the template on disk.
- B1-B7 are suspended when the verdict file is ``AUDIT_FAILED`` (§3.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ars_docs.audit.model.manifest import ManifestLine, build_manifest, sha256_file
from ars_docs.audit.model.sidecar import declared_bundle, primary_sha, timing_error
from ars_docs.audit.rows.artifact_set import ArtifactSet
from ars_docs.audit.rows.catalogue import Located, Report
from ars_docs.core.errors import ArsError, UsageError

__all__ = ["FileHashes", "cross_rows"]


class FileHashes:
    """SHA-256 of repository files, each hashed once per lint run (``None``: unreadable)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._known: dict[str, str | None] = {}

    def get(self, path: str) -> str | None:
        if path not in self._known:
            try:
                self._known[path] = sha256_file(self.root / path, root=self.root)
            except ArsError:
                self._known[path] = None
        return self._known[path]


def cross_rows(
    report: Report, aset: ArtifactSet, hashes: FileHashes, commits: Mapping[str, bool] | None
) -> None:
    """B1-B6, B9, C1, C2, C4 for one entry and its files."""
    entry, where, prefix = aset.entry, aset.entry_where, aset.entry_prefix
    sidecar, verdict = aset.sidecar.data, aset.verdict.data
    if not isinstance(sidecar, Mapping) or not isinstance(verdict, Mapping):
        return
    at_sidecar = aset.located(aset.sidecar)
    _mirror_rows(report, aset, where, prefix, entry, sidecar, verdict)
    if aset.failed:
        return
    _thread_row(report, aset, at_sidecar, sidecar)
    for role, path, recorded in declared_bundle(sidecar):
        if role != "primary":
            continue
        current = hashes.get(path)
        if current is None:
            report.add(
                "B2",
                at_sidecar,
                ("prompt", "bundle", "primary_deliverables"),
                f"audit stale: deliverable {path} is missing",
            )
        elif current != recorded:
            report.add(
                "B2",
                at_sidecar,
                ("prompt", "bundle", "primary_deliverables"),
                f"audit stale: deliverable mutated: {path} has SHA {current[:12]}…, the sidecar "
                f"recorded {recorded[:12]}…",
            )
    _manifest_row(report, at_sidecar, sidecar, hashes)
    runner = sidecar.get("runner")
    git_sha = runner.get("git_sha") if isinstance(runner, Mapping) else None
    if isinstance(git_sha, str):
        if commits is None:
            report.add(
                "B4",
                at_sidecar,
                ("runner", "git_sha"),
                "cannot check runner.git_sha: the root is not a git repository (pass --root)",
            )
        elif not commits.get(git_sha, False):
            report.add(
                "B4",
                at_sidecar,
                ("runner", "git_sha"),
                f"audit fake-detected: fabricated git_sha {git_sha} (not a commit of this "
                "repository)",
            )
    problem = timing_error(sidecar)
    if problem:
        report.add(
            "B5", at_sidecar, ("timing",), f"audit fake-detected: timing arithmetic: {problem}"
        )
    process = sidecar.get("process")
    exit_code = process.get("exit_code") if isinstance(process, Mapping) else None
    if isinstance(exit_code, int) and exit_code != 0:
        report.add(
            "B6",
            at_sidecar,
            ("process", "exit_code"),
            f"exit_code {exit_code} with a {aset.status} verdict: audit attempted but failed; "
            "only AUDIT_FAILED may carry a non-zero exit",
        )


def _mirror_rows(
    report: Report,
    aset: ArtifactSet,
    where: Located,
    prefix: tuple[Any, ...],
    entry: Mapping[str, Any],
    sidecar: Mapping[str, Any],
    verdict: Mapping[str, Any],
) -> None:
    mirror = entry.get("verdict")
    if isinstance(mirror, Mapping):
        pairs = (
            ("status", "verdict_status"),
            ("round", "round"),
            ("target_rounds", "target_rounds"),
            ("finding_counts", "finding_counts"),
            ("failure_reason", "failure_reason"),
        )
        # The spec's two failure texts: Path A (persisted) and Path B (proposal).
        drift = (
            "Pattern C3: proposal mirror drift from verdict.yaml"
            if aset.proposal_file is not None
            else "audit drift: persisted entry verdict disagrees with verdict file"
        )
        for mine, theirs in pairs:
            if mirror.get(mine) != verdict.get(theirs):
                report.add(
                    "C1",
                    where,
                    (*prefix, "verdict", mine),
                    f"{drift}: verdict.{mine} is {mirror.get(mine)!r}, the verdict file says "
                    f"{verdict.get(theirs)!r} (the file wins)",
                )
    bundle = (
        sidecar.get("prompt", {}).get("bundle", {})
        if isinstance(sidecar.get("prompt"), Mapping)
        else {}
    )
    if not isinstance(bundle, Mapping):
        return
    if "bundle_manifest_sha" in entry and entry.get("bundle_manifest_sha") != bundle.get(
        "bundle_manifest_sha"
    ):
        report.add(
            "C2",
            where,
            (*prefix, "bundle_manifest_sha"),
            "entry bundle_manifest_sha differs from the sidecar's "
            "prompt.bundle.bundle_manifest_sha",
        )
    if "bundle_id" in entry and entry.get("bundle_id") != bundle.get("bundle_id"):
        report.add(
            "B9",
            where,
            (*prefix, "bundle_id"),
            f"entry bundle_id {entry.get('bundle_id')!r} != sidecar bundle_id "
            f"{bundle.get('bundle_id')!r}",
        )
    path = entry.get("deliverable_path")
    if isinstance(path, str):
        recorded = primary_sha(sidecar, path)
        if recorded is None:
            report.add(
                "C4",
                where,
                (*prefix, "deliverable_path"),
                f"the sidecar lists no primary deliverable {path}",
            )
        elif recorded != entry.get("deliverable_sha"):
            report.add(
                "C4",
                where,
                (*prefix, "deliverable_sha"),
                f"entry deliverable_sha differs from the sidecar's SHA for {path}: audit "
                "fake-detected: sha mismatch",
            )


def _thread_row(
    report: Report, aset: ArtifactSet, at_sidecar: Located, sidecar: Mapping[str, Any]
) -> None:
    stream = sidecar.get("stream")
    declared = stream.get("jsonl_thread_id") if isinstance(stream, Mapping) else None
    actual = aset.scan.thread_id if aset.scan is not None else None
    if isinstance(declared, str) and declared and actual is not None and declared != actual:
        report.add(
            "B1",
            at_sidecar,
            ("stream", "jsonl_thread_id"),
            f"audit fake-detected: jsonl_thread_id mismatch ({declared} vs the stream's {actual})",
        )


def _manifest_row(
    report: Report, at_sidecar: Located, sidecar: Mapping[str, Any], hashes: FileHashes
) -> None:
    lines, missing = [], []
    for role, path, recorded in declared_bundle(sidecar):
        current = hashes.get(path)
        if current is None:
            missing.append(path)
            continue
        lines.append(ManifestLine(role, path, current))
        if role == "template" and current != recorded:
            report.add(
                "B3",
                at_sidecar,
                ("prompt", "audit_template_sha"),
                f"audit stale: template {path} changed since the audit (SHA {current[:12]}…)",
            )
    if missing:
        report.add(
            "B3",
            at_sidecar,
            ("prompt",),
            f"audit stale: bundle file(s) missing: {' '.join(missing)}",
        )
        return
    try:
        manifest = build_manifest(lines)
    except UsageError as exc:
        report.add(
            "B3", at_sidecar, ("prompt", "bundle"), f"bundle cannot be recomputed: {exc.message}"
        )
        return
    bundle = sidecar["prompt"]["bundle"]
    if manifest.sha != bundle.get("bundle_manifest_sha"):
        report.add(
            "B3",
            at_sidecar,
            ("prompt", "bundle", "bundle_manifest_sha"),
            "audit stale: bundle file changed (recomputed bundle_manifest_sha "
            f"{manifest.sha[:12]}…)",
        )
