"""The path policy: how ars-docs opens every file it reads, and what it writes over (issue 29).

One rule set for every command and every file, named by the user
(``--passport``, a draft, ``--events``) or chosen by ars-docs itself (the
read log, the events log, the default snapshot, ``audit_artifacts/*``, bundle
files, the config):

* **Regular files only.** A file is looked at with ``stat`` and opened with
  ``O_NONBLOCK``, and the open descriptor is checked with ``fstat`` before a
  byte is read. A FIFO, socket, device or folder is refused with its path and
  kind (``ArsIOError``, exit 74) — it is never opened in a way that can block,
  so a FIFO planted where a read log belongs cannot make a command hang.
  Standard input (``-``) stays available where a command documents it.
* **Capped reads.** Each kind of file has a maximum size (``READ_LIMITS``); a
  larger file is refused (``InputDataError``, exit 65) without reading past
  the cap, so ``ARS_PASSPORT=/dev/zero`` — already refused as a device — or a
  huge log cannot eat the memory.
* **Links are followed once.** A symbolic link is resolved (``resolve``) and
  the file it points to is what is read, locked and replaced. Where a file
  belongs to a folder (audit bundle files to the repository, the audit
  artifacts to their folder), the resolved path must stay inside the resolved
  folder (``inside``); a link that leaves it is refused.
* **Outputs.** ``output_kind`` says how an output path is written: a new path
  or a regular file gets the atomic replace (``files.atomic``); a character
  device or a FIFO (``/dev/null``, ``>(cmd)``) gets a plain write, never a
  rename over it; a folder, socket or block device is refused.
  ``refuse_output_over_inputs`` refuses an output that resolves to one of the
  command's inputs or session files (exit 64).

The user-facing description is in ``docs/hostile-input.md`` ("The path policy").
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from ars_docs.core.errors import ArsIOError, InputDataError, InputMissingError, UsageError

__all__ = [
    "READ_LIMITS",
    "MiB",
    "contained",
    "file_kind",
    "inside",
    "open_regular",
    "output_kind",
    "read_limit",
    "read_regular",
    "refuse_output_over_inputs",
    "regular_or_absent",
    "resolve",
    "same_path",
    "session_file",
    "session_files",
]

MiB = 1 << 20

READ_LIMITS: dict[str, int] = {
    "passport": 256 * MiB,
    "corpus entry file": 16 * MiB,
    "human-read log": 64 * MiB,
    "session events log": 64 * MiB,
    "session snapshot": 64 * MiB,
    "draft": 512 * MiB,
    "config": 1 * MiB,
    "audit artifact": 16 * MiB,
    "audit stream": 256 * MiB,
    "drift log": 64 * MiB,
    "audit report": 64 * MiB,
    "bibliography": 256 * MiB,
    "acquired original": 256 * MiB,
}
"""Kind of file → the largest file ars-docs reads (bytes). Kept in step with the table
in docs/hostile-input.md. A kind not listed gets ``DEFAULT_LIMIT``."""
DEFAULT_LIMIT = 256 * MiB

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def file_kind(mode: int) -> str:
    """What a ``st_mode`` is called in messages ("a FIFO (named pipe)", "a regular file")."""
    if stat.S_ISREG(mode):
        return "a regular file"
    for test, name in _KINDS:
        if test(mode):
            return name
    return "a special file"


def read_limit(what: str) -> int:
    """The size cap of a kind of file (see ``READ_LIMITS``)."""
    return READ_LIMITS.get(what, DEFAULT_LIMIT)


def resolve(path: str | os.PathLike[str]) -> Path:
    """``path`` with every symbolic link followed (``realpath``), absolute."""
    return Path(os.path.realpath(os.fspath(path) or "."))


def same_path(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """True when ``a`` and ``b`` name one file (after links; one may not exist yet)."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
    except OSError:
        pass
    return resolve(a) == resolve(b)


