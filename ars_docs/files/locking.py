"""One exclusive lock per session folder, shared by every writer of session files.

mark-read (the human-read log), session log-event (the events log) and
retrieve (passport edits) all take an exclusive ``flock`` on the *folder*
that holds the file: no lock file is left behind, and two writers of files in
the same session folder never interleave a read-modify-write. POSIX only;
elsewhere writes stay atomic but are not serialised between processes.

The lock is on the folder of the file that is *written*, links resolved
(issue 29): two session folders whose ``passport.yaml`` links to one shared
passport take the same lock (the shared file's folder), so no update is lost.
``file_lock`` takes the locks of several files at once, in one global order
(so two commands never wait on each other), and a thread that already holds a
folder's lock takes it again without waiting (``verify`` holds the passport's
and the events log's locks around both writes; the writers inside take them
again).
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path

from ars_docs.core.errors import ArsIOError
from ars_docs.core.paths import resolve

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["file_lock", "folder_lock"]

_held = threading.local()
"""Per thread: resolved folder -> how many times this thread holds its lock."""


def _counts() -> dict[str, int]:
    counts: dict[str, int] | None = getattr(_held, "counts", None)
    if counts is None:
        counts = {}
        _held.counts = counts
    return counts


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (links resolved) for the duration of the block.

    Raises ``ArsIOError`` (exit 74) when the folder cannot be opened.
    """
    real = str(resolve(folder if str(folder) else "."))
    counts = _counts()
    if fcntl is None or counts.get(real):  # pragma: no branch - Windows / held already
        counts[real] = counts.get(real, 0) + 1
        try:
            yield
        finally:
            counts[real] -= 1
        return
    try:
        fd = os.open(real, os.O_RDONLY)
    except OSError as exc:
        raise ArsIOError(
            f"cannot open the folder {folder} to lock it: {exc.strerror or exc}; check its "
            "permissions"
        ) from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        counts[real] = 1
        try:
            yield
        finally:
            counts[real] = 0
    finally:
        os.close(fd)  # closing the descriptor releases the lock


@contextlib.contextmanager
def file_lock(*paths: str | os.PathLike[str]) -> Iterator[None]:
    """Lock the folders of the files ``core.paths`` resolve to (each once, in sorted order)."""
    folders = sorted({str(resolve(path).parent) for path in paths})
    with contextlib.ExitStack() as stack:
        for folder in folders:
            stack.enter_context(folder_lock(Path(folder)))
        yield
