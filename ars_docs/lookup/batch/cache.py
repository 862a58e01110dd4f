"""The lookup response cache: one SQLite file below the registry clients.

Keyed by the normalised request (URL plus the headers that change the answer,
``ResponseCache.key``), it stores each answer with its time and honours an
expiry (``cache_max_age_days``); ``--refresh`` ignores what is stored (and
stores fresh answers). It sits under ``PoliteHttp``, so the registry code never
knows whether an answer came from the network. Only answers worth keeping are
stored (``CACHEABLE_STATUSES``: never 429, 5xx or failures), so a rerun after
an outage asks again exactly what failed.

A cached answer decides trust (it can say "not retracted"), so the file keeps
the rule every cache shares (``files.cache``): its folder, from the
cache root down, and the file itself (and SQLite's ``-wal`` and ``-shm`` files
beside it) are this user's and no one else can write them; otherwise the
cache is not used and the user is told once. Every row carries the SHA-256 of
all its fields (key, URL, status, headers, body, time), checked on read, and
every field must have the type this module writes (a cacheable integer status,
a JSON object of strings for the headers, a finite time not after now), so a
damaged, edited or future-dated answer is a miss, deleted and asked again.
A file that holds anything but the one table and its key's index (a view or
trigger named like it, another table) is not this cache's: no cache, the file
left as it is, so no file can make a lookup wait on a query of its own. A damaged or locked
database means no cache, never an error: the answers come from the network
instead (the report says why).

Location: ``<cache_dir>/lookup.sqlite3`` when ``cache_dir`` is configured,
else ``lookup.sqlite3`` in the cache root; ``ARS_DOCS_NO_CACHE=1`` or
``cache_max_age_days = 0`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from ars_docs.files.cache import cache_root, private_folder, trusted_file
from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.net.cache import CACHEABLE_STATUSES
from ars_docs.retrieval.types import RawResponse

__all__ = ["FILE_NAME", "SqliteResponseCache", "lookup_cache_path"]

FILE_NAME = "lookup.sqlite3"
#: ``PRAGMA user_version``: 2 since each row's hash covers all of its fields.
_VERSION = 2
_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    status INTEGER NOT NULL,
    headers TEXT NOT NULL,
    body BLOB NOT NULL,
    sha256 TEXT NOT NULL,
    stored_at REAL NOT NULL
)
"""


def _objects(db: sqlite3.Connection) -> set[tuple[str, str, str, str | None]]:
    return set(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))


_EXPECTED: set[tuple[str, str, str, str | None]] = set()


def _expected_objects() -> set[tuple[str, str, str, str | None]]:
    """``sqlite_master`` of a cache this SQLite creates: the table and its key's index."""
    if not _EXPECTED:
        db = sqlite3.connect(":memory:")
        try:
            db.execute(_SCHEMA)
            _EXPECTED.update(_objects(db))
        finally:
            db.close()
    return _EXPECTED


def lookup_cache_path(config: RetrievalConfig, environ: Mapping[str, str]) -> Path | None:
    """Where the cache file lives by the rule of the module docstring; ``None`` when off."""
    root = cache_root(environ, config.cache_dir)  # None when off (or no home folder)
    if root is None or config.cache_max_age_days <= 0:
        return None
    return root / FILE_NAME


def _row_digest(
    key: str, url: str, status: int, headers: str, body: bytes, stored_at: float
) -> str:
    """SHA-256 over every field of a row, each length-prefixed (no two rows hash alike)."""
    digest = hashlib.sha256()
    texts = (key, url, str(status), headers, repr(float(stored_at)))
    for part in (*(t.encode("utf-8", "surrogatepass") for t in texts), body):
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()


