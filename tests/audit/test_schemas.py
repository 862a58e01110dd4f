"""The four audit schemas (spec §3.2-§3.5): the spec's examples, modes, all errors, paths."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ars_docs.audit.model import schemas
from ars_docs.audit.model.files import read_json_artifact, read_yaml_artifact
from ars_docs.audit.model.ledger import load_audit_ledger
from ars_docs.core.errors import InputDataError, UsageError
from tests.support.layout import FIXTURES

SPEC = FIXTURES / "audit" / "spec_examples"


def yaml_data(name: str, *stamps: tuple[str | int, ...]) -> Any:
    return read_yaml_artifact(str(SPEC / name), what="t", hint="t", timestamp_keys=stamps).data


def json_data(name: str) -> Any:
    return read_json_artifact(str(SPEC / name), what="t", hint="t").data


def test_spec_example_entry_3_1_is_a_valid_persisted_entry() -> None:
    ledger = load_audit_ledger(SPEC / "s3_1_passport_entry.yaml")
    [entry] = ledger.entries
    assert entry.errors == ()
    assert schemas.validate_entry(entry.data) == []  # the oneOf as written
    assert entry.data["verdict"]["verified_at"] == "2026-04-30T15:23:11.847Z"


@pytest.mark.parametrize("name", ["s4_9_proposal_minor.json", "s4_9_proposal_audit_failed.json"])
def test_spec_example_proposals_4_9_are_valid_proposals(name: str) -> None:
    data = json_data(name)
    assert schemas.validate_entry(data, "proposal") == []
    assert schemas.validate_entry(data) == []
    rows = {e.row for e in schemas.validate_entry(data, "persisted")}
    assert "E3" in rows  # a proposal is not a persisted entry


def test_spec_example_sidecar_3_4_is_valid_alone_and_with_its_verdict() -> None:
    data = yaml_data("s3_4_sidecar.yaml")
    assert schemas.validate_sidecar(data) == []
    assert schemas.validate_sidecar(data, "MINOR") == []


@pytest.mark.parametrize("name", ["s3_5_verdict_completion.yaml", "s3_5_verdict_audit_failed.yaml"])
def test_spec_example_verdicts_3_5_are_valid(name: str) -> None:
    assert schemas.validate_verdict(yaml_data(name, ("generated_at",))) == []


@pytest.mark.parametrize("name", ["s3_3_stream_no_tool.jsonl", "s3_3_stream_tool_using.jsonl"])
def test_spec_example_streams_3_3_rows_are_valid(name: str) -> None:
    rows = [json.loads(line) for line in (SPEC / name).read_text(encoding="utf-8").splitlines()]
    assert rows
    for row in rows:
        assert schemas.validate_jsonl_row(row) == []
        assert schemas.quick_jsonl_row_check()(row)


def test_unquoted_yaml_timestamp_fails_type_string(tmp_path: Path) -> None:
    # §3.1: an unquoted ISO timestamp is a YAML timestamp, not a string.
    text = (SPEC / "s3_5_verdict_completion.yaml").read_text(encoding="utf-8")
    unquoted = text.replace('"2026-04-30T15:22:58.471Z"', "2026-04-30T15:22:58.471Z")
    assert unquoted != text
    path = tmp_path / "2026-04-30T15-22-04Z-d8f3.verdict.yaml"
    path.write_text(unquoted, encoding="utf-8")
    data = read_yaml_artifact(
        str(path), what="t", hint="t", timestamp_keys=[("generated_at",)]
    ).data
    [error] = schemas.validate_verdict(data)
    assert (error.path, error.keyword) == ("$.generated_at", "type")
    assert "unquoted YAML timestamp" in error.message and "quote it" in error.message


def test_quoted_timestamps_stay_strings_in_the_passport(tmp_path: Path) -> None:
    text = (SPEC / "s3_1_passport_entry.yaml").read_text(encoding="utf-8")
    ledger = load_audit_ledger(SPEC / "s3_1_passport_entry.yaml")
    assert isinstance(ledger.entries[0].data["verdict"]["verified_at"], str)
    path = tmp_path / "passport.yaml"
    path.write_text(
        text.replace('"2026-04-30T15:23:11.847Z"', "2026-04-30T15:23:11.847Z"), encoding="utf-8"
    )
    [entry] = load_audit_ledger(path).entries
    [error] = entry.errors
    assert (error.path, error.keyword) == ("$.verdict.verified_at", "type")


def test_validate_entry_returns_every_error_with_its_json_path() -> None:
    data = json_data("s4_9_proposal_minor.json")
    data["stage"] = 7
    data["deliverable_sha"] = "A1" * 32
    data["artifact_paths"]["jsonl"] = "/abs/run.jsonl"
    data["verdict"]["finding_counts"]["p2"] = -1
    del data["agent"]
    found = {(e.path, e.keyword) for e in schemas.validate_entry(data, "proposal")}
    assert found == {
        ("$.stage", "maximum"),
        ("$.deliverable_sha", "pattern"),
        ("$.artifact_paths.jsonl", "pattern"),
        ("$.verdict.finding_counts.p2", "minimum"),
        ("$", "required"),
    }


@pytest.mark.parametrize(
    ("edit", "mode", "row"),
    [
        (lambda d: d["verdict"].update(verified_at="2026-04-30T15:23:11.847Z"), "proposal", "E4"),
        (
            lambda d: d["verdict"].update(verified_by="pipeline_orchestrator_agent"),
            "proposal",
            "E4",
        ),
        (
            lambda d: d.update(
                acknowledgement={
                    "finding_ids": ["F-1"],
                    "acknowledged_at": "2026-04-30T15:23:11.847Z",
                    "acknowledged_by": "user",
                }
            ),
            "proposal",
            "A4",
        ),
        (lambda d: d.update(run_id="2026-04-30-d8f3"), "proposal", "F1"),
        (lambda d: d["verdict"].pop("verified_at"), "persisted", "E3"),
        (lambda d: d["verdict"].update(verified_by="synthesis_agent"), "persisted", "E3"),
        (
            lambda d: d["verdict"].update(
                status="AUDIT_FAILED",
                finding_counts={"p1": 0, "p2": 0, "p3": 0},
                failure_reason="x",
            ),
            "persisted",
            "E5",
        ),
    ],
)
def test_lifecycle_constraints_carry_their_row(edit: Any, mode: str, row: str) -> None:
    data = json_data("s4_9_proposal_minor.json")
    if mode == "persisted":
        data["verdict"].update(
            verified_at="2026-04-30T15:23:11.847Z", verified_by="pipeline_orchestrator_agent"
        )
        assert schemas.validate_entry(data, "persisted") == []
    else:
        assert schemas.validate_entry(data, "proposal") == []
    edit(data)
    errors = schemas.validate_entry(data, mode)  # type: ignore[arg-type]
    assert {e.row for e in errors} == {row}, errors


def test_unknown_mode_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown mode 'final'"):
        schemas.validate_entry({}, "final")  # type: ignore[arg-type]


def test_empty_thread_id_needs_an_audit_failed_companion() -> None:
    data = yaml_data("s3_4_sidecar.yaml")
    data["stream"]["jsonl_thread_id"] = ""
    assert schemas.validate_sidecar(data) == []
    assert schemas.validate_sidecar(data, "AUDIT_FAILED") == []
    [error] = schemas.validate_sidecar(data, "PASS")
    assert error.path == "$.stream.jsonl_thread_id"
    data["stream"]["jsonl_thread_id"] = None
    assert schemas.validate_sidecar(data, "AUDIT_FAILED") != []


@pytest.mark.parametrize(
    "value",
    [
        "019de371-4c13-7521-8af7-fccf6bd2327",  # short
        "019de3714c1375218af7fccf6bd23279aaaa",  # 36 chars, no dashes
        "------------------------------------",
        "019DE371-4C13-7521-8AF7-FCCF6BD23279",  # upper case
        "019de371-4c13-7521-8af7-fccf6bd23279\n",
    ],
)
def test_thread_id_must_be_a_canonical_uuid(value: str) -> None:
    row = {"type": "thread.started", "thread_id": value}
    assert schemas.validate_jsonl_row(row) != []
    assert not schemas.quick_jsonl_row_check()(row)


def test_a_trailing_newline_does_not_sneak_past_a_pattern() -> None:
    data = json_data("s4_9_proposal_minor.json")
    data["deliverable_sha"] += "\n"
    data["artifact_paths"]["verdict"] += "\n"
    data["verdict"]["failure_reason"] = "two\nlines"
    paths = {e.path for e in schemas.validate_entry(data, "proposal")}
    assert {"$.deliverable_sha", "$.artifact_paths.verdict", "$.verdict.failure_reason"} <= paths


ROW_SAMPLES: list[dict[str, Any]] = [
    {"type": "turn.started"},
    {"type": "thread.started", "thread_id": "019de371-4c13-7521-8af7-fccf6bd23279"},
    {"type": "thread.started"},
    {"type": "item.started", "item": {"id": "i", "type": "command_execution"}},
    {"type": "item.started", "item": {"id": "", "type": "command_execution"}},
    {"type": "item.completed", "item": {"id": "i", "type": "agent_message", "text": "v"}},
    {"type": "item.completed", "item": {"id": "i", "type": "agent_message", "text": ""}},
    {"type": "item.completed", "item": {"id": "i", "type": "agent_message"}},
    {"type": "item.completed", "item": {"id": "i", "type": "reasoning"}},
    {"type": "item.completed", "item": "i"},
    {
        "type": "turn.completed",
        "usage": {
            "input_tokens": 1,
            "cached_input_tokens": 0,
            "output_tokens": 0,
            "reasoning_output_tokens": 0,
        },
    },
    {
        "type": "turn.completed",
        "usage": {
            "input_tokens": -1,
            "cached_input_tokens": 0,
            "output_tokens": 0,
            "reasoning_output_tokens": 0,
        },
    },
    {
        "type": "turn.completed",
        "usage": {
            "input_tokens": 1.5,
            "cached_input_tokens": 0,
            "output_tokens": 0,
            "reasoning_output_tokens": 0,
        },
    },
    {
        "type": "turn.completed",
        "usage": {
            "input_tokens": True,
            "cached_input_tokens": 0,
            "output_tokens": 0,
            "reasoning_output_tokens": 0,
        },
    },
    {"type": "turn.completed"},
    {"type": "error", "error": {"message": "boom"}},
    {"type": "error", "message": "boom"},
    {"type": "session.created"},
    {"thread_id": "x"},
]


@pytest.mark.parametrize("row", ROW_SAMPLES)
def test_quick_row_check_agrees_with_jsonschema(row: dict[str, Any]) -> None:
    assert schemas.quick_jsonl_row_check()(row) == (schemas.validate_jsonl_row(row) == [])


def test_json_artifact_must_be_strict_json(tmp_path: Path) -> None:
    path = tmp_path / "x.meta.json"
    path.write_text('{"run_id": "a", "run_id": "b"}', encoding="utf-8")
    with pytest.raises(InputDataError, match="duplicate key 'run_id'") as caught:
        read_json_artifact(str(path), what="sidecar", hint="t")
    assert caught.value.exit_code == 65
    path.write_text('{"exit_code": NaN}', encoding="utf-8")
    with pytest.raises(InputDataError, match="NaN"):
        read_json_artifact(str(path), what="sidecar", hint="t")
    path.write_text('{"a": 1,\n  "b": }', encoding="utf-8")
    with pytest.raises(InputDataError, match=r"x\.meta\.json:2:8: sidecar is not valid JSON"):
        read_json_artifact(str(path), what="sidecar", hint="t")


def _variants(base: Any, edits: list[tuple[tuple[str | int, ...], Any]]) -> list[Any]:
    out = [base]
    for keypath, value in edits:
        data = json.loads(json.dumps(base))
        target = data
        for key in keypath[:-1]:
            target = target[key]
        if value is KeyError:
            del target[keypath[-1]]
        else:
            target[keypath[-1]] = value
        out.append(data)
    return out


ENTRY_EDITS: list[tuple[tuple[str | int, ...], Any]] = [
    (("stage",), 0),
    (("stage",), True),
    (("agent",), "x"),
    (("run_id",), "r"),
    (("extra",), 1),
    (("deliverable_path",), "../x"),
    (("artifact_paths", "jsonl"), "x.json"),
    (("verdict", "round"), 0),
    (("verdict", "status"), "AUDIT_FAILED"),
    (("verdict", "verified_at"), "2026-04-30T15:23:11.847Z"),
    (("verdict", "verified_by"), "pipeline_orchestrator_agent"),
    (("verdict", "finding_counts", "p1"), 1.0),
    (("verdict", "failure_reason"), "a\nb"),
    (("bundle_manifest_sha",), KeyError),
    (("acknowledgement",), {"finding_ids": [], "acknowledged_at": "x", "acknowledged_by": "user"}),
]


@pytest.mark.parametrize("mode", [None, "proposal", "persisted"])
def test_quick_entry_check_agrees_with_jsonschema(mode: Any) -> None:
    # validate_* trust the compiled quick check's "yes"; it must never differ from jsonschema.
    base = json_data("s4_9_proposal_minor.json")
    persisted = json.loads(json.dumps(base))
    persisted["verdict"].update(
        verified_at="2026-04-30T15:23:11.847Z", verified_by="pipeline_orchestrator_agent"
    )
    for data in _variants(base, ENTRY_EDITS) + _variants(persisted, ENTRY_EDITS):
        expected = schemas._entry_validator(mode).is_valid(data)
        assert schemas._quick_entry(mode)(data) == expected, data


SIDECAR_EDITS: list[tuple[tuple[str | int, ...], Any]] = [
    (("stream", "jsonl_thread_id"), ""),
    (("stream", "jsonl_thread_id"), None),
    (("runner", "git_sha"), "xyz"),
    (("timing", "duration_seconds"), 0),
    (("timing", "started_at"), "2026-04-30T15:22:04Z"),
    (("prompt", "audit_template_path"), "t.md"),
    (("process", "exit_code"), 1.5),
    (("prompt", "bundle", "primary_deliverables"), []),
    (("codex_cli_version",), "1.2"),
    (("runner", "extra"), 1),
]


@pytest.mark.parametrize("status", [None, "PASS", "AUDIT_FAILED"])
def test_quick_sidecar_check_agrees_with_jsonschema(status: str | None) -> None:
    for data in _variants(yaml_data("s3_4_sidecar.yaml"), SIDECAR_EDITS):
        if status is None:
            expected = schemas._validator(schemas.SIDECAR_SCHEMA).is_valid(data)
        else:
            expected = schemas._co_validator().is_valid({"sidecar": data, "verdict_status": status})
        assert schemas._quick_sidecar(status not in (None, "AUDIT_FAILED"))(data) == expected, data


VERDICT_EDITS: list[tuple[tuple[str | int, ...], Any]] = [
    (("verdict_status",), "OK"),
    (("findings", 0, "dimension"), 3.7),
    (("findings", 0, "severity"), "P4"),
    (("findings", 0, "line"), 0),
    (("generated_at",), "2026-04-30"),
    (("generator_version",), "1.0"),
    (("finding_counts", "p4"), 0),
    (("failure_reason",), ""),
    (("findings",), {}),
    (("extra_field",), [1]),
]


def test_quick_verdict_check_agrees_with_jsonschema() -> None:
    for data in _variants(
        yaml_data("s3_5_verdict_completion.yaml", ("generated_at",)), VERDICT_EDITS
    ):
        expected = schemas._validator(schemas.VERDICT_SCHEMA).is_valid(data)
        assert schemas._quick(schemas.VERDICT_SCHEMA)(data) == expected, data
