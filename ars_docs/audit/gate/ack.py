"""``ars-docs audit ack``: ship_with_known_residue as a new ledger entry (spec §5.4, C3, B8, B10).

The latest persisted entry for (stage, agent, deliverable_sha) must be
MATERIAL at the round cap (round >= target_rounds: §5.3 and §5.4 offer
ship_with_known_residue only at the escalation; below the cap the refusal
names the next ``audit run`` command) and must still verify (A3-A6: a stale
or forged entry cannot be acknowledged). The acknowledged IDs must be
exactly the verdict file's finding IDs (B10: non-empty, all known, all of
them). The new entry copies the C3 fields byte for byte (``stage``,
``agent``, ``deliverable_path``, ``deliverable_sha``, ``run_id``,
``bundle_manifest_sha``, ``artifact_paths`` and ``verdict.{status, round,
target_rounds, finding_counts, failure_reason}``) plus ``bundle_id`` when
present (an audit-trail tag, so the acknowledgement stays in its bundle);
``verdict.verified_at`` is fresh from ``next_verified_at_ms`` and
``acknowledgement.acknowledged_at`` is the same instant (B8). The status
stays MATERIAL (E7); nothing is edited (E6).

The whole read-verify-append runs under the passport folder lock. A refusal
is exit 1 with the reason; the passport is then unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ars_docs.audit.gate.decision import entry_verdict_path
from ars_docs.audit.gate.path_a import Verified, verify_persisted
from ars_docs.audit.gate.path_b import VERIFIED_BY
from ars_docs.audit.gate.state import GateContext
from ars_docs.audit.gate.verdict import ledger_problem
from ars_docs.audit.model.ledger import latest, next_verified_at_ms, passport_lock
from ars_docs.audit.model.sidecar import declared_bundle
from ars_docs.audit.model.verdict import MATERIAL
from ars_docs.audit.rows.ledger import COPIED_FIELDS, COPIED_VERDICT
from ars_docs.core.errors import ArsError, InputDataError

__all__ = ["AckRefused", "acknowledge"]


class AckRefused(ArsError):
    """The acknowledgement cannot be written (exit 1); the passport is unchanged."""


@dataclass(frozen=True, slots=True)
class AckResult:
    entry: dict[str, Any]
    acknowledged_at: str
    appended: bool = True
    """False when the latest entry already acknowledged these findings (a rerun)."""


def acknowledge(ctx: GateContext, finding_ids: Sequence[str]) -> AckResult:
    ids = list(dict.fromkeys(i.strip() for i in finding_ids if i.strip()))
    if not ids:
        raise AckRefused("acknowledgement.finding_ids violates rule 1: no finding IDs given")
    with passport_lock(ctx.passport):
        ledger = ctx.ledger()
        prior = latest(ledger.data, ctx.matches)
        if prior is None:
            raise AckRefused(
                f"no persisted audit entry for stage {ctx.stage} / {ctx.agent} / "
                f"{ctx.deliverable} as it is now; run `ars-docs audit gate` first"
            )
        earlier = _same_acknowledgement(prior, ids)
        if earlier is not None:
            # A rerun (e.g. after a kill once the append had landed): the latest entry
            # already acknowledges exactly these findings — never a second one (issue 29).
            return AckResult(prior, earlier, appended=False)
        status = prior.get("verdict", {}).get("status")
        if status != MATERIAL:
            raise AckRefused(
                f"the latest entry (run {prior.get('run_id')}) is {status}, not MATERIAL; only "
                "a MATERIAL verdict is acknowledged"
            )
        verified, failure = verify_persisted(ctx, prior, ledger.data, lock=False)
        if verified is None:
            raise AckRefused(
                f"the latest entry does not verify, so it cannot be acknowledged: {failure}"
            )
        _require_round_cap(ctx, verified)
        known = [str(f.get("id")) for f in verified.verdict.get("findings") or []]
        unknown = [i for i in ids if i not in known]
        if unknown:
            raise AckRefused(
                f"acknowledgement.finding_ids violates rule 2: {', '.join(unknown)} not among "
                f"the verdict's findings ({', '.join(known)})"
            )
        missing = [i for i in known if i not in ids]
        if missing:
            raise AckRefused(
                f"acknowledgement.finding_ids violates rule 3: {', '.join(missing)} not "
                "acknowledged; every finding must be (no partial acknowledgement)"
            )
        entry: dict[str, Any] = {name: prior[name] for name in COPIED_FIELDS if name in prior}
        if "bundle_id" in prior:
            entry["bundle_id"] = prior["bundle_id"]
        source = prior["verdict"]
        entry["verdict"] = {name: source[name] for name in COPIED_VERDICT if name in source}
        try:
            stamp = next_verified_at_ms(ledger.data, ctx.clock.now())
        except InputDataError as exc:
            raise AckRefused(exc.message) from None
        entry["verdict"]["verified_at"] = stamp
        entry["verdict"]["verified_by"] = VERIFIED_BY
        entry["acknowledgement"] = {
            "finding_ids": ids,
            "acknowledged_at": stamp,
            "acknowledged_by": "user",
        }
        after = [*ledger.data, entry]
        problem = ledger_problem(ctx.passport, ctx.root, after, len(after) - 1)
        if problem is not None:
            raise AckRefused(f"the acknowledgement entry would be invalid: {problem}")
        ledger.append(entry)
    return AckResult(entry, stamp)


def _require_round_cap(ctx: GateContext, verified: Verified) -> None:
    """§5.3/§5.4: the acknowledgement is offered only at the escalation (round >= target)."""
    round_ = int(verified.verdict["round"])
    target = int(verified.verdict["target_rounds"])
    if round_ >= target:
        return
    supporting = [p for role, p, _ in declared_bundle(verified.sidecar) if role == "supporting"]
    commands = replace(ctx.commands, supporting=supporting)
    command = commands.audit_run(round_ + 1, target, entry_verdict_path(verified.entry))
    raise AckRefused(
        f"the latest entry (run {verified.entry.get('run_id')}) is MATERIAL at round {round_} "
        f"of {target}: ship_with_known_residue is offered only at the round cap (§5.4); below "
        f"it MATERIAL asks for a revision. Revise the deliverable, then audit round "
        f"{round_ + 1}: {command}"
    )


def _same_acknowledgement(entry: dict[str, Any], ids: list[str]) -> str | None:
    """``acknowledged_at`` when ``entry`` acknowledges exactly ``ids``, else ``None``."""
    ack = entry.get("acknowledgement")
    if not isinstance(ack, dict) or not isinstance(ack.get("finding_ids"), list):
        return None
    if sorted(map(str, ack["finding_ids"])) != sorted(ids):
        return None
    return str(ack.get("acknowledged_at"))
