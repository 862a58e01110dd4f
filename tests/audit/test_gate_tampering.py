"""Issue 23: the verdict on file is the auditor's verdict, the round cap holds, git runs nothing.

Every test drives the real CLI (``run(argv)``) in a real git repository: ``audit
run`` with the scripted fake auditor (``tests/support/fake_codex.py``) writes the
artifacts, then ``audit gate`` / ``audit ack`` / ``lint audit-artifacts`` read
them. Each checks the exit code, the message and, where nothing may be
written, that the passport's bytes are unchanged.
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest

from ars_docs.cli.main import run
from tests.support.audit import agent_text
from tests.support.audit_run import (
    DELIVERABLE,
    OUT,
    P1,
    PREVIOUS,
    SUPPORTING,
    THREAD,
    USAGE,
    make_repo,
    script,
)
from tests.support.layout import REPO, TESTS

PASSPORT = "passport.yaml"
_ENV_KEYS = (
    "ARS_CODEX",
    "ARS_AUDIT_MODEL",
    "ARS_AUDIT_REASONING_EFFORT",
    "ARS_AUDIT_TIMEOUT",
    "ARS_AUDIT_CONFIG",
    "SOURCE_DATE_EPOCH",
)


def stream(findings: list[dict[str, Any]], status: str, round_: int, target: int) -> list[Any]:
    """thread, turn, the final agent_message (Sections 5 and 6), turn.completed."""
    text = agent_text(findings, status, round_, target)
    return [
        {"type": "thread.started", "thread_id": THREAD},
        {"type": "turn.started"},
        {"type": "item.completed", "item": {"id": "i0", "type": "agent_message", "text": text}},
        {"type": "turn.completed", "usage": USAGE},
    ]


class Session:
    """One repository, the fake auditor, and the CLI run in it."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
        self.root = root
        self.monkeypatch = monkeypatch
        self.capsys = capsys

    @property
    def passport(self) -> Path:
        return self.root / PASSPORT

    def cli(self, *args: str) -> tuple[int, str, str]:
        self.capsys.readouterr()
        code = run(list(args))
        out, err = self.capsys.readouterr()
        return code, out, err

    def audit(
        self,
        findings: list[dict[str, Any]],
        status: str,
        *extra: str,
        round_: int = 1,
        target: int = 3,
        rows: list[Any] | None = None,
    ) -> tuple[int, str, str]:
        events = rows if rows is not None else stream(findings, status, round_, target)
        path = script(self.root.parent / "script.txt", events)
        self.monkeypatch.setenv("FAKE_CODEX_SCRIPT", str(path))
        args = ["audit", "run", "--stage", "2", "--agent", "synthesis_agent"]
        args += ["--deliverable", DELIVERABLE, "--round", str(round_)]
        args += ["--target-rounds", str(target), "--codex", str(FAKE_CODEX)]
        if round_ > 1:
            args += ["--previous-findings", PREVIOUS]
        return self.cli(*args, *extra)

    def gate_args(self, command: str = "gate") -> list[str]:
        return [
            "audit", command, "--passport", PASSPORT, "--stage", "2",
            "--agent", "synthesis_agent", "--deliverable", DELIVERABLE,
        ]  # fmt: skip

    def gate(self, *extra: str) -> tuple[int, str, str]:
        return self.cli(*self.gate_args(), *extra)

    def gate_json(self) -> tuple[int, dict[str, Any]]:
        code, out, _ = self.gate("--format", "json")
        return code, json.loads(out)

    def ack(self, ids: str) -> tuple[int, str, str]:
        return self.cli(*self.gate_args("ack"), "--findings", ids)

    def only(self, suffix: str) -> Path:
        found = sorted((self.root / OUT).glob(f"*{suffix}"))
        assert len(found) == 1, found
        return found[0]

    def outside(self) -> list[str]:
        """Files of the test folder outside the repository (none may appear)."""
        return sorted(p.name for p in self.root.parent.iterdir() if p.name not in KNOWN_OUTSIDE)


FAKE_CODEX = TESTS / "support" / "fake_codex.py"
KNOWN_OUTSIDE = {"repo", "script.txt", "codex.log"}


@pytest.fixture(scope="module")
def base_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_repo(tmp_path_factory.mktemp("hardening") / "repo")


