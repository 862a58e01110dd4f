"""The commands that change a session speak JSON and say what to do next (issue 40).

``mark-read``, ``unmark-read``, ``verify``, ``acknowledge-retraction`` and
``accept-quote`` take ``--format json`` (the one shape of docs/json.md; the shape
itself is checked for every command by test_json_shape.py — here, what the objects
say); ``mark-read``, ``unmark-read`` and ``corpus import`` print a ``next:`` line
once they changed something; ``list-read`` and ``quotes`` take ``-q``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.support.sessions import CliResult, Session, entry, passport_text, read_log_text

Cli = Callable[..., CliResult]


def _json(result: CliResult) -> dict[str, object]:
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert isinstance(data, dict)
    return data


def test_mark_read_json_says_what_was_written_and_what_cannot_clear(
    session: Session, cli: Cli
) -> None:
    data = _json(cli("mark-read", "--yes", "low2020", "high2020", "--passport", session.passport,
                     "--format", "json"))  # fmt: skip
    assert data["summary"] == {
        "command": "mark-read",
        "log": str(session.read_log),
        "written": 2,
        "unchanged": 0,
        "created": False,
        "diagnostics": {"error": 0, "warning": 0, "info": 0},
    }
    assert data["written"] == ["low2020", "high2020"] and data["scope"] == "full_text"
    assert data["cannot_clear"] == [
        {"key": "high2020", "why": data["cannot_clear"][0]["why"]}  # type: ignore[index]
    ]
    assert "has no acquired original" in data["cannot_clear"][0]["why"]  # type: ignore[index]
    assert data["next"] == [f"ars-docs finalize DRAFT --passport {session.passport}"]
    log = session.read_log.read_text(encoding="utf-8")
    assert "citation_key: low2020" in log and "citation_key: high2020" in log


def test_mark_read_text_ends_with_the_next_step_only_when_it_wrote(
    session: Session, cli: Cli
) -> None:
    done = cli("mark-read", "--yes", "low2020", "--passport", session.passport)
    assert done.code == 0
    assert done.out.splitlines()[-1] == (
        f"next: ars-docs finalize DRAFT --passport {session.passport} "
        "(their citations become ok where verified)"
    )
    again = cli("mark-read", "--yes", "ok2020", "--passport", session.passport)  # already marked
    assert again.code == 0 and "next:" not in again.out
    assert again.out.splitlines()[-1].startswith("nothing changed in ")


def test_unmark_read_json_and_next(session: Session, cli: Cli) -> None:
    data = _json(cli("unmark-read", "ok2020", "--passport", session.passport, "--format", "json"))
    assert data["written"] == ["ok2020"] and data["unchanged"] == []
    assert data["next"] == [f"ars-docs finalize DRAFT --passport {session.passport}"]
    assert "cannot_clear" not in data and "scope" not in data
    text = cli("unmark-read", "ok2020", "--passport", session.passport)  # already rescinded
    assert text.code == 0 and "next:" not in text.out
    assert "rescinded_at" in session.read_log.read_text(encoding="utf-8")


def test_a_refused_mark_in_json_mode_is_the_same_error_and_writes_nothing(
    session: Session, cli: Cli
) -> None:
    before = session.read_log.read_bytes()
    refused = cli(
        "mark-read", "--yes", "nosuch2020", "--passport", session.passport, "--format", "json"
    )
    plain = cli("mark-read", "--yes", "nosuch2020", "--passport", session.passport)
    assert refused.code == plain.code != 0
    assert refused.err == plain.err and refused.out == ""
    assert session.read_log.read_bytes() == before


def _verifiable(tmp_path: Path) -> Path:
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_text(entry("a_2020", acquired=True, verified=False)), "utf-8")
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "a_2020.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    return passport


def test_verify_json_reports_the_fields_written_then_nothing(tmp_path: Path, cli: Cli) -> None:
    passport = _verifiable(tmp_path)
    argv = ("verify", "--yes", "a_2020", "--passport", passport, "--method", "manual_grep")
    data = _json(cli(*argv, "--format", "json"))
    assert (data["written"], data["unchanged"], data["method"]) == (["a_2020"], [], "manual_grep")
    assert data["summary"]["written"] == 1  # type: ignore[index]
    assert len(data["next"]) == 1 and "ars-docs finalize DRAFT" in data["next"][0]  # type: ignore[index]
    assert "source_verified_against_original: true" in passport.read_text(encoding="utf-8")
    before = passport.read_bytes()
    again = _json(cli(*argv, "--audit-id", data["audit_id"], "--format", "json"))
    assert (again["written"], again["unchanged"], again["next"]) == ([], ["a_2020"], [])
    assert passport.read_bytes() == before


def test_acknowledge_and_accept_quote_json_say_whether_they_wrote(
    session: Session, cli: Cli
) -> None:
    from tests.lookup.test_trust_chain import RETRACTED, record

    record("ok2020", session.passport, RETRACTED)
    ack = ("acknowledge-retraction", "ok2020", "--passport", session.passport,
           "--reason", "the chapter discusses the retraction")  # fmt: skip
    first = _json(cli(*ack, "--format", "json"))
    assert (first["key"], first["status"], first["written"]) == ("ok2020", "retracted", True)
    assert _json(cli(*ack, "--format", "json"))["written"] is False
    quote = ("accept-quote", "ok2020", "--passport", session.passport,
             "--quote-sha", "0123456789abcdef", "--reason", "own translation")  # fmt: skip
    accepted = _json(cli(*quote, "--format", "json"))
    assert (accepted["quote_sha"], accepted["written"]) == ("0123456789abcdef", True)
    before = session.passport.read_bytes()
    assert _json(cli(*quote, "--format", "json"))["written"] is False
    assert session.passport.read_bytes() == before


def test_list_read_quiet_prints_the_count_line_only(session: Session, cli: Cli) -> None:
    session.read_log.write_text(read_log_text("ok2020", "low2020"), encoding="utf-8")
    full = cli("list-read", "--passport", session.passport)
    quiet = cli("list-read", "--passport", session.passport, "-q")
    assert full.code == quiet.code == 0
    assert quiet.out == full.out.splitlines(keepends=True)[0]
    assert quiet.out == f"{session.read_log}: 2 active mark(s)\n"


def test_quotes_quiet_prints_the_summary_line_with_the_same_exit_code(
    session: Session, cli: Cli
) -> None:
    draft = session.write("q.md", 'Smith <!--ref:ok2020--> wrote "a sentence nobody checked".\n')
    full = cli("quotes", draft, "--passport", session.passport)
    quiet = cli("quotes", draft, "--passport", session.passport, "-q")
    assert quiet.code == full.code == 1  # no readable original: unchecked, refused
    assert quiet.out == full.out.splitlines(keepends=True)[-1]
    assert "1 quotation(s)" in quiet.out and "1 unchecked" in quiet.out


def test_corpus_import_names_the_next_two_commands_once_it_imported(
    tmp_path: Path, cli: Cli
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@article{doe2020, title={A Title}, author={Doe, Jane}, year={2020}}\n", "utf-8")
    passport = tmp_path / "passport.yaml"
    dry = cli("corpus", "import", bib, "--passport", passport, "--dry-run")
    assert dry.code == 0 and "next:" not in dry.out and not passport.exists()
    done = cli("corpus", "import", bib, "--passport", passport)
    assert done.code == 0
    lines = done.out.splitlines()
    assert lines[-1].startswith("imported 1, already present 0")  # the summary stays last
    assert lines[-3:-1] == [
        f"next: ars-docs lookup --passport {passport} (do the imported works exist, and are "
        "they what the entries say?)",
        f"next: ars-docs retrieve --passport {passport} (fetch and check their originals)",
    ]
    again = cli("corpus", "import", bib, "--passport", passport, "--format", "json")
    assert again.code == 0 and json.loads(again.out)["next"] == []  # already present
    assert "next:" not in cli("corpus", "import", bib, "--passport", passport, "-q").out


def test_the_record_commands_report_in_json(tmp_path: Path, session: Session, cli: Cli) -> None:
    from tests.audit.test_parse_verdict import RUN, make_stream

    event = ("--phase", "ad-hoc", "--action", "checked the figures", "--format", "json")
    logged = _json(cli("session", "log-event", "--passport", session.passport, *event))
    assert (logged["line"], logged["phase"], logged["classification"]) == (1, "ad-hoc", "ad-hoc")
    snap = _json(cli("session", "snapshot", "--passport", session.passport, "--format", "json"))
    assert snap["entries"] == 4 and Path(str(snap["written"])).is_file()
    drift = _json(cli("drift-log", "--passport", session.passport, "--format", "json"))
    assert drift["steps"] == 1 and Path(str(drift["written"])).is_file()
    stream = make_stream(tmp_path)
    verdict = _json(cli("audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3",
                        "--format", "json"))  # fmt: skip
    assert verdict["verdict_status"] == "MINOR" and verdict["failure"] is None
    assert verdict["written"] == str(tmp_path / f"{RUN}.verdict.yaml")


def test_json_with_the_artifact_on_standard_output_is_refused_before_anything_runs(
    tmp_path: Path, session: Session, cli: Cli
) -> None:
    from tests.audit.test_parse_verdict import make_stream

    stream = make_stream(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    for argv in (
        ("drift-log", "--passport", session.passport, "-o", "-"),
        ("session", "snapshot", "--passport", session.passport, "-o", "-"),
        ("scope-report", "--passport", session.passport),  # the default is standard output
        ("audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3", "-o", "-"),
    ):
        refused = cli(*argv, "--format", "json")
        assert refused.code == 64 and refused.out == "", (argv, refused.err)
        assert refused.err.startswith("ars-docs: error: --format json prints its report on "
                                      "standard output; write the ")  # fmt: skip
        assert refused.err.endswith(" to a file (-o FILE)\n")
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    assert after == before  # nothing written: no events, snapshot, log or verdict
