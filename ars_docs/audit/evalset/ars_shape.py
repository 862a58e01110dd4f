"""The evaluation fixtures in the shape a real ARS installation ships them (facts sheet §b).

Upstream's fixture set and ars-docs' own share the manifests (the same two
closed shapes) and the verdict files; they differ in the action file and the
passport snippet, and ``lint eval-fixtures`` accepts both:

- **The action file.** Upstream's runtime harness reads five fields:
  ``expected_path`` (required, ``A`` | ``B``), and optionally
  ``expected_phase``, ``expected_block_message``,
  ``expected_passport_mutation`` and ``expected_run_id_format`` (never
  checked); other keys are tolerated. A file that has ``expected_outcome`` or
  ``expected_decision_row`` is ars-docs' own closed shape
  (``pattern_eval_action.schema.json``); any other is read here
  (``pattern_eval_action_ars.schema.json``), with the harness's rules:

  - the phase, when given, is one the gate ends at; the path and the passport
    delta are that phase's (A7 none, B10 / B11 appended);
  - the block message, when given: ``""`` for a PASS; containing
    ``[ESCALATION]`` and the three choices for the round-cap escalation (B11);
    containing ``[AUDIT GATE`` for any other MATERIAL; free for a MINOR;
  - a micro BAD run ends at B10, a GOOD run PASSes with ``findings: []`` at
    B10 or A7;
  - a micro BAD run's verdict carries its pattern's signal in *upstream's*
    dimension numbering (``UPSTREAM_DIMENSION``; it differs from ars-docs' own
    fixtures for A2-A5, B5, C1, D3 and D4): MATERIAL with a P1 finding there,
    C2 MINOR with a P3; D2's BAD run has a non-empty
    ``expected_d2_convergence_assertion`` instead.

- **The passport snippet.** Upstream's (``schema_version: 9``, ``project_id``,
  ``audit_artifact: []``, ``checkpoints``, ``prior_findings``) has no
  ``literature_corpus``; ``is_ars_snippet`` recognises it, and the empty
  ledger is still required (``ars_docs.audit.evalset.context``).

Choice: where upstream's checker leaves a field open, both shapes accept it;
ars-docs' own shape stays closed and keeps its stricter cross-checks (the
decision row and outcome), because those are what its own harness asserts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ars_docs.audit.evalset.files import Checker, mapping
from ars_docs.audit.evalset.patterns import exit_phases
from ars_docs.audit.model.files import ArtifactFile
from ars_docs.audit.model.verdict import MATERIAL, MINOR, PASS

__all__ = [
    "ARS_ACTION_SCHEMA",
    "ESCALATION_CHOICES",
    "UPSTREAM_DIMENSION",
    "check_ars_action",
    "is_ars_action",
    "is_ars_snippet",
]

ARS_ACTION_SCHEMA = "pattern_eval_action_ars.schema.json"
ESCALATION_CHOICES = ("ship_with_known_residue", "another_round", "abort_stage")
"""The three answers a round-cap escalation message offers (§5.4)."""
UPSTREAM_DIMENSION = {
    **dict.fromkeys(("A1", "D1"), "3.4"),
    **dict.fromkeys(("A2", "A5", "C3"), "3.2"),
    **dict.fromkeys(("A3", "B5"), "3.1"),
    "A4": "3.3",
    **dict.fromkeys(("B1", "B2", "B3", "B4"), "3.5"),
    **dict.fromkeys(("C1", "D4"), "4(f)"),
    "C2": "3.7",
    "D3": "3.6",
}
"""The audit-template dimension of each pattern's BAD finding in upstream's fixtures
(D2 has none: its signal is the convergence assertion)."""
_OWN_KEYS = ("expected_outcome", "expected_decision_row")
_SEVERITY = {MATERIAL: "P1", MINOR: "P3"}


def is_ars_action(data: Any) -> bool:
    """Whether an action file is in upstream's shape (not ars-docs' own closed one)."""
    return isinstance(data, Mapping) and not any(key in data for key in _OWN_KEYS)


def is_ars_snippet(data: Mapping[str, Any]) -> bool:
    """Whether a passport snippet is upstream's (no ``literature_corpus``)."""
    return "literature_corpus" not in data and "schema_version" in data


