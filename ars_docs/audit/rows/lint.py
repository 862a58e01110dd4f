"""``ars-docs lint audit-artifacts``: the §3.7 invariant rows over audit files (§3.2, §5.2 L2-5).

Modes:

- ``proposal``: a wrapper's ``<run_id>.audit_artifact_entry.json`` with its
  JSONL, sidecar and verdict (found by ``artifact_paths`` under the
  repository root) and the other proposals waiting beside it (D2).
- ``persisted``: every ``audit_artifact[]`` entry of a passport, the ledger's
  order, and (unless ``check_files`` is false) each entry's artifact files
  and the proposals waiting beside them (D4).
- ``jsonl-stream``: one JSONL stream (row schema, A7 pairing, the opening
  and closing events).
- ``verdict``: one verdict file.

Persisted mode is ``ars_docs.audit.rows.persisted.persisted_rows``, the
function the gate's B8d runs on the entry it is about to append.

Each diagnostic's code is the row ID (see ``ars_docs.audit.rows.catalogue.ROWS``).
Missing inputs raise ``InputMissingError`` (66), unreadable ones
``InputDataError`` (65); everything else is a diagnostic. D2 and D4 are
warnings; the rest are errors.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

from ars_docs.audit.model.files import read_json_artifact, read_yaml_artifact
from ars_docs.audit.model.jsonl import scan_jsonl
from ars_docs.audit.model.ledger import load_audit_ledger
from ars_docs.audit.model.manifest import repo_root
from ars_docs.audit.model.schemas import validate_entry, validate_verdict
from ars_docs.audit.model.sidecar import commits_exist
from ars_docs.audit.rows.artifact_set import load_artifact_set
from ars_docs.audit.rows.catalogue import Located, Report
from ars_docs.audit.rows.cross import FileHashes
from ars_docs.audit.rows.ledger import (
    pending_proposals,
    tie_rows,
)
from ars_docs.audit.rows.local import entry_rows, verdict_rows
from ars_docs.audit.rows.names import stem
from ars_docs.audit.rows.persisted import companion_rows, git_sha_of, persisted_rows, stream_rows
from ars_docs.core.diagnostics import Diagnostic
from ars_docs.core.errors import UsageError

__all__ = ["LintMode", "lint_audit_artifacts"]

LintMode = Literal["proposal", "persisted", "jsonl-stream", "verdict"]
_HINT = "check the path"


def lint_audit_artifacts(
    mode: str,
    target: str | os.PathLike[str],
    *,
    root: str | os.PathLike[str] | None = None,
    check_files: bool = True,
) -> Iterator[Diagnostic]:
    """Yield every finding of ``mode`` over ``target``, in file order per file."""
    name = os.fspath(target)
    report = Report()
    if mode == "jsonl-stream":
        stream_rows(report, scan_jsonl(name))
    elif mode == "verdict":
        _lint_verdict_file(report, name)
    elif mode == "proposal":
        _lint_proposal(report, name, _root(root, name))
    elif mode == "persisted":
        _lint_passport(report, name, _root(root, name) if check_files else None)
    else:
        raise UsageError(f"unknown mode {mode!r}; use proposal, persisted, jsonl-stream or verdict")
    return iter(report.diagnostics)


def _root(root: str | os.PathLike[str] | None, near: str) -> Path:
    if root is not None:
        chosen = Path(root)
        if not chosen.is_dir():
            raise UsageError(f"--root {chosen}: not a directory")
        return chosen
    return repo_root(Path(near).resolve().parent if os.path.exists(near) else None)


def _lint_verdict_file(report: Report, path: str) -> None:
    verdict = read_yaml_artifact(
        path, what="verdict file", hint=_HINT, timestamp_keys=[("generated_at",)]
    )
    where = Located(verdict.path, verdict.position)
    report.schema(where, validate_verdict(verdict.data))
    verdict_rows(report, where, verdict.data)
    found = stem(path, ".verdict.yaml")
    if found is None:
        report.at_line("F2", path, 0, 0, f"{Path(path).name} is not named <run_id>.verdict.yaml")
    elif (
        isinstance(verdict.data, Mapping)
        and isinstance(verdict.data.get("run_id"), str)
        and stem(verdict.data["run_id"] + ".verdict.yaml", ".verdict.yaml") is not None
        and verdict.data["run_id"] != found
    ):
        report.add(
            "B7",
            where,
            ("run_id",),
            f"run_id {verdict.data['run_id']} but the file is named for run {found}",
        )


def _lint_proposal(report: Report, path: str, root: Path) -> None:
    proposal = read_json_artifact(path, what="proposal entry", hint=_HINT)
    where = Located(proposal.path, proposal.position)
    report.schema(where, validate_entry(proposal.data, "proposal"))
    entry_rows(report, where, proposal.data, (), persisted=False)
    if not isinstance(proposal.data, Mapping) or report.rejected(path, ("artifact_paths",)):
        return  # the companions cannot be found from paths the schema rejected
    aset = load_artifact_set(root, proposal.data, where, proposal_file=path)
    if aset is None:
        return
    sha = git_sha_of(aset)
    commits = commits_exist(root, [sha] if sha else [])
    companion_rows(report, aset, FileHashes(root), commits)
    others = []
    for other_path, other in pending_proposals(Path(path).resolve().parent):
        if other_path.resolve() == Path(path).resolve() or not isinstance(other, Mapping):
            continue
        sidecar_path = (
            other.get("artifact_paths", {}).get("sidecar")
            if isinstance(other.get("artifact_paths"), Mapping)
            else None
        )
        started = _started_at(root, sidecar_path)
        others.append((other_path, other, started))
    tie_rows(
        report,
        where,
        proposal.data,
        _started_at(root, proposal.data.get("artifact_paths", {}).get("sidecar")),
        others,
    )


def _started_at(root: Path, sidecar_path: Any) -> Any:
    if not isinstance(sidecar_path, str):
        return None
    try:
        data = read_json_artifact(str(root / sidecar_path), what="sidecar", hint=_HINT).data
    except Exception:
        return None
    timing = data.get("timing") if isinstance(data, Mapping) else None
    return timing.get("started_at") if isinstance(timing, Mapping) else None


def _lint_passport(report: Report, path: str, root: Path | None) -> None:
    ledger = load_audit_ledger(path)
    document = ledger.document
    where = Located(
        path,
        (lambda keypath: document.position(*keypath)) if document else (lambda keypath: (0, 0)),
    )
    persisted_rows(
        report,
        where,
        [entry.data for entry in ledger.entries],
        root,
        schema_errors=[entry.errors for entry in ledger.entries],
    )
