"""A person's attestation is recorded as such (issue 40): ``mark-read`` and ``verify``
ask on a terminal, need ``--yes`` without one, and the record says which.

The terminal is a real pseudo-terminal (``tests.support.terminal``); the pipe
is a real process with standard input from ``/dev/null`` (``tests.support.hostile``).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from ars_docs.session.attest.records import CONFIRMED, YES_NO_TERMINAL, YES_ON_TERMINAL
from ars_docs.session.readlog import load_read_log
from tests.support.hostile import ars
from tests.support.sessions import CliResult, Session
from tests.support.terminal import on_terminal

SIDECAR = "passport_attestations.jsonl"
DRAFT = "# Results\n\nLow (2020) <!--ref:low2020--> and med (2020) <!--ref:med2020-->.\n"


def records(session: Session) -> list[dict[str, str]]:
    path = session.root / SIDECAR
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def files(session: Session) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(session.root.iterdir()) if p.is_file()}


def acquired_original(session: Session) -> None:
    (session.root / "sources").mkdir(exist_ok=True)
    (session.root / "sources" / "med2020.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")


def test_mark_read_on_a_terminal_asks_and_y_records_a_confirmed_mark(session: Session) -> None:
    run = on_terminal(session.root, "mark-read", "low2020", "--passport", "passport.yaml")
    assert run.prompted and run.code == 0, run.shown
    assert run.shown.startswith("Confirm you read low2020 yourself [y/N]: y\n")
    assert "marked (full_text): low2020 in passport_human_read_log.yaml" in run.shown
    assert "attested: confirmed on a terminal" in run.shown
    (record,) = records(session)
    assert record["how"] == CONFIRMED and record["citation_key"] == "low2020"
    # Keyed by the mark it belongs to: the marked_at the read log holds for it.
    mark = load_read_log(session.read_log).active("low2020")
    assert mark is not None and mark.marked_at == record["marked_at"]
    assert record["record"] == "read" and record["v"] == 1


@pytest.mark.parametrize("answer", [b"n\n", b"\n", b"maybe\n", b"\x04"])
def test_anything_but_y_on_a_terminal_writes_nothing(session: Session, answer: bytes) -> None:
    before = files(session)
    run = on_terminal(
        session.root, "mark-read", "low2020", "med2020", "--passport", "passport.yaml",
        answer=answer,
    )  # fmt: skip
    assert run.prompted and run.code == 1, run.shown
    assert run.shown.startswith("Confirm you read low2020, med2020 yourself [y/N]: ")
    errors = [line for line in run.shown.splitlines() if line.startswith("ars-docs: error:")]
    assert len(errors) == 1 and "mark-read: not confirmed (" in errors[0]
    assert errors[0].endswith("nothing was written; run it again and answer y once you have "
                              "done it yourself")  # fmt: skip
    assert files(session) == before


def test_a_pipe_without_yes_is_refused_and_the_log_keeps_its_bytes(session: Session) -> None:
    before = files(session)
    run = ars(session.root, "mark-read", "low2020", "--passport", "passport.yaml")
    assert run.code == 64
    assert run.err == (
        "ars-docs: error: mark-read records a person's word and there is no terminal to "
        "confirm it on (standard input or standard error is not a terminal); run it on a "
        "terminal, or pass --yes (recorded as made with --yes, no terminal); nothing was "
        "written\n"
    )
    assert files(session) == before


def test_a_terminal_for_input_only_is_no_terminal(session: Session) -> None:
    """An agent can hand a pty to standard input alone; both streams must be terminals."""
    before = files(session)
    run = on_terminal(
        session.root, "mark-read", "low2020", "--passport", "passport.yaml", stderr_on_pty=False
    )
    assert not run.prompted and run.code == 64
    assert "pass --yes" in run.err and run.err.count("\n") == 1
    assert files(session) == before


def test_yes_through_a_pipe_is_recorded_as_such_and_the_checklist_shows_it(
    session: Session,
) -> None:
    session.write("draft.md", DRAFT)
    log_before = session.read_log.read_bytes()
    run = ars(session.root, "mark-read", "low2020", "--yes", "--passport", "passport.yaml")
    assert run.code == 0, run.err
    assert b"attested: marked with --yes, no terminal\n" in run.out
    # The read log keeps the real schema: its earlier bytes, then one plain mark.
    after = session.read_log.read_bytes()
    assert after.startswith(log_before) and b"yes" not in after[len(log_before) :]
    (record,) = records(session)
    assert record["how"] == YES_NO_TERMINAL
    assert ars(session.root, "finalize", "draft.md", "--passport", "passport.yaml").code == 0
    checklist = (session.root / "draft_prefinalization_checklist.md").read_text("utf-8")
    assert "## Marked without the terminal prompt (1 source)" in checklist
    assert "- `low2020` — *Title of low2020* — read (marked with --yes, no terminal)\n" in checklist
    assert "<!--ref:low2020 ok-->" in session.draft.read_text("utf-8")  # the mark still counts


def test_a_later_mark_confirmed_on_a_terminal_takes_the_row_away(session: Session) -> None:
    session.write("draft.md", DRAFT)
    assert (
        ars(session.root, "mark-read", "low2020", "--yes", "--passport", "passport.yaml").code == 0
    )
    assert ars(session.root, "unmark-read", "low2020", "--passport", "passport.yaml").code == 0
    run = on_terminal(session.root, "mark-read", "low2020", "--passport", "passport.yaml")
    assert run.code == 0, run.shown
    assert [r["how"] for r in records(session)] == [YES_NO_TERMINAL, CONFIRMED]
    assert ars(session.root, "finalize", "draft.md", "--passport", "passport.yaml").code == 0
    checklist = (session.root / "draft_prefinalization_checklist.md").read_text("utf-8")
    assert "Marked without the terminal prompt" not in checklist


def test_yes_on_a_terminal_skips_the_prompt_and_says_so(session: Session) -> None:
    run = on_terminal(
        session.root, "mark-read", "low2020", "--yes", "--passport", "passport.yaml", answer=None
    )
    assert not run.prompted and run.code == 0, run.shown
    assert "attested: marked with --yes on a terminal, the prompt skipped" in run.shown
    assert [r["how"] for r in records(session)] == [YES_ON_TERMINAL]


def test_verify_on_a_terminal_asks_and_records_beside_the_passport(session: Session) -> None:
    acquired_original(session)
    before = files(session)
    run = on_terminal(
        session.root, "verify", "med2020", "--method", "manual_grep", "--passport",
        "passport.yaml", answer=b"n\n",
    )  # fmt: skip
    assert run.prompted and run.code == 1
    assert run.shown.startswith(
        "Confirm med2020 was checked against the original (manual_grep) [y/N]: n\n"
    )
    assert files(session) == before  # no passport edit, no event, no record
    run = on_terminal(
        session.root, "verify", "med2020", "--method", "manual_grep", "--audit-id", "r1",
        "--passport", "passport.yaml",
    )  # fmt: skip
    assert run.code == 0, run.shown
    assert "attested: confirmed on a terminal" in run.shown
    (record,) = records(session)
    assert (record["record"], record["citation_key"], record["method"], record["audit_id"]) == (
        "verify", "med2020", "manual_grep", "r1",
    )  # fmt: skip
    assert record["how"] == CONFIRMED
    assert "description_last_audit: r1" in session.passport.read_text("utf-8")


def test_verify_through_a_pipe_needs_yes_and_json_says_how(
    session: Session, cli: Callable[..., CliResult]
) -> None:
    acquired_original(session)
    before = files(session)
    run = ars(session.root, "verify", "med2020", "--method", "manual_grep", "--passport",
              "passport.yaml")  # fmt: skip
    assert run.code == 64 and run.err.startswith("ars-docs: error: verify records a person's")
    assert "pass --yes" in run.err and files(session) == before
    # The in-process CLI has no terminal either (pytest's standard input and error).
    result = cli(
        "verify", "med2020", "--method", "manual_grep", "--yes", "--passport", session.passport,
        "--format", "json",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert json.loads(result.out)["attested"] == YES_NO_TERMINAL
    session.write("draft.md", DRAFT)
    assert cli("finalize", session.draft, "--passport", session.passport).code == 0
    checklist = (session.root / "draft_prefinalization_checklist.md").read_text("utf-8")
    assert "- `med2020` — *Title of med2020* — verified (marked with --yes, no terminal)\n" in (
        checklist
    )


def test_mark_read_json_says_how(session: Session, cli: Callable[..., CliResult]) -> None:
    result = cli("mark-read", "low2020", "--yes", "--passport", session.passport, "--format",
                 "json")  # fmt: skip
    assert result.code == 0, result.err
    assert json.loads(result.out)["attested"] == YES_NO_TERMINAL


def test_an_unwritable_attestations_log_refuses_before_the_read_log(session: Session) -> None:
    sidecar = session.root / SIDECAR
    sidecar.write_bytes(b"")
    sidecar.chmod(0o444)
    before = files(session)
    run = ars(session.root, "mark-read", "low2020", "--yes", "--passport", "passport.yaml")
    assert run.code == 73 and "read-only" in run.err and run.err.count("\n") == 1
    assert files(session) == before
