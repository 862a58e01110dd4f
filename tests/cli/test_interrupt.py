"""Ctrl-C during any command (issue 25 §5): one line on standard error, exit 130, and no
file half-written. Real processes: the draft arrives on standard input from a pipe that
this test fills, so the interrupt lands while the command is still reading a big draft."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ars_docs.files.atomic import TEMP_MARK, write_text_atomic
from tests.support.sessions import entry, passport_text

#: More than a pipe's buffer (64 KiB on Linux) must be taken by the reader before the
#: signal is sent: then the command is inside its run, reading the draft.
CONSUMED = 512 * 1024


def big_draft() -> bytes:
    paragraph = (
        "Quality culture matters (Harvey, 2008) <!--ref:harvey_2008--> and so does "
        "alignment <!--ref:biggs_1996-->; see Table 1 and the list below.\n\n"
        "- a list item <!--ref:harvey_2008-->\n\n"
    )
    return (paragraph * 8_000).encode("utf-8")  # ~1.4 MB


def session(tmp_path: Path) -> Path:
    passport = tmp_path / "passport.yaml"
    passport.write_text(
        passport_text(
            entry("harvey_2008", acquired=True, verified=True),
            entry("biggs_1996", acquired=False, verified=False),
        ),
        encoding="utf-8",
    )
    return passport


def interrupt_while_reading(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("ARS_PASSPORT", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "ars_docs", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=env,
    )
    assert process.stdin is not None
    data = big_draft()
    written = 0
    reached = threading.Event()

    def feed() -> None:
        nonlocal written
        assert process.stdin is not None
        try:
            for start in range(0, len(data), 16 * 1024):
                process.stdin.write(data[start : start + 16 * 1024])
                process.stdin.flush()
                written += 16 * 1024
                if written >= CONSUMED:
                    reached.set()
                    return  # keep the pipe open: the command waits for the rest
        except BrokenPipeError:
            reached.set()

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    assert reached.wait(60), "the command never read its standard input"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return process.returncode, out.decode(), err.decode()


@pytest.mark.parametrize(
    "argv",
    [
        ["finalize", "-", "--passport", "passport.yaml", "-o", "out.md", "--checklist", "c.md"],
        ["render", "-", "--strict", "--passport", "passport.yaml", "-o", "out.md"],
        ["render", "-", "-o", "out.md", "--format", "json"],
    ],
    ids=["finalize", "render-strict", "render-preview-json"],
)
def test_ctrl_c_while_a_big_draft_is_read_is_one_line_and_exit_130(
    tmp_path: Path, argv: list[str]
) -> None:
    passport = session(tmp_path)
    before = passport.read_bytes()
    code, out, err = interrupt_while_reading(argv, tmp_path)
    assert code == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"ars-docs: interrupted: ars-docs {argv[0]} stopped")
    assert "run the same command again" in lines[0]
    assert out == ""
    # Nothing was written: no output, no checklist, no temp file; the passport is as it was.
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "out.md" not in names and "c.md" not in names
    assert not [n for n in names if TEMP_MARK in n]
    assert passport.read_bytes() == before


def test_an_interrupted_atomic_write_leaves_the_original_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "chapter.md"
    target.write_bytes("Before — unchanged\r\n".encode())

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_text_atomic(target, "After\n" * 100_000)
    assert target.read_bytes() == "Before — unchanged\r\n".encode()
    assert [p.name for p in tmp_path.iterdir()] == ["chapter.md"]


def test_ctrl_c_inside_a_command_run_in_process_returns_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ars_docs.cli import main

    passport = session(tmp_path)
    draft = tmp_path / "chapter.md"
    draft.write_text("Text <!--ref:harvey_2008-->.\n", encoding="utf-8")

    def stop(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("ars_docs.commands.finalize._write_if_changed", stop)
    code = main.run(["finalize", str(draft), "--passport", str(passport)])
    assert code == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ars-docs finalize stopped" in err
    assert draft.read_text(encoding="utf-8") == "Text <!--ref:harvey_2008-->.\n"