def inside(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """True when ``path``, links resolved, lies in ``folder`` (links resolved too)."""
    try:
        resolve(path).relative_to(resolve(folder))
    except ValueError:
        return False
    return True


def _refuse_special(path: str, what: str, mode: int) -> ArsIOError:
    if stat.S_ISDIR(mode):
        return ArsIOError(f"{path}: {what} is a directory; give the path of a file")
    return ArsIOError(
        f"{path}: {what} is {file_kind(mode)}, not a regular file; ars-docs reads only "
        "regular files (a FIFO or device could block or never end) — replace it with "
        "the real file"
    )


def regular_or_absent(path: str | os.PathLike[str], *, what: str) -> bool:
    """True when ``path`` is a regular file (links followed), False when it does not exist.

    Anything else raises ``ArsIOError`` (exit 74) naming the path and its kind. A
    dangling link counts as absent.
    """
    name = os.fspath(path)
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise ArsIOError(
            f"{name}: cannot look at {what}: {exc.strerror or exc}; check its permissions"
        ) from exc
    if not stat.S_ISREG(mode):
        raise _refuse_special(name, what, mode)
    return True


def read_regular(
    path: str | os.PathLike[str], *, what: str, hint: str, limit: int | None = None
) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (default: ``read_limit(what)``).

    Missing → ``InputMissingError`` (66, with ``hint``); not a regular file →
    ``ArsIOError`` (74); larger than the cap → ``InputDataError`` (65).
    """
    name = os.fspath(path)
    cap = read_limit(what) if limit is None else limit
    fd = open_regular(name, what=what, hint=hint, limit=cap)
    try:
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, min(cap + 1 - total, 8 * MiB))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > cap:  # it grew while we read
                raise _too_big(name, what, cap)
        return b"".join(chunks)
    except OSError as exc:
        raise ArsIOError(
            f"{name}: cannot read {what}: {exc.strerror or exc}; check that the disk is readable"
        ) from exc
    finally:
        os.close(fd)


def open_regular(
    path: str | os.PathLike[str],
    *,
    what: str,
    hint: str = "check the path",
    limit: int | None = None,
) -> int:
    """An open descriptor of a regular file (``read_regular`` reads through it; streaming
    readers — hashing, JSONL — use it directly and close it).

    Missing → ``InputMissingError`` (66, with ``hint``); not a regular file, before or
    after the open → ``ArsIOError`` (74); larger than ``limit`` (when given) →
    ``InputDataError`` (65).
    """
    name = os.fspath(path)
    if not regular_or_absent(name, what=what):  # special files refused before any open()
        raise InputMissingError(f"{name}: {what} not found; {hint}")
    try:
        fd = _open_nonblocking(name)
    except FileNotFoundError as exc:  # removed since the stat
        raise InputMissingError(f"{name}: {what} not found; {hint}") from exc
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket, swapped in since the stat
            raise ArsIOError(f"{name}: {what} is a socket, not a regular file") from exc
        raise ArsIOError(
            f"{name}: cannot read {what}: {exc.strerror or exc}; check the file's "
            "permissions and that the disk is readable"
        ) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # swapped between the stat and the open
            raise _refuse_special(name, what, info.st_mode)
        if limit is not None and info.st_size > limit:
            raise _too_big(name, what, limit)
    except BaseException:
        os.close(fd)
        raise
    return fd


def contained(
    root: str | os.PathLike[str], path: str | os.PathLike[str], *, what: str, folder: str = ""
) -> Path:
    """``root / path`` when it (links resolved) stays inside ``root``; else ``UsageError`` (64).

    ``folder`` names ``root`` in the message ("the repository"). Where a file belongs to a
    folder — bundle files and audit artifacts to the repository — a link that leaves it is
    refused in every command alike (``audit run``, ``audit manifest``, ``audit gate``).
    """
    full = Path(root) / path
    if inside(full, root):
        return full
    raise UsageError(
        f"{full}: {what} resolves to {resolve(full)}, outside {folder or 'its folder'} "
        f"{resolve(root)}; ars-docs does not follow links out of the folder a file belongs "
        "to — put the file itself there"
    )


def _open_nonblocking(name: str) -> int:
    # O_NONBLOCK: opening a FIFO swapped in after the stat returns at once.
    return os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))


def _too_big(name: str, what: str, cap: int) -> InputDataError:
    return InputDataError(
        f"{name}: {what} is larger than {_size(cap)}, the most ars-docs reads for a {what}; "
        "check that this is the right file (see docs/hostile-input.md, 'Size caps')"
    )


def _size(count: int) -> str:
    return f"{count // MiB} MiB" if count >= MiB else f"{count} bytes"


# --- the session's own files -------------------------------------------------------------

#: The originals a person holds on paper or as image-only scans (``session.holdings``).
HELD_SUFFIX = "_originals_held.yaml"
SESSION_FILES: tuple[tuple[str, str], ...] = (
    ("the human-read log", "_human_read_log.yaml"),
    ("the session events log", "_session_events.jsonl"),
    ("the session snapshot", "_session_snapshot.json"),
    ("the drift log", "_drift_log.md"),
    ("the attestations log", "_attestations.jsonl"),
    ("the originals-held record", HELD_SUFFIX),
)
"""(role, name suffix) of the files kept beside a passport: ``<passport-stem><suffix>``."""


def session_file(passport: str | os.PathLike[str], suffix: str) -> Path:
    """``<passport-parent>/<passport-stem><suffix>`` (derived from the path as given)."""
    given = Path(passport)
    return given.parent / f"{given.stem}{suffix}"


def session_files(passport: str | os.PathLike[str] | None) -> list[tuple[str, Path]]:
    """The passport and the files kept beside it, as ``(role, path)`` pairs."""
    if passport is None or os.fspath(passport) == "-":
        return []
    return [("the passport", Path(passport))] + [
        (role, session_file(passport, suffix)) for role, suffix in SESSION_FILES
    ]


# --- outputs ---------------------------------------------------------------------------


def output_kind(path: str | os.PathLike[str]) -> str:
    """How ``path`` is written: ``"replace"`` (new path or regular file: atomic replace)
    or ``"plain"`` (a character device or FIFO: written in place, never renamed over).

    Links are followed. A folder, socket or block device raises ``OutputError`` (73).
    """
    from ars_docs.core.errors import OutputError

    name = os.fspath(path)
    try:
        mode = os.stat(name).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "replace"
    except OSError:
        return "replace"  # the write itself says why
    if stat.S_ISREG(mode):
        return "replace"
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return "plain"
    raise OutputError(
        f"cannot write {name}: it is {file_kind(mode)}; ars-docs writes only to a regular "
        "file, a new path, "
        "a character device or a FIFO — name another output; nothing was written"
    )


def refuse_output_over_inputs(
    output: str | os.PathLike[str] | None,
    inputs: Iterable[tuple[str, str | os.PathLike[str] | None]],
    *,
    option: str,
) -> None:
    """``UsageError`` (64) when ``output`` is the same file as one of ``inputs``.

    ``inputs`` are ``(role, path)`` pairs ("the passport", …); ``None`` and
    ``-`` (standard input/output) are skipped. Links are followed, so a link to
    the passport is the passport.
    """
    if output is None or os.fspath(output) == "-" or output_kind(output) == "plain":
        return  # a device or FIFO is written through, never replaced: nothing to destroy
    for role, given in inputs:
        if given is None or os.fspath(given) == "-":
            continue
        if same_path(output, given):
            raise UsageError(
                f"{option} {os.fspath(output)} is {role} ({os.fspath(given)}); writing there "
                f"would destroy it — name another {option} file; nothing was written"
            )
