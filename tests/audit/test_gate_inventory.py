"""Every row of the §5.6 failure state inventory, from real artifact files, through the CLI.

Each test builds its situation with ``gate_support.Bench`` (a git repository
with a deliverable bundle, audit runs written like ``audit run`` writes them,
and a passport), mutates what the row needs, runs ``ars-docs audit gate``, and
asserts the phase ID, the row's message (from the same inventory file the gate
reads), the exit code, and the passport delta: byte-identical when the row
writes nothing. Rows that need a second actor in the middle of a gate run
(A6 / B8a / B8c / B8b races, a crash) run the gate as a process and hold the
passport folder lock, the same lock the gate takes before its late steps.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

from ars_docs.audit.gate.inventory import inventory, row, spec_rows
from ars_docs.files.yaml.append import append_item
from tests.support.gate import (
    AGENT,
    SUPPORTING,
    Bench,
    assert_row_message,
    event,
    finding,
    finish,
    holding_lock,
    wait_for_lock_waiter,
)


def merged(bench: Bench, findings: list[dict] | None = None, **kw: object) -> str:
    run_id = bench.audit(findings, **kw)  # type: ignore[arg-type]
    outcome = bench.gate()
    assert outcome.json["passport_appended"], outcome.out
    return run_id


def hand_append(bench: Bench, entry: dict) -> None:
    text = bench.passport.read_text(encoding="utf-8")
    bench.passport.write_text(append_item(text, "audit_artifact", entry, "p"), encoding="utf-8")


def test_the_inventory_has_the_spec_rows() -> None:
    ids = spec_rows()
    assert len([i for i in ids if i.startswith("P-PA-")]) == 7
    assert len([i for i in ids if i.startswith("P-PB-")]) == 17
    added = [i for i in inventory() if i not in ids]
    assert added == ["P-PA-verdict-stream", "P-PB-verdict-stream"]
    assert all(row(i).origin.startswith("ars-docs") for i in added)
    assert {row(i).kind for i in ids} <= {"silent", "logged", "block"}


# --- Path A rows ---------------------------------------------------------------------


def test_p_pa_precond_no_entry_goes_to_path_b(bench: Bench) -> None:
    bench.audit([])
    outcome = bench.gate()
    assert event(outcome, "P-PA-precond")["kind"] == "silent"
    assert (outcome.code, outcome.json["phase"], outcome.json["outcome"]) == (0, "B10", "proceed")
    assert outcome.json["passport_appended"] and not outcome.unchanged


def test_p_pa_schema_hand_edited_entry_falls_through(bench: Bench) -> None:
    run_id = merged(bench, [])
    text = bench.passport.read_text(encoding="utf-8")
    bench.passport.write_text(
        text.replace("verified_by: pipeline_orchestrator_agent", "verified_by: me")
    )
    outcome = bench.gate()
    assert_row_message(event(outcome, "P-PA-schema")["message"], "P-PA-schema")
    assert run_id in event(outcome, "P-PA-schema")["message"]
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-empty")
    assert "failed Path A" in outcome.json["message"]
    assert outcome.unchanged


def test_p_pa_gate_broken_stream_falls_through(bench: Bench) -> None:
    run_id = merged(bench, [])
    with bench.file(run_id, ".jsonl").open("a") as handle:
        handle.write('{"type": "turn.started"\n')
    outcome = bench.gate()
    message = event(outcome, "P-PA-gate")["message"]
    assert_row_message(message, "P-PA-gate")
    assert "failed gate L2-2" in message
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-empty") and outcome.unchanged


def test_p_pa_verdict_schema(bench: Bench) -> None:
    run_id = merged(bench, [])
    verdict = bench.file(run_id, ".verdict.yaml")
    verdict.write_text(verdict.read_text().replace("round: 1", "round: 0"))
    outcome = bench.gate()
    assert_row_message(event(outcome, "P-PA-verdict-schema")["message"], "P-PA-verdict-schema")
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-empty") and outcome.unchanged


def forge_material(path: Path) -> None:
    """Turn a one-P3 MINOR verdict file into a self-consistent MATERIAL one."""
    text = path.read_text()
    for old, new in (
        ('"P3"', '"P1"'),
        ("p1: 0", "p1: 1"),
        ("p3: 1", "p3: 0"),
        ('"MINOR"', '"MATERIAL"'),
    ):
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text)


def test_p_pa_verdict_mirror_forged_verdict(bench: Bench) -> None:
    run_id = merged(bench, [finding(1, "P3")])
    forge_material(bench.file(run_id, ".verdict.yaml"))
    outcome = bench.gate()
    message = event(outcome, "P-PA-verdict-mirror")["message"]
    assert_row_message(message, "P-PA-verdict-mirror")
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-empty") and outcome.unchanged


def test_p_pa_stale_late_bundle_mutated_between_a4_and_a6(bench: Bench) -> None:
    merged(bench, [])
    before = bench.passport.read_bytes()
    with holding_lock(bench.passport.parent):
        proc = bench.spawn("gate", "--format", "json")
        wait_for_lock_waiter(proc.pid)
        (bench.root / SUPPORTING[1]).write_text("# Verification\n\nChanged after A4.\n")
    code, payload = finish(proc)
    message = next(e["message"] for e in payload["events"] if e["phase"] == "P-PA-stale-late")
    assert_row_message(message, "P-PA-stale-late")
    assert "L3-4" in message
    assert (code, payload["phase"]) == (1, "P-PB-empty")
    assert bench.passport.read_bytes() == before


def test_p_pa_supersede_preempt_higher_round_proposal(bench: Bench) -> None:
    merged(bench, [finding(1, "P1")])
    round2 = bench.audit([], round_=2)
    outcome = bench.gate()
    assert event(outcome, "P-PA-supersede-preempt")["kind"] == "silent"
    assert (outcome.code, outcome.json["path"], outcome.json["phase"]) == (0, "B", "B10")
    assert outcome.json["run_id"] == round2 and outcome.json["passport_appended"]


# --- Path B rows ---------------------------------------------------------------------


def test_p_pb_empty_prints_the_audit_command(bench: Bench) -> None:
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"], outcome.json["outcome"]) == (
        1,
        "P-PB-empty",
        "block",
    )
    assert_row_message(outcome.json["message"], "P-PB-empty")
    assert f"no audit artifact for {AGENT}/" in outcome.json["message"]
    assert "ars-docs audit run --stage 2 --agent synthesis_agent" in outcome.json["next_command"]
    assert outcome.unchanged


def test_p_pb_supersede_missing(bench: Bench) -> None:
    first = merged(bench, [finding(1, "P1")])
    round2 = bench.audit([], round_=2)
    # A hand edit persisted round 2's run_id for another gate: B1a drops the proposal.
    other = bench.ledger()[0] | {"stage": 5, "run_id": round2}
    hand_append(bench, other)
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-supersede-missing")
    assert_row_message(outcome.json["message"], "P-PB-supersede-missing")
    assert "please re-audit at round 2" in outcome.json["message"]
    assert event(outcome, "P-PB-dup-other")
    assert first and outcome.unchanged


def test_p_pb_ambig_unverifiable_sidecars_share_started_at(bench: Bench) -> None:
    a, b = bench.audit([], second=7), bench.audit([], second=7)
    for run_id in (a, b):
        bench.edit(bench.file(run_id, ".meta.json"), lambda d: d.update(codex_cli_version="x"))
        bench.edit(
            bench.file(run_id, ".meta.json"),
            lambda d: d["timing"].update(started_at="2026-05-01T10:00:07.000Z"),
        )
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-ambig")
    assert_row_message(outcome.json["message"], "P-PB-ambig")
    assert outcome.unchanged and bench.proposal(a).exists() and bench.proposal(b).exists()


def test_p_pb_proposal_schema_prefilled_verified_at(bench: Bench) -> None:
    run_id = bench.audit([])
    bench.edit(
        bench.proposal(run_id),
        lambda d: d["verdict"].update(verified_at="2026-05-01T10:00:00.000Z"),
    )
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-proposal-schema")
    assert_row_message(outcome.json["message"], "P-PB-proposal-schema")
    assert "verified_at" in outcome.json["message"]
    assert outcome.unchanged and bench.proposal(run_id).exists()


def test_p_pb_proposal_schema_path_outside_the_repository(bench: Bench) -> None:
    run_id = bench.audit([])
    outside = bench.root.parent / f"{run_id}.meta.json"
    outside.write_text("{}\n")
    bench.edit(
        bench.proposal(run_id),
        lambda d: d["artifact_paths"].update(sidecar=f"../{run_id}.meta.json"),
    )
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-proposal-schema")
    assert "repo-relative" in outcome.json["message"] and outcome.unchanged


def test_p_pb_audit_failed_is_never_persisted_or_moved(bench: Bench) -> None:
    run_id = bench.audit(failed="codex exit 70: network timeout after 600s")
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-audit-failed")
    assert_row_message(outcome.json["message"], "P-PB-audit-failed")
    assert "network timeout after 600s" in outcome.json["message"]
    assert outcome.unchanged and bench.proposal(run_id).exists()
    assert not bench.consumed(run_id).exists()


def test_p_pb_gate_fabricated_commit(bench: Bench) -> None:
    run_id = bench.audit([])
    bench.edit(bench.file(run_id, ".meta.json"), lambda d: d["runner"].update(git_sha="abcdef1"))
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-gate")
    assert_row_message(outcome.json["message"], "P-PB-gate")
    assert "failed gate L3-5" in outcome.json["message"]
    assert outcome.unchanged and bench.proposal(run_id).exists()


def test_p_pb_verdict_schema(bench: Bench) -> None:
    run_id = bench.audit([])
    verdict = bench.file(run_id, ".verdict.yaml")
    verdict.write_text(verdict.read_text().replace('generated_by: "', 'generated_by: 7 #"'))
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-verdict-schema")
    assert_row_message(outcome.json["message"], "P-PB-verdict-schema")
    assert outcome.unchanged


def test_p_pb_verdict_mirror_forged_verdict(bench: Bench) -> None:
    run_id = bench.audit([finding(1, "P3")])
    forge_material(bench.file(run_id, ".verdict.yaml"))
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-verdict-mirror")
    assert_row_message(outcome.json["message"], "P-PB-verdict-mirror")
    assert outcome.unchanged and bench.proposal(run_id).exists()


def test_p_pb_stale_late_bundle_mutated_before_persist(bench: Bench) -> None:
    run_id = bench.audit([])
    before = bench.passport.read_bytes()
    with holding_lock(bench.passport.parent):
        proc = bench.spawn("gate", "--format", "json")
        wait_for_lock_waiter(proc.pid)
        (bench.root / SUPPORTING[0]).write_text('{"entries": [1]}\n')
    code, payload = finish(proc)
    assert (code, payload["phase"]) == (1, "P-PB-stale-late")
    assert_row_message(payload["message"], "P-PB-stale-late")
    assert bench.passport.read_bytes() == before and bench.proposal(run_id).exists()


def test_p_pb_snapshot_sidecar_touched_between_scan_and_persist(bench: Bench) -> None:
    run_id = bench.audit([])
    before = bench.passport.read_bytes()
    sidecar = bench.file(run_id, ".meta.json")
    with holding_lock(bench.passport.parent):
        proc = bench.spawn("gate", "--format", "json")
        wait_for_lock_waiter(proc.pid)
        stat = sidecar.stat()
        os.utime(sidecar, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    code, payload = finish(proc)
    assert (code, payload["phase"]) == (1, "P-PB-snapshot")
    assert_row_message(payload["message"], "P-PB-snapshot")
    assert bench.passport.read_bytes() == before and bench.proposal(run_id).exists()


def test_p_pb_dup_late_and_two_concurrent_gates_append_once(bench: Bench) -> None:
    run_id = bench.audit([])
    with holding_lock(bench.passport.parent):
        procs = [bench.spawn("gate", "--format", "json") for _ in range(2)]
        for proc in procs:
            wait_for_lock_waiter(proc.pid)
    results = [finish(proc) for proc in procs]
    assert sorted(code for code, _ in results) == [0, 0]
    appended = [payload["passport_appended"] for _, payload in results]
    assert sorted(appended) == [False, True]
    late = next(p for _, p in results if not p["passport_appended"])
    assert [e for e in late["events"] if e["phase"] == "P-PB-dup-late"]
    assert late["phase"] == "B10" and late["run_id"] == run_id
    assert [e["run_id"] for e in bench.ledger()] == [run_id]
    assert bench.consumed(run_id).exists() and not bench.proposal(run_id).exists()


def test_p_pb_persisted_schema_untrustworthy_ledger_order(bench: Bench) -> None:
    first = merged(bench, [finding(1, "P3")])
    text = bench.passport.read_text()
    stamp = bench.ledger()[0]["verdict"]["verified_at"]
    # Another deliverable's entry with an unreadable verified_at: D3 cannot order the append.
    entry = bench.ledger()[0] | {"stage": 5}
    entry["verdict"] = entry["verdict"] | {"verified_at": "yesterday"}
    hand_append(bench, entry)
    run_id = bench.audit([], round_=2)
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-persisted-schema")
    assert_row_message(outcome.json["message"], "P-PB-persisted-schema")
    assert "yesterday" in outcome.json["message"]
    assert outcome.unchanged and bench.proposal(run_id).exists()
    assert first and stamp in text


def test_p_pb_passport_write_failure_exit_73(bench: Bench) -> None:
    run_id = bench.audit([])
    before = bench.passport.read_bytes()
    limit = len(before) + 64  # the tmp passport outgrows it: the write fails with EFBIG

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    proc = subprocess.run(
        [sys.executable, "-m", "ars_docs", *bench.argv("gate", "--format", "json")],
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        check=False,
    )
    payload = json.loads(proc.stdout)
    assert (proc.returncode, payload["phase"]) == (73, "P-PB-passport-write")
    assert_row_message(payload["message"], "P-PB-passport-write")
    assert bench.passport.read_bytes() == before and bench.proposal(run_id).exists()
    assert not [p for p in bench.passport.parent.iterdir() if p.name.endswith(".tmp")]


def test_p_pb_consume_fail_then_recovery_without_a_second_append(bench: Bench) -> None:
    (bench.out / "consumed").write_text("not a folder\n")
    run_id = bench.audit([])
    outcome = bench.gate()
    message = event(outcome, "P-PB-consume-fail")["message"]
    assert_row_message(message, "P-PB-consume-fail")
    assert (outcome.code, outcome.json["phase"], outcome.json["passport_appended"]) == (
        0,
        "B10",
        True,
    )
    assert bench.proposal(run_id).exists()
    # P-PB-crash (post-B9, pre-move): the next run finds the leftover and never re-merges it.
    (bench.out / "consumed").unlink()
    again = bench.gate()
    assert event(again, "P-PB-crash")
    assert (again.code, again.json["phase"]) == (0, "A7") and again.unchanged
    assert bench.consumed(run_id).exists()
    assert [e["run_id"] for e in bench.ledger()] == [run_id]


def test_p_pb_crash_killed_before_the_append_then_resumed(bench: Bench) -> None:
    run_id = bench.audit([])
    before = bench.passport.read_bytes()
    with holding_lock(bench.passport.parent):
        proc = bench.spawn("gate", "--format", "json")
        wait_for_lock_waiter(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=30)
    assert bench.passport.read_bytes() == before and bench.proposal(run_id).exists()
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"], outcome.json["passport_appended"]) == (
        0,
        "B10",
        True,
    )
    assert [e["run_id"] for e in bench.ledger()] == [run_id]


def test_p_pb_dup_early_failed_revalidation_blocks(bench: Bench) -> None:
    (bench.out / "consumed").write_text("not a folder\n")
    run_id = merged(bench, [])
    (bench.root / SUPPORTING[1]).write_text("# Verification\n\nedited later\n")
    outcome = bench.gate()
    assert event(outcome, "P-PA-gate")
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-dup-early")
    assert_row_message(outcome.json["message"], "P-PB-dup-early")
    assert run_id in outcome.json["message"] and outcome.unchanged


def test_p_pb_dup_early_revalidated_leftover_decides(bench: Bench) -> None:
    (bench.out / "consumed").write_text("not a folder\n")
    run_id = merged(bench, [])
    broken = bench.ledger()[0] | {"run_id": "2026-05-01T11-00-00Z-beef"}
    broken["verdict"] = broken["verdict"] | {
        "verified_at": "2099-01-01T00:00:00.000Z",
        "verified_by": "someone",
    }
    hand_append(bench, broken)
    outcome = bench.gate()
    assert event(outcome, "P-PA-schema")
    note = event(outcome, "P-PB-dup-early")
    assert_row_message(note["message"], "P-PB-dup-early", note=True)
    assert (outcome.code, outcome.json["phase"], outcome.json["run_id"]) == (0, "A7", run_id)
    assert outcome.unchanged


def test_p_pb_dup_other_is_dropped_and_the_next_candidate_merges(bench: Bench) -> None:
    merged(bench, [])
    stray = bench.audit([], round_=1)
    hand_append(bench, bench.ledger()[0] | {"stage": 5, "run_id": stray})
    (bench.root / "chapter_4/synthesis.md").write_text("# Synthesis\n\nRevised.\n")
    fresh = bench.audit([])
    # the stray proposal is for the old deliverable; make it match the new one
    new_sha = bench.load(bench.proposal(fresh))["deliverable_sha"]
    bench.edit(bench.proposal(stray), lambda d: d.update(deliverable_sha=new_sha))
    outcome = bench.gate()
    assert_row_message(event(outcome, "P-PB-dup-other")["message"], "P-PB-dup-other")
    assert (outcome.code, outcome.json["phase"], outcome.json["run_id"]) == (0, "B10", fresh)
    assert bench.consumed(stray).exists()


def test_every_inventory_row_has_a_test() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    missing = [i for i in inventory() if f'"{i}"' not in source]
    assert missing == []
