"""``ars-docs lint eval-fixtures``: the shipped fixture set passes, and each kind of damage
to a copy of it is reported with its code, its file (and line), and exit 1 / 65 / 66 (spec §7)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from ars_docs.audit.evalset.patterns import PATTERN_IDS, PATTERNS, exit_phases
from ars_docs.files.schema_check import load_schema
from tests.support.layout import TESTS
from tests.support.sessions import CliResult

SET = TESTS / "fixtures" / "v3_6_7_pattern_eval"
INTEGRATION = "integration/chapter_level_run"

Cli = Callable[..., CliResult]


@pytest.fixture
def fixtures(tmp_path: Path) -> Path:
    root = tmp_path / "set"
    shutil.copytree(SET, root)
    return root


def lint(cli: Cli, root: Path) -> tuple[int, list[dict[str, object]]]:
    result = cli("lint", "eval-fixtures", root, "--format", "json")
    assert result.out, result.err
    payload = json.loads(result.out)
    assert payload["errors"] == len(payload["diagnostics"])
    return result.code, payload["diagnostics"]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), "utf-8")


def only(diagnostics: list[dict[str, object]], code: str) -> list[dict[str, object]]:
    assert {d["code"] for d in diagnostics} == {code}, diagnostics
    return diagnostics


# --- the shipped set ----------------------------------------------------------------


def test_shipped_set_is_clean(cli: Cli) -> None:
    result = cli("lint", "eval-fixtures", SET)
    assert result.code == 0, result.out
    assert result.out.strip().endswith("17 micro-fixture(s), 1 integration fixture(s), 0 error(s)")
    code, diagnostics = lint(cli, SET)
    assert (code, diagnostics) == (0, [])


def test_json_lists_the_fixtures(cli: Cli) -> None:
    payload = json.loads(cli("lint", "eval-fixtures", SET, "--format", "json").out)
    assert payload["micro_fixtures"] == sorted(PATTERN_IDS)
    assert [Path(p).name for p in payload["integration_fixtures"]] == ["chapter_level_run"]


def test_schemas_and_table_share_the_closed_inventory() -> None:
    micro = load_schema("pattern_eval_manifest.schema.json")
    integration = load_schema("pattern_eval_integration_manifest.schema.json")
    assert micro["properties"]["pattern_id"]["enum"] == list(PATTERN_IDS)
    assert integration["properties"]["patterns_triggered"]["items"]["enum"] == list(PATTERN_IDS)
    assert len(PATTERNS) == 17
    assert [p for p in PATTERNS.values() if p.signal != "material"] == [
        PATTERNS["C2"],
        PATTERNS["D2"],
    ]


def test_exit_phases_come_from_the_gate_inventory() -> None:
    phases = exit_phases()
    assert phases["B10"].passport == "appended" and phases["A7"].passport == "none"
    assert phases["P-PB-gate"].passport == "none"
    assert "P-PA-gate" not in phases  # logged, then Path B: never where the gate stops


# --- missing / unreadable input ---------------------------------------------------


def test_missing_dir_is_66(cli: Cli, tmp_path: Path) -> None:
    result = cli("lint", "eval-fixtures", tmp_path / "nope")
    assert result.code == 66
    assert "nope: no such folder" in result.err and result.out == ""


def test_manifest_not_json_is_65(cli: Cli, fixtures: Path) -> None:
    (fixtures / "A2" / "manifest.json").write_text('{"pattern_id": "A2",\n  oops}\n', "utf-8")
    result = cli("lint", "eval-fixtures", fixtures)
    assert result.code == 65
    assert "A2/manifest.json:2:" in result.err and "not valid JSON" in result.err


def test_findings_not_yaml_is_65(cli: Cli, fixtures: Path) -> None:
    edit(fixtures / "B1/bad_run/expected_audit_findings.yaml", "round: 1", "round: [1")
    result = cli("lint", "eval-fixtures", fixtures)
    assert result.code == 65 and "expected_audit_findings.yaml" in result.err


# --- coverage ---------------------------------------------------------------------


def test_missing_fixture(cli: Cli, fixtures: Path) -> None:
    shutil.rmtree(fixtures / "B3")
    code, diagnostics = lint(cli, fixtures)
    assert code == 1
    [d] = only(diagnostics, "EVAL-COVERAGE")
    assert "pattern B3 has no fixture" in str(d["message"])


def test_duplicate_fixture(cli: Cli, fixtures: Path) -> None:
    edit(fixtures / "B3/manifest.json", '"pattern_id": "B3"', '"pattern_id": "B2"')
    code, diagnostics = lint(cli, fixtures)
    assert code == 1
    messages = [str(d["message"]) for d in only(diagnostics, "EVAL-COVERAGE")]
    assert any("pattern B2 already has the fixture" in m for m in messages)
    assert any("pattern_id B2 in the folder 'B3'" in m for m in messages)
    assert any("pattern B3 has no fixture" in m for m in messages)


def test_unknown_pattern_id(cli: Cli, fixtures: Path) -> None:
    shutil.copytree(fixtures / "A1", fixtures / "E1")
    edit(fixtures / "E1/manifest.json", '"pattern_id": "A1"', '"pattern_id": "E1"')
    code, diagnostics = lint(cli, fixtures)
    assert code == 1
    by_code = {str(d["code"]): d for d in diagnostics}
    assert set(by_code) == {"EVAL-MANIFEST", "EVAL-COVERAGE"}
    assert by_code["EVAL-MANIFEST"]["path"] == str(fixtures / "E1" / "manifest.json")
    assert by_code["EVAL-MANIFEST"]["line"] == 2
    assert "'E1' is not one of" in str(by_code["EVAL-MANIFEST"]["message"])
    assert "folder 'E1' is not one of the 17" in str(by_code["EVAL-COVERAGE"]["message"])


def test_missing_integration_fixture(cli: Cli, fixtures: Path) -> None:
    shutil.rmtree(fixtures / "integration")
    code, diagnostics = lint(cli, fixtures)
    assert code == 1
    [d] = only(diagnostics, "EVAL-COVERAGE")
    assert "no integration fixture" in str(d["message"])


# --- manifests --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "code", "needle"),
    [
        ('"stage": 2', '"stage": 7', "EVAL-MANIFEST", "$.stage"),
        ('"fixture_kind": "micro"', '"fixture_kind": "unit"', "EVAL-MANIFEST", "fixture_kind"),
        ('"fixture_kind": "micro"', '"fixture_kind": "integration"', "EVAL-MANIFEST", "micro"),
        ('"stage": 2', '"stage": 2, "stages": 2', "EVAL-MANIFEST", "unknown field"),
        ('"agent": "synthesis_agent"', '"agent": "report_compiler_agent"', "EVAL-TABLE", "agent"),
        ('"stage": 2', '"stage": 5', "EVAL-TABLE", "§7.2 row of A3"),
        ('"bad_run/deliverable.md"', '"bad_run/deliverable.txt"', "EVAL-PATH", "no such file"),
        ('"bad_run/deliverable.md"', '"../A1/bad_run/deliverable.md"', "EVAL-MANIFEST", "path"),
    ],
)
def test_bad_manifest(cli: Cli, fixtures: Path, old: str, new: str, code: str, needle: str) -> None:
    edit(fixtures / "A3/manifest.json", old, new)
    exit_code, diagnostics = lint(cli, fixtures)
    assert exit_code == 1
    found = only(diagnostics, code)
    assert all(d["path"] == str(fixtures / "A3" / "manifest.json") for d in found)
    assert any(needle in str(d["message"]) for d in found), found
    assert all(int(str(d["line"])) > 0 for d in found)


def test_missing_manifest(cli: Cli, fixtures: Path) -> None:
    (fixtures / "C1" / "manifest.json").unlink()
    _, diagnostics = lint(cli, fixtures)
    codes = sorted(str(d["code"]) for d in diagnostics)
    assert codes == ["EVAL-COVERAGE", "EVAL-MANIFEST"]


# --- expected verdicts ------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "needle"),
    [
        ("  p1: 1", "  p1: 2", "(A5)"),
        ("verdict_status: MATERIAL", "verdict_status: PASS", "(A1)"),
        ("dimension: \"3.2\"", "dimension: \"9.9\"", "(SCHEMA)"),
        ('generated_at: "2026-05-01T10:00:42.000Z"', "generated_at: 2026-05-01T10:00:42.000Z",
         "unquoted YAML timestamp"),
        ("run_id: 2026-05-01T10-00-00Z-a3b0", "run_id: A3-bad", "(F1)"),
        ("    line: 11", "    line: 99", "but the file has 15 lines"),
        ("file: bad_run/deliverable.md", "file: bad_run/missing.md", "not a file this run audits"),
        ("file: bad_run/deliverable.md", "file: good_run/deliverable.md",
         "not a file this run audits (bad_run/deliverable.md)"),
    ],
)  # fmt: skip
def test_invalid_verdict(cli: Cli, fixtures: Path, old: str, new: str, needle: str) -> None:
    path = fixtures / "A3/bad_run/expected_audit_findings.yaml"
    edit(path, old, new)
    exit_code, diagnostics = lint(cli, fixtures)
    assert exit_code == 1
    verdicts = [d for d in diagnostics if d["code"] == "EVAL-VERDICT"]
    assert verdicts and all(d["path"] == str(path) for d in verdicts), diagnostics
    assert any(needle in str(d["message"]) for d in verdicts), verdicts
    assert all(int(str(d["line"])) > 0 for d in verdicts)


def test_crlf_findings_still_valid(cli: Cli, fixtures: Path) -> None:
    path = fixtures / "A4/bad_run/expected_audit_findings.yaml"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert lint(cli, fixtures) == (0, [])


# --- upstream context ------------------------------------------------------------


def test_marker_without_corpus_entry(cli: Cli, fixtures: Path) -> None:
    path = fixtures / "A4/good_run/deliverable.md"
    edit(path, "<!--ref:achebe2019-->", "<!--ref:achebe2091-->")
    _, diagnostics = lint(cli, fixtures)
    [d] = only(diagnostics, "EVAL-CONTEXT")
    assert (d["path"], d["line"], d["col"]) == (str(path), 7, 42)
    assert "<!--ref:achebe2091--> names no citation_key of passport_snippet.yaml" in str(
        d["message"]
    )


def test_snippet_ledger_must_start_empty(cli: Cli, fixtures: Path) -> None:
    path = fixtures / "B1/upstream_context/passport_snippet.yaml"
    path.write_text(path.read_text("utf-8") + "audit_artifact:\n  - {run_id: x}\n", "utf-8")
    _, diagnostics = lint(cli, fixtures)
    [d] = only(diagnostics, "EVAL-CONTEXT")
    assert d["path"] == str(path) and "empty audit_artifact[]" in str(d["message"])


def test_integration_marker_checked_too(cli: Cli, fixtures: Path) -> None:
    path = fixtures / INTEGRATION / "round_2/synthesis_agent/deliverable.md"
    edit(path, "without one <!--ref:ruiz2021-->", "without one <!--ref:nobody1999-->")
    _, diagnostics = lint(cli, fixtures)
    [d] = only(diagnostics, "EVAL-CONTEXT")
    assert (d["path"], d["line"]) == (str(path), 16)


# --- expected actions and §7.4 signals --------------------------------------------


@pytest.mark.parametrize(
    ("rel", "old", "new", "code", "needle"),
    [
        ("B4/bad_run", "expected_phase: B10", "expected_phase: B99", "EVAL-ACTION",
         "does not match"),
        ("B4/bad_run", "expected_phase: B10", "expected_phase: P-PA-gate", "EVAL-ACTION",
         "not where the gate stops"),
        ("B4/bad_run", "expected_phase: B10", "expected_phase: P-PB-nope", "EVAL-ACTION",
         "nor a row of the §5.6 inventory"),
        ("B4/bad_run", "expected_passport_mutation: appended", "expected_passport_mutation: none",
         "EVAL-ACTION", "fresh Path B merge appends"),
        ("B4/bad_run", "expected_path: B", "expected_path: A", "EVAL-ACTION", "'B'"),
        ("B4/bad_run", "expected_outcome: block", "expected_outcome: proceed", "EVAL-SIGNAL",
         "gives 'block'"),
        ("B4/bad_run", 'expected_dimension: "3.5"', 'expected_dimension: "3.1"', "EVAL-SIGNAL",
         "no expected finding has dimension '3.1'"),
        ("B4/good_run", "expected_decision_row: PASS", "expected_decision_row: MINOR",
         "EVAL-SIGNAL", "the expected verdict is PASS"),
        ("B4/bad_run", "expected_run_id_format", "expected_run_id_shape", "EVAL-ACTION",
         "unknown field"),
        ("D2/bad_run", "theatre: true", "theatre: false", "EVAL-SIGNAL", "is convergence theatre"),
        ("D2/good_run", "  declared_clean_at_round: 3", "  declared_clean_at_round: 1",
         "EVAL-SIGNAL", "declared_clean_at_round is 1"),
        ("C2/bad_run", "expected_phase: B10", "expected_phase: P-PB-gate", "EVAL-SIGNAL",
         "a failure phase has none"),
    ],
)  # fmt: skip
def test_bad_action(
    cli: Cli, fixtures: Path, rel: str, old: str, new: str, code: str, needle: str
) -> None:
    path = fixtures / rel / "expected_orchestrator_action.yaml"
    edit(path, old, new)
    exit_code, diagnostics = lint(cli, fixtures)
    assert exit_code == 1
    found = [d for d in diagnostics if d["code"] == code]
    assert found and all(d["path"] == str(path) for d in diagnostics), diagnostics
    assert any(needle in str(d["message"]) for d in found), found
    assert all(int(str(d["line"])) > 0 for d in found)


def test_d2_needs_its_convergence_assertion(cli: Cli, fixtures: Path) -> None:
    path = fixtures / "D2/bad_run/expected_orchestrator_action.yaml"
    text = path.read_text("utf-8")
    path.write_text(text[: text.index("convergence:")], "utf-8")
    _, diagnostics = lint(cli, fixtures)
    [d] = only(diagnostics, "EVAL-SIGNAL")
    assert "pattern D2 needs a convergence assertion" in str(d["message"])


def test_good_run_with_a_finding_fails(cli: Cli, fixtures: Path) -> None:
    # The BAD verdict copied over the GOOD one: MATERIAL where the GOOD run must PASS.
    bad = (fixtures / "A5/bad_run/expected_audit_findings.yaml").read_text("utf-8")
    good = fixtures / "A5/good_run/expected_audit_findings.yaml"
    good.write_text(bad.replace("bad_run/", "good_run/"), "utf-8")
    _, diagnostics = lint(cli, fixtures)
    messages = [str(d["message"]) for d in only(diagnostics, "EVAL-SIGNAL")]
    assert any("a GOOD run must PASS with findings: []" in m for m in messages)


def test_c2_bad_must_be_minor_with_a_p3(cli: Cli, fixtures: Path) -> None:
    path = fixtures / "C2/bad_run/expected_audit_findings.yaml"
    edit(path, "severity: P3", "severity: P2")
    edit(path, "  p2: 0\n  p3: 1", "  p2: 1\n  p3: 0")
    edit(path, "verdict_status: MINOR", "verdict_status: MATERIAL")
    _, diagnostics = lint(cli, fixtures)
    messages = [str(d["message"]) for d in only(diagnostics, "EVAL-SIGNAL")]
    assert any("must give MINOR with a P3 finding" in m for m in messages)


# --- the integration fixture ------------------------------------------------------


def test_integration_round_folder_missing(cli: Cli, fixtures: Path) -> None:
    shutil.rmtree(fixtures / INTEGRATION / "round_2")
    _, diagnostics = lint(cli, fixtures)
    messages = [str(d["message"]) for d in diagnostics]
    assert any("no round_2/ folder" in m for m in messages)
    # round 3's resumes now follow round 1's deliverables, which the abstract is not
    assert {d["code"] for d in diagnostics} == {"EVAL-INTEGRATION"}


def test_integration_resume_must_not_change_the_deliverable(cli: Cli, fixtures: Path) -> None:
    path = fixtures / INTEGRATION / "round_3/report_compiler_agent/deliverable.md"
    path.write_text(path.read_text("utf-8") + "\nOne more line.\n", "utf-8")
    _, diagnostics = lint(cli, fixtures)
    [d] = only(diagnostics, "EVAL-INTEGRATION")
    assert d["path"] == str(path) and "byte-identical" in str(d["message"])


def test_integration_ack_must_cover_every_finding(cli: Cli, fixtures: Path) -> None:
    edit(fixtures / INTEGRATION / "manifest.json", '"F-103"', '"F-102"')
    _, diagnostics = lint(cli, fixtures)
    messages = sorted(str(d["message"]) for d in only(diagnostics, "EVAL-INTEGRATION"))
    assert any("an acknowledgement covers every finding" in m for m in messages)
    assert any("finding_ids is ['F-101', 'F-103']" in m for m in messages)


def test_integration_round_verdict_is_the_most_severe(cli: Cli, fixtures: Path) -> None:
    manifest = fixtures / INTEGRATION / "manifest.json"
    edit(manifest, '"expected_verdict": "MATERIAL"', '"expected_verdict": "PASS"')
    _, diagnostics = lint(cli, fixtures)
    [d] = only(diagnostics, "EVAL-INTEGRATION")
    assert "the most severe verdict audited in round_1 is MATERIAL" in str(d["message"])
    assert int(str(d["line"])) > 0


def test_integration_manifest_schema(cli: Cli, fixtures: Path) -> None:
    edit(fixtures / INTEGRATION / "manifest.json", '"C1"', '"C9"')
    _, diagnostics = lint(cli, fixtures)
    [d] = only(diagnostics, "EVAL-MANIFEST")
    assert "'C9' is not one of" in str(d["message"])