@pytest.fixture
def session(
    base_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> Session:
    root = tmp_path / "repo"
    subprocess.run(["cp", "-a", str(base_repo), str(root)], check=True)
    monkeypatch.chdir(root)
    for key in _ENV_KEYS:
        monkeypatch.delenv(key, raising=False)
    return Session(root, monkeypatch, capsys)


# --- item 6: git runs none of the repository's programs --------------------------------


def _canary_program(folder: Path, name: str) -> tuple[Path, Path]:
    canary = folder / f"{name}.canary"
    program = folder / f"{name}.sh"
    program.write_text(f"#!/bin/sh\necho ran >> '{canary}'\ncat\n", encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program, canary


def test_git_never_runs_the_repository_fsmonitor_filters_or_hooks(session: Session) -> None:
    hostile = session.root.parent / "hostile"
    hostile.mkdir()
    fsmonitor, fs_canary = _canary_program(hostile, "fsmonitor")
    clean, filter_canary = _canary_program(hostile, "clean")
    git = ["git", "-C", str(session.root), "config"]
    subprocess.run([*git, "core.fsmonitor", str(fsmonitor)], check=True)
    subprocess.run([*git, "filter.canary.clean", str(clean)], check=True)
    subprocess.run([*git, "filter.canary.required", "true"], check=True)
    subprocess.run([*git, "core.hooksPath", str(hostile)], check=True)
    subprocess.run([*git, "log.showSignature", "true"], check=True)
    (session.root / ".git" / "info" / "attributes").write_text("* filter=canary\n")
    # The deliverable's stat no longer matches the index, so a diff hashes it (clean filter).
    os.utime(session.root / DELIVERABLE, (1, 1))
    # The test has teeth: a plain git diff runs both programs.
    subprocess.run(["git", "-C", str(session.root), "diff", "--quiet", "HEAD", "--"], check=False)
    assert fs_canary.exists() and filter_canary.exists()
    fs_canary.unlink()
    filter_canary.unlink()
    os.utime(session.root / DELIVERABLE, (2, 2))

    code, out, err = session.audit([], "PASS")
    assert code == 0, err
    sidecar = json.loads(session.only(".meta.json").read_text(encoding="utf-8"))
    assert len(sidecar["runner"]["git_sha"]) >= 7
    code, out, err = session.gate()
    assert code == 0, out + err
    assert "[Audit: PASS at round 1]" in out
    code, out, err = session.cli(
        "lint", "audit-artifacts", "--mode", "persisted", "--passport", PASSPORT
    )
    assert code == 0, out + err
    code, out, err = session.cli(
        "audit", "manifest", "--primary", DELIVERABLE,
        "--template", "shared/templates/codex_audit_multifile_template.md",
    )  # fmt: skip
    assert code == 0, err
    assert not fs_canary.exists(), "core.fsmonitor ran"
    assert not filter_canary.exists(), "a clean filter ran"


def test_every_git_call_goes_through_the_one_helper() -> None:
    package = REPO / "ars_docs"
    offenders = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "gitcmd.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if '"git"' in line and "shutil.which" not in line:
                offenders.append(f"{path.relative_to(package)}:{number}: {line.strip()}")
    assert offenders == []


# --- item 2: ship_with_known_residue only at the round cap ------------------------------


def test_ack_below_the_round_cap_is_refused_with_the_next_audit_command(session: Session) -> None:
    code, _, err = session.audit([P1], "MATERIAL")
    assert code == 0, err
    code, gate = session.gate_json()
    assert (code, gate["phase"], gate["decision_row"]) == (1, "B10", "MATERIAL")
    before = session.passport.read_bytes()
    code, out, err = session.ack("F-002")
    assert code == 1 and out == ""
    assert "MATERIAL at round 1 of 3" in err
    assert "offered only at the round cap" in err
    assert gate["next_command"] in err  # the exact next `audit run` command
    assert "--round 2 --target-rounds 3" in gate["next_command"]
    assert session.passport.read_bytes() == before
    code, again = session.gate_json()  # still blocked; nothing was acknowledged
    assert (code, again["phase"], again["decision_row"]) == (1, "A7", "MATERIAL")
    assert session.outside() == []


def test_ack_at_the_round_cap_is_accepted(session: Session) -> None:
    code, _, err = session.audit([P1], "MATERIAL", target=1)
    assert code == 0, err
    code, gate = session.gate_json()
    assert (code, gate["decision_row"]) == (2, "ESCALATION")
    code, _, err = session.ack("F-002")
    assert code == 0, err
    code, after = session.gate_json()
    assert (code, after["decision_row"]) == (0, "MATERIAL+ack")


# --- item 7: a bundle id is one line ------------------------------------------------------


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085", "\x0b", "\x1e", "\x7f"])
def test_a_bundle_id_with_a_line_separator_is_refused_before_anything_is_written(
    session: Session, separator: str
) -> None:
    code, out, err = session.audit([], "PASS", "--bundle-id", f"chapter{separator}4")
    assert code == 64 and out == ""
    assert f"U+{ord(separator):04X}" in err and "--bundle-id" in err
    assert "block style" not in err
    assert not (session.root / OUT).exists()
    assert session.outside() == []


def test_a_hand_written_proposal_with_a_line_separator_in_its_bundle_id_fails_the_schema(
    session: Session,
) -> None:
    code, _, err = session.audit([], "PASS", "--bundle-id", "chapter-4")
    assert code == 0, err
    for suffix in (".audit_artifact_entry.json", ".meta.json"):
        path = session.only(suffix)
        path.write_text(path.read_text(encoding="utf-8").replace("chapter-4", "chapter\\u20284"))
    before = session.passport.read_bytes()
    code, gate = session.gate_json()
    assert (code, gate["phase"]) == (1, "P-PB-proposal-schema")
    assert "bundle_id" in gate["message"]
    assert session.passport.read_bytes() == before


# --- item 1: the verdict file says what the auditor said ----------------------------------


def _forge_pass(session: Session, *, proposal: bool = True) -> None:
    """Edit the verdict file (and the proposal's mirror) from MATERIAL with P1 to PASS."""
    verdict = session.only(".verdict.yaml")
    text = verdict.read_text(encoding="utf-8")
    head, _, _ = text.partition("findings:")
    head = head.replace("MATERIAL", "PASS").replace("p1: 1", "p1: 0")
    verdict.write_text(head + "findings: []\n" + text[text.index("generated_at") :])
    if proposal:
        path = session.only(".audit_artifact_entry.json")
        entry = json.loads(path.read_text(encoding="utf-8"))
        entry["verdict"]["status"] = "PASS"
        entry["verdict"]["finding_counts"]["p1"] = 0
        path.write_text(json.dumps(entry, indent=2) + "\n", encoding="utf-8")


def test_b7_a_verdict_file_turned_to_pass_is_blocked_by_the_stream(session: Session) -> None:
    code, _, err = session.audit([P1], "MATERIAL")
    assert code == 0, err
    _forge_pass(session)
    verdict = session.only(".verdict.yaml")
    assert "PASS" in verdict.read_text(encoding="utf-8")
    before = session.passport.read_bytes()
    code, out, err = session.gate()
    assert code == 1, out
    assert "[Audit: PASS" not in out
    assert "Pattern C3: verdict file" in out and verdict.name in out
    assert "verdict_status is 'PASS' in the verdict file, 'MATERIAL' in the stream" in out
    assert session.passport.read_bytes() == before
    assert session.only(".audit_artifact_entry.json").exists()  # left for inspection
    code, payload = session.gate_json()
    assert (code, payload["phase"], payload["passport_appended"]) == (
        1,
        "P-PB-verdict-stream",
        False,
    )
    assert session.passport.read_bytes() == before


def test_b7_a_renamed_finding_is_blocked(session: Session) -> None:
    code, _, err = session.audit([P1], "MATERIAL")
    assert code == 0, err
    verdict = session.only(".verdict.yaml")
    verdict.write_text(verdict.read_text(encoding="utf-8").replace("F-002", "F-900"))
    before = session.passport.read_bytes()
    code, payload = session.gate_json()
    assert (code, payload["phase"]) == (1, "P-PB-verdict-stream")
    assert "missing from the verdict file: F-002; not in the stream: F-900" in payload["message"]
    assert session.passport.read_bytes() == before


def test_b7_a_round_raised_to_the_cap_is_blocked(session: Session) -> None:
    code, _, err = session.audit([P1], "MATERIAL")
    assert code == 0, err
    verdict = session.only(".verdict.yaml")
    verdict.write_text(verdict.read_text(encoding="utf-8").replace("round: 1", "round: 3"))
    path = session.only(".audit_artifact_entry.json")
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["verdict"]["round"] = 3
    path.write_text(json.dumps(entry, indent=2) + "\n", encoding="utf-8")
    before = session.passport.read_bytes()
    code, payload = session.gate_json()
    assert (code, payload["phase"]) == (1, "P-PB-verdict-stream")
    assert "round is 3 in the verdict file, 1 in the stream" in payload["message"]
    assert session.passport.read_bytes() == before


def test_a5_a_persisted_entry_and_verdict_file_edited_to_pass_fall_through_and_block(
    session: Session,
) -> None:
    code, _, err = session.audit([P1], "MATERIAL")
    assert code == 0, err
    code, merged = session.gate_json()
    assert (code, merged["decision_row"], merged["passport_appended"]) == (1, "MATERIAL", True)
    _forge_pass(session, proposal=False)
    text = session.passport.read_text(encoding="utf-8")
    forged = text.replace("status: MATERIAL", "status: PASS").replace("p1: 1", "p1: 0")
    assert forged != text
    session.passport.write_text(forged, encoding="utf-8")
    before = session.passport.read_bytes()
    code, payload = session.gate_json()
    assert code == 1 and payload["outcome"] == "block"
    assert payload["phase"] == "P-PB-empty"
    phases = [e["phase"] for e in payload["events"]]
    assert "P-PA-verdict-stream" in phases
    assert "disagrees with the auditor's final message" in payload["message"]
    assert session.passport.read_bytes() == before


# --- item 3: B8d runs every persisted-mode row of the lint --------------------------------


def test_b8d_refuses_a_proposal_whose_bundle_id_differs_from_its_sidecar(session: Session) -> None:
    code, _, err = session.audit([], "PASS", "--bundle-id", "chapter-4")
    assert code == 0, err
    path = session.only(".audit_artifact_entry.json")
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["bundle_id"] = "chapter-5"
    path.write_text(json.dumps(entry, indent=2) + "\n", encoding="utf-8")
    before = session.passport.read_bytes()
    code, out, _ = session.gate()
    assert code == 1, out
    assert "persisted-mode re-validation failed" in out
    assert "B9: entry bundle_id 'chapter-5' != sidecar bundle_id 'chapter-4'" in out
    assert session.passport.read_bytes() == before
    assert path.exists()  # the proposal stays for inspection
    # The lint agrees: the same rows, run on the proposal, report B9 too.
    code, out, _ = session.cli("lint", "audit-artifacts", "--mode", "proposal", str(path))
    assert code == 1 and "B9" in out


def test_b8d_and_the_persisted_lint_agree_on_a_clean_merge(session: Session) -> None:
    code, _, err = session.audit([P1], "MATERIAL", "--bundle-id", "chapter-4")
    assert code == 0, err
    code, payload = session.gate_json()
    assert payload["passport_appended"] and code == 1
    code, out, _ = session.cli(
        "lint", "audit-artifacts", "--mode", "persisted", "--passport", PASSPORT
    )
    assert code == 0, out


def test_one_definition_of_the_persisted_rows() -> None:
    from ars_docs.audit.gate import verdict as gate_verdict
    from ars_docs.audit.rows import lint as audit_artifacts
    from ars_docs.audit.rows.persisted import persisted_rows

    assert audit_artifacts.persisted_rows is persisted_rows
    assert gate_verdict.persisted_rows is persisted_rows


def test_path_a_runs_the_persisted_rows_too(session: Session) -> None:
    code, _, err = session.audit([], "PASS", "--bundle-id", "chapter-4")
    assert code == 0, err
    assert session.gate()[0] == 0
    text = session.passport.read_text(encoding="utf-8")
    session.passport.write_text(text.replace("chapter-4", "chapter-5"), encoding="utf-8")
    code, out, _ = session.cli(
        "lint", "audit-artifacts", "--mode", "persisted", "--passport", PASSPORT
    )
    assert code == 1 and "B9" in out
    before = session.passport.read_bytes()
    code, payload = session.gate_json()
    assert (code, payload["phase"]) == (1, "P-PB-empty")
    schema = [e for e in payload["events"] if e["phase"] == "P-PA-schema"]
    assert schema and "B9: entry bundle_id 'chapter-5'" in schema[0]["message"]
    assert session.passport.read_bytes() == before


# --- item 7: every block is a §5.6 checkpoint: why, where to look, the next command --------

RULE = "━" * 34


def _framed(out: str, *look: str) -> str:
    """Assert the §5.6 frame in the text output; return the printed next command."""
    lines = out.splitlines()
    assert lines.count(RULE) >= 3, out
    assert "P-PA-" not in out and "P-PB-" not in out, out  # no internal phase IDs without -v
    where = [line for line in lines if line.startswith("Where to look")]
    for item in look:
        assert any(item in line for line in where) or item in out, (item, out)
    nexts = [i for i, line in enumerate(lines) if line.startswith("Next: ")]
    assert nexts, out
    command = lines[nexts[-1] + 1].strip()
    assert command.startswith("ars-docs audit "), out
    return command


def _run_printed(session: Session, command: str) -> tuple[int, str, str]:
    """Run a printed ``ars-docs audit run`` command (with the fake auditor)."""
    words = shlex.split(command)[1:]
    return session.cli(*words, "--codex", str(FAKE_CODEX))


def test_gate_failure_block_is_framed_with_the_artifact_and_the_re_audit_command(
    session: Session,
) -> None:
    code, _, err = session.audit([P1], "MATERIAL")
    assert code == 0, err
    sidecar = session.only(".meta.json")
    data = json.loads(sidecar.read_text(encoding="utf-8"))
    data["timing"]["duration_seconds"] += 30
    sidecar.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    before = session.passport.read_bytes()
    code, out, _ = session.gate()
    assert code == 1
    assert "failed gate L3-6" in out
    rel = sidecar.relative_to(session.root).as_posix()
    proposal = session.only(".audit_artifact_entry.json").relative_to(session.root).as_posix()
    command = _framed(out, rel, proposal)
    assert "--round 1 --target-rounds 3" in command
    assert session.passport.read_bytes() == before
    code, verbose, _ = session.gate("-v")
    assert "P-PB-gate" in verbose  # the phase ID only with -v
    code, payload = session.gate_json()
    assert payload["phase"] == "P-PB-gate" and payload["next_command"] == command


def test_audit_failed_block_names_stderr_and_the_command(session: Session) -> None:
    path = script(session.root.parent / "script.txt", [], after=["stderr boom", "exit 1"])
    session.monkeypatch.setenv("FAKE_CODEX_SCRIPT", str(path))
    args = ["audit", "run", "--stage", "2", "--agent", "synthesis_agent"]
    code, _, err = session.cli(*args, "--deliverable", DELIVERABLE, "--round", "1",
                               "--codex", str(FAKE_CODEX))  # fmt: skip
    assert code == 1, err
    before = session.passport.read_bytes()
    code, out, _ = session.gate()
    assert code == 1
    assert "audit attempted but failed: codex exit 1: auditor failed (boom)" in out
    run_id = session.only(".jsonl").name.removesuffix(".jsonl")
    command = _framed(out, f"{OUT}/{run_id}.stderr", f"{OUT}/{run_id}.verdict.yaml")
    assert "--round 1 --target-rounds 3" in command
    assert session.passport.read_bytes() == before


def test_verdict_schema_and_mirror_blocks_are_framed(session: Session) -> None:
    code, _, err = session.audit([P1], "MATERIAL")
    assert code == 0, err
    verdict = session.only(".verdict.yaml")
    original = verdict.read_text(encoding="utf-8")
    verdict.write_text(original.replace("generated_by:", "generated_by: 7\nx_by:"))
    before = session.passport.read_bytes()
    code, out, _ = session.gate()
    rel = verdict.relative_to(session.root).as_posix()
    assert code == 1 and "schema-invalid" in out
    _framed(out, rel)
    verdict.write_text(original)
    path = session.only(".audit_artifact_entry.json")
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["verdict"]["finding_counts"]["p3"] = 1
    path.write_text(json.dumps(entry, indent=2) + "\n", encoding="utf-8")
    code, out, _ = session.gate()
    assert code == 1 and "proposal mirror drift" in out
    _framed(out, rel)
    assert session.passport.read_bytes() == before


def test_the_printed_next_command_runs_after_a_revision(session: Session) -> None:
    code, _, err = session.audit([P1], "MATERIAL", "--supporting", ",".join(SUPPORTING))
    assert code == 0, err
    code, out, _ = session.gate()
    assert code == 1
    first = _framed(out)
    assert "--round 2 --target-rounds 3 --previous-findings" in first
    # Revise: the deliverable's SHA changes, Path A finds nothing, no proposal yet.
    (session.root / DELIVERABLE).write_text("# Synthese\n\nRevised.\n", encoding="utf-8")
    code, out, _ = session.gate()
    assert code == 1 and "no audit artifact for synthesis_agent/" in out
    command = _framed(out)
    assert "--round 2 --target-rounds 3 --previous-findings" in command
    assert "--supporting" in command  # the bundle of the round before
    script(session.root.parent / "script.txt", stream([], "PASS", 2, 3))
    code, _, err = _run_printed(session, command)
    assert code == 0, err
    code, out, _ = session.gate()
    assert code == 0 and "[Audit: PASS at round 2]" in out
    assert session.outside() == []
