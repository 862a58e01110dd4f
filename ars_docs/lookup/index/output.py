"""The index file on disk: where a build may write it, and how it gets there whole.

A build writes a temp file in the output's folder (named as every ars-docs
temp file is, ``files/atomic.py``, so that a killed build's leftover is
removed by the next build of the same output) and renames it over the output
when complete. The output follows ``atomic.py``'s rules: a symbolic link is
written through, a read-only file is never replaced (exit 73).
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from ars_docs.core.errors import OutputError, UsageError
from ars_docs.files.atomic import ensure_writable, remove_stale_temps, temp_prefix

__all__ = ["discard", "fsync_folder", "same", "target", "temp_file"]


def target(output: Path) -> Path:
    if str(output) == "-":
        raise UsageError("the index cannot be written to standard output ('-'); give a path")
    if output.is_symlink():  # written through, as every ars-docs writer does
        output = Path(os.path.realpath(output))
    if output.is_dir():
        raise OutputError(f"cannot write {output}: it is a folder; give a file name for the index")
    folder = output.parent
    if not folder.is_dir():
        raise OutputError(
            f"cannot write {output}: {folder} is not an existing folder; create it or choose "
            "another path (nothing was written)"
        )
    ensure_writable(output)
    return output


def temp_file(target: Path) -> Path:
    remove_stale_temps(target.parent, target.name)
    path = target.parent / f"{temp_prefix(target.name)}{secrets.token_hex(4)}.tmp"
    try:
        # Created 0666 less the umask, like any new file; an existing index keeps its mode.
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    except OSError as exc:
        raise OutputError(
            f"cannot write {target}: {exc.strerror or exc}; check that its folder is writable "
            "(nothing was written)"
        ) from exc
    return path


def discard(temp: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temp)


def same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
