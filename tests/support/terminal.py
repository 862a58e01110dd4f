"""Run ``ars-docs`` on a real pseudo-terminal and answer its prompt (issue 40).

``on_terminal`` starts ``python -m ars_docs ARGS`` with standard input, output
and error on the slave side of ``os.openpty()`` (``stderr_on_pty=False`` puts
standard error on a pipe instead: a terminal for input only), waits for the
``[y/N]`` prompt, types ``answer`` and collects everything the process wrote
until it exits. Nothing in ars-docs is replaced: the process sees a terminal
because it has one.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.hostile import child_env

__all__ = ["PROMPT_END", "TerminalRun", "on_terminal"]

PROMPT_END = b"[y/N]: "


@dataclass(frozen=True)
class TerminalRun:
    code: int
    shown: str
    """What the terminal showed (standard output, and standard error when on the pty)."""
    err: str
    """Standard error when it was a pipe, else empty."""
    prompted: bool


def on_terminal(
    folder: Path,
    *args: str | Path,
    answer: bytes | None = b"y\n",
    stderr_on_pty: bool = True,
    env: dict[str, str] | None = None,
    timeout: float = 30,
) -> TerminalRun:
    """Run ars-docs on a pty in ``folder``; ``answer`` is typed once the prompt shows
    (``None``: never answer, just read until the process ends)."""
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "ars_docs", *map(str, args)],
        cwd=folder,
        env=child_env(folder, env),
        stdin=slave,
        stdout=slave,
        stderr=slave if stderr_on_pty else subprocess.PIPE,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    shown = b""
    prompted = False
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # EIO: every slave descriptor is closed (the process ended)
                    break
                if not chunk:
                    break
                shown += chunk
                if not prompted and shown.endswith(PROMPT_END):
                    prompted = True
                    if answer is not None:
                        os.write(master, answer)
            elif proc.poll() is not None:
                break
        else:
            proc.kill()
            raise AssertionError(f"ars-docs {args} did not end in {timeout} s: {shown!r}")
        code = proc.wait(timeout=timeout)
        err = proc.stderr.read().decode() if proc.stderr is not None else ""
    finally:
        os.close(master)
        if proc.stderr is not None:
            proc.stderr.close()
    # The terminal turns "\n" into "\r\n" (and echoes what was typed).
    return TerminalRun(code, shown.decode().replace("\r\n", "\n"), err, prompted)
