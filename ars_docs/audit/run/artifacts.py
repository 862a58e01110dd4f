"""The files of one ``audit run``: names, run_id, sidecar, verdict, proposal (§3.4, §4.4, §4.9).

A run_id (F1: UTC second, ``Z``, four hex digits from ``os.urandom``) is
claimed by creating ``<run_id>.manifest.txt`` exclusively; a stem that any
file of the output folder, or a consumed proposal, already uses is skipped.

Write order is fixed (§4.4, E8): sidecar, then verdict, then the proposal
entry **last**, each through ``files.atomic`` (temp file in the same
folder, fsync, rename, fsync of the folder). A reader, or a crash at any
instant, therefore sees either no proposal or a proposal whose three
companions are already complete. If one of the three writes fails, the ones
already written are removed again and the caller exits 73.

``jsonl_thread_id`` is read crash-tolerantly (§4.4 ``_extract_jsonl_thread_id``):
the first ``thread.started`` row's ``thread_id`` when it is a UUID, else
``""`` — which the sidecar schema allows only beside an ``AUDIT_FAILED``
verdict, the only case where it can happen (a parsed verdict needs a valid
stream).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ars_docs.audit.model.ledger import format_ms
from ars_docs.audit.model.verdict import FAILED
from ars_docs.audit.run.bundle import Snapshot
from ars_docs.audit.run.request import TEMPLATE_PATH, RunRequest
from ars_docs.core.errors import OutputError
from ars_docs.files.gitcmd import run_git

__all__ = [
    "SUFFIXES",
    "RunPaths",
    "Runner",
    "build_proposal",
    "build_sidecar",
    "new_run_id",
    "reserve_run",
    "runner_facts",
    "self_check",
    "thread_id_of",
    "write_contract",
]

SUFFIXES = {
    "jsonl": ".jsonl",
    "sidecar": ".meta.json",
    "verdict": ".verdict.yaml",
    "proposal": ".audit_artifact_entry.json",
    "stdout": ".stdout",
    "stderr": ".stderr",
    "manifest": ".manifest.txt",
}
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\Z")


@dataclass(frozen=True, slots=True)
class RunPaths:
    """Where each file of one run lives: absolute, and as the proposal names it."""

    root: Path
    output_dir: str
    run_id: str

    def relative(self, kind: str) -> str:
        name = self.run_id + SUFFIXES[kind]
        return name if self.output_dir in ("", ".") else f"{self.output_dir}/{name}"

    def absolute(self, kind: str) -> Path:
        return self.root / self.relative(kind)


@dataclass(frozen=True, slots=True)
class Runner:
    hostname: str
    cwd: str
    git_sha: str
    git_dirty: bool


def runner_facts(root: Path, hostname: str, cwd: str) -> Runner:
    """HEAD (short) and whether tracked files differ from it, at audit start."""
    head = run_git(root, "rev-parse", "--short", "HEAD")
    # Staged or unstaged changes to tracked files count; untracked files do not. Hashing a
    # work-tree file would run a clean filter, so the repository's filters are switched off.
    diff = run_git(root, "diff", "--quiet", "HEAD", "--", no_filters=True)
    return Runner(
        hostname, cwd, head.stdout.decode("utf-8", "replace").strip(), diff.returncode != 0
    )


def thread_id_of(path: Path) -> str:
    """The stream's ``thread_id`` (first ``thread.started`` row), ``""`` when there is none."""
    try:
        with open(path, "rb") as handle:
            for raw in handle:
                if b"thread.started" not in raw:
                    continue
                try:
                    row = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(row, dict) and row.get("type") == "thread.started":
                    value = row.get("thread_id")
                    return value if isinstance(value, str) and _UUID.match(value) else ""
    except OSError:
        pass
    return ""


def build_sidecar(
    *,
    paths: RunPaths,
    request: RunRequest,
    shot: Snapshot,
    version: str,
    runner: Runner,
    started: datetime,
    ended: datetime,
    exit_code: int,
    thread_id: str,
) -> dict[str, Any]:
    """The §3.4 sidecar; the bundle is the pre-auditor snapshot (§4.4 Step 3b)."""
    start_text, end_text = format_ms(started), format_ms(ended)
    elapsed = (_ms(ended) - _ms(started)) / 1000
    if elapsed <= 0:  # duration_seconds must be > 0; a run is never this fast
        end_text = format_ms(started + timedelta(milliseconds=1))
        elapsed = 0.001
    bundle: dict[str, Any] = {}
    if request.bundle_id is not None:
        bundle["bundle_id"] = request.bundle_id
    bundle["bundle_manifest_sha"] = shot.manifest.sha
    bundle["primary_deliverables"] = [
        {"path": f.path, "sha": f.sha} for f in shot.of_role("primary")
    ]
    bundle["supporting_context"] = [
        {"path": f.path, "sha": f.sha} for f in shot.of_role("supporting")
    ]
    return {
        "run_id": paths.run_id,
        "codex_cli_version": version,
        "runner": {
            "hostname": runner.hostname,
            "cwd": runner.cwd,
            "git_sha": runner.git_sha,
            "git_dirty": runner.git_dirty,
        },
        "timing": {"started_at": start_text, "ended_at": end_text, "duration_seconds": elapsed},
        "process": {
            "exit_code": exit_code,
            "stdout_path": paths.relative("stdout"),
            "stderr_path": paths.relative("stderr"),
        },
        "stream": {"jsonl_thread_id": thread_id},
        "prompt": {
            "audit_template_path": TEMPLATE_PATH,
            "audit_template_sha": shot.of_role("template")[0].sha,
            "bundle": bundle,
        },
    }


