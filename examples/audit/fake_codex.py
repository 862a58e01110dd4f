#!/usr/bin/env python3
"""A stand-in for the codex CLI so `ars-docs audit run` can be tried offline.

It answers `--version` like codex 0.128, accepts the flags the wrapper passes
(`exec -m MODEL -c model_reasoning_effort="..." --json -`), reads the prompt
on stdin, then replays `stream.jsonl` (beside this file, or $FAKE_CODEX_STREAM)
one event every 50 ms and exits with $FAKE_CODEX_EXIT (default 0).
A real deployment runs the real codex instead: see docs/audit.md.
"""

import os
import sys
import time
from pathlib import Path

if sys.argv[1:] == ["--version"]:
    print("codex-cli 0.128.0")
    sys.exit(0)
if sys.argv[1:3] != ["exec", "-m"] or sys.argv[-2:] != ["--json", "-"]:
    print(f"fake codex: unexpected arguments {sys.argv[1:]}", file=sys.stderr)
    sys.exit(2)
sys.stdin.read()  # the prompt
stream = Path(os.environ.get("FAKE_CODEX_STREAM", Path(__file__).with_name("stream.jsonl")))
for line in stream.read_text(encoding="utf-8").splitlines():
    print(line, flush=True)
    time.sleep(0.05)
code = int(os.environ.get("FAKE_CODEX_EXIT", "0"))
if code:
    print(f"fake codex: exiting {code} as asked", file=sys.stderr)
sys.exit(code)
