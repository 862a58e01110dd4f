"""The append-only attempt log of the retrieval chain (§3.5 firm rule 1: no silent skips).

``<passport-folder>/<passport-stem>_retrieval_log.jsonl``: one JSON object per
line, one line per attempt, plus one closing line per entry (``acquired``,
``pending_user_action`` or ``unverifiable``). Lines are only ever appended:
each batch of lines is written with one ``write`` on a descriptor opened with
``O_APPEND``, under an exclusive ``flock`` (POSIX), then fsynced. If a crash
ever left a torn last line, the next append starts on a fresh line and
readers skip the fragment.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ars_docs.core.errors import OutputError
from ars_docs.core.paths import file_kind, read_regular, regular_or_absent

try:  # POSIX; elsewhere O_APPEND alone keeps appends whole in practice
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["AttemptLog", "attempt_log_path", "read_attempt_log"]


def attempt_log_path(passport: str | os.PathLike[str]) -> Path:
    """``<passport-parent>/<passport-stem>_retrieval_log.jsonl`` (beside the read log)."""
    given = Path(passport)
    return given.parent / f"{given.stem}_retrieval_log.jsonl"


class AttemptLog:
    """Appends records to the log file; never rewrites or truncates it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, records: Sequence[Mapping[str, Any]]) -> None:
        if not records:
            return
        data = "".join(
            json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
            for record in records
        ).encode("utf-8")
        try:
            # O_NONBLOCK and the fstat below: a FIFO at the log's path is refused, never
            # written into or waited on (ars_docs.core.paths, issue 29).
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o644)
        except OSError as exc:
            raise OutputError(
                f"cannot write the attempt log {self.path}: {exc.strerror or exc}; check that "
                "the passport's folder is writable"
            ) from exc
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            raise OutputError(
                f"cannot write the attempt log {self.path}: it is {file_kind(mode)}, not a "
                "regular file; remove it and run again"
            )
        try:
            with _exclusive(fd):
                size = os.fstat(fd).st_size
                if size and os.pread(fd, 1, size - 1) != b"\n":
                    data = b"\n" + data  # a torn line from a crash: start afresh
                view = memoryview(data)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
                os.fsync(fd)
        except OSError as exc:
            raise OutputError(
                f"cannot append to the attempt log {self.path}: {exc.strerror or exc}"
            ) from exc
        finally:
            os.close(fd)


@contextlib.contextmanager
def _exclusive(fd: int) -> Iterator[None]:
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def read_attempt_log(path: Path) -> list[dict[str, Any]]:
    """Every whole record in the log (torn fragments skipped); ``[]`` when absent."""
    if not regular_or_absent(path, what="retrieval attempt log"):
        return []
    raw = read_regular(path, what="retrieval attempt log", hint="")
    records = []
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            records.append(record)
    return records
