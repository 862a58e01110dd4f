"""The lookup response cache: one SQLite file below the registry clients.

Keyed by the normalised request (URL plus the headers that change the answer,
``ResponseCache.key``), it stores each answer with its time and honours an
expiry (``cache_max_age_days``); ``--refresh`` ignores what is stored (and
stores fresh answers). It sits under ``PoliteHttp``, so the registry code never
knows whether an answer came from the network. Only answers worth keeping are
stored (``CACHEABLE_STATUSES``: never 429, 5xx or failures), so a rerun after
an outage asks again exactly what failed.

A cached answer decides trust (it can say "not retracted"), so the file is
used only inside a folder owned by this user that no one else can write
(``session.cache.private_folder``), only when the file itself is this user's
and not writable by others, and every body is checked against its stored
SHA-256. A damaged, locked or foreign file means no cache, never an error: the
answers come from the network instead.

Location: ``<cache_dir>/lookup.sqlite3`` when ``cache_dir`` is configured,
else ``lookup.sqlite3`` in ars-docs' cache folder (``$ARS_DOCS_CACHE_DIR``,
``$XDG_CACHE_HOME/ars-docs``, ``~/.cache/ars-docs``); ``ARS_DOCS_NO_CACHE=1``
or ``cache_max_age_days = 0`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.net.cache import CACHEABLE_STATUSES, cache_root
from ars_docs.retrieval.types import RawResponse
from ars_docs.session.cache import private_folder

__all__ = ["FILE_NAME", "SqliteResponseCache", "lookup_cache_path"]

FILE_NAME = "lookup.sqlite3"
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


def lookup_cache_path(config: RetrievalConfig, environ: Mapping[str, str]) -> Path | None:
    """Where the cache file lives by the rule of the module docstring; ``None`` when off."""
    root = cache_root(environ)  # None when ARS_DOCS_NO_CACHE is set (or no home folder)
    off = environ.get("ARS_DOCS_NO_CACHE", "").strip() not in ("", "0")
    if off or config.cache_max_age_days <= 0:
        return None
    if config.cache_dir:
        return Path(config.cache_dir) / FILE_NAME
    return None if root is None else root / FILE_NAME


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
        if private_folder(self.path.parent) is None:
            self.problem = f"{self.path.parent} is not a folder only you can write to"
            return None
        try:
            if self.path.exists():
                info = os.lstat(self.path)
                if (
                    not stat.S_ISREG(info.st_mode)
                    or info.st_mode & 0o022
                    or (hasattr(os, "getuid") and info.st_uid != os.getuid())
                ):
                    self.problem = f"{self.path} is not a private file of yours"
                    return None
            elif not self.writable:
                return None
            old_mask = os.umask(0o077)
            try:
                db = sqlite3.connect(self.path, timeout=5, check_same_thread=False)
            finally:
                os.umask(old_mask)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: a crash loses at most the last answers
            db.execute(_SCHEMA)
            db.commit()
            return db
        except (OSError, sqlite3.Error) as exc:
            self.problem = f"{self.path}: {exc}"
            return None

    def get(self, key: str) -> RawResponse | None:
        db = self._db
        if db is None:
            return None
        try:
            with self._lock:
                row = db.execute(
                    "SELECT status, headers, body, sha256, stored_at FROM responses WHERE key = ?",
                    (key,),
                ).fetchone()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        status, headers, body, digest, stored_at = row
        if self.wall() - float(stored_at) > self.max_age:
            return None
        if hashlib.sha256(body).hexdigest() != digest:
            return None  # damaged: never trusted
        try:
            found = json.loads(headers)
        except ValueError:
            return None
        return RawResponse(int(status), {str(k): str(v) for k, v in found.items()}, bytes(body))

    def put(self, key: str, url: str, response: RawResponse) -> None:
        db = self._db
        if db is None or not self.writable or response.status not in CACHEABLE_STATUSES:
            return
        row = (
            key,
            url,
            response.status,
            json.dumps(dict(response.headers), sort_keys=True),
            response.body,
            hashlib.sha256(response.body).hexdigest(),
            self.wall(),
        )
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
