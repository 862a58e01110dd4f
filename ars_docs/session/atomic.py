"""Atomic file writes: temp file in the target folder, fsync, rename.

The original file is untouched on any error, and a reader never sees a
half-written file (ARCHITECTURE.md §4 "No silent loss").
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from ars_docs.errors import OutputError


def _read_umask() -> int:
    # os.umask can only be read by setting it; do that once, at import, before any
    # worker threads exist (retrieval writes from several threads).
    current = os.umask(0o022)
    os.umask(current)
    return current


_UMASK = _read_umask()


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, keeping its permission bits."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o7777 if path.exists() else None
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
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
        os.chmod(tmp, mode if mode is not None else 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise OutputError(
            f"cannot write {path}: {exc.strerror or exc}; the original was left unchanged"
        ) from exc
    _fsync_dir(folder)


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8 without newline translation."""
    write_bytes_atomic(path, text.encode("utf-8"))


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
