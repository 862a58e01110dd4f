"""A content-addressed cache for parsed session files (passport, read log).

Loading a 10,000-entry passport takes about a second; every command reads the
same bytes again, so the parsed result is kept in one file per (kind, path)
under the user's cache folder, keyed by the SHA-256 of everything the result
depends on: the input bytes, the path as given (it is in every message), the
schema, and the source of the modules that build it (a changed rule never
serves stale data). A file whose key does not match is a miss, never an error;
a cache that cannot be written only costs speed.

Where the files live and when one is believed is the rule every cache shares
(``cache_files``: the cache root, folders and files only this user can
write, a SHA-256 checked on read; a cached corpus says which sources are
verified). The body is typed JSON rows or MessagePack (``cache_codec``),
which cannot execute code: even a planted file could at worst be a wrong
answer, never a program. The header names the format version; a file of
another version (v3, which had no hash; the JSON of v2; a pickle of v1) is a
miss and is rewritten.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TypeVar

from ars_docs.core.perf import gc_paused
from ars_docs.files.cache import cache_root, private_folder, read_checked, write_entry

__all__ = ["cache_file", "cache_key", "read_cache", "write_cache"]

_FORMAT = b"ars-docs cache v4\n"

T = TypeVar("T")


def cache_file(kind: str, name: str) -> Path | None:
    """Where the cache of the ``kind`` file at ``name`` lives; ``None`` when off."""
    root = cache_root()
    folder = private_folder(root) if root is not None else None
    if folder is None:
        return None  # off, or a folder others could write to (told once by cache_files)
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
    from ars_docs.session.cache.codec import CacheFormatError, decode

    head = _FORMAT + key.encode("ascii") + b"\n"

    def parse(content: memoryview) -> T | None:
        if content[: len(head)] != head:
            return None  # another version, another input, or not a cache at all
        try:
            with gc_paused():
                stored = decode(content[len(head) :], expected)  # a view: no 7 MB copy
        except CacheFormatError:
            return None
        return stored if isinstance(stored, expected) else None

    # The file rule and the hash (checked beside the decoding): None when either fails.
    return read_checked(cache, parse)


def write_cache(cache: Path, key: str, value: object) -> None:
    """Store ``value`` under ``key``; failures are ignored (a cache only saves time)."""
    from ars_docs.session.cache.codec import encode

    try:
        data = _FORMAT + key.encode("ascii") + b"\n" + encode(value)
    except (TypeError, ValueError):
        return
    write_entry(cache, data)
