"""``ars-docs audit run`` against a real auditor process (``tests/support/fake_codex.py``), spec §4.

Every §4.6 row, the §3.3 stream shapes, timeouts, signals, write failures and
SIGKILL at random instants. The wrapper runs in-process through the CLI
(``run(argv)``) unless the test needs it as a process of its own (signals,
resource limits, SIGKILL).
"""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ars_docs.cli.main import run
from tests.support.audit_run import (
    DELIVERABLE,
    FAKE,
    FILES,
    OUT,
    P1,
    P3,
    PREVIOUS,
    RUN_ID,
    SUPPORTING,
    THREAD,
    argv,
    check_set,
    copy_repo,
    lint_errors,
    make_repo,
    no_tool_rows,
    proposals,
    run_ids,
    script,
    tool_rows,
    tree,
)
from tests.support.layout import REPO

REPO_ROOT = REPO
_ENV_KEYS = (
    "ARS_CODEX",
    "ARS_AUDIT_MODEL",
    "ARS_AUDIT_REASONING_EFFORT",
    "ARS_AUDIT_TIMEOUT",
    "ARS_AUDIT_CONFIG",
)


@pytest.fixture(scope="module")
def base_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_repo(tmp_path_factory.mktemp("audit-run") / "repo")


class Wrapper:
    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
        self.root = root
        self.log = root.parent / "codex.log"
        self.monkeypatch = monkeypatch
        self.capsys = capsys

    def __call__(
        self,
        rows: Any = (),
        *extra: str,
        before: tuple[str, ...] = (),
        after: tuple[str, ...] = (),
        round_: int = 1,
        args: list[str] | None = None,
    ) -> tuple[int, str, str]:
        path = script(self.root.parent / "script.txt", rows, before=before, after=after)
        self.monkeypatch.setenv("FAKE_CODEX_SCRIPT", str(path))
        self.capsys.readouterr()
        code = run(args if args is not None else argv(*extra, round_=round_))
        out, err = self.capsys.readouterr()
        return code, out, err

    def codex_args(self) -> list[str]:
        return json.loads(self.log.read_bytes().split(b"\n", 1)[0])

    def prompt(self) -> str:
        return self.log.read_bytes().split(b"\n", 1)[1].decode("utf-8")


