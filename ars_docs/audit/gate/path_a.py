"""Path A of the audit gate: the already-persisted entry, re-verified each run (spec §5.6, §5.5).

A1   the latest persisted entry for (stage, agent, deliverable_sha) by
     ``verified_at`` (D1)
A1.5 superseding-proposal preflight (D4): proposals already persisted are
     moved to ``consumed/`` and ignored; a remaining proposal with a higher
     round than the entry preempts Path A (P-PA-supersede-preempt)
A2   no entry: Path B (P-PA-precond)
A3   ``lint audit-artifacts --mode persisted`` on the entry (P-PA-schema):
     schema, its own rows and the ledger rows here; the rows that read its
     artifact files after A5, once the verdict file may be read
A4   the eleven checks (P-PA-gate)
A5   the verdict file: schema, then the entry's mirror (P-PA-verdict-schema,
     P-PA-verdict-mirror), then the stream's final agent_message, which the
     verdict file must repeat (P-PA-verdict-stream)
A6   late freshness barrier: L3-3 and L3-4 again, under the passport folder
     lock so that it is also serialised with writers (P-PA-stale-late)
A7   ship / block by §5.3; nothing is written

Every failure falls through to Path B with its message carried. Because
A3-A6 run on every gate, a deliverable or bundle file changed since the
audit (e.g. after an ``ARS_PASSPORT_RESET`` resume) fails freshness here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ars_docs.audit.gate.checks import freshness, run_checks
from ars_docs.audit.gate.decision import decide
from ars_docs.audit.gate.proposals import consume, scan_proposals
from ars_docs.audit.gate.state import GateContext, GateResult
from ars_docs.audit.gate.verdict import ledger_problem, mirror_drift, read_verdict, stream_drift
from ars_docs.audit.model.ledger import AuditLedger, latest, passport_lock
from ars_docs.audit.model.sidecar import declared_bundle

__all__ = ["PathAOutcome", "Verified", "decided", "run_path_a", "verify_persisted"]


@dataclass(frozen=True, slots=True)
class Verified:
    entry: Mapping[str, Any]
    verdict: Mapping[str, Any]
    sidecar: Any


@dataclass(frozen=True, slots=True)
class PathAOutcome:
    result: GateResult | None
    """Set when Path A decided (A7)."""
    supersession: bool = False
    prior_round: int | None = None
    carried: str | None = None
    """The Path A failure message Path B surfaces if it finds nothing."""


def run_path_a(ctx: GateContext, ledger: AuditLedger) -> PathAOutcome:
    selected = latest(ledger.data, ctx.matches)
    if selected is None:
        ctx.note("P-PA-precond")
        return PathAOutcome(None)
    prior = (
        selected.get("verdict", {}).get("round")
        if isinstance(selected.get("verdict"), Mapping)
        else None
    )
    prior_round = prior if isinstance(prior, int) and not isinstance(prior, bool) else None
    superseding = _preflight(ctx, ledger, prior_round)
    if superseding is not None:
        ctx.note(
            "P-PA-supersede-preempt",
            run_id=superseding[0],
            round=superseding[1],
            prior_round=prior_round,
        )
        return PathAOutcome(None, supersession=True, prior_round=prior_round)
    verified, failure = verify_persisted(ctx, selected, ledger.data, lock=True)
    if verified is None:
        assert failure is not None
        return PathAOutcome(None, prior_round=prior_round, carried=failure)
    return PathAOutcome(decided(ctx, verified, path="A", appended=False))


def _preflight(
    ctx: GateContext, ledger: AuditLedger, prior_round: int | None
) -> tuple[str, int] | None:
    merged = {str(e.get("run_id")) for e in ledger.data if ctx.matches(e)}
    best: tuple[str, int] | None = None
    for candidate in scan_proposals(ctx.root, ctx.output_dir, ctx.tuple).candidates:
        if candidate.run_id in merged:
            # A leftover of a run interrupted after its append (B9): never merge it twice.
            if consume(candidate.path, ctx.output_dir) is None:
                ctx.note("P-PB-crash", run_id=candidate.run_id)
            continue
        round_ = candidate.round
        higher = round_ is not None and (prior_round is None or round_ > prior_round)
        if higher and round_ is not None and (best is None or round_ > best[1]):
            best = (candidate.run_id, round_)
    return best


def verify_persisted(
    ctx: GateContext, entry: Mapping[str, Any], ledger: list[Any], *, lock: bool
) -> tuple[Verified | None, str | None]:
    """A3-A6 on a persisted entry of ``ledger``: ``(verified, None)`` or ``(None, the message)``.

    A3 is ``lint audit-artifacts --mode persisted`` on the entry: its ledger
    rows first, its artifact-file rows once A4 has passed and A5 has read the
    verdict file (§5.2).
    """
    run_id = entry.get("run_id")
    index = next((i for i, item in enumerate(ledger) if item is entry), None)
    if index is None:  # not from this ledger read: judge it as the ledger's last entry
        ledger = [*ledger, entry]
        index = len(ledger) - 1
    problem = ledger_problem(ctx.passport, None, ledger, index)
    if problem is not None:
        return None, ctx.note("P-PA-schema", run_id=run_id, reason=problem)
    failure, evidence = run_checks(ctx.root, entry)
    ctx.legacy_text(evidence.legacy_text)
    if failure is not None:
        return None, ctx.note(
            "P-PA-gate", run_id=run_id, check=failure.check, reason=failure.reason
        )
    path = entry["artifact_paths"]["verdict"]
    verdict, why = read_verdict(ctx.root, entry)
    if verdict is None:
        return None, ctx.note("P-PA-verdict-schema", path=path, reason=why)
    drift = mirror_drift(entry, verdict.data)
    if drift is not None:
        return None, ctx.note("P-PA-verdict-mirror", run_id=run_id, path=path, reason=drift)
    said = stream_drift(evidence.scan, verdict.data)
    if said is not None:
        jsonl = entry["artifact_paths"]["jsonl"]
        return None, ctx.note(
            "P-PA-verdict-stream", run_id=run_id, path=path, jsonl=jsonl, reason=said
        )
    problem = ledger_problem(ctx.passport, ctx.root, ledger, index, files_only=True)
    if problem is not None:
        return None, ctx.note("P-PA-schema", run_id=run_id, reason=problem)
    if lock:
        with passport_lock(ctx.passport):
            late = freshness(ctx.root, entry, evidence.sidecar)
    else:
        late = freshness(ctx.root, entry, evidence.sidecar)
    if late is not None:
        return None, ctx.note("P-PA-stale-late", run_id=run_id, reason=late.format())
    return Verified(entry, verdict.data, evidence.sidecar), None


def decided(ctx: GateContext, verified: Verified, *, path: str, appended: bool) -> GateResult:
    """A7 / B10 / B11: the §5.3 decision on a verified entry."""
    supporting = [p for role, p, _ in declared_bundle(verified.sidecar) if role == "supporting"]
    decision = decide(
        verified.entry, verified.verdict, replace(ctx.commands, supporting=supporting)
    )
    phase = "A7" if path == "A" else "B11" if decision.row == "ESCALATION" else "B10"
    return GateResult(
        path=path,
        phase=phase,
        outcome=decision.outcome,
        message=decision.text,
        events=list(ctx.events),
        exit_code=int(decision.exit_code),
        appended=appended,
        entry=verified.entry,
        decision=decision,
        next_command=decision.next_command,
    )
