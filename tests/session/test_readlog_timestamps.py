"""Hand-edited read-log times are checked, with file:line (issue 10 §3)."""

from __future__ import annotations

import pytest

from tests.support.sessions import Session


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("marked_at", "yesterday"),
        ("marked_at", "2026-13-01T00:00:00Z"),
        ("rescinded_at", "2026-01-03T24:61:00Z"),
    ],
)
def test_bad_times_are_refused_with_file_and_line(
    session: Session, cli, field: str, value: str
) -> None:
    extra = "" if field == "marked_at" else "    rescinded_at: " + value + "\n"
    marked = value if field == "marked_at" else "2026-01-02T00:00:00Z"
    log = (
        "session_id: test-session\nhuman_read:\n  - citation_key: ok2020\n"
        f"    marked_at: {marked}\n{extra}"
    )
    session.read_log.write_text(log, encoding="utf-8")
    session.write("draft.md", "# T\n\nA <!--ref:ok2020-->.\n")
    draft_before = session.draft.read_bytes()
    line = 4 if field == "marked_at" else 5
    for argv in (
        ("finalize", session.draft, "--passport", session.passport),
        ("mark-read", "--yes", "low2020", "--passport", session.passport),
    ):
        result = cli(*argv)
        assert result.code == 65, result.err
        assert f"{session.read_log}:{line}:" in result.err
        assert f"human_read[0].{field} is '{value}', not an ISO 8601 / RFC 3339 time" in result.err
        assert "human_read_log.schema.json, shipped at " in result.err
    assert session.read_log.read_text(encoding="utf-8") == log  # never overwritten
    assert session.draft.read_bytes() == draft_before


def test_dates_and_offsets_are_accepted(session: Session, cli) -> None:
    session.read_log.write_text(
        "human_read:\n  - citation_key: ok2020\n    marked_at: 2026-01-02\n"
        "  - citation_key: low2020\n    marked_at: 2026-01-02T10:00:00.25+02:00\n",
        encoding="utf-8",
    )
    result = cli("list-read", "--passport", session.passport)
    assert result.code == 0, result.err
    assert "2 active mark(s)" in result.out