@pytest.fixture
def wrap(base_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> Wrapper:
    root = copy_repo(base_repo, tmp_path / "repo")
    monkeypatch.chdir(root)
    for key in (*_ENV_KEYS, "SOURCE_DATE_EPOCH"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("FAKE_CODEX_LOG", str(tmp_path / "codex.log"))
    return Wrapper(root, monkeypatch, capsys)


# --- §4.6 row 0: clean completions ---------------------------------------------------


def test_no_tool_stream_passes_and_writes_the_four_files(wrap: Wrapper) -> None:
    code, out, err = wrap(no_tool_rows([], "PASS"))
    assert code == 0, err
    got = check_set(wrap.root, status="PASS", exit_code=0)
    run_id = got["run_id"]
    assert RUN_ID.match(run_id)
    assert f"{run_id}: PASS (p1=0 p2=0 p3=0), exit 0" in out
    assert got["sidecar"]["stream"]["jsonl_thread_id"] == THREAD
    assert got["sidecar"]["codex_cli_version"] == "0.128.0"
    assert got["verdict"]["generated_by"] == "ars-docs audit run"
    assert got["entry"]["artifact_paths"]["jsonl"] == f"{OUT}/{run_id}.jsonl"
    assert "verified_at" not in got["entry"]["verdict"]
    # one phase line per step on stderr
    assert [line.split(":")[0] for line in err.splitlines()] == ["audit run"] * 5
    # codex 0.125+ flags, the prompt on stdin with the bundle as snapshotted
    assert wrap.codex_args() == [
        "exec",
        "-m",
        "gpt-5.5",
        "-c",
        'model_reasoning_effort="xhigh"',
        "--json",
        "-",
    ]
    prompt = wrap.prompt()
    assert prompt.startswith("# Codex audit prompt — multi-file bundle, round 1\n")
    assert "Currently the field agrees <!--ref:ji_2023-->." in prompt
    assert "````text\n# Verification\n\n```python" in prompt  # fence longer than the content's
    assert "Round: 1 of target_rounds 3" in prompt
    manifest = (wrap.root / OUT / f"{run_id}.manifest.txt").read_text(encoding="utf-8")
    assert manifest.splitlines()[0].startswith(f"primary:{DELIVERABLE}:")


def test_tool_stream_with_parallel_pairs_out_of_order_is_minor(wrap: Wrapper) -> None:
    code, _, err = wrap(tool_rows([P3], "MINOR"), "--bundle-id", "ch4-bundle", "--format", "json")
    assert code == 0, err
    got = check_set(wrap.root, status="MINOR", exit_code=0)
    assert got["entry"]["bundle_id"] == got["sidecar"]["prompt"]["bundle"]["bundle_id"]
    assert got["verdict"]["findings"][0]["description"] == P3["description"]


def test_json_summary(wrap: Wrapper) -> None:
    code, out, _ = wrap(tool_rows([P1, P3], "MATERIAL"), "--format", "json")
    assert code == 0
    summary = json.loads(out)
    assert summary["status"] == "MATERIAL"
    assert summary["finding_counts"] == {"p1": 1, "p2": 0, "p3": 1}
    assert summary["exit_code"] == 0 and summary["auditor_exit_code"] == 0
    assert set(summary["files"]) == {"jsonl", "sidecar", "verdict", "proposal"}
    assert summary["events"] == len(tool_rows([P1, P3], "MATERIAL"))
    check_set(wrap.root, status="MATERIAL")


def test_round_two_embeds_the_previous_findings(wrap: Wrapper) -> None:
    code, _, err = wrap(no_tool_rows([], "PASS", round_=2), round_=2)
    assert code == 0, err
    check_set(wrap.root, status="PASS")
    assert "## Findings of round 1: `reviews/round1.verdict.yaml`" in wrap.prompt()
    assert FILES[PREVIOUS] in wrap.prompt()


def test_settings_from_config_file_and_environment(wrap: Wrapper) -> None:
    (wrap.root / "ars-docs.toml").write_text(
        '[audit]\nmodel = "gpt-test"\nreasoning_effort = "low"\n', encoding="utf-8"
    )
    assert wrap(no_tool_rows([], "PASS"))[0] == 0
    assert wrap.codex_args()[2] == "gpt-test"
    assert wrap.codex_args()[4] == 'model_reasoning_effort="low"'
    wrap.monkeypatch.setenv("ARS_AUDIT_REASONING_EFFORT", "high")
    wrap.monkeypatch.setenv("ARS_CODEX", "/nonexistent/codex")  # --codex still wins
    assert wrap(no_tool_rows([], "PASS"))[0] == 0
    assert wrap.codex_args()[4] == 'model_reasoning_effort="high"'
    assert len(proposals(wrap.root)) == 2


# --- §4.6 row 70 and the preserved codes -------------------------------------------------


def test_error_event_with_exit_zero_is_audit_failed_70(wrap: Wrapper) -> None:
    rows = no_tool_rows([], "PASS")
    rows.insert(2, {"type": "error", "error": {"message": "stream disconnected"}})
    code, out, _ = wrap(rows)
    assert code == 70
    got = check_set(wrap.root, status="AUDIT_FAILED", exit_code=0)
    reason = got["verdict"]["failure_reason"]
    assert reason.startswith("JSONL parse error: line 3") and "error event" in reason
    assert got["entry"]["verdict"]["failure_reason"] == reason
    assert got["entry"]["verdict"]["finding_counts"] == {"p1": 0, "p2": 0, "p3": 0}
    assert "AUDIT_FAILED" in out and "exit 70" in out


@pytest.mark.parametrize(
    ("after", "wrapper_exit", "auditor_exit", "reason"),
    [
        (("stderr boom: model overloaded", "exit 70"), 70, 70, "codex exit 70: auditor failed"),
        (("stderr 429 Too Many Requests", "exit 75"), 75, 75, "codex exit 75: rate-limited"),
        (("stderr bad flag", "exit 1"), 1, 1, "codex exit 1: auditor failed (bad flag)"),
        (("exit 137",), 137, 137, "codex exit 137: killed by signal 9"),
        (("kill SIGKILL",), 137, 137, "codex exit 137: killed by signal 9"),
        (("exit 64",), 70, 64, "codex exit 64"),
    ],
)
def test_auditor_exit_codes(
    wrap: Wrapper, after: tuple[str, ...], wrapper_exit: int, auditor_exit: int, reason: str
) -> None:
    rows = no_tool_rows([], "PASS")[:2]
    code, _, _ = wrap(rows, after=after)
    assert code == wrapper_exit
    got = check_set(wrap.root, status="AUDIT_FAILED", exit_code=auditor_exit)
    assert got["verdict"]["failure_reason"].startswith(reason)
    assert got["sidecar"]["stream"]["jsonl_thread_id"] == THREAD


def test_auditor_exit_zero_without_any_event(wrap: Wrapper) -> None:
    code, _, _ = wrap([])
    assert code == 70
    got = check_set(wrap.root, status="AUDIT_FAILED", exit_code=0)
    assert got["sidecar"]["stream"]["jsonl_thread_id"] == ""
    assert (wrap.root / OUT / f"{got['run_id']}.jsonl").read_bytes() == b""


def test_supporting_file_edited_mid_stream(wrap: Wrapper) -> None:
    rows = tool_rows([], "PASS")
    target = wrap.root / SUPPORTING[1]
    original = target.read_bytes()
    code, _, _ = wrap(
        rows[:3], after=(f"append {target} edited", *("emit " + json.dumps(r) for r in rows[3:]))
    )
    assert code == 70
    got = check_set(wrap.root, status="AUDIT_FAILED", exit_code=0)
    assert got["verdict"]["failure_reason"] == (
        f"bundle file(s) mutated during audit run: {SUPPORTING[1]}"
    )
    import hashlib

    recorded = got["sidecar"]["prompt"]["bundle"]["supporting_context"]
    assert {"path": SUPPORTING[1], "sha": hashlib.sha256(original).hexdigest()} in recorded


def test_garbage_line_is_audit_failed(wrap: Wrapper) -> None:
    rows: list[Any] = no_tool_rows([], "PASS")
    rows.insert(2, "this is not json {")
    assert wrap(rows)[0] == 70
    got = check_set(wrap.root, status="AUDIT_FAILED", exit_code=0)
    assert got["verdict"]["failure_reason"].startswith("JSONL parse error: line 3")


def test_half_written_last_line_is_kept_as_received(wrap: Wrapper) -> None:
    rows = no_tool_rows([], "PASS")
    cut = json.dumps(rows[-1])[:20]
    assert wrap(rows[:-1], after=(f"raw {cut}",))[0] == 70
    got = check_set(wrap.root, status="AUDIT_FAILED", exit_code=0)
    stream = (wrap.root / OUT / f"{got['run_id']}.jsonl").read_bytes()
    assert stream.endswith(b"\n" + cut.encode())
    assert "JSONL parse error" in got["verdict"]["failure_reason"]


def test_large_stream(wrap: Wrapper) -> None:
    thinking = {
        "type": "item.completed",
        "item": {"id": "item_9", "type": "agent_message", "text": "thinking"},
    }
    rows = no_tool_rows([], "PASS")
    count = 50_000  # the 200k stream of the issue: benchmarks/bench_audit_run.py
    code, out, err = wrap(
        rows[:2],
        "--format",
        "json",
        after=(
            f"repeat {count} {json.dumps(thinking)}",
            *("emit " + json.dumps(r) for r in rows[2:]),
        ),
    )
    summary = json.loads(out)
    assert summary["events"] == count + 4
    check_set(wrap.root, status="PASS")
    assert code == 0, err


def test_a_line_longer_than_the_hold_limit_is_kept_whole(wrap: Wrapper) -> None:
    rows = no_tool_rows([], "PASS")
    long_text = "ä" * 1_500_000  # 3 MB of UTF-8 in one event
    rows.insert(
        2,
        {"type": "item.completed", "item": {"id": "i", "type": "agent_message", "text": long_text}},
    )
    assert wrap(rows)[0] == 0
    got = check_set(wrap.root, status="PASS")
    stream = (wrap.root / OUT / f"{got['run_id']}.jsonl").read_bytes()
    assert stream == "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()


# --- timeout and process groups -------------------------------------------------------------


def test_timeout_kills_the_process_group(wrap: Wrapper) -> None:
    pidfile = wrap.root.parent / "grandchild.pid"
    start = time.monotonic()
    code, _, _ = wrap(
        no_tool_rows([], "PASS")[:1], "--timeout", "0.5", after=(f"spawn {pidfile}", "forever")
    )
    assert code == 75
    assert time.monotonic() - start < 30
    got = check_set(wrap.root, status="AUDIT_FAILED", exit_code=137)
    assert got["verdict"]["failure_reason"] == (
        "auditor timed out after 0.5 s; its process group was killed"
    )
    grandchild = int(pidfile.read_text())
    assert _gone(grandchild)


def test_timeout_holds_after_the_auditor_closed_its_output(wrap: Wrapper) -> None:
    code, _, _ = wrap(no_tool_rows([], "PASS")[:2], "--timeout", "0.5", after=("close", "sleep 60"))
    assert code == 75
    got = check_set(wrap.root, status="AUDIT_FAILED", exit_code=137)
    assert got["verdict"]["failure_reason"].startswith("auditor timed out after 0.5 s")


def _gone(pid: int) -> bool:
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        # a killed child of an exited parent is reaped by init; give it a moment
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            if handle.read().split(")")[-1].split()[0] == "Z":
                return True
        time.sleep(0.05)
    return False


# --- §4.6 row 64: nothing written ------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--agent", "writer_agent"], "--agent 'writer_agent': must be one of synthesis_agent"),
        (["--stage", "7"], "--stage 7: must be an integer from 1 to 6"),
        (["--stage", "x"], "argument --stage: invalid int value"),
        (["--round", "4"], "--round 4 exceeds --target-rounds 3"),
        (["--round", "2"], "--round 2 needs --previous-findings VERDICT.yaml"),
        (["--previous-findings", PREVIOUS], "--previous-findings is for round 2 and later"),
        (
            ["--deliverable", "chapter_4/missing.md"],
            "--deliverable chapter_4/missing.md: does not exist",
        ),
        (
            ["--deliverable", "/etc/hostname"],
            "--deliverable /etc/hostname: outside the repository root",
        ),
        (["--deliverable", "chapter_4"], "--deliverable chapter_4: is not a regular file"),
        (["--supporting", "chapter_4/verification.md,,x"], "an empty path between commas"),
        (["--supporting", f"{SUPPORTING[0]},{SUPPORTING[0]}"], "is already in the bundle"),
        (["--supporting", DELIVERABLE], "is already in the bundle"),
        (
            ["--output-dir", "/tmp/elsewhere-audit"],
            "--output-dir /tmp/elsewhere-audit: outside the repository root",
        ),
        (
            ["--output-dir", "passport.yaml"],
            "--output-dir passport.yaml: exists and is not a folder",
        ),
        (["--codex", "no-such-codex-cli"], "missing dependency: no-such-codex-cli"),
        (["--timeout", "-1"], "--timeout: the timeout must be between 0"),
        (["--bundle-id", ""], "--bundle-id must be a non-empty one-line string"),
    ],
)
def test_usage_errors_write_nothing(wrap: Wrapper, change: list[str], message: str) -> None:
    before = tree(wrap.root)
    args = argv(*change)
    code, out, err = wrap(no_tool_rows([], "PASS"), args=args)
    assert code == 64, err
    assert message in err
    assert err.startswith("ars-docs: error: ") and len(err.splitlines()) == 1
    assert out == ""
    assert tree(wrap.root) == before
    assert not (wrap.root / OUT).exists()
    assert not wrap.log.exists()


