"""Outputs: never over an input, never a rename over a device (issue 29 items 5 and 13).

``finalize -o passport.yaml``, ``finalize --checklist <read log>``, ``render -o
passport.yaml`` and ``dispatch --payload-out passport.yaml`` destroyed that file;
now every command refuses (64) an output that resolves to one of its inputs or
session files, before it reads or writes anything. An output that is a FIFO or
character device gets a plain write, so the node stays what it was; the tests
use FIFOs and a private character device made with ``mknod`` in the test's own
folder — never the machine's ``/dev/null``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tests.support.processes import ars
from tests.support.sessions import entry, passport_text, read_log_text

DRAFT = "# T\n\nA (2020) <!--ref:med2020-->.\n"
P = ("--passport", "passport.yaml")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "passport.yaml").write_text(
        passport_text(entry("med2020", acquired=True, verified=False)), encoding="utf-8"
    )
    (tmp_path / "passport_human_read_log.yaml").write_text(read_log_text(), encoding="utf-8")
    (tmp_path / "draft.md").write_text(DRAFT, encoding="utf-8")
    return tmp_path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize(
    ("argv", "role"),
    [
        (("finalize", "draft.md", "-o", "passport.yaml"), "the passport"),
        (("finalize", "draft.md", "-o", "link.yaml"), "the passport"),
        (("finalize", "draft.md", "--checklist", "passport_human_read_log.yaml"), "read log"),
        (("finalize", "draft.md", "--checklist", "draft.md"), "the draft"),
        (("finalize", "draft.md", "-o", "out.md", "--checklist", "out.md"), "-o output"),
        (("finalize", "draft.md", "-o", "passport_session_events.jsonl"), "events log"),
        (("render", "draft.md", "-o", "passport.yaml"), "the passport"),
        (("render", "draft.md", "--strict", "-o", "passport_human_read_log.yaml"), "read log"),
        (("dispatch", "draft.md", "--payload-out", "passport.yaml"), "the passport"),
        (("dispatch", "draft.md", "--final-out", "link.yaml"), "the passport"),
    ],
)
def test_an_output_over_an_input_is_refused(
    folder: Path, cli, monkeypatch, argv: tuple[str, ...], role: str
) -> None:
    os.symlink("passport.yaml", folder / "link.yaml")
    (folder / "passport_session_events.jsonl").write_text("")
    monkeypatch.chdir(folder)
    before = snapshot(folder)
    result = cli(*argv, *P)
    assert result.code == 64, result.err
    (line,) = result.err.splitlines()
    assert role in line and "nothing was written" in line, line
    assert snapshot(folder) == before


def reader(path: Path) -> int:
    """Open a FIFO's read end without waiting for a writer."""
    return os.open(path, os.O_RDONLY | os.O_NONBLOCK)


def drain(fd: int) -> bytes:
    chunks = []
    try:
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
    except BlockingIOError:
        pass
    finally:
        os.close(fd)
    return b"".join(chunks)


def test_render_into_a_fifo_writes_through_it(folder: Path) -> None:
    pipe = folder / "out.fifo"
    os.mkfifo(pipe)
    fd = reader(pipe)
    proc = ars(folder, "render", "draft.md", "-o", "out.fifo", *P)
    assert proc.code == 0, proc.err
    written = drain(fd)
    assert written.startswith(b"# T\n\nA (2020)") and b"<!--ref" not in written
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)  # still a FIFO, not replaced


def test_finalize_checklist_into_a_link_to_a_fifo(folder: Path) -> None:
    pipe = folder.parent / "check.fifo"
    os.mkfifo(pipe)
    os.symlink(pipe, folder / "check.md")
    fd = reader(pipe)
    proc = ars(folder, "finalize", "draft.md", "--checklist", "check.md", *P)
    assert proc.code == 0, proc.err
    assert b"med2020" in drain(fd)
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert (folder / "check.md").is_symlink()


def test_a_fifo_without_a_reader_is_refused_not_waited_on(folder: Path) -> None:
    os.mkfifo(folder / "out.fifo")
    proc = ars(folder, "render", "draft.md", "-o", "out.fifo", *P)
    assert proc.code == 73
    (line,) = proc.err.splitlines()
    assert "out.fifo" in line and "no process is reading it" in line


def test_a_character_device_output_is_written_in_place(folder: Path) -> None:
    # A private copy of /dev/null (major 1, minor 3) in the test folder: a
    # regression replaces this node, never the machine's /dev/null.
    node = folder / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot create a device node here: {exc}")
    os.symlink(node, folder / "out.md")
    for argv in (
        ("finalize", "draft.md", "-o", "out.md", "--checklist", "null"),
        ("render", "draft.md", "-o", "null"),
    ):
        proc = ars(folder, *argv, *P)
        assert proc.code == 0, proc.err
        assert stat.S_ISCHR(os.lstat(node).st_mode)
        assert (folder / "out.md").is_symlink()
    assert not [p for p in folder.iterdir() if ".ars-tmp-" in p.name]


def test_a_folder_as_the_output_is_refused(folder: Path) -> None:
    (folder / "out").mkdir()
    proc = ars(folder, "render", "draft.md", "-o", "out", *P)
    assert proc.code == 73, proc.err
    assert "is a directory" in proc.err


def test_open_regular_refuses_beyond_its_cap_without_leaking_a_descriptor(tmp_path: Path) -> None:
    """Streaming readers (the audit JSONL stream) get the size cap from the one opener,
    and a refusal after the open closes what it opened."""
    import os

    from ars_docs.core.errors import InputDataError
    from ars_docs.core.paths import open_regular

    big = tmp_path / "stream.jsonl"
    big.write_bytes(b"x" * 2048)
    before = len(os.listdir("/proc/self/fd"))
    with pytest.raises(InputDataError, match="is larger than"):
        open_regular(big, what="JSONL stream", limit=1024)
    assert len(os.listdir("/proc/self/fd")) == before
    os.close(open_regular(big, what="JSONL stream", limit=4096))
