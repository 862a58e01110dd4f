"""A real, valid audit artifact set on disk (git repository, files, passport) for audit tests.

``build_repo`` writes one deliverable bundle and two audit runs of it:
``RUN_MINOR`` (round 2, one P3 finding) and ``RUN_MATERIAL`` (round 1, one P1
finding), each with its JSONL stream, sidecar, verdict file and proposal
entry, all consistent with each other and with the files, plus a passport
whose ledger persists both runs and acknowledges the MATERIAL one.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.audit.model.manifest import ManifestLine, build_manifest
from ars_docs.audit.model.parse_verdict import parse_verdict_stream
from ars_docs.audit.model.verdict import render_verdict
from tests.support.layout import REPO

TEMPLATE = REPO / "ars_docs" / "templates" / "audit" / "codex_audit_multifile_template.md"
TEMPLATE_PATH = "shared/templates/codex_audit_multifile_template.md"
DELIVERABLE = "chapter_4/synthesis.md"
SUPPORTING = ("chapter_4/bibliography.json", "chapter_4/verification.md")
OUT = "audit_artifacts"
RUN_MINOR = "2026-04-30T15-22-04Z-d8f3"
RUN_MATERIAL = "2026-04-30T14-10-00Z-0a1b"
THREADS = {
    RUN_MINOR: "019de371-4c13-7521-8af7-fccf6bd23279",
    RUN_MATERIAL: "019de371-0000-7521-8af7-fccf6bd20000",
}
FINDINGS = {
    RUN_MINOR: [
        {
            "id": "F-007",
            "severity": "P3",
            "dimension": "3.7",
            "file": DELIVERABLE,
            "line": 12,
            "description": "deictic temporal phrase 'currently' — dated? (ünïcode)",
            "suggested_fix": "replace with 'as of 2026-04-30'",
        }
    ],
    RUN_MATERIAL: [
        {
            "id": "F-001",
            "severity": "P1",
            "dimension": "3.2",
            "file": DELIVERABLE,
            "line": 3,
            "description": "claim says more than its source",
            "suggested_fix": "narrow the claim to what page 4 reports",
        }
    ],
}
ROUNDS = {RUN_MINOR: (2, 3), RUN_MATERIAL: (1, 3)}
STATUS = {RUN_MINOR: "MINOR", RUN_MATERIAL: "MATERIAL"}
VERIFIED = ["2026-04-30T14:11:00.000Z", "2026-04-30T14:12:00.000Z", "2026-04-30T15:23:11.847Z"]


def finding_line(number: int, finding: dict[str, Any]) -> str:
    """One finding in the real ARS text form (the audit template's numbered line)."""
    return (
        f"{number}. {finding['id']} {finding['severity']} §{finding['dimension']} "
        f"{finding['file']}:{finding['line']} — {finding['description']}. "
        f"Fix: {finding['suggested_fix']}."
    )


def summary_line(findings: list[dict[str, Any]], round_: int) -> str:
    """The round summary line the real verdict text ends with."""
    a, b, c = (sum(1 for f in findings if f["severity"] == f"P{n}") for n in (1, 2, 3))
    if a + b + c == 0:
        return f"Round {round_}: 0 findings of any severity. Convergence reached."
    return f"Round {round_}: P1×{a} / P2×{b} / P3×{c} ({a + b + c} total)"


def agent_text(findings: list[dict[str, Any]], status: str, round_: int, target: int) -> str:
    """A final agent_message in the real ARS form the shipped template asks for: the
    Scope Report, numbered finding lines, the round summary last (``status`` and
    ``target`` are implied by the counts and the run; kept for the callers' symmetry)."""
    del status, target
    lines = [finding_line(n, f) for n, f in enumerate(findings, start=1)]
    return (
        f"## Codex Audit Round {round_} — Scope Report\n\n**Total entries audited:** 3\n\n"
        "- verified-against-source: PASS\n- description-internally-consistent: PASS\n"
        "- unaudited-due-to-missing-source: 0\n\n"
        + ("\n".join(lines) + "\n\n" if lines else "No findings.\n\n")
        + summary_line(findings, round_)
        + "\n"
    )


def legacy_agent_text(findings: list[dict[str, Any]], status: str, round_: int, target: int) -> str:
    """A final agent_message in the deprecated YAML-under-headings form of earlier
    ars-docs templates (still read, with a deprecation warning)."""
    counts = {f"p{n}": sum(1 for f in findings if f["severity"] == f"P{n}") for n in (1, 2, 3)}
    items = "\n".join(_yaml_finding(f) for f in findings)
    return (
        "## Codex Audit Round 2 — Scope Report\n\n**Total entries audited:** 3\n\n"
        "## Section 1 — Round and target\n\nround: 2\n\n"
        "## Section 5 — Findings\n\n"
        + (f"```yaml\n{items}\n```\n\n" if findings else "No findings.\n\n")
        + "## Section 6 — Verdict\n\n```yaml\n"
        f"verdict_status: {status}\nround: {round_}\ntarget_rounds: {target}\n"
        f"finding_counts: {{p1: {counts['p1']}, p2: {counts['p2']}, p3: {counts['p3']}}}\n```\n\n"
        "## Section 7 — Closing rules\n\nReport only.\n"
    )


def _yaml_finding(finding: dict[str, Any]) -> str:
    lines = []
    for index, (key, value) in enumerate(finding.items()):
        lead = "- " if index == 0 else "  "
        lines.append(f"{lead}{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)


def stream_rows(run_id: str, text: str) -> list[dict[str, Any]]:
    return [
        {"type": "thread.started", "thread_id": THREADS.get(run_id, THREADS[RUN_MINOR])},
        {"type": "turn.started"},
        {
            "type": "item.completed",
            "item": {"id": "item_0", "type": "agent_message", "text": "Reading the bundle."},
        },
        {
            "type": "item.started",
            "item": {"id": "item_1", "type": "command_execution", "command": "cat x"},
        },
        {"type": "item.started", "item": {"id": "item_2", "type": "command_execution"}},
        {
            "type": "item.completed",
            "item": {"id": "item_2", "type": "command_execution", "exit_code": 0},
        },
        {
            "type": "item.completed",
            "item": {"id": "item_1", "type": "command_execution", "exit_code": 0},
        },
        {"type": "item.completed", "item": {"id": "item_3", "type": "agent_message", "text": text}},
        {
            "type": "turn.completed",
            "usage": {
                "input_tokens": 1200,
                "cached_input_tokens": 0,
                "output_tokens": 300,
                "reasoning_output_tokens": 50,
            },
        },
    ]


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def git(root: Path, *args: str) -> str:
    proc = subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout.strip()


@dataclass
class AuditRepo:
    root: Path

    def path(self, rel: str) -> Path:
        return self.root / rel

    def proposal(self, run_id: str = RUN_MINOR) -> Path:
        return self.root / OUT / f"{run_id}.audit_artifact_entry.json"

    def sidecar(self, run_id: str = RUN_MINOR) -> Path:
        return self.root / OUT / f"{run_id}.meta.json"

    def verdict(self, run_id: str = RUN_MINOR) -> Path:
        return self.root / OUT / f"{run_id}.verdict.yaml"

    def jsonl(self, run_id: str = RUN_MINOR) -> Path:
        return self.root / OUT / f"{run_id}.jsonl"

    @property
    def passport(self) -> Path:
        return self.root / "passport.yaml"

    def load(self, path: Path) -> Any:
        return json.loads(path.read_text(encoding="utf-8"))

    def dump(self, path: Path, data: Any) -> None:
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def commit_files(root: Path, files: dict[str, str]) -> None:
    """Write ``files`` (repo-relative path → text) under ``root`` and commit them in a new repo."""
    root.mkdir(parents=True, exist_ok=True)
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "bundle")


def build_repo(root: Path) -> AuditRepo:
    """Write the valid artifact set described in the module docstring under ``root``."""
    files = {
        DELIVERABLE: "# Synthesis\n\nCurrently the field agrees.\n",
        SUPPORTING[0]: '{"entries": []}\n',
        SUPPORTING[1]: "# Verification\n\nAll checked — über.\n",
        TEMPLATE_PATH: TEMPLATE.read_text(encoding="utf-8"),
    }
    commit_files(root, files)
    head = git(root, "rev-parse", "--short", "HEAD")
    shas = {rel: sha(text.encode("utf-8")) for rel, text in files.items()}
    manifest = build_manifest(
        [ManifestLine("primary", DELIVERABLE, shas[DELIVERABLE])]
        + [ManifestLine("supporting", p, shas[p]) for p in SUPPORTING]
        + [ManifestLine("template", TEMPLATE_PATH, shas[TEMPLATE_PATH])]
    )
    (root / OUT).mkdir()
    repo = AuditRepo(root)
    entries = {}
    for run_id in (RUN_MINOR, RUN_MATERIAL):
        round_, target = ROUNDS[run_id]
        write_jsonl(
            repo.jsonl(run_id),
            stream_rows(run_id, agent_text(FINDINGS[run_id], STATUS[run_id], round_, target)),
        )
        outcome = parse_verdict_stream(
            repo.jsonl(run_id),
            round_=round_,
            target_rounds=target,
            generated_at="2026-04-30T15:22:58.471Z",
        )
        assert outcome.ok, outcome.failure
        repo.verdict(run_id).write_text(render_verdict(outcome.verdict), encoding="utf-8")
        repo.dump(repo.sidecar(run_id), _sidecar(run_id, head, shas, manifest.sha))
        entry = {
            "stage": 2,
            "agent": "synthesis_agent",
            "deliverable_path": DELIVERABLE,
            "deliverable_sha": shas[DELIVERABLE],
            "run_id": run_id,
            "bundle_id": "phase2-chapter4-2026-04-30",
            "bundle_manifest_sha": manifest.sha,
            "artifact_paths": {
                "jsonl": f"{OUT}/{run_id}.jsonl",
                "sidecar": f"{OUT}/{run_id}.meta.json",
                "verdict": f"{OUT}/{run_id}.verdict.yaml",
            },
            "verdict": {
                "status": STATUS[run_id],
                "round": round_,
                "target_rounds": target,
                "finding_counts": outcome.verdict["finding_counts"],
            },
        }
        entries[run_id] = entry
        repo.dump(repo.proposal(run_id), entry)
    repo.passport.write_text(passport_yaml(entries), encoding="utf-8")
    return repo


def _sidecar(run_id: str, head: str, shas: dict[str, str], manifest_sha: str) -> dict[str, Any]:
    return {
        "run_id": run_id,
        "codex_cli_version": "0.128.0",
        "runner": {
            "hostname": "runner.example.local",
            "cwd": "/src/project",
            "git_sha": head,
            "git_dirty": False,
        },
        "timing": {
            "started_at": run_id[:11] + run_id[11:19].replace("-", ":") + ".123Z",
            "ended_at": run_id[:11] + run_id[11:17].replace("-", ":") + "58.471Z",
            "duration_seconds": _duration(run_id),
        },
        "process": {
            "exit_code": 0,
            "stdout_path": f"{OUT}/{run_id}.stdout",
            "stderr_path": f"{OUT}/{run_id}.stderr",
        },
        "stream": {"jsonl_thread_id": THREADS[run_id]},
        "prompt": {
            "audit_template_path": TEMPLATE_PATH,
            "audit_template_sha": shas[TEMPLATE_PATH],
            "bundle": {
                "bundle_id": "phase2-chapter4-2026-04-30",
                "bundle_manifest_sha": manifest_sha,
                "primary_deliverables": [{"path": DELIVERABLE, "sha": shas[DELIVERABLE]}],
                "supporting_context": [{"path": p, "sha": shas[p]} for p in SUPPORTING],
            },
        },
    }


def _duration(run_id: str) -> float:
    seconds = int(run_id[17:19])
    return round(58.471 - (seconds + 0.123), 3)


def passport_yaml(entries: dict[str, dict[str, Any]]) -> str:
    """A passport whose ledger is: MATERIAL (round 1), its acknowledgement, MINOR (round 2)."""
    material = json.loads(json.dumps(entries[RUN_MATERIAL]))
    minor = json.loads(json.dumps(entries[RUN_MINOR]))
    persisted = []
    for index, (entry, ack) in enumerate(((material, False), (material, True), (minor, False))):
        copy = json.loads(json.dumps(entry))
        copy["verdict"]["verified_at"] = VERIFIED[index]
        copy["verdict"]["verified_by"] = "pipeline_orchestrator_agent"
        if ack:
            copy["acknowledgement"] = {
                "finding_ids": ["F-001"],
                "acknowledged_at": VERIFIED[index],
                "acknowledged_by": "user",
            }
        persisted.append(copy)
    lines = [
        "# passport with an audit ledger",
        "session_id: s-1",
        "literature_corpus: []",
        "audit_artifact:",
    ]
    for entry in persisted:
        lines.extend(_yaml_entry(entry))
    return "\n".join(lines) + "\n"


def _yaml_entry(entry: dict[str, Any]) -> list[str]:
    out = []
    for index, (key, value) in enumerate(entry.items()):
        lead = "  - " if index == 0 else "    "
        if isinstance(value, dict):
            out.append(f"{lead}{key}:")
            for sub, item in value.items():
                out.append(f"      {sub}: {json.dumps(item, ensure_ascii=False)}")
        else:
            out.append(f"{lead}{key}: {json.dumps(value, ensure_ascii=False)}")
    return out


def copy_repo(template: AuditRepo, target: Path) -> AuditRepo:
    shutil.copytree(template.root, target)
    return AuditRepo(target)
