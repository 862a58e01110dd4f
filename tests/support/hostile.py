"""Run ``ars-docs`` as a real process and measure what one hostile input costs.

Each run has a wall-time limit and reports the child's own peak memory, so the
tests can assert loose bounds (issue 16: ≤ 10 s and ≤ 500 MB for the bombs)
next to the exact exit code and the one-line message. The peak is the child's
``VmHWM`` (the high-water mark of the memory it mapped after ``exec``), which
the child writes to a file as it exits. ``os.wait4``'s ``ru_maxrss`` is not
the child's own: Linux carries the parent's resident set at ``fork`` into it,
so a child of a pytest process grown to 300 MB reports at least 300 MB whatever
it did. It is used only when the child could not report (killed, ``os._exit``),
as an upper bound.
The process runs in the session folder with ``HOME`` and the corpus cache in a
sibling folder ``home``, so ``files_outside`` can tell whether anything was
written anywhere else.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

MB = 1024 * 1024
BOMB_SECONDS = 10
BOMB_BYTES = 500 * MB


@dataclass
class Run:
    code: int
    out: bytes
    err: str
    seconds: float
    peak_bytes: int

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()

    def one_line_error(self) -> str:
        """The single ``ars-docs: error:`` line of stderr (fails otherwise)."""
        assert len(self.err_lines) == 1, self.err[:2000]
        line = self.err_lines[0]
        # mark-read/unmark-read/list-read print the canonical §3.6 form instead.
        assert line.startswith(("ars-docs: error: ", "[ARS-MARK-READ ERROR: ")), line
        assert "Traceback" not in self.err
        assert len(line) <= 1100, len(line)
        return line

    def within_bomb_bounds(self) -> None:
        assert self.seconds <= BOMB_SECONDS, self.seconds
        assert self.peak_bytes <= BOMB_BYTES, self.peak_bytes / MB


def child_env(session: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    home = session.parent / "home"
    home.mkdir(exist_ok=True)
    environ = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "ARS_DOCS_CACHE_DIR": str(home / "cache"),
        "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
        "LC_ALL": "C.UTF-8",
        "ARS_DOCS_NO_CACHE": "1",  # the cache lives outside the session folder
    }
    environ.update(extra or {})
    return environ


#: ``python -m ars_docs`` with two additions: the limits a test asks for
#: (``$ARS_TEST_RLIMIT_AS`` bytes of address space, ``$ARS_TEST_RLIMIT_CPU`` seconds of
#: CPU) are set before ars-docs starts, and at exit this process's peak resident memory
#: (``VmHWM``, kB) is written to ``$ARS_TEST_PEAK_FILE``.
_MEASURED_MAIN = """\
import atexit, os, resource, runpy

for _name, _limit in (("AS", resource.RLIMIT_AS), ("CPU", resource.RLIMIT_CPU)):
    _value = os.environ.pop("ARS_TEST_RLIMIT_" + _name, "")
    if _value:
        resource.setrlimit(_limit, (int(_value), int(_value)))

def _report_peak():
    with open("/proc/self/status", encoding="ascii") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    with open(os.environ["ARS_TEST_PEAK_FILE"], "w", encoding="ascii") as out:
        out.write(peak)

