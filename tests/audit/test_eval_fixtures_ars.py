"""``lint eval-fixtures`` over a fixture set in the real ARS layout (the facts sheet §b).

``tests/data/ars_real/pattern_eval/`` is written by hand in upstream's shape:
manifests without ars-docs' optional fields, five-field action files (one
with only ``expected_path``, one with a key the harness tolerates, a GOOD run
re-verified at A7), ``schema_version: 9`` snippets without a corpus, BAD
findings in upstream's dimension numbering, verdicts ``generated_by:
scripts/run_codex_audit.sh``, and an integration fixture whose escalation
says ``acknowledged_finding_ids``. Each test runs ``python -m ars_docs`` as a
real process and checks the exit code, the message and that nothing is
written; ars-docs' own set stays valid (``test_eval_fixtures.py``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.support.audit import finding_line, summary_line, write_jsonl
from tests.support.hostile import ars
from tests.support.layout import TESTS

SET = TESTS / "data" / "ars_real" / "pattern_eval"
OURS = TESTS / "fixtures" / "v3_6_7_pattern_eval"
CLEAN = "17 micro-fixture(s), 1 integration fixture(s), 0 error(s)"


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def lint(root: Path, *extra: str) -> Any:
    return ars(root.parent, "lint", "eval-fixtures", root.name, *extra)


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "pattern_eval"
    shutil.copytree(SET, root)
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_the_real_layout_passes_and_nothing_is_written(copy: Path) -> None:
    before = snapshot(copy.parent)
    run = lint(copy)
    assert (run.code, run.err) == (0, ""), run.out
    assert run.out.decode().strip() == f"pattern_eval: {CLEAN}"
    assert snapshot(copy.parent) == before


def test_our_own_set_still_passes(tmp_path: Path) -> None:
    shutil.copytree(OURS, tmp_path / OURS.name)  # the child's home goes beside it, not in tests/
    run = ars(tmp_path, "lint", "eval-fixtures", OURS.name)
    assert run.code == 0, run.out
    assert run.out.decode().strip().endswith(CLEAN)


@pytest.mark.parametrize(
    ("path", "old", "new", "code", "says"),
    [
        ("A1/good_run/expected_orchestrator_action.yaml", 'expected_block_message: ""',
         'expected_block_message: "[Audit: PASS]"', "EVAL-ACTION",
         "a PASS blocks nothing: the message must be ''"),
        ("A1/bad_run/expected_orchestrator_action.yaml", "expected_passport_mutation: appended",
         "expected_passport_mutation: none", "EVAL-ACTION",
         "expected_passport_mutation is 'none' but phase B10 means 'appended'"),
        ("A1/bad_run/expected_orchestrator_action.yaml", "expected_path: B\n", "",
         "EVAL-ACTION", "'expected_path' is a required property"),
        ("A1/bad_run/expected_orchestrator_action.yaml", "[AUDIT GATE BLOCKED", "[BLOCKED",
         "EVAL-ACTION", "a MATERIAL block message must contain '[AUDIT GATE'"),
        ("A1/bad_run/expected_orchestrator_action.yaml", "expected_phase: B10",
         "expected_phase: B11", "EVAL-ACTION", "the round-cap escalation message must contain"),
        ("B1/good_run/expected_orchestrator_action.yaml", "expected_path: A", "expected_path: B",
         "EVAL-ACTION", "expected_path is 'B' but phase A7 is on Path A"),
        # ars-docs' own fixtures number A2's finding 3.6; upstream's say 3.2
        ("A2/bad_run/expected_audit_findings.yaml", 'dimension: "3.2"', 'dimension: "3.6"',
         "EVAL-SIGNAL", "in dimension 3.2 (upstream's numbering)"),
        ("D2/bad_run/expected_orchestrator_action.yaml", "expected_d2_convergence_assertion:",
         "d2_note:", "EVAL-ACTION", "needs a non-empty expected_d2_convergence_assertion"),
        ("A1/upstream_context/passport_snippet.yaml", "audit_artifact: []",
         "audit_artifact: [{run_id: x}]", "EVAL-CONTEXT",
         "must start with an empty audit_artifact"),
        ("integration/chapter_level_run/escalation/user_response.yaml", "  - F-301",
         "  - F-301\n  - F-999", "EVAL-INTEGRATION",
         "acknowledges F-999, which no round 3 verdict"),
        ("integration/chapter_level_run/round_2/expected_pipeline_state.yaml",
         "audit_artifact_appended:\n", "audit_artifact_appended: none\nx:\n",
         "EVAL-INTEGRATION", "audit_artifact_appended must be a list"),
    ],
)  # fmt: skip
def test_each_upstream_rule_is_checked(
    copy: Path, path: str, old: str, new: str, code: str, says: str
) -> None:
    edit(copy / path, old, new)
    before = snapshot(copy.parent)
    run = lint(copy, "--format", "json")
    assert run.code == 1, run.err
    diagnostics = json.loads(run.out)["diagnostics"]
    hits = [d for d in diagnostics if d["code"] == code and says in d["message"]]
    assert hits, diagnostics
    # on the edited file, or (a signal the verdict lacks) on its run's action file
    run_folder = path.rsplit("/", 1)[0]
    assert hits[0]["path"].endswith(path) or f"/{run_folder}/" in hits[0]["path"], hits
    assert snapshot(copy.parent) == before


def test_the_runs_of_a_fixture_are_two_audits(copy: Path) -> None:
    bad = (copy / "A4/bad_run/expected_audit_findings.yaml").read_text("utf-8")
    run_id = bad.split("run_id: ", 1)[1].split("\n", 1)[0]
    good = copy / "A4/good_run/expected_audit_findings.yaml"
    text = good.read_text("utf-8")
    good.write_text(f"run_id: {run_id}\n" + text.split("\n", 1)[1], "utf-8")
    run = lint(copy)
    assert run.code == 1
    assert f"the BAD and GOOD runs share the run_id {run_id}" in run.out.decode()


def test_a_verdict_ars_docs_writes_is_a_valid_expected_verdict(copy: Path, tmp_path: Path) -> None:
    """The round trip: A1's BAD finding as the real auditor text → ``audit parse-verdict``
    → the written verdict replaces the fixture's expected one → the set still passes."""
    finding = {
        "id": "F-001",
        "severity": "P1",
        "dimension": "3.4",
        "file": "bad_run/deliverable.md",
        "line": 4,
        "description": "The same source's legal effect differs between two sections",
        "suggested_fix": "Use one effect inventory",
    }
    text = finding_line(1, finding) + "\n\n" + summary_line([finding], 1) + "\n"
    run_id = "2026-05-02T09-59-00Z-beef"
    stream = tmp_path / f"{run_id}.jsonl"
    write_jsonl(
        stream,
        [
            {"type": "thread.started", "thread_id": "019de371-4c13-7521-8af7-fccf6bd2aaaa"},
            {"type": "turn.started"},
            {"type": "item.completed", "item": {"id": "m", "type": "agent_message", "text": text}},
            {
                "type": "turn.completed",
                "usage": {
                    "input_tokens": 5,
                    "cached_input_tokens": 0,
                    "output_tokens": 5,
                    "reasoning_output_tokens": 0,
                },
            },
        ],
    )
    target = copy / "A1" / "bad_run" / "expected_audit_findings.yaml"
    parsed = ars(
        tmp_path, "audit", "parse-verdict", stream.name, "--round", "1", "--target-rounds", "3",
        "-o", target,
    )  # fmt: skip
    assert parsed.code == 0, parsed.err
    assert 'generated_by: "ars-docs audit parse-verdict"' in target.read_text("utf-8")
    run = lint(copy)
    assert run.code == 0, run.out
    assert run.out.decode().strip().endswith(CLEAN)
