"""Building the snapshot index that ``lookup --offline INDEX`` reads (``docs/lookup-index.md``).

``build_index`` reads registry dumps (``index_dumps.py``), keeps of each work
what lookup compares (``index_codec.py``) and writes the SQLite file of
``index_schema.py``. The same work twice from one service (an update file
after a full dump) keeps the later line; the same DOI from Crossref and from
OpenAlex stays two records, since only OpenAlex says ``is_retracted``.

The index is written to a temp file in the output's folder and renamed over
the output only when complete, so a failed or killed build never leaves a
half index at the output path (a killed build's temp file is removed by the
next build of the same output, as ``files/atomic.py`` does for every writer).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs import __version__
from ars_docs.core.clock import Clock
from ars_docs.core.errors import OutputError, UsageError
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.lookup.index import codec
from ars_docs.lookup.index import output as output_file
from ars_docs.lookup.index.dumps import Dump, Parsed, Skip, describe
from ars_docs.lookup.index.schema import (
    APPLICATION_ID,
    COUNT_WORDS,
    FORMAT,
    FORMAT_VERSION,
    SCHEMA,
    SKIPPED_SHOWN,
)

__all__ = ["BuildProgress", "BuildReport", "InputReport", "build_index"]

#: Lines between two progress calls.
PROGRESS_EVERY = 5000


@dataclass(frozen=True)
class InputReport:
    name: str
    sha256: str
    bytes: int
    records: int
    skipped: int
    skipped_shown: tuple[str, ...] = ()
    """The first ``SKIPPED_SHOWN`` skipped lines of this file, as ``file:line: reason``."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sha256": self.sha256,
            "bytes": self.bytes,
            "records": self.records,
            "skipped": self.skipped,
            "skipped_lines": list(self.skipped_shown),
        }


@dataclass(frozen=True)
class BuildReport:
    output: Path
    inputs: tuple[InputReport, ...]
    records: int
    """Records in the index (after a later line of the same work replaced an earlier one)."""
    services: dict[str, int]
    replaced: int
    built_at: str
    size: int
    seconds: float

    @property
    def skipped(self) -> int:
        return sum(i.skipped for i in self.inputs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "output": str(self.output),
            "records": self.records,
            "services": self.services,
            "replaced": self.replaced,
            "skipped": self.skipped,
            "built_at": self.built_at,
            "bytes": self.size,
            "seconds": round(self.seconds, 3),
            "inputs": [i.to_dict() for i in self.inputs],
        }


@dataclass(frozen=True)
class BuildProgress:
    name: str
    number: int
    """1-based number of the file among the inputs."""
    files: int
    line: int
    done: int
    """Bytes of the file read so far (compressed bytes for ``.gz``)."""
    size: int
    records: int
    """Records read from every file so far."""


@dataclass
class _Tally:
    records: int = 0
    replaced: int = 0
    skipped_count: int = 0
    skipped: list[str] = field(default_factory=list)
    """The first ``SKIPPED_SHOWN`` skipped lines of all files."""


def build_index(
    dumps: Sequence[str | os.PathLike[str]],
    output: str | os.PathLike[str],
    *,
    progress: Callable[[BuildProgress], None] | None = None,
    clock: Clock | None = None,
) -> BuildReport:
    """Index the works of ``dumps`` into ``output`` (replaced only when complete)."""
    started = time.monotonic()
    if not dumps:
        raise UsageError("no dump given; name at least one JSON-lines file of works")
    built_at = (clock or Clock.from_env()).rfc3339()
    target = output_file.target(Path(output))
    files = [Dump(Path(d)) for d in dumps]  # every input exists before anything is written
    for dump in files:
        if output_file.same(dump.path, target):
            raise UsageError(f"{dump.path} is both an input and the output; choose another -o")
    temp = output_file.temp_file(target)
    try:
        inputs, tally, services = _write(temp, files, built_at, progress)
        with open(temp, "rb") as handle:
            os.fsync(handle.fileno())
        if target.exists():
            os.chmod(temp, target.stat().st_mode & 0o7777)
        os.replace(temp, target)
    except sqlite3.Error as exc:
        output_file.discard(temp)
        raise OutputError(
            f"cannot write {target}: {exc}; check the free space and the folder, or choose "
            "another -o (nothing was written)"
        ) from exc
    except OSError as exc:
        output_file.discard(temp)
        raise OutputError(
            f"cannot write {target}: {exc.strerror or exc}; nothing was written"
        ) from exc
    except BaseException:
        output_file.discard(temp)
        raise
    output_file.fsync_folder(target.parent)
    return BuildReport(
        output=target,
        inputs=tuple(inputs),
        records=sum(services.values()),
        services=services,
        replaced=tally.replaced,
        built_at=built_at,
        size=target.stat().st_size,
        seconds=time.monotonic() - started,
    )


