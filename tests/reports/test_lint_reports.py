"""`ars-docs lint audit-report` (§3.2) and `ars-docs lint drift-log` (§3.4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ars_docs.reports.drift.lint import lint_drift_log
from ars_docs.reports.scope.lint import lint_audit_report
from tests.support.layout import REPO
from tests.support.reports import EXAMPLES

TEMPLATES = REPO / "ars_docs" / "templates"
SHIPPED_PROMPT = TEMPLATES / "audit" / "codex_audit_multifile_template.md"


SCOPE = """\
## Codex Audit Round 2 — Scope Report

**Total entries audited:** 3

**Entries with retrieved original source:** 2 (x)

**Entries description-only (no retrieved source):** 1 (y)

**Audit scope warning:** 1 entry cannot be independently verified.

**Affected refcodes (description-only):** `b1`

- verified-against-source: PASS (2 entries)
- description-internally-consistent: FAIL (1 entry)
- unaudited-due-to-missing-source: 1
"""

GOOD = f"# Audit report\n\nIntro.\n\n{SCOPE}\n## Section 1 — Round\n\nRound 2.\n"


def codes(text: str, *, template: bool = False) -> list[tuple[int, str]]:
    return [(d.line, d.code) for d in lint_audit_report(text, "r.md", template=template)]


# -- audit reports ---------------------------------------------------------------------------


def test_a_complete_report_passes() -> None:
    assert codes(GOOD) == []


def test_shipped_prompt_template_passes_in_template_mode(cli) -> None:
    result = cli("lint", "audit-report", "--template", SHIPPED_PROMPT)
    assert result.code == 0, result.out
    assert result.out.endswith("codex_audit_multifile_template.md: 0 finding(s) (audit report)\n")


def test_shipped_prompt_keeps_sections_1_to_7_in_order() -> None:
    text = SHIPPED_PROMPT.read_text("utf-8")
    positions = [text.index(f"## Section {n} — ") for n in range(1, 8)]
    assert positions == sorted(positions)
    assert text.index("— Scope Report") < positions[0]


def test_placeholders_are_findings_outside_template_mode(cli) -> None:
    result = cli("lint", "audit-report", SHIPPED_PROMPT)
    assert result.code == 1
    assert "ARS407" in result.out and "placeholder" in result.out


def test_examples_pass(cli) -> None:
    expected = EXAMPLES / "scope_report" / "expected"
    result = cli("lint", "audit-report", *sorted(expected.glob("*.md")))
    assert result.code == 0, result.out


def test_no_scope_report() -> None:
    assert codes("# R\n\n## Section 1\n\nx\n") == [(1, "ARS401")]


def test_scope_report_inside_code_does_not_count() -> None:
    fenced = f"# R\n\n```markdown\n{SCOPE}```\n\n## Section 1\n"
    assert (1, "ARS401") in codes(fenced)


@pytest.mark.parametrize(
    ("before", "line"),
    [
        ("Overall: PASS\n\n", 3),
        ("**verdict_status:** MINOR\n\n", 3),
        ("## Verdict\n\nsee below\n\n", 3),
        ("- verified-against-source: PASS\n\n", 3),
    ],
)
def test_pass_fail_summary_before_scope_report(before: str, line: int) -> None:
    assert (line, "ARS402") in codes(f"# R\n\n{before}{SCOPE}\n## Section 1\n")


def test_summary_words_in_code_before_scope_are_fine() -> None:
    code = "The status `PASS` is defined later.\n\n```\nverdict_status: PASS\n```\n"
    text = f"# R\n\n{code}\n{SCOPE}\n## Section 1\n"
    assert codes(text) == []


def test_two_scope_reports() -> None:
    assert (19, "ARS403") in codes(f"{SCOPE}\n## Section 1\n\n{SCOPE}")


def test_scope_report_after_section1() -> None:
    found = codes(f"# R\n\n## Section 1\n\nx\n\n{SCOPE}")
    assert (7, "ARS404") in found


@pytest.mark.parametrize(
    "label",
    [
        "Total entries audited",
        "Entries with retrieved original source",
        "Entries description-only",
        "Audit scope warning",
        "Affected refcodes",
    ],
)
def test_each_required_field(label: str) -> None:
    text = "\n".join(line for line in GOOD.splitlines() if label not in line) + "\n"
    found = lint_audit_report(text, "r.md")
    assert [(d.code, label in d.message) for d in found] == [("ARS405", True)]


@pytest.mark.parametrize(
    "label",
    [
        "verified-against-source",
        "description-internally-consistent",
        "unaudited-due-to-missing-source",
    ],
)
def test_each_split_line(label: str) -> None:
    text = "\n".join(line for line in GOOD.splitlines() if f"- {label}:" not in line) + "\n"
    found = list(lint_audit_report(text, "r.md"))
    assert [d.code for d in found] == ["ARS406"] and label in found[0].message


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("**Total entries audited:** 3", "**Total entries audited:** <N_total>", "ARS407"),
        ("- verified-against-source: PASS", "- verified-against-source: PASS | FAIL", "ARS407"),
        ("- verified-against-source: PASS", "- verified-against-source: ok", "ARS407"),
        ("**Affected refcodes (description-only):** `b1`",
         "**Affected refcodes (description-only):** <comma-separated list>", "ARS407"),
        ("**Total entries audited:** 3", "**Total entries audited:** 4", "ARS408"),
        ("- unaudited-due-to-missing-source: 1", "- unaudited-due-to-missing-source: 0", "ARS408"),
        ("**Affected refcodes (description-only):** `b1`",
         "**Affected refcodes (description-only):** `b1`, `b2`", "ARS408"),
        ("**Affected refcodes (description-only):** `b1`",
         "**Affected refcodes (description-only):** none", "ARS408"),
    ],
)  # fmt: skip
def test_values_are_checked(old: str, new: str, code: str) -> None:
    text = GOOD.replace(old, new)
    assert text != GOOD
    assert [c for _, c in codes(text)] == [code]
    assert codes(text, template=True) == []


@pytest.mark.parametrize(
    "line",
    [
        "All 53 entries PASSED.",
        "**Audit status:** Passed",
        "Overall result: passed",
    ],
)
def test_combined_passed_is_forbidden(line: str) -> None:
    text = GOOD.replace("Round 2.", line)
    assert [c for _, c in codes(text)] == ["ARS410"]
    assert [c for _, c in codes(text, template=True)] == ["ARS410"]


def test_passed_in_code_or_prose_verb_is_fine() -> None:
    text = GOOD.replace(
        "Round 2.", "The word `PASSED` is forbidden; the tests passed yesterday.\n\n    PASSED\n"
    )
    assert codes(text) == []


def test_crlf_and_bom_reports() -> None:
    text = "\ufeff" + GOOD.replace("\n", "\r\n")
    assert codes(text) == []


def test_cli_exit_codes_and_json(cli, tmp_path: Path) -> None:
    good, bad = tmp_path / "good.md", tmp_path / "bad.md"
    good.write_text(GOOD, encoding="utf-8")
    bad.write_text("# R\n\n## Section 1\n", encoding="utf-8")
    assert cli("lint", "audit-report", good).code == 0
    result = cli("lint", "audit-report", good, bad)
    assert result.code == 1
    assert f"{bad}:1:1: ARS401 no Scope Report heading" in result.out
    assert f"{good}: 0 finding(s)" in result.out and f"{bad}: 1 finding(s)" in result.out
    payload = json.loads(cli("lint", "audit-report", bad, "--format", "json").out)
    assert payload["errors"] == 1 and payload["diagnostics"][0]["code"] == "ARS401"


def test_missing_file_exits_66_before_any_output(cli, tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_text(GOOD, encoding="utf-8")
    result = cli("lint", "audit-report", good, tmp_path / "nope.md")
    assert result.code == 66 and "nope.md: audit report not found" in result.err
    assert result.out == ""


def test_non_utf8_exits_65(cli, tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    path.write_bytes(b"# R\n\xff\n")
    result = cli("lint", "audit-report", path)
    assert result.code == 65 and f"{path}:2:1: not valid UTF-8" in result.err


# -- drift logs -------------------------------------------------------------------------------

DRIFT = (EXAMPLES / "drift_session" / "expected" / "passport_drift_log.md").read_text("utf-8")


def drift_codes(text: str) -> list[tuple[int, int, str]]:
    return [(d.line, d.col, d.code) for d in lint_drift_log(text, "d.md")]


def test_example_drift_log_passes(cli) -> None:
    path = EXAMPLES / "drift_session" / "expected" / "passport_drift_log.md"
    assert cli("lint", "drift-log", path).code == 0


@pytest.mark.parametrize(
    "wording",
    [
        "a deviation from the plan",
        "the user deviated to retrieval",
        "this step was out-of-spec",
        "out of spec work",
        "an error in the workflow",
        "Errors: 2",
        "a process failure",
        "the phase failed",
        "drafting fails here",
    ],
)
def test_non_neutral_wording_is_rejected(wording: str, cli, tmp_path: Path) -> None:
    text = DRIFT.replace("Drafted section 2.4”", "Drafted section 2.4” — " + wording, 1)
    text = text.replace("“Drafted section 2.4” — ", "", 1)  # the wording is the log's own
    assert text != DRIFT
    found = drift_codes(text)
    assert [c for _, _, c in found] == ["ARS421"]
    path = tmp_path / "d.md"
    path.write_text(text, encoding="utf-8")
    result = cli("lint", "drift-log", path)
    assert result.code == 1 and "ARS421" in result.out and "not neutral" in result.out


def test_recorded_words_and_code_are_not_the_logs_voice() -> None:
    text = DRIFT.replace("“Drafted section 2.4”", "“fixed an error in D5”", 1)
    text += "\n```\nerror: this is code\n```\n\nThe `error` field is code.\n"
    assert drift_codes(text) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("(crossphase-jump-to-drafting)", "(jumped back)"),
        ("“Drafted section 2.4” (in-phase)", "“Drafted section 2.4”"),
    ],
)
def test_unknown_classification(old: str, new: str) -> None:
    text = DRIFT.replace(old, new)
    assert text != DRIFT
    assert [c for _, _, c in drift_codes(text)] == ["ARS422"]


@pytest.mark.parametrize(
    "part",
    [
        "**Session start phase:**",
        "**Session end phase:**",
        "**Pipeline mode:**",
        "### Phase trajectory",
        "**Phase-standard artifacts produced:**",
        "**Ad-hoc artifacts produced (NOT phase-standard):**",
        "**Sources newly verified-against-original:**",
        "**Sources still unverified-against-original:**",
        "### Phase status diff",
        "### Recommended next-session work",
        "## Session example-2026-04-30-chapter-2 drift log",
    ],
)
def test_every_part_is_required(part: str) -> None:
    text = "\n".join(line for line in DRIFT.splitlines() if not line.startswith(part)) + "\n"
    found = list(lint_drift_log(text, "d.md"))
    assert [d.code for d in found] == ["ARS423"], found


def test_drift_lint_missing_file_exits_66(cli, tmp_path: Path) -> None:
    result = cli("lint", "drift-log", tmp_path / "d.md")
    assert result.code == 66 and "drift log not found" in result.err


@pytest.mark.parametrize(
    "command",
    [
        ("scope-report",),
        ("session", "log-event"),
        ("session", "snapshot"),
        ("drift-log",),
        ("lint", "audit-report"),
        ("lint", "drift-log"),
    ],
)
def test_help_of_every_command(cli, command: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli(*command, "--help")
    assert stopped.value.code == 0
