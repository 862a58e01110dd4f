"""Standard output that cannot be written, arguments that are not UTF-8, and a
``SOURCE_DATE_EPOCH`` beyond the calendar: one line and a documented exit code,
never a traceback (issue 16)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.hostile import ars, child_env, files_outside, make_session

STDOUT_COMMANDS = [
    ("render", "draft.md", "-o", "-"),
    ("render", "draft.md", "--to", "html", "-o", "-"),
    ("finalize", "draft.md", "--passport", "passport.yaml", "-o", "-"),
    ("list-read", "--passport", "passport.yaml"),
    ("scope-report", "--passport", "passport.yaml"),
    ("lint", "corpus", "passport.yaml"),
    ("lint", "corpus", "passport.yaml", "--format", "json"),
]
IDS = ["-".join(a[:3]) for a in STDOUT_COMMANDS]


def big_draft(session: Path) -> None:
    """Enough output to fill any pipe buffer, so the write itself fails."""
    para = "A claim <!--ref:ok2020--> and another <!--ref:high2020-->.\n\n"
    (session / "draft.md").write_text("# Draft\n\n" + para * 2_000, encoding="utf-8")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("argv", STDOUT_COMMANDS, ids=IDS)
def test_full_device_is_exit_74_in_one_line(tmp_path: Path, argv: tuple[str, ...]) -> None:
    session = make_session(tmp_path)
    draft = (session / "draft.md").read_bytes()
    with open("/dev/full", "wb") as full:
        run = ars(session, *argv, stdout=full)
    assert run.code == 74, run.err
    line = run.one_line_error()
    assert line == (
        "ars-docs: error: cannot write to standard output: No space left on device; "
        "free space on the device or send the output elsewhere (-o FILE)"
    )
    assert (session / "draft.md").read_bytes() == draft
    assert files_outside(session) == []


@pytest.mark.parametrize("argv", STDOUT_COMMANDS, ids=IDS)
def test_closed_pipe_is_quiet(tmp_path: Path, argv: tuple[str, ...]) -> None:
    session = make_session(tmp_path)
    big_draft(session)
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader went away before the first write (`| head -0`)
    try:
        run = ars(session, *argv, stdout=write_end)
    finally:
        os.close(write_end)
    assert "Traceback" not in run.err and "Exception ignored" not in run.err, run.err
    assert run.code in (0, 1), run.err  # lint's own verdict may be 1; a pipe error is quiet


def test_head_closing_the_pipe_midway_is_quiet(tmp_path: Path) -> None:
    """The real thing: `ars-docs render -o - | head -1`."""
    session = make_session(tmp_path)
    big_draft(session)
    command = f"{sys.executable} -m ars_docs render draft.md -o -"
    shell = f'{command} | head -1; echo "rc=${{PIPESTATUS[0]}}"'
    done = subprocess.run(
        ["bash", "-c", shell],
        cwd=session,
        env=child_env(session),
        capture_output=True,
        timeout=60,
    )
    assert done.stdout.decode().splitlines() == ["# Draft", "rc=0"]
    assert done.stderr == b"", done.stderr


def test_log_event_with_a_non_utf8_action(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    run = ars(
        session, "session", "log-event", "--passport", "passport.yaml",
        "--phase", "ad-hoc", "--action", b"bad \xff byte",
    )  # fmt: skip
    assert run.code == 64
    assert run.one_line_error() == (
        "ars-docs: error: the value of --action (bad \\xff byte) is not valid UTF-8; "
        "pass text and file names as UTF-8"
    )
    assert not (session / "passport_session_events.jsonl").exists()


def test_mark_read_with_a_non_utf8_note(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    log = session / "passport_human_read_log.yaml"
    before = log.read_bytes()
    run = ars(
        session, "mark-read", "--yes", "high2020", "--passport", "passport.yaml", "--note", b"\xff"
    )
    assert run.code == 64
    assert "the value of --note (\\xff) is not valid UTF-8" in run.one_line_error()
    assert log.read_bytes() == before


def test_library_calls_refuse_non_utf8_text(tmp_path: Path) -> None:
    from ars_docs.core.errors import ArsError
    from ars_docs.reports.drift.events import append_event
    from ars_docs.session.human_read import mark_read

    session = make_session(tmp_path)
    bad = b"bad \xff".decode("utf-8", "surrogateescape")
    with pytest.raises(ArsError, match=r"not valid UTF-8") as caught:
        append_event(session / "passport.yaml", phase="ad-hoc", action=bad)
    assert caught.value.exit_code == 64
    with pytest.raises(ArsError, match=r"not valid UTF-8") as caught:
        mark_read(session / "passport.yaml", ["high2020"], note=bad)
    assert caught.value.exit_code == 64
    assert not (session / "passport_session_events.jsonl").exists()


@pytest.mark.parametrize("value", ["99999999999999999999", "-99999999999999", "1e9", "x"])
def test_source_date_epoch_out_of_range_is_exit_64(tmp_path: Path, value: str) -> None:
    session = make_session(tmp_path)
    run = ars(
        session, "session", "log-event", "--passport", "passport.yaml",
        "--phase", "ad-hoc", "--action", "x", env={"SOURCE_DATE_EPOCH": value},
    )  # fmt: skip
    assert run.code == 64
    assert f"SOURCE_DATE_EPOCH={value!r}" in run.one_line_error()
    assert not (session / "passport_session_events.jsonl").exists()


def test_an_unexpected_os_error_names_its_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An OSError no command wrapped is still one line and exit 74, naming the file."""
    from ars_docs.cli.groups import draft
    from ars_docs.cli.main import run

    def broken(_args: object) -> int:
        raise PermissionError(13, "Permission denied", "/srv/session/draft.md")

    monkeypatch.setattr(draft, "cmd_render", broken)
    assert run(["render", "draft.md"]) == 74
    err = capsys.readouterr().err
    assert err == (
        "ars-docs: error: /srv/session/draft.md: Permission denied; check the path and its "
        "permissions\n"
    )
