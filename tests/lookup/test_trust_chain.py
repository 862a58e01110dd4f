"""What the trust chain does with lookup's records: finalize, the gate, verify, mark-read.

Passports are real YAML files; the ``lookup:`` records are written into them
by the same byte-preserving editor ``ars-docs lookup`` uses, with the entry's
real fingerprint, so the records are exactly what a lookup run leaves behind.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ars_docs.session.corpus import load_corpus
from ars_docs.session.lookup_record import fingerprint, lookup_facts
from ars_docs.session.passport_edit import set_entry_fields
from tests.support.sessions import CliResult, Session, entry, passport_text, read_log_text

Cli = Callable[..., CliResult]

NOT_FOUND = {
    "status": "not_found",
    "proof": "doi.org: 10.5555/x is not a registered DOI (handle not found)",
    "proof_kind": "identifier",
    "sources": ["crossref", "doi.org"],
    "retraction": {"status": "unknown"},
}
NOT_FOUND_BY_SEARCH = {**NOT_FOUND, "proof": "searched crossref, openalex", "proof_kind": "search"}
MISMATCH = {
    "status": "mismatch",
    "sources": ["crossref"],
    "differences": [
        {
            "field": "title",
            "entry": "Title of the entry",
            "record": "A wholly different paper",
            "source": "crossref",
            "blocking": True,
        }
    ],
    "retraction": {"status": "unknown"},
}
YEAR_ONLY = {
    **MISMATCH,
    "differences": [
        {
            "field": "year",
            "entry": "2020",
            "record": "2016",
            "source": "crossref",
            "blocking": False,
        }
    ],
}
RETRACTED = {
    "status": "found",
    "sources": ["crossref", "openalex"],
    "retraction": {
        "status": "retracted",
        "notices": [
            {
                "type": "retraction",
                "doi": "10.1111/ret.1",
                "date": "2020-01-02",
                "source": "retraction-watch",
            }
        ],
        "sources": ["crossref", "openalex"],
    },
}
CONCERN = {
    **RETRACTED,
    "retraction": {
        "status": "expression_of_concern",
        "notices": [{"type": "expression_of_concern", "doi": "10.1111/eoc.1", "date": None}],
    },
}


def record(key: str, passport: Path, fields: dict[str, Any]) -> None:
    """Write a lookup record for ``key`` as lookup does (real fingerprint)."""
    data = load_corpus(passport, use_cache=False).entries[key].data
    value = {"status": fields["status"], "checked_at": "2026-11-30T10:00:00Z"}
    value["fingerprint"] = fingerprint(data)
    value.update({k: v for k, v in fields.items() if k != "status"})
    set_entry_fields(passport, {key: {"lookup": value}})


@pytest.fixture
def ok_session(session: Session) -> Session:
    """Every entry acquired, verified and read: ok by the matrix."""
    keys = ("ok2020", "low2020", "med2020", "high2020")
    session.passport.write_text(
        passport_text(*(entry(k, acquired=True, verified=True, looked_up=False) for k in keys)),
        encoding="utf-8",
    )
    session.read_log.write_text(read_log_text(*keys, level="full_text"), encoding="utf-8")
    return session


def finalize(cli: Cli, s: Session, text: str) -> tuple[CliResult, str]:
    s.draft.write_text(text, encoding="utf-8")
    result = cli("finalize", s.draft, "--passport", s.passport)
    return result, s.draft.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("fields", "status", "prefix", "reason"),
    [
        (NOT_FOUND, "SOURCE-NOT-FOUND", "SOURCE NOT FOUND", "source-not-found"),
        (MISMATCH, "METADATA-MISMATCH", "METADATA MISMATCH", "metadata-mismatch"),
        (RETRACTED, "RETRACTED", "RETRACTED SOURCE", "retracted-source"),
        (CONCERN, "EXPRESSION-OF-CONCERN", "EXPRESSION OF CONCERN", "retracted-source"),
    ],
)
def test_a_blocking_record_turns_an_ok_citation_into_a_visible_warning(
    ok_session: Session, cli: Cli, fields: dict[str, Any], status: str, prefix: str, reason: str
) -> None:
    record("ok2020", ok_session.passport, fields)
    done, text = finalize(cli, ok_session, "Author (2020) <!--ref:ok2020 ok--> found it.\n")
    assert done.code == 0
    assert text == f"Author (2020) [UNVERIFIED CITATION — {prefix}]<!--ref:ok2020--> found it.\n"
    assert f"ok2020 ok -> {status}" in done.out
    checklist = (ok_session.root / "draft_prefinalization_checklist.md").read_text("utf-8")
    assert f"**{status}** `ok2020`" in checklist
    gate = cli("render", ok_session.draft, "--strict", "--passport", ok_session.passport)
    assert gate.code == 1
    assert f"draft.md:1:15: {reason} ok2020" in gate.err
    assert not (ok_session.root / "draft_final.md").exists()


def test_an_ok_marker_written_by_hand_is_refused_with_the_lookup_reason(
    ok_session: Session, cli: Cli
) -> None:
    record("ok2020", ok_session.passport, NOT_FOUND)
    ok_session.draft.write_text("Author (2020) <!--ref:ok2020 ok--> found it.\n", encoding="utf-8")
    gate = cli("render", ok_session.draft, "--strict", "--passport", ok_session.passport)
    assert gate.code == 1
    assert "source-not-found ok2020 (no source has this work" in gate.err
    assert "forged-status" not in gate.err


def test_the_checklist_says_what_differs(ok_session: Session, cli: Cli) -> None:
    record("ok2020", ok_session.passport, MISMATCH)
    finalize(cli, ok_session, "Author (2020) <!--ref:ok2020--> found it.\n")
    checklist = (ok_session.root / "draft_prefinalization_checklist.md").read_text("utf-8")
    assert (
        "title: entry 'Title of the entry', record 'A wholly different paper'; fix the entry"
        in checklist
    )


@pytest.mark.parametrize(
    "fields", [NOT_FOUND_BY_SEARCH, YEAR_ONLY, {"status": "ambiguous"}, {"status": "unreachable"}]
)
def test_weak_evidence_never_blocks(ok_session: Session, cli: Cli, fields: dict[str, Any]) -> None:
    record("ok2020", ok_session.passport, fields)
    _done, text = finalize(cli, ok_session, "Author (2020) <!--ref:ok2020--> found it.\n")
    assert text == "Author (2020) <!--ref:ok2020 ok--> found it.\n"
    # No lookup verdict blocks; but such a record cannot say the work is not retracted,
    # so by default the gate still asks for one that can (issue 33) — and says only that.
    gate = cli("render", ok_session.draft, "--strict", "--passport", ok_session.passport)
    assert gate.code == 1
    refused = [line for line in gate.err.splitlines() if "draft.md:1:" in line]
    assert len(refused) == 1 and "draft.md:1:15: existence-unchecked ok2020" in refused[0]
    assert "could not say whether it is retracted" in refused[0]
    opted_out = cli(
        "render", ok_session.draft, "--strict", "--passport", ok_session.passport,
        "--no-require-lookup",
    )  # fmt: skip
    assert opted_out.code == 0, opted_out.err
    assert "existence of the cited works not checked (--no-require-lookup)" in opted_out.err


def test_the_matrix_still_speaks_under_a_found_record(session: Session, cli: Cli) -> None:
    record("high2020", session.passport, {"status": "found", "retraction": {"status": "none"}})
    _, text = finalize(cli, session, "A (2020) <!--ref:high2020--> said.\n")
    assert text == "A (2020) [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020--> said.\n"


def test_what_the_work_is_comes_before_its_retraction(ok_session: Session, cli: Cli) -> None:
    record("ok2020", ok_session.passport, {**MISMATCH, "retraction": RETRACTED["retraction"]})
    _, text = finalize(cli, ok_session, "A (2020) <!--ref:ok2020--> said.\n")
    assert "METADATA MISMATCH" in text


def test_an_acknowledged_retraction_passes_and_the_status_is_kept(
    ok_session: Session, cli: Cli
) -> None:
    record("ok2020", ok_session.passport, RETRACTED)
    finalize(cli, ok_session, "A (2020) <!--ref:ok2020--> said.\n")
    before = ok_session.passport.read_bytes()
    done = cli(
        "acknowledge-retraction",
        "ok2020",
        "--passport",
        ok_session.passport,
        "--reason",
        "the chapter discusses the retraction itself",
    )
    assert done.code == 0, done.err
    assert "acknowledged that ok2020 is cited although retracted (notice 10.1111/ret.1)" in done.out
    after = ok_session.passport.read_bytes()
    added = [line for line in after.splitlines() if line not in before.splitlines()]
    assert added[0] == b"    retraction_acknowledgement:"
    assert all(line.startswith(b"      ") for line in added[1:])
    kept = [line for line in after.splitlines() if line not in added]
    assert kept == before.splitlines()  # nothing else touched
    facts = lookup_facts(load_corpus(ok_session.passport, use_cache=False).entries["ok2020"].data)
    assert (facts.acknowledged, facts.retraction) == ("retracted", None)
    _, text = finalize(cli, ok_session, ok_session.draft.read_text("utf-8"))
    assert text == "A (2020) <!--ref:ok2020 ok--> said.\n"
    assert cli("render", ok_session.draft, "--strict", "--passport", ok_session.passport).code == 0
    again = cli(
        "acknowledge-retraction",
        "ok2020",
        "--passport",
        ok_session.passport,
        "--reason",
        "the chapter  discusses the retraction itself",
    )
    assert again.code == 0 and "already recorded; unchanged" in again.out
    assert ok_session.passport.read_bytes() == after


def test_an_acknowledgement_of_a_concern_does_not_cover_a_later_retraction(
    ok_session: Session, cli: Cli
) -> None:
    record("ok2020", ok_session.passport, CONCERN)
    done = cli(
        "acknowledge-retraction", "ok2020", "--passport", ok_session.passport,
        "--reason", "cited for its data, concern noted in the text",
    )  # fmt: skip
    assert done.code == 0, done.err
    _, text = finalize(cli, ok_session, "A (2020) <!--ref:ok2020--> said.\n")
    assert text == "A (2020) <!--ref:ok2020 ok--> said.\n"
    record("ok2020", ok_session.passport, RETRACTED)
    _, text = finalize(cli, ok_session, text)
    assert "[UNVERIFIED CITATION — RETRACTED SOURCE]" in text


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["--reason", "short"], 64, "--reason must say why the retracted work is cited"),
        (["--reason", "a reason long enough", "--key"], 64, "unrecognized arguments"),
    ],
)
def test_acknowledge_usage_errors(
    ok_session: Session, cli: Cli, argv: list[str], code: int, message: str
) -> None:
    record("ok2020", ok_session.passport, RETRACTED)
    before = ok_session.passport.read_bytes()
    done = cli("acknowledge-retraction", "ok2020", "--passport", ok_session.passport, *argv)
    assert done.code == code
    assert message in done.err
    assert ok_session.passport.read_bytes() == before


def test_acknowledge_needs_a_retraction_and_a_known_key(ok_session: Session, cli: Cli) -> None:
    before = ok_session.passport.read_bytes()
    reason = ("--reason", "cited to discuss the retraction")
    done = cli("acknowledge-retraction", "ok2020", "--passport", ok_session.passport, *reason)
    assert done.code == 65
    assert "'ok2020' is not recorded as retracted" in done.err
    assert "it has no lookup record" in done.err
    assert "Run `ars-docs lookup ok2020` first" in done.err
    done = cli("acknowledge-retraction", "ok202", "--passport", ok_session.passport, *reason)
    assert done.code == 65 and "citation_key 'ok202' not in literature_corpus[]" in done.err
    assert "closest keys: ok2020" in done.err
    missing = ok_session.root / "nowhere.yaml"
    done = cli("acknowledge-retraction", "ok2020", "--passport", missing, *reason)
    assert done.code == 66 and "passport not found" in done.err
    assert ok_session.passport.read_bytes() == before


@pytest.mark.parametrize("fields", [NOT_FOUND, MISMATCH])
def test_verify_and_mark_read_refuse_another_work(
    ok_session: Session, cli: Cli, fields: dict[str, Any]
) -> None:
    record("low2020", ok_session.passport, fields)
    passport, log = ok_session.passport.read_bytes(), ok_session.read_log.read_bytes()
    done = cli(
        "verify", "--yes", "low2020", "--method", "manual_grep", "--passport", ok_session.passport
    )
    assert done.code == 65
    assert "verification refused; nothing was written" in done.err
    assert "'low2020':" in done.err
    done = cli("mark-read", "--yes", "low2020", "med2020", "--passport", ok_session.passport)
    assert done.code == 65
    assert "refused, nothing was written" in done.err and "'low2020':" in done.err
    assert ok_session.passport.read_bytes() == passport
    assert ok_session.read_log.read_bytes() == log


def test_a_retracted_work_can_still_be_verified_and_read(ok_session: Session, cli: Cli) -> None:
    record("med2020", ok_session.passport, RETRACTED)
    assert (
        cli(
            "verify",
            "--yes",
            "med2020",
            "--method",
            "manual_grep",
            "--passport",
            ok_session.passport,
        ).code
        == 0
    )
    assert cli("mark-read", "--yes", "med2020", "--passport", ok_session.passport).code == 0


def test_a_stale_blocking_record_keeps_blocking_and_says_so(ok_session: Session, cli: Cli) -> None:
    record("ok2020", ok_session.passport, NOT_FOUND)
    text = ok_session.passport.read_text("utf-8").replace(
        "title: Title of ok2020", "title: Title of ok2020, corrected"
    )
    ok_session.passport.write_text(text, encoding="utf-8")
    ok_session.draft.write_text("A (2020) <!--ref:ok2020 ok--> said.\n", encoding="utf-8")
    gate = cli("render", ok_session.draft, "--strict", "--passport", ok_session.passport)
    assert gate.code == 1
    assert "the entry changed since, so run `ars-docs lookup ok2020` again" in gate.err


def test_a_stale_found_record_stops_counting(ok_session: Session) -> None:
    record("ok2020", ok_session.passport, {"status": "found", "retraction": {"status": "none"}})
    data = dict(load_corpus(ok_session.passport, use_cache=False).entries["ok2020"].data)
    assert not lookup_facts(data).stale
    data["doi"] = "10.1000/changed"
    facts = lookup_facts(data)
    assert facts.stale and not facts.blocks
    # ... and the next lookup run checks the entry again (without --all).
    from ars_docs.lookup.batch.run import LookupOptions, select

    corpus = load_corpus(ok_session.passport, use_cache=False)
    assert "ok2020" not in [e.citation_key for e in select(corpus, LookupOptions())[0]]
    text = ok_session.passport.read_text("utf-8").replace(
        "citation_key: ok2020\n", 'citation_key: ok2020\n    doi: "10.1000/changed"\n', 1
    )
    ok_session.passport.write_text(text, encoding="utf-8")
    corpus = load_corpus(ok_session.passport, use_cache=False)
    assert "ok2020" in [e.citation_key for e in select(corpus, LookupOptions())[0]]


@pytest.mark.parametrize(
    "broken",
    [
        {"status": "certainly", "checked_at": "x", "fingerprint": "0" * 16},
        {"status": "not_found", "checked_at": "x"},  # no fingerprint
    ],
)
def test_a_record_that_breaks_the_schema_is_no_record(
    ok_session: Session, cli: Cli, broken: dict[str, Any]
) -> None:
    set_entry_fields(ok_session.passport, {"ok2020": {"lookup": broken}})
    done, text = finalize(cli, ok_session, "A (2020) <!--ref:ok2020--> said.\n")
    assert text == "A (2020) <!--ref:ok2020 ok--> said.\n"
    assert "ARS110" in done.err


@pytest.mark.parametrize(
    ("damaged", "reason"),
    [
        ({**NOT_FOUND, "status": "NOT_FOUND"}, "source-not-found"),
        ({**NOT_FOUND, "fingerprint": 1234}, "source-not-found"),
        ({**NOT_FOUND, "fingerprint": None}, "source-not-found"),
        ({**MISMATCH, "status": "Mismatch", "differences": [*MISMATCH["differences"], 5]},
         "metadata-mismatch"),
        ({**RETRACTED, "status": "gone"}, "retracted-source"),
        ({**RETRACTED, "retraction": {**RETRACTED["retraction"], "notices": "many"}},
         "retracted-source"),
    ],
)  # fmt: skip
def test_damage_to_a_blocking_record_never_lifts_the_block(
    ok_session: Session, cli: Cli, damaged: dict[str, Any], reason: str
) -> None:
    record("ok2020", ok_session.passport, damaged)
    ok_session.draft.write_text("A (2020) <!--ref:ok2020 ok--> said.\n", encoding="utf-8")
    before = ok_session.draft.read_bytes()
    gate = cli("render", ok_session.draft, "--strict", "--passport", ok_session.passport)
    assert gate.code == 1, gate.err
    assert f"{reason} ok2020" in gate.err
    assert ok_session.draft.read_bytes() == before
    assert not ok_session.draft.with_name("draft_final.md").exists()
    lint = cli("lint", "corpus", "--passport", ok_session.passport)
    assert "ARS110" in lint.out + lint.err  # and the damage itself is reported


def test_what_a_record_quotes_is_printed_without_terminal_escapes(
    ok_session: Session, cli: Cli
) -> None:
    hostile = {**MISMATCH, "differences": [
        {**MISMATCH["differences"][0], "record": "A title\x1b]0;pwned\x07\x1b[2J\nfake: ok"}
    ]}  # fmt: skip
    record("ok2020", ok_session.passport, hostile)
    ok_session.draft.write_text("A (2020) <!--ref:ok2020 ok--> said.\n", encoding="utf-8")
    gate = cli("render", ok_session.draft, "--strict", "--passport", ok_session.passport)
    assert gate.code == 1
    assert "\x1b" not in gate.err and "\x07" not in gate.err
    assert "record 'A title ]0;pwned [2J fake: ok'" in gate.err
    done, _ = finalize(cli, ok_session, "A (2020) <!--ref:ok2020--> said.\n")
    assert "\x1b" not in done.out + done.err


def test_the_summary_names_lookup_statuses_only_when_present(session: Session, cli: Cli) -> None:
    done, _ = finalize(cli, session, "A (2020) <!--ref:ok2020--> said.\n")
    assert "SOURCE-NOT-FOUND" not in done.out and "RETRACTED" not in done.out
    json_done = cli("finalize", session.draft, "--passport", session.passport, "--format", "json")
    assert '"SOURCE-NOT-FOUND": 0' in json_done.out  # JSON counts every status