def check_ars_action(
    out: Checker,
    file: ArtifactFile,
    verdict: Mapping[str, Any],
    *,
    role: str | None,
    pattern: str | None,
) -> None:
    """The harness's rules over an upstream-shaped action (already schema-valid).

    ``role`` is ``bad`` / ``good`` for a micro-fixture run, ``None`` in the
    integration fixture; ``verdict`` is empty when there is none to compare.
    """
    action = file.data

    def bad(key: str, message: str) -> None:
        out.at("EVAL-ACTION" if key != "verdict" else "EVAL-SIGNAL", file, _key(key), message)

    phase = action.get("expected_phase")
    if phase is not None:
        delta = exit_phases().get(phase)
        if delta is None:
            bad("expected_phase", f"{phase} is not a phase the gate ends at (A7, B10, B11, P-P…)")
            return
        if action["expected_path"] != delta.path:
            bad(
                "expected_path",
                f"expected_path is {action['expected_path']!r} but phase {phase} is on "
                f"Path {delta.path}",
            )
        mutation = action.get("expected_passport_mutation")
        if mutation is not None and mutation != delta.passport:
            bad(
                "expected_passport_mutation",
                f"expected_passport_mutation is {mutation!r} but phase {phase} means "
                f"{delta.passport!r} ({delta.source})",
            )
    if not verdict:
        return
    _message_rules(bad, action, verdict)
    if role is not None:
        _micro_rules(bad, action, verdict, role, pattern)


def _message_rules(bad: Any, action: Mapping[str, Any], verdict: Mapping[str, Any]) -> None:
    message = action.get("expected_block_message")
    if not isinstance(message, str):
        return
    status = verdict.get("verdict_status")
    escalation = action.get("expected_phase") == "B11" or (
        status == MATERIAL and verdict.get("round") == verdict.get("target_rounds")
    )
    if status == PASS and message != "":
        bad(
            "expected_block_message",
            f"a PASS blocks nothing: the message must be '', not {message!r}",
        )
    elif status == MATERIAL and escalation:
        missing = [w for w in ("[ESCALATION]", *ESCALATION_CHOICES) if w not in message]
        if missing:
            bad(
                "expected_block_message",
                f"the round-cap escalation message must contain {', '.join(missing)}",
            )
    elif status == MATERIAL and "[AUDIT GATE" not in message:
        bad("expected_block_message", "a MATERIAL block message must contain '[AUDIT GATE'")


def _micro_rules(
    bad: Any, action: Mapping[str, Any], verdict: Mapping[str, Any], role: str, pattern: str | None
) -> None:
    phase = action.get("expected_phase")
    status, findings = verdict.get("verdict_status"), verdict.get("findings") or []
    if role == "good":
        if status != PASS or findings:
            bad(
                "verdict",
                f"a GOOD run must PASS with findings: [], not {status} with "
                f"{len(findings)} finding(s)",
            )
        if phase is not None and phase not in ("B10", "A7"):
            bad("expected_phase", f"a GOOD run's PASS ends at B10 or A7, not {phase}")
        return
    if phase is not None and phase != "B10":
        bad("expected_phase", f"a micro BAD run ends at B10, not {phase}")
    if pattern == "D2":
        if not action.get("expected_d2_convergence_assertion"):
            bad(
                "expected_path",
                "pattern D2's BAD run needs a non-empty expected_d2_convergence_assertion",
            )
        return
    dimension = UPSTREAM_DIMENSION.get(pattern or "")
    if dimension is None:
        return
    want = MINOR if pattern == "C2" else MATERIAL
    hits = [
        f
        for f in findings
        if mapping(f).get("severity") == _SEVERITY[want]
        and mapping(f).get("dimension") == dimension
    ]
    if status != want or not hits:
        bad(
            "verdict",
            f"the BAD run of {pattern} must give {want} with a {_SEVERITY[want]} finding in "
            f"dimension {dimension} (upstream's numbering); got {status}",
        )


def _key(key: str) -> tuple[str, ...]:
    return () if key == "verdict" else (key,)
