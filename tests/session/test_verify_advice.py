"""Advice that follows the state (issue 25 §7): the legacy ``verified:`` field after
``verify``, and ``verify`` of an entry whose recorded original is not there."""

from __future__ import annotations

import json

from tests.support.sessions import Session, entry, passport_text


def legacy_passport(session: Session, *, path: str | None = None) -> bytes:
    extra = {"source_acquisition_path": path} if path else {}
    text = passport_text(
        entry("muller_2015", acquired=True, verified=False, **extra) + "    verified: yes\n",
        entry("high2020", acquired=False, verified=False),
    )
    raw = text.encode("utf-8")
    session.passport.write_bytes(raw)
    return raw


def legacy_finding(cli, session: Session) -> dict[str, object]:
    result = cli("lint", "corpus", session.passport, "--format", "json")
    found = [d for d in json.loads(result.out)["diagnostics"] if d["code"] == "ARS112"]
    assert len(found) == 1
    return found[0]


def test_ars112_says_delete_it_once_the_entry_is_verified(session: Session, cli) -> None:
    legacy_passport(session)
    before = legacy_finding(cli, session)
    assert "read as not verified" in str(before["message"])
    assert "ars-docs verify muller_2015 --method" in str(before["message"])
    done = cli(
        "verify", "--yes", "muller_2015", "--method", "manual_grep", "--passport", session.passport
    )
    assert done.code == 0, done.err
    after = legacy_finding(cli, session)
    message = str(after["message"])
    assert "already record the verification" in message
    assert message.endswith("Delete the verified: line")
    assert "read as not verified" not in message and "replace it" not in message.lower()


def test_verify_refuses_an_entry_whose_original_is_missing(session: Session, cli) -> None:
    before = legacy_passport(session, path="sources/muller_2015.pdf")
    result = cli(
        "verify", "--yes", "muller_2015", "--method", "vision_check", "--passport", session.passport
    )
    assert result.code == 66
    lines = result.err.splitlines()
    assert len(lines) == 1
    assert "source_acquisition_path 'sources/muller_2015.pdf' does not exist" in lines[0]
    assert str(session.root / "sources" / "muller_2015.pdf") in lines[0]
    assert "nothing was written" in lines[0] and "ars-docs retrieve muller_2015" in lines[0]
    assert session.passport.read_bytes() == before
    assert not (session.root / "passport_session_events.jsonl").exists()
    # With the file in place (a non-ASCII name, a subfolder) the same command works.
    (session.root / "sources").mkdir()
    (session.root / "sources" / "muller_2015.pdf").write_bytes(b"%PDF-1.4\n")
    again = cli(
        "verify", "--yes", "muller_2015", "--method", "vision_check", "--passport", session.passport
    )
    assert again.code == 0, again.err
    assert session.passport.read_bytes() != before


def test_a_missing_original_among_other_problems_is_a_data_error(session: Session, cli) -> None:
    before = legacy_passport(session, path="sources/gone.pdf")
    result = cli(
        "verify", "--yes", "muller_2015", "high2020", "--method", "vision_check",
        "--passport", session.passport,
    )  # fmt: skip
    assert result.code == 65
    assert "does not exist" in result.err and "no acquired original" in result.err
    assert session.passport.read_bytes() == before


def test_a_folder_is_not_an_original(session: Session, cli) -> None:
    before = legacy_passport(session, path="sources")
    (session.root / "sources").mkdir()
    result = cli(
        "verify", "--yes", "muller_2015", "--method", "vision_check", "--passport", session.passport
    )
    assert result.code == 66 and session.passport.read_bytes() == before
