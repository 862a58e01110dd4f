"""Where every ars-docs cache lives, and when a cache file may be believed (issue 33).

Four caches keep what is slow to compute: parsed passports and read logs
(``session.cache.store``), retrieval responses (``retrieval.net.cache``), lookup
responses (``lookup.batch.cache``, one SQLite file) and the extracted text of
originals (``quotes.text``). What they hold decides trust — a cached corpus
says which sources are verified, a cached page what an original says — so all
four take their folder and their trust rule from here (docs/hostile-input.md,
"Caches: one root, one rule").

**Root.** A command's configured ``cache_dir`` (retrieve, lookup), else
``$ARS_DOCS_CACHE_DIR``, else ``$XDG_CACHE_HOME/ars-docs``, else
``~/.cache/ars-docs``; ``ARS_DOCS_NO_CACHE=1`` turns every cache off.

**Rule.** Every folder from the root down to the file's must be a folder owned
by the current user that group and others cannot write (ars-docs makes them
0700; below the root a link is not a folder). A file is read only when it is
a regular file (opened without following a link) owned by the current user
that group and others cannot write, and its content matches the SHA-256 in
its first line. A folder that breaks the rule turns that cache off (nothing is
read or written there); a file that breaks it is not read, and is replaced
when the command writes the cache. Either way the user is told once, on
standard error, what is wrong and what to do. A file whose hash does not
match (truncation, bit rot, a hand-edit, an older format) is a plain miss and
is rebuilt. Folders above the root are not checked: the root is where the
user put the cache (``~/.cache`` may be a link to another disk).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from ars_docs.core.limits import bound_message
from ars_docs.files.atomic import remove_stale_temps, temp_prefix

__all__ = [
    "CACHE_DIR_ENV",
    "CACHE_OFF_ENV",
    "cache_root",
    "caching_off",
    "private_folder",
    "read_checked",
    "read_entry",
    "trusted_file",
    "write_entry",
]

CACHE_DIR_ENV = "ARS_DOCS_CACHE_DIR"
CACHE_OFF_ENV = "ARS_DOCS_NO_CACHE"
_SEAL = b"sha256 "
_SEAL_LINE = len(_SEAL) + 64 + 1
_NO_LINKS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_OPEN_READ = os.O_RDONLY | os.O_NONBLOCK | _NO_LINKS  # a planted FIFO cannot make it wait
_OPEN_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_LINKS
T = TypeVar("T")
_told: set[str] = set()
"""Folders the user was already warned about in this process (told once)."""


def caching_off(environ: Mapping[str, str] = os.environ) -> bool:
    """``ARS_DOCS_NO_CACHE`` is set to something other than empty or ``0``."""
    return environ.get(CACHE_OFF_ENV, "").strip() not in ("", "0")


def cache_root(
    environ: Mapping[str, str] = os.environ, configured: str | os.PathLike[str] | None = None
) -> Path | None:
    """The cache root by the rule above; ``None`` when caching is off or there is no home."""
    if caching_off(environ):
        return None
    if configured:
        return Path(configured)
    folder = environ.get(CACHE_DIR_ENV)
    if folder:
        return Path(folder)
    xdg = environ.get("XDG_CACHE_HOME")
    try:
        base = Path(xdg) if xdg else Path.home() / ".cache"
    except RuntimeError:  # no home directory
        return None
    return base / "ars-docs"


def private_folder(root: Path, *parts: str, create: bool = True) -> Path | None:
    """``root/parts`` when it and every folder from ``root`` down keep the rule, else ``None``.

    Missing folders are made (0700) when ``create``; a folder that cannot be
    made or seen is ``None`` without a word (a read-only home only costs speed);
    one that breaks the rule is ``None`` and the user is told once.
    """
    folder = root
    try:
        if create:
            with contextlib.suppress(FileExistsError):  # a file there: the check says so
                root.mkdir(mode=0o700, parents=True, exist_ok=True)
        _check_folder(root, os.stat(root))  # the root itself may be a link
        for part in parts:
            folder = folder / part
            if create:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(folder, 0o700)
            _check_folder(folder, os.lstat(folder))  # below it, a link would lead out
    except _Broken as broken:
        _tell(str(broken.folder), broken.warning())
        return None
    except OSError:
        return None
    return folder


def read_entry(path: Path) -> bytes | None:
    """The content of the cache file ``path`` (its folder already passed ``private_folder``).

    ``None`` when it is missing, breaks the file rule (told once) or does not
    match its hash.
    """
    sealed = _sealed(path)
    if sealed is None:
        return None
    expected, content = sealed
    return bytes(content) if _digest(content) == expected else None


def read_checked(path: Path, use: Callable[[memoryview], T]) -> T | None:
    """``use(content)`` of the cache file ``path`` when it keeps the rule and its content
    matches its hash; else ``None``.

    ``use`` gets a view of the bytes read, not a copy: the corpus cache of a
    large passport is megabytes, read on every finalize
    (``benchmarks/bench_cache.py``).
    """
    sealed = _sealed(path)
    if sealed is None:
        return None
    expected, content = sealed
    return use(content) if _digest(content) == expected else None


def _sealed(path: Path) -> tuple[bytes, memoryview] | None:
    """(the stored hash, the content) of ``path`` when it keeps the file rule and has a
    hash line; ``None`` otherwise (another format, or damaged at the start)."""
    raw = _read_trusted(path)
    if raw is None or len(raw) < _SEAL_LINE or not raw.startswith(_SEAL):
        return None
    if raw[_SEAL_LINE - 1] != 0x0A:
        return None
    return raw[len(_SEAL) : _SEAL_LINE - 1], memoryview(raw)[_SEAL_LINE:]


def _digest(content: bytes | memoryview) -> bytes:
    import hashlib  # here: OpenSSL's start-up is paid only by commands that use a cache

    return hashlib.sha256(content).hexdigest().encode("ascii")


def _read_trusted(path: Path) -> bytes | None:
    """The bytes of ``path`` when it keeps the file rule (told once when it does not)."""
    try:
        fd = os.open(path, _OPEN_READ)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK):  # O_NOFOLLOW met a symbolic link
            _tell_file(path, "is a symbolic link")
        return None
    with open(fd, "rb") as handle:
        why = _file_problem(os.fstat(handle.fileno()))
        if why:
            _tell_file(path, why)
            return None
        try:
            return handle.read()
        except OSError:
            return None


def trusted_file(path: Path) -> bool:
    """Whether an existing cache file kept by another program (SQLite) keeps the file
    rule: ``True`` when it is absent or does; ``False`` (told once) when it does not."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    why = "is a symbolic link" if stat.S_ISLNK(info.st_mode) else _file_problem(info)
    if why:
        _tell_file(path, why, replaced=False)
        return False
    return True


