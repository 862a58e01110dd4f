"""The eleven §5.2 checks (and their two preconditions), each caught by a forgery of its own.

Every forgery starts from a real, valid audit run (``gate_support.Bench``)
and changes one thing, so that only the named check is wrong; the gate,
run through the CLI, must block at Path B step B6 (P-PB-gate) naming that
check, leave the passport byte-identical and leave the proposal in place.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from ars_docs.audit.gate.checks import CHECKS, GATING
from tests.support.gate import SUPPORTING, Bench, finding


def rows(bench: Bench, run_id: str) -> list[str]:
    return bench.file(run_id, ".jsonl").read_text().splitlines(keepends=True)


def set_rows(bench: Bench, run_id: str, lines: list[str]) -> None:
    bench.file(run_id, ".jsonl").write_text("".join(lines))


def sidecar(bench: Bench, run_id: str, change: Callable[[dict], None]) -> None:
    bench.edit(bench.file(run_id, ".meta.json"), change)


def no_stream(bench: Bench, run_id: str) -> None:
    bench.file(run_id, ".jsonl").unlink()


def not_json_row(bench: Bench, run_id: str) -> None:
    lines = rows(bench, run_id)
    set_rows(bench, run_id, [*lines[:3], "this is not an event\n", *lines[3:]])


def bad_opening(bench: Bench, run_id: str) -> None:
    lines = rows(bench, run_id)
    set_rows(bench, run_id, [lines[1], lines[0], *lines[2:]])


def no_verdict_text(bench: Bench, run_id: str) -> None:
    lines = rows(bench, run_id)
    message = json.loads(lines[4])
    message["item"]["text"] = "I looked at the files and they seem fine."
    set_rows(bench, run_id, [*lines[:4], json.dumps(message) + "\n", *lines[5:]])


def orphan_tool_completion(bench: Bench, run_id: str) -> None:
    lines = rows(bench, run_id)
    orphan = {"type": "item.completed", "item": {"id": "item_9", "type": "command_execution"}}
    set_rows(bench, run_id, [*lines[:-1], json.dumps(orphan) + "\n", lines[-1]])


def no_sidecar(bench: Bench, run_id: str) -> None:
    bench.file(run_id, ".meta.json").unlink()


def other_thread(bench: Bench, run_id: str) -> None:
    sidecar(
        bench,
        run_id,
        lambda d: d["stream"].update(jsonl_thread_id="019de371-4c13-7521-8af7-ffffffffffff"),
    )


def primary_sha_forged(bench: Bench, run_id: str) -> None:
    sidecar(
        bench,
        run_id,
        lambda d: d["prompt"]["bundle"]["primary_deliverables"][0].update(sha="0" * 64),
    )


def supporting_changed(bench: Bench, run_id: str) -> None:
    (bench.root / SUPPORTING[1]).write_text("# Verification\n\nChanged after the audit.\n")


def fabricated_commit(bench: Bench, run_id: str) -> None:
    sidecar(bench, run_id, lambda d: d["runner"].update(git_sha="0123456789abcdef0123"))


def timing_off(bench: Bench, run_id: str) -> None:
    sidecar(bench, run_id, lambda d: d["timing"].update(duration_seconds=5.0))


def failed_process(bench: Bench, run_id: str) -> None:
    sidecar(bench, run_id, lambda d: d["process"].update(exit_code=1))


def verdict_of_another_run(bench: Bench, run_id: str) -> None:
    other = bench.audit([finding(2, "P3")])
    bench.proposal(other).unlink()  # only its files are left lying around
    bench.edit(
        bench.proposal(run_id),
        lambda d: d["artifact_paths"].update(verdict=f"audit_artifacts/{other}.verdict.yaml"),
    )


FORGERIES = {
    "L2-1": (no_stream, "audit not conducted"),
    "L2-2": (not_json_row, "not JSON"),
    "L2-3": (bad_opening, "thread.started"),
    "L2-4": (no_verdict_text, "not a verdict"),
    "L2-5": (orphan_tool_completion, "tool event pairing violation"),
    "L3-1": (no_sidecar, "audit not conducted"),
    "L3-2": (other_thread, "jsonl_thread_id mismatch"),
    "L3-3": (primary_sha_forged, "deliverable mutated"),
    "L3-4": (supporting_changed, "bundle file changed"),
    "L3-5": (fabricated_commit, "fabricated git_sha"),
    "L3-6": (timing_off, "timing arithmetic"),
    "L3-7": (failed_process, "exit_code"),
    "L3-8": (verdict_of_another_run, "artifact filename mismatch"),
}


def test_there_are_eleven_gating_checks_and_two_preconditions() -> None:
    assert len(GATING) == 11 and set(CHECKS) - set(GATING) == {"L2-1", "L3-1"}
    assert list(FORGERIES) == list(CHECKS)


def test_the_unforged_run_passes_every_check(bench: Bench) -> None:
    bench.audit([finding(1, "P3")])
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"], outcome.json["passport_appended"]) == (
        2,
        "B10",
        True,
    )


@pytest.mark.parametrize("check", list(FORGERIES))
def test_each_forgery_is_caught_by_its_check(bench: Bench, check: str) -> None:
    run_id = bench.audit([finding(1, "P3")])
    forge, words = FORGERIES[check]
    forge(bench, run_id)
    outcome = bench.gate()
    assert (outcome.code, outcome.json["phase"]) == (1, "P-PB-gate"), outcome.out
    message = outcome.json["message"]
    assert f"proposal {run_id} failed gate {check}: " in message
    assert words in message
    assert outcome.unchanged and bench.proposal(run_id).exists()


def test_the_first_failing_check_stops(bench: Bench) -> None:
    run_id = bench.audit([])
    fabricated_commit(bench, run_id)
    failed_process(bench, run_id)
    outcome = bench.gate()
    assert "failed gate L3-5" in outcome.json["message"]


def test_l3_5_needs_a_git_repository(bench: Bench, tmp_path: Path) -> None:
    run_id = bench.audit([])
    shutil.rmtree(bench.root / ".git")
    outcome = bench.gate("--root", str(bench.root))
    assert "failed gate L3-5" in outcome.json["message"]
    assert "not a git repository" in outcome.json["message"]
    assert bench.proposal(run_id).exists()
