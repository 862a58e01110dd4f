"""Benchmark the pattern-evaluation fixture set: the lint and the §7.4 harness (spec §7.6).

Target (issue 14 §4): the whole fixture set — the harness over 17
micro-fixtures and the integration run — under 30 s on 2 cores. The harness
runs as its own pytest process pinned to two CPUs (``sched_setaffinity``,
where the platform has it); its wall time is compared with the target and its
CPU time (pytest, the fake auditor and git processes) is printed too, since
wall time on a busy machine says little. The lint is timed in process, best
of 5.

A measurement, not a test: exits 0 whatever the numbers are, unless
``--strict`` is given (exit 1 when the target is missed, or the harness did
not pass). Run it from the repository root::

    python benchmarks/bench_pattern_eval.py
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SET = REPO / "tests" / "fixtures" / "v3_6_7_pattern_eval"
TARGET_SECONDS = 30.0


def lint_seconds() -> float:
    from ars_docs.audit.evalset.fixtures import scan_fixture_set

    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        found = scan_fixture_set(SET)
        best = min(best, time.perf_counter() - start)
        assert not found.diagnostics, found.diagnostics[0].format()
    return best


def two_cores() -> None:
    if hasattr(os, "sched_setaffinity"):
        cpus = sorted(os.sched_getaffinity(0))[:2]
        os.sched_setaffinity(0, cpus)


def harness() -> tuple[float, float, int, str]:
    """Wall time and CPU time (the process and its children) of the harness run."""
    import resource

    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    argv += ["tests/audit/test_eval_harness.py"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        argv, cwd=REPO, capture_output=True, text=True, check=False, preexec_fn=two_cores
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    tail = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[-300:]
    return elapsed, cpu, proc.returncode, tail


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 when the target is missed")
    args = parser.parse_args()
    lint = lint_seconds()
    print(f"lint eval-fixtures (in process, best of 5): {lint:.3f} s")
    elapsed, cpu, code, tail = harness()
    ratio = elapsed / TARGET_SECONDS
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"harness (18 fixtures) on 2 CPUs: {elapsed:.1f} s wall, {cpu:.1f} s CPU (pytest: {tail})"
    )
    print(f"load average when done: {load:.1f} (wall time is only meaningful on an idle machine)")
    verdict = "met" if ratio <= 1 else "MISSED"
    print(f"ratio to the {TARGET_SECONDS:.0f} s target: {ratio:.2f} ({verdict})")
    if args.strict and (ratio > 1 or code != 0):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