def write_entry(path: Path, content: bytes) -> bool:
    """Store ``content`` with its hash at ``path`` (its folder passed ``private_folder``).

    A 0600 temp file in the same folder is renamed over whatever is there, so a
    link or a foreign file in its place is replaced, never written through. No
    fsync: an entry a crash leaves short fails its hash and is rebuilt. ``False``
    when it cannot be written (a cache only saves time).
    """
    seal = _SEAL + _digest(content) + b"\n"
    folder = path.parent
    remove_stale_temps(folder, path.name)
    temp = folder / f"{temp_prefix(path.name)}{os.urandom(6).hex()}.tmp"
    try:
        fd = os.open(temp, _OPEN_NEW, 0o600)
    except OSError:
        return False
    try:
        with open(fd, "wb") as handle:
            handle.write(seal)
            handle.write(content)
        os.replace(temp, path)
    except BaseException as exc:  # Ctrl-C included: no temp file is left behind
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if not isinstance(exc, OSError):
            raise
        return False
    return True


class _Broken(Exception):
    """A folder on the way to a cache file breaks the rule."""

    def __init__(self, folder: Path, why: str, fix: str) -> None:
        super().__init__(why)
        self.folder, self.why, self.fix = folder, why, fix

    def warning(self) -> str:
        return (
            f"ars-docs: warning: cache folder {self.folder} {self.why}: that cache is not "
            f"used (nothing is read or written there); {self.fix}"
        )


_WHERE = f"{CACHE_DIR_ENV}, or cache_dir for retrieve and lookup"
_ELSEWHERE = f"or choose a cache folder only you can write to ({_WHERE})"


def _check_folder(folder: Path, info: os.stat_result) -> None:
    if stat.S_ISLNK(info.st_mode):
        raise _Broken(folder, "is a symbolic link", "remove it (ars-docs makes the folder again)")
    if not stat.S_ISDIR(info.st_mode):
        raise _Broken(folder, "is not a folder", f"remove it {_ELSEWHERE}")
    if _foreign(info):
        why = f"belongs to another user (uid {info.st_uid}; you are uid {os.getuid()})"
        raise _Broken(folder, why, f"choose a cache folder of your own ({_WHERE})")
    if info.st_mode & 0o022:
        why = f"can be written by {_writers(info.st_mode)} (mode {info.st_mode & 0o7777:04o})"
        if info.st_mode & stat.S_ISVTX:  # shared on purpose, like /tmp: do not advise chmod
            raise _Broken(folder, why, f"choose a cache folder only you can write to ({_WHERE})")
        raise _Broken(folder, why, f"chmod go-w {folder}, {_ELSEWHERE}")


def _writers(mode: int) -> str:
    if mode & 0o022 == 0o022:
        return "group and others"
    return "its group" if mode & 0o020 else "others"


def _foreign(info: os.stat_result) -> bool:
    return hasattr(os, "getuid") and info.st_uid != os.getuid()


def _file_problem(info: os.stat_result) -> str:
    """Why a cache file may not be believed, or ``""``."""
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    if _foreign(info):
        return f"belongs to another user (uid {info.st_uid})"
    if info.st_mode & 0o022:
        return f"can be written by {_writers(info.st_mode)} (mode {info.st_mode & 0o7777:04o})"
    return ""


def _tell_file(path: Path, why: str, *, replaced: bool = True) -> None:
    then = (
        "not read (a fresh entry replaces it when the cache is written); only you should "
        "be able to put files there"
        if replaced
        else "that cache is not used; delete it (ars-docs makes a new one)"
    )
    _tell(str(path.parent), f"ars-docs: warning: cache file {path} {why}: {then}")


def _tell(folder: str, line: str) -> None:
    """Warn once per folder and process: a cache consulted a thousand times says it once."""
    if folder in _told:
        return
    _told.add(folder)
    with contextlib.suppress(OSError, ValueError):  # standard error closed: stay quiet
        print(bound_message(line), file=sys.stderr, flush=True)
