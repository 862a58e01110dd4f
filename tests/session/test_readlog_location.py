"""Issue 10 §1: a passport moved without its read log is named, not called forgery."""

from __future__ import annotations

import json
import shutil

from tests.support.sessions import Session


def _moved(session: Session) -> Session:
    """The session's passport and draft copied to a new folder, the read log left behind."""
    moved = Session(session.root / "moved")
    moved.root.mkdir()
    shutil.copy(session.passport, moved.passport)
    return moved


def test_render_names_the_missing_read_log(session: Session, cli) -> None:
    session.write("draft.md", "A (2020) <!--ref:ok2020-->.\n")
    assert cli("finalize", session.draft, "--passport", session.passport).code == 0
    assert "<!--ref:ok2020 ok-->" in session.draft.read_text("utf-8")
    moved = _moved(session)
    shutil.copy(session.draft, moved.draft)
    out = moved.root / "final.md"
    result = cli("render", moved.draft, "--strict", "--passport", moved.passport, "-o", out)
    assert result.code == 1
    expected = moved.root / "passport_human_read_log.yaml"
    assert f"ARS009 no human-read log at {expected} (the file does not exist)" in result.err
    assert (
        f"unacknowledged-low-warn ok2020 (draft says ok, but the read log {expected} does not "
        "exist, so no mark-read can be checked)" in result.err
    )
    assert "forged-status" not in result.err
    assert not out.exists()


def test_finalize_names_the_missing_read_log_only_when_it_matters(session: Session, cli) -> None:
    moved = _moved(session)
    moved.write("draft.md", "A (2020) <!--ref:low2020-->.\n")
    result = cli("finalize", moved.draft, "--passport", moved.passport)
    assert result.code == 0
    assert "ARS009 no human-read log at" in result.err
    moved.write("draft.md", "A (2020) <!--ref:high2020-->.\n")
    result = cli("finalize", moved.draft, "--passport", moved.passport)
    assert "ARS009" not in result.err  # no read log could change a HIGH-WARN


def test_list_read_says_the_log_does_not_exist(session: Session, cli) -> None:
    moved = _moved(session)
    result = cli("list-read", "--passport", moved.passport)
    assert result.code == 0
    log = moved.root / "passport_human_read_log.yaml"
    assert result.out.startswith(f"{log}: no human-read log (the file does not exist)")
    assert "0 active mark(s)" not in result.out
    as_json = json.loads(cli("list-read", "--passport", moved.passport, "--format", "json").out)
    assert as_json["exists"] is False and as_json["marks"] == []
    present = json.loads(cli("list-read", "--passport", session.passport, "--format", "json").out)
    assert present["exists"] is True
