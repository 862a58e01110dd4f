"""Path B of the audit gate: merge a proposal into the passport (spec §5.6 B1-B11, §4.9 steps 4-9).

B1   snapshot the proposals for this gate in the output folder
B1a  a proposal whose run_id is already persisted is a leftover: move it to
     ``consumed/``; for this gate's tuple and no supersession, re-verify that
     persisted entry (A3-A6) and decide on it (P-PB-dup-early); for another
     tuple, drop it (P-PB-dup-other)
B2   pick one (D2); in supersession mode only rounds above the persisted one
B3   nothing to pick: P-PB-empty (with the wrapper command) or
     P-PB-supersede-missing
B4   ``--mode proposal`` schema (a pre-filled ``verified_at`` is C3 evidence)
B5   ``AUDIT_FAILED``: block with its ``failure_reason``, nothing moved
B6   the eleven checks
B7   the verdict file: schema, then the proposal's mirror, then the stream's
     final agent_message (P-PB-verdict-stream)
B8a-B9 under the passport folder lock: late freshness, the run_id re-check
     against the passport as it is now (P-PB-dup-late), the snapshot's
     modification times (P-PB-snapshot), the persisted entry built in memory
     with ``verified_at`` from ``next_verified_at_ms`` and checked by every
     row of ``lint audit-artifacts --mode persisted`` (``persisted_rows``, the
     same function) over the ledger plus the entry (P-PB-persisted-schema),
     then the atomic append (P-PB-passport-write)
     and the move to ``consumed/`` (P-PB-consume-fail)
B10/B11 ship / block by §5.3; B11 is the §5.4 escalation

The proposal file is never rewritten: it stays a pure proposal until it is
moved, so a crash anywhere leaves something the next run can resume from,
and the run_id checks (B1a, B8b) make a second append of one run impossible.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from ars_docs.audit.gate.checks import freshness, run_checks
from ars_docs.audit.gate.message import reaudit_command
from ars_docs.audit.gate.path_a import PathAOutcome, Verified, decided, verify_persisted
from ars_docs.audit.gate.proposals import Candidate, consume, scan_proposals, select
from ars_docs.audit.gate.state import WRITE_FAILED, GateContext, GateResult
from ars_docs.audit.gate.verdict import ledger_problem, mirror_drift, read_verdict, stream_drift
from ars_docs.audit.model.ledger import latest, next_verified_at_ms, passport_lock
from ars_docs.audit.model.schemas import validate_entry
from ars_docs.audit.model.verdict import FAILED
from ars_docs.core.errors import InputDataError, OutputError

__all__ = ["VERIFIED_BY", "run_path_b"]

VERIFIED_BY = "pipeline_orchestrator_agent"


def run_path_b(ctx: GateContext, a: PathAOutcome) -> GateResult:
    ledger = ctx.ledger()
    scan = scan_proposals(ctx.root, ctx.output_dir, ctx.tuple)
    candidates: list[Candidate] = []
    revalidation_failure: tuple[str, str] | None = None
    merged = ledger.run_ids()
    for candidate in scan.candidates:
        if candidate.run_id not in merged:
            candidates.append(candidate)
            continue
        outcome = _leftover(
            ctx, candidate, ledger.with_run_id(candidate.run_id), a.supersession, ledger.data
        )
        if isinstance(outcome, GateResult):
            return outcome
        if outcome is not None:
            revalidation_failure = outcome
    if a.supersession:
        candidates = [c for c in candidates if (c.round or 0) > (a.prior_round or 0)]
    if not candidates:
        return _nothing(ctx, a, revalidation_failure, scan.unreadable, ledger.data)
    chosen, ambiguous = select(candidates)
    if ambiguous or chosen is None:
        tied = [_shown(ctx, c.path) for c in candidates]
        return ctx.block(
            "P-PB-ambig",
            output_dir=ctx.output_dir,
            look=tied,
            step="inspect these proposals and move the ones not to merge out of the folder, "
            "or audit again:",
            command=_reaudit(ctx, ledger.data),
        )
    return _merge(ctx, chosen, ledger.data)


def _leftover(
    ctx: GateContext,
    candidate: Candidate,
    persisted: list[Any],
    supersession: bool,
    ledger: list[Any],
) -> GateResult | tuple[str, str] | None:
    """B1a for one already-persisted proposal.

    A decision (re-verified entry), ``(run_id, why)`` when its re-validation
    failed, or ``None`` (dropped from the candidates).
    """
    moved = consume(candidate.path, ctx.output_dir)
    mine = latest(persisted, ctx.matches)
    if mine is None:
        ctx.note("P-PB-dup-other", run_id=candidate.run_id)
        return None
    detail = "" if moved is None else f" (move failed: {moved})"
    if supersession:
        # The higher-round proposal must win (F-072): no re-validation of this one.
        ctx.note("P-PB-dup-early", silent_note=True, run_id=candidate.run_id, detail=detail)
        return None
    verified, failure = verify_persisted(ctx, mine, ledger, lock=True)
    if verified is None:
        assert failure is not None
        return candidate.run_id, failure
    ctx.note(
        "P-PB-dup-early",
        silent_note=True,
        run_id=candidate.run_id,
        detail=detail + "; the persisted entry re-verified (A3-A6)",
    )
    return decided(ctx, verified, path="A", appended=False)


def _nothing(
    ctx: GateContext,
    a: PathAOutcome,
    revalidation: tuple[str, str] | None,
    unreadable: list[str],
    ledger: list[Any],
) -> GateResult:
    folder = _shown(ctx, ctx.output_dir)
    if a.supersession:
        prior = a.prior_round or 0
        return ctx.block(
            "P-PB-supersede-missing",
            prior_round=prior,
            stage=ctx.stage,
            agent=ctx.agent,
            sha=ctx.deliverable_sha,
            next_round=prior + 1,
            look=[folder],
            step=f"audit round {prior + 1} (§5.4 another_round):",
            command=_reaudit(ctx, ledger),
        )
    if revalidation is not None:
        return ctx.block(
            "P-PB-dup-early",
            run_id=revalidation[0],
            reason=revalidation[1],
            look=[ctx.commands.passport],
            step="audit again:",
            command=_reaudit(ctx, ledger),
        )
    extra = []
    if a.carried:
        extra.append(
            f"[AUDIT GATE: prior persisted entry failed Path A: {a.carried}; please re-audit]"
        )
    if unreadable:
        extra.append(
            f"(skipped {len(unreadable)} unreadable proposal file(s): {', '.join(unreadable[:5])})"
        )
    return ctx.block(
        "P-PB-empty",
        agent=ctx.agent,
        deliverable=ctx.deliverable,
        extra=extra,
        look=[folder, ctx.commands.passport] if a.carried else [folder],
        step="run the audit:",
        command=_reaudit(ctx, ledger),
    )


def _merge(ctx: GateContext, chosen: Candidate, ledger: list[Any]) -> GateResult:
    proposal, run_id = chosen.data, chosen.run_id
    me = _shown(ctx, chosen.path)
    again = "audit again (revise the deliverable first if the findings call for it):"

    def stop(phase: str, *keys: str, step: str = again, **values: Any) -> GateResult:
        paths = proposal.get("artifact_paths")
        look = [me]
        for key in keys:
            value = paths.get(key) if isinstance(paths, Mapping) else None
            if isinstance(value, str):
                look.append(value)
        command = _reaudit(ctx, ledger, proposal)
        return ctx.block(phase, look=look, step=step, command=command, **values)

    errors = validate_entry(proposal, "proposal")
    if errors:
        return stop(
            "P-PB-proposal-schema",
            run_id=run_id,
            reason=errors[0].format(),
            step="inspect the proposal (a pre-filled or hand-edited field is Pattern C3 "
            "evidence), then audit again:",
        )
    if proposal["verdict"]["status"] == FAILED:
        stderr = f"{PurePosixPath(proposal['artifact_paths']['jsonl']).parent}/{run_id}.stderr"
        return stop(
            "P-PB-audit-failed",
            "verdict",
            reason=proposal["verdict"].get("failure_reason"),
            step=f"read {stderr}, fix the cause, then run the audit again:",
        )
    failure, evidence = run_checks(ctx.root, proposal, proposal_file=chosen.path)
    ctx.legacy_text(evidence.legacy_text)
    if failure is not None:
        key = "jsonl" if failure.check.startswith("L2") else "sidecar"
        return stop("P-PB-gate", key, run_id=run_id, check=failure.check, reason=failure.reason)
    path = proposal["artifact_paths"]["verdict"]
    verdict, why = read_verdict(ctx.root, proposal)
    if verdict is None:
        return stop("P-PB-verdict-schema", "verdict", path=path, reason=why)
    drift = mirror_drift(proposal, verdict.data)
    if drift is not None:
        return stop("P-PB-verdict-mirror", "verdict", reason=drift)
    said = stream_drift(evidence.scan, verdict.data)
    if said is not None:
        jsonl = proposal["artifact_paths"]["jsonl"]
        return stop("P-PB-verdict-stream", "verdict", "jsonl", path=path, jsonl=jsonl, reason=said)
    with passport_lock(ctx.passport):
        return _persist(ctx, chosen, verdict.data, evidence.sidecar, stop)


def _persist(
    ctx: GateContext,
    chosen: Candidate,
    verdict: Mapping[str, Any],
    sidecar: Any,
    stop: Callable[..., GateResult],
) -> GateResult:
    """B8a-B9, called with the passport folder lock held; then B10/B11."""
    late = freshness(ctx.root, chosen.data, sidecar)
    if late is not None:
        return stop("P-PB-stale-late", "sidecar", reason=late.format())
    ledger = ctx.ledger()
    existing = latest(ledger.with_run_id(chosen.run_id), ctx.matches)
    inspect = "inspect the passport's audit_artifact[] and the proposal, then audit again:"
    if ledger.with_run_id(chosen.run_id):
        consume(chosen.path, ctx.output_dir)
        ctx.note("P-PB-dup-late", run_id=chosen.run_id)
        if existing is None:  # persisted for another tuple: hand-edited; trust nothing
            return stop(
                "P-PB-persisted-schema",
                reason=f"run_id {chosen.run_id} is persisted for another gate",
                step=inspect,
            )
        return decided(ctx, Verified(existing, verdict, sidecar), path="B", appended=False)
    gate_again = ctx.commands.gate()
    if not chosen.unchanged():
        return ctx.block(
            "P-PB-snapshot",
            look=[_shown(ctx, chosen.path)],
            step="run the gate again (it scans the folder afresh):",
            command=gate_again,
        )
    entry: dict[str, Any] = copy.deepcopy(dict(chosen.data))
    try:
        entry["verdict"]["verified_at"] = next_verified_at_ms(ledger.data, ctx.clock.now())
    except InputDataError as exc:
        return stop("P-PB-persisted-schema", reason=exc.message, step=inspect)
    entry["verdict"]["verified_by"] = VERIFIED_BY
    ledger_after = [*ledger.data, entry]
    problem = ledger_problem(ctx.passport, ctx.root, ledger_after, len(ledger_after) - 1)
    if problem is not None:
        return stop("P-PB-persisted-schema", "sidecar", reason=problem, step=inspect)
    try:
        ledger.append(entry)
    except OutputError as exc:
        return ctx.block(
            "P-PB-passport-write",
            exit_code=WRITE_FAILED,
            reason=exc.message,
            look=[ctx.commands.passport],
            step="check the disk and the passport's permissions (nothing was changed), then "
            "run the gate again:",
            command=gate_again,
        )
    moved = consume(chosen.path, ctx.output_dir)
    if moved is not None:
        ctx.note("P-PB-consume-fail", run_id=chosen.run_id, reason=moved)
    return decided(ctx, Verified(entry, verdict, sidecar), path="B", appended=True)


def _reaudit(ctx: GateContext, ledger: list[Any], failed: Mapping[str, Any] | None = None) -> str:
    return reaudit_command(ctx.commands, ctx.root, ctx.deliverable_path, ledger, failed)


def _shown(ctx: GateContext, path: Path) -> str:
    """``path`` relative to the repository root when it is inside it."""
    try:
        return path.resolve().relative_to(ctx.root.resolve()).as_posix()
    except ValueError:
        return str(path)
