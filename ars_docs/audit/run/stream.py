"""Run the auditor and stream its output into the run's files (spec §4.4 Step 2b, §4.6).

The auditor is a child process in its own process group (so a timeout or an
interruption kills it and everything it started), reading the prompt on
standard input from an anonymous temporary file (no pipe to keep fed, no
prompt file left behind). One ``select`` loop, no threads:

- standard output goes line by line into ``<run_id>.jsonl`` (the contract
  file) and ``<run_id>.stdout`` (the diagnostic copy): every complete line is
  written as soon as it arrives (a line longer than 1 MiB in pieces), and a
  last line without its newline is kept as it is (the verdict parser then
  reports it);
- standard error goes into ``<run_id>.stderr``;
- a write that fails (disk full, file size limit, I/O error) stops the run:
  the auditor is killed and the caller exits 73 (the tee failure of §4.4);
- ``timeout`` seconds after the start, or when SIGINT / SIGTERM reaches the
  wrapper, the auditor's process group gets SIGKILL and the loop drains what
  is left.

The exit code follows the shell's convention: a child killed by signal N
reports ``128 + N`` (137 for SIGKILL, §4.6 "Other non-zero").
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from types import FrameType
from typing import IO, Any

from ars_docs.core.errors import UsageError

__all__ = ["Interrupts", "StreamResult", "run_auditor"]

_CHUNK = 1 << 16
_DRAIN_AFTER_KILL = 5.0
_HOLD = 1 << 20


@dataclass(slots=True)
class StreamResult:
    exit_code: int
    """The auditor's exit status (``128 + N`` when signal N ended it)."""
    lines: int
    """Newline-terminated lines of standard output (the JSONL events)."""
    timed_out: bool
    interrupted: int | None
    """The signal (SIGINT / SIGTERM) that interrupted the wrapper, if any."""
    write_error: str | None
    """Why writing one of the run's files failed (→ exit 73)."""