@pytest.mark.parametrize("name", ["chapter_4/a:b.md", "chapter_4/a\\b.md", "chapter_4/a\nb.md"])
def test_bundle_paths_the_manifest_cannot_hold(wrap: Wrapper, name: str) -> None:
    (wrap.root / name).write_text("text\n", encoding="utf-8")
    code, _, err = wrap(no_tool_rows([], "PASS"), "--supporting", name)
    assert code == 64
    assert "a bundle path cannot contain" in err
    assert not (wrap.root / OUT).exists()


def test_bundle_file_linking_out_of_the_repository(wrap: Wrapper, tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("not in the repository\n", encoding="utf-8")
    (wrap.root / "chapter_4/link.md").symlink_to(outside)
    code, _, err = wrap(no_tool_rows([], "PASS"), "--supporting", "chapter_4/link.md")
    assert code == 64
    assert "--supporting chapter_4/link.md: a symbolic link to" in err
    assert "outside the repository" in err


@pytest.mark.parametrize("linked", [OUT, f"{OUT}/consumed"])
def test_output_folder_linking_out_of_the_repository(
    wrap: Wrapper, tmp_path: Path, linked: str
) -> None:
    # Issue 23 item 5: the run's files would be written outside the repository.
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    if linked != OUT:
        (wrap.root / OUT).mkdir()
    (wrap.root / linked).symlink_to(outside)
    code, _, err = wrap(no_tool_rows([], "PASS"))
    assert code == 64
    assert "outside the repository" in err
    assert list(outside.iterdir()) == []
    assert not wrap.log.exists()  # the auditor never ran


def test_self_check_names_the_first_schema_error() -> None:
    from ars_docs.audit.run.artifacts import self_check

    assert self_check({"run_id": "x"}, {}, {}) is not None
    assert self_check({"run_id": "x"}, {}, {}).startswith("sidecar: ")  # type: ignore[union-attr]


def test_version_without_semver_is_usage_error(wrap: Wrapper) -> None:
    wrap.monkeypatch.setenv("FAKE_CODEX_VERSION", "codex-cli (dev build)")
    code, _, err = wrap(no_tool_rows([], "PASS"))
    assert code == 64
    assert "printed no version X.Y.Z" in err
    assert not (wrap.root / OUT).exists()


def test_missing_git_is_usage_error(wrap: Wrapper, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)
    wrap.monkeypatch.setenv("PATH", str(bin_dir))
    code, _, err = wrap(no_tool_rows([], "PASS"))
    assert code == 64
    assert "missing dependency: git" in err
    assert not (wrap.root / OUT).exists()


def test_missing_template_is_usage_error(wrap: Wrapper) -> None:
    (wrap.root / "shared/templates/codex_audit_multifile_template.md").unlink()
    code, _, err = wrap(no_tool_rows([], "PASS"))
    assert code == 64
    assert "no audit template at shared/templates/codex_audit_multifile_template.md" in err
    assert "ars-docs audit template > shared/templates/" in err
    wrap.capsys.readouterr()
    assert run(["audit", "template"]) == 0
    shipped = wrap.capsys.readouterr().out
    (wrap.root / "shared/templates/codex_audit_multifile_template.md").write_text(
        shipped, encoding="utf-8"
    )
    assert wrap(no_tool_rows([], "PASS"))[0] == 0


def test_config_errors(wrap: Wrapper) -> None:
    (wrap.root / "ars-docs.toml").write_text("[audit]\nmodle = 'x'\n", encoding="utf-8")
    code, _, err = wrap(no_tool_rows([], "PASS"))
    assert code == 65
    assert "ars-docs.toml:2: unknown key 'modle' in [audit]; did you mean 'model'?" in err
    (wrap.root / "ars-docs.toml").unlink()
    wrap.monkeypatch.setenv("ARS_AUDIT_TIMEOUT", "soon")
    code, _, err = wrap(no_tool_rows([], "PASS"))
    assert code == 64
    assert "$ARS_AUDIT_TIMEOUT='soon': the timeout must be a number of seconds" in err
    assert not (wrap.root / OUT).exists()


def test_dry_run_leaves_the_output_folder_byte_identical(wrap: Wrapper) -> None:
    (wrap.root / OUT).mkdir()
    (wrap.root / OUT / "keep.txt").write_text("untouched\n", encoding="utf-8")
    before = tree(wrap.root)
    code, out, err = wrap(no_tool_rows([], "PASS"), "--dry-run")
    assert code == 0
    assert out == "dry run: inputs valid; no files written; the auditor was not run\n"
    assert "dry run" not in err  # the line once (issue 25 §8)
    assert "(not run)" in err
    assert tree(wrap.root) == before
    assert not wrap.log.exists()  # the auditor itself never ran


def test_dry_run_executes_no_program_a_config_file_names(base_repo: Path, tmp_path: Path) -> None:
    """An ``ars-docs.toml`` in the working directory names the auditor (issue 29 §11):
    ``--dry-run`` looks it up on PATH but never runs it, not even for ``--version``."""
    root = copy_repo(base_repo, tmp_path / "repo")
    planted = tmp_path / "planted.sh"
    ran = tmp_path / "it-ran"
    planted.write_text(f'#!/bin/sh\necho "$@" >> {ran}\necho 0.128.0\n', encoding="utf-8")
    planted.chmod(0o755)
    (root / "ars-docs.toml").write_text(f'[audit]\ncodex = "{planted}"\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in _ENV_KEYS}
    command = [sys.executable, "-m", "ars_docs", *argv("--dry-run")]
    command.remove("--codex")
    command.remove(str(FAKE))
    before = tree(root)
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not ran.exists()  # not run, not even `planted.sh --version`
    assert f"auditor {planted} found at {planted} (not run)" in done.stderr.decode()
    assert tree(root) == before
    # Without --dry-run the same settings do run it (version check first).
    planted.write_text(f'#!/bin/sh\necho "$@" >> {ran}\nexit 3\n', encoding="utf-8")
    command.remove("--dry-run")
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, timeout=60)
    assert done.returncode == 64, done.stderr
    assert ran.read_text(encoding="utf-8") == "--version\n"
    assert tree(root) == before


@pytest.mark.parametrize("blocked", [".meta.json", ".verdict.yaml", ".audit_artifact_entry.json"])
def test_contract_write_failure_is_73_and_keeps_no_companion(wrap: Wrapper, blocked: str) -> None:
    # The auditor puts a folder where one contract file must go; the files
    # written before it are removed again, and nothing of the run stays.
    code, _, err = wrap(no_tool_rows([], "PASS"), after=(f"block {OUT} {blocked}",))
    assert code == 73
    assert "ars-docs: error: cannot write" in err and blocked in err
    left = os.listdir(wrap.root / OUT)
    assert len(left) == 1 and left[0].endswith(blocked)
    assert (wrap.root / OUT / left[0]).is_dir()


def test_two_runs_never_share_a_run_id(wrap: Wrapper) -> None:
    for _ in range(3):
        assert wrap(no_tool_rows([], "PASS"))[0] == 0
    ids = run_ids(wrap.root)
    assert len(ids) == 3
    for proposal in proposals(wrap.root):
        assert lint_errors(wrap.root, proposal) == []


# --- processes of their own: 73, signals, SIGKILL ----------------------------------------------


def _spawn(
    root: Path, script_path: Path, *extra: str, limit: int | None = None
) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in _ENV_KEYS}
    env["FAKE_CODEX_SCRIPT"] = str(script_path)
    env["PYTHONPATH"] = str(REPO_ROOT)

    def limit_size() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.Popen(
        [sys.executable, "-m", "ars_docs", *argv(*extra)],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=limit_size,
    )


