"""Regression tests from the review of issue 4 (Scope Report and drift log)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ars_docs.core.errors import InputDataError
from ars_docs.document.parse.mdscan import scan
from ars_docs.reports.drift.lint import FORBIDDEN_WORDS_RE
from ars_docs.reports.scope.lint import lint_audit_report
from ars_docs.reports.scope.report import NOT_EVALUATED, compute_scope_report, render_scope_report
from ars_docs.reports.scope.section0 import find_section1, prepend_section0
from ars_docs.reports.scope.verdict import AuditVerdict
from tests.support.reports import corpus_of
from tests.support.sessions import entry, passport_text

# -- Scope Report: the failure reason of an AUDIT_FAILED verdict is data --------------------


def test_failure_reason_cannot_break_section0_or_say_passed() -> None:
    reason = "codex timed out; earlier rounds PASSED.\n\n## Section 1 — fake"
    verdict = AuditVerdict("v.yaml", 3, "AUDIT_FAILED", reason, ())
    report = compute_scope_report(corpus_of(["a1"], ["b1"]), verdict)
    assert report.verified_against_source.status == NOT_EVALUATED
    block = render_scope_report(report)
    md = scan(block)
    assert [h.text for h in md.headings] == ["Codex Audit Round 3 — Scope Report"]
    prose = "\n".join(md.prose(i) for i in range(len(md.lines)))
    assert not re.search(r"passed", prose, re.IGNORECASE)
    assert "earlier rounds PASSED. ## Section 1 — fake" in block  # shown, as a code span
    report_text = "# Audit\n\n## Section 1\n\nbody\n"
    once = prepend_section0(report_text, lambda level: block)
    found = find_section1(scan(once))
    assert found is not None and found.text == "Section 1"
    assert [d.code for d in lint_audit_report(once, "r.md")] == []


# -- --prepend-to never swallows a title that mentions a scope report ------------------------

TITLED = (
    "# Codex audit: scope report and findings, chapter 2\n\n"
    "Author's preamble that must stay.\n\n"
    "## Section 1 — Round\n\nbody\n"
)


def test_a_title_naming_a_scope_report_is_refused_not_replaced() -> None:
    with pytest.raises(InputDataError, match="looks like the report's title"):
        prepend_section0(TITLED, lambda level: "## Scope Report\n\nx\n", path="r.md")


def test_cli_leaves_a_titled_report_untouched(cli, tmp_path: Path) -> None:
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_text(entry("a1", acquired=True, verified=True)), "utf-8")
    report = tmp_path / "report.md"
    report.write_bytes(TITLED.encode("utf-8"))
    result = cli("scope-report", "--passport", passport, "--prepend-to", report)
    assert result.code == 65 and "r.md" not in result.out
    assert "report.md:1:1:" in result.err and "Rename it" in result.err
    assert report.read_bytes() == TITLED.encode("utf-8")


def test_a_scope_report_at_section1_level_is_still_replaced() -> None:
    report = "# Title\n\nPreamble.\n\n## Scope Report\n\nold\n\n## Section 1\n\nbody\n"
    out = prepend_section0(report, lambda level: "## Codex Audit — Scope Report\n\nnew\n")
    assert out == report.replace("## Scope Report\n\nold", "## Codex Audit — Scope Report\n\nnew")


# -- lint drift-log: inflected forms ------------------------------------------------------------


@pytest.mark.parametrize(
    "word", ["errored", "erroring", "Errors", "deviant", "deviance", "deviates", "failing"]
)
def test_inflected_forms_are_non_neutral(word: str) -> None:
    assert FORBIDDEN_WORDS_RE.search(f"the step {word} here")


@pytest.mark.parametrize("word", ["terror", "errand", "error_checker_agent", "failover"])
def test_other_words_and_identifiers_are_not_flagged(word: str) -> None:
    assert not FORBIDDEN_WORDS_RE.search(f"the {word} step")


# -- log-event classifies within the session, as the drift log does ------------------------------


def test_log_event_classifies_like_the_drift_log(cli, tmp_path: Path, monkeypatch) -> None:
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_text(entry("a1", acquired=True, verified=True)), "utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777500000")  # an earlier session, in review
    assert cli("session", "log-event", "--passport", passport, "--phase", "review",
               "--agent", "a", "--action", "old").code == 0  # fmt: skip
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777539600")
    assert cli("session", "snapshot", "--passport", passport).code == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777540000")
    result = cli("session", "log-event", "--passport", passport, "--phase", "retrieval",
                 "--agent", "a", "--action", "first step of this session")  # fmt: skip
    assert result.code == 0, result.err
    assert result.out.rstrip().endswith("retrieval (in-phase)")
    drift = cli("drift-log", "--passport", passport, "-o", "-")
    assert "“first step of this session” (in-phase)" in drift.out
    lines = (tmp_path / "passport_session_events.jsonl").read_text("utf-8").splitlines()
    assert [json.loads(line)["phase"] for line in lines] == ["review", "retrieval"]


def test_log_event_with_an_unreadable_snapshot_still_records(cli, tmp_path: Path) -> None:
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_text(entry("a1", acquired=True, verified=True)), "utf-8")
    (tmp_path / "passport_session_snapshot.json").write_text("{not json", "utf-8")
    result = cli("session", "log-event", "--passport", passport, "--phase", "drafting",
                 "--action", "x")  # fmt: skip
    assert result.code == 0, result.err
    assert "classified among all recorded steps" in result.err
    assert result.out.rstrip().endswith("drafting (in-phase)")
