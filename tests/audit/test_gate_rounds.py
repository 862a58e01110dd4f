"""Multi-round history, acknowledgement, supersession and the passport edit (spec §5.3, §5.4, §4.9).

Round 1 MATERIAL → round 2 MATERIAL → round 3 MATERIAL → escalation (exit 2)
→ ``audit ack`` → proceed; and the ``another_round`` path to round 4, whose
proposal supersedes the round-3 entry (D4). The passport append keeps
comments, CRLF and a byte-order mark, and refuses layouts it cannot append to.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ars_docs.core.errors import InputDataError
from ars_docs.files.yaml.append import append_item
from ars_docs.files.yaml.read import parse_yaml
from tests.support.gate import DELIVERABLE, Bench, finding


def revise(bench: Bench, n: int) -> None:
    (bench.root / DELIVERABLE).write_text(f"# Synthesis\n\nRevision {n}.\n", encoding="utf-8")


def three_material_rounds(bench: Bench) -> list[str]:
    run_ids = []
    for round_ in (1, 2, 3):
        revise(bench, round_)
        run_ids.append(bench.audit([finding(1, "P1"), finding(2, "P3")], round_=round_))
        outcome = bench.gate()
        assert outcome.json["passport_appended"] and outcome.json["status"] == "MATERIAL"
        if round_ < 3:
            assert (outcome.code, outcome.json["phase"], outcome.json["outcome"]) == (
                1,
                "B10",
                "block",
            )
            assert f"--round {round_ + 1} --target-rounds 3" in outcome.json["next_command"]
        else:
            assert (outcome.code, outcome.json["phase"], outcome.json["decision_row"]) == (
                2,
                "B11",
                "ESCALATION",
            )
    return run_ids


def test_three_material_rounds_escalate_then_ack_proceeds(bench: Bench) -> None:
    run_ids = three_material_rounds(bench)
    # The third gate run merged round 3 and escalated (B11).
    again = bench.gate()
    assert (again.code, again.json["phase"], again.json["decision_row"]) == (2, "A7", "ESCALATION")
    assert again.unchanged
    text = again.json["message"]
    assert "[ESCALATION]" in text and "reached round 3" in text
    assert "--round 4 --target-rounds 4" in again.json["next_command"]
    assert "ars-docs audit ack" in text and "--findings F-001,F-002" in text

    partial = bench.ack("F-001")
    assert partial.code == 1 and "violates rule 3" in partial.err and partial.unchanged
    unknown = bench.ack("F-001,F-002,F-404")
    assert unknown.code == 1 and "violates rule 2" in unknown.err and unknown.unchanged

    acked = bench.ack("F-001,F-002")
    assert acked.code == 0 and not acked.unchanged
    ledger = bench.ledger()
    assert [e["run_id"] for e in ledger] == [*run_ids, run_ids[2]]
    ack, original = ledger[-1], ledger[-2]
    assert ack["verdict"]["status"] == "MATERIAL"
    assert ack["acknowledgement"]["acknowledged_at"] == ack["verdict"]["verified_at"]
    assert ack["verdict"]["verified_at"] > original["verdict"]["verified_at"]
    for name in ("stage", "agent", "deliverable_path", "deliverable_sha", "artifact_paths"):
        assert ack[name] == original[name]
    # The old entries' bytes are untouched: the new text starts with the old one.
    assert acked.after.startswith(acked.before)

    proceed = bench.gate()
    assert (proceed.code, proceed.json["phase"], proceed.json["decision_row"]) == (
        0,
        "A7",
        "MATERIAL+ack",
    )
    assert "residue acknowledged by user at" in proceed.json["message"]


def test_another_round_to_round_four_supersedes(bench: Bench) -> None:
    run_ids = three_material_rounds(bench)
    round4 = bench.audit([], round_=4, target=4)
    outcome = bench.gate()
    assert [e["phase"] for e in outcome.json["events"]][:1] == ["P-PA-supersede-preempt"]
    assert (outcome.code, outcome.json["phase"], outcome.json["run_id"]) == (0, "B10", round4)
    assert [e["run_id"] for e in bench.ledger()] == [*run_ids, round4]
    # A round-4 run that is not higher than round 4 no longer preempts anything.
    assert bench.gate().json["phase"] == "A7"


def test_a_material_round_four_escalates_again_with_a_cap_of_five(bench: Bench) -> None:
    three_material_rounds(bench)
    bench.audit([finding(1, "P1")], round_=4, target=4)
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"], outcome.json["round"]) == (2, "B11", 4)
    assert "--round 5 --target-rounds 5" in outcome.json["next_command"]
    assert "reached round 4" in outcome.json["message"]


def test_ack_json_output(bench: Bench) -> None:
    three_material_rounds(bench)
    acked = bench.ack("F-002,F-001", "--format", "json")
    payload = json.loads(acked.out)
    assert acked.code == 0 and payload["passport_appended"] is True
    assert payload["entry"]["acknowledgement"]["finding_ids"] == ["F-002", "F-001"]
    assert payload["entry"]["acknowledgement"]["acknowledged_by"] == "user"


def test_a_lower_round_fresh_run_does_not_supersede(bench: Bench) -> None:
    run_ids = three_material_rounds(bench)
    bench.audit([], round_=1)
    outcome = bench.gate()
    assert (outcome.json["phase"], outcome.json["run_id"]) == ("A7", run_ids[2])
    assert outcome.code == 2 and outcome.unchanged


def test_higher_round_audit_failed_preempts_and_blocks(bench: Bench) -> None:
    three_material_rounds(bench)
    bench.audit(failed="codex exit 70: killed", round_=4, target=4)
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-audit-failed")
    assert outcome.unchanged


def test_ack_refuses_a_non_material_entry(bench: Bench) -> None:
    bench.audit([finding(1, "P3")])
    assert bench.gate().code == 2
    refused = bench.ack("F-001")
    assert refused.code == 1 and "is MINOR, not MATERIAL" in refused.err and refused.unchanged


def test_ack_refuses_without_an_entry(bench: Bench) -> None:
    refused = bench.ack("F-001")
    assert refused.code == 1 and "no persisted audit entry" in refused.err


def test_resume_after_a_deliverable_change_fails_freshness(bench: Bench) -> None:
    bench.audit([])
    assert bench.gate().code == 0
    (bench.root / DELIVERABLE).write_bytes(b"# Synthesis\n\nEdited after the audit.\n")
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-empty") and outcome.unchanged


def test_resume_after_a_supporting_file_change_fails_l3_4(bench: Bench) -> None:
    bench.audit([])
    assert bench.gate().code == 0
    (bench.root / "chapter_4/bibliography.json").write_text('{"entries": ["new"]}\n')
    outcome = bench.gate()
    gate = [e for e in outcome.json["events"] if e["phase"] == "P-PA-gate"]
    assert gate and "failed gate L3-4" in gate[0]["message"]
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-empty") and outcome.unchanged


def test_gate_appends_to_a_json_passport(tmp_path: Path) -> None:
    bench = Bench.create(tmp_path / "repo", passport_text='{\n  "session_id": "s-1"\n}\n')
    bench.audit([])
    outcome = bench.gate()
    assert outcome.code == 0
    data = json.loads(outcome.after)
    assert data["session_id"] == "s-1" and len(data["audit_artifact"]) == 1
    assert outcome.after.startswith(b'{\n  "session_id": "s-1",\n  "audit_artifact": [')
    assert bench.gate().json["phase"] == "A7"


def test_bad_input_exit_codes(bench: Bench) -> None:
    missing = bench.cli("gate", "--stage", "9")
    assert missing.code == 64 and "--stage 9" in missing.err
    bench.passport.write_text("audit_artifact: [\n", encoding="utf-8")
    broken = bench.gate()
    assert broken.code == 65
    bench.passport.unlink()
    bench.audit([])
    gone = bench.cli("gate")
    assert gone.code == 66 and "passport not found" in gone.err


def test_text_output_names_the_outcome_and_passport_and_phases_only_with_v(bench: Bench) -> None:
    bench.audit([])
    outcome = bench.cli("gate")
    assert outcome.code == 0
    assert "[Audit: PASS at round 1]" in outcome.out
    assert "audit gate: proceed (exit 0); passport appended to" in outcome.out
    assert "P-P" not in outcome.out and "B10" not in outcome.out
    again = bench.cli("gate", "-v")
    assert again.code == 0
    assert "path A, phase A7, proceed (exit 0); passport not changed:" in again.out


# --- the append itself ------------------------------------------------------------------

ENTRY = {"stage": 2, "run_id": "2026-05-01T10-00-00Z-0001", "verdict": {"round": 1, "ok": True}}


@pytest.mark.parametrize(
    "text",
    [
        "# head\nsession: 1\n",
        "session: 1",
        "audit_artifact: []  # none yet\nnext: 2\n",
        "audit_artifact:\n- stage: 1\n  run_id: a\n# trailing comment\nnext: 2\n",
        "audit_artifact:\n    - stage: 1\n      run_id: a\n\nnext: 2   # kept\n",
        "a: 1\r\naudit_artifact:\r\n  - stage: 1\r\n",
        "audit_artifact:\nb: über\n",
    ],
)
def test_append_keeps_the_rest_and_adds_exactly_one_item(text: str) -> None:
    new = append_item(text, "audit_artifact", ENTRY, "p.yaml")
    before, after = parse_yaml(text, "p").data, parse_yaml(new, "p").data
    assert after["audit_artifact"][-1] == ENTRY
    assert after["audit_artifact"][:-1] == (before.get("audit_artifact") or [])
    assert {k: v for k, v in after.items() if k != "audit_artifact"} == {
        k: v for k, v in before.items() if k != "audit_artifact"
    }
    for line in text.splitlines():
        if "#" in line:
            assert line.split("#", 1)[1] in new
    if "\r\n" in text:
        assert "\n" not in new.replace("\r\n", "")


def test_append_refuses_a_flow_list_and_a_scalar() -> None:
    with pytest.raises(InputDataError, match="flow style"):
        append_item("audit_artifact: [{stage: 1}]\n", "audit_artifact", ENTRY, "p.yaml")
    with pytest.raises(InputDataError, match="not a list"):
        append_item("audit_artifact: 3\n", "audit_artifact", ENTRY, "p.yaml")


def test_gate_appends_to_a_crlf_passport_with_a_bom(tmp_path: Path) -> None:
    text = "\ufeff# passport\r\nsession_id: s-1\r\naudit_artifact: []\r\n"
    bench = Bench.create(tmp_path / "repo", passport_text=text)
    bench.audit([])
    outcome = bench.gate()
    assert outcome.code == 0
    assert outcome.after.startswith(
        b"\xef\xbb\xbf# passport\r\nsession_id: s-1\r\naudit_artifact:\r\n"
    )
    assert b"\n" not in outcome.after.replace(b"\r\n", b"")


def test_f072_a_lower_round_leftover_never_beats_the_higher_round(bench: Bench) -> None:
    run_ids = []
    for round_ in (1, 2, 3):  # byte-identical re-audits at bumped rounds (§5.4)
        run_ids.append(bench.audit([finding(1, "P1")], round_=round_))
        assert bench.gate().json["passport_appended"]
    shutil.copyfile(bench.consumed(run_ids[1]), bench.proposal(run_ids[1]))  # round 2 leftover
    shutil.rmtree(bench.out / "consumed")
    (bench.out / "consumed").write_text("moves fail now\n")
    round4 = bench.audit([], round_=4, target=4)
    outcome = bench.gate()
    phases = [e["phase"] for e in outcome.json["events"]]
    assert phases[0] == "P-PA-supersede-preempt" and "P-PB-dup-early" in phases
    assert (outcome.code, outcome.json["phase"], outcome.json["run_id"]) == (0, "B10", round4)
    assert [e["run_id"] for e in bench.ledger()] == [*run_ids, round4]


def test_missing_deliverable_and_no_repository_are_bad_input(bench: Bench, tmp_path: Path) -> None:
    (bench.root / DELIVERABLE).unlink()
    gone = bench.cli("gate")
    assert gone.code == 66 and "synthesis.md" in gone.err and gone.unchanged
    loose = tmp_path / "loose.md"
    loose.write_text("# not in a repository\n")
    argv = bench.argv("gate")
    argv[argv.index("--deliverable") + 1] = str(loose)
    from ars_docs.cli.main import run

    assert run(argv) == 64


def test_a_flow_style_ledger_is_refused_and_nothing_moves(bench: Bench) -> None:
    bench.passport.write_text(
        bench.passport.read_text()
        + 'audit_artifact: [{"stage": 5, "verdict": {"verified_at": "2026-01-01T00:00:00.000Z"}}]'
        + "\n",
        encoding="utf-8",
    )
    run_id = bench.audit([])
    outcome = bench.cli("gate")
    assert outcome.code == 65 and "flow style" in outcome.err and outcome.unchanged
    assert bench.proposal(run_id).exists()
