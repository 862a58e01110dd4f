"""Facts read from a sidecar ``<run_id>.meta.json`` (spec §3.4, Layer 3).

Helpers the invariant rows and the gate share: the declared bundle (its
``(role, path)`` set, from which §3.6 recomputes the manifest), the SHA a
sidecar recorded for a primary deliverable, the timing arithmetic of rule 5,
and whether ``runner.git_sha`` values name commits of the repository (rule
4, one ``git cat-file --batch-check`` for all of them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ars_docs.audit.model.ledger import parse_ms
from ars_docs.files.gitcmd import run_git

__all__ = [
    "TIMING_TOLERANCE_SECONDS",
    "commits_exist",
    "declared_bundle",
    "primary_sha",
    "timing_error",
]

TIMING_TOLERANCE_SECONDS = 1.0


def _bundle(sidecar: Any) -> Mapping[str, Any]:
    prompt = sidecar.get("prompt") if isinstance(sidecar, Mapping) else None
    bundle = prompt.get("bundle") if isinstance(prompt, Mapping) else None
    return bundle if isinstance(bundle, Mapping) else {}


def declared_bundle(sidecar: Any) -> list[tuple[str, str, str]]:
    """``(role, path, recorded_sha)`` of every bundle file the sidecar declares.

    The template is ``prompt.audit_template_path`` with ``audit_template_sha``.
    Entries that are not well formed are skipped (the schema reports them).
    """
    files: list[tuple[str, str, str]] = []
    bundle = _bundle(sidecar)
    for role, key in (("primary", "primary_deliverables"), ("supporting", "supporting_context")):
        items = bundle.get(key)
        for item in items if isinstance(items, list) else []:
            if isinstance(item, Mapping) and isinstance(item.get("path"), str):
                files.append((role, item["path"], str(item.get("sha", ""))))
    prompt = sidecar.get("prompt") if isinstance(sidecar, Mapping) else None
    if isinstance(prompt, Mapping) and isinstance(prompt.get("audit_template_path"), str):
        files.append(
            ("template", prompt["audit_template_path"], str(prompt.get("audit_template_sha", "")))
        )
    return files


def primary_sha(sidecar: Any, path: str) -> str | None:
    """The SHA the sidecar recorded for primary deliverable ``path`` (``None`` if not listed)."""
    for role, declared, sha in declared_bundle(sidecar):
        if role == "primary" and declared == path:
            return sha
    return None


def timing_error(sidecar: Any) -> str | None:
    """Why ``ended_at - started_at`` and ``duration_seconds`` disagree (rule 5), or ``None``.

    ``None`` also when a field is malformed: the schema reports that.
    """
    timing = sidecar.get("timing") if isinstance(sidecar, Mapping) else None
    if not isinstance(timing, Mapping):
        return None
    started, ended = parse_ms(timing.get("started_at")), parse_ms(timing.get("ended_at"))
    duration = timing.get("duration_seconds")
    if (
        started is None
        or ended is None
        or not isinstance(duration, (int, float))
        or isinstance(duration, bool)
    ):
        return None
    elapsed = (ended - started).total_seconds()
    if elapsed < 0:
        return f"ended_at {timing['ended_at']} is before started_at {timing['started_at']}"
    if abs(elapsed - duration) > TIMING_TOLERANCE_SECONDS:
        return (
            f"ended_at - started_at is {elapsed:.3f} s but duration_seconds is {duration} "
            f"(more than {TIMING_TOLERANCE_SECONDS:g} s apart)"
        )
    return None


def commits_exist(root: Path, shas: Iterable[str]) -> dict[str, bool] | None:
    """For each SHA, whether it names a commit in the git repository at ``root``.

    ``None`` when ``root`` is not a git repository (or git cannot run): the
    question cannot be answered, and callers must not treat that as a yes.
    """
    wanted = sorted(set(shas))
    if not wanted:
        return {}
    query = "".join(f"{sha}^{{commit}}\n" for sha in wanted)
    try:
        proc = run_git(root, "cat-file", "--batch-check", input=query.encode("utf-8"))
    except OSError:
        return None
    if proc.returncode != 0:
        return None
    answers = proc.stdout.decode("utf-8", "replace").splitlines()
    if len(answers) != len(wanted):
        return None
    return {
        sha: answer.split()[1:2] == ["commit"] for sha, answer in zip(wanted, answers, strict=True)
    }
