"""Real audit artifact sets on disk for the audit gate tests (spec §4.3, §5.6).

``Bench`` is a git repository in a temporary folder holding a deliverable,
two supporting files, the shipped audit template and a passport with a
comment, CRLF-free YAML and an empty literature corpus. ``Bench.audit``
writes one audit run the way ``audit run`` does: the JSONL event stream
(with a tool call), the verdict file parsed from it by ``parse_verdict_stream``
(or the AUDIT_FAILED shape), the sidecar with the bundle manifest of the
files as they are, and the proposal entry last. Tests then mutate files to
build each forgery and run the gate through the real CLI (``cli.main.run``).
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.audit.model.manifest import ManifestLine, build_manifest
from ars_docs.audit.model.parse_verdict import parse_verdict_stream
from ars_docs.audit.model.verdict import failed_verdict, render_verdict
from ars_docs.cli.main import run
from tests.support.audit import DELIVERABLE, SUPPORTING, commit_files, git, sha
from tests.support.audit import TEMPLATE as TEMPLATE_SOURCE
from tests.support.audit import TEMPLATE_PATH as TEMPLATE
from tests.support.audit import agent_text as shared_agent_text

OUT = "audit_artifacts"
AGENT = "synthesis_agent"
PASSPORT_TEXT = (
    "# Material Passport — kept by hand; comments must survive\n"
    "session_id: s-42   # the session\n"
    "literature_corpus: []\n"
    'notes: "über — non-ASCII stays"\n'
)


def finding(n: int, severity: str) -> dict[str, Any]:
    return {
        "id": f"F-{n:03d}",
        "severity": severity,
        "dimension": "3.2",
        "file": DELIVERABLE,
        "line": n,
        "description": f"finding {n}: the claim says more than its source",
        "suggested_fix": "narrow the claim",
    }


def agent_text(findings: list[dict[str, Any]], round_: int, target: int) -> str:
    """The real ARS verdict text (finding lines, the summary last)."""
    return shared_agent_text(findings, "", round_, target)


def stream(thread: str, text: str) -> list[dict[str, Any]]:
    return [
        {"type": "thread.started", "thread_id": thread},
        {"type": "turn.started"},
        {"type": "item.started", "item": {"id": "item_1", "type": "command_execution"}},
        {"type": "item.completed", "item": {"id": "item_1", "type": "command_execution"}},
        {"type": "item.completed", "item": {"id": "item_2", "type": "agent_message", "text": text}},
        {
            "type": "turn.completed",
            "usage": {
                "input_tokens": 900,
                "cached_input_tokens": 0,
                "output_tokens": 200,
                "reasoning_output_tokens": 10,
            },
        },
    ]


@dataclass
class Outcome:
    code: int
    out: str
    err: str
    before: bytes
    after: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.out)

    @property
    def unchanged(self) -> bool:
        return self.before == self.after


@dataclass
class Bench:
    root: Path
    runs: int = 0
    head: str = ""
    run_ids: list[str] = field(default_factory=list)

    @classmethod
    def create(cls, root: Path, passport_text: str = PASSPORT_TEXT) -> Bench:
        files = {
            DELIVERABLE: "# Synthesis\n\nThe field agrees — mostly.\n",
            SUPPORTING[0]: '{"entries": []}\n',
            SUPPORTING[1]: "# Verification\n\nAll checked.\n",
            TEMPLATE: TEMPLATE_SOURCE.read_text(encoding="utf-8"),
        }
        commit_files(root, files)
        (root / OUT).mkdir()
        (root / "passport.yaml").write_bytes(passport_text.encode("utf-8"))
        bench = cls(root)
        bench.head = git(root, "rev-parse", "HEAD")
        return bench

    # --- paths -------------------------------------------------------------------

    @property
    def passport(self) -> Path:
        return self.root / "passport.yaml"

    @property
    def out(self) -> Path:
        return self.root / OUT

    def file(self, run_id: str, suffix: str) -> Path:
        return self.out / f"{run_id}{suffix}"

    def proposal(self, run_id: str) -> Path:
        return self.file(run_id, ".audit_artifact_entry.json")

    def consumed(self, run_id: str) -> Path:
        return self.out / "consumed" / f"{run_id}.audit_artifact_entry.json"

    def load(self, path: Path) -> Any:
        return json.loads(path.read_text(encoding="utf-8"))

    def dump(self, path: Path, data: Any) -> None:
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    def edit(self, path: Path, change: Any) -> None:
        data = self.load(path)
        change(data)
        self.dump(path, data)

    # --- one audit run ---------------------------------------------------------------

    def audit(
        self,
        findings: list[dict[str, Any]] | None = None,
        *,
        round_: int = 1,
        target: int = 3,
        failed: str | None = None,
        second: int | None = None,
    ) -> str:
        """Write one audit run's four files; returns its run_id."""
        self.runs += 1
        n = self.runs
        sec = n if second is None else second
        run_id = f"2026-05-01T10-{n:02d}-{sec % 60:02d}Z-{n:04x}"
        self.run_ids.append(run_id)
        thread = f"019de371-4c13-7521-8af7-{n:012x}"
        shas = {p: sha((self.root / p).read_bytes()) for p in (DELIVERABLE, *SUPPORTING, TEMPLATE)}
        manifest = build_manifest(
            [ManifestLine("primary", DELIVERABLE, shas[DELIVERABLE])]
            + [ManifestLine("supporting", p, shas[p]) for p in SUPPORTING]
            + [ManifestLine("template", TEMPLATE, shas[TEMPLATE])]
        )
        jsonl = self.file(run_id, ".jsonl")
        if failed:
            jsonl.write_text("", encoding="utf-8")
            verdict = failed_verdict(run_id, round_, target, failed, "2026-05-01T10:00:59.000Z")
        else:
            rows = stream(thread, agent_text(findings or [], round_, target))
            jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
            parsed = parse_verdict_stream(
                jsonl, round_=round_, target_rounds=target, generated_at="2026-05-01T10:00:59.000Z"
            )
            assert parsed.ok, parsed.failure
            verdict = parsed.verdict
        self.file(run_id, ".verdict.yaml").write_text(render_verdict(verdict), encoding="utf-8")
        started = f"2026-05-01T10:{n:02d}:{sec % 60:02d}.000Z"
        self.dump(
            self.file(run_id, ".meta.json"),
            {
                "run_id": run_id,
                "codex_cli_version": "0.128.0",
                "runner": {
                    "hostname": "ci",
                    "cwd": "/src",
                    "git_sha": self.head,
                    "git_dirty": False,
                },
                "timing": {
                    "started_at": started,
                    "ended_at": started.replace(".000Z", ".500Z"),
                    "duration_seconds": 0.5,
                },
                "process": {
                    "exit_code": 70 if failed else 0,
                    "stdout_path": f"{OUT}/{run_id}.stdout",
                    "stderr_path": f"{OUT}/{run_id}.stderr",
                },
                "stream": {"jsonl_thread_id": "" if failed else thread},
                "prompt": {
                    "audit_template_path": TEMPLATE,
                    "audit_template_sha": shas[TEMPLATE],
                    "bundle": {
                        "bundle_id": "chapter-4",
                        "bundle_manifest_sha": manifest.sha,
                        "primary_deliverables": [{"path": DELIVERABLE, "sha": shas[DELIVERABLE]}],
                        "supporting_context": [{"path": p, "sha": shas[p]} for p in SUPPORTING],
                    },
                },
            },
        )
        mirror: dict[str, Any] = {
            "status": verdict["verdict_status"],
            "round": round_,
            "target_rounds": target,
            "finding_counts": verdict["finding_counts"],
        }
        if failed:
            mirror["failure_reason"] = verdict["failure_reason"]
        self.dump(
            self.proposal(run_id),
            {
                "stage": 2,
                "agent": AGENT,
                "deliverable_path": DELIVERABLE,
                "deliverable_sha": shas[DELIVERABLE],
                "run_id": run_id,
                "bundle_id": "chapter-4",
                "bundle_manifest_sha": manifest.sha,
                "artifact_paths": {
                    "jsonl": f"{OUT}/{run_id}.jsonl",
                    "sidecar": f"{OUT}/{run_id}.meta.json",
                    "verdict": f"{OUT}/{run_id}.verdict.yaml",
                },
                "verdict": mirror,
            },
        )
        return run_id

    # --- the CLI -----------------------------------------------------------------

    def argv(self, command: str, *extra: str) -> list[str]:
        return [
            "audit", command, "--passport", str(self.passport), "--stage", "2", "--agent", AGENT,
            "--deliverable", str(self.root / DELIVERABLE), *extra,
        ]  # fmt: skip

    def cli(self, command: str, *extra: str) -> Outcome:
        exists = self.passport.exists()
        before = self.passport.read_bytes() if exists else b""
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = run(self.argv(command, *extra))
        after = self.passport.read_bytes() if exists else b""
        return Outcome(code, out.getvalue(), err.getvalue(), before, after)

    def gate(self, *extra: str) -> Outcome:
        return self.cli("gate", "--format", "json", *extra)

    def ack(self, ids: str, *extra: str) -> Outcome:
        return self.cli("ack", "--findings", ids, *extra)

    def spawn(self, command: str, *extra: str) -> subprocess.Popen[str]:
        """The gate as a separate process (for locks, crashes and concurrency)."""
        return subprocess.Popen(
            [sys.executable, "-m", "ars_docs", *self.argv(command, *extra)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def ledger(self) -> list[Any]:
        from ars_docs.audit.model.ledger import load_audit_ledger

        return load_audit_ledger(self.passport).data


# --- rows, locks and processes -------------------------------------------------------


def event(outcome: Outcome, phase: str) -> dict[str, Any]:
    """The gate's event for ``phase`` (fails the test when the gate never passed it)."""
    found = [e for e in outcome.json["events"] if e["phase"] == phase]
    assert found, f"{phase} not in {[e['phase'] for e in outcome.json['events']]}"
    return dict(found[-1])


def assert_row_message(text: str, phase: str, *, note: bool = False) -> None:
    """Every literal piece of the inventory row's message is in ``text``, in order."""
    from ars_docs.audit.gate.inventory import row

    template = row(phase).note if note else row(phase).message
    at = 0
    for piece in [p.strip() for p in re.split(r"\{[a-z_]+\}", template) if p.strip()]:
        found = text.find(piece, at)
        assert found >= 0, f"{piece!r} not in {text!r}"
        at = found + len(piece)


@contextmanager
def holding_lock(folder: Path) -> Iterator[None]:
    """Hold the session folder lock the gate takes (as a concurrent writer would)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def wait_for_lock_waiter(pid: int, timeout: float = 30.0) -> None:
    """Block until process ``pid`` waits for a flock (``->`` lines of /proc/locks)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in Path("/proc/locks").read_text().splitlines():
            fields = line.split()
            if "->" in fields and str(pid) in fields:
                return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} never waited for the lock")


def finish(proc: subprocess.Popen[str]) -> tuple[int, Any]:
    out, err = proc.communicate(timeout=60)
    return proc.returncode, (json.loads(out) if out.strip().startswith("{") else err)
