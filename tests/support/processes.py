"""Run ``ars-docs`` as a real process for the path-policy tests (issue 29).

Every run has a timeout, so a command that blocks on a FIFO fails the test
instead of hanging it. ``inject`` runs Python code in the child before the CLI
starts: the fault injections below kill the process (SIGKILL) or fail a write
(ENOSPC) at the N-th ``os.replace`` — the rename that makes an atomic write
visible — so a test can stop a command between the two files it changes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

TIMEOUT = 30
_MAIN = "import sys\nfrom ars_docs.cli.main import main\nsys.argv[0] = 'ars-docs'\nmain()\n"


@dataclass
class Proc:
    code: int
    out: str
    err: str


def child_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    environ = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/tmp"),
        "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
        "LC_ALL": "C.UTF-8",
        "ARS_DOCS_NO_CACHE": "1",
    }
    environ.update(extra or {})
    return environ


def ars(
    cwd: Path,
    *args: str | Path,
    inject: str = "",
    env: dict[str, str] | None = None,
    timeout: float = TIMEOUT,
    stdin: int | None = subprocess.DEVNULL,
) -> Proc:
    """``ars-docs ARGS`` in ``cwd``; raises ``subprocess.TimeoutExpired`` past ``timeout``."""
    code = f"{inject}\n{_MAIN}"
    proc = subprocess.run(
        [sys.executable, "-c", code, *(str(a) for a in args)],
        cwd=cwd,
        env=child_env(env),
        capture_output=True,
        stdin=stdin,
        timeout=timeout,
        check=False,
    )
    return Proc(proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"))


def start(
    cwd: Path, *args: str | Path, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """Start ``ars-docs ARGS`` without waiting (concurrency tests)."""
    return subprocess.Popen(
        [sys.executable, "-m", "ars_docs", *(str(a) for a in args)],
        cwd=cwd,
        env=child_env(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )


def finish(proc: subprocess.Popen[bytes], timeout: float = 60) -> Proc:
    out, err = proc.communicate(timeout=timeout)
    return Proc(proc.returncode, out.decode("utf-8"), err.decode("utf-8"))


def kill_at_replace(n: int, *, after: bool) -> str:
    """Code that SIGKILLs the process at the ``n``-th ``os.replace`` (before or after it)."""
    return f"""
import os, signal
_real_replace = os.replace
_calls = [0]
def _replace(*args, **kwargs):
    _calls[0] += 1
    if _calls[0] == {n} and not {after}:
        os.kill(os.getpid(), signal.SIGKILL)
    _real_replace(*args, **kwargs)
    if _calls[0] == {n} and {after}:
        os.kill(os.getpid(), signal.SIGKILL)
os.replace = _replace
"""


def disk_full_at_replace(n: int) -> str:
    """Code that makes the ``n``-th ``os.replace`` fail with ENOSPC (nothing renamed)."""
    return f"""
import errno, os
_real_replace = os.replace
_calls = [0]
def _replace(*args, **kwargs):
    _calls[0] += 1
    if _calls[0] == {n}:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    _real_replace(*args, **kwargs)
os.replace = _replace
"""


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".ars-tmp-" in p.name)
