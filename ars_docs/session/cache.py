"""A content-addressed cache for parsed session files (passport, read log).

Loading a 10,000-entry passport takes about a second; every command reads the
same bytes again, so the parsed result is kept in one file per (kind, path)
under the user's cache folder, keyed by the SHA-256 of everything the result
depends on: the input bytes, the path as given (it is in every message), the
schema, and the source of the modules that build it (a changed rule never
serves stale data). A file whose key does not match is a miss, never an error;
a cache that cannot be written only costs speed.

Folder: ``$ARS_DOCS_CACHE_DIR``, else ``$XDG_CACHE_HOME/ars-docs``, else
``~/.cache/ars-docs``. ``ARS_DOCS_NO_CACHE=1`` turns the cache off.

Trust boundary (issue 16): a cached corpus says which sources are verified,
so a cache file is only as trustworthy as whoever could write it. The cache
is used only when its folder is owned by the current user and not writable by
group or others (``private_folder``; otherwise it is neither read nor
written), and a file is read only when it is a regular file owned by the
current user and not writable by others. The format is typed JSON rows or
MessagePack (``cache_codec``), which cannot execute code: even a planted file can at
worst be a miss. The header names the format version; a file of another
version (the JSON of v2, a pickle of v1) is a miss and is rewritten.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TypeVar

from ars_docs.errors import ArsError
from ars_docs.perf import gc_paused
from ars_docs.session.atomic import write_bytes_atomic

__all__ = [
    "CACHE_ENV_OFF",
    "cache_file",
    "cache_folder",
    "cache_key",
    "private_folder",
    "read_cache",
    "write_cache",
]

CACHE_ENV_OFF = "ARS_DOCS_NO_CACHE"
_FORMAT = b"ars-docs cache v3\n"

T = TypeVar("T")


def cache_folder() -> Path | None:
    """The user's ars-docs cache folder (may not exist yet); ``None`` when off."""
    if os.environ.get(CACHE_ENV_OFF, "").strip() not in ("", "0"):
        return None
    folder = os.environ.get("ARS_DOCS_CACHE_DIR")
    if folder:
        return Path(folder)
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        base = Path(xdg) if xdg else Path.home() / ".cache"
    except RuntimeError:  # no home directory
        return None
    return base / "ars-docs"


def private_folder(folder: Path) -> Path | None:
    """``folder``, made if needed, when only this user can write to it; else ``None``.

    A cached corpus says which sources are verified, so it is only read from a
    folder that no other user could have planted a file in.
    """
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    return folder if _private(info) else None


def cache_file(kind: str, name: str) -> Path | None:
    """Where the cache of the ``kind`` file at ``name`` lives; ``None`` when off."""
    folder = cache_folder()
    if folder is None or private_folder(folder) is None:
        return None  # a folder others could write to is not trusted (see above)
    import hashlib  # here: OpenSSL's start-up is paid only by commands that use the cache

    digest = hashlib.sha256(os.path.abspath(name).encode("utf-8", "surrogateescape"))
    return folder / f"{kind}-{digest.hexdigest()[:32]}.cache"


def cache_key(
    name: str, sources: Iterable[tuple[str, bytes]], *, depends_on: Iterable[bytes] = ()
) -> str:
    """SHA-256 of the inputs, the path as given, and whatever else the result depends on."""
    import hashlib

    digest = hashlib.sha256(_FORMAT)
    for part in depends_on:
        digest.update(len(part).to_bytes(8, "big") + part)
    digest.update(name.encode("utf-8", "surrogateescape") + b"\0")
    for source, raw in sources:
        digest.update(f"{source}\0{len(raw)}\0".encode("utf-8", "surrogateescape"))
        digest.update(raw)
    return digest.hexdigest()


@cache
def module_source(*modules: str) -> tuple[bytes, ...]:
    """The source bytes of ``ars_docs/session/<module>``; empty when not on disk (zipped)."""
    here = Path(__file__).parent
    found = []
    for module in modules:
        try:
            found.append((here / module).read_bytes())
        except OSError:
            found.append(b"")
    return tuple(found)


def read_cache(cache: Path, key: str, expected: type[T]) -> T | None:
    """The cached value for ``key``, or ``None`` on any miss, mismatch or damage."""
    # Imported here: the codec names the corpus and read-log types, which import this module.
    from ars_docs.session.cache_codec import CacheFormatError, decode

    try:
        fd = os.open(cache, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        with open(fd, "rb") as handle:
            if not _trusted(os.fstat(handle.fileno())):
                return None
            raw = handle.read()
    except OSError:
        return None
    head = _FORMAT + key.encode("ascii") + b"\n"
    if not raw.startswith(head):
        return None  # another version, another input, or not a cache at all
    try:
        with gc_paused():
            stored = decode(raw[len(head) :], expected)
    except CacheFormatError:
        return None
    return stored if isinstance(stored, expected) else None


def _private(info: os.stat_result) -> bool:
    """Owned by this user, and no one else may write to it."""
    if info.st_mode & 0o022:
        return False
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


def _trusted(info: os.stat_result) -> bool:
    """A regular file of this user that no one else may write."""
    return stat.S_ISREG(info.st_mode) and _private(info)


def write_cache(cache: Path, key: str, value: object) -> None:
    """Store ``value`` under ``key``; failures are ignored (a cache only saves time)."""
    from ars_docs.session.cache_codec import encode

    try:
        data = _FORMAT + key.encode("ascii") + b"\n" + encode(value)
        cache.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(cache, data, private=True)
    except (OSError, ArsError, TypeError, ValueError):
        pass