atexit.register(_report_peak)
runpy.run_module("ars_docs", run_name="__main__", alter_sys=True)
"""


def ars(
    session: Path,
    *args: str | bytes | Path,
    timeout: float = 30,
    env: dict[str, str] | None = None,
    stdout: int | IO[bytes] | None = subprocess.PIPE,
    memory_limit: int | None = None,
    cpu_limit: int | None = None,
) -> Run:
    """Run ``python -m ars_docs ARGS`` in ``session``; kill it after ``timeout`` seconds.

    ``memory_limit`` (bytes of address space) and ``cpu_limit`` (CPU seconds) are hard
    limits in the child (``setrlimit``), so a bomb that escapes its bound fails the test
    with a ``MemoryError`` or SIGXCPU instead of taking the machine.
    """
    limits = {
        f"ARS_TEST_RLIMIT_{name}": str(value)
        for name, value in (("AS", memory_limit), ("CPU", cpu_limit))
        if value is not None
    }
    argv = [sys.executable, "-c", _MEASURED_MAIN, *(os.fsencode(a) for a in args)]
    peak_file = Path(tempfile.mkdtemp(prefix="ars-peak-")) / "peak"
    started = time.monotonic()
    proc = subprocess.Popen(
        argv,
        cwd=session,
        env={**child_env(session, env), **limits, "ARS_TEST_PEAK_FILE": str(peak_file)},
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    chunks: dict[str, bytes] = {}
    readers = [
        threading.Thread(target=_drain, args=(stream, name, chunks))
        for name, stream in (("out", proc.stdout), ("err", proc.stderr))
        if stream is not None
    ]
    for reader in readers:
        reader.start()
    status, usage = _wait(proc.pid, started + timeout)
    seconds = time.monotonic() - started
    for reader in readers:
        reader.join()
    if status < 0:
        proc.returncode = -9
        raise AssertionError(f"ars-docs {args!r} ran past {timeout} s and was killed")
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = chunks.get("err", b"").decode("utf-8", "replace")
    return Run(proc.returncode, chunks.get("out", b""), err, seconds, _peak(peak_file, usage))


def _peak(peak_file: Path, usage: os.struct_rusage) -> int:
    """The child's own peak in bytes: what it reported, else ``wait4``'s upper bound."""
    try:
        return int(peak_file.read_text(encoding="ascii")) * 1024
    except (OSError, ValueError):
        return usage.ru_maxrss * 1024
    finally:
        shutil.rmtree(peak_file.parent, ignore_errors=True)


def _drain(stream: IO[bytes], name: str, chunks: dict[str, bytes]) -> None:
    chunks[name] = stream.read()
    stream.close()


def _wait(pid: int, deadline: float) -> tuple[int, os.struct_rusage]:
    """``os.wait4`` the child itself (its own peak memory); kill it at ``deadline``
    and return status -1 then."""
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return status, usage
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            _, _, usage = os.wait4(pid, 0)
            return -1, usage
        time.sleep(0.02)


def files_outside(session: Path) -> list[str]:
    """Everything under the session's parent that is neither the session folder nor an
    empty ``home`` (the cache may live there only when a test allows it)."""
    found = []
    for item in session.parent.iterdir():
        if item == session:
            continue
        if item.name == "home":
            found += [str(p) for p in item.rglob("*") if p.is_file()]
            continue
        found.append(str(item))
    return found


PASSPORT = """\
session_id: hostile
literature_corpus:
  - citation_key: ok2020
    title: A verified source
    authors: [{family: Author, given: A.}]
    year: 2020
    source_pointer: sources/ok2020.pdf
    source_acquired: true
    source_verified_against_original: true
    source_verification_method: codex_audit
    description_last_audit: round_1
  - citation_key: high2020
    title: A description-only source
    authors: [{family: Author, given: B.}]
    year: 2020
    source_pointer: sources/high2020.pdf
    source_acquired: false
    source_verified_against_original: false
    source_verification_method: none
    description_last_audit: none
"""
READ_LOG = """\
session_id: hostile
created_at: 2026-01-01T00:00:00Z
human_read:
  - citation_key: ok2020
    marked_at: 2026-01-02T00:00:00Z
"""
DRAFT = "# Draft\n\nA claim <!--ref:ok2020--> and another <!--ref:high2020-->.\n"


def make_session(tmp_path: Path) -> Path:
    """``tmp_path/session`` with a valid passport, read log and draft; ``tmp_path``
    holds nothing else, so ``files_outside`` sees every stray write."""
    session = tmp_path / "session"
    session.mkdir()
    (session / "passport.yaml").write_text(PASSPORT, encoding="utf-8")
    (session / "passport_human_read_log.yaml").write_text(READ_LOG, encoding="utf-8")
    (session / "draft.md").write_text(DRAFT, encoding="utf-8")
    return session