def _write(
    temp: Path,
    files: Sequence[Dump],
    built_at: str,
    progress: Callable[[BuildProgress], None] | None,
) -> tuple[list[InputReport], _Tally, dict[str, int]]:
    db = sqlite3.connect(temp, isolation_level=None)
    try:
        # A temp file that is thrown away on any failure needs no journal.
        for pragma in ("journal_mode = OFF", "synchronous = OFF", "cache_size = -65536"):
            db.execute(f"PRAGMA {pragma}")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {FORMAT_VERSION}")
        db.execute("BEGIN")
        for statement in SCHEMA:
            db.execute(statement)
        tally = _Tally()
        inputs = [
            _read(db, dump, number, len(files), tally, progress)
            for number, dump in enumerate(files, start=1)
        ]
        db.execute("INSERT INTO titles(titles) VALUES ('optimize')")
        for statement in COUNT_WORDS:
            db.execute(statement)
        services = dict(db.execute("SELECT service, count(*) FROM works GROUP BY service"))
        meta = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "built_at": built_at,
            "ars_docs_version": __version__,
            "sqlite_version": sqlite3.sqlite_version,
            "inputs": [i.to_dict() for i in inputs],
            "skipped": {"count": tally.skipped_count, "first": tally.skipped},
            "records": services,
            "replaced": tally.replaced,
        }
        db.executemany(
            "INSERT INTO meta(key, value) VALUES (?, ?)",
            [(k, json.dumps(v, ensure_ascii=False, sort_keys=True)) for k, v in meta.items()],
        )
        db.execute("COMMIT")
        return inputs, tally, services
    finally:
        db.close()


def _read(
    db: sqlite3.Connection,
    dump: Dump,
    number: int,
    files: int,
    tally: _Tally,
    progress: Callable[[BuildProgress], None] | None,
) -> InputReport:
    records = 0
    skipped: list[str] = []
    skipped_count = 0

    def report() -> None:
        if progress is not None:
            progress(
                BuildProgress(
                    dump.name, number, files, dump.line, dump.position, dump.size, tally.records
                )
            )

    for item in dump:
        if isinstance(item, Skip):
            skipped_count += 1
            tally.skipped_count += 1
            line = describe(item, dump.name)
            for shown in (skipped, tally.skipped):
                if len(shown) < SKIPPED_SHOWN:
                    shown.append(line)
            continue
        _insert(db, item, tally)
        records += 1
        tally.records += 1
        if tally.records % PROGRESS_EVERY == 0:
            report()
    report()
    return InputReport(
        dump.name, dump.sha256, dump.position, records, skipped_count, tuple(skipped)
    )


def _insert(db: sqlite3.Connection, item: Parsed, tally: _Tally) -> None:
    record = codec.with_arxiv(item.record, item.raw)
    ids = codec.identifiers(record, item.raw)
    own = set(codec.identifiers(record, {}))
    text = codec.encode(record, [pair for pair in ids if pair not in own])
    key = _key(record)
    cursor = db.execute(
        "INSERT INTO works(key, service, record) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING",
        (key, record.service, text),
    )
    if cursor.rowcount == 1:
        work = cursor.lastrowid
    else:  # the same work from the same service again: the later line wins
        work, old = db.execute("SELECT id, record FROM works WHERE key = ?", (key,)).fetchone()
        _unindex(db, work, old)
        db.execute("UPDATE works SET record = ? WHERE id = ?", (text, work))
        tally.replaced += 1
    db.executemany(
        "INSERT OR IGNORE INTO ids(kind, value, work) VALUES (?, ?, ?)",
        [(kind, value, work) for kind, value in ids],
    )
    db.execute(
        "INSERT INTO titles(rowid, title, names) VALUES (?, ?, ?)",
        (work, *_words(record)),
    )


def _unindex(db: sqlite3.Connection, work: int, old: str) -> None:
    # A table without content forgets a row only when told exactly what it held.
    record = codec.decode(old)
    db.execute(
        "INSERT INTO titles(titles, rowid, title, names) VALUES ('delete', ?, ?, ?)",
        (work, *_words(record)),
    )
    db.executemany(
        "DELETE FROM ids WHERE kind = ? AND value = ? AND work = ?",
        [(kind, value, work) for kind, value in codec.stored_identifiers(old, record)],
    )


def _words(record: WorkRecord) -> tuple[str, str]:
    return codec.title_text(record), codec.name_text((*record.authors, *record.editors))


def _key(record: WorkRecord) -> str | None:
    ident = record.ids.get("doi") or record.ids.get("openalex")
    return f"{record.service}:{ident}" if ident else None
