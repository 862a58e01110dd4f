"""Benchmark ``ars-docs audit gate`` on a large ledger and a crowded output folder (spec §5.6).

Builds, in a temporary directory (or ``--keep DIR``), a git repository with
one deliverable bundle, a passport whose ``audit_artifact[]`` holds 1,000
persisted entries (999 for other deliverables, then the one for this
deliverable), and an output folder with 1,000 proposal files (999 for other
deliverables plus one leftover for this one, each with its artifact files).
It then times the gate decision (Path A, A1.5 preflight over the 1,000
proposals, the eleven checks, the decision) cold and warm, in process, and
prints the warm time against its target (<= 1 s) as a ratio. It also times
one Path B merge onto the 1,000-entry ledger (append, verification, atomic
write).

A measurement, not a test: exits 0 whatever the numbers are, unless
``--strict`` is given (exit 1 when a target is missed). Run it as::

    PYTHONPATH=.:tests python benchmarks/bench_audit_gate.py
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gate_support import AGENT, Bench, finding

from ars_docs.audit.gate import make_context, run_gate
from ars_docs.session.yaml_append import render_block

ENTRIES = 1000
PROPOSALS = 1000
TARGET_SECONDS = 1.0


def build(root: Path) -> Bench:
    bench = Bench.create(root)
    run_id = bench.audit([finding(1, "P3")])
    template = bench.load(bench.proposal(run_id))
    # 999 proposals of other deliverables (fake SHAs), each with its own files.
    for n in range(PROPOSALS - 1):
        other = f"2026-06-01T10-{n // 60 % 60:02d}-{n % 60:02d}Z-{n:04x}"
        data = json.loads(json.dumps(template))
        data["run_id"] = other
        data["deliverable_sha"] = f"{n:064x}"
        for key, suffix in (
            ("jsonl", ".jsonl"),
            ("sidecar", ".meta.json"),
            ("verdict", ".verdict.yaml"),
        ):
            data["artifact_paths"][key] = f"audit_artifacts/{other}{suffix}"
            shutil.copyfile(bench.file(run_id, suffix), bench.file(other, suffix))
        bench.dump(bench.proposal(other), data)
    # Merge this deliverable's run (Path B), then grow the ledger to 1,000 entries.
    ctx = make_context(bench.passport, 2, AGENT, bench.root / "chapter_4/synthesis.md")
    assert run_gate(ctx).appended
    merged = bench.ledger()[0]
    lines = []
    for n in range(ENTRIES - 1):
        entry = json.loads(json.dumps(merged))
        entry["deliverable_sha"] = f"{n:064x}"
        entry["run_id"] = f"2026-04-01T10-{n // 60 % 60:02d}-{n % 60:02d}Z-{n:04x}"
        entry["verdict"]["verified_at"] = f"2026-04-01T10:00:00.{n % 1000:03d}Z"
        lines.append(render_block(entry, 2, "\n"))
    text = bench.passport.read_text(encoding="utf-8")
    head, own = text.split("audit_artifact:\n", 1)
    bench.passport.write_text(head + "audit_artifact:\n" + "".join(lines) + own, encoding="utf-8")
    # The leftover proposal of the merged run (a crash after B9) stays in the folder.
    shutil.copyfile(bench.consumed(run_id), bench.proposal(run_id))
    return bench


def decide_once(bench: Bench) -> tuple[float, str]:
    ctx = make_context(bench.passport, 2, AGENT, bench.root / "chapter_4/synthesis.md")
    start = time.perf_counter()
    result = run_gate(ctx)
    return time.perf_counter() - start, result.phase


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", metavar="DIR", help="build the inputs here and keep them")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="ars-gate-bench-"))
    try:
        bench = build(base / "repo")
        count = len(bench.ledger())
        proposals = len(list(bench.out.glob("*.audit_artifact_entry.json")))
        cold, phase = decide_once(bench)
        warm = min(decide_once(bench)[0] for _ in range(3))
        print(f"ledger entries: {count}, proposals in the output folder: {proposals}")
        print(f"gate decision (phase {phase}): cold {cold:.3f} s, warm {warm:.3f} s")
        ratio = warm / TARGET_SECONDS
        print(f"warm / target ({TARGET_SECONDS:g} s): {ratio:.2f} (target <= 1.00)")
        run_id = bench.audit([], round_=2)
        ctx = make_context(bench.passport, 2, AGENT, bench.root / "chapter_4/synthesis.md")
        start = time.perf_counter()
        merged = run_gate(ctx)
        took = time.perf_counter() - start
        print(f"Path B merge onto {count} entries ({run_id}, {merged.phase}): {took:.3f} s")
        return 1 if args.strict and ratio > 1.0 else 0
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
