"""The §7.4 harness: every evaluation fixture through the real ``audit run`` and ``audit gate``.

For each run of each fixture a git repository is built from the fixture
folder (plus the shipped audit template and the passport snippet). ``ars-docs
audit run`` audits the deliverable with ``tests/support/fake_codex.py`` as the
auditor, replaying the run's ``expected_audit_findings.yaml`` as its final
message, so the stream, verdict parser, sidecar, proposal and gate all run
for real; then ``ars-docs audit gate`` decides. Asserted (§7.4): the decision
row, verdict and finding dimension (MINOR with a P3 for C2, the convergence
assertion for D2), GOOD runs PASS with ``findings: []``, the exit phase and
path, the message, the passport delta looked up for that phase from the
gate's own §5.6 inventory (``exit_phases``), the F1 run_id, and the inversion
lint clean. One line per fixture is printed. The integration fixture is
driven round by round, a fresh CLI call per step (each a new session), then
through the escalation answer.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from ars_docs.audit.evalset.fixtures import scan_fixture_set
from ars_docs.audit.evalset.patterns import PATTERN_IDS, PATTERNS, phase_delta
from ars_docs.cli.main import run
from ars_docs.files.yaml.read import parse_yaml
from tests.support.audit import finding_line, summary_line
from tests.support.layout import TESTS

SET = TESTS / "fixtures" / "v3_6_7_pattern_eval"
FAKE = TESTS / "support" / "fake_codex.py"
TEMPLATE = TESTS.parent / "ars_docs" / "templates" / "audit" / "codex_audit_multifile_template.md"
TEMPLATE_PATH = "shared/templates/codex_audit_multifile_template.md"
F1 = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}Z-[0-9a-f]{4}\Z")
STAGE = {"synthesis_agent": 2, "research_architect_agent": 2, "report_compiler_agent": 5}
OUT = "audit_artifacts"
USAGE = {"input_tokens": 900, "cached_input_tokens": 0, "output_tokens": 200,
         "reasoning_output_tokens": 10}  # fmt: skip


def yaml(path: Path) -> Any:
    return parse_yaml(path.read_text("utf-8"), str(path)).data


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = run(list(argv))
    return code, out.getvalue(), err.getvalue()


def repository(folder: Path, target: Path, passport: Path) -> Path:
    """A committed git repository holding a copy of ``folder``, the template and a passport."""
    shutil.copytree(folder, target)
    (target / TEMPLATE_PATH).parent.mkdir(parents=True)
    shutil.copyfile(TEMPLATE, target / TEMPLATE_PATH)
    shutil.copyfile(passport, target / "passport.yaml")
    for args in (("init", "-q"), ("add", "-A"), ("commit", "-q", "-m", "fixture")):
        subprocess.run(
            ["git", "-C", str(target), "-c", "user.name=t", "-c", "user.email=t@x.org", *args],
            check=True,
            capture_output=True,
        )
    return target


def final_message(verdict: dict[str, Any]) -> str:
    """The auditor's last agent_message in the real ARS text form (finding lines, the
    round summary last), which the shipped template asks for."""
    lines = [finding_line(n, f) for n, f in enumerate(verdict["findings"], start=1)]
    body = "\n".join(lines) + "\n\n" if lines else "No findings.\n\n"
    return body + summary_line(verdict["findings"], verdict["round"]) + "\n"


def audit(
    repo: Path, agent: str, deliverable: str, verdict: dict[str, Any], *, supporting: list[str],
    previous: str | None, monkeypatch: pytest.MonkeyPatch,
) -> dict[str, Any]:  # fmt: skip
    rows = [
        {"type": "thread.started", "thread_id": "019de371-4c13-7521-8af7-fccf6bd23279"},
        {"type": "turn.started"},
        {
            "type": "item.completed",
            "item": {"id": "item_0", "type": "agent_message", "text": final_message(verdict)},
        },
        {"type": "turn.completed", "usage": USAGE},
    ]
    script = repo.parent / f"{repo.name}.script"
    script.write_text("".join(f"emit {json.dumps(r)}\n" for r in rows), "utf-8")
    monkeypatch.setenv("FAKE_CODEX_SCRIPT", str(script))
    argv = ["audit", "run", "--stage", str(STAGE[agent]), "--agent", agent]
    argv += ["--deliverable", deliverable, "--round", str(verdict["round"])]
    argv += ["--target-rounds", str(verdict["target_rounds"]), "--codex", str(FAKE)]
    argv += ["--output-dir", OUT, "--format", "json"]
    if supporting:
        argv += ["--supporting", ",".join(supporting)]
    if previous:
        argv += ["--previous-findings", previous]
    code, out, err = cli(*argv)
    assert code == 0, out + err
    summary: dict[str, Any] = json.loads(out)
    assert summary["status"] == verdict["verdict_status"], summary
    return summary


def gate(repo: Path, agent: str, deliverable: str) -> dict[str, Any]:
    code, out, err = cli(
        "audit", "gate", "--passport", "passport.yaml", "--stage", str(STAGE[agent]),
        "--agent", agent, "--deliverable", deliverable, "--output-dir", OUT, "--format", "json",
    )  # fmt: skip
    result: dict[str, Any] = json.loads(out)
    assert result["exit_code"] == code, err
    return result


def ledger(repo: Path) -> list[Any]:
    data = yaml(repo / "passport.yaml") or {}
    return list(data.get("audit_artifact") or [])


def check_action(
    where: str, result: dict[str, Any], action: dict[str, Any], before: int, after: int,
    verdict: dict[str, Any] | None, repo: Path,
) -> None:  # fmt: skip
    """§7.4 criteria 1-8 for one gate run against its expected_orchestrator_action.yaml."""
    phase = action["expected_phase"]
    assert result["phase"] == phase, (where, result["events"], result["message"])
    assert result["path"] == action["expected_path"], where
    assert result["outcome"] == action["expected_outcome"], where
    assert result["decision_row"] == action["expected_decision_row"], where
    assert action["expected_block_message"] in result["message"], (where, result["message"])
    delta = phase_delta(phase)  # the gate's own §5.6 inventory, or the path invariant
    assert delta is not None, phase
    grew = {"appended": 1, "none": 0}[delta.passport]
    assert after - before == grew, (where, delta)
    assert action["expected_passport_mutation"] == delta.passport, where
    assert result["passport_appended"] is bool(grew), where
    assert result["run_id"] is None or F1.match(result["run_id"]), where
    if verdict is None:
        return
    written = yaml(repo / result["entry"]["artifact_paths"]["verdict"])
    assert written["verdict_status"] == verdict["verdict_status"], where
    assert result["status"] == verdict["verdict_status"], where
    assert [(f["id"], f["severity"], f["dimension"]) for f in written["findings"]] == [
        (f["id"], f["severity"], f["dimension"]) for f in verdict["findings"]
    ], where
    dimension = action.get("expected_dimension")
    if dimension is not None:
        assert dimension in {f["dimension"] for f in written["findings"]}, where


@pytest.fixture(scope="module")
def fixture_set() -> Any:
    found = scan_fixture_set(SET)
    assert found.diagnostics == [], [d.format() for d in found.diagnostics]
    return found


def test_inversion_sweep_clean() -> None:
    """§7.4 criterion 9: the fixture run is downstream of a clean inversion sweep."""
    prompts = TESTS.parent / "examples" / "prompts"
    code, out, _ = cli("lint", "pattern-protection", "--manifest", "v3.6.7", str(prompts))
    assert code == 0, out


@pytest.mark.parametrize("pattern", PATTERN_IDS)
def test_micro_fixture(
    pattern: str, fixture_set: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    line = run_micro(pattern, fixture_set.micro[pattern], tmp_path, monkeypatch)
    with capsys.disabled():
        print(f"\n{line}")


@pytest.mark.parametrize(
    ("name", "old", "new", "needle"),
    [
        ("bad_run/expected_orchestrator_action.yaml", "expected_phase: B10",
         "expected_phase: P-PB-gate", "A3/bad_run"),
        ("bad_run/expected_orchestrator_action.yaml", "1 P1 + 0 P2", "2 P1 + 0 P2",
         "A3/bad_run"),
        ("bad_run/expected_orchestrator_action.yaml", "expected_passport_mutation: appended",
         "expected_passport_mutation: none", "A3/bad_run"),
        ("good_run/expected_orchestrator_action.yaml", "expected_path: B", "expected_path: A",
         "A3/good_run"),
        ("bad_run/expected_audit_findings.yaml", "verdict_status: MATERIAL",
         "verdict_status: MINOR", "'MATERIAL' == 'MINOR'"),  # the text's counts imply MATERIAL
    ],
)  # fmt: skip
def test_harness_catches_a_wrong_expectation(
    name: str, old: str, new: str, needle: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The harness can fail: a copy of A3 with one expectation the gate does not meet."""
    folder = tmp_path / "A3"
    shutil.copytree(SET / "A3", folder)
    path = folder / name
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises(AssertionError, match=needle):
        run_micro("A3", folder, tmp_path / "runs", monkeypatch)


