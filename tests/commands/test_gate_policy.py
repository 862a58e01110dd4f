"""The gate policy (issue 33): existence required by default, opted out only explicitly.

``render --strict`` asks every cited entry for a current ``ars-docs lookup``
record; a session opts out with ``require_lookup = false`` under ``[gate]`` in
the ``ars-docs.toml`` beside its passport, or a caller with
``--no-require-lookup``; every verdict then says existence was not checked.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from ruamel.yaml import YAML

import ars_docs
from ars_docs.session.lookup_record import fingerprint
from tests.support.sessions import Session, entry, passport_text, read_log_text

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)
DRAFT = "# Findings\n\nAuthor (2020) <!--ref:ok2020 ok--> found it.\n"


@pytest.fixture
def s(session: Session, monkeypatch: pytest.MonkeyPatch) -> Session:
    """ok2020 is ok by the matrix and was never looked up."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(NOW.timestamp())))
    session.passport.write_text(
        passport_text(entry("ok2020", acquired=True, verified=True, looked_up=False)),
        encoding="utf-8",
    )
    session.read_log.write_text(read_log_text("ok2020"), encoding="utf-8")
    session.write("draft.md", DRAFT)
    return session


def record(s: Session, *, days_old: float, retraction: str = "none", **fields: Any) -> None:
    """Give ok2020 a lookup record ``days_old`` days before the clock."""
    yaml = YAML(typ="safe")
    data = yaml.load(s.passport.read_text(encoding="utf-8"))
    item = data["literature_corpus"][0]
    item.pop("lookup", None)
    when = (NOW - timedelta(days=days_old)).strftime("%Y-%m-%dT%H:%M:%SZ")
    item["lookup"] = {
        "status": "found",
        "checked_at": when,
        "fingerprint": fingerprint(item),
        "sources": ["crossref"],
        "retraction": {"status": retraction, "sources": ["crossref"]},
        **fields,
    }
    with s.passport.open("w", encoding="utf-8") as out:
        out.write("# a session\n")
        yaml.dump(data, out)


def strict(cli: Any, s: Session, *extra: str) -> Any:
    return cli("render", s.draft, "--strict", "--passport", s.passport, *extra)


def test_a_work_never_looked_up_is_refused_with_the_command_that_fixes_it(s: Session, cli) -> None:
    done = strict(cli, s)
    assert done.code == 1
    assert f"{s.draft}:3:15: existence-unchecked ok2020 (it was never looked up)" in done.err
    assert "to fix existence-unchecked: nothing recent says the work exists" in done.err
    assert "ars-docs lookup KEY" in done.err and "require_lookup = false" in done.err
    assert not (s.root / "draft_final.md").exists()
    data = json.loads(strict(cli, s, "--format", "json").out)
    [offender] = data["offenders"]
    assert offender["reason"] == "existence-unchecked"
    assert offender["fix"] == f"ars-docs lookup ok2020 --passport {s.passport}"


def test_finalize_says_it_first_with_a_checklist_section(s: Session, cli) -> None:
    done = cli("finalize", s.draft, "--passport", s.passport)
    assert done.code == 0
    assert (
        f"{s.draft}:3:15: ARS012 render --strict will refuse 'ok2020': nothing recent says the "
        "work exists and is not retracted: it was never looked up; run ars-docs lookup ok2020 "
        f"--passport {s.passport}" in done.err
    )
    assert f"{s.draft}: render --strict would refuse 1 problem(s) (1 existence-unchecked)" in (
        done.out
    )
    checklist = (s.root / "draft_prefinalization_checklist.md").read_text(encoding="utf-8")
    assert "## Works not looked up" in checklist
    assert f"    ars-docs lookup ok2020 --passport {s.passport}\n" in checklist
    assert "- [ ] `ok2020` (line 3): it was never looked up" in checklist


@pytest.mark.parametrize(
    ("days", "passes"), [(0, True), (29.9, True), (30.9, True), (31, False), (400, False)]
)
def test_a_record_counts_for_thirty_days(s: Session, cli, days: float, passes: bool) -> None:
    record(s, days_old=days)
    done = strict(cli, s)
    assert done.code == (0 if passes else 1), done.err
    if not passes:
        assert f"is {int(days)} days old (the gate accepts 30)" in done.err


def test_a_record_dated_after_the_clock_counts_as_current(s: Session, cli) -> None:
    # SOURCE_DATE_EPOCH set to an earlier time (a reproducible build): not a refusal.
    record(s, days_old=-60)
    assert strict(cli, s).code == 0


@pytest.mark.parametrize(
    ("fields", "retraction", "says"),
    [
        ({}, "unknown", "could not say whether it is retracted (retraction status unknown"),
        ({"fingerprint": "0123456789abcdef"}, "none", "the entry changed since its lookup"),
        (
            {"checked_at": "last tuesday"},
            "none",
            "has no readable time (checked_at 'last tuesday')",
        ),
        ({"status": "UNHEARD_OF"}, "none", "its lookup record cannot be read"),
    ],
    ids=["retraction unknown", "stale", "undated", "damaged"],
)
def test_records_that_cannot_say_are_refused(
    s: Session, cli, fields: dict[str, Any], retraction: str, says: str
) -> None:
    record(s, days_old=1, retraction=retraction, **fields)
    done = strict(cli, s)
    assert done.code == 1
    assert says in done.err


