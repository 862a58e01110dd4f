"""Every persisted-mode row, defined once (spec §3.7, §5.6 B8d).

``ars-docs lint audit-artifacts --mode persisted`` and the gate's B8d (the
persisted entry built in memory before it is appended) run the same
function, so an entry the gate merges is one the lint accepts:

- per entry: the persisted arm of the entry schema, the entry's own rows
  (A1-A4, B8);
- over the ledger: D1, D3, C3;
- with the artifact files: each entry's sidecar and verdict schemas, the
  verdict file's rows, the stream's rows, the naming rows (B7, F2, F3), the
  cross-file rows (B1-B6, B9, C1, C2, C4) and B10 on acknowledgements; D4
  (a warning) over the proposals waiting beside them.

``only`` restricts the per-entry rows to one ledger index (the gate's new
entry); the ledger rows still see the whole ledger. ``entry_errors`` returns
the diagnostics that concern that index, which is what B8d blocks on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ars_docs.audit.model.jsonl import JsonlScan
from ars_docs.audit.model.ledger import FIELD
from ars_docs.audit.model.parse_verdict import VerdictParseError, parse_agent_text
from ars_docs.audit.model.schemas import (
    SchemaError,
    validate_entry,
    validate_sidecar,
    validate_verdict,
)
from ars_docs.audit.model.sidecar import commits_exist
from ars_docs.audit.model.verdict_text import LEGACY_NOTE
from ars_docs.audit.rows.artifact_set import ArtifactSet, load_artifact_set
from ars_docs.audit.rows.catalogue import Located, Report
from ars_docs.audit.rows.cross import FileHashes, cross_rows
from ars_docs.audit.rows.ledger import (
    ack_coverage_rows,
    ledger_rows,
    pending_proposals,
    supersession_rows,
)
from ars_docs.audit.rows.local import entry_rows, verdict_rows
from ars_docs.audit.rows.names import name_rows
from ars_docs.core.diagnostics import Diagnostic, Severity

__all__ = ["FIELD", "companion_rows", "entry_errors", "persisted_rows", "stream_rows"]


def stream_rows(report: Report, scan: JsonlScan, round_: Any = None) -> None:
    """The JSONL scan's problems as diagnostics (SCHEMA, A7, JSONL, L2-3, L2-4), then
    whether the final agent_message is a verdict text (L2-4; for ``round_`` when it is
    known, else the round of its last line); the deprecated YAML form is a warning."""
    for problem in scan.problems:
        report.at_line(
            problem.code, scan.path, problem.line, 1 if problem.line else 0, problem.message
        )
    if scan.dropped:
        report.at_line("JSONL", scan.path, 0, 0, f"{scan.dropped} more problem(s) not shown")
    if scan.last_agent_message is None or "L2-4" in scan.codes():
        return
    line, text = scan.last_agent_message
    try:
        said = parse_agent_text(text, round_ if isinstance(round_, int) else None)
    except VerdictParseError as exc:
        report.at_line(
            "L2-4", scan.path, line, 1, f"the final agent_message is not a verdict text: {exc}"
        )
        return
    if said.legacy:
        report.at_line("L2-4", scan.path, line, 1, LEGACY_NOTE, Severity.WARNING)


def companion_rows(
    report: Report, aset: ArtifactSet, hashes: FileHashes, commits: Mapping[str, bool] | None
) -> None:
    """Schema + rows of one run's sidecar, verdict and stream, and the cross-file rows."""
    at_sidecar, at_verdict = aset.located(aset.sidecar), aset.located(aset.verdict)
    status = aset.status if isinstance(aset.status, str) else None
    report.schema(at_sidecar, validate_sidecar(aset.sidecar.data, status))
    report.schema(at_verdict, validate_verdict(aset.verdict.data))
    verdict_rows(report, at_verdict, aset.verdict.data)
    if aset.scan is not None:
        verdict = aset.verdict.data
        round_ = verdict.get("round") if isinstance(verdict, Mapping) else None
        stream_rows(report, aset.scan, round_)
        for line in aset.scan.error_lines:
            report.at_line(
                "L2-2",
                aset.jsonl,
                line,
                1,
                f"an error event in the stream of a {aset.status} run: a failed run's verdict "
                "must be AUDIT_FAILED",
            )
    name_rows(report, aset)
    cross_rows(report, aset, hashes, commits)


