"""The chapter-level integration fixture's own checks (spec §7.3).

Layout under ``integration/<name>/`` (besides ``manifest.json``)::

    upstream_context/  passport_snippet.yaml, chapter_body_v1.md, chapter_body_v2.md,
                       prior_artifacts/
    round_<N>/         expected_pipeline_state.yaml, and one folder per agent
                       audited or gated that round: deliverable.md,
                       expected_orchestrator_action.yaml and (unless the action
                       says run_audit: false, a resume) expected_audit_findings.yaml
    escalation/        user_response.yaml, expected_passport_state.yaml,
                       expected_pipeline_outcome.yaml

Checked here: one ``round_<N>`` folder per manifest round, numbered 1, 2, …;
each sub-fixture's run (``check_run``) with its verdict's ``target_rounds``
the round's; a resume's deliverable byte-identical to the same agent's
deliverable of the round before (else Path A could not match it); each
round's ``expected_verdict`` the most severe verdict audited in it; the
escalation answering a B11 escalation of the last round, with the
acknowledged IDs exactly that verdict's findings (§5.4: full coverage).

Upstream's integration fixture is also read: its ``user_response.yaml`` says
``acknowledged_finding_ids`` (each a finding of the last round: a subset, as
upstream checks) and its state files carry ``audit_artifact_appended[]``,
``findings_summary`` and ``stage_outcome`` instead of ars-docs' keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ars_docs.audit.evalset.context import check_context
from ars_docs.audit.evalset.files import Checker, mapping, read_yaml
from ars_docs.audit.evalset.runs import check_run
from ars_docs.audit.model.files import ArtifactFile
from ars_docs.audit.model.verdict import STATUSES

__all__ = ["AGENTS", "check_integration"]

AGENTS = ("synthesis_agent", "research_architect_agent", "report_compiler_agent")
_UPSTREAM = ("passport_snippet.yaml", "chapter_body_v1.md", "chapter_body_v2.md")
_ESCALATION = (
    "user_response.yaml",
    "expected_passport_state.yaml",
    "expected_pipeline_outcome.yaml",
)
ACKED = "acknowledged_finding_ids"
"""upstream's ``user_response.yaml`` key (ars-docs' own fixtures say ``finding_ids``)."""
UPSTREAM_STATE = "audit_artifact_appended"
_SEVERITY = {status: rank for rank, status in enumerate(STATUSES)}
"""PASS 0, MINOR 1, MATERIAL 2, AUDIT_FAILED 3: ``STATUSES`` is in that order."""


def check_integration(out: Checker, folder: Path, manifest: ArtifactFile) -> None:
    data = manifest.data
    upstream = folder / "upstream_context"
    for name in _UPSTREAM:
        _need(out, upstream / name)
    if (upstream / "passport_snippet.yaml").is_file():
        check_context(
            out, upstream / "passport_snippet.yaml", sorted(folder.glob("round_*/*/*.md"))
        )
    if not (upstream / "prior_artifacts").is_dir():
        out.add("EVAL-PATH", upstream, "no prior_artifacts/ folder (§7.3)")
    rounds = data["rounds"]
    present = {p.name for p in folder.glob("round_*") if p.is_dir()}
    last: dict[str, Any] = {}
    for index, item in enumerate(rounds):
        name = f"round_{index + 1}"
        present.discard(name)
        if item["round"] != index + 1:
            out.at(
                "EVAL-INTEGRATION",
                manifest,
                ("rounds", index, "round"),
                f"rounds[{index}] is round {item['round']}; rounds are numbered 1, 2, … in order",
            )
        if not (folder / name).is_dir():
            out.add("EVAL-INTEGRATION", folder, f"no {name}/ folder for rounds[{index}]")
            continue
        statuses = _check_round(out, folder / name, item["target_rounds"], last)
        worst = max(statuses, key=_SEVERITY.__getitem__, default=None)
        if worst is not None and worst != item["expected_verdict"]:
            out.at(
                "EVAL-INTEGRATION",
                manifest,
                ("rounds", index, "expected_verdict"),
                f"expected_verdict {item['expected_verdict']} but the most severe verdict "
                f"audited in {name} is {worst}",
            )
    for extra in sorted(present):
        out.add("EVAL-INTEGRATION", folder / extra, f"{extra}/ is not a round of the manifest")
    _check_escalation(out, folder, manifest, len(rounds))


def _check_round(out: Checker, folder: Path, target: int, last: dict[str, Any]) -> list[str]:
    state = _need(out, folder / "expected_pipeline_state.yaml")
    if state is not None:
        _state_keys(out, state, ("ledger_entries", "pending_proposals", "latest"))
    statuses: list[str] = []
    agents = [p for p in sorted(folder.iterdir()) if p.is_dir()]
    if not agents:
        out.add("EVAL-INTEGRATION", folder, "no agent sub-fixture folder in this round")
    for sub in agents:
        if sub.name not in AGENTS:
            out.add(
                "EVAL-INTEGRATION", sub, f"{sub.name!r} is not a gate agent ({', '.join(AGENTS)})"
            )
            continue
        deliverable, action_path = sub / "deliverable.md", sub / "expected_orchestrator_action.yaml"
        if not (_need(out, deliverable, parse=False) and _need(out, action_path, parse=False)):
            continue
        action = mapping(read_yaml(action_path, "expected orchestrator action").data)
        findings: Path | None = sub / "expected_audit_findings.yaml"
        assert findings is not None
        if action.get("run_audit", True) is False:
            if findings.exists():
                out.add(
                    "EVAL-INTEGRATION",
                    findings,
                    "a resume (run_audit: false) runs no audit; remove this file",
                )
            previous = last.get(sub.name)
            if previous is None or previous.read_bytes() != deliverable.read_bytes():
                out.add(
                    "EVAL-INTEGRATION",
                    deliverable,
                    "a resume re-verifies the persisted entry, so the deliverable must be "
                    "byte-identical to this agent's deliverable of the round before",
                )
            findings = None
        elif not _need(out, findings, parse=False):
            continue
        else:
            verdict = mapping(read_yaml(findings, "expected audit findings").data)
            if verdict.get("target_rounds") != target:
                out.add(
                    "EVAL-INTEGRATION",
                    findings,
                    f"target_rounds {verdict.get('target_rounds')!r} but this round's manifest "
                    f"entry says {target}",
                )
            if verdict.get("verdict_status") in _SEVERITY:
                statuses.append(verdict["verdict_status"])
        bundle = (deliverable.relative_to(folder.parent).as_posix(),)
        check_run(out, folder.parent, findings, action_path, bundle=bundle, role=None, signal=None)
        last[sub.name] = deliverable
    return statuses


def _check_escalation(out: Checker, folder: Path, manifest: ArtifactFile, rounds: int) -> None:
    base = folder / "escalation"
    files = [_need(out, base / name) for name in _ESCALATION]
    escalation = manifest.data["escalation"]
    ids = escalation.get("expected_acknowledgement_finding_ids")
    agent = escalation.get("agent")
    response, passport_state, outcome = files
    upstream = (
        response is not None and isinstance(response.data, Mapping) and (ACKED in response.data)
    )
    if response is not None and _keys(out, response, ("user_choice",)):
        for key, want in (
            ("user_choice", escalation["user_choice"]),
            ("agent", agent),
            (ACKED if upstream else "finding_ids", ids),
        ):
            if want is not None and response.data.get(key) != want:
                out.at(
                    "EVAL-INTEGRATION",
                    response,
                    (key,),
                    f"{key} is {response.data.get(key)!r} but the manifest's escalation says "
                    f"{want!r}",
                )
    if passport_state is not None:
        _state_keys(out, passport_state, ("ledger_entries", "acknowledgement"))
    if outcome is not None:
        _state_keys(out, outcome, ("ledger_entries", "stage_proceeds", "gate"))
    if escalation["user_choice"] != "ship_with_known_residue":
        return
    if upstream:
        assert response is not None
        _check_upstream_acks(out, folder, response, rounds)
        return
    if agent is None:
        return
    sub = folder / f"round_{rounds}" / agent
    action_path, findings = (
        sub / "expected_orchestrator_action.yaml",
        sub / "expected_audit_findings.yaml",
    )
    if not (action_path.is_file() and findings.is_file()):
        out.add(
            "EVAL-INTEGRATION",
            base,
            f"the escalation answers {agent} in round_{rounds}, which has no audited sub-fixture",
        )
        return
    action = mapping(read_yaml(action_path, "expected orchestrator action").data)
    if action.get("expected_phase") != "B11":
        out.add(
            "EVAL-INTEGRATION",
            action_path,
            "the escalation answers this run, so it must end at B11 (ESCALATION)",
        )
    found = [
        mapping(f).get("id")
        for f in mapping(read_yaml(findings, "expected audit findings").data).get("findings") or []
    ]
    if ids is not None and sorted(map(str, ids)) != sorted(map(str, found)):
        out.at(
            "EVAL-INTEGRATION",
            manifest,
            ("escalation", "expected_acknowledgement_finding_ids"),
            f"acknowledges {ids} but round {rounds}'s verdict has findings {found}; an "
            "acknowledgement covers every finding (§5.4)",
        )


def _check_upstream_acks(out: Checker, folder: Path, response: ArtifactFile, rounds: int) -> None:
    """Upstream's rule: the acknowledged IDs are findings of the last round (a subset)."""
    acked = response.data.get(ACKED)
    if not isinstance(acked, list) or not all(isinstance(i, str) and i for i in acked):
        out.at("EVAL-INTEGRATION", response, (ACKED,), f"{ACKED} must be a list of finding IDs")
        return
    found: set[str] = set()
    for findings in sorted((folder / f"round_{rounds}").glob("*/expected_audit_findings.yaml")):
        verdict = mapping(read_yaml(findings, "expected audit findings").data)
        found.update(str(mapping(f).get("id")) for f in verdict.get("findings") or [])
    unknown = sorted(set(acked) - found)
    if unknown:
        out.at(
            "EVAL-INTEGRATION",
            response,
            (ACKED,),
            f"acknowledges {', '.join(unknown)}, which no round {rounds} verdict has "
            f"(its findings: {', '.join(sorted(found)) or 'none'})",
        )


