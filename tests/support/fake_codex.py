#!/usr/bin/env python3
"""A scripted stand-in for the codex CLI, for the ``ars-docs audit run`` tests.

Accepts exactly the codex 0.125+ flags the wrapper passes
(``exec -m MODEL -c model_reasoning_effort="EFFORT" --json -``) and
``--version``; anything else exits 2 with a message, like a CLI would.

The script named by ``$FAKE_CODEX_SCRIPT`` is replayed line by line:

    emit <text>           print <text> and a newline on stdout (one event)
    raw <text>            print <text> without a newline
    repeat <n> <text>     emit <text> n times
    stderr <text>         print <text> on stderr
    sleep <seconds>       pause
    append <path> <text>  append <text> to a file (a bundle edited mid-stream)
    forever               emit a turn.started row every 0.05 s, never ending
    spawn <pidfile>       start a grandchild (`sleep 60`) sharing stdout; write its pid
    close                 close stdout and stderr (and go on running)
    block <dir> <suffix>  for each <run_id>.jsonl in <dir>, make a folder <run_id><suffix>
                          (so the wrapper cannot write that file later)
    kill <signal>         send the signal to itself
    exit <code>           exit with <code>

``$FAKE_CODEX_VERSION`` is what ``--version`` prints (default
``codex-cli 0.128.0``). ``$FAKE_CODEX_LOG`` names a file that receives the
arguments (first line, JSON) and the prompt read on stdin.
"""

import json
import os
import signal
import subprocess
import sys
import time


def main() -> int:
    args = sys.argv[1:]
    if args == ["--version"]:
        print(os.environ.get("FAKE_CODEX_VERSION", "codex-cli 0.128.0"))
        return 0
    if (
        len(args) != 7
        or args[:2] != ["exec", "-m"]
        or args[3] != "-c"
        or not args[4].startswith('model_reasoning_effort="')
        or args[5:] != ["--json", "-"]
    ):
        print(f"fake codex: unexpected arguments {args!r}", file=sys.stderr)
        return 2
    prompt = sys.stdin.buffer.read()
    log = os.environ.get("FAKE_CODEX_LOG")
    if log:
        with open(log, "wb") as handle:
            handle.write(json.dumps(args).encode() + b"\n" + prompt)
    out = sys.stdout
    with open(os.environ["FAKE_CODEX_SCRIPT"], encoding="utf-8") as script:
        for line in script:
            word, _, rest = line.rstrip("\n").partition(" ")
            if word == "emit":
                out.write(rest + "\n")
                out.flush()
            elif word == "raw":
                out.write(rest)
                out.flush()
            elif word == "repeat":
                count, _, text = rest.partition(" ")
                out.write((text + "\n") * int(count))
                out.flush()
            elif word == "stderr":
                print(rest, file=sys.stderr, flush=True)
            elif word == "sleep":
                time.sleep(float(rest))
            elif word == "append":
                path, _, text = rest.partition(" ")
                with open(path, "a", encoding="utf-8") as handle:
                    handle.write(text + "\n")
            elif word == "forever":
                while True:
                    out.write('{"type":"turn.started"}\n')
                    out.flush()
                    time.sleep(0.05)
            elif word == "spawn":
                child = subprocess.Popen(["sleep", "60"])
                with open(rest, "w", encoding="utf-8") as handle:
                    handle.write(str(child.pid))
            elif word == "block":
                folder, _, suffix = rest.partition(" ")
                for name in os.listdir(folder):
                    if name.endswith(".jsonl"):
                        os.mkdir(os.path.join(folder, name[: -len(".jsonl")] + suffix))
            elif word == "close":
                out.flush()
                os.close(1)
                os.close(2)
            elif word == "kill":
                os.kill(os.getpid(), getattr(signal, rest))
                time.sleep(5)
            elif word == "exit":
                return int(rest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
