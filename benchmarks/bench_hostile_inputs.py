"""Cost of hostile and huge inputs, measured in separate processes (issue 16).

For each draft size, runs ``finalize``, ``render`` (markdown and HTML) and the
refusing ``render --strict`` as real ``ars-docs`` processes and prints the
wall time, the child's peak resident memory, the ratio of that peak to the
draft size and the stated bound (``ars_docs.core.limits.MEMORY_BOUNDS``). Then
runs the YAML alias bomb, 10^5-deep YAML and 1,000-deep JSON and prints
their time and peak memory next to the 10 s / 500 MB acceptance bounds.

Usage (from the repository root)::

    PYTHONPATH=. python benchmarks/bench_hostile_inputs.py               # 5 and 20 MB
    PYTHONPATH=. python benchmarks/bench_hostile_inputs.py --sizes 5 50  # larger
    PYTHONPATH=. python benchmarks/bench_hostile_inputs.py --strict      # exit 1 on a miss

The time ratio between sizes shows whether a command is linear: 4× the draft
should take about 4× the time.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ars_docs.core.limits import MEMORY_BOUND_ANY, MEMORY_BOUNDS

# The same two-entry passport the hostile-input tests use (one source of truth).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.support.hostile import PASSPORT

MB = 1024 * 1024


@dataclass
class Measured:
    code: int
    seconds: float
    peak: int


def run(folder: Path, *args: str, timeout: float = 3600) -> Measured:
    """One ``python -m ars_docs`` process; its own peak RSS via ``os.wait4``."""
    env = dict(os.environ, ARS_DOCS_NO_CACHE="1")
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # child: quiet, then exec
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.chdir(folder)
        os.execve(sys.executable, [sys.executable, "-m", "ars_docs", *args], env)
    deadline = started + timeout
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return Measured(os.waitstatus_to_exitcode(status), time.monotonic() - started,
                            usage.ru_maxrss * 1024)  # fmt: skip
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.wait4(pid, 0)
            return Measured(-9, time.monotonic() - started, 0)
        time.sleep(0.02)


def write_draft(path: Path, size: int) -> int:
    para = (
        "Results from the cohort — größer than expected <!--ref:ok2020--> and a "
        "second claim that still needs its source <!--ref:high2020-->. "
    ) * 3
    with open(path, "w", encoding="utf-8") as handle:
        written = handle.write("# Large draft\n\n")
        number = 0
        while written < size:
            number += 1
            block = f"## Section {number}\n\n" if number % 20 == 0 else para + "\n\n"
            handle.write(block)
            written += len(block.encode("utf-8"))
    return path.stat().st_size


COMMANDS = [
    ("finalize", "finalize", ("finalize", "draft.md", "--passport", "passport.yaml", "-o", "o.md")),
    ("render markdown", "render-markdown", ("render", "draft.md", "-o", "o.md")),
    ("render html", "render-html", ("render", "draft.md", "--to", "html", "-o", "o.html")),
    ("render --strict (refuses)", "render-markdown",
     ("render", "draft.md", "--passport", "passport.yaml", "--strict", "-o", "o.md")),
]  # fmt: skip


def bombs(folder: Path) -> list[tuple[str, tuple[str, ...]]]:
    from tests.support.raw_http import server_bombs  # issue 38: hostile servers

    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]")
    lines += ["literature_corpus:", "  - citation_key: k", "    title: t", "    notes: *a9"]
    (folder / "bomb.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    depth = 100_000
    (folder / "deep.yaml").write_text(
        "literature_corpus: " + "[" * depth + "]" * depth + "\n", encoding="utf-8"
    )
    (folder / "deep_session_events.jsonl").write_text(
        '{"ts": "2026-01-01T00:00:00Z", "phase": "ad-hoc", "action": "x", "agent": '
        + "[" * 1000
        + "]" * 1000
        + "}\n",
        encoding="utf-8",
    )
    return [
        ("alias bomb passport (lint corpus)", ("lint", "corpus", "bomb.yaml")),
        *server_bombs(folder),  # issue 38: hostile servers on 127.0.0.1 (lookup exits 75)
        ("10^5-deep YAML (lint corpus)", ("lint", "corpus", "deep.yaml")),
        ("1,000-deep JSON event (drift-log)",
         ("drift-log", "--passport", "passport.yaml", "--events", "deep_session_events.jsonl",
          "-o", "-")),
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[5, 20], metavar="MB")
    parser.add_argument("--dense-mb", type=float, default=2, metavar="MB")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a bound is missed")
    args = parser.parse_args(argv)
    missed = False
    with tempfile.TemporaryDirectory(prefix="ars-bench-hostile-") as tmp:
        folder = Path(tmp)
        (folder / "passport.yaml").write_text(PASSPORT, encoding="utf-8")
        times: dict[str, list[tuple[int, float]]] = {}
        print(f"{'command':28} {'draft':>8} {'time':>8} {'peak':>8} {'peak/size':>10} {'bound':>9}")
        for mb in args.sizes:
            size = write_draft(folder / "draft.md", int(mb * 1_000_000))
            for label, bound, argv in COMMANDS:
                measured = run(folder, *argv)
                factor, base = MEMORY_BOUNDS[bound]
                limit = factor * size + base
                ok = measured.peak <= limit and measured.code in (0, 1)
                missed |= not ok
                times.setdefault(label, []).append((size, measured.seconds))
                print(
                    f"{label:28} {size / MB:7.1f}M {measured.seconds:7.1f}s "
                    f"{measured.peak / MB:7.0f}M {measured.peak / size:9.1f}× "
                    f"{limit / MB:8.0f}M{'' if ok else '  MISSED'}"
                )
        if len(args.sizes) > 1:
            print("\ntime ratio largest ÷ smallest draft, against the size ratio (linear ≈ equal):")
            for label, points in times.items():
                (s0, t0), (s1, t1) = points[0], points[-1]
                print(f"  {label:28} time ×{t1 / t0:5.1f}   size ×{s1 / s0:5.1f}")
        print(f"\n{'dense markup (any-draft bound)':28} {'draft':>8} {'time':>8} {'peak':>8}")
        dense = "*a* _b_ `c` [d](e) <!--ref:ok2020-->\n"
        for label, _, argv in COMMANDS[:3]:
            text = dense * int(args.dense_mb * 1_000_000 / len(dense))
            (folder / "draft.md").write_text(text, encoding="utf-8")
            size = len(text.encode("utf-8"))
            measured = run(folder, *argv)
            factor, base = MEMORY_BOUND_ANY
            ok = measured.peak <= factor * size + base and measured.code == 0
            missed |= not ok
            print(
                f"{label:28} {size / MB:7.1f}M {measured.seconds:7.1f}s "
                f"{measured.peak / MB:7.0f}M {measured.peak / size:9.1f}× "
                f"{(factor * size + base) / MB:8.0f}M{'' if ok else '  MISSED'}"
            )
        print(f"\n{'hostile input':36} {'exit':>4} {'time':>7} {'peak':>7}  (bound 10 s, 500 MB)")
        for label, argv in bombs(folder):
            measured = run(folder, *argv, timeout=120)
            ok = measured.code == 65 and measured.seconds <= 10 and measured.peak <= 500 * MB
            missed |= not ok
            print(
                f"{label:36} {measured.code:4} {measured.seconds:6.2f}s "
                f"{measured.peak / MB:6.0f}M{'' if ok else '  MISSED'}"
            )
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
