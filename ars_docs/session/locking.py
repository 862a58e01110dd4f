"""One exclusive lock per session folder, shared by every writer of session files.

mark-read (the human-read log), session log-event (the events log) and
retrieve (passport edits) all take an exclusive ``flock`` on the *folder*
that holds the file: no lock file is left behind, and two writers of files in
the same session folder never interleave a read-modify-write. POSIX only;
elsewhere writes stay atomic but are not serialised between processes.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from ars_docs.errors import ArsIOError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` for the duration of the block.

    Raises ``ArsIOError`` (exit 74) when the folder cannot be opened.
    """
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    try:
        fd = os.open(folder if str(folder) else ".", os.O_RDONLY)
    except OSError as exc:
        raise ArsIOError(
            f"cannot open the folder {folder} to lock it: {exc.strerror or exc}; check its "
            "permissions"
        ) from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
