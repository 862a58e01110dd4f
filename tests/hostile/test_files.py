"""Odd files in the session folder: FIFOs and devices are never opened, temp
files of interrupted writes are ignored by readers and cleaned up by the next
writer (issue 16)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ars_docs.files.atomic import is_temp_name, temp_prefix
from tests.support.hostile import ars, files_outside, make_session

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def dead_pid() -> int:
    """The pid of a process that has exited (and been reaped)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, check=True)  # fmt: skip
    return int(done.stdout)


@needs_fifo
def test_snapshot_and_drift_log_do_not_open_a_fifo(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    os.mkfifo(session / "pipe")
    (session / "notes").mkdir()
    os.mkfifo(session / "notes" / "inner.fifo")
    run = ars(session, "session", "snapshot", "--passport", "passport.yaml", timeout=20)
    assert run.code == 0, run.err
    snapshot = json.loads((session / "passport_session_snapshot.json").read_text("utf-8"))
    assert snapshot["files"]["pipe"] == "special:fifo"
    assert snapshot["files"]["notes/inner.fifo"] == "special:fifo"
    run = ars(session, "drift-log", "--passport", "passport.yaml", timeout=20)
    assert run.code == 0, run.err
    assert files_outside(session) == []


@needs_fifo
def test_drift_log_without_snapshot_lists_the_fifo_without_reading_it(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    os.mkfifo(session / "pipe")
    run = ars(session, "drift-log", "--passport", "passport.yaml", "-o", "-", timeout=20)
    assert run.code == 0, run.err
    assert b"- `pipe` (inferred: in the session folder" in run.out


def test_a_special_file_in_a_snapshot_loads_back(tmp_path: Path) -> None:
    from ars_docs.reports.drift.snapshot import load_snapshot

    snap = tmp_path / "s.json"
    snap.write_text(
        json.dumps(
            {
                "format": "ars-docs-session-snapshot/1",
                "taken_at": "2026-01-01T00:00:00Z",
                "corpus": {},
                "files": {"p": "special:fifo"},
            }
        ),
        encoding="utf-8",
    )
    assert load_snapshot(snap).files == {"p": "special:fifo"}


def test_readers_ignore_leftover_temp_files(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    leftover = temp_prefix("passport.yaml", dead_pid()) + "k3j2_x9.tmp"
    (session / leftover).write_text("half a passport", encoding="utf-8")
    assert is_temp_name(leftover)
    run = ars(session, "session", "snapshot", "--passport", "passport.yaml")
    assert run.code == 0, run.err
    snapshot = json.loads((session / "passport_session_snapshot.json").read_text("utf-8"))
    assert leftover not in snapshot["files"]
    assert "passport.yaml" in snapshot["files"]
    run = ars(session, "drift-log", "--passport", "passport.yaml", "-o", "-")
    assert run.code == 0, run.err
    assert b"ars-tmp" not in run.out


def test_next_writer_removes_stale_temp_files_it_owns(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    events = "passport_session_events.jsonl"
    stale = session / (temp_prefix(events, dead_pid()) + "abc123.tmp")
    live = session / (temp_prefix(events, os.getpid()) + "def456.tmp")  # this test is alive
    other_target = session / (temp_prefix("passport.yaml", dead_pid()) + "ghi789.tmp")
    foreign = session / f".{events}.ars-tmp-00000000-{dead_pid()}-jkl012.tmp"  # another host
    for path in (stale, live, other_target, foreign):
        path.write_text("partial", encoding="utf-8")
    run = ars(session, "session", "log-event", "--passport", "passport.yaml",
              "--phase", "ad-hoc", "--action", "checked a source")  # fmt: skip
    assert run.code == 0, run.err
    assert not stale.exists()
    assert live.exists() and other_target.exists() and foreign.exists()
    assert (session / events).read_text("utf-8").count("\n") == 1


def test_temp_files_of_a_write_have_the_recognisable_name(tmp_path: Path) -> None:
    """What a kill between write and rename would leave behind is a temp name."""
    from ars_docs.files import atomic

    seen: list[str] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        seen.append(os.path.basename(src))
        real_replace(src, dst)

    atomic.os.replace = spy  # type: ignore[assignment]
    try:
        atomic.write_text_atomic(tmp_path / "report.md", "text\n")
    finally:
        atomic.os.replace = real_replace  # type: ignore[assignment]
    assert len(seen) == 1 and is_temp_name(seen[0]), seen
    assert seen[0].startswith(".report.md.ars-tmp-")
    assert not is_temp_name("report.md") and not is_temp_name(".report.md.abc.tmp")