def test_an_answered_retraction_status_is_enough(s: Session, cli) -> None:
    record(s, days_old=1, retraction="correction")
    assert strict(cli, s).code == 0


def test_the_flag_opts_out_and_every_verdict_says_so(s: Session, cli) -> None:
    done = strict(cli, s, "--no-require-lookup")
    assert done.code == 0, done.err
    assert (
        f"{s.draft}: strict gate passed; existence of the cited works not checked "
        "(--no-require-lookup); wrote" in done.err
    )
    finalized = cli("finalize", s.draft, "--passport", s.passport, "--no-require-lookup")
    assert "render --strict would pass; existence of the cited works not checked" in finalized.out
    assert "ARS012" not in finalized.err
    dispatched = cli(
        "dispatch", s.draft, "--passport", s.passport, "--no-require-lookup", "--format", "json"
    )
    assert dispatched.code == 0, dispatched.err
    payload = json.loads((s.root / "draft_handoff.json").read_text(encoding="utf-8"))
    assert payload["terminal_gate_decision"]["existence_checked"] is False
    assert json.loads(dispatched.out)["summary"]["existence_checked"] is False
    report = cli("report", s.draft, "--passport", s.passport, "--no-require-lookup")
    assert report.code == 0
    assert "1 of 1 would pass render --strict" in report.out
    assert "existence of the cited works not checked (--no-require-lookup)" in report.out
    page = (s.root / "passport_report.html").read_text(encoding="utf-8")
    assert "existence of the cited works not checked (--no-require-lookup): a passing" in page


def test_the_sessions_settings_opt_out(s: Session, cli) -> None:
    settings = s.root / "ars-docs.toml"
    settings.write_text("[gate]\nrequire_lookup = false\n", encoding="utf-8")
    done = strict(cli, s)
    assert done.code == 0, done.err
    assert (
        f"existence of the cited works not checked (require_lookup = false in {settings})"
        in done.err
    )
    # the library reads the same file beside the corpus it was given
    corpus = ars_docs.load_corpus(s.passport)
    read_log = ars_docs.load_read_log(ars_docs.read_log_path(s.passport))
    verdict = ars_docs.gate(DRAFT, corpus, read_log)
    assert verdict.passed and verdict.existence_checked is False
    # ... unless the caller insists
    assert not ars_docs.gate(DRAFT, corpus, read_log, require_lookup=True).passed
    # an in-memory corpus has no session folder: the default holds
    data = YAML(typ="safe").load(s.passport.read_text(encoding="utf-8"))
    assert not ars_docs.gate(DRAFT, data, read_log).passed


def test_a_settings_file_in_the_working_directory_cannot_weaken_a_session(
    s: Session, cli, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "ars-docs.toml").write_text("[gate]\nrequire_lookup = false\n", "utf-8")
    monkeypatch.chdir(elsewhere)
    assert strict(cli, s).code == 1


def test_a_longer_age_is_a_session_setting(s: Session, cli) -> None:
    record(s, days_old=45)
    assert strict(cli, s).code == 1
    (s.root / "ars-docs.toml").write_text("[gate]\nlookup_max_age_days = 60\n", "utf-8")
    assert strict(cli, s).code == 0
    record(s, days_old=61)
    assert "is 61 days old (the gate accepts 60)" in strict(cli, s).err


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[gate]\nrequire_lookups = false\n", ":2: unknown key 'require_lookups' in [gate]"),
        ('[gate]\nrequire_lookup = "no"\n', ":2: require_lookup must be true or false"),
        ("[gate]\nlookup_max_age_days = true\n", ":2: lookup_max_age_days must be a whole number"),
        ("[gate]\nlookup_max_age_days = 0\n", "must be between 1 and 3650 days (is 0)"),
        ("gate = 1\n", ":1: `gate` must be a table: write [gate]"),
        ("[gate\nrequire_lookup = false\n", ":1:6: malformed TOML"),
        ("[gate]\nx = " + "[" * 200 + "]" * 200 + "\n", "nest more than"),
    ],
    ids=["typo", "string", "bool days", "zero days", "not a table", "syntax", "nesting"],
)
def test_bad_settings_are_refused_and_nothing_is_written(
    s: Session, cli, text: str, says: str
) -> None:
    settings = s.root / "ars-docs.toml"
    settings.write_text(text, encoding="utf-8")
    before = {p.name: p.read_bytes() for p in s.root.iterdir() if p.is_file()}
    for argv in (
        ("render", s.draft, "--strict", "--passport", s.passport),
        ("finalize", s.draft, "--passport", s.passport),
        ("dispatch", s.draft, "--passport", s.passport),
    ):
        done = cli(*argv)
        assert done.code == 65, (argv, done.err)
        assert f"{settings}" in done.err and says in done.err, done.err
    assert {p.name: p.read_bytes() for p in s.root.iterdir() if p.is_file()} == before


def test_a_fifo_in_place_of_the_settings_is_refused_without_waiting(s: Session, cli) -> None:
    os.mkfifo(s.root / "ars-docs.toml")
    done = strict(cli, s)
    assert done.code == 74
    assert "ars-docs.toml" in done.err and "FIFO" in done.err