def test_write_failure_is_73_and_removes_the_run(base_repo: Path, tmp_path: Path) -> None:
    root = copy_repo(base_repo, tmp_path / "repo")
    rows = no_tool_rows([], "PASS")
    filler = json.dumps(
        {"type": "item.completed", "item": {"id": "t", "type": "reasoning", "text": "x" * 200}}
    )
    path = script(tmp_path / "s.txt", rows[:2], after=(f"repeat 3000 {filler}",))
    proc = _spawn(root, path, limit=200_000)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 73, err
    assert b"every file of the run was removed" in err
    assert os.listdir(root / OUT) == []


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_leaves_a_complete_audit_failed_set(
    base_repo: Path, tmp_path: Path, signum: int
) -> None:
    root = copy_repo(base_repo, tmp_path / "repo")
    path = script(tmp_path / "s.txt", no_tool_rows([], "PASS")[:2], after=("forever",))
    proc = _spawn(root, path)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        streams = list((root / OUT).glob("*.jsonl")) if (root / OUT).is_dir() else []
        if streams and streams[0].stat().st_size > 0:
            break
        time.sleep(0.02)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 75, err
    got = check_set(root, status="AUDIT_FAILED", exit_code=137)
    name = signal.Signals(signum).name
    assert got["verdict"]["failure_reason"] == f"audit run interrupted by {name}; auditor killed"


