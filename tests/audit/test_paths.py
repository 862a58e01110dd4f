"""The path policy in the audit flow (issue 23 items 4, 5; issue 29 items 2, 4, 8, 14).

Real git repositories (``gate_support.Bench``), real FIFOs and symbolic links,
and gate processes with a timeout, so a gate that blocks on a FIFO fails the
test instead of hanging it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support.audit import SUPPORTING
from tests.support.gate import OUT, TEMPLATE, Bench, finding
from tests.support.processes import ars

TIMEOUT = 60


@pytest.fixture
def bench(tmp_path: Path) -> Bench:
    return Bench.create(tmp_path / "repo")


def gate(bench: Bench, inject: str = "") -> tuple[int, dict, str]:
    proc = ars(bench.root, *bench.argv("gate", "--format", "json"), inject=inject, timeout=TIMEOUT)
    payload = json.loads(proc.out) if proc.out.strip().startswith("{") else {}
    return proc.code, payload, proc.err


def manifest(bench: Bench, *supporting: str) -> tuple[int, str, str]:
    argv = ["audit", "manifest", "--root", str(bench.root), "--primary", "chapter_4/synthesis.md"]
    argv += ["--template", TEMPLATE]
    for path in supporting:
        argv += ["--supporting", path]
    proc = ars(bench.root, *argv, timeout=TIMEOUT)
    return proc.code, proc.out, proc.err


# --- FIFOs (23.4, 29.2) ----------------------------------------------------------------


def test_a_supporting_file_replaced_by_a_fifo_blocks_the_gate_with_its_path(
    bench: Bench,
) -> None:
    run_id = bench.audit([])
    target = bench.root / SUPPORTING[0]
    target.unlink()
    os.mkfifo(target)
    code, payload, _ = gate(bench)
    assert code == 1, payload
    assert payload["outcome"] == "block"
    assert SUPPORTING[0] in payload["message"]
    assert bench.ledger() == [] and bench.proposal(run_id).exists()


def test_audit_manifest_refuses_a_fifo(bench: Bench) -> None:
    os.mkfifo(bench.root / "chapter_4" / "pipe.md")
    code, _, err = manifest(bench, "chapter_4/pipe.md")
    assert code == 74
    (line,) = err.splitlines()
    assert "chapter_4/pipe.md" in line and "FIFO" in line


def test_a_proposal_that_is_a_fifo_is_skipped_not_read(bench: Bench) -> None:
    os.mkfifo(bench.out / "2026-05-01T10-00-00Z-0000.audit_artifact_entry.json")
    run_id = bench.audit([])
    code, payload, _ = gate(bench)
    assert code == 0, payload
    assert [e["run_id"] for e in bench.ledger()] == [run_id]


def test_a_verdict_that_is_a_fifo_blocks(bench: Bench) -> None:
    run_id = bench.audit([])
    verdict = bench.file(run_id, ".verdict.yaml")
    verdict.unlink()
    os.mkfifo(verdict)
    code, payload, _ = gate(bench)
    assert code == 1 and payload["outcome"] == "block"
    assert bench.ledger() == []


# --- links that leave the repository (23.5) -------------------------------------------


def test_audit_manifest_refuses_a_link_out_of_the_repository(bench: Bench, tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("elsewhere\n", encoding="utf-8")
    os.symlink(outside, bench.root / "chapter_4" / "link.md")
    code, _, err = manifest(bench, "chapter_4/link.md")
    assert code == 64
    (line,) = err.splitlines()
    assert "chapter_4/link.md" in line and "outside the repository" in line


def test_the_gate_does_not_merge_a_supporting_file_linked_out_of_the_repository(
    bench: Bench, tmp_path: Path
) -> None:
    # Same bytes outside: the SHA alone would match, the link must still be refused.
    run_id = bench.audit([])
    target = bench.root / SUPPORTING[1]
    outside = tmp_path / "copy.md"
    outside.write_bytes(target.read_bytes())
    target.unlink()
    os.symlink(outside, target)
    code, payload, _ = gate(bench)
    assert code == 1 and payload["outcome"] == "block", payload
    assert bench.ledger() == [] and bench.proposal(run_id).exists()


@pytest.mark.parametrize("linked", [OUT, f"{OUT}/consumed"])
def test_the_gate_refuses_artifact_folders_linked_out_of_the_repository(
    bench: Bench, tmp_path: Path, linked: str
) -> None:
    run_id = bench.audit([])
    outside = tmp_path / "elsewhere"
    if linked == OUT:
        os.rename(bench.out, outside)
    else:
        outside.mkdir()
    os.symlink(outside, bench.root / linked)
    before = bench.passport.read_bytes()
    code, _, err = gate(bench)
    assert code == 64
    (line,) = err.splitlines()
    assert "outside the repository" in line
    assert bench.passport.read_bytes() == before
    assert not (outside / "consumed" / f"{run_id}.audit_artifact_entry.json").exists()


def test_a_verdict_linked_to_a_secrets_file_never_prints_it(bench: Bench, tmp_path: Path) -> None:
    secret = "API_KEY=sk-live-0123456789abcdef"
    for where in (tmp_path / "secrets.env", bench.root / ".env"):
        where.write_text(secret + "\n", encoding="utf-8")
        run_id = bench.audit([])
        verdict = bench.file(run_id, ".verdict.yaml")
        verdict.unlink()
        os.symlink(where, verdict)
        for command in ("gate", "lint"):
            if command == "gate":
                code, payload, err = gate(bench)
                text = json.dumps(payload) + err
                assert code == 1
            else:
                proc = ars(bench.root, "lint", "audit-artifacts", str(bench.proposal(run_id)))
                text = proc.out + proc.err
                assert proc.code != 0
            assert "sk-live" not in text, text
        verdict.unlink()
        bench.proposal(run_id).unlink()


# --- concurrent gates (29.4) -------------------------------------------------------------

_WINNER_FIRST = """
import subprocess, sys
import ars_docs.audit.gate.path_b as path_b
_real_scan = path_b.scan_proposals
_ran = []
def _scan(*args, **kwargs):
    # The other gate wins between this gate's passport read and its folder scan:
    # it appends the entry and moves the proposal to consumed/.
    if not _ran:
        _ran.append(1)
        subprocess.run([sys.executable, "-m", "ars_docs", *sys.argv[1:]], check=True,
                       stdout=subprocess.DEVNULL)
    return _real_scan(*args, **kwargs)