def run_micro(pattern: str, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run both cases of one micro-fixture, assert §7.4, return its summary line."""
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    row = PATTERNS[pattern]
    upstream = manifest["upstream_context"]
    summary = []
    for role in ("bad_run", "good_run"):
        spec = manifest[role]
        repo = repository(folder, tmp_path / role, folder / upstream["passport_snippet_path"])
        monkeypatch.chdir(repo)
        verdict = yaml(folder / spec["expected_audit_findings_path"])
        action = yaml(folder / spec["expected_orchestrator_action_path"])
        previous = None
        if verdict["round"] > 1:  # an earlier round's verdict, as the template asks
            previous = "upstream_context/previous_round.verdict.yaml"
            (repo / previous).write_text("verdict_status: MINOR\nfindings: []\n", "utf-8")
        audit(repo, manifest["agent"], spec["deliverable_path"], verdict,
              supporting=upstream.get("supporting_paths", []), previous=previous,
              monkeypatch=monkeypatch)  # fmt: skip
        before = len(ledger(repo))
        result = gate(repo, manifest["agent"], spec["deliverable_path"])
        after = ledger(repo)
        check_action(f"{pattern}/{role}", result, action, before, len(after), verdict, repo)
        if role == "good_run":
            assert result["status"] == "PASS" and verdict["findings"] == []  # criterion 2
        elif row.signal == "material":
            assert result["status"] == "MATERIAL"
            assert any(f["severity"] == "P1" for f in verdict["findings"])
        elif row.signal == "minor":
            assert result["status"] == "MINOR"
            assert any(f["severity"] == "P3" for f in verdict["findings"])
        leftover = role == "bad_run"
        again = resume(repo, manifest["agent"], spec["deliverable_path"], result, leftover)
        if row.signal == "convergence":
            conv = action["convergence"]
            mine = [
                e for e in after if e.get("deliverable_sha") == result["entry"]["deliverable_sha"]
            ]
            assert result["round"] == conv["declared_clean_at_round"]
            theatre = result["status"] == "PASS" and result["round"] < conv["minimum_rounds"]
            assert theatre is conv["theatre"] and len(mine) == 1
        summary.append(
            f"{role[:-4].upper()} {result['status']}"
            + (f" {action['expected_dimension']}" if action.get("expected_dimension") else "")
            + (" theatre" if action.get("convergence", {}).get("theatre") else "")
            + f" {result['path']}/{result['phase']} passport "
            + ("+1" if result["passport_appended"] else "+0")
            + f", resume {again}"
        )
    return f"pattern-eval {pattern} ({row.agent}, stage {row.stage}): {' | '.join(summary)} — ok"


def resume(repo: Path, agent: str, deliverable: str, first: dict[str, Any], leftover: bool) -> str:
    """§7.4 criteria 5-8 again in a later session: the gate re-reads the persisted entry.

    With ``leftover`` the merged proposal is first put back into the output
    folder, as after a crash between the B9 passport write and the move to
    ``consumed/``: the gate must recognise its run_id (B1a-style de-duplication at
    A1.5), move it away again and append nothing.
    """
    run_id = first["run_id"]
    name = f"{run_id}.audit_artifact_entry.json"
    if leftover:
        (repo / OUT / "consumed" / name).rename(repo / OUT / name)
    before = len(ledger(repo))
    again = gate(repo, agent, deliverable)
    delta = phase_delta(again["phase"])
    assert delta is not None and delta.passport == "none", again["phase"]
    assert (again["path"], again["phase"], again["run_id"]) == ("A", "A7", run_id), again["events"]
    assert again["decision_row"] == first["decision_row"] and again["outcome"] == first["outcome"]
    assert len(ledger(repo)) == before and again["passport_appended"] is False
    if leftover:
        assert not (repo / OUT / name).exists() and (repo / OUT / "consumed" / name).exists()
    return "A/A7 +0" + (" (leftover proposal consumed)" if leftover else "")


def test_integration_chapter_level_run(
    fixture_set: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """§7.3: rounds 1-3 (each step a fresh CLI call: a new session), then the escalation."""
    [folder] = fixture_set.integration
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    snippet = folder / "upstream_context/passport_snippet.yaml"
    repo = repository(folder, tmp_path / "chapter", snippet)
    monkeypatch.chdir(repo)
    last_verdict: dict[str, str] = {}
    phases = []
    for item in manifest["rounds"]:
        base = repo / f"round_{item['round']}"
        for sub in sorted(p for p in base.iterdir() if p.is_dir()):
            agent, deliverable = sub.name, f"round_{item['round']}/{sub.name}/deliverable.md"
            action = yaml(sub / "expected_orchestrator_action.yaml")
            verdict = None
            if action.get("run_audit", True):
                verdict = yaml(sub / "expected_audit_findings.yaml")
                audit(repo, agent, deliverable, verdict, supporting=[],
                      previous=last_verdict.get(agent) if verdict["round"] > 1 else None,
                      monkeypatch=monkeypatch)  # fmt: skip
            before = len(ledger(repo))
            result = gate(repo, agent, deliverable)
            after = len(ledger(repo))
            check_action(f"{base.name}/{agent}", result, action, before, after, verdict, repo)
            if result["entry"]:
                last_verdict[agent] = result["entry"]["artifact_paths"]["verdict"]
            phases.append(
                f"{item['round']}:{agent.split('_')[0]}={result['path']}/{result['phase']}"
            )
        state = yaml(base / "expected_pipeline_state.yaml")
        entries = ledger(repo)
        assert len(entries) == state["ledger_entries"], base.name
        pending = list((repo / OUT).glob("*.audit_artifact_entry.json"))
        assert len(pending) == state["pending_proposals"], base.name
        for agent, want in state["latest"].items():
            latest = [e for e in entries if e["agent"] == agent][-1]
            got = {"round": latest["verdict"]["round"], "status": latest["verdict"]["status"]}
            assert got == want, (base.name, agent)
    # escalation: the user's answer, then the gate again
    answer = yaml(repo / "escalation/user_response.yaml")
    assert (
        answer["user_choice"] == manifest["escalation"]["user_choice"] == "ship_with_known_residue"
    )
    agent = answer["agent"]
    deliverable = f"round_{len(manifest['rounds'])}/{agent}/deliverable.md"
    code, _, err = cli(
        "audit", "ack", "--passport", "passport.yaml", "--stage", str(STAGE[agent]), "--agent",
        agent, "--deliverable", deliverable, "--findings", ",".join(answer["finding_ids"]),
    )  # fmt: skip
    assert code == 0, err
    want = yaml(repo / "escalation/expected_passport_state.yaml")
    entries = ledger(repo)
    assert len(entries) == want["ledger_entries"]
    ack = entries[-1]
    assert ack["agent"] == want["acknowledgement"]["agent"]
    assert ack["verdict"]["round"] == want["acknowledgement"]["round"]
    assert ack["verdict"]["status"] == want["acknowledgement"]["status"]
    assert ack["acknowledgement"]["finding_ids"] == want["acknowledgement"]["finding_ids"]
    expected_ids = manifest["escalation"]["expected_acknowledgement_finding_ids"]
    assert ack["acknowledgement"]["finding_ids"] == expected_ids
    outcome = yaml(repo / "escalation/expected_pipeline_outcome.yaml")
    for agent, expected in outcome["gate"].items():
        result = gate(repo, agent, deliverable)
        got = {k: result[k] for k in ("path", "phase", "outcome")}
        got["decision_row"] = result["decision_row"]
        assert got == expected, agent
        assert (result["outcome"] == "proceed") is outcome["stage_proceeds"]
    assert len(ledger(repo)) == outcome["ledger_entries"]
    with capsys.disabled():
        print(f"\npattern-eval integration/chapter_level_run: {' '.join(phases)}; ack "
              f"{','.join(answer['finding_ids'])} → {expected['path']}/{expected['phase']} "
              f"{expected['decision_row']} — ok")  # fmt: skip