def test_sigkill_at_random_instants_never_leaves_a_dangling_proposal(
    base_repo: Path, tmp_path: Path
) -> None:
    root = copy_repo(base_repo, tmp_path / "repo")
    rows = tool_rows([P3], "MINOR")
    path = script(
        tmp_path / "s.txt",
        rows[:3],
        after=("sleep 0.02", *("emit " + json.dumps(r) for r in rows[3:])),
    )
    env = dict(os.environ, FAKE_CODEX_SCRIPT=str(path))
    for key in _ENV_KEYS:
        env.pop(key, None)
    # Import everything a run needs before forking, so no child imports while
    # another thread of this process might hold the import lock.
    import ars_docs.audit.model.parse_verdict
    import ars_docs.audit.model.schemas
    import ars_docs.audit.run.main
    import ars_docs.cli.groups.audit
    import ars_docs.core.templating  # noqa: F401

    def fork_run() -> int:
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                os.chdir(root)
                os.environ.clear()
                os.environ.update(env)
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                os.dup2(devnull, 2)
                code = run(argv())
            finally:
                os._exit(code if "code" in locals() else 99)
        return pid

    start = time.monotonic()
    pid = fork_run()
    _, status = os.waitpid(pid, 0)
    full = time.monotonic() - start
    assert os.waitstatus_to_exitcode(status) == 0
    rng = random.Random(12)
    for _ in range(50):
        pid = fork_run()
        time.sleep(rng.uniform(0, full * 1.1))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    found = proposals(root)
    for proposal in found:
        assert lint_errors(root, proposal) == [], proposal
        entry = json.loads(proposal.read_text(encoding="utf-8"))
        for rel in entry["artifact_paths"].values():
            assert (root / rel).is_file()
    started = len(run_ids(root))
    complete, dangling = len(found) - 1, started - len(found)
    print(f"SIGKILL x50 (run {full:.2f} s): {complete} complete, {dangling} without proposal")
    assert len(found) >= 1


