"""Benchmark the audit data layer (issue 11): stream validation and the passport lint.

Targets (benchmarks/README.md):

1. Validate a 100,000-event JSONL stream (``scan_jsonl``: every row against
   ``audit_jsonl.schema.json``, A7 pairing, the opening/closing checks)
   in at most 2 s, reading it line by line. The peak memory traced during the
   scan is printed next to the file size to show the stream is not held.
2. ``lint audit-artifacts --mode persisted`` over a passport with 1,000
   ``audit_artifact[]`` entries in at most 1 s: once with ``--ledger-only``
   (the passport alone) and once with every entry's artifact files (1,000
   runs: JSONL, sidecar, verdict; bundle hashing; one ``git cat-file``).

Usage: ``PYTHONPATH=. python benchmarks/bench_audit.py [--events N] [--entries N]
[--repeat N] [--strict]``. Exit 0 whatever the numbers (1 with ``--strict``
when a target is missed; 2 when the generated inputs do not lint clean).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ars_docs.audit.model.jsonl import scan_jsonl
from ars_docs.audit.model.manifest import ManifestLine, build_manifest
from ars_docs.audit.model.verdict import GENERATED_BY, GENERATOR_VERSION, render_verdict
from ars_docs.audit.rows.lint import lint_audit_artifacts

TEMPLATE = "shared/templates/codex_audit_multifile_template.md"
VERDICT_TEXT = (
    "## Section 5 — Findings\n\nNo findings.\n\n## Section 6 — Verdict\n\n```yaml\n"
    "verdict_status: PASS\nround: 1\ntarget_rounds: 3\nfinding_counts: {p1: 0, p2: 0, p3: 0}\n```\n"
)


def write_stream(path: Path, events: int, thread: str) -> None:
    """``events`` rows: the opening, tool start/completion pairs, the verdict, the close."""
    with open(path, "w", encoding="utf-8") as out:
        out.write(json.dumps({"type": "thread.started", "thread_id": thread}) + "\n")
        out.write('{"type":"turn.started"}\n')
        pairs = max(0, (events - 4) // 2)
        for n in range(pairs):
            item = {"id": f"item_{n}", "type": "command_execution", "command": f"sed -n {n}p x.md"}
            out.write(json.dumps({"type": "item.started", "item": item}) + "\n")
            done = dict(item, exit_code=0, aggregated_output="line")
            out.write(json.dumps({"type": "item.completed", "item": done}) + "\n")
        for _ in range(events - 4 - 2 * pairs):
            out.write(
                '{"type":"item.completed","item":{"id":"note","type":"agent_message","text":"…"}}\n'
            )
        message = {"id": "final", "type": "agent_message", "text": VERDICT_TEXT}
        out.write(json.dumps({"type": "item.completed", "item": message}) + "\n")
        usage = {
            "input_tokens": 9000,
            "cached_input_tokens": 0,
            "output_tokens": 800,
            "reasoning_output_tokens": 10,
        }
        out.write(json.dumps({"type": "turn.completed", "usage": usage}) + "\n")


def git(root: Path, *args: str) -> str:
    command = ["git", "-C", str(root), "-c", "user.name=b", "-c", "user.email=b@example.org", *args]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()


def write_ledger(root: Path, entries: int) -> Path:
    """A repository with one bundle, ``entries`` audit runs of it, and their passport."""
    files = {
        "ch/synthesis.md": "# Synthesis\n\nText.\n" * 200,
        "ch/bibliography.json": "{}\n",
        TEMPLATE: "# template\n",
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "bundle")
    head = git(root, "rev-parse", "HEAD")
    sha = {rel: hashlib.sha256(text.encode()).hexdigest() for rel, text in files.items()}
    manifest = build_manifest(
        [
            ManifestLine("primary", "ch/synthesis.md", sha["ch/synthesis.md"]),
            ManifestLine("supporting", "ch/bibliography.json", sha["ch/bibliography.json"]),
            ManifestLine("template", TEMPLATE, sha[TEMPLATE]),
        ]
    )
    out = root / "audit_artifacts"
    out.mkdir()
    lines = ["session_id: bench", "literature_corpus: []", "audit_artifact:"]
    for n in range(entries):
        hour, minute, second = n // 3600 % 24, n // 60 % 60, n % 60
        run_id = f"2026-04-30T{hour:02d}-{minute:02d}-{second:02d}Z-{n % 65536:04x}"
        thread = f"019de371-4c13-7521-8af7-{n:012x}"
        write_stream(out / f"{run_id}.jsonl", 9, thread)
        stamp = f"2026-04-30T{hour:02d}:{minute:02d}:{second:02d}"
        sidecar = {
            "run_id": run_id,
            "codex_cli_version": "0.128.0",
            "runner": {"hostname": "h", "cwd": "/w", "git_sha": head[:7], "git_dirty": False},
            "timing": {
                "started_at": f"{stamp}.000Z",
                "ended_at": f"{stamp}.500Z",
                "duration_seconds": 0.5,
            },
            "process": {
                "exit_code": 0,
                "stdout_path": f"audit_artifacts/{run_id}.stdout",
                "stderr_path": f"audit_artifacts/{run_id}.stderr",
            },
            "stream": {"jsonl_thread_id": thread},
            "prompt": {
                "audit_template_path": TEMPLATE,
                "audit_template_sha": sha[TEMPLATE],
                "bundle": {
                    "bundle_manifest_sha": manifest.sha,
                    "primary_deliverables": [
                        {"path": "ch/synthesis.md", "sha": sha["ch/synthesis.md"]}
                    ],
                    "supporting_context": [
                        {"path": "ch/bibliography.json", "sha": sha["ch/bibliography.json"]}
                    ],
                },
            },
        }
        (out / f"{run_id}.meta.json").write_text(json.dumps(sidecar, indent=2), encoding="utf-8")
        verdict = {
            "run_id": run_id,
            "verdict_status": "PASS",
            "round": 1,
            "target_rounds": 3,
            "finding_counts": {"p1": 0, "p2": 0, "p3": 0},
            "findings": [],
            "generated_at": f"{stamp}.600Z",
            "generated_by": GENERATED_BY,
            "generator_version": GENERATOR_VERSION,
        }
        (out / f"{run_id}.verdict.yaml").write_text(render_verdict(verdict), encoding="utf-8")
        lines += [
            "  - stage: 2",
            "    agent: synthesis_agent",
            "    deliverable_path: ch/synthesis.md",
            f"    deliverable_sha: {sha['ch/synthesis.md']}",
            f"    run_id: {run_id}",
            f"    bundle_manifest_sha: {manifest.sha}",
            "    artifact_paths:",
            f"      jsonl: audit_artifacts/{run_id}.jsonl",
            f"      sidecar: audit_artifacts/{run_id}.meta.json",
            f"      verdict: audit_artifacts/{run_id}.verdict.yaml",
            "    verdict:",
            "      status: PASS",
            "      round: 1",
            "      target_rounds: 3",
            "      finding_counts: {p1: 0, p2: 0, p3: 0}",
            f'      verified_at: "{stamp}.{700 + n % 100:03d}Z"',
            "      verified_by: pipeline_orchestrator_agent",
        ]
    passport = root / "passport.yaml"
    passport.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return passport


def best(repeat: int, action: Callable[[], Any]) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), result


def report(label: str, seconds: float, target: float) -> bool:
    ok = seconds <= target
    print(
        f"{label:<52} {seconds:8.3f} s   target {target:.1f} s   "
        f"ratio {seconds / target:5.2f}  {'ok' if ok else 'MISSED'}"
    )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--entries", type=int, default=1_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        stream = work / "2026-04-30T15-22-04Z-d8f3.jsonl"
        write_stream(stream, args.events, "019de371-4c13-7521-8af7-fccf6bd23279")
        seconds, scan = best(args.repeat, lambda: scan_jsonl(stream))
        if scan.problems or scan.rows != args.events:
            print(f"sanity check failed: {scan.rows} rows, problems {scan.problems[:3]}")
            return 2
        results = [
            report(
                f"scan_jsonl, {args.events:,} events ({stream.stat().st_size / 1e6:.1f} MB)",
                seconds,
                2.0,
            )
        ]
        tracemalloc.start()
        scan_jsonl(stream)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"{'  traced peak memory during the scan':<52} {peak / 1e6:8.2f} MB "
            f"(file {stream.stat().st_size / 1e6:.1f} MB)"
        )
        root = work / "repo"
        root.mkdir()
        passport = write_ledger(root, args.entries)
        for label, only in (
            (f"lint persisted --ledger-only, {args.entries:,} entries", True),
            (f"lint persisted + artifact files, {args.entries:,} entries", False),
        ):
            seconds, found = best(
                args.repeat,
                lambda only=only: list(
                    lint_audit_artifacts("persisted", passport, root=root, check_files=not only)
                ),
            )
            if found:
                print(f"sanity check failed: {[d.format() for d in found[:3]]}")
                return 2
            results.append(report(label, seconds, 1.0))
    return 1 if args.strict and not all(results) else 0


if __name__ == "__main__":
    sys.exit(main())
