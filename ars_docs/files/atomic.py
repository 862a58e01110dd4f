"""Atomic file writes: temp file in the target folder, fsync, rename.

The original file is untouched on any error, and a reader never sees a
half-written file (ARCHITECTURE.md §4 "No silent loss").

Two rules hold for every writer (issue 16):

* A symbolic link is written *through*: the file it points to is replaced
  atomically (temp file in the target's folder), and the link stays a link.
* A read-only file — one without the owner's write permission, e.g. 0444 —
  is never replaced, even by root, and neither is one the user may not write
  (``os.access``); the writer raises ``OutputError`` (exit 73) and the file is
  left as it is. ``ensure_writable`` lets a command check all its targets
  before it writes the first one.
* A character device or FIFO the user names as an output (``-o /dev/null``)
  gets a plain write; the temp-file-and-rename is only ever applied to a
  regular file or a new path, so a device node is never replaced (issue 29,
  ``ars_docs.core.paths.output_kind``).

Temp files have a name every reader of the session folder recognises and
skips (``is_temp_name``): ``.<target>.ars-tmp-<host>-<pid>-<random>.tmp``. A
kill between creating one and renaming it leaves it behind; the next write of
the same target on the same host removes the ones whose process is gone
(issue 16, "recovery without a human"). Temp files of a live process, of
another host, or of another user are never touched.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import stat
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from ars_docs.core.errors import OutputError
from ars_docs.core.paths import output_kind

__all__ = [
    "TEMP_MARK",
    "ensure_writable",
    "is_temp_name",
    "remove_stale_temps",
    "temp_prefix",
    "write_bytes_atomic",
    "write_text_atomic",
]

TEMP_MARK = ".ars-tmp-"
"""Part of every temp file name ars-docs creates."""
_TEMP_RE = re.compile(r"\A\..+\.ars-tmp-(?P<host>[0-9a-f]{8})-(?P<pid>[0-9]+)-[^.]+\.tmp\Z")


# The node name, as socket.gethostname() reports it, without importing socket
# (every command imports this module; only writers need the rest).
@functools.cache
def _host() -> str:
    """8 hex digits naming this host in temp names (computed on first write)."""
    import hashlib  # here: reading commands never pay OpenSSL's start-up for it

    return hashlib.sha256(os.uname().nodename.encode("utf-8", "replace")).hexdigest()[:8]


def _read_umask() -> int:
    # os.umask can only be read by setting it; do that once, at import, before any
    # worker threads exist (retrieval writes from several threads).
    current = os.umask(0o022)
    os.umask(current)
    return current


_UMASK = _read_umask()


def is_temp_name(name: str) -> bool:
    """True for the name of an ars-docs temp file (readers skip these)."""
    return TEMP_MARK in name and _TEMP_RE.match(name) is not None


def temp_prefix(target: str, pid: int | None = None) -> str:
    """How the temp files of ``target`` written by process ``pid`` (this one) start."""
    return f".{target}{TEMP_MARK}{_host()}-{os.getpid() if pid is None else pid}-"


def ensure_writable(path: Path) -> None:
    """Raise ``OutputError`` (73) when ``path`` exists and is read-only (see above),
    or is a folder, socket or block device (``core.paths.output_kind``)."""
    output_kind(path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # absent (or unreadable: the write itself will say why)
    if not mode & stat.S_IWUSR:
        raise OutputError(
            f"{path} is read-only; ars-docs never replaces a read-only file. Make it "
            "writable (chmod u+w) to let ars-docs update it; nothing was written"
        )
    if not os.access(path, os.W_OK):
        raise OutputError(
            f"{path} is not writable for you; check its permissions; nothing was written"
        )


def write_bytes_atomic(path: Path, data: bytes, *, private: bool = False) -> None:
    """Replace ``path`` with ``data`` atomically, keeping its permission bits.

    When ``path`` is a symbolic link, the file it points to is replaced.
    ``private`` files are always 0600 (the session cache).
    """
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    if not private and output_kind(path) == "plain":
        _write_plain(path, data)
        return
    ensure_writable(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o7777 if path.exists() else None
        remove_stale_temps(folder, path.name)
        import tempfile

        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path.name), suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OutputError(
            f"cannot write {path}: {exc.strerror or exc}; check that the folder exists "
            "and is writable"
        ) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp creates 0600; a new file gets what open() would have given it.
        os.chmod(tmp, 0o600 if private else mode if mode is not None else 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException as exc:
        # Ctrl-C (KeyboardInterrupt) included: no temp file is left behind.
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if not isinstance(exc, OSError):
            raise
        raise OutputError(
            f"cannot write {path}: {exc.strerror or exc}; the original was left unchanged"
        ) from exc
    _fsync_dir(folder)


def _write_plain(path: Path, data: bytes) -> None:
    """Write into a character device or FIFO the user named (never rename over it).

    A FIFO without a reader is refused rather than waited on.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        reason = (
            "no process is reading it" if exc.errno == errno.ENXIO else exc.strerror or str(exc)
        )
        raise OutputError(
            f"cannot write {path}: {reason}; start the reader first or name a regular "
            "file; nothing was written"
        ) from exc
    try:
        flags = fcntl.fcntl(fd, fcntl.F_GETFL) if fcntl is not None else 0
        if fcntl is not None:
            fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)  # now wait for the reader
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8 without newline translation."""
    write_bytes_atomic(path, text.encode("utf-8"))


def remove_stale_temps(folder: Path, target: str) -> None:
    """Delete temp files of ``target`` left by dead processes of this host and user."""
    prefix = f".{target}{TEMP_MARK}{_host()}-"
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        found = _TEMP_RE.match(name)
        if found is None or int(found["pid"]) == os.getpid() or _alive(int(found["pid"])):
            continue
        with contextlib.suppress(OSError):
            if os.lstat(folder / name).st_uid == os.getuid():
                os.unlink(folder / name)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's process, or not a pid we can check: leave it
    return True


def _fsync_dir(folder: Path) -> None:
    # Persist the rename itself; not supported everywhere, so best effort.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