# --- opt-in live smoke test -------------------------------------------------------------


def test_live_codex_smoke(tmp_path: Path) -> None:
    """The example bundle audited by the real codex: opt-in, it costs a codex call."""
    import shutil

    if os.environ.get("ARS_AUDIT_LIVE") != "1":
        pytest.skip("live codex smoke test: set ARS_AUDIT_LIVE=1 (and put codex on PATH) to run it")
    if shutil.which("codex") is None:
        pytest.skip("live codex smoke test: ARS_AUDIT_LIVE=1 but no codex on PATH")
    root = tmp_path / "repo"
    shutil.copytree(REPO_ROOT / "examples" / "audit" / "bundle", root)
    template = root / "shared" / "templates" / "codex_audit_multifile_template.md"
    template.parent.mkdir(parents=True)
    shutil.copyfile(REPO_ROOT / "ars_docs" / "templates" / "audit" / template.name, template)
    from tests.support.audit import git

    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "bundle")
    env = {k: v for k, v in os.environ.items() if k not in _ENV_KEYS}
    command = [sys.executable, "-m", "ars_docs", "audit", "run", "--stage", "2", "--round", "1"]
    command += ["--agent", "synthesis_agent", "--deliverable", "chapter_4/synthesis.md"]
    command += ["--supporting", "chapter_4/bibliography.json", "--codex", "codex"]
    proc = subprocess.run(
        [*command, "--timeout", "1800", "--format", "json"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    print(proc.stderr[-3000:])
    assert proc.returncode in (0, 70, 75), proc.stderr[-3000:]
    found = proposals(root)
    assert len(found) == 1
    assert lint_errors(root, found[0]) == []
    summary = json.loads(proc.stdout)
    assert (summary["status"] == "AUDIT_FAILED") == (proc.returncode != 0)


def test_offline_example_runs_end_to_end(tmp_path: Path) -> None:
    import shutil

    example = tmp_path / "audit"
    shutil.copytree(REPO_ROOT / "examples" / "audit", example, ignore=shutil.ignore_patterns("out"))
    env = {k: v for k, v in os.environ.items() if k not in _ENV_KEYS}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    proc = subprocess.run(
        ["bash", str(example / "run.sh")], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "all steps behaved as documented" in proc.stdout
    assert len(proposals(example / "out")) == 2
    assert "\x1b" not in proc.stdout + proc.stderr  # piped: no escape codes (issue 25 §9)


def _request(**changes: Any) -> Any:
    from ars_docs.audit.run.config import AuditSettings
    from ars_docs.audit.run.request import check_request

    given: dict[str, Any] = {
        "stage": 2,
        "agent": "synthesis_agent",
        "deliverable": DELIVERABLE,
        "supporting": None,
        "round_": 1,
        "target_rounds": 3,
        "previous_findings": None,
        "output_dir": OUT,
        "bundle_id": None,
        "settings": AuditSettings(codex=(str(FAKE),)),
    }
    given.update(changes)
    return check_request(**given)


@pytest.mark.parametrize(
    ("when", "outcome"), [("run_id", "nothing kept"), ("auditor exited", "completed")]
)
def test_signal_outside_the_auditor_run(wrap: Wrapper, when: str, outcome: str) -> None:
    from ars_docs.audit.run.main import AuditInterrupted, run_audit

    script(wrap.root.parent / "s.txt", no_tool_rows([], "PASS"))
    wrap.monkeypatch.setenv("FAKE_CODEX_SCRIPT", str(wrap.root.parent / "s.txt"))

    def phase(message: str) -> None:
        if message.startswith(when):
            signal.raise_signal(signal.SIGTERM)

    previous = signal.getsignal(signal.SIGTERM)
    if outcome == "nothing kept":
        # before the auditor starts: the run's files are removed, exit 75
        with pytest.raises(AuditInterrupted) as caught:
            run_audit(_request(), phase=phase)
        assert caught.value.exit_code == 75
        assert "interrupted by SIGTERM before the auditor started" in caught.value.message
        assert os.listdir(wrap.root / OUT) == []
    else:
        # after the auditor exited: the run finishes with its true verdict
        result = run_audit(_request(), phase=phase)
        assert result.exit_code == 0 and result.status == "PASS"
        check_set(wrap.root, status="PASS")
    assert signal.getsignal(signal.SIGTERM) == previous


# --- the gate (§5) takes what audit run wrote ------------------------------------------


@pytest.mark.parametrize(
    ("rows", "after", "gate_exit", "appended"),
    [
        (tool_rows([], "PASS"), ("exit 0",), 0, True),
        (tool_rows([P3], "MINOR"), ("exit 0",), 2, True),  # merged; the checkpoint asks the user
        (no_tool_rows([], "PASS")[:2], ("exit 75",), 1, False),
    ],
)
def test_the_gate_accepts_a_clean_run_and_blocks_a_failed_one(
    wrap: Wrapper, rows: Any, after: tuple[str, ...], gate_exit: int, appended: bool
) -> None:
    code, _, _ = wrap(rows, after=after)
    got = check_set(wrap.root)
    wrap.capsys.readouterr()
    gate = ["audit", "gate", "--passport", "passport.yaml", "--stage", "2"]
    gate += ["--agent", "synthesis_agent", "--deliverable", DELIVERABLE, "--format", "json"]
    assert run(gate) == gate_exit
    result = json.loads(wrap.capsys.readouterr().out)
    passport = (wrap.root / "passport.yaml").read_text(encoding="utf-8")
    assert (got["run_id"] in passport) is appended, result
    assert result["passport_appended"] is appended
    if not appended:
        assert code == 75
        assert got["verdict"]["failure_reason"] in json.dumps(result, ensure_ascii=False)
