"""Does the Jinja byte-code cache pay for itself? (issue 29 §9)

The reports that use a template (``drift-log``, ``scope-report``; ``audit run``
renders its prompt from one too) are whole processes, so this measures
processes: each command runs ``--repeat`` times with a byte-code cache (warm:
filled by a first run) and ``--repeat`` times without one,
alternating so that load on the machine hits both alike. The variant without
the cache is ars-docs as it ships now; the variant with it gives
``ars_docs.core.templating`` a Jinja ``FileSystemBytecodeCache`` as ars-docs shipped
before issue 29 (a ``-c`` wrapper patches it in before the command runs). It
also prints the CPU time of loading one template both ways.

    PYTHONPATH=. python benchmarks/bench_template_cache.py [--repeat 15]

A measurement, not a test: it prints medians and the difference, exit 0.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Chooses the byte-code cache before anything renders: argv[1] is "cache" (a Jinja
# FileSystemBytecodeCache in $BENCH_BYTECODE_DIR, as ars-docs shipped until issue
# 29) or "none" (no byte-code cache, as ars-docs ships now).
CHOOSE = (
    "import os, sys, functools, jinja2\n"
    "import ars_docs.core.templating as t\n"
    "mode = sys.argv.pop(1)\n"
    "if mode == 'cache':\n"
    "    plain = t.environment.__wrapped__\n"
    "    def cached():\n"
    "        env = plain()\n"
    "        folder = os.environ['BENCH_BYTECODE_DIR']\n"
    "        env.bytecode_cache = jinja2.FileSystemBytecodeCache(folder)\n"
    "        return env\n"
    "    t.environment = functools.lru_cache(maxsize=1)(cached)\n"
)
WRAPPER = CHOOSE + ("from ars_docs.cli.main import run\nsys.exit(run(sys.argv[1:]))\n")
LOAD_ONE = CHOOSE + (
    "import time\n"
    "start = time.process_time()\n"
    "t.environment().get_template(sys.argv[1])\n"
    "print(time.process_time() - start)\n"
)


def session(folder: Path) -> Path:
    """The drift-log example session (passport, events, files), copied."""
    shutil.copytree(ROOT / "examples" / "drift_session" / "session", folder / "session")
    shutil.copy(ROOT / "examples" / "scope_report" / "round3.verdict.yaml", folder / "session")
    return folder / "session"


def timed(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child itself): on a shared machine the CPU time
    is the steadier of the two."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)  # fmt: skip
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        sys.exit(f"failed ({proc.returncode}): {argv}")
    return elapsed, usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        where = session(Path(tmp))
        env = dict(os.environ, ARS_DOCS_CACHE_DIR=str(Path(tmp) / "cache"))
        env["BENCH_BYTECODE_DIR"] = str(Path(tmp) / "bytecode")
        (Path(tmp) / "bytecode").mkdir(mode=0o700)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
        passport = str(where / "passport.yaml")
        commands = {
            "drift-log": ["drift-log", "--passport", passport, "-o", str(Path(tmp) / "d.md")],
            "scope-report": ["scope-report", "--passport", passport, "--verdict",
                             str(where / "round3.verdict.yaml"), "-o", str(Path(tmp) / "s.md")],
        }  # fmt: skip
        templates = {"drift-log": "session_drift_log.md.j2", "scope-report": "scope_report.md.j2"}
        print(
            f"{'command':<14} {'':<5} {'with cache':>11} {'without':>9} {'difference':>11}"
            "  (median s)"
        )
        for name, argv in commands.items():
            subprocess.run(
                [sys.executable, "-c", WRAPPER, "cache", *argv],
                env=env,
                check=False,
                capture_output=True,
            )  # fills the passport and byte-code caches
            cached = [str(p) for p in (Path(tmp) / "bytecode").rglob("__jinja2_*")]
            assert cached, "the byte-code cache was not written"
            times: dict[str, list[tuple[float, float]]] = {"cache": [], "none": []}
            for _ in range(args.repeat):
                for mode in ("cache", "none"):
                    command = [sys.executable, "-c", WRAPPER, mode, *argv]
                    times[mode].append(timed(command, where, env))
            for column, label in ((0, "wall"), (1, "CPU")):
                with_cache = statistics.median(t[column] for t in times["cache"])
                without = statistics.median(t[column] for t in times["none"])
                print(
                    f"{name:<14} {label:<5} {with_cache:>11.3f} {without:>9.3f} "
                    f"{without - with_cache:>+11.3f}"
                )
            loads = {}
            for mode in ("cache", "none"):
                runs = [
                    float(subprocess.run([sys.executable, "-c", LOAD_ONE, mode, templates[name]],
                                         env=env, capture_output=True, check=True).stdout)
                    for _ in range(args.repeat)
                ]  # fmt: skip
                loads[mode] = statistics.median(runs)
            print(
                f"{'':<14} loading {templates[name]}: {loads['cache'] * 1000:.1f} ms from byte "
                f"code, {loads['none'] * 1000:.1f} ms compiled"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
