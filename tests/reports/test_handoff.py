"""The dispatcher and handoff payload (§4 Step 3e)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import ars_docs as handoff  # the public API: dispatch, its stages, the payload check
from ars_docs.document.text import Document
from ars_docs.reports.handoff.metadata import compile_metadata_of, count_words
from ars_docs.session.corpus import corpus_from_data
from ars_docs.session.readlog import read_log_from_data
from tests.support.sessions import Session, read_log_text, standard_passport

CORPUS = corpus_from_data(YAML(typ="safe").load(standard_passport()))
READ = read_log_from_data(YAML(typ="safe").load(read_log_text("ok2020")))

ONE_HIGH = "# Findings\n\nThe claim (Doe, 2020)<!--ref:high2020--> holds.\n"
CLEAN = "# Findings\n\nThe claim (Doe, 2020)<!--ref:ok2020--> holds.\n"


def test_spec_integration_case_one_high_warn_is_refused() -> None:
    result = handoff.dispatch(CORPUS, READ, draft_text=ONE_HIGH)
    summary = result.payload["citation_resolution_summary"]
    assert summary["counts"]["HIGH-WARN"] == 1 and summary["counts"]["ok"] == 0
    assert summary["refcodes"]["HIGH-WARN"] == ["high2020"]
    assert result.payload["unresolved_marker_count"] == 1
    decision = result.payload["terminal_gate_decision"]
    assert decision["decision"] == "REFUSED"
    assert "high2020" in decision["reason"] and decision["final_report_path"] is None
    assert result.final_text is None and not result.emitted


def test_clean_report_is_emitted_without_markers(tmp_path: Path) -> None:
    final = tmp_path / "final.md"
    result = handoff.dispatch(CORPUS, READ, draft_text=CLEAN, final_out=final)
    assert result.emitted
    assert result.payload["terminal_gate_decision"] == {
        "decision": "EMITTED",
        "reason": None,
        "final_report_path": str(final),
        "existence_checked": True,
    }
    assert result.payload["unresolved_marker_count"] == 0
    assert final.read_text(encoding="utf-8") == "# Findings\n\nThe claim (Doe, 2020) holds.\n"
    assert "<!--" not in result.final_text


def test_stages_one_at_a_time_own_only_their_fields() -> None:
    first = handoff.compile_metadata(draft_text=ONE_HIGH)
    assert set(first) == {"draft_text", "compilation_metadata"}
    second = handoff.finalize_stage(first, CORPUS, READ)
    assert set(second) - set(first) == {"citation_resolution_summary", "unresolved_marker_count"}
    assert second["compilation_metadata"] == first["compilation_metadata"]
    assert "[UNVERIFIED CITATION — NO ORIGINAL]" in second["draft_text"]
    third, _ = handoff.terminal_gate_stage(second, CORPUS, READ)
    assert set(third) - set(second) == {"terminal_gate_decision"}
    # copied forward, not recomputed
    assert third["unresolved_marker_count"] == second["unresolved_marker_count"]
    assert third["draft_text"] == second["draft_text"]  # the gate never rewrites markers


def test_draft_path_is_finalized_in_place(tmp_path: Path) -> None:
    report = tmp_path / "report.md"
    report.write_text(ONE_HIGH, encoding="utf-8")
    payload = handoff.finalize_stage(handoff.compile_metadata(draft_path=report), CORPUS, READ)
    assert payload["draft_path"] == str(report)
    assert "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020-->" in report.read_text(
        encoding="utf-8"
    )


BAD_PAYLOADS = {
    "no draft": ({"compilation_metadata": {}}, "(top level)"),
    "both drafts": ({"draft_text": "x", "draft_path": "y"}, "(top level)"),
    "wrong type": ({"draft_text": "x", "unresolved_marker_count": -1}, "unresolved_marker_count"),
    "unknown field": ({"draft_text": "x", "extra": 1}, "(top level)"),
    "incomplete metadata": (
        {"draft_text": "x", "compilation_metadata": {"word_count": 1}},
        "compilation_metadata",
    ),
    "refused without reason": (
        {
            "draft_text": "x",
            "terminal_gate_decision": {
                "decision": "REFUSED",
                "reason": None,
                "final_report_path": None,
            },
        },
        "terminal_gate_decision/reason",
    ),
}


@pytest.mark.parametrize(("payload", "field"), BAD_PAYLOADS.values(), ids=BAD_PAYLOADS.keys())
def test_invalid_payload_is_never_passed_on(payload: dict[str, object], field: str) -> None:
    with pytest.raises(handoff.HandoffError) as info:
        handoff.finalize_stage(payload, CORPUS, READ)
    assert info.value.exit_code == 65
    assert f"field {field}" in info.value.message
    assert "not passed on" in info.value.message


def test_gate_before_finalize_is_an_error() -> None:
    with pytest.raises(handoff.HandoffError, match="run finalize_stage first"):
        handoff.terminal_gate_stage(handoff.compile_metadata(draft_text=CLEAN), CORPUS, READ)


def test_compile_metadata_needs_exactly_one_draft() -> None:
    from ars_docs.core.errors import UsageError

    with pytest.raises(UsageError):
        handoff.compile_metadata()
    with pytest.raises(UsageError):
        handoff.compile_metadata(draft_text="a", draft_path="b")


# -- compilation metadata -----------------------------------------------------------


def test_metadata_counts() -> None:
    text = (
        "---\ntitle: not counted words here\n---\n"
        "# Well-known results\n\n"
        "A state-of-the-art claim (Doe, 2020)<!--ref:ok2020--> — and again "
        "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020-->.\n\n"
        "```\ncode words not counted\n```\n\n"
        "Setext\n------\n\n"
        "| a b | `code` |\n|---|---|\n| c | d <!--ref:ok2020--> |\n\n"
        "<div>raw html words</div>\n\n"
        "Bad <!--ref:bad key--> ![alt words](x.png)\n"
    )
    meta = compile_metadata_of(Document(text))
    # Well-known results (2) + A state-of-the-art claim (Doe, 2020) and again (7; the dash
    # and the prefix do not count) + Setext (1) + a b c d (4; code and pipes excluded)
    # + Bad alt words (3)
    assert meta.to_dict() == {
        "word_count": 17,
        "section_count": 2,
        "citation_count": 2,
        "placeholder_count": 4,
    }


@pytest.mark.parametrize(
    ("text", "words"),
    [("well-known", 1), ("a — b", 2), ("中文句子 English", 2), ("  ", 0), ("x, y; z.", 3)],
)
def test_count_words(text: str, words: int) -> None:
    assert count_words(text) == words


# -- CLI ---------------------------------------------------------------------------


def test_cli_refused_exit_1_payload_written(session: Session, cli) -> None:
    session.write("report.md", ONE_HIGH)
    result = cli("dispatch", session.root / "report.md", "--passport", session.passport)
    assert result.code == 1
    assert "REFUSED" in result.err and "high2020" in result.err
    payload = json.loads((session.root / "report_handoff.json").read_text(encoding="utf-8"))
    handoff.validate_payload(payload)
    assert payload["terminal_gate_decision"]["decision"] == "REFUSED"
    assert not (session.root / "report_final.md").exists()


def test_cli_emitted_exit_0(session: Session, cli) -> None:
    session.write("report.md", CLEAN)
    out = session.root / "out"
    out.mkdir()
    result = cli(
        "dispatch",
        session.root / "report.md",
        "--passport",
        session.passport,
        "--final-out",
        out / "final.md",
        "--payload-out",
        "-",
    )
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    assert payload["terminal_gate_decision"]["final_report_path"] == str(out / "final.md")
    assert (out / "final.md").read_text(encoding="utf-8").endswith("(Doe, 2020) holds.\n")


def test_cli_errors(session: Session, cli) -> None:
    session.write("report.md", CLEAN)
    report = session.root / "report.md"
    assert cli("dispatch", session.root / "missing.md", "--passport", session.passport).code == 66
    assert cli("dispatch", report).code == 64
    same = cli("dispatch", report, "--passport", session.passport, "--final-out", report)
    assert same.code == 64 and "is the report itself" in same.err
    assert report.read_text(encoding="utf-8") == CLEAN
