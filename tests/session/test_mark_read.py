"""mark-read / unmark-read / list-read (§3.6, Step 7): exact, safe, append-only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ars_docs.core.clock import Clock
from ars_docs.session import human_read as mr
from ars_docs.session.readlog import load_read_log
from tests.support.sessions import Session, entry, passport_text

FIXED = Clock.from_env({"SOURCE_DATE_EPOCH": "1764400000"})  # 2025-11-29T07:06:40Z


@pytest.fixture
def fresh(session: Session) -> Session:
    """A session whose read log does not exist yet."""
    session.read_log.unlink()
    return session


def snapshot_files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(root.iterdir()) if p.is_file()}


# -- the end-to-end loop of the issue ---------------------------------------------


def test_mark_finalize_render_unmark_loop(fresh: Session, cli) -> None:
    fresh.write("draft.md", "# T\n\nClaim (Li, 2021)<!--ref:low2020-->.\n")
    passport = ("--passport", fresh.passport)
    assert cli("finalize", fresh.draft, *passport).code == 0
    assert "<!--ref:low2020 LOW-WARN-->" in fresh.draft.read_text(encoding="utf-8")
    assert cli("render", fresh.draft, "--strict", *passport).code == 1

    result = cli("mark-read", "--yes", "low2020", *passport)
    assert result.code == 0 and "marked (full_text): low2020" in result.out
    assert "(created the log)" in result.out
    assert cli("finalize", fresh.draft, *passport).code == 0
    assert "<!--ref:low2020 ok-->" in fresh.draft.read_text(encoding="utf-8")
    assert (
        cli("render", fresh.draft, "--strict", *passport, "-o", fresh.root / "final.md").code == 0
    )
    assert (fresh.root / "final.md").read_text(encoding="utf-8") == "# T\n\nClaim (Li, 2021).\n"

    assert cli("unmark-read", "low2020", *passport).code == 0
    assert cli("finalize", fresh.draft, *passport).code == 0
    assert "<!--ref:low2020 LOW-WARN-->" in fresh.draft.read_text(encoding="utf-8")
    refused = cli("render", fresh.draft, "--strict", *passport, "-o", fresh.root / "final2.md")
    assert refused.code == 1 and not (fresh.root / "final2.md").exists()


@pytest.mark.parametrize("scope", ["sections", "abstract_only", "toc_only", "unknown"])
def test_partial_scopes_do_not_promote(fresh: Session, cli, scope: str) -> None:
    fresh.write("draft.md", "Claim <!--ref:low2020-->.\n")
    assert (
        cli("mark-read", "--yes", "low2020", "--scope", scope, "--passport", fresh.passport).code
        == 0
    )
    cli("finalize", fresh.draft, "--passport", fresh.passport)
    assert "<!--ref:low2020 LOW-WARN-->" in fresh.draft.read_text(encoding="utf-8")
    checklist = (fresh.root / "draft_prefinalization_checklist.md").read_text(encoding="utf-8")
    assert f"partial read recorded ({scope})" in checklist
    assert cli("render", fresh.draft, "--strict", "--passport", fresh.passport).code == 1


# -- what is written -----------------------------------------------------------------


def test_first_write_creates_header_from_passport(fresh: Session) -> None:
    outcome = mr.mark_read(
        fresh.passport, ["low2020"], locators=["§2", "pp. 3-9"], note="on paper", clock=FIXED
    )
    assert outcome.created and outcome.written == ["low2020"]
    text = fresh.read_log.read_text(encoding="utf-8")
    assert "session_id: test-session" in text
    log = load_read_log(fresh.read_log)
    assert (log.session_id, log.created_at) == ("test-session", "2025-11-29T07:06:40Z")
    [mark] = log.marks
    assert (mark.citation_key, mark.marked_at, mark.level) == (
        "low2020",
        "2025-11-29T07:06:40Z",
        "full_text",
    )
    assert (mark.locators, mark.note, mark.rescinded_at) == (("§2", "pp. 3-9"), "on paper", None)


def test_session_id_falls_back_to_passport_stem(tmp_path: Path) -> None:
    passport = tmp_path / "my-session.yaml"
    passport.write_text(
        passport_text(entry("k", acquired=True, verified=True)).replace(
            "session_id: test-session\n", ""
        )
    )
    mr.mark_read(passport, ["k"], clock=FIXED)
    assert load_read_log(tmp_path / "my-session_human_read_log.yaml").session_id == "my-session"


def test_comments_and_layout_survive(session: Session) -> None:
    original = (
        "# my own comment\n"
        "session_id: test-session   # keep me\n"
        "created_at: 2026-01-01T00:00:00Z\n"
        "human_read:\n"
        "- citation_key: ok2020     # flush-left list style\n"
        "  marked_at: 2026-01-02\n"
        "  read_scope: {level: full_text, locators: [], note: null}\n"
    )
    session.read_log.write_text(original, encoding="utf-8")
    mr.mark_read(session.passport, ["low2020"], clock=FIXED)
    text = session.read_log.read_text(encoding="utf-8")
    assert text.startswith(original)
    assert text[len(original) :].startswith("- citation_key: low2020\n")


def test_crlf_log_stays_crlf(session: Session) -> None:
    session.read_log.write_bytes(session.read_log.read_bytes().replace(b"\n", b"\r\n"))
    before = session.read_log.read_bytes()
    mr.mark_read(session.passport, ["low2020"], clock=FIXED)
    after = session.read_log.read_bytes()
    assert after.startswith(before) and b"\n" not in after.replace(b"\r\n", b"")


def test_append_only_rescind_and_remark(session: Session) -> None:
    mr.unmark_read(session.passport, ["ok2020"], clock=FIXED)
    log = load_read_log(session.read_log)
    assert [(m.citation_key, m.rescinded_at) for m in log.marks] == [
        ("ok2020", "2025-11-29T07:06:40Z")
    ]
    later = Clock.from_env({"SOURCE_DATE_EPOCH": "1800000000"})
    mr.mark_read(session.passport, ["ok2020"], clock=later)
    log = load_read_log(session.read_log)
    assert len(log.marks) == 2
    assert log.marks[0].rescinded_at == "2025-11-29T07:06:40Z"  # kept, not deleted
    assert log.active("ok2020") == log.marks[1]


def test_a_mark_older_than_the_latest_is_refused(session: Session, cli, monkeypatch) -> None:
    # Issue 24: the latest mark is the one with the latest marked_at; a clock behind the
    # log would append a mark that counts for nothing, so nothing is written.
    before = session.read_log.read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764400000")  # 2025-11-29, before 2026-01-02
    result = cli(
        "mark-read", "--yes", "ok2020", "--scope", "toc_only", "--passport", session.passport
    )
    assert result.code == 65
    assert "ok2020 already has a mark made at 2026-01-02T00:00:00Z, later than now" in result.err
    assert f"{session.read_log}:" in result.err
    assert session.read_log.read_bytes() == before


def test_same_scope_twice_changes_nothing_and_says_so(session: Session, cli) -> None:
    before = session.read_log.read_bytes()
    result = cli("mark-read", "--yes", "ok2020", "--passport", session.passport)
    assert result.code == 0
    assert "unchanged: ok2020: already marked (full_text)" in result.out
    assert "nothing changed" in result.out
    assert session.read_log.read_bytes() == before


#: After the session fixture's marks (2026-01-02): the latest mark is decided by time.
LATER = Clock.from_env({"SOURCE_DATE_EPOCH": "1800000000"})  # 2027-01-15


def test_other_scope_appends_a_new_mark(session: Session) -> None:
    outcome = mr.mark_read(session.passport, ["ok2020"], scope="toc_only", clock=LATER)
    assert outcome.written == ["ok2020"]
    log = load_read_log(session.read_log)
    assert log.active("ok2020").level == "toc_only" and not log.human_read("ok2020")


def test_unmark_without_active_mark_is_a_no_op(session: Session, cli) -> None:
    before = session.read_log.read_bytes()
    result = cli("unmark-read", "low2020", "--passport", session.passport)
    assert result.code == 0 and "no active mark; nothing to rescind" in result.out
    assert session.read_log.read_bytes() == before


def test_batch_and_duplicate_keys(fresh: Session) -> None:
    outcome = mr.mark_read(fresh.passport, ["low2020", "med2020", "low2020"], clock=FIXED)
    assert outcome.written == ["low2020", "med2020"]
    assert [m.citation_key for m in load_read_log(fresh.read_log).marks] == ["low2020", "med2020"]


def test_passport_is_never_written(session: Session, cli) -> None:
    before = session.passport.read_bytes()
    cli("mark-read", "--yes", "low2020", "med2020", "--passport", session.passport)
    cli("unmark-read", "low2020", "--passport", session.passport)
    assert session.passport.read_bytes() == before


# -- refusals: message, exit code, nothing written -------------------------------------


def test_unknown_keys_refuse_the_whole_batch(session: Session, cli) -> None:
    before = snapshot_files(session.root)
    result = cli(
        "mark-read", "--yes", "low2020", "low2021", "ghost", "--passport", session.passport
    )
    assert result.code == 65
    lines = result.err.splitlines()
    assert lines[0].startswith(
        "ars-docs: error: [ARS-MARK-READ ERROR: citation_key 'low2021' not in literature_corpus[]]"
    )
    assert "closest keys: low2020" in lines[0]
    assert lines[1].startswith(
        "[ARS-MARK-READ ERROR: citation_key 'ghost' not in literature_corpus[]]"
    )
    assert lines[1].endswith("; nothing was written: the whole batch of keys is refused")
    assert len(lines) == 2  # one line per unknown key, nothing more
    assert snapshot_files(session.root) == before
    one = cli("mark-read", "--yes", "low2021", "--passport", session.passport)
    assert one.code == 65 and len(one.err.splitlines()) == 1
    assert one.err.rstrip().endswith("nothing was written: the whole batch of keys is refused")


def test_unknown_key_on_unmark(session: Session, cli) -> None:
    before = snapshot_files(session.root)
    result = cli("unmark-read", "ghost", "--passport", session.passport)
    assert result.code == 65 and "citation_key 'ghost' not in literature_corpus[]" in result.err
    assert snapshot_files(session.root) == before


def test_no_passport(session: Session, cli) -> None:
    for command in (("mark-read", "--yes"), ("unmark-read",)):
        result = cli(*command, "low2020")
        assert result.code == 64
        assert result.err.startswith("ars-docs: error: [ARS-MARK-READ ERROR: no active passport")
    assert cli("list-read").code == 64


def test_passport_not_found(tmp_path: Path, cli) -> None:
    result = cli("mark-read", "--yes", "k", "--passport", tmp_path / "nope.yaml")
    assert result.code == 66
    assert result.err.startswith("ars-docs: error: [ARS-MARK-READ ERROR: passport not found:")
    assert list(tmp_path.iterdir()) == []


def test_passport_folder_unreadable(session: Session, cli, monkeypatch) -> None:
    before = snapshot_files(session.root)
    real = os.listdir

    def refuse(path: object = ".") -> list[str]:
        if Path(str(path)) == session.root:
            raise PermissionError(13, "Permission denied")
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "listdir", refuse)
    result = cli("mark-read", "--yes", "low2020", "--passport", session.passport)
    assert result.code == 74
    assert result.err.startswith(
        "ars-docs: error: [ARS-MARK-READ ERROR: cannot read the passport's folder"
    )
    monkeypatch.undo()
    assert snapshot_files(session.root) == before


def test_read_log_unwritable(session: Session, cli, monkeypatch) -> None:
    before = snapshot_files(session.root)
    monkeypatch.setattr(os, "access", lambda path, mode: not (mode & os.W_OK))
    result = cli("mark-read", "--yes", "low2020", "--passport", session.passport)
    assert result.code == 73
    assert result.err.startswith("ars-docs: error: [ARS-MARK-READ ERROR: read log")
    assert "not writable" in result.err
    assert snapshot_files(session.root) == before


def test_write_failure_keeps_the_log(session: Session, cli, monkeypatch) -> None:
    before = session.read_log.read_bytes()

    def full_disk(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    result = cli("mark-read", "--yes", "low2020", "--passport", session.passport)
    assert result.code == 73 and "No space left on device" in result.err
    assert session.read_log.read_bytes() == before
    assert not [p for p in session.root.iterdir() if p.name.endswith(".tmp")]


CORRUPT = {
    "bad yaml": ("human_read: [unclosed\n", 2),  # libyaml reports where it gave up
    "duplicate mapping key": (
        "human_read:\n  - citation_key: a\n    citation_key: b\n    marked_at: 2026-01-02\n",
        3,
    ),
    "missing marked_at": ("human_read:\n  - citation_key: ok2020\n", 2),
    "wrong type": ("human_read: {citation_key: ok2020}\n", 1),
    "bad scope": (
        "human_read:\n  - citation_key: ok2020\n    marked_at: 2026-01-02\n"
        "    read_scope: {level: most}\n",
        4,
    ),
}


@pytest.mark.parametrize(("text", "line"), CORRUPT.values(), ids=CORRUPT.keys())
def test_corrupt_log_is_never_overwritten(session: Session, cli, text: str, line: int) -> None:
    session.read_log.write_text(text, encoding="utf-8")
    before = snapshot_files(session.root)
    for argv in (("mark-read", "--yes", "low2020"), ("unmark-read", "ok2020"), ("list-read",)):
        result = cli(*argv, "--passport", session.passport)
        assert result.code == 65, argv
        assert result.err.startswith("ars-docs: error: [ARS-MARK-READ ERROR: ")
        assert f"passport_human_read_log.yaml:{line}:" in result.err
    assert snapshot_files(session.root) == before


def test_bad_passport_yaml(session: Session, cli) -> None:
    session.passport.write_text("literature_corpus: [unclosed\n")
    result = cli("mark-read", "--yes", "k", "--passport", session.passport)
    assert result.code == 65 and "malformed YAML" in result.err


def test_passport_from_environment(session: Session, cli, monkeypatch) -> None:
    monkeypatch.setenv("ARS_PASSPORT", str(session.passport))
    assert cli("mark-read", "--yes", "low2020").code == 0
    assert load_read_log(session.read_log).human_read("low2020")


# -- list-read -------------------------------------------------------------------------


def test_list_read_active_and_all(session: Session, cli) -> None:
    mr.mark_read(
        session.passport, ["low2020"], scope="toc_only", locators=["contents"], clock=FIXED
    )
    mr.unmark_read(session.passport, ["ok2020"], clock=FIXED)
    active = cli("list-read", "--passport", session.passport)
    assert active.code == 0
    assert "1 active mark(s)" in active.out and "low2020  toc_only" in active.out
    assert "ok2020" not in active.out
    history = json.loads(
        cli("list-read", "--all", "--format", "json", "--passport", session.passport).out
    )
    assert [(m["citation_key"], m["rescinded_at"]) for m in history["marks"]] == [
        ("ok2020", "2025-11-29T07:06:40Z"),
        ("low2020", None),
    ]
    assert history["marks"][1]["read_scope"] == {
        "level": "toc_only",
        "locators": ["contents"],
        "note": None,
    }


def test_list_read_missing_log_is_empty(fresh: Session, cli) -> None:
    result = cli("list-read", "--passport", fresh.passport)
    assert result.code == 0 and "no human-read log (the file does not exist)" in result.out
    assert not fresh.read_log.exists()


# -- concurrency -------------------------------------------------------------------------


def test_parallel_processes_all_land(tmp_path: Path) -> None:
    keys = [f"key{i}" for i in range(8)]
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_text(*(entry(k, acquired=True, verified=True) for k in keys)))
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "ars_docs",
                "mark-read",
                "--yes",
                key,
                "--passport",
                str(passport),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for key in keys
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
    log = load_read_log(tmp_path / "passport_human_read_log.yaml")
    assert sorted(m.citation_key for m in log.marks) == keys
    assert all(log.human_read(k) for k in keys)


def test_cr_only_log_keeps_cr(session: Session) -> None:
    session.read_log.write_bytes(session.read_log.read_bytes().replace(b"\n", b"\r"))
    before = session.read_log.read_bytes()
    mr.mark_read(session.passport, ["low2020"], clock=FIXED)
    after = session.read_log.read_bytes()
    assert after.startswith(before) and b"\n" not in after


def test_bom_is_kept(session: Session) -> None:
    session.read_log.write_bytes(b"\xef\xbb\xbf" + session.read_log.read_bytes())
    mr.mark_read(session.passport, ["low2020"], clock=FIXED)
    assert session.read_log.read_bytes().startswith(b"\xef\xbb\xbf")
    assert load_read_log(session.read_log).human_read("low2020")


def test_aliased_marks_are_refused_not_corrupted(session: Session, cli) -> None:
    session.read_log.write_text(
        "human_read:\n"
        "  - &first {citation_key: ok2020, marked_at: '2026-01-01T00:00:00Z'}\n"
        "  - *first\n",
        encoding="utf-8",
    )
    before = session.read_log.read_bytes()
    result = cli("unmark-read", "ok2020", "--passport", session.passport)
    assert result.code == 65
    assert "would also change earlier marks" in result.err
    assert session.read_log.read_bytes() == before


def test_a_withdrawn_read_is_reported_as_withdrawn_not_forged(session: Session, cli) -> None:
    """unmark-read after finalize: the gate says the read was withdrawn (issue 40)."""
    session.write("draft.md", "Claim (Li, 2021) <!--ref:ok2020-->.\n")
    passport = ("--passport", session.passport)
    assert cli("finalize", session.draft, *passport).code == 0
    assert "<!--ref:ok2020 ok-->" in session.draft.read_text(encoding="utf-8")
    assert cli("unmark-read", "ok2020", *passport).code == 0
    out = session.root / "final.md"
    refused = cli("render", session.draft, "--strict", *passport, "-o", out)
    assert refused.code == 1 and not out.exists()
    assert f"{session.draft}:1:18: read-withdrawn ok2020" in refused.err
    assert "forged" not in refused.err and "run ars-docs finalize again" in refused.err
    # A status the log never backed stays forged: med2020 was never read or verified.
    session.write("draft.md", "Claim (Li, 2021) <!--ref:med2020 ok-->.\n")
    forged = cli("render", session.draft, "--strict", *passport, "-o", out)
    assert forged.code == 1 and "forged-status med2020" in forged.err