class Interrupts:
    """SIGINT / SIGTERM recorded instead of raised, and a wake-up fd for ``select``.

    Installed for the whole run, so a signal never lands in the middle of a
    write; the run then ends with the ``AUDIT_FAILED`` set (or nothing, when
    the auditor had not started). Outside the main thread signals cannot be
    caught and this does nothing.
    """

    def __init__(self) -> None:
        self.signum: int | None = None
        self.wake_fd: int | None = None
        self._write_fd: int | None = None
        self._old: dict[int, Any] = {}
        self._old_wakeup = -1

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is not threading.main_thread():
            return self
        self.wake_fd, self._write_fd = os.pipe()
        os.set_blocking(self.wake_fd, False)
        os.set_blocking(self._write_fd, False)
        self._old_wakeup = signal.set_wakeup_fd(self._write_fd, warn_on_full_buffer=False)
        for signum in (signal.SIGINT, signal.SIGTERM):
            self._old[signum] = signal.signal(signum, self._record)
        return self

    def _record(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is None:
            self.signum = signum

    def __exit__(self, *exc: object) -> None:
        if self.wake_fd is None:
            return
        for signum, handler in self._old.items():
            signal.signal(signum, handler)
        signal.set_wakeup_fd(self._old_wakeup)
        for fd in (self.wake_fd, self._write_fd):
            if fd is not None:
                os.close(fd)
        self.wake_fd = self._write_fd = None


def run_auditor(
    command: Sequence[str],
    prompt: IO[bytes],
    jsonl: IO[bytes],
    stdout_copy: IO[bytes],
    stderr_log: IO[bytes],
    *,
    timeout: float | None,
    interrupts: Interrupts,
    cwd: str,
) -> StreamResult:
    """Start ``command``, stream its output, wait for it; never raises for the child's behaviour."""
    try:
        proc = subprocess.Popen(
            list(command),
            stdin=prompt,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
    except OSError as exc:
        raise UsageError(f"cannot start the auditor {command[0]}: {exc.strerror or exc}") from None
    assert proc.stdout is not None and proc.stderr is not None
    result = StreamResult(0, 0, False, None, None)
    deadline = None if timeout is None else time.monotonic() + timeout
    drain_until: float | None = None
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ, "out")
    selector.register(proc.stderr, selectors.EVENT_READ, "err")
    if interrupts.wake_fd is not None:
        selector.register(interrupts.wake_fd, selectors.EVENT_READ, "wake")
    pending = b""
    open_pipes = 2
    try:
        while open_pipes:
            now = time.monotonic()
            if drain_until is None:
                if interrupts.signum is not None:
                    result.interrupted = interrupts.signum
                elif deadline is not None and now >= deadline:
                    result.timed_out = True
                if result.interrupted or result.timed_out or result.write_error:
                    _kill_group(proc)
                    drain_until = now + _DRAIN_AFTER_KILL
            elif now >= drain_until:
                break  # something outside the group keeps a pipe open
            limits = [t - now for t in (deadline, drain_until) if t is not None]
            wait = max(0.0, min(limits)) if limits else None
            for key, _ in selector.select(wait):
                if key.data == "wake":
                    with contextlib.suppress(OSError):
                        os.read(interrupts.wake_fd or -1, 512)
                    continue
                data = os.read(key.fd, _CHUNK)
                if not data:
                    selector.unregister(key.fileobj)
                    open_pipes -= 1
                    continue
                if result.write_error:
                    continue  # drain only
                try:
                    if key.data == "err":
                        stderr_log.write(data)
                        stderr_log.flush()
                        continue
                    # Whole lines go out at once; only the tail of the last
                    # one waits (searched in the new chunk only: linear time),
                    # and never more than _HOLD bytes of it (bounded memory).
                    cut = data.rfind(b"\n") + 1
                    if cut:
                        _write_both(jsonl, stdout_copy, pending + data[:cut])
                        result.lines += data.count(b"\n", 0, cut)
                        pending = data[cut:]
                    else:
                        pending += data
                    if len(pending) > _HOLD:
                        _write_both(jsonl, stdout_copy, pending)
                        pending = b""
                except OSError as exc:
                    result.write_error = exc.strerror or str(exc)
        if pending and not result.write_error:
            try:
                _write_both(jsonl, stdout_copy, pending)  # half-written last line, as received
            except OSError as exc:
                result.write_error = exc.strerror or str(exc)
    except BaseException:
        _kill_group(proc)
        proc.wait()
        raise
    finally:
        selector.close()
        proc.stdout.close()
        proc.stderr.close()
    if drain_until is not None or open_pipes:
        _kill_group(proc)  # killed above, or a pipe outlived the drain
    code = _wait(proc, deadline, interrupts, result)
    result.exit_code = 128 - code if code < 0 else code
    return result


def _wait(
    proc: subprocess.Popen[bytes],
    deadline: float | None,
    interrupts: Interrupts,
    result: StreamResult,
) -> int:
    """Wait for the auditor's exit; the timeout and signals still apply.

    An auditor may close its output and go on running; it is still bound by
    ``--timeout`` and by SIGINT / SIGTERM to the wrapper.
    """
    while True:
        code = proc.poll()
        if code is not None:
            return code
        if result.interrupted is None and interrupts.signum is not None:
            result.interrupted = interrupts.signum
            _kill_group(proc)
        elif not result.timed_out and deadline is not None and time.monotonic() >= deadline:
            result.timed_out = True
            _kill_group(proc)
        time.sleep(0.02)


def _write_both(first: IO[bytes], second: IO[bytes], data: bytes) -> None:
    # Flushed at once: `tail -f` shows the stream live, and a full disk is
    # noticed on the chunk that hit it, not at close.
    for handle in (first, second):
        handle.write(data)
        handle.flush()


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    # If the wrapper itself is killed (SIGKILL cannot be trapped), the auditor
    # should not run on as an orphan: ask Linux to kill it with its parent.
    import ctypes

    with contextlib.suppress(Exception):
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
