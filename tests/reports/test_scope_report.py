"""`ars-docs scope-report`: the §3.2 Section 0 block, its split verdict and --prepend-to."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from syrupy.assertion import SnapshotAssertion

from ars_docs.core.errors import InputDataError
from ars_docs.document.parse.mdscan import scan
from ars_docs.reports.scope.report import (
    FAIL,
    NOT_EVALUATED,
    PASS,
    compute_scope_report,
    refcode_order,
    render_scope_report,
)
from ars_docs.reports.scope.section0 import prepend_section0
from ars_docs.reports.scope.verdict import AuditFinding, AuditVerdict, load_verdict
from ars_docs.session.corpus import load_corpus
from tests.support.layout import REPO
from tests.support.reports import EXAMPLES, corpus_of, fail_replace, tree
from tests.support.sessions import entry, passport_text

SCOPE_EXAMPLE = EXAMPLES / "scope_report"


def write_passport(root: Path, acquired: list[str], missing: list[str]) -> Path:
    entries = [entry(k, acquired=True, verified=True) for k in acquired]
    entries += [entry(k, acquired=False, verified=False) for k in missing]
    path = root / "passport.yaml"
    path.write_text(passport_text(*entries), encoding="utf-8")
    return path


def verdict(*findings: AuditFinding, status: str = "MINOR", reason: str | None = None):
    return AuditVerdict("audit/round2.verdict.yaml", 2, status, reason, findings)


def finding(fid: str, severity: str, *, refcode: str | None = None, file: str | None = None):
    return AuditFinding(fid, severity, refcode, file, 10)


def prose_words(text: str) -> str:
    """The text outside code spans and code blocks."""
    md = scan(text)
    return "\n".join(md.prose(i) for i in range(len(md.lines)))


# -- acceptance criterion 9: the 53 / 22 / 31 example ------------------------------------


def test_example_passport_gives_53_22_31() -> None:
    corpus = load_corpus(SCOPE_EXAMPLE / "passport.yaml", use_cache=False)
    report = compute_scope_report(corpus, load_verdict(SCOPE_EXAMPLE / "round3.verdict.yaml"))
    assert (report.total, len(report.with_source), len(report.description_only)) == (53, 22, 31)
    assert report.unaudited_due_to_missing_source == 31
    expected = [k for k, e in corpus.entries.items() if not e.source_acquired]
    assert sorted(report.description_only) == sorted(expected)
    assert report.description_only == tuple(sorted(expected, key=refcode_order))
    assert report.verified_against_source.status == PASS
    assert report.description_internally_consistent.status == FAIL
    text = render_scope_report(report)
    listed = re.search(r"\*\*Affected refcodes \(description-only\):\*\* (.*)", text)
    assert listed is not None
    assert [k.strip("` ") for k in listed.group(1).split(",")] == list(report.description_only)


def test_example_cli_output_matches_expected_file(cli, monkeypatch, snapshot) -> None:
    monkeypatch.chdir(SCOPE_EXAMPLE)
    result = cli("scope-report", "--passport", "passport.yaml", "--verdict", "round3.verdict.yaml")
    assert result.code == 0, result.err
    assert result.out == (SCOPE_EXAMPLE / "expected" / "scope_report_round3.md").read_text("utf-8")
    assert result.out == snapshot(name="scope_report_round3")
    assert "53 entries, 22 with retrieved source, 31 description-only" in result.err


def test_example_prepend_matches_expected_report(cli, tmp_path: Path) -> None:
    report = tmp_path / "report.md"
    shutil.copy(SCOPE_EXAMPLE / "codex_audit_round3.md", report)
    args = ("--passport", SCOPE_EXAMPLE / "passport.yaml")
    verdict_arg = ("--verdict", SCOPE_EXAMPLE / "round3.verdict.yaml")
    result = cli("scope-report", *args, *verdict_arg, "--prepend-to", report)
    assert result.code == 0, result.err
    expected = (SCOPE_EXAMPLE / "expected" / "codex_audit_round3.md").read_bytes()
    assert report.read_bytes() == expected


# -- the split verdict -----------------------------------------------------------------------


def test_no_verdict_means_not_evaluated_and_never_a_pass() -> None:
    report = compute_scope_report(corpus_of(["a1"], ["b1"]))
    assert report.verified_against_source.status == NOT_EVALUATED
    assert report.description_internally_consistent.status == NOT_EVALUATED
    text = render_scope_report(report)
    assert "- unaudited-due-to-missing-source: 1" in text
    assert "PASS" not in prose_words(text).replace("NOT EVALUATED", "")


@pytest.mark.parametrize(
    ("found", "acquired_status", "description_status"),
    [
        ((), PASS, PASS),
        ((finding("F-1", "P3", refcode="a1"),), PASS, PASS),
        ((finding("F-1", "P2", refcode="a1"),), FAIL, PASS),
        ((finding("F-1", "P1", refcode="b1"),), PASS, FAIL),
        ((finding("F-1", "P2", file="entries/b1.md"),), PASS, FAIL),
        ((finding("F-1", "P1", file="C:\\entries\\a1.md"),), FAIL, PASS),
        # The refcode field wins over the file stem.
        ((finding("F-1", "P1", refcode="b1", file="entries/a1.md"),), PASS, FAIL),
        # Tied to no entry: it could be about any entry, so both subsets fail.
        ((finding("F-1", "P2", file="chapter/synthesis.md"),), FAIL, FAIL),
        ((finding("F-1", "P1"),), FAIL, FAIL),
        ((finding("F-1", "P3", file="chapter/synthesis.md"),), PASS, PASS),
    ],
)
def test_findings_fail_their_subset(found, acquired_status, description_status) -> None:
    report = compute_scope_report(corpus_of(["a1", "a2"], ["b1"]), verdict(*found))
    assert report.verified_against_source.status == acquired_status
    assert report.description_internally_consistent.status == description_status


def test_unknown_refcode_counts_against_both_subsets_with_a_warning() -> None:
    report = compute_scope_report(
        corpus_of(["a1"], ["b1"]), verdict(finding("F-9", "P2", refcode="typo1"))
    )
    assert report.verified_against_source.status == FAIL
    assert report.description_internally_consistent.status == FAIL
    [warning] = report.diagnostics
    assert warning.code == "ARS431" and "'typo1'" in warning.message
    assert warning.path == "audit/round2.verdict.yaml" and warning.line == 10


def test_failed_audit_run_is_not_evaluated() -> None:
    failed = verdict(status="AUDIT_FAILED", reason="codex exit 70: network timeout")
    report = compute_scope_report(corpus_of(["a1"], ["b1"]), failed)
    for result in (report.verified_against_source, report.description_internally_consistent):
        assert result.status == NOT_EVALUATED
        assert "network timeout" in result.reason


def test_an_empty_subset_is_not_evaluated_not_passed() -> None:
    report = compute_scope_report(corpus_of(["a1", "a2"], []), verdict())
    assert report.verified_against_source.status == PASS
    assert report.description_internally_consistent.status == NOT_EVALUATED
    text = render_scope_report(report)
    assert "**Audit scope warning:** none" in text
    assert "**Affected refcodes (description-only):** none" in text


def test_round_comes_from_the_flag_or_the_verdict() -> None:
    corpus = corpus_of(["a1"], [])
    assert render_scope_report(compute_scope_report(corpus)).startswith(
        "## Codex Audit — Scope Report\n"
    )
    assert render_scope_report(compute_scope_report(corpus, verdict())).startswith(
        "## Codex Audit Round 2 — Scope Report\n"
    )
    assert render_scope_report(compute_scope_report(corpus, round_number=7)).startswith(
        "## Codex Audit Round 7 — Scope Report\n"
    )


def test_rendered_golden(snapshot: SnapshotAssertion) -> None:
    corpus = corpus_of(["a1", "a2", "a10"], ["b2", "b10", "b1"])
    found = (
        finding("F-1", "P2", refcode="b10"),
        finding("F-2", "P3", file="entries/a2.md"),
        finding("F-3", "P1", file="chapter.md"),
    )
    assert render_scope_report(compute_scope_report(corpus, verdict(*found))) == snapshot


_KEY = st.from_regex(r"[A-Za-z0-9_\-:./]{1,12}", fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(
    acquired=st.lists(_KEY, max_size=6, unique=True),
    missing=st.lists(_KEY, max_size=6, unique=True),
    severities=st.lists(st.sampled_from(["P1", "P2", "P3"]), max_size=5),
    ids=st.lists(st.text(min_size=1, max_size=10).filter(str.strip), min_size=5, max_size=5),
)
def test_combined_word_never_appears(acquired, missing, severities, ids) -> None:
    missing = [k for k in missing if k not in acquired]
    keys = acquired + missing
    found = [
        finding(ids[i].strip(), severity, refcode=keys[i % len(keys)] if keys else None)
        for i, severity in enumerate(severities)
    ]
    text = render_scope_report(compute_scope_report(corpus_of(acquired, missing), verdict(*found)))
    assert not re.search(r"\bpassed\b", prose_words(text), re.IGNORECASE)
    assert text.count("- unaudited-due-to-missing-source: ") == 1


def test_template_source_has_no_combined_word() -> None:
    root = REPO / "ars_docs" / "templates"
    assert not re.search(r"passed", (root / "scope_report.md.j2").read_text("utf-8"), re.I)


# -- --prepend-to ---------------------------------------------------------------------------

REPORT = (
    "# Audit report\r\n"
    "\r\n"
    "Intro line with trailing spaces   \r\n"
    "## Section 1 — Round\r\n"
    "\r\n"
    "Round 2.\r\n"
    "## Section 2 — Files\r\n"
    "- ü \t tabs\r\n"
    "## Section 6 — Verdict\r\n"
    "verdict_status: MINOR\r\n"
)


def block(level: int) -> str:
    return render_scope_report(compute_scope_report(corpus_of(["a1"], ["b1"])), heading_level=level)


def test_prepend_keeps_everything_from_section1_byte_for_byte() -> None:
    tail = REPORT[REPORT.index("## Section 1") :]
    once = prepend_section0(REPORT, block)
    assert once.endswith(tail)
    assert once.startswith("# Audit report\r\n\r\nIntro line with trailing spaces   \r\n\r\n## ")
    assert "\n" not in once.replace("\r\n", "")  # the report's CRLF is kept throughout
    assert once.count("Scope Report") == 1


def test_rerun_replaces_section0_instead_of_adding_one() -> None:
    once = prepend_section0(REPORT, block)
    twice = prepend_section0(once, block)
    assert twice == once
    other = render_scope_report(compute_scope_report(corpus_of(["a1", "a2"], [])), heading_level=2)
    changed = prepend_section0(once, lambda level: other)
    assert changed.count("Scope Report") == 1
    assert "**Total entries audited:** 2" in changed
    assert changed.endswith(REPORT[REPORT.index("## Section 1") :])


def test_prepend_keeps_bom_and_matches_section1_level() -> None:
    report = "\ufeff# T\n\n### 1. Scope of the round\n\ntext\n"
    out = prepend_section0(report, block)
    assert out.startswith("\ufeff# T\n\n### Codex Audit — Scope Report\n")
    assert out.endswith("### 1. Scope of the round\n\ntext\n")


def test_prepend_keeps_a_heading_between_section0_and_section1() -> None:
    report = "# T\n\n## Scope Report\n\nold\n\n## Reader notes\n\nmine\n\n## Section 1\n\nx\n"
    out = prepend_section0(report, block)
    assert "old" not in out and "## Reader notes\n\nmine\n\n## Section 1\n\nx\n" in out


@pytest.mark.parametrize(
    ("report", "problem"),
    [
        ("# T\n\nNo sections at all.\n", "no Section 1 heading"),
        ("# T\n\n```\n## Section 1\n```\n", "no Section 1 heading"),
        ("# T\n\n## Section 1\n\n## Codex Audit — Scope Report\n", "after Section 1"),
        ("# T\n\n## Scope Report\n\n## Scope Report\n\n## Section 1\n", "second Scope Report"),
    ],
)
def test_prepend_refuses_reports_it_cannot_edit_safely(report: str, problem: str) -> None:
    with pytest.raises(InputDataError, match=problem):
        prepend_section0(report, block, path="r.md")


def test_cli_prepend_in_place_then_rerun_writes_nothing(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], ["b1", "b2"])
    report = tmp_path / "report.md"
    report.write_bytes(REPORT.encode("utf-8"))
    first = cli("scope-report", "--passport", passport, "--prepend-to", report)
    assert first.code == 0, first.err
    assert report.read_bytes().endswith(REPORT[REPORT.index("## Section 1") :].encode("utf-8"))
    mtime = report.stat().st_mtime_ns
    again = cli("scope-report", "--passport", passport, "--prepend-to", report)
    assert again.code == 0 and "Section 0 is up to date; nothing written" in again.out
    assert report.stat().st_mtime_ns == mtime


def test_cli_prepend_to_other_output_leaves_report_alone(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], ["b1"])
    report = tmp_path / "report.md"
    report.write_bytes(REPORT.encode("utf-8"))
    out = tmp_path / "filled.md"
    result = cli("scope-report", "--passport", passport, "--prepend-to", report, "-o", out)
    assert result.code == 0, result.err
    assert report.read_bytes() == REPORT.encode("utf-8")
    assert "Scope Report" in out.read_text("utf-8")


def test_cli_prepend_fills_the_shipped_template(cli, tmp_path: Path) -> None:
    template = REPO / "ars_docs" / "templates" / "audit"
    copy = tmp_path / "prompt.md"
    shutil.copy(template / "codex_audit_multifile_template.md", copy)
    original = copy.read_text("utf-8")
    passport = write_passport(tmp_path, ["a1"], ["b1"])
    assert (
        cli("scope-report", "--passport", passport, "--prepend-to", copy, "--round", "4").code == 0
    )
    filled = copy.read_text("utf-8")
    assert "## Codex Audit Round 4 — Scope Report" in filled
    assert "<N_total>" not in filled and filled.count("Scope Report\n") == 1
    assert filled.endswith(original[original.index("## Section 1") :])
    assert cli("lint", "audit-report", copy).code == 0


# -- the command's error paths --------------------------------------------------------------


def test_stdout_is_the_default_output(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], ["b1"])
    before = tree(tmp_path)
    result = cli("scope-report", "--passport", passport)
    assert result.code == 0 and result.out.startswith("## Codex Audit — Scope Report\n")
    assert tree(tmp_path) == before


def test_passport_from_environment(cli, tmp_path: Path, monkeypatch) -> None:
    passport = write_passport(tmp_path, ["a1"], ["b1"])
    monkeypatch.setenv("ARS_PASSPORT", str(passport))
    assert cli("scope-report").out.startswith("## Codex Audit")


def test_missing_passport_exits_66(cli, tmp_path: Path) -> None:
    result = cli("scope-report", "--passport", tmp_path / "nope.yaml")
    assert result.code == 66 and "nope.yaml: passport not found" in result.err
    assert "Traceback" not in result.err


def test_no_passport_is_a_usage_error(cli) -> None:
    result = cli("scope-report")
    assert result.code == 64 and "no passport given" in result.err


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_bad_round_is_a_usage_error(cli, tmp_path: Path, value: str) -> None:
    passport = write_passport(tmp_path, ["a1"], [])
    assert cli("scope-report", "--passport", passport, "--round", value).code == 64


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("findings: [\n", 65, "v.yaml:2:1: malformed YAML"),
        ("- a\n- b\n", 65, "the verdict is a list, not a mapping"),
        ("round: 2\n", 65, "has no findings list"),
        ("findings:\n  - {id: F-1, severity: high}\n", 65, "v.yaml:2:15: findings[0].severity"),
        ("findings:\n  - {id: F-1, severity: P1, refcode: 3}\n", 65, "findings[0].refcode is 3"),
        ("findings: {}\n", 65, "findings is a mapping, not a list"),
        ("round: zero\nfindings: []\n", 65, "round is 'zero', not a positive integer"),
        ("verdict_status: OK\nfindings: []\n", 65, "verdict_status is 'OK'"),
        (
            "finding_counts: {p1: 0, p2: 0, p3: 0}\nfindings:\n  - {id: F-1, severity: P1}\n",
            65,
            "finding_counts.p1 is 0 but findings[] lists 1 P1 finding(s)",
        ),
    ],
)
def test_bad_verdict_file(cli, tmp_path: Path, text: str, code: int, message: str) -> None:
    passport = write_passport(tmp_path, ["a1"], ["b1"])
    (tmp_path / "v.yaml").write_text(text, encoding="utf-8")
    report = tmp_path / "report.md"
    report.write_bytes(REPORT.encode("utf-8"))
    result = cli(
        "scope-report", "--passport", passport, "--verdict", tmp_path / "v.yaml",
        "--prepend-to", report,
    )  # fmt: skip
    assert result.code == code, result.err
    assert message in result.err and "; fix the" in result.err
    assert "Traceback" not in result.err
    assert report.read_bytes() == REPORT.encode("utf-8")


def test_missing_verdict_exits_66(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], [])
    result = cli("scope-report", "--passport", passport, "--verdict", tmp_path / "v.yaml")
    assert result.code == 66 and "audit verdict not found" in result.err


def test_round_flag_disagreeing_with_verdict_is_refused(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], [])
    (tmp_path / "v.yaml").write_text("round: 2\nfindings: []\n", encoding="utf-8")
    result = cli("scope-report", "--passport", passport, "--verdict", tmp_path / "v.yaml",
                 "--round", "3")  # fmt: skip
    assert result.code == 65 and "round 2 but --round 3" in result.err


def test_audit_failed_verdict_without_findings_is_read(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], ["b1"])
    (tmp_path / "v.yaml").write_text(
        "verdict_status: AUDIT_FAILED\nround: 1\nfailure_reason: codex exit 70\n", "utf-8"
    )
    result = cli("scope-report", "--passport", passport, "--verdict", tmp_path / "v.yaml")
    assert result.code == 0, result.err
    assert "verified-against-source: NOT EVALUATED" in result.out
    assert "the audit run did not complete: codex exit 70" in result.out


def test_report_without_section1_is_refused_and_untouched(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], [])
    report = tmp_path / "report.md"
    report.write_text("# Notes\n\nnothing here\n", encoding="utf-8")
    result = cli("scope-report", "--passport", passport, "--prepend-to", report)
    assert result.code == 65 and "no Section 1 heading found" in result.err
    assert report.read_text("utf-8") == "# Notes\n\nnothing here\n"


def test_missing_report_exits_66(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], [])
    result = cli("scope-report", "--passport", passport, "--prepend-to", tmp_path / "r.md")
    assert result.code == 66 and "audit report not found" in result.err


def test_unwritable_report_exits_73_and_keeps_it(cli, tmp_path: Path, monkeypatch) -> None:
    passport = write_passport(tmp_path, ["a1"], ["b1"])
    report = tmp_path / "report.md"
    report.write_bytes(REPORT.encode("utf-8"))
    before = tree(tmp_path)
    fail_replace(monkeypatch)
    result = cli("scope-report", "--passport", passport, "--prepend-to", report)
    assert result.code == 73, result.err
    assert "cannot write" in result.err and "left unchanged" in result.err
    assert tree(tmp_path) == before  # no temp file, no half-written report


def test_output_into_missing_folder_exits_73(cli, tmp_path: Path) -> None:
    passport = write_passport(tmp_path, ["a1"], [])
    result = cli("scope-report", "--passport", passport, "-o", tmp_path / "no" / "out.md")
    assert result.code == 73 and "cannot write" in result.err
    assert not (tmp_path / "no").exists()


def test_corpus_warnings_are_reported_and_read_conservatively(cli, tmp_path: Path) -> None:
    path = tmp_path / "passport.yaml"
    text = passport_text(
        entry("a1", acquired=True, verified=True),
        entry("b1", acquired=False, verified=False).replace(
            "source_acquired: false", 'source_acquired: "yes"'
        ),
    )
    path.write_text(text, encoding="utf-8")
    result = cli("scope-report", "--passport", path)
    assert result.code == 0
    assert "ARS104" in result.err
    assert "**Entries description-only (no retrieved source):** 1" in result.out


@pytest.mark.parametrize("target", ["passport.yaml", "v.yaml"])
def test_output_never_overwrites_an_input(cli, tmp_path: Path, target: str) -> None:
    passport = write_passport(tmp_path, ["a1"], [])
    (tmp_path / "v.yaml").write_text("findings: []\n", encoding="utf-8")
    before = tree(tmp_path)
    result = cli("scope-report", "--passport", passport, "--verdict", tmp_path / "v.yaml",
                 "-o", tmp_path / target)  # fmt: skip
    assert result.code == 64 and "file itself" in result.err
    assert tree(tmp_path) == before
