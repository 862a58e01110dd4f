"""Rows about the ledger's order and the acknowledgement append (spec §3.7 C3, D1-D4, B10).

The ledger is ``audit_artifact[]`` in file order, which is append order
(E6: entries are never edited). D1 flags two entries with the same
``verified_at``; D3 one whose ``verified_at`` is before an earlier entry's
(the strict-monotonic helper makes both impossible). C3: an acknowledgement
entry copies its run's latest earlier entry. D2 and D4 are about proposals
still waiting in an output directory and are warnings: they say which file
the orchestrator's Path B will pick, not that an artifact is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ars_docs.audit.model.files import read_json_artifact
from ars_docs.audit.model.ledger import parse_ms
from ars_docs.audit.model.verdict import COMPLETED
from ars_docs.audit.rows.artifact_set import PROPOSAL_SUFFIX
from ars_docs.audit.rows.catalogue import Located, Report
from ars_docs.core.diagnostics import Severity
from ars_docs.core.errors import ArsError

__all__ = [
    "COPIED_FIELDS",
    "ack_coverage_rows",
    "ledger_rows",
    "pending_proposals",
    "supersession_rows",
    "tie_rows",
]

COPIED_FIELDS = (
    "stage",
    "agent",
    "deliverable_path",
    "deliverable_sha",
    "run_id",
    "bundle_manifest_sha",
    "artifact_paths",
)
COPIED_VERDICT = ("status", "round", "target_rounds", "finding_counts", "failure_reason")


def ledger_rows(report: Report, where: Located, entries: Sequence[Any], field: str) -> None:
    """D1, D3 and C3 over the whole ledger."""
    latest = None
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        verdict = entry.get("verdict") if isinstance(entry, Mapping) else None
        raw = verdict.get("verified_at") if isinstance(verdict, Mapping) else None
        stamp = parse_ms(raw)
        if stamp is None:
            continue  # E3 / the schema reports it
        keypath = (field, index, "verdict", "verified_at")
        if raw in seen:
            report.add(
                "D1",
                where,
                keypath,
                f"duplicate verified_at {raw} (also {field}[{seen[raw]}]): latest-entry "
                "selection is ambiguous",
            )
        elif latest is not None and stamp < latest[0]:
            report.add(
                "D3",
                where,
                keypath,
                f"verified_at {raw} is before {field}[{latest[1]}]'s {latest[2]}; every append "
                "must post-date the whole ledger",
            )
        seen.setdefault(str(raw), index)
        if latest is None or stamp > latest[0]:
            latest = (stamp, index, raw)
    for index, entry in enumerate(entries):
        if isinstance(entry, Mapping) and isinstance(entry.get("acknowledgement"), Mapping):
            _copy_row(report, where, entries, index, field)


def _copy_row(
    report: Report, where: Located, entries: Sequence[Any], index: int, field: str
) -> None:
    ack = entries[index]
    earlier = [
        (parse_ms(e["verdict"].get("verified_at")), i)
        for i, e in enumerate(entries[:index])
        if isinstance(e, Mapping)
        and e.get("run_id") == ack.get("run_id")
        and isinstance(e.get("verdict"), Mapping)
    ]
    earlier = [(stamp, i) for stamp, i in earlier if stamp is not None]
    if not earlier:
        report.add(
            "C3",
            where,
            (field, index, "run_id"),
            f"acknowledgement entry for run {ack.get('run_id')} has no earlier entry of that run "
            "to copy",
        )
        return
    source_index = max(earlier)[1]
    source = entries[source_index]
    for name in COPIED_FIELDS:
        if ack.get(name) != source.get(name):
            report.add(
                "C3",
                where,
                (field, index, name),
                f"{name} differs from {field}[{source_index}], the entry it acknowledges (copied "
                "fields must be byte-for-byte equal)",
            )
    mine, theirs = ack.get("verdict"), source["verdict"]
    if not isinstance(mine, Mapping):
        return
    for name in COPIED_VERDICT:
        if name == "status" and mine.get(name) not in COMPLETED:
            continue  # E7 reports a synthetic status
        if mine.get(name) != theirs.get(name):
            report.add(
                "C3",
                where,
                (field, index, "verdict", name),
                f"verdict.{name} differs from {field}[{source_index}], the entry it acknowledges",
            )


def ack_coverage_rows(
    report: Report, where: Located, keypath: tuple[Any, ...], ack: Mapping[str, Any], verdict: Any
) -> None:
    """B10: the acknowledged IDs are exactly the verdict file's finding IDs."""
    ids = ack.get("finding_ids")
    findings = verdict.get("findings") if isinstance(verdict, Mapping) else None
    if not isinstance(ids, list) or not ids or not isinstance(findings, list):
        return  # an empty list is a schema error (minItems), reported as B10 there
    if not all(isinstance(i, str) for i in ids):
        return  # the schema reports a non-string id
    known = {f["id"] for f in findings if isinstance(f, Mapping) and isinstance(f.get("id"), str)}
    unknown = [i for i in ids if i not in known]
    if unknown:
        report.add(
            "B10",
            where,
            (*keypath, "finding_ids"),
            f"acknowledgement.finding_ids violates rule 2: {', '.join(map(str, unknown))} not in "
            "the verdict file's findings",
        )
    missing = sorted(str(k) for k in known - set(ids))
    if missing:
        report.add(
            "B10",
            where,
            (*keypath, "finding_ids"),
            f"acknowledgement.finding_ids violates rule 3: {', '.join(missing)} not acknowledged "
            "(partial acknowledgement)",
        )