path_b.scan_proposals = _scan
"""


def test_a_losing_gate_sees_the_entry_already_persisted(bench: Bench) -> None:
    run_id = bench.audit([])
    code, payload, err = gate(bench, _WINNER_FIRST)
    assert code == 0, (payload, err)
    assert payload["outcome"] == "proceed"
    assert payload["passport_appended"] is False
    assert payload["run_id"] == run_id
    assert [e["run_id"] for e in bench.ledger()] == [run_id]  # appended once, by the winner
    assert bench.consumed(run_id).exists()


def test_concurrent_gates_append_once_and_all_proceed(bench: Bench) -> None:
    run_id = bench.audit([])
    procs = [bench.spawn("gate", "--format", "json") for _ in range(4)]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=TIMEOUT)
        results.append((proc.returncode, out, err))
    assert [code for code, _, _ in results] == [0] * 4, [err for _, _, err in results]
    appended = [json.loads(out)["passport_appended"] for _, out, _ in results]
    assert appended.count(True) == 1
    assert [e["run_id"] for e in bench.ledger()] == [run_id]


# --- smaller items (29.14) ----------------------------------------------------------------


def test_gate_exit_73_prints_an_error_line(bench: Bench) -> None:
    bench.audit([])
    bench.passport.chmod(0o444)
    code, payload, err = gate(bench)
    assert code == 73
    errors = [line for line in err.splitlines() if line.startswith("ars-docs: error: ")]
    assert len(errors) == 1 and "read-only" in errors[0], err
    assert payload["exit_code"] == 73


_KILL_AFTER_APPEND = """
import os, signal
import ars_docs.audit.model.ledger as audit_ledger
_real_write = audit_ledger.write_bytes_atomic
def _write(*args, **kwargs):
    _real_write(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGKILL)  # the append landed; the report never printed
audit_ledger.write_bytes_atomic = _write
"""


def test_ack_rerun_after_a_late_kill_adds_no_second_acknowledgement(bench: Bench) -> None:
    findings = [finding(1, "P1")]
    for round_ in (1, 2, 3):
        bench.audit(findings, round_=round_)
        assert bench.gate().code in (1, 2)
    ack = ["--findings", "F-001"]
    killed = ars(bench.root, *bench.argv("ack", *ack), inject=_KILL_AFTER_APPEND)
    assert killed.code == -9
    acks = [e for e in bench.ledger() if "acknowledgement" in e]
    assert len(acks) == 1
    again = ars(bench.root, *bench.argv("ack", *ack))
    assert again.code == 0, again.err
    assert "already acknowledged" in again.out and "nothing appended" in again.out
    assert len([e for e in bench.ledger() if "acknowledgement" in e]) == 1
    assert bench.gate().code == 0


def test_audit_config_that_is_a_device_is_named_as_such(bench: Bench) -> None:
    proc = ars(
        bench.root,
        "audit", "run", "--stage", "2", "--agent", "synthesis_agent",
        "--deliverable", "chapter_4/synthesis.md", "--bundle-id", "b", "--round", "1",
        "--target-rounds", "3", "--dry-run",
        env={"ARS_AUDIT_CONFIG": "/dev/zero"},
    )  # fmt: skip
    assert proc.code == 64, proc.err
    (line,) = proc.err.splitlines()
    assert "$ARS_AUDIT_CONFIG=/dev/zero" in line and "character device" in line
    assert "no such file" not in line


def test_retrieve_with_a_300_character_key_saves_under_a_short_name(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.retrieval import E1, World, sample_config, sample_passport, sample_world

    key = "k" * 300
    for name in list(os.environ):
        if name.startswith("ARS_RETRIEVAL_") or name.lower().endswith("_proxy"):
            monkeypatch.delenv(name)
    with World() as world:
        sample_world(world)
        text = sample_passport().replace("{base}", world.base).replace(E1, key)
        passport = tmp_path / "passport.yaml"
        passport.write_text(text, encoding="utf-8")
        (tmp_path / "ars-docs.toml").write_text(sample_config(world), encoding="utf-8")
        result = cli("retrieve", "--passport", passport, key)
    assert result.code == 0, result.err
    (saved,) = [p for p in (tmp_path / "sources").iterdir() if p.name.startswith("kkk")]
    assert len(saved.name) < 140 and saved.suffix == ".pdf"
