"""Opening a snapshot index and asking it things: the read side of ``index_schema.py``.

``open_index`` refuses, with a message that says what to do, anything that is
not an index of this format (exit 65), a missing path (66) and a file it may
not read (74). "This format" is checked exactly: the file's schema
(``sqlite_master``) must be the one ``index.schema.SCHEMA`` creates, to the
letter of each table's SQL, so a view, trigger or extra table planted in an
index (an ``ids`` view over an endless recursive query) is refused before any
question runs. Every question is bounded too: ``QUERY_SECONDS`` each (SQLite's
progress handler), and ``close`` interrupts the ones running, so Ctrl-C or
SIGTERM always ends a run. ``SnapshotIndex`` answers by identifier and by full-text search
from read-only SQLite connections, one per thread that asks (lookup checks
entries on several threads; SQLite reads in parallel and a connection must not
be shared while it is in use). If the file is replaced while lookup runs (a new
build renamed over it), a thread that would open it anew refuses instead of
mixing two snapshots in one run.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ars_docs.core.errors import ArsIOError, InputDataError, InputMissingError, UsageError
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.lookup.index.codec import decode
from ars_docs.lookup.index.schema import APPLICATION_ID, FORMAT, FORMAT_VERSION, SCHEMA

__all__ = ["SnapshotIndex", "open_index"]

_SQLITE_MAGIC = b"SQLite format 3\x00"
_BUILD = "build one with `ars-docs lookup index build DUMP… -o INDEX`"
#: Rows one identifier may bring back (a book's ISBN is on each of its chapters too).
MAX_PER_ID = 100
#: Seconds one question to the index may run (a real one takes milliseconds; see
#: docs/lookup-index.md): past it, SQLite stops the query and the answer is a failure.
QUERY_SECONDS = 30.0
#: Seconds ``close`` waits for interrupted questions to return (they take microseconds).
_CLOSE_WAIT = 5.0
#: SQLite virtual-machine steps between two looks at the clock (well under 1 ms).
_PROGRESS_STEPS = 10_000


def open_index(path: str | os.PathLike[str]) -> SnapshotIndex:
    """The index at ``path``, checked to be one this ars-docs reads."""
    where = Path(path)
    if str(path) == "-":
        raise UsageError("the snapshot index cannot be read from standard input ('-'); give a path")
    try:
        if where.exists() and not where.is_dir() and not where.is_file():
            raise InputDataError(f"{where} is not a regular file (a pipe or a device?); {_BUILD}")
        with open(where, "rb") as handle:
            head = handle.read(len(_SQLITE_MAGIC))
        identity = _identity(where)
    except FileNotFoundError:
        raise InputMissingError(f"{where}: no such snapshot index; {_BUILD}") from None
    except IsADirectoryError:
        raise InputDataError(f"{where} is a folder, not a snapshot index; {_BUILD}") from None
    except OSError as exc:
        raise ArsIOError(
            f"cannot read {where}: {exc.strerror or exc}; check its permissions"
        ) from exc
    if head != _SQLITE_MAGIC:
        raise InputDataError(f"{where} is not an ars-docs snapshot index; {_BUILD}")
    try:
        db = _connect(where)
        meta = _meta(where, db)
    except RecursionError:
        raise InputDataError(
            f"{where} cannot be read as a snapshot index (a meta value nests too deeply); "
            f"rebuild it: {_BUILD}"
        ) from None
    except (sqlite3.Error, ValueError) as exc:
        raise InputDataError(
            f"{where} cannot be read as a snapshot index ({exc}); rebuild it: {_BUILD}"
        ) from exc
    return SnapshotIndex(where, meta, db, identity)


def _connect(path: Path) -> sqlite3.Connection:
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    db = sqlite3.connect(uri, uri=True, check_same_thread=False)
    db.execute("PRAGMA query_only = 1")
    # Functions with side effects are never run from the file's own schema (views,
    # triggers, defaults); the schema check below refuses those anyway.
    db.execute("PRAGMA trusted_schema = 0")
    # Pages come from the operating system's cache, shared by every connection.
    db.execute("PRAGMA mmap_size = 1073741824")
    return db


def _meta(path: Path, db: sqlite3.Connection) -> dict[str, Any]:
    (application,) = db.execute("PRAGMA application_id").fetchone()
    found = set(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    if application != APPLICATION_ID or not any(row[1] == "meta" for row in found):
        raise InputDataError(
            f"{path} is an SQLite file but not an ars-docs snapshot index; {_BUILD}"
        )
    problem = _schema_problem(found, path)
    if problem is not None:
        raise InputDataError(
            f"{path}: not a snapshot index as ars-docs writes one ({problem}); rebuild it: {_BUILD}"
        )
    meta = {key: json.loads(value) for key, value in db.execute("SELECT key, value FROM meta")}
    if meta.get("format") != FORMAT:
        raise InputDataError(f"{path} is not an ars-docs snapshot index; {_BUILD}")
    version = meta.get("format_version")
    if version != FORMAT_VERSION:
        raise InputDataError(
            f"{path} is a snapshot index of format {version}; this ars-docs reads format "
            f"{FORMAT_VERSION}: rebuild it from its dumps with `ars-docs lookup index build`"
        )
    try:
        db.execute("SELECT rowid FROM titles WHERE titles MATCH 'a' LIMIT 0").fetchall()
    except sqlite3.OperationalError as exc:
        if "fts5" in str(exc).lower():
            raise _no_fts5(path) from exc
        raise
    return meta


_EXPECTED: set[tuple[str, str, str, str | None]] = set()


def _expected_schema(path: Path) -> set[tuple[str, str, str, str | None]]:
    """``sqlite_master`` of an empty index made by this SQLite: ``SCHEMA``'s tables, the
    index SQLite adds for ``works.key`` and FTS5's shadow tables, each with its SQL."""
    if not _EXPECTED:
        db = sqlite3.connect(":memory:")
        try:
            for statement in SCHEMA:
                db.execute(statement)
            _EXPECTED.update(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
        except sqlite3.OperationalError as exc:
            if "fts5" in str(exc).lower():
                raise _no_fts5(path) from exc
            raise
        finally:
            db.close()
    return _EXPECTED


def _schema_problem(found: set[tuple[Any, ...]], path: Path) -> str | None:
    """What in ``found`` (rows of ``sqlite_master``) differs from an index's schema."""
    expected = _expected_schema(path)
    if found == expected:
        return None
    names = {(row[0], row[1]): row for row in expected}
    for row in sorted(found - expected, key=repr):
        kind, name = str(row[0]), str(row[1])[:80]
        if (row[0], row[1]) in names:
            return f"its {kind} {name!r} is defined otherwise than ars-docs defines it"
        article = "an" if kind[:1] in ("a", "e", "i", "o", "u") else "a"
        return f"it holds {article} {kind} {name!r} that ars-docs does not write"
    missing = sorted(str(row[1]) for row in expected - found)
    return f"it lacks {', '.join(repr(n) for n in missing)}"


def _no_fts5(path: Path) -> ArsIOError:
    return ArsIOError(
        f"cannot search {path}: this Python's SQLite has no FTS5 full-text search; "
        "use a Python whose sqlite3 module includes FTS5 (python.org builds do)"
    )


def _identity(path: Path) -> tuple[int, int]:
    stat = os.stat(path)
    return stat.st_dev, stat.st_ino


class SnapshotIndex:
    """A read-only snapshot index (use ``open_index``); safe to share between threads."""

    def __init__(
        self, path: Path, meta: Mapping[str, Any], first: sqlite3.Connection, identity: Any
    ) -> None:
        self.path = path
        self.meta = dict(meta)
        self._identity = identity
        self._idle: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        self._idle.put(first)
        self._opened = [first]
        self._lock = threading.Lock()
        self._closed = False
        self._busy = 0
        """Questions running now (``close`` waits for them to notice the interrupt)."""
        self._quiet = threading.Condition(self._lock)
        self.query_seconds = QUERY_SECONDS

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def built_at(self) -> str:
        return str(self.meta.get("built_at", ""))

    def by_id(self, kind: str, value: str, service: str | None = None) -> list[WorkRecord]:
        """Every record with this identifier (Crossref's first), or of ``service`` only."""
        sql = (
            "SELECT w.record FROM ids JOIN works w ON w.id = ids.work "
            "WHERE ids.kind = ? AND ids.value = ?"
            + (" AND w.service = ?" if service else "")
            + " ORDER BY w.service != 'crossref', w.id LIMIT ?"
        )
        params: tuple[Any, ...] = (kind, value, *((service,) if service else ()), MAX_PER_ID)
        with self._connection() as db:
            rows = db.execute(sql, params).fetchall()
        return [decode(text) for (text,) in rows]

    def search(self, expression: str, limit: int) -> list[WorkRecord]:
        """The best ``limit`` records for an FTS5 ``expression``, best first (BM25;
        ``score`` is the engine's, larger is better)."""
        with self._connection() as db:
            hits = db.execute(
                "SELECT rowid, bm25(titles, 1.0, 0.5) AS rank FROM titles "
                "WHERE titles MATCH ? ORDER BY rank LIMIT ?",
                (expression, limit),
            ).fetchall()
            if not hits:
                return []
            marks = ",".join("?" * len(hits))
            texts = dict(
                db.execute(
                    f"SELECT id, record FROM works WHERE id IN ({marks})", [h[0] for h in hits]
                )
            )
        return [
            replace(decode(texts[rowid]), score=-rank) for rowid, rank in hits if rowid in texts
        ]

    def term_counts(self, terms: Sequence[str]) -> dict[str, int]:
        """How many records' titles hold each word (words in none are left out)."""
        if not terms:
            return {}
        marks = ",".join("?" * len(terms))
        with self._connection() as db:
            rows = db.execute(
                f"SELECT term, docs FROM words WHERE term IN ({marks})", list(terms)
            ).fetchall()
        return {term: int(doc) for term, doc in rows}

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """A connection for one question, which may run ``query_seconds`` and stops as
        soon as the index is closed (``close`` also interrupts it from another thread)."""
        try:
            db = self._idle.get_nowait()
        except queue.Empty:
            db = self._open_another()
        deadline = time.monotonic() + self.query_seconds

        def stop() -> bool:
            return self._closed or time.monotonic() > deadline

        with self._lock:
            if self._closed:  # close may be about to close this connection
                self._idle.put(db)
                raise sqlite3.ProgrammingError(f"the snapshot index {self.path} was closed")
            self._busy += 1
        try:
            db.set_progress_handler(stop, _PROGRESS_STEPS)
            yield db
        except sqlite3.OperationalError as exc:
            if "interrupted" not in str(exc):
                raise
            if self._closed:
                raise sqlite3.OperationalError("the run was stopped during a question") from None
            raise sqlite3.OperationalError(
                f"a question ran past {self.query_seconds:g} s (a real one takes "
                "milliseconds): the index may be damaged; rebuild it"
            ) from None
        finally:
            with contextlib.suppress(sqlite3.ProgrammingError):  # closed meanwhile
                db.set_progress_handler(None, 0)
            self._idle.put(db)
            with self._lock:
                self._busy -= 1
                self._quiet.notify_all()

    def _open_another(self) -> sqlite3.Connection:
        with self._lock:
            if self._closed:
                raise sqlite3.ProgrammingError(f"the snapshot index {self.path} was closed")
            if _identity(self.path) != self._identity:
                raise sqlite3.OperationalError(
                    f"{self.path} was replaced while lookup ran; run lookup again"
                )
            db = _connect(self.path)
            self._opened.append(db)
            return db

    def close(self) -> None:
        """Interrupt the questions still running, give them a moment (``_CLOSE_WAIT``)
        to return, then close every connection: a closing run never waits for a query."""
        self._closed = True
        for db in list(self._opened):
            db.interrupt()  # safe from any thread, unlike close while a query runs
        with self._lock:
            # A connection closed under a running query fails it with a wrong error
            # (SQLite's "out of memory"): let the interrupted ones return first.
            self._quiet.wait_for(lambda: self._busy == 0, timeout=_CLOSE_WAIT)
            for db in self._opened:
                db.close()

    def __enter__(self) -> SnapshotIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