def pending_proposals(folder: Path) -> list[tuple[Path, Any]]:
    """Unmerged proposal files in ``folder`` (``consumed/`` is not looked into), parsed."""
    found = []
    for path in sorted(folder.glob(f"*{PROPOSAL_SUFFIX}")):
        try:
            data = read_json_artifact(str(path), what="proposal", hint="", root=folder).data
            found.append((path, data))
        except ArsError:
            continue  # linted on its own
    return found


def _tuple(entry: Any) -> tuple[Any, Any, Any] | None:
    """``(stage, agent, deliverable_sha)``, or ``None`` when the entry cannot have one."""
    if not isinstance(entry, Mapping):
        return None
    key = (entry.get("stage"), entry.get("agent"), entry.get("deliverable_sha"))
    if not all(part is None or isinstance(part, (str, int)) for part in key):
        return None  # a list or mapping there is a schema error, and unhashable
    return key


def _verdict(entry: Any) -> Mapping[str, Any]:
    verdict = entry.get("verdict") if isinstance(entry, Mapping) else None
    return verdict if isinstance(verdict, Mapping) else {}


def tie_rows(
    report: Report,
    where: Located,
    entry: Any,
    started_at: Any,
    others: Iterable[tuple[Path, Any, Any]],
) -> None:
    """D2 (warning): another pending proposal of the same deliverable has the same started_at."""
    for path, other, other_started in others:
        if (
            other.get("run_id") != entry.get("run_id")
            and _tuple(other) == _tuple(entry)
            and other_started == started_at
        ):
            winner = max(str(other.get("run_id")), str(entry.get("run_id")))
            report.add(
                "D2",
                where,
                ("run_id",),
                f"{path.name} is a proposal for the same deliverable with the same sidecar "
                f"started_at {started_at}; Path B falls back to run_id lex-max ({winner}), which "
                "is not chronological",
                Severity.WARNING,
            )


def supersession_rows(
    report: Report,
    where: Located,
    field: str,
    entries: Sequence[Any],
    pending: Iterable[tuple[Path, Any]],
) -> None:
    """D4 (warning): a higher-round pending proposal supersedes the latest persisted entry."""
    latest: dict[tuple[Any, Any, Any], tuple[Any, int]] = {}
    for index, entry in enumerate(entries):
        key = _tuple(entry)
        stamp = parse_ms(_verdict(entry).get("verified_at"))
        if key is not None and stamp is not None and (key not in latest or stamp > latest[key][0]):
            latest[key] = (stamp, index)
    merged = {
        e["run_id"] for e in entries if isinstance(e, Mapping) and isinstance(e.get("run_id"), str)
    }
    for path, proposal in pending:
        key = _tuple(proposal)
        if (
            key not in latest
            or proposal.get("run_id") in merged
            or not isinstance(proposal.get("run_id"), str)
        ):
            continue
        index = latest[key][1]
        persisted_round = _verdict(entries[index]).get("round")
        proposal_round = _verdict(proposal).get("round")
        if (
            isinstance(proposal_round, int)
            and isinstance(persisted_round, int)
            and proposal_round > persisted_round
        ):
            report.add(
                "D4",
                where,
                (field, index),
                f"superseded: unmerged proposal {path.name} is round {proposal_round} > this "
                f"entry's round {persisted_round}; Path A is preempted and Path B must merge it",
                Severity.WARNING,
                always=True,
            )
