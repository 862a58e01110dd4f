"""The verdict text in the real ARS form (the facts sheet §a), through the CLI as a process.

The three texts in ``tests/data/ars_real/verdicts/`` are written by hand in
the shape a real auditor's final message has (Scope Report, numbered finding
lines with their variants, the round summary last); each goes into a stream
and through ``audit parse-verdict``, and the verdict it writes is checked by
``lint audit-artifacts --mode verdict`` (the round trip). The grammar's edges
and the deprecated YAML form follow.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ars_docs.audit.model.files import read_yaml_artifact
from ars_docs.audit.model.verdict_text import VerdictParseError, parse_text_verdict
from tests.support.audit import (
    FINDINGS,
    RUN_MINOR,
    TEMPLATE,
    agent_text,
    legacy_agent_text,
    stream_rows,
    write_jsonl,
)
from tests.support.hostile import ars
from tests.support.layout import TESTS

RUN = RUN_MINOR
TEXTS = TESTS / "data" / "ars_real" / "verdicts"


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777561200")


def stream_of(folder: Path, text: str) -> Path:
    path = folder / f"{RUN}.jsonl"
    write_jsonl(path, stream_rows(RUN, text))
    return path


def parse(folder: Path, text: str, round_: int, *extra: str) -> Any:
    stream = stream_of(folder, text)
    env = {"SOURCE_DATE_EPOCH": "1777561200"}
    return ars(
        folder,
        "audit", "parse-verdict", stream.name, "--round", str(round_), "--target-rounds", "3",
        *extra, env=env,
    )  # fmt: skip


def verdict_of(folder: Path) -> dict[str, Any]:
    data = read_yaml_artifact(
        str(folder / f"{RUN}.verdict.yaml"), what="v", hint="v", timestamp_keys=[("generated_at",)]
    ).data
    assert isinstance(data, dict)
    return data


def test_a_material_round_with_every_line_variant(tmp_path: Path) -> None:
    run = parse(tmp_path, (TEXTS / "material_round1.txt").read_text(encoding="utf-8"), 1)
    assert (run.code, run.err) == (0, "")
    assert run.out.decode() == f"{RUN}.verdict.yaml: MATERIAL\n"
    verdict = verdict_of(tmp_path)
    assert verdict["finding_counts"] == {"p1": 1, "p2": 1, "p3": 1}
    assert (verdict["round"], verdict["target_rounds"], verdict["run_id"]) == (1, 3, RUN)
    assert verdict["generated_at"] == "2026-04-30T15:00:00.000Z"
    assert verdict["findings"] == [
        {
            "id": "F-001",
            "severity": "P1",
            "dimension": "3.2",
            "file": "chapter_4/synthesis.md",
            "line": 14,
            "description": 'The claim that retrieval "eliminates" hallucination says more than '
            "Lewis et al. report",
            "suggested_fix": 'Say "reduces" and cite the evaluation section',
        },
        {
            "id": "F-002",
            "severity": "P2",
            "dimension": "3.3",
            "file": "chapter_4/bibliography.json",
            "line": 7,
            "description": "The year of Okonkwo & Søndergaard is 2021 in the entry but 2020 in "
            "the PDF",
            "suggested_fix": "Correct the entry's year to 2020",
        },
        {
            "id": "F-0003",
            "severity": "P3",
            "dimension": "4(f)",
            "file": "chapter_4/verification.md",
            "line": 3,
            "description": "Three entries lean on one derivative bibliography",
            "suggested_fix": "Retrieve the originals",
        },
    ]
    # The round trip: the verdict ars-docs wrote passes its own checker.
    lint = ars(tmp_path, "lint", "audit-artifacts", "--mode", "verdict", f"{RUN}.verdict.yaml")
    assert lint.code == 0, lint.out
    assert lint.out.decode().endswith(": 0 error(s), 0 warning(s)\n")


@pytest.mark.parametrize(
    ("name", "round_", "status", "counts"),
    [
        ("converged_round2.txt", 2, "PASS", {"p1": 0, "p2": 0, "p3": 0}),
        ("minor_round3.txt", 3, "MINOR", {"p1": 0, "p2": 0, "p3": 1}),
    ],
)
def test_convergence_and_minor_rounds(
    tmp_path: Path, name: str, round_: int, status: str, counts: dict[str, int]
) -> None:
    run = parse(tmp_path, (TEXTS / name).read_text(encoding="utf-8"), round_, "--format", "json")
    assert run.code == 0, run.err
    summary = json.loads(run.out)["summary"]
    assert (summary["verdict_status"], summary["failure"], summary["deprecated"]) == (
        status,
        None,
        None,
    )
    verdict = verdict_of(tmp_path)
    assert (verdict["verdict_status"], verdict["finding_counts"]) == (status, counts)


def text_with(findings: str, summary: str) -> str:
    return f"## Codex Audit Round 2 — Scope Report\n\n{findings}\n\n{summary}\n"


LINE = "1. F-001 P3 §3.6 a.md:2 — undated. Fix: date it."


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (text_with(LINE, "Round 2: P1×0 / P2×0 / P3×1 (2 total)"), "total 2 is not 0 + 0 + 1"),
        (text_with(LINE, "Round 2: P1×0 / P2×0 / P3×1"), "no 'Round N: P1×a"),
        (text_with(LINE, "**Round 2: P1×0 / P2×0 / P3×1 (1 total)**"), "no 'Round N: P1×a"),
        (
            text_with(LINE, "Round 2: P1×0 / P2×0 / P3×1 (1 total)\n\nThanks."),
            "must be the last non-empty line",
        ),
        (text_with(LINE, "Round 1: P1×0 / P2×0 / P3×1 (1 total)"), "no summary line for round 2"),
        (
            text_with(LINE, "Round 2: P1×0 / P2×1 / P3×0 (1 total)"),
            "the summary says P1×0 / P2×1 / P3×0 but the finding lines count P1×0 / P2×0 / P3×1",
        ),
        (
            text_with(LINE + "\n" + LINE, "Round 2: P1×0 / P2×0 / P3×1 (1 total)"),
            "count P1×0 / P2×0 / P3×2 (every finding line counts, recaps too)",
        ),
        (
            text_with("1. F-001 P3 §3.6 a.md:2 — undated. Fix: .", "Round 2: P1×0 / P2×0 / P3×1 "
                      "(1 total)"),
            "the finding's fix is empty",
        ),
        (
            text_with("1. F-001 P3 §3.6 a.md:2 — undated", "Round 2: P1×0 / P2×0 / P3×1 (1 total)"),
            "has no '. Fix: …' part",
        ),
        (
            text_with("1. F-001 P3 §3.6 a.md:0 — undated. Fix: x", "Round 2: P1×0 / P2×0 / P3×1 "
                      "(1 total)"),
            "the finding lines do not fit the verdict schema",
        ),
    ],
)  # fmt: skip
def test_the_grammar_refuses(tmp_path: Path, text: str, reason: str) -> None:
    run = parse(tmp_path, text, 2)
    assert run.code == 65
    line = run.one_line_error()
    assert line.startswith(f"ars-docs: error: {RUN}.jsonl: JSONL parse error: ")
    assert reason in line, line
    assert line.endswith(f"wrote an AUDIT_FAILED verdict to {RUN}.verdict.yaml")
    assert 'verdict_status: "AUDIT_FAILED"' in (tmp_path / f"{RUN}.verdict.yaml").read_text()


def test_the_convergence_line_variants() -> None:
    for tail in (
        "0 findings of any severity. Convergence reached.",
        "0 findings of any severity, Convergence reached. Done.",
        "0 findings of any severity Convergence reached.",
    ):
        said = parse_text_verdict(f"Round 4: {tail}\n", 4)
        assert (said.status, said.counts) == ("PASS", {"p1": 0, "p2": 0, "p3": 0})
    with pytest.raises(VerdictParseError):
        parse_text_verdict("Round 4: 0 findings of any severity; Convergence reached.\n", 4)


def test_the_first_line_for_the_round_governs() -> None:
    # Two lines for round 2: the first governs, and it is not the last line.
    text = "Round 2: P1×0 / P2×0 / P3×0 (0 total)\nRound 2: P1×0 / P2×0 / P3×0 (0 total)\n"
    with pytest.raises(VerdictParseError, match="must be the last non-empty line"):
        parse_text_verdict(text, 2)


def test_the_shipped_template_asks_for_the_real_form(tmp_path: Path) -> None:
    run = ars(tmp_path, "audit", "template")
    assert run.code == 0
    shown = run.out.decode()
    assert shown == TEMPLATE.read_text(encoding="utf-8")
    example = shown.split("```text\n", 1)[1].split("```", 1)[0]
    said = parse_text_verdict(example, None)
    assert (said.status, said.round, said.counts) == ("MATERIAL", 1, {"p1": 1, "p2": 0, "p3": 1})
    assert parse_text_verdict(agent_text(FINDINGS[RUN], "", 2, 3), 2).findings == FINDINGS[RUN]


# --- the deprecated YAML-under-headings form ---------------------------------------------


def test_the_old_yaml_form_still_parses_with_one_warning_line(tmp_path: Path) -> None:
    text = legacy_agent_text(FINDINGS[RUN], "MINOR", 2, 3)
    run = parse(tmp_path, text, 2)
    assert run.code == 0
    assert run.out.decode() == f"{RUN}.verdict.yaml: MINOR\n"
    [warning] = run.err_lines
    assert warning.startswith(f"ars-docs: warning: {RUN}.jsonl: the verdict text uses the ")
    assert "deprecated" in warning
    assert verdict_of(tmp_path)["findings"] == FINDINGS[RUN]
    run = parse(tmp_path, text, 2, "--format", "json", "-o", "again.yaml")
    assert run.code == 0
    assert "deprecated" in json.loads(run.out)["summary"]["deprecated"]


def test_the_lint_checks_the_verdict_text_parses(tmp_path: Path) -> None:
    stream = stream_of(tmp_path, text_with(LINE, "Round 2: P1×0 / P2×0 / P3×1 (2 total)"))
    run = ars(tmp_path, "lint", "audit-artifacts", "--mode", "jsonl-stream", "--jsonl", stream.name)
    assert run.code == 1
    out = run.out.decode()
    assert f"{stream.name}:8:1: L2-4 the final agent_message is not a verdict text: " in out
    assert "the summary's total 2 is not 0 + 0 + 1" in out
    stream = stream_of(tmp_path, legacy_agent_text(FINDINGS[RUN], "MINOR", 2, 3))
    run = ars(tmp_path, "lint", "audit-artifacts", "--mode", "jsonl-stream", "--jsonl", stream.name)
    assert run.code == 0
    out = run.out.decode()
    assert f"{stream.name}:8:1: L2-4 warning the verdict text uses the YAML" in out or (
        "deprecated" in out and "1 warning(s)" in out
    )
    assert out.endswith(": 0 error(s), 1 warning(s)\n")
