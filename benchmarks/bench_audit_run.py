"""Benchmark ``ars-docs audit run`` on a huge auditor stream (spec §4.4 Step 2b).

Builds a throw-away git repository with the test bundle, then times, for a
stream of N events (default 200,000; each an intermediate ``agent_message``)
replayed by ``tests/support/fake_codex.py``:

1. the whole ``audit run`` (preflight, snapshot, streaming, mutation check,
   verdict parse, the three atomic writes) against
2. the same fake auditor with its output copied to two files by ``cat`` and
   ``tee`` (what the spec's Bash wrapper does for streaming),

and prints the ratio ``audit run / shell copy``, the streaming phase alone
(from the run's own phase line, 0.1 s resolution) and the time of parsing the
verdict (``parse_verdict_stream``, timed separately on the JSONL the run
wrote). The stream must come out byte-identical in the JSONL and the
``.stdout`` copy and the run must end PASS, else it exits 2. It is a
measurement, not a test: it exits 0 whatever the numbers. Run it as::

    PYTHONPATH=.:tests python benchmarks/bench_audit_run.py [--events N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from ars_docs.audit.model.parse_verdict import parse_verdict_stream  # noqa: E402
from tests.support.audit_run import FAKE, argv, make_repo, no_tool_rows, script  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = make_repo(Path(tmp) / "repo")
        rows = no_tool_rows([], "PASS")
        thinking = {
            "type": "item.completed",
            "item": {"id": "item_9", "type": "agent_message", "text": "thinking"},
        }
        after = [f"repeat {args.events} {json.dumps(thinking)}"]
        after += ["emit " + json.dumps(row) for row in rows[2:]]
        path = script(Path(tmp) / "script.txt", rows[:2], after=after)
        env = dict(os.environ, FAKE_CODEX_SCRIPT=str(path))
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "ars_docs", *argv("--format", "json")],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        wrapper = time.perf_counter() - start
        summary = json.loads(proc.stdout or "{}")
        if proc.returncode != 0 or summary.get("status") != "PASS":
            print(f"sanity: audit run exited {proc.returncode}: {proc.stderr[-500:]}")
            return 2
        jsonl = root / summary["files"]["jsonl"]
        if jsonl.read_bytes() != jsonl.with_suffix(".stdout").read_bytes():
            print("sanity: the JSONL and its .stdout copy differ")
            return 2
        start = time.perf_counter()
        shell = subprocess.run(
            [
                "bash",
                "-c",
                f'echo | "{FAKE}" exec -m m -c \'model_reasoning_effort="x"\' --json - '
                f'| tee "{tmp}/copy.stdout" > "{tmp}/copy.jsonl"',
            ],
            env=env,
            check=False,
        )
        copy = time.perf_counter() - start
        if shell.returncode != 0:
            print("sanity: the shell pipeline failed")
            return 2
        start = time.perf_counter()
        outcome = parse_verdict_stream(
            jsonl, round_=1, target_rounds=3, generated_at="2026-01-01T00:00:00.000Z"
        )
        parse = time.perf_counter() - start
        assert outcome.ok, outcome.failure
    size = len(json.dumps(thinking)) + 1
    jsonl_size = size * args.events
    print(f"events: {args.events:,} (~{jsonl_size / 1e6:.1f} MB)")
    print(f"audit run (whole process): {wrapper:.2f} s")
    print(f"fake auditor | tee (shell copy): {copy:.2f} s")
    print(f"ratio audit run / shell copy: {wrapper / copy:.2f}")
    found = re.search(r"auditor exited 0 after ([0-9.]+) s", proc.stderr)
    if found:
        stream = float(found.group(1))
        print(f"streaming phase: {stream:.1f} s (ratio to shell copy {stream / copy:.2f})")
    print(f"verdict parse of the JSONL alone: {parse:.2f} s ({parse / wrapper:.0%} of the run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