def git_sha_of(aset: ArtifactSet) -> str | None:
    """The sidecar's ``runner.git_sha`` (``None`` for an AUDIT_FAILED run: B4 is suspended)."""
    runner = aset.sidecar.data.get("runner") if isinstance(aset.sidecar.data, Mapping) else None
    sha = runner.get("git_sha") if isinstance(runner, Mapping) else None
    return sha if isinstance(sha, str) and not aset.failed else None


def persisted_rows(
    report: Report,
    where: Located,
    entries: Sequence[Any],
    root: Path | None,
    *,
    schema_errors: Sequence[Sequence[SchemaError]] | None = None,
    only: int | None = None,
    entry_level: bool = True,
) -> None:
    """Every persisted-mode row over ``entries`` (the ledger in file order).

    ``schema_errors[i]`` are entry ``i``'s persisted-arm schema errors when the
    caller has them already; ``root`` ``None`` checks the ledger alone.
    Missing artifact files raise ``InputMissingError``, unreadable ones
    ``InputDataError`` (``load_artifact_set``). ``entry_level=False`` skips
    the rows of the first two groups (a caller that has run them already).
    """
    indices = list(range(len(entries))) if only is None else [only]
    if entry_level:
        _entry_and_ledger_rows(report, where, entries, indices, schema_errors)
    if root is None:
        return
    _file_rows(report, where, entries, indices, root, final=only is None)


def _entry_and_ledger_rows(
    report: Report,
    where: Located,
    entries: Sequence[Any],
    indices: list[int],
    schema_errors: Sequence[Sequence[SchemaError]] | None,
) -> None:
    for index in indices:
        errors = (
            schema_errors[index]
            if schema_errors is not None
            else validate_entry(entries[index], "persisted")
        )
        report.schema(where, errors, (FIELD, index))
        entry_rows(report, where, entries[index], (FIELD, index), persisted=True)
    ledger_rows(report, where, entries, FIELD)


def _file_rows(
    report: Report,
    where: Located,
    entries: Sequence[Any],
    indices: list[int],
    root: Path,
    *,
    final: bool,
) -> None:
    sets: dict[tuple[str, ...], ArtifactSet] = {}
    per_entry: list[tuple[int, ArtifactSet]] = []
    for index in indices:
        entry = entries[index]
        if not isinstance(entry, Mapping) or report.rejected(
            where.path, (FIELD, index, "artifact_paths")
        ):
            continue
        paths = entry.get("artifact_paths")
        key = (
            tuple(str(paths.get(k)) for k in ("jsonl", "sidecar", "verdict"))
            if isinstance(paths, Mapping)
            else ()
        )
        aset = sets.get(key)
        if aset is None:
            aset = load_artifact_set(root, entry, where, (FIELD, index))
            if aset is None:
                continue
            sets[key] = aset
        per_entry.append((index, aset))
    commits = commits_exist(root, [sha for aset in sets.values() if (sha := git_sha_of(aset))])
    hashes = FileHashes(root)
    checked: set[int] = set()
    for index, aset in per_entry:
        entry = entries[index]
        view = ArtifactSet(
            entry, where, (FIELD, index), None, aset.sidecar, aset.verdict, aset.jsonl, aset.scan
        )
        if id(aset) not in checked:
            checked.add(id(aset))
            companion_rows(report, view, hashes, commits)
        else:
            name_rows(report, view)
            cross_rows(report, view, hashes, commits)
        ack = entry.get("acknowledgement")
        if isinstance(ack, Mapping):
            ack_coverage_rows(
                report, where, (FIELD, index, "acknowledgement"), ack, aset.verdict.data
            )
    if not final:
        return  # D4 is a warning about the other proposals; B8d does not block on it
    folders = sorted({Path(aset.jsonl).parent for aset in sets.values()})
    pending = [item for folder in folders for item in pending_proposals(folder)]
    supersession_rows(report, where, FIELD, entries, pending)


def entry_errors(report: Report, where: Located, index: int) -> list[Diagnostic]:
    """The errors of a ``persisted_rows(..., only=index)`` run that concern entry ``index``.

    Rows about the ledger's other entries (a D1 tie between two old entries)
    are not this entry's fault; everything located in its artifact files is.
    """
    found = []
    for diagnostic, keypath in report.places():
        if diagnostic.severity is not Severity.ERROR:
            continue
        if diagnostic.path != where.path or keypath[:2] == (FIELD, index):
            found.append(diagnostic)
    return found
