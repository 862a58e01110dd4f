"""``ars-docs verify`` records source_verified_against_original (issue 10 §3, spec §3.1)."""

from __future__ import annotations

import json

from ars_docs.cli.groups.verify import VERIFY_METHODS as CLI_METHODS
from ars_docs.session.verify import VERIFY_METHODS
from tests.support.sessions import Session, entry, passport_text

DRAFT = "# T\n\nA (2020) <!--ref:med2020-->.\n"


def crlf_passport(session: Session) -> bytes:
    text = passport_text(
        entry("med2020", acquired=True, verified=False),
        entry("high2020", acquired=False, verified=False),
    ).replace("  - citation_key: med2020\n", "  - citation_key: med2020  # keep me\n")
    raw = text.replace("\n", "\r\n").encode("utf-8")
    session.passport.write_bytes(raw)
    return raw


def test_methods_match_the_library() -> None:
    assert CLI_METHODS == VERIFY_METHODS


def test_verify_edits_three_fields_in_place_and_promotes_med_warn(
    session: Session, cli, monkeypatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764400000")  # 2025-11-29
    before = crlf_passport(session)
    session.write("draft.md", DRAFT)
    assert cli("finalize", session.draft, "--passport", session.passport).code == 0
    assert "AI HAS NOT CROSS-CHECKED" in session.draft.read_text(encoding="utf-8")
    result = cli(
        "verify", "--yes", "med2020", "--method", "manual_grep", "--note", "checked table 2",
        "--passport", session.passport,
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "verified (manual_grep, description_last_audit: manual_grep-2025-11-29): med2020" in (
        result.out
    )
    after = session.passport.read_bytes()
    changed = [
        (old, new)
        for old, new in zip(before.split(b"\r\n"), after.split(b"\r\n"), strict=True)
        if old != new
    ]
    field = b"    source_verified_against_original: "
    assert changed == [
        (field + b"false", field + b"true"),
        (b"    source_verification_method: none", b"    source_verification_method: manual_grep"),
        (
            b"    description_last_audit: round_1",
            b"    description_last_audit: manual_grep-2025-11-29",
        ),
    ]
    assert b"# keep me\r\n" in after
    (event,) = [
        json.loads(line)
        for line in (session.root / "passport_session_events.jsonl").read_text().splitlines()
    ]
    assert event["phase"] == "ad-hoc"
    assert event["rationale"] == "checked table 2"
    assert "verified med2020 against the original (manual_grep" in event["action"]
    assert cli("finalize", session.draft, "--passport", session.passport).code == 0
    assert "<!--ref:med2020 LOW-WARN-->" in session.draft.read_text(encoding="utf-8")
    again = cli(
        "verify", "--yes", "med2020", "--method", "manual_grep", "--passport", session.passport
    )
    assert again.code == 0
    assert "unchanged: med2020: already recorded" in again.out
    assert session.passport.read_bytes() == after


def test_verify_refuses_an_entry_without_an_original_and_writes_nothing(
    session: Session, cli
) -> None:
    before = crlf_passport(session)
    result = cli(
        "verify",
        "--yes",
        "med2020",
        "high2020",
        "--method",
        "vision_check",
        "--passport",
        session.passport,
    )
    assert result.code == 65
    assert "verification refused; nothing was written" in result.err
    assert "'high2020' has no acquired original (source_acquired is not true)" in result.err
    assert session.passport.read_bytes() == before
    assert not (session.root / "passport_session_events.jsonl").exists()


def test_verify_refuses_unknown_keys_with_suggestions(session: Session, cli) -> None:
    before = crlf_passport(session)
    result = cli(
        "verify", "--yes", "med2021", "--method", "codex_audit", "--passport", session.passport
    )
    assert result.code == 65
    assert "citation_key 'med2021' not in literature_corpus[] (closest keys: med2020" in result.err
    assert session.passport.read_bytes() == before


def test_verify_usage_errors(session: Session, cli) -> None:
    crlf_passport(session)
    bad = cli("verify", "--yes", "med2020", "--method", "none", "--passport", session.passport)
    assert bad.code == 64
    assert "invalid choice: 'none'" in bad.err
    assert "see 'ars-docs verify --help'" in bad.err
    empty = cli("verify", "--yes", "med2020", "--method", "manual_grep", "--note", " ",
                "--passport", session.passport)  # fmt: skip
    assert empty.code == 64
    assert "--note is empty" in empty.err
    missing = cli("verify", "--yes", "med2020", "--method", "manual_grep",
                  "--passport", session.root / "nope.yaml")  # fmt: skip
    assert missing.code == 66
    assert "passport not found" in missing.err


def test_mark_read_says_when_the_mark_cannot_clear_the_warning(session: Session, cli) -> None:
    crlf_passport(session)
    session.read_log.unlink()
    result = cli("mark-read", "--yes", "high2020", "med2020", "--passport", session.passport)
    assert result.code == 0
    assert (
        "note: high2020 has no acquired original: the mark is recorded but will not clear its "
        "warning (NO ORIGINAL)"
    ) in result.err
    assert "note: med2020 is not verified against its original" in result.err
    assert "marked (full_text): high2020, med2020" in result.out