def build_proposal(
    *, paths: RunPaths, request: RunRequest, shot: Snapshot, verdict: Mapping[str, Any]
) -> dict[str, Any]:
    """The §4.9 proposal entry; its verdict block mirrors the verdict file (C1)."""
    mirror: dict[str, Any] = {
        "status": verdict["verdict_status"],
        "round": verdict["round"],
        "target_rounds": verdict["target_rounds"],
        "finding_counts": dict(verdict["finding_counts"]),
    }
    if verdict["verdict_status"] == FAILED:
        mirror["failure_reason"] = verdict["failure_reason"]
    entry: dict[str, Any] = {
        "stage": request.stage,
        "agent": request.agent,
        "deliverable_path": request.deliverable,
        "deliverable_sha": shot.of_role("primary")[0].sha,
        "run_id": paths.run_id,
    }
    if request.bundle_id is not None:
        entry["bundle_id"] = request.bundle_id
    entry["bundle_manifest_sha"] = shot.manifest.sha
    entry["artifact_paths"] = {
        kind: paths.relative(kind) for kind in ("jsonl", "sidecar", "verdict")
    }
    entry["verdict"] = mirror
    return entry


def self_check(
    sidecar: Mapping[str, Any], verdict: Mapping[str, Any], proposal: Mapping[str, Any]
) -> str | None:
    """The first schema error of the three files about to be written, else ``None``.

    The wrapper-side lint of §3.7 (A-rows "lint at wrapper write time"): the
    files are built to be valid, so an error here is a bug in ars-docs, and
    nothing is written rather than an invalid proposal.
    """
    from ars_docs.audit.model.schemas import validate_entry, validate_sidecar, validate_verdict

    status = verdict.get("verdict_status")
    for kind, errors in (
        ("sidecar", validate_sidecar(sidecar, status if isinstance(status, str) else None)),
        ("verdict", validate_verdict(verdict)),
        ("proposal", validate_entry(proposal, mode="proposal")),
    ):
        if errors:
            return f"{kind}: {errors[0].format()}"
    return None


def write_contract(
    paths: RunPaths, sidecar: Mapping[str, Any], verdict_text: str, proposal: Mapping[str, Any]
) -> None:
    """Sidecar → verdict → proposal, each atomic; on failure nothing of the three stays."""
    from ars_docs.files.atomic import write_text_atomic

    written: list[Path] = []
    try:
        for kind, text in (
            ("sidecar", _json(sidecar)),
            ("verdict", verdict_text),
            ("proposal", _json(proposal)),
        ):
            target = paths.absolute(kind)
            write_text_atomic(target, text)
            written.append(target)
    except OutputError:
        for target in reversed(written):
            with contextlib.suppress(OSError):
                target.unlink()
        raise


def _json(data: Mapping[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _ms(moment: datetime) -> int:
    # Whole milliseconds, truncated as format_ms truncates, so that
    # duration_seconds is exactly ended_at - started_at as written.
    return int(moment.timestamp()) * 1000 + moment.microsecond // 1000


def new_run_id() -> str:
    """``<UTC second>Z-<4 hex from os.urandom>`` (F1)."""
    return time.strftime("%Y-%m-%dT%H-%M-%SZ", time.gmtime()) + "-" + os.urandom(2).hex()


def reserve_run(out: Path, root: Path, output_dir: str, manifest_text: str) -> RunPaths:
    """A run_id no file of the output folder uses yet, claimed by its manifest file."""
    for _ in range(64):
        paths = RunPaths(root, output_dir, new_run_id())
        taken = (
            any(out.glob(f"{paths.run_id}.*"))
            or (out / "consumed" / f"{paths.run_id}{SUFFIXES['proposal']}").exists()
        )
        if taken:
            continue
        try:
            fd = os.open(paths.absolute("manifest"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        except OSError as exc:
            raise OutputError(f"cannot write in {out}: {exc.strerror or exc}") from None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(manifest_text.encode("utf-8"))
        except OSError as exc:
            with contextlib.suppress(OSError):
                paths.absolute("manifest").unlink()
            raise OutputError(f"cannot write in {out}: {exc.strerror or exc}") from None
        return paths
    raise OutputError(f"{out}: no free run_id after 64 tries; is the clock or os.urandom broken?")
