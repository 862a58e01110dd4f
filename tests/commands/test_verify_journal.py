"""``verify`` changes the passport and the events log as one step (issue 29 items 1 and 3).

Real processes: a SIGKILL or a failed rename between the two writes, then a
rerun of the same command; concurrent ``verify`` runs from two session folders
whose passport is a link to one shared file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support.processes import (
    ars,
    disk_full_at_replace,
    finish,
    kill_at_replace,
    start,
    temp_files,
)
from tests.support.sessions import entry, passport_text

VERIFY = ("verify", "--yes", "med2020", "--method", "manual_grep", "--audit-id", "r1")
VERIFIED = "source_verified_against_original: true"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "passport.yaml").write_text(
        passport_text(entry("med2020", acquired=True, verified=False)), encoding="utf-8"
    )
    return tmp_path


def events(folder: Path) -> list[dict[str, str]]:
    log = folder / "passport_session_events.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


#: The writes in order, each one ``os.replace``: the attestations log (how the person
#: confirmed it, issue 40), the events log, the passport.
ATTESTATION, EVENT, PASSPORT = 1, 2, 3


def run_verify(folder: Path, inject: str = "") -> tuple[int, str, str]:
    proc = ars(folder, *VERIFY, "--passport", "passport.yaml", inject=inject)
    return proc.code, proc.out, proc.err


def test_a_kill_between_the_two_writes_is_completed_by_the_rerun(folder: Path) -> None:
    before = (folder / "passport.yaml").read_bytes()
    code, _, _ = run_verify(folder, kill_at_replace(EVENT, after=True))
    assert code == -9
    # The event is the write-ahead record; the passport does not claim more than it.
    assert (folder / "passport.yaml").read_bytes() == before
    assert len(events(folder)) == 1
    code, out, err = run_verify(folder)
    assert code == 0, err
    assert "completed an interrupted run" in out
    assert VERIFIED in (folder / "passport.yaml").read_text(encoding="utf-8")
    assert len(events(folder)) == 1  # no second event for the same verification
    assert temp_files(folder) == []
    code, out, _ = run_verify(folder)
    assert (code, len(events(folder))) == (0, 1)
    assert "unchanged: med2020" in out


def test_a_kill_before_the_first_rename_leaves_nothing_and_no_temp_file(folder: Path) -> None:
    before = (folder / "passport.yaml").read_bytes()
    code, _, _ = run_verify(folder, kill_at_replace(ATTESTATION, after=False))
    assert code == -9
    assert (folder / "passport.yaml").read_bytes() == before
    assert events(folder) == []
    assert len(temp_files(folder)) == 1  # the attestations log's temp file of the killed run
    code, _, err = run_verify(folder)
    assert code == 0, err
    assert len(events(folder)) == 1
    assert temp_files(folder) == []  # removed by the rerun's write of the same log


def test_a_kill_after_both_writes_needs_nothing_more(folder: Path) -> None:
    code, _, _ = run_verify(folder, kill_at_replace(PASSPORT, after=True))
    assert code == -9
    code, out, _ = run_verify(folder)
    assert code == 0
    assert "unchanged: med2020" in out
    assert len(events(folder)) == 1


def test_a_passport_write_that_fails_says_what_was_written_and_the_rerun_completes(
    folder: Path,
) -> None:
    before = (folder / "passport.yaml").read_bytes()
    code, _, err = run_verify(folder, disk_full_at_replace(PASSPORT))
    assert code == 73
    (line,) = err.splitlines()
    assert "No space left on device" in line
    assert "already records the verification of med2020" in line
    assert "run the same `ars-docs verify` command again" in line
    assert "nothing was written" not in line
    assert (folder / "passport.yaml").read_bytes() == before
    code, _, err = run_verify(folder)
    assert code == 0, err
    assert VERIFIED in (folder / "passport.yaml").read_text(encoding="utf-8")
    assert len(events(folder)) == 1


def test_a_full_disk_at_the_event_changes_nothing(folder: Path) -> None:
    before = (folder / "passport.yaml").read_bytes()
    code, _, err = run_verify(folder, disk_full_at_replace(EVENT))
    assert code == 73
    assert "No space left on device" in err
    assert (folder / "passport.yaml").read_bytes() == before
    assert events(folder) == []


def test_a_read_only_events_log_changes_nothing(folder: Path) -> None:
    log = folder / "passport_session_events.jsonl"
    log.write_text("")
    log.chmod(0o444)
    before = (folder / "passport.yaml").read_bytes()
    code, _, err = run_verify(folder)
    assert code == 73
    assert "read-only" in err and "nothing was written" in err
    assert (folder / "passport.yaml").read_bytes() == before


def test_a_verification_an_older_run_left_without_its_event_is_logged(folder: Path) -> None:
    # An older ars-docs wrote the passport first; a kill then left no event.
    passport = folder / "passport.yaml"
    text = passport.read_text(encoding="utf-8")
    text = text.replace("source_verified_against_original: false", VERIFIED)
    text = text.replace(
        "source_verification_method: none", "source_verification_method: manual_grep"
    )
    text = text.replace("description_last_audit: round_1", "description_last_audit: r1")
    passport.write_text(text, encoding="utf-8")
    code, out, err = run_verify(folder)
    assert code == 0, err
    assert "logged: med2020" in out
    (event,) = events(folder)
    assert event["action"] == "verified med2020 against the original (manual_grep, r1)"
    code, out, _ = run_verify(folder)
    assert (code, len(events(folder))) == (0, 1)


def test_two_session_folders_sharing_one_passport_lose_no_update(tmp_path: Path) -> None:
    keys = [f"k{i}" for i in range(6)]
    shared = tmp_path / "shared"
    shared.mkdir()
    # Other entries make each read-modify-write long enough for the runs to overlap.
    others = [entry(f"other{i}", acquired=False, verified=False) for i in range(150)]
    (shared / "passport.yaml").write_text(
        passport_text(*(entry(k, acquired=True, verified=False) for k in keys), *others),
        encoding="utf-8",
    )
    sessions = [tmp_path / "a", tmp_path / "b"]
    for session in sessions:
        session.mkdir()
        os.symlink(shared / "passport.yaml", session / "passport.yaml")
    procs = [
        start(sessions[i % 2], "verify", "--yes", key, "--method", "vision_check",
              "--audit-id", "r2", "--passport", "passport.yaml")
        for i, key in enumerate(keys)
    ]  # fmt: skip
    results = [finish(p) for p in procs]
    assert [r.code for r in results] == [0] * len(keys), [r.err for r in results]
    text = (shared / "passport.yaml").read_text(encoding="utf-8")
    assert text.count(VERIFIED) == len(keys)
    for session in sessions:
        assert (session / "passport.yaml").is_symlink()  # still a link to the shared file
    logged = sorted(e["action"].split()[1] for s in sessions for e in events(s))
    assert logged == keys


def test_verify_waits_for_the_lock_of_the_folder_the_link_points_to(tmp_path: Path) -> None:
    import fcntl

    from tests.support.gate import wait_for_lock_waiter

    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "passport.yaml").write_text(
        passport_text(entry("med2020", acquired=True, verified=False)), encoding="utf-8"
    )
    session = tmp_path / "a"
    session.mkdir()
    os.symlink(shared / "passport.yaml", session / "passport.yaml")
    fd = os.open(shared, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # what another writer of the shared passport holds
        proc = start(session, *VERIFY, "--passport", "passport.yaml")
        wait_for_lock_waiter(proc.pid)  # it waits for the shared folder's lock
        assert proc.poll() is None
    finally:
        os.close(fd)
    result = finish(proc)
    assert result.code == 0, result.err
    assert VERIFIED in (shared / "passport.yaml").read_text(encoding="utf-8")