def _state_keys(out: Checker, file: ArtifactFile, ours: tuple[str, ...]) -> None:
    """A state file in ars-docs' shape (``ours``) or upstream's (``audit_artifact_appended[]``,
    with ``findings_summary`` / ``stage_outcome`` beside it)."""
    if isinstance(file.data, Mapping) and UPSTREAM_STATE in file.data:
        if not isinstance(file.data[UPSTREAM_STATE], list):
            out.at("EVAL-INTEGRATION", file, (UPSTREAM_STATE,), f"{UPSTREAM_STATE} must be a list")
        return
    _keys(out, file, ours)


def _need(out: Checker, path: Path, *, parse: bool = True) -> Any:
    if not path.is_file():
        out.add("EVAL-PATH", path.parent, f"{path.name}: no such file in {path.parent}")
        return None
    return read_yaml(path, path.name) if parse and path.suffix == ".yaml" else True


def _keys(out: Checker, file: ArtifactFile, keys: tuple[str, ...]) -> bool:
    if not isinstance(file.data, Mapping):
        out.add("EVAL-INTEGRATION", file.path, "not a YAML mapping", 1, 1)
        return False
    missing = [key for key in keys if key not in file.data]
    if missing:
        out.add("EVAL-INTEGRATION", file.path, f"missing key(s): {', '.join(missing)}", 1, 1)
    return not missing
