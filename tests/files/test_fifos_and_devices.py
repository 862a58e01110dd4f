"""FIFOs, devices and endless files where ars-docs reads (issue 29 items 2 and 7, 14).

A FIFO at a path ars-docs chooses itself — the read log, the events log, the
default snapshot — used to block the command forever. Every file is now checked
to be a regular file before it is opened (without blocking), and each kind of
file has a size cap. Real processes with a timeout: a regression fails, it does
not hang the suite.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.processes import ars
from tests.support.sessions import entry, passport_text, read_log_text

DRAFT = "# T\n\nA (2020) <!--ref:med2020-->.\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "passport.yaml").write_text(
        passport_text(entry("med2020", acquired=True, verified=False)), encoding="utf-8"
    )
    (tmp_path / "draft.md").write_text(DRAFT, encoding="utf-8")
    return tmp_path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def refused(proc_err: str, path: str, kind: str = "a FIFO (named pipe)") -> None:
    (line,) = proc_err.splitlines()
    assert path in line, line
    assert f"is {kind}, not a regular file" in line, line
    assert "Traceback" not in proc_err


P = ("--passport", "passport.yaml")


@pytest.mark.parametrize(
    "argv",
    [
        ("finalize", "draft.md", "--check", *P),
        ("mark-read", "--yes", "med2020", *P),
        ("list-read", *P),
        ("render", "draft.md", "--strict", *P),
    ],
    ids=["finalize-check", "mark-read", "list-read", "render"],
)
def test_a_fifo_as_the_read_log_is_refused(folder: Path, argv: tuple[str, ...]) -> None:
    fifo(folder / "passport_human_read_log.yaml")
    proc = ars(folder, *argv)
    assert proc.code == 74, proc.err
    line = proc.err.splitlines()[0]
    assert "passport_human_read_log.yaml" in line and "FIFO" in line, proc.err
    assert "Traceback" not in proc.err


@pytest.mark.parametrize(
    "argv",
    [
        ("verify", "--yes", "med2020", "--method", "manual_grep", *P),
        ("session", "log-event", "--phase", "ad-hoc", "--action", "x", *P),
        ("drift-log", *P),
    ],
    ids=["verify", "log-event", "drift-log"],
)
def test_a_fifo_as_the_events_log_is_refused(folder: Path, argv: tuple[str, ...]) -> None:
    before = (folder / "passport.yaml").read_bytes()
    fifo(folder / "passport_session_events.jsonl")
    proc = ars(folder, *argv)
    assert proc.code == 74, proc.err
    refused(proc.err, "passport_session_events.jsonl")
    assert (folder / "passport.yaml").read_bytes() == before


def test_a_fifo_as_the_default_snapshot_is_refused(folder: Path) -> None:
    fifo(folder / "passport_session_snapshot.json")
    proc = ars(folder, "drift-log", *P)
    assert proc.code == 74, proc.err
    refused(proc.err, "passport_session_snapshot.json")
    assert not (folder / "passport_drift_log.md").exists()


def test_a_read_log_linked_to_a_fifo_is_refused(folder: Path) -> None:
    target = fifo(folder.parent / "elsewhere.fifo")
    os.symlink(target, folder / "passport_human_read_log.yaml")
    proc = ars(folder, "list-read", *P)
    assert proc.code == 74
    assert "FIFO" in proc.err


def test_a_device_as_the_passport_is_refused_without_reading_it(folder: Path) -> None:
    # ARS_PASSPORT=/dev/zero grew to 23.7 GB before (issue 29 item 7).
    for argv in (
        ("finalize", "draft.md", "--check"),
        ("verify", "--yes", "k", "--method", "manual_grep"),
    ):
        proc = ars(folder, *argv, env={"ARS_PASSPORT": "/dev/zero"})
        assert proc.code == 74, proc.err
        refused(proc.err, "/dev/zero", "a character device")


def test_a_read_log_linked_to_dev_zero_is_refused(folder: Path) -> None:
    os.symlink("/dev/zero", folder / "passport_human_read_log.yaml")
    proc = ars(folder, "finalize", "draft.md", "--check", *P)
    assert proc.code == 74, proc.err
    assert "character device" in proc.err


def test_a_draft_that_is_a_fifo_is_refused(folder: Path) -> None:
    fifo(folder / "pipe.md")
    proc = ars(folder, "finalize", "pipe.md", "--check", *P)
    assert proc.code == 74
    refused(proc.err, "pipe.md")


def test_a_passport_over_its_size_cap_is_refused(folder: Path) -> None:
    from ars_docs.core.paths import READ_LIMITS

    big = folder / "big.yaml"
    with open(big, "wb") as handle:  # sparse: no disk space used
        handle.truncate(READ_LIMITS["passport"] + 1)
    proc = ars(folder, "finalize", "draft.md", "--check", "--passport", "big.yaml")
    assert proc.code == 65, proc.err
    (line,) = proc.err.splitlines()
    assert "big.yaml: passport is larger than 256 MiB" in line


def test_a_read_log_over_its_cap_is_refused(folder: Path) -> None:
    log = folder / "passport_human_read_log.yaml"
    log.write_text(read_log_text("med2020"), encoding="utf-8")
    with open(log, "r+b") as handle:
        handle.truncate(64 * 2**20 + 1)
    proc = ars(folder, "list-read", *P)
    assert proc.code == 65, proc.err
    assert "human-read log is larger than 64 MiB" in proc.err