class SqliteResponseCache:
    """``get``/``put`` by request key, like ``retrieval.net.cache.ResponseCache``."""

    def __init__(
        self,
        path: Path,
        *,
        max_age: float,
        wall: Callable[[], float],
        writable: bool,
    ) -> None:
        self.path = path
        self.max_age = max_age
        self.wall = wall
        self.writable = writable
        self.problem: str | None = None
        """Why the cache is not used (for the report), or ``None``."""
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = self._open()

    def _open(self) -> sqlite3.Connection | None:
        # The rule of every cache; a folder or file that breaks it is told once there.
        if private_folder(self.path.parent, create=self.writable) is None:
            return None
        sidecars = [self.path.with_name(self.path.name + end) for end in ("-wal", "-shm")]
        if not all(trusted_file(p) for p in (self.path, *sidecars)):
            return None
        if not self.path.exists() and not self.writable:
            return None
        db: sqlite3.Connection | None = None
        try:
            old_mask = os.umask(0o077)
            try:
                db = sqlite3.connect(self.path, timeout=5, check_same_thread=False)
            finally:
                os.umask(old_mask)
            if db.execute("PRAGMA user_version").fetchone()[0] != _VERSION:
                if not self.writable:
                    db.close()
                    return None  # rows of another version: all misses, and a dry run keeps them
                db.execute("DROP TABLE IF EXISTS responses")
                db.execute(f"PRAGMA user_version = {_VERSION}")
            found = _objects(db)
            if found and found != _expected_objects():
                # A view, trigger or other table of that name (a view over an endless
                # query would hang every lookup): a file this cache did not write, left
                # as it is.
                db.close()
                self.problem = (
                    f"{self.path}: holds tables, views or triggers the lookup cache does not "
                    "write; delete the file"
                )
                return None
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: a crash loses at most the last answers
            db.execute(_SCHEMA)
            db.commit()
            return db
        except (OSError, sqlite3.Error) as exc:
            if db is not None:
                db.close()
            self.problem = f"{self.path}: {exc}"
            return None

    def get(self, key: str) -> RawResponse | None:
        db = self._db
        if db is None:
            return None
        try:
            with self._lock:
                row = db.execute(
                    "SELECT url, status, headers, body, sha256, stored_at FROM responses "
                    "WHERE key = ?",
                    (key,),
                ).fetchone()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        found = self._answer(key, row)
        if found is None:
            self._forget(key)
        return found

    def _answer(self, key: str, row: tuple[object, ...]) -> RawResponse | None:
        """The answer a row holds, or ``None`` when it is expired, from the future or not
        a row this version wrote (each field has the type ``put`` gives it; the hash
        alone proves nothing about types: anyone can compute it)."""
        url, status, headers, body, digest, stored_at = row
        if not (
            isinstance(url, str)
            and type(status) is int
            and status in CACHEABLE_STATUSES
            and isinstance(headers, str)
            and isinstance(body, bytes)
            and isinstance(digest, str)
            and type(stored_at) is float
            and math.isfinite(stored_at)
        ):
            return None
        age = self.wall() - stored_at
        # A time ahead of the clock would never expire: it counts as expired.
        if not 0 <= age <= self.max_age:
            return None
        try:
            if digest != _row_digest(key, url, status, headers, body, stored_at):
                return None  # damaged or edited: never trusted
            fields = json.loads(headers)
        except (ValueError, RecursionError):
            return None
        if not isinstance(fields, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in fields.items()
        ):
            return None
        return RawResponse(status, fields, body)

    def _forget(self, key: str) -> None:
        """Delete a row that is no use (expired or malformed), unless this is a dry run:
        a fresh answer takes its place, and a failed one leaves no stale row behind."""
        if self._db is None or not self.writable:
            return
        try:
            with self._lock:
                self._db.execute("DELETE FROM responses WHERE key = ?", (key,))
                self._db.commit()
        except sqlite3.Error:
            return

    def put(self, key: str, url: str, response: RawResponse) -> None:
        db = self._db
        if db is None or not self.writable or response.status not in CACHEABLE_STATUSES:
            return
        headers = json.dumps(dict(response.headers), sort_keys=True)
        stored_at = float(self.wall())
        digest = _row_digest(key, url, response.status, headers, response.body, stored_at)
        row = (key, url, response.status, headers, response.body, digest, stored_at)
        try:
            with self._lock:
                db.execute("INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?, ?, ?)", row)
                db.commit()
        except sqlite3.Error:
            return  # a cache only saves time

    def close(self) -> None:
        if self._db is not None:
            with self._lock:
                self._db.close()
            self._db = None
