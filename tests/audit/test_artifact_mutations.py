"""Mutation suite for ``lint audit-artifacts``: one valid artifact set, one fault at a time.

Every §3.7 row the lint implements gets at least one mutation, and so do the
schema constraints; each mutation must be reported as exactly its own row or
constraint (the set of diagnostic codes is compared, not just "some error").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ars_docs.audit.rows.catalogue import ROWS
from ars_docs.audit.rows.lint import lint_audit_artifacts
from tests.support.audit import (
    OUT,
    RUN_MATERIAL,
    RUN_MINOR,
    SUPPORTING,
    AuditRepo,
    build_repo,
    copy_repo,
)

OTHER_RUN = "2026-04-30T16-00-00Z-beef"


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> AuditRepo:
    return build_repo(tmp_path_factory.mktemp("audit") / "repo")


@pytest.fixture
def repo(template: AuditRepo, tmp_path: Path) -> AuditRepo:
    return copy_repo(template, tmp_path / "repo")


def lint(repo: AuditRepo, mode: str, *, ledger_only: bool = False) -> list[Any]:
    target = {
        "proposal": repo.proposal(),
        "persisted": repo.passport,
        "jsonl-stream": repo.jsonl(),
        "verdict": repo.verdict(),
    }[mode]
    return list(lint_audit_artifacts(mode, target, root=repo.root, check_files=not ledger_only))


# --- editing helpers ----------------------------------------------------------------


def edit_json(
    path_of: Callable[[AuditRepo], Path], change: Callable[[Any], None]
) -> Callable[[AuditRepo], None]:
    def apply(repo: AuditRepo) -> None:
        path = path_of(repo)
        data = repo.load(path)
        change(data)
        repo.dump(path, data)

    return apply


def edit_text(
    path_of: Callable[[AuditRepo], Path], old: str, new: str, count: int = 1
) -> Callable[[AuditRepo], None]:
    def apply(repo: AuditRepo) -> None:
        path = path_of(repo)
        text = path.read_text(encoding="utf-8")
        assert text.count(old) >= count, (old, text)
        path.write_text(text.replace(old, new, count), encoding="utf-8")

    return apply


def edit_rows(change: Callable[[list[dict[str, Any]]], None]) -> Callable[[AuditRepo], None]:
    def apply(repo: AuditRepo) -> None:
        rows = [json.loads(line) for line in repo.jsonl().read_text(encoding="utf-8").splitlines()]
        change(rows)
        repo.jsonl().write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")

    return apply


def passport_entry(index: int, line_from: str, old: str, new: str) -> Callable[[AuditRepo], None]:
    """Replace ``old`` by ``new`` in the ``index``-th ledger entry, at or after ``line_from``."""

    def apply(repo: AuditRepo) -> None:
        text = repo.passport.read_text(encoding="utf-8")
        starts = [i for i in range(len(text)) if text.startswith("  - stage:", i)]
        start = starts[index]
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        chunk = text[start:end]
        at = chunk.index(line_from)
        assert old in chunk[at:], (old, chunk)
        chunk = chunk[:at] + chunk[at:].replace(old, new, 1)
        repo.passport.write_text(text[:start] + chunk + text[end:], encoding="utf-8")

    return apply


def append_ack_of_minor(repo: AuditRepo) -> None:
    text = repo.passport.read_text(encoding="utf-8")
    last = text[text.rindex("  - stage:") :]
    ack = last.replace('"2026-04-30T15:23:11.847Z"', '"2026-04-30T15:24:00.000Z"')
    ack += (
        "    acknowledgement:\n"
        '      finding_ids: ["F-007"]\n'
        '      acknowledged_at: "2026-04-30T15:24:00.000Z"\n'
        '      acknowledged_by: "user"\n'
    )
    repo.passport.write_text(text + ack, encoding="utf-8")


def both(*steps: Callable[[AuditRepo], None]) -> Callable[[AuditRepo], None]:
    def apply(repo: AuditRepo) -> None:
        for step in steps:
            step(repo)

    return apply


def rename_artifact(kind: str, new_name: str) -> Callable[[AuditRepo], None]:
    def apply(repo: AuditRepo) -> None:
        old = {"jsonl": repo.jsonl(), "sidecar": repo.sidecar(), "verdict": repo.verdict()}[kind]
        old.rename(old.with_name(new_name))
        edit_json(
            lambda r: r.proposal(),
            lambda d: d["artifact_paths"].update({kind: f"{OUT}/{new_name}"}),
        )(repo)

    return apply


def pending_proposal(
    round_: int, run_id: str = OTHER_RUN, sidecar_run: str = RUN_MINOR
) -> Callable[[AuditRepo], None]:
    def apply(repo: AuditRepo) -> None:
        data = repo.load(repo.proposal())
        data["run_id"] = run_id
        data["verdict"]["round"] = round_
        data["artifact_paths"]["sidecar"] = f"{OUT}/{sidecar_run}.meta.json"
        repo.dump(repo.proposal(run_id), data)

    return apply


FAKE_SHA = "f" * 64
SIDECAR = AuditRepo.sidecar
PROPOSAL = AuditRepo.proposal
VERDICT = AuditRepo.verdict

# (name, mode, mutation, expected codes, ledger_only)
MUTATIONS: list[tuple[str, str, Callable[[AuditRepo], None], set[str], bool]] = [
    (
        "A1-verdict",
        "verdict",
        edit_text(VERDICT, 'verdict_status: "MINOR"', 'verdict_status: "PASS"'),
        {"A1"},
        False,
    ),
    (
        "A1-entry-and-file",
        "proposal",
        both(
            edit_json(PROPOSAL, lambda d: d["verdict"].update(status="PASS")),
            edit_text(VERDICT, 'verdict_status: "MINOR"', 'verdict_status: "PASS"'),
        ),
        {"A1"},
        False,
    ),
    (
        "A2",
        "verdict",
        edit_text(VERDICT, "findings:", 'failure_reason: "why"\nfindings:'),
        {"A2"},
        False,
    ),
    ("A3", "verdict", edit_text(VERDICT, "round: 2", "round: 4"), {"A3"}, False),
    ("A4", "persisted", both(append_ack_of_minor), {"A4"}, True),
    ("A5", "verdict", edit_text(VERDICT, "p3: 1", "p3: 2"), {"A5"}, False),
    (
        "A6",
        "verdict",
        both(
            edit_text(VERDICT, 'verdict_status: "MINOR"', 'verdict_status: "AUDIT_FAILED"'),
            edit_text(VERDICT, "p3: 1", "p3: 0"),
            edit_text(VERDICT, "findings:", 'failure_reason: "codex exit 70"\nfindings:'),
        ),
        {"A6"},
        False,
    ),
    (
        "A7-order",
        "jsonl-stream",
        edit_rows(lambda rows: rows.insert(3, rows.pop(6))),
        {"A7"},
        False,
    ),
    (
        "A7-duplicate",
        "jsonl-stream",
        edit_rows(lambda rows: rows.insert(7, dict(rows[6]))),
        {"A7"},
        False,
    ),
    ("A7-orphan", "jsonl-stream", edit_rows(lambda rows: rows.pop(3)), {"A7"}, False),
    (
        "B1",
        "proposal",
        edit_json(
            SIDECAR,
            lambda d: d["stream"].update(jsonl_thread_id="019de371-4c13-7521-8af7-000000000000"),
        ),
        {"B1"},
        False,
    ),
    (
        "B2",
        "proposal",
        both(
            edit_json(
                SIDECAR,
                lambda d: d["prompt"]["bundle"]["primary_deliverables"][0].update(sha=FAKE_SHA),
            ),
            edit_json(PROPOSAL, lambda d: d.update(deliverable_sha=FAKE_SHA)),
        ),
        {"B2"},
        False,
    ),
    (
        "B3",
        "proposal",
        lambda r: r.path(SUPPORTING[1]).write_text("changed\n", encoding="utf-8"),
        {"B3"},
        False,
    ),
    (
        "B3-template-sha",
        "proposal",
        edit_json(SIDECAR, lambda d: d["prompt"].update(audit_template_sha=FAKE_SHA)),
        {"B3"},
        False,
    ),
    (
        "B4",
        "proposal",
        edit_json(SIDECAR, lambda d: d["runner"].update(git_sha="deadbee")),
        {"B4"},
        False,
    ),
    (
        "B5",
        "proposal",
        edit_json(SIDECAR, lambda d: d["timing"].update(duration_seconds=60.0)),
        {"B5"},
        False,
    ),
    (
        "B6",
        "proposal",
        edit_json(SIDECAR, lambda d: d["process"].update(exit_code=1)),
        {"B6"},
        False,
    ),
    ("B7", "proposal", edit_json(PROPOSAL, lambda d: d.update(run_id=OTHER_RUN)), {"B7"}, False),
    (
        "B8",
        "persisted",
        passport_entry(
            1, "acknowledgement", "2026-04-30T14:12:00.000Z", "2026-04-30T14:12:00.001Z"
        ),
        {"B8"},
        False,
    ),
    (
        "B9",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.update(bundle_id="another-bundle")),
        {"B9"},
        False,
    ),
    (
        "B10-unknown",
        "persisted",
        passport_entry(1, "finding_ids", '["F-001"]', '["F-001", "F-999"]'),
        {"B10"},
        False,
    ),
    ("B10-empty", "persisted", passport_entry(1, "finding_ids", '["F-001"]', "[]"), {"B10"}, False),
    ("C1", "proposal", edit_json(PROPOSAL, lambda d: d["verdict"].update(round=1)), {"C1"}, False),
    (
        "C2",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.update(bundle_manifest_sha=FAKE_SHA)),
        {"C2"},
        False,
    ),
    (
        "C3",
        "persisted",
        passport_entry(
            1, "deliverable_sha", "deliverable_sha: ", 'deliverable_sha: "' + FAKE_SHA + '" #'
        ),
        {"C3"},
        True,
    ),
    (
        "C4",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.update(deliverable_sha=FAKE_SHA)),
        {"C4"},
        False,
    ),
    (
        "D1",
        "persisted",
        passport_entry(2, "verified_at", "2026-04-30T15:23:11.847Z", "2026-04-30T14:12:00.000Z"),
        {"D1"},
        True,
    ),
    ("D2", "proposal", pending_proposal(2), {"D2"}, False),
    (
        "D3",
        "persisted",
        passport_entry(2, "verified_at", "2026-04-30T15:23:11.847Z", "2026-04-30T14:11:30.000Z"),
        {"D3"},
        True,
    ),
    ("D4", "persisted", pending_proposal(3), {"D4"}, False),
    (
        "E3",
        "persisted",
        passport_entry(2, "verified_by", '"pipeline_orchestrator_agent"', '"synthesis_agent"'),
        {"E3"},
        True,
    ),
    (
        "E4",
        "proposal",
        edit_json(PROPOSAL, lambda d: d["verdict"].update(verified_at="2026-04-30T15:23:11.847Z")),
        {"E4"},
        False,
    ),
    (
        "E5",
        "persisted",
        both(
            passport_entry(2, "status", '"MINOR"', '"AUDIT_FAILED"'),
            passport_entry(2, "finding_counts", '"p3": 1', '"p3": 0'),
            passport_entry(
                2,
                "finding_counts",
                "      verified_at",
                '      failure_reason: "codex exit 70"\n      verified_at',
            ),
        ),
        {"E5"},
        True,
    ),
    (
        "E7",
        "persisted",
        passport_entry(1, "status", '"MATERIAL"', '"MATERIAL_ACKNOWLEDGED"'),
        {"E7"},
        True,
    ),
    (
        "F1",
        "verdict",
        edit_text(VERDICT, f'run_id: "{RUN_MINOR}"', 'run_id: "2026-04-30T15:22:04Z-d8f3"'),
        {"F1"},
        False,
    ),
    (
        "F2",
        "proposal",
        rename_artifact("jsonl", f"2-synthesis_agent-{RUN_MINOR}.jsonl"),
        {"F2"},
        False,
    ),
    ("F3", "proposal", rename_artifact("sidecar", f"{OTHER_RUN}.meta.json"), {"F3"}, False),
]


def test_the_valid_set_is_clean_in_every_mode(repo: AuditRepo) -> None:
    for mode in ("proposal", "persisted", "jsonl-stream", "verdict"):
        assert lint(repo, mode) == [], mode
    material = lint_audit_artifacts("proposal", repo.proposal(RUN_MATERIAL), root=repo.root)
    assert list(material) == []


@pytest.mark.parametrize(
    ("name", "mode", "mutate", "expected", "ledger_only"), MUTATIONS, ids=[m[0] for m in MUTATIONS]
)
def test_each_row_mutation_reports_exactly_its_row(
    repo: AuditRepo,
    name: str,
    mode: str,
    mutate: Callable[[AuditRepo], None],
    expected: set[str],
    ledger_only: bool,
) -> None:
    mutate(repo)
    found = lint(repo, mode, ledger_only=ledger_only)
    assert {d.code for d in found} == expected, [d.format() for d in found]


def test_every_implemented_row_has_a_mutation() -> None:
    covered = set().union(*(m[3] for m in MUTATIONS))
    assert set(ROWS) <= covered, sorted(set(ROWS) - covered)


# --- schema constraints: one mutation each -------------------------------------------------

SCHEMA_MUTATIONS: list[tuple[str, str, Callable[[AuditRepo], None], str]] = [
    (
        "entry.stage minimum",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.update(stage=0)),
        "$.stage",
    ),
    (
        "entry.stage maximum",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.update(stage=7)),
        "$.stage",
    ),
    ("entry.stage type", "proposal", edit_json(PROPOSAL, lambda d: d.update(stage="2")), "$.stage"),
    (
        "entry.agent enum",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.update(agent="bibliography_agent")),
        "$.agent",
    ),
    (
        "entry required",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.pop("bundle_manifest_sha")),
        "$",
    ),
    ("entry additional", "proposal", edit_json(PROPOSAL, lambda d: d.update(note="x")), "$"),
    (
        "entry.deliverable_sha pattern",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.update(deliverable_sha="A" * 64)),
        "$.deliverable_sha",
    ),
    (
        "entry.deliverable_path leading /",
        "proposal",
        edit_json(PROPOSAL, lambda d: d.update(deliverable_path="/chapter_4/synthesis.md")),
        "$.deliverable_path",
    ),
    (
        "entry.artifact_paths.sidecar suffix",
        "proposal",
        edit_json(
            PROPOSAL, lambda d: d["artifact_paths"].update(sidecar=f"{OUT}/{RUN_MINOR}.json")
        ),
        "$.artifact_paths.sidecar",
    ),
    (
        "entry.verdict.round minimum",
        "proposal",
        edit_json(PROPOSAL, lambda d: d["verdict"].update(round=0)),
        "$.verdict.round",
    ),
    (
        "entry.finding_counts type",
        "proposal",
        edit_json(PROPOSAL, lambda d: d["verdict"]["finding_counts"].update(p3=1.5)),
        "$.verdict.finding_counts.p3",
    ),
    (
        "sidecar.codex_cli_version",
        "proposal",
        edit_json(SIDECAR, lambda d: d.update(codex_cli_version="codex-cli 0.128.0")),
        "$.codex_cli_version",
    ),
    (
        "sidecar.runner.git_dirty type",
        "proposal",
        edit_json(SIDECAR, lambda d: d["runner"].update(git_dirty="no")),
        "$.runner.git_dirty",
    ),
    (
        "sidecar.timing ms precision",
        "proposal",
        edit_json(
            SIDECAR,
            lambda d: d["timing"].update(
                started_at="2026-04-30T15:22:04Z", ended_at="2026-04-30T15:22:58Z"
            ),
        ),
        "$.timing.started_at",
    ),
    (
        "sidecar.duration > 0",
        "proposal",
        edit_json(SIDECAR, lambda d: d["timing"].update(duration_seconds=0)),
        "$.timing.duration_seconds",
    ),
    (
        "sidecar.template path const",
        "proposal",
        edit_json(SIDECAR, lambda d: d["prompt"].update(audit_template_path="t.md")),
        "$.prompt.audit_template_path",
    ),
    (
        "sidecar.thread id empty",
        "proposal",
        edit_json(SIDECAR, lambda d: d["stream"].update(jsonl_thread_id="")),
        "$.stream.jsonl_thread_id",
    ),
    ("sidecar required", "proposal", edit_json(SIDECAR, lambda d: d.pop("process")), "$"),
    (
        "verdict.dimension enum",
        "verdict",
        edit_text(VERDICT, 'dimension: "3.7"', 'dimension: "3.9"'),
        "$.findings[0].dimension",
    ),
    (
        "verdict.severity enum",
        "verdict",
        edit_text(VERDICT, 'severity: "P3"', 'severity: "P4"'),
        "$.findings[0].severity",
    ),
    (
        "verdict.generator_version",
        "verdict",
        edit_text(VERDICT, '"1.0.0"', '"v1"'),
        "$.generator_version",
    ),
    (
        "verdict.generated_at unquoted",
        "verdict",
        edit_text(VERDICT, '"2026-04-30T15:22:58.471Z"', "2026-04-30T15:22:58.471Z"),
        "$.generated_at",
    ),
    (
        "verdict required",
        "verdict",
        edit_text(VERDICT, 'generated_by: "ars-docs audit parse-verdict"\n', ""),
        "$",
    ),
    (
        "jsonl thread_id uuid",
        "jsonl-stream",
        edit_rows(lambda rows: rows[0].update(thread_id="not-a-uuid")),
        "$.thread_id",
    ),
    (
        "jsonl usage integer",
        "jsonl-stream",
        edit_rows(lambda rows: rows[-1]["usage"].update(output_tokens="300")),
        "$.usage.output_tokens",
    ),
    (
        "jsonl agent text",
        "jsonl-stream",
        edit_rows(lambda rows: rows[2]["item"].update(text="")),
        "$.item.text",
    ),
    (
        "jsonl item id",
        "jsonl-stream",
        edit_rows(lambda rows: [rows[i]["item"].update(id=7) for i in (3, 6)]),
        "$.item.id",
    ),
    (
        "jsonl type enum",
        "jsonl-stream",
        edit_rows(lambda rows: rows.insert(2, {"type": "session.created"})),
        "$.type",
    ),
]


@pytest.mark.parametrize(
    ("name", "mode", "mutate", "path"), SCHEMA_MUTATIONS, ids=[m[0] for m in SCHEMA_MUTATIONS]
)
def test_each_schema_mutation_reports_exactly_that_constraint(
    repo: AuditRepo, name: str, mode: str, mutate: Callable[[AuditRepo], None], path: str
) -> None:
    mutate(repo)
    found = lint(repo, mode)
    assert {d.code for d in found} == {"SCHEMA"}, [d.format() for d in found]
    assert any(d.message.startswith(path + ":") for d in found), [d.format() for d in found]


STREAM_MUTATIONS: list[tuple[str, Callable[[list[dict[str, Any]]], None], str]] = [
    ("no thread.started", lambda rows: rows.pop(0), "L2-3"),
    ("two thread.started", lambda rows: rows.insert(1, dict(rows[0])), "L2-3"),
    ("turn.started not second", lambda rows: rows.insert(1, rows.pop(2)), "L2-3"),
    ("no closing turn.completed", lambda rows: rows.pop(), "L2-4"),
    ("zero input tokens", lambda rows: rows[-1]["usage"].update(input_tokens=0), "L2-4"),
    ("no agent_message", lambda rows: [rows.pop(i) for i in (7, 2)], "L2-4"),
]


@pytest.mark.parametrize(
    ("name", "change", "code"), STREAM_MUTATIONS, ids=[m[0] for m in STREAM_MUTATIONS]
)
def test_stream_shape_mutations(
    repo: AuditRepo, name: str, change: Callable[[list[dict[str, Any]]], None], code: str
) -> None:
    edit_rows(change)(repo)
    assert {d.code for d in lint(repo, "jsonl-stream")} == {code}


def test_audit_failed_run_suspends_the_layer_checks(repo: AuditRepo) -> None:
    # An AUDIT_FAILED proposal: empty thread id, non-zero exit and an empty stream are all fine.
    edit_text(VERDICT, 'verdict_status: "MINOR"', 'verdict_status: "AUDIT_FAILED"')(repo)
    edit_text(VERDICT, "p3: 1", "p3: 0")(repo)
    text = repo.verdict().read_text(encoding="utf-8")
    text = (
        text[: text.index("findings:")]
        + 'failure_reason: "codex exit 70: timeout"\nfindings: []\n'
        + text[text.index("generated_at") :]
    )
    repo.verdict().write_text(text, encoding="utf-8")
    edit_json(SIDECAR, lambda d: d["stream"].update(jsonl_thread_id=""))(repo)
    edit_json(SIDECAR, lambda d: d["process"].update(exit_code=70))(repo)
    edit_json(
        PROPOSAL,
        lambda d: d["verdict"].update(
            status="AUDIT_FAILED",
            finding_counts={"p1": 0, "p2": 0, "p3": 0},
            failure_reason="codex exit 70: timeout",
        ),
    )(repo)
    repo.jsonl().write_bytes(b"")
    assert lint(repo, "proposal") == []
