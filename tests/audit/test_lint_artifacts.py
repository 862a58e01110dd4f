"""``ars-docs lint audit-artifacts`` through the CLI: modes, exit codes, positions, --format "
"json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.audit import OUT, RUN_MINOR, AuditRepo, build_repo, copy_repo


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> AuditRepo:
    return build_repo(tmp_path_factory.mktemp("audit") / "repo")


@pytest.fixture
def repo(template: AuditRepo, tmp_path: Path) -> AuditRepo:
    return copy_repo(template, tmp_path / "repo")


def test_clean_modes_exit_0(repo: AuditRepo, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(repo.root / OUT)  # --root defaults to the git top level
    for args in (
        ("--mode", "proposal", repo.proposal()),
        ("--mode", "persisted", "--passport", repo.passport),
        ("--mode", "jsonl-stream", "--jsonl", repo.jsonl()),
        ("--mode", "verdict", repo.verdict()),
        ("--mode", "persisted", "--passport", repo.passport, "--ledger-only"),
    ):
        result = cli("lint", "audit-artifacts", *args)
        assert result.code == 0, (args, result.out, result.err)
        assert result.out.endswith(": 0 error(s), 0 warning(s)\n")


def test_violation_exits_1_with_row_and_position(repo: AuditRepo, cli) -> None:  # type: ignore[no-untyped-def]
    text = repo.verdict().read_text(encoding="utf-8")
    repo.verdict().write_text(text.replace("p3: 1", "p3: 3"), encoding="utf-8")
    result = cli("lint", "audit-artifacts", "--mode", "verdict", repo.verdict())
    assert result.code == 1
    line = text.splitlines().index("  p3: 1") + 1
    assert (
        f"{repo.verdict()}:{line}:3: A5 finding_counts.p3 is 3 but findings[] has 1 P3"
        in result.out
    )


def test_json_format(repo: AuditRepo, cli) -> None:  # type: ignore[no-untyped-def]
    data = repo.load(repo.proposal())
    data["verdict"]["verified_by"] = "pipeline_orchestrator_agent"
    repo.dump(repo.proposal(), data)
    result = cli(
        "lint",
        "audit-artifacts",
        "--mode",
        "proposal",
        repo.proposal(),
        "--root",
        repo.root,
        "--format",
        "json",
    )
    assert result.code == 1
    payload = json.loads(result.out)
    assert payload["errors"] == 1
    [diagnostic] = payload["diagnostics"]
    assert diagnostic["code"] == "E4"
    assert diagnostic["severity"] == "error"
    line = repo.proposal().read_text(encoding="utf-8").splitlines().index('  "verdict": {') + 1
    assert (diagnostic["line"], diagnostic["path"]) == (line, str(repo.proposal()))


def test_pairing_violation_names_the_item_and_line(repo: AuditRepo, cli) -> None:  # type: ignore[no-untyped-def]
    lines = repo.jsonl().read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(3, lines.pop(6))  # item_1 completes before it starts
    repo.jsonl().write_text("".join(lines), encoding="utf-8")
    result = cli("lint", "audit-artifacts", "--mode", "jsonl-stream", "--jsonl", repo.jsonl())
    assert result.code == 1
    assert (
        f"{repo.jsonl()}:4:1: A7 audit fake-detected: tool event pairing violation: "
        "item.completed 'item_1' without an earlier item.started" in result.out
    )


def test_warnings_alone_exit_0(repo: AuditRepo, cli) -> None:  # type: ignore[no-untyped-def]
    data = repo.load(repo.proposal())
    data["run_id"] = "2026-04-30T16-00-00Z-beef"
    data["verdict"]["round"] = 3
    repo.dump(repo.proposal("2026-04-30T16-00-00Z-beef"), data)
    result = cli(
        "lint",
        "audit-artifacts",
        "--mode",
        "persisted",
        "--passport",
        repo.passport,
        "--root",
        repo.root,
    )
    assert result.code == 0, result.out
    assert " D4 superseded: unmerged proposal 2026-04-30T16-00-00Z-beef" in result.out
    assert result.out.endswith(": 0 error(s), 1 warning(s)\n")


def test_truncated_stream_is_a_finding_not_a_crash(repo: AuditRepo, cli) -> None:  # type: ignore[no-untyped-def]
    raw = repo.jsonl().read_bytes()
    repo.jsonl().write_bytes(raw[:-30])
    result = cli("lint", "audit-artifacts", "--mode", "jsonl-stream", "--jsonl", repo.jsonl())
    assert result.code == 1
    assert ":9:1: JSONL line 9 is truncated" in result.out
    assert "Traceback" not in result.err


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ("sidecar", "sidecar is not valid JSON"),
        ("verdict", "malformed YAML"),
        ("proposal", "proposal entry is not valid JSON"),
    ],
)
def test_unreadable_input_exits_65(repo: AuditRepo, cli, broken: str, message: str) -> None:  # type: ignore[no-untyped-def]
    path = {"sidecar": repo.sidecar(), "verdict": repo.verdict(), "proposal": repo.proposal()}[
        broken
    ]
    path.write_text("{not: [valid", encoding="utf-8")
    result = cli(
        "lint", "audit-artifacts", "--mode", "proposal", repo.proposal(), "--root", repo.root
    )
    assert result.code == 65
    assert message in result.err
    assert result.out == ""


def test_unreadable_passport_exits_65(repo: AuditRepo, cli) -> None:  # type: ignore[no-untyped-def]
    repo.passport.write_text("audit_artifact: [\n", encoding="utf-8")
    result = cli(
        "lint",
        "audit-artifacts",
        "--mode",
        "persisted",
        "--passport",
        repo.passport,
        "--root",
        repo.root,
    )
    assert result.code == 65
    assert "malformed YAML" in result.err


@pytest.mark.parametrize("missing", ["jsonl", "sidecar", "verdict", "proposal"])
def test_missing_file_exits_66(repo: AuditRepo, cli, missing: str) -> None:  # type: ignore[no-untyped-def]
    path = {
        "jsonl": repo.jsonl(),
        "sidecar": repo.sidecar(),
        "verdict": repo.verdict(),
        "proposal": repo.proposal(),
    }[missing]
    path.unlink()
    result = cli(
        "lint", "audit-artifacts", "--mode", "proposal", repo.proposal(), "--root", repo.root
    )
    assert result.code == 66
    assert "not found" in result.err


def test_missing_mode_argument_is_usage(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("lint", "audit-artifacts", "--mode", "persisted")
    assert result.code == 64
    assert "--mode persisted needs --passport (or $ARS_PASSPORT)" in result.err


def test_persisted_mode_reads_ars_passport(
    repo: AuditRepo, cli, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ARS_PASSPORT", str(repo.passport))
    result = cli("lint", "audit-artifacts", "--mode", "persisted", "--root", repo.root)
    assert result.code == 0, result.out
    assert result.out == f"{repo.passport}: 0 error(s), 0 warning(s)\n"


def test_outside_git_without_root_checks_b4_as_unanswerable(repo: AuditRepo, cli) -> None:  # type: ignore[no-untyped-def]
    import shutil

    shutil.rmtree(repo.root / ".git")
    result = cli(
        "lint", "audit-artifacts", "--mode", "proposal", repo.proposal(), "--root", repo.root
    )
    assert result.code == 1
    assert "B4 cannot check runner.git_sha: the root is not a git repository" in result.out
    assert f"{RUN_MINOR}.meta.json" in result.out


def test_independent_faults_in_one_entry_are_all_reported(repo: AuditRepo) -> None:
    # A schema error on the verdict object (E4) must not hide a mirror drift inside it (C1),
    # nor a bad path elsewhere in the entry.
    from ars_docs.audit.rows.lint import lint_audit_artifacts

    data = repo.load(repo.proposal())
    data["verdict"]["verified_at"] = "2026-04-30T15:23:11.847Z"
    data["verdict"]["finding_counts"]["p3"] = 2
    data["deliverable_path"] = "chapter_4/../x.md"
    repo.dump(repo.proposal(), data)
    found = list(lint_audit_artifacts("proposal", repo.proposal(), root=repo.root))
    assert sorted(d.code for d in found) == ["C1", "E4", "SCHEMA"], [d.format() for d in found]


GARBAGE = [
    "[]",
    '"just a string"',
    "{}",
    '{"stage": [1], "agent": {"a": 1}, "deliverable_sha": [], "run_id": ["x"], "verdict": [], '
    '"artifact_paths": {"jsonl": 1, "sidecar": [], "verdict": {}}, "acknowledgement": "yes"}',
]


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_proposal_is_diagnosed_not_crashed(repo: AuditRepo, cli, text: str) -> None:  # type: ignore[no-untyped-def]
    repo.proposal().write_text(text, encoding="utf-8")
    result = cli(
        "lint", "audit-artifacts", "--mode", "proposal", repo.proposal(), "--root", repo.root
    )
    assert result.code == 1, result.err
    assert " SCHEMA " in result.out
    assert "Traceback" not in result.err


def test_garbage_ledger_is_diagnosed_not_crashed(repo: AuditRepo, cli) -> None:  # type: ignore[no-untyped-def]
    text = repo.passport.read_text(encoding="utf-8")
    garbage = (
        '  - "x"\n  - 5\n  - {}\n'
        "  - {stage: [2], agent: {a: 1}, deliverable_sha: [], run_id: [r],"
        " verdict: {verified_at: [1]}, acknowledgement: {finding_ids: [[1]]}}\n"
    )
    repo.passport.write_text(text + garbage, encoding="utf-8")
    pending = repo.load(repo.proposal())
    pending["run_id"] = ["not", "hashable"]
    pending["stage"] = {"x": 1}
    repo.dump(repo.proposal("2026-04-30T16-00-00Z-beef"), pending)
    result = cli(
        "lint",
        "audit-artifacts",
        "--mode",
        "persisted",
        "--passport",
        repo.passport,
        "--root",
        repo.root,
    )
    assert result.code == 1, result.err
    assert "audit_artifact[3]" in result.out and "audit_artifact[6]" in result.out
    assert "Traceback" not in result.err


@pytest.mark.parametrize(
    "raw",
    [
        b'\n\n{"type": "turn.started", "x": \n',
        b"\xff\xfe garbage\n",
        b"[1, 2]\n",
        b'{"type": "thread.started"',
    ],
)
def test_garbage_stream_lines_are_findings(repo: AuditRepo, cli, raw: bytes) -> None:  # type: ignore[no-untyped-def]
    repo.jsonl().write_bytes(raw)
    result = cli("lint", "audit-artifacts", "--mode", "jsonl-stream", "--jsonl", repo.jsonl())
    assert result.code == 1
    assert " JSONL line " in result.out or " SCHEMA " in result.out
    assert "Traceback" not in result.err
