"""Writers and the files they replace: symbolic links are written through,
read-only files are refused by every writer, finalize writes the checklist
before the draft and holds the session lock while it reads the read log
(issue 16)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ars_docs.cli.main import run
from ars_docs.files.locking import folder_lock
from tests.support.hostile import ars, child_env, files_outside, make_session

FINALIZE = ("finalize", "draft.md", "--passport", "passport.yaml")


def test_finalize_writes_through_a_symlinked_draft(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    real = session / "drafts" / "real.md"
    real.parent.mkdir()
    (session / "draft.md").rename(real)
    (session / "draft.md").symlink_to(Path("drafts") / "real.md")
    result = ars(session, *FINALIZE)
    assert result.code == 0, result.err
    assert (session / "draft.md").is_symlink()
    assert os.readlink(session / "draft.md") == str(Path("drafts") / "real.md")
    assert "<!--ref:ok2020 ok-->" in real.read_text("utf-8")
    assert not [p for p in real.parent.iterdir() if p.name != "real.md"]
    assert files_outside(session) == []


def test_mark_read_writes_through_a_symlinked_read_log(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    log = session / "passport_human_read_log.yaml"
    shared = session / "logs" / "read.yaml"
    shared.parent.mkdir()
    log.rename(shared)
    log.symlink_to(Path("logs") / "read.yaml")
    result = ars(session, "mark-read", "--yes", "high2020", "--passport", "passport.yaml")
    assert result.code == 0, result.err
    assert log.is_symlink()
    assert "citation_key: high2020" in shared.read_text("utf-8")


def make_read_only(path: Path) -> bytes:
    path.chmod(0o444)
    return path.read_bytes()


def test_finalize_refuses_a_read_only_draft(tmp_path: Path) -> None:
    """The one rule: a 0444 file is never replaced (exit 73), even when the folder
    is writable and even for root — as mark-read refuses a 0444 read log."""
    session = make_session(tmp_path)
    before = make_read_only(session / "draft.md")
    result = ars(session, *FINALIZE)
    assert result.code == 73
    line = result.one_line_error()
    assert "draft.md is read-only; ars-docs never replaces a read-only file" in line
    assert (session / "draft.md").read_bytes() == before
    assert stat.S_IMODE((session / "draft.md").stat().st_mode) == 0o444
    assert not (session / "draft_prefinalization_checklist.md").exists()  # nothing written


def test_finalize_refuses_a_read_only_checklist_before_writing_the_draft(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    checklist = session / "draft_prefinalization_checklist.md"
    checklist.write_text("old\n", encoding="utf-8")
    make_read_only(checklist)
    draft = (session / "draft.md").read_bytes()
    result = ars(session, *FINALIZE)
    assert result.code == 73
    assert "draft_prefinalization_checklist.md is read-only" in result.one_line_error()
    assert (session / "draft.md").read_bytes() == draft


def test_mark_read_refuses_a_read_only_log(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    log = session / "passport_human_read_log.yaml"
    before = make_read_only(log)
    result = ars(session, "mark-read", "--yes", "high2020", "--passport", "passport.yaml")
    assert result.code == 73
    assert "passport_human_read_log.yaml is read-only" in result.one_line_error()
    assert log.read_bytes() == before


def test_finalize_writes_the_checklist_before_the_draft(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = make_session(tmp_path)
    monkeypatch.chdir(session)
    renamed: list[str] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        if Path(dst).parent.resolve() == session.resolve():  # not the caches
            renamed.append(os.path.basename(dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    assert run(list(FINALIZE)) == 0
    assert renamed == ["draft_prefinalization_checklist.md", "draft.md"]


def test_finalize_reads_the_read_log_under_the_session_lock(tmp_path: Path) -> None:
    """A mark-read that holds the lock while finalize starts is seen by finalize."""
    session = make_session(tmp_path)
    log = session / "passport_human_read_log.yaml"
    log.write_text("human_read: []\n", encoding="utf-8")  # ok2020 not read yet: LOW-WARN
    argv = [sys.executable, "-m", "ars_docs", *FINALIZE]
    with folder_lock(session):
        proc = subprocess.Popen(argv, cwd=session, env=child_env(session),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
        time.sleep(1.5)
        assert proc.poll() is None, "finalize did not wait for the session lock"
        log.write_text(  # what a concurrent mark-read writes while it holds the lock
            "human_read:\n  - citation_key: ok2020\n    marked_at: 2026-01-02T00:00:00Z\n",
            encoding="utf-8",
        )
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "<!--ref:ok2020 ok-->" in (session / "draft.md").read_text("utf-8")


def test_every_writer_follows_the_read_only_rule(tmp_path: Path) -> None:
    """log-event (events log), drift-log -o and render -o refuse a 0444 target too."""
    session = make_session(tmp_path)
    events = session / "passport_session_events.jsonl"
    events.write_text('{"ts": "2026-01-02T10:00:00Z", "phase": "ad-hoc", "action": "x"}\n')
    targets = {
        events: ("session", "log-event", "--passport", "passport.yaml",
                 "--phase", "ad-hoc", "--action", "y"),
        session / "log.md": ("drift-log", "--passport", "passport.yaml", "-o", "log.md"),
        session / "final.md": ("render", "draft.md", "-o", "final.md"),
    }  # fmt: skip
    for target, argv in targets.items():
        if not target.exists():
            target.write_text("kept\n", encoding="utf-8")
        before = make_read_only(target)
        result = ars(session, *argv)
        assert result.code == 73, (argv, result.err)
        assert f"{target.name} is read-only" in result.one_line_error()
        assert target.read_bytes() == before
