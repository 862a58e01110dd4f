"""One evaluation run: its expected verdict and the gate action it implies (spec §7.2, §7.4).

``check_run`` reads a run's ``expected_audit_findings.yaml`` (validated as a
§3.5 verdict by the audit package's own schema and row checks) and its
``expected_orchestrator_action.yaml`` (the action schema, then the §5.6
inventory: the phase must be one the gate can end at and the passport delta
must be that phase's), and checks that the two agree with each other and
with the §7.4 signal of the run's role:

- ``good``: PASS, ``findings: []``, decision row PASS;
- ``bad`` with signal ``material`` / ``minor``: MATERIAL with a P1 (MINOR
  with a P3) finding in ``expected_dimension``;
- ``bad`` with signal ``convergence`` (D2): PASS whose round is below the
  convergence assertion's ``minimum_rounds`` (``theatre: true``).

Every finding must point at a file of the fixture and a line that file has,
so a reader can find the pattern where the finding says it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ars_docs.audit.evalset.ars_shape import ARS_ACTION_SCHEMA, check_ars_action, is_ars_action
from ars_docs.audit.evalset.files import ACTION_SCHEMA, Checker, inside, mapping, read_yaml
from ars_docs.audit.evalset.patterns import DECISION_STEPS, exit_phases
from ars_docs.audit.model.schemas import validate_verdict
from ars_docs.audit.model.verdict import MATERIAL, MINOR, PASS
from ars_docs.audit.rows.catalogue import Located, Report
from ars_docs.audit.rows.local import verdict_rows

__all__ = ["check_run"]

_ROW_OUTCOME = {
    "PASS": "proceed",
    "MINOR": "decide",
    "MATERIAL": "block",
    "MATERIAL+ack": "proceed",
    "ESCALATION": "decide",
    None: "block",
}
#: The verdict status each §5.3 decision row needs (the row names are the gate's
#: ``Decision.row`` words; the first three are the status words themselves).
_ROW_STATUS = {
    "PASS": PASS,
    "MINOR": MINOR,
    "MATERIAL": MATERIAL,
    "MATERIAL+ack": MATERIAL,
    "ESCALATION": MATERIAL,
}
_SIGNAL = {"material": (MATERIAL, "P1"), "minor": (MINOR, "P3")}


def check_run(
    out: Checker,
    folder: Path,
    findings: Path | None,
    action_path: Path,
    *,
    bundle: tuple[str, ...],
    role: str | None,
    signal: str | None,
    pattern: str | None = None,
) -> Mapping[str, Any]:
    """Check one run; ``findings`` is ``None`` for an integration resume (no new audit).

    ``bundle`` holds the files the run audits (its deliverable first, then the
    supporting files), relative to ``folder``: a finding may only name one. An
    action in upstream's shape is checked by ``ars_shape``, one in ars-docs' own
    here. Returns the expected verdict (empty when there is none, or it is invalid).
    """
    verdict: Mapping[str, Any] = {}
    if findings is not None:
        verdict = _check_verdict(out, folder, findings, bundle)
    action_file = read_yaml(action_path, "expected orchestrator action")
    if is_ars_action(action_file.data):
        if out.schema("EVAL-ACTION", action_file, ARS_ACTION_SCHEMA):
            check_ars_action(out, action_file, verdict, role=role, pattern=pattern)
        return verdict
    if not out.schema("EVAL-ACTION", action_file, ACTION_SCHEMA):
        return verdict
    action = action_file.data
    phase = action["expected_phase"]
    phases = exit_phases()
    delta = phases.get(phase)
    if delta is None:
        out.at("EVAL-ACTION", action_file, ("expected_phase",), _not_an_exit(phase))
        return verdict
    for key, want in (
        ("expected_path", delta.path),
        ("expected_passport_mutation", delta.passport),
    ):
        if action[key] != want:
            out.at(
                "EVAL-ACTION",
                action_file,
                (key,),
                f"{key} is {action[key]!r} but the gate's phase {phase} means {want!r} "
                f"({delta.source})",
            )
    _check_agreement(out, action_file, action, verdict, role=role, signal=signal)
    return verdict


def _check_verdict(
    out: Checker, folder: Path, path: Path, bundle: tuple[str, ...]
) -> Mapping[str, Any]:
    file = read_yaml(path, "expected audit findings", (("generated_at",),))
    report = Report()
    where = Located(file.path, file.position)
    report.schema(where, validate_verdict(file.data))
    verdict_rows(report, where, file.data)
    for d in report.diagnostics:
        out.add(
            "EVAL-VERDICT", d.path, f"not a valid verdict ({d.code}): {d.message}", d.line, d.col
        )
    verdict = mapping(file.data)
    findings = verdict.get("findings")
    for index, finding in enumerate(findings if isinstance(findings, list) else []):
        finding = mapping(finding)
        name, line = finding.get("file"), finding.get("line")
        if not isinstance(name, str):
            continue
        target = inside(folder, name)
        if name not in bundle or target is None or not target.is_file():
            out.at(
                "EVAL-VERDICT",
                file,
                ("findings", index, "file"),
                f"finding {finding.get('id')} names {name}, which is not a file this run "
                f"audits ({', '.join(bundle)})",
            )
        elif isinstance(line, int) and line > (count := _line_count(target)):
            out.at(
                "EVAL-VERDICT",
                file,
                ("findings", index, "line"),
                f"finding {finding.get('id')} points at {name}:{line} but the file has {count} "
                "lines",
            )
    return verdict if not report.diagnostics else {}


def _check_agreement(
    out: Checker,
    file: Any,
    action: Mapping[str, Any],
    verdict: Mapping[str, Any],
    *,
    role: str | None,
    signal: str | None,
) -> None:
    def bad(key: str, message: str) -> None:
        out.at("EVAL-SIGNAL", file, (key,), message)

    row = action["expected_decision_row"]
    phase, outcome = action["expected_phase"], action["expected_outcome"]
    if (row is None) != (phase not in DECISION_STEPS):
        bad(
            "expected_decision_row",
            f"decision row {row!r} at phase {phase}: a decision step (A7, B10, B11) has a "
            "§5.3 row; a failure phase has none (null)",
        )
    if _ROW_OUTCOME[row] != outcome:
        bad(
            "expected_outcome",
            f"outcome {outcome!r} but decision row {row!r} gives {_ROW_OUTCOME[row]!r}",
        )
    if phase in ("B10", "B11") and (row == "ESCALATION") != (phase == "B11"):
        bad(
            "expected_phase",
            f"phase {phase} with decision row {row!r}: on Path B the escalation is B11 and "
            "every other decision B10",
        )
    if "convergence" in action and signal != "convergence":
        bad("convergence", "a convergence assertion belongs to pattern D2 only")
    if not verdict:
        return  # no verdict to compare (a resume, or one already reported invalid)
    status, findings = verdict.get("verdict_status"), verdict.get("findings") or []
    if row in _ROW_STATUS and _ROW_STATUS[row] != status:
        bad("expected_decision_row", f"decision row {row!r} but the expected verdict is {status}")
    round_, target = verdict.get("round"), verdict.get("target_rounds")
    if row == "MATERIAL" and round_ == target:
        bad(
            "expected_decision_row",
            f"MATERIAL at round {round_} of {target} is the round-cap escalation (ESCALATION)",
        )
    if row == "ESCALATION" and round_ != target:
        bad(
            "expected_decision_row",
            f"ESCALATION needs round == target_rounds, not {round_} of {target}",
        )
    dimension = action.get("expected_dimension")
    dims = sorted(str(mapping(f).get("dimension")) for f in findings)
    if dimension is not None and dimension not in dims:
        bad(
            "expected_dimension",
            f"no expected finding has dimension {dimension!r} (found: {', '.join(dims) or 'none'})",
        )
    if role == "good" and (status != PASS or findings):
        bad(
            "expected_decision_row",
            f"a GOOD run must PASS with findings: [] (§7.4 criterion 2), not {status} with "
            f"{len(findings)} finding(s)",
        )
    elif role == "bad" and signal in _SIGNAL:
        want, severity = _SIGNAL[signal]
        hits = [
            f
            for f in findings
            if mapping(f).get("severity") == severity and mapping(f).get("dimension") == dimension
        ]
        if status != want or not hits:
            bad(
                "expected_dimension",
                f"a BAD run of this pattern must give {want} with a {severity} finding in "
                f"expected_dimension (§7.4 criterion 1); got {status}, expected_dimension "
                f"{dimension!r}",
            )
    if signal == "convergence" and role is not None:
        _check_convergence(bad, action, status, round_, role)


def _check_convergence(
    bad: Callable[[str, str], None],
    action: Mapping[str, Any],
    status: Any,
    round_: Any,
    role: str,
) -> None:
    conv = mapping(action.get("convergence"))
    if not conv:
        bad("expected_phase", "pattern D2 needs a convergence assertion (§7.4 criterion 1)")
        return
    if status != PASS:
        bad("convergence", f"the D2 runs are PASS verdicts; this one is {status}")
    if conv["declared_clean_at_round"] != round_:
        bad(
            "convergence",
            f"declared_clean_at_round is {conv['declared_clean_at_round']} but the verdict is "
            f"round {round_}",
        )
    theatre = isinstance(round_, int) and round_ < conv["minimum_rounds"]
    if conv["theatre"] != theatre:
        bad(
            "convergence",
            f"theatre is {conv['theatre']}, but a PASS at round {round_} with minimum_rounds "
            f"{conv['minimum_rounds']} {'is' if theatre else 'is not'} convergence theatre",
        )
    elif theatre != (role == "bad"):
        bad(
            "convergence",
            "the BAD run must be convergence theatre (theatre: true), the GOOD run must not",
        )


def _not_an_exit(phase: str) -> str:
    from ars_docs.audit.gate.inventory import inventory

    row = inventory().get(phase)
    if row is None:
        return f"{phase} is neither a decision step (A7, B10, B11) nor a row of the §5.6 inventory"
    return f"{phase} is not where the gate stops: it is {row.kind} and goes on ({row.then})"


def _line_count(path: Path) -> int:
    return len(path.read_bytes().splitlines())
