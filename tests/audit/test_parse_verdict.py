"""``ars-docs audit parse-verdict``: last agent_message → ``<run_id>.verdict.yaml`` (§3.5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ars_docs.audit.model.files import read_yaml_artifact
from ars_docs.audit.model.parse_verdict import parse_verdict_stream
from ars_docs.audit.model.schemas import validate_verdict
from tests.support.audit import (
    FINDINGS,
    RUN_MINOR,
    agent_text,
    legacy_agent_text,
    stream_rows,
    write_jsonl,
)

RUN = RUN_MINOR


def make_stream(
    tmp_path: Path, rows: list[dict[str, Any]] | None = None, *, text: str | None = None
) -> Path:
    path = tmp_path / f"{RUN}.jsonl"
    if text is None:
        text = agent_text(FINDINGS[RUN], "MINOR", 2, 3)
    write_jsonl(path, rows if rows is not None else stream_rows(RUN, text))
    return path


def load(path: Path) -> dict[str, Any]:
    data = read_yaml_artifact(
        str(path), what="v", hint="v", timestamp_keys=[("generated_at",)]
    ).data
    assert isinstance(data, dict)
    return data


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777561200")


def test_parses_the_last_agent_message_into_a_valid_verdict(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    stream = make_stream(tmp_path)
    result = cli("audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3")
    assert result.code == 0, result.err
    target = tmp_path / f"{RUN}.verdict.yaml"
    assert result.out == f"{target}: MINOR\n"
    verdict = load(target)
    assert validate_verdict(verdict) == []
    assert verdict["run_id"] == RUN
    assert verdict["generated_at"] == "2026-04-30T15:00:00.000Z"
    assert verdict["finding_counts"] == {"p1": 0, "p2": 0, "p3": 1}
    assert verdict["findings"][0]["description"].endswith("(ünïcode)")
    first = target.read_bytes()
    assert cli("audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3").code == 0
    assert target.read_bytes() == first  # deterministic under SOURCE_DATE_EPOCH


def test_earlier_agent_messages_are_ignored(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    rows = stream_rows(RUN, agent_text([], "PASS", 2, 3))
    rows[2]["item"]["text"] = agent_text(FINDINGS[RUN], "MATERIAL", 2, 3)  # thinking aloud
    stream = make_stream(tmp_path, rows)
    result = cli(
        "audit",
        "parse-verdict",
        stream,
        "--round",
        "2",
        "--target-rounds",
        "3",
        "-o",
        tmp_path / "out.yaml",
    )
    assert result.code == 0, result.err
    verdict = load(tmp_path / "out.yaml")
    assert (verdict["verdict_status"], verdict["findings"]) == ("PASS", [])


def test_crlf_stream_and_bare_number_dimension(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    # The bare number is a YAML matter: the deprecated YAML-under-headings form.
    legacy = legacy_agent_text(FINDINGS[RUN], "MINOR", 2, 3)
    text = legacy.replace('"dimension": "3.7"', "dimension: 3.7")
    text = text.replace('dimension: "3.7"', "dimension: 3.7")
    stream = make_stream(tmp_path, text=text)
    stream.write_bytes(stream.read_bytes().replace(b"\n", b"\r\n"))
    result = cli("audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3")
    assert result.code == 0, result.err
    assert load(tmp_path / f"{RUN}.verdict.yaml")["findings"][0]["dimension"] == "3.7"


def failure_case(
    tmp_path: Path,
    cli,
    rows: list[dict[str, Any]] | None = None,
    raw: bytes | None = None,
    text: str | None = None,
) -> tuple[Any, dict[str, Any]]:  # type: ignore[no-untyped-def]
    stream = make_stream(tmp_path, rows, text=text)
    if raw is not None:
        stream.write_bytes(raw)
    result = cli("audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3")
    target = tmp_path / f"{RUN}.verdict.yaml"
    verdict = load(target)
    assert validate_verdict(verdict) == []
    assert verdict["verdict_status"] == "AUDIT_FAILED"
    assert verdict["findings"] == [] and verdict["finding_counts"] == {"p1": 0, "p2": 0, "p3": 0}
    assert verdict["failure_reason"].startswith("JSONL parse error: ")
    assert "wrote an AUDIT_FAILED verdict" in result.err and "Traceback" not in result.err
    return result, verdict


def test_no_agent_message(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    rows = [r for r in stream_rows(RUN, "x") if r.get("item", {}).get("type") != "agent_message"]
    result, verdict = failure_case(tmp_path, cli, rows)
    assert result.code == 65
    assert "no item.completed agent_message" in verdict["failure_reason"]


def test_truncated_last_line_names_its_line(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    rows = stream_rows(RUN, agent_text(FINDINGS[RUN], "MINOR", 2, 3))
    data = "".join(json.dumps(r) + "\n" for r in rows).encode("utf-8")
    result, verdict = failure_case(tmp_path, cli, raw=data[: len(data) - 40])
    assert result.code == 65
    assert "line 9 is truncated" in verdict["failure_reason"]


def test_missing_closing_turn_completed(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    rows = stream_rows(RUN, agent_text(FINDINGS[RUN], "MINOR", 2, 3))[:-1]
    _, verdict = failure_case(tmp_path, cli, rows)
    assert "does not end with turn.completed" in verdict["failure_reason"]


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda t: t.replace("## Section 6 — Verdict", "## Verdict"), "nor a 'Section 6' heading"),
        (
            lambda t: t.replace("verdict_status: MINOR", "verdict_status: GOOD"),
            "verdict_status 'GOOD'",
        ),
        (
            lambda t: t.replace(
                "finding_counts: {p1: 0, p2: 0, p3: 1}", "finding_counts: {p1: 0, p2: 0, p3: 2}"
            ),
            "(A5)",
        ),
        (lambda t: t.replace("verdict_status: MINOR", "verdict_status: PASS"), "(A1)"),
        (
            lambda t: t.replace("round: 2\ntarget", "round: 1\ntarget"),
            "Section 6 round is 1 but this run is round 2",
        ),
        (
            lambda t: t.replace("verdict_status: MINOR", "verdict_status: [MINOR"),
            "Section 6 is not valid YAML",
        ),
        (
            lambda t: t.replace('"severity": "P3"', '"severity": "P9"').replace(
                'severity: "P3"', 'severity: "P9"'
            ),
            "do not fit the verdict schema",
        ),
    ],
)
def test_malformed_legacy_verdict_text(tmp_path: Path, cli, edit: Any, reason: str) -> None:  # type: ignore[no-untyped-def]
    text = legacy_agent_text(FINDINGS[RUN], "MINOR", 2, 3)
    changed = edit(text)
    assert changed != text
    result, verdict = failure_case(tmp_path, cli, text=changed)
    assert result.code == 65
    assert reason in verdict["failure_reason"], verdict["failure_reason"]


def test_probe_writes_nothing(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    stream = make_stream(tmp_path)
    result = cli(
        "audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3", "--probe"
    )
    assert (result.code, result.out) == (0, f"{stream}: verdict parses: MINOR\n")
    rows = stream_rows(RUN, "no sections here")
    make_stream(tmp_path, rows)
    result = cli(
        "audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3", "--probe"
    )
    assert result.code == 65
    assert "no 'Round N: P1×a / P2×b / P3×c (t total)' summary line" in result.err
    assert "warning" not in result.err  # not the deprecated form either: no deprecation note
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{RUN}.jsonl"]


def test_missing_stream_writes_audit_failed_and_exits_66(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    result = cli(
        "audit", "parse-verdict", tmp_path / f"{RUN}.jsonl", "--round", "1", "--target-rounds", "3"
    )
    assert result.code == 66
    verdict = load(tmp_path / f"{RUN}.verdict.yaml")
    assert verdict["verdict_status"] == "AUDIT_FAILED" and "not found" in verdict["failure_reason"]


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        (
            "stage2-agent.jsonl",
            ("--round", "1", "--target-rounds", "3"),
            "must be named <run_id>.jsonl",
        ),
        (
            f"{RUN}.jsonl",
            ("--round", "4", "--target-rounds", "3"),
            "the round cannot exceed the target",
        ),
    ],
)
def test_usage_errors_write_nothing(
    tmp_path: Path, cli, name: str, args: tuple[str, ...], message: str
) -> None:  # type: ignore[no-untyped-def]
    stream = tmp_path / name
    write_jsonl(stream, stream_rows(RUN, agent_text([], "PASS", 1, 3)))
    result = cli("audit", "parse-verdict", stream, *args)
    assert result.code == 64
    assert message in result.err
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_unwritable_output_exits_73_and_leaves_no_file(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    stream = make_stream(tmp_path)
    result = cli(
        "audit",
        "parse-verdict",
        stream,
        "--round",
        "2",
        "--target-rounds",
        "3",
        "-o",
        tmp_path / "no" / "v.yaml",
    )
    assert result.code == 73
    assert "cannot write" in result.err
    assert not (tmp_path / "no").exists()


def test_bad_source_date_epoch_is_usage_and_writes_nothing(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    stream = make_stream(tmp_path)
    result = cli("audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3")
    assert result.code == 64
    assert "SOURCE_DATE_EPOCH='yesterday' is not an integer" in result.err
    assert [p.name for p in tmp_path.iterdir()] == [stream.name]


def test_output_to_stdout(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    stream = make_stream(tmp_path)
    result = cli(
        "audit", "parse-verdict", stream, "--round", "2", "--target-rounds", "3", "-o", "-"
    )
    assert result.code == 0, result.err
    assert result.out.startswith(f'run_id: "{RUN}"\nverdict_status: "MINOR"\n')
    assert [p.name for p in tmp_path.iterdir()] == [stream.name]


SECTION_BITS = st.sampled_from(
    [
        "## Section 5 — Findings\n",
        "## Section 6 — Verdict\n",
        "```yaml\n",
        "```\n",
        "- id: F-1\n",
        "  severity: P1\n",
        "verdict_status: MATERIAL\n",
        "round: 2\ntarget_rounds: 3\n",
        "finding_counts: {p1: 1, p2: 0, p3: 0}\n",
        "finding_counts: [1, 2]\n",
        "- [unclosed\n",
        "&a x: *a\n",
        "no findings\n",
        "  dimension: 3.2\n",
        "!!python/object:os.system x\n",
        "1. F-001 P1 §3.2 a.md:3 — x. Fix: y.\n",
        "2. **F-0002** p3 4(f) b.md:9 -- x\n",
        "Round 2: P1×1 / P2×0 / P3×0 (1 total)\n",
        "Round 2: P1x0 / P2x0 / P3x2 (9 total)\n",
        "Round 2: 0 findings of any severity. Convergence reached.\n",
    ]
)


@settings(max_examples=60, deadline=None)
@given(parts=st.lists(SECTION_BITS | st.text(max_size=20), max_size=14))
def test_any_agent_text_gives_a_verdict_or_audit_failed(
    tmp_path_factory: pytest.TempPathFactory, parts: list[str]
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    stream = folder / f"{RUN}.jsonl"
    write_jsonl(stream, stream_rows(RUN, "".join(parts) or "x"))
    outcome = parse_verdict_stream(
        stream, round_=2, target_rounds=3, generated_at="2026-04-30T15:22:58.471Z"
    )
    assert validate_verdict(outcome.verdict) == []
    assert outcome.ok == (outcome.verdict["verdict_status"] != "AUDIT_FAILED")
