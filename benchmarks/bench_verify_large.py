"""``ars-docs verify`` of one key on a large passport, as a whole process (issue 29 §12).

``verify`` read the passport three times (the corpus, then the editor's parse to
find the entry, then the check that the edit changed nothing else); it now
parses twice, the editor reusing the first parse when the file is unchanged
under its lock. This generates a passport of ``--entries`` entries (default
20,000, about 6 MB), verifies one key in a fresh copy per run, and prints the
wall time, the child's CPU time and its peak resident memory (``os.wait4``),
the median of ``--repeat`` runs. ``--baseline DIR`` runs the ``ars_docs``
package found in DIR too (e.g. ``git archive <commit> ars_docs | tar -x -C DIR``)
for a before/after in one run.

    PYTHONPATH=. python benchmarks/bench_verify_large.py [--entries 20000] [--baseline DIR]

A measurement, not a test: exit 0 whatever the numbers.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.support.sessions import entry, passport_text  # noqa: E402  (the tests' passport writer)

MB = 1024 * 1024


def run(package_root: Path, folder: Path, *args: str) -> tuple[float, float, int, int]:
    """(wall s, CPU s, peak bytes, exit code) of one ``python -m ars_docs`` child."""
    env = dict(os.environ, PYTHONPATH=str(package_root), ARS_DOCS_NO_CACHE="1")
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # child: quiet, then exec
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.chdir(folder)
        os.execve(sys.executable, [sys.executable, "-m", "ars_docs", *args], env)
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - started
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", type=Path, metavar="DIR")
    args = parser.parse_args()
    variants = [("this tree", ROOT)]
    if args.baseline is not None:
        variants.insert(0, ("baseline", args.baseline.resolve()))
    with tempfile.TemporaryDirectory(prefix="ars-bench-verify-") as tmp:
        folder = Path(tmp)
        entries = [
            entry(f"k{i:06d}", acquired=True, verified=False, doi=f"10.1234/x{i}")
            for i in range(args.entries)
        ]
        original = folder / "original.yaml"
        original.write_text(passport_text(*entries), encoding="utf-8")
        size = original.stat().st_size
        print(f"passport: {args.entries} entries, {size / MB:.1f} MB; verify one key")
        print(f"{'code':<10} {'wall':>7} {'CPU':>7} {'peak':>7}  (median of {args.repeat})")
        for label, package in variants:
            results = []
            for number in range(args.repeat):
                work = folder / f"{label.replace(' ', '-')}-{number}"
                work.mkdir()
                shutil.copy(original, work / "passport.yaml")
                key = f"k{(number * 7919) % args.entries:06d}"
                wall, cpu, peak, code = run(package, work, "verify", key,
                                            "--passport", "passport.yaml",
                                            "--method", "manual_grep")  # fmt: skip
                if code != 0:
                    sys.exit(f"{label}: verify exited {code}")
                results.append((wall, cpu, peak))
            wall = statistics.median(r[0] for r in results)
            cpu = statistics.median(r[1] for r in results)
            peak = statistics.median(r[2] for r in results)
            print(f"{label:<10} {wall:6.1f}s {cpu:6.1f}s {peak / MB:6.0f}M")
    return 0


if __name__ == "__main__":
    sys.exit(main())
