"""Crafted snapshot indexes and dumps (issue 38, item 6), through the real CLI.

An index is refused unless its schema is exactly the one ars-docs writes (a view,
trigger or extra table planted in a real index is caught before any question runs),
and ``lookup index build`` refuses a dump that is mostly not works or whose gzip data
inflates far beyond a registry dump's, before it costs minutes.
"""

from __future__ import annotations

import gzip
import os
import random
import sqlite3
import string
from pathlib import Path

import pytest

from ars_docs.lookup.index.dumps import INFLATION_FREE, MAX_INFLATION, MAX_NOT_WORKS
from tests.support.hostile import MB, Run, ars, make_session
from tests.support.lookup import entry, passport

DOI = "10.1000/xyz123"
TITLE = "A longitudinal study of quality culture in universities"
WORK = (
    f'{{"DOI": "{DOI}", "title": ["{TITLE}"], "author": [{{"family": "Doe", "given": "J"}}], '
    '"issued": {"date-parts": [[2020]]}, "type": "journal-article"}\n'
).encode()
ENDLESS = (
    "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
    f"SELECT 'doi', '{DOI}', 1 FROM r WHERE n < 0"
)

#: One planted change to a real index each, and what the refusal names.
CRAFTED = {
    "an ids view over an endless query": (
        ["DROP TABLE ids", f"CREATE VIEW ids(kind, value, work) AS {ENDLESS}"],
        "it holds a view 'ids' that ars-docs does not write",
    ),
    "an extra view": (
        [f"CREATE VIEW extra(kind, value, work) AS {ENDLESS}"],
        "it holds a view 'extra' that ars-docs does not write",
    ),
    "a trigger": (
        ["CREATE TRIGGER t AFTER INSERT ON works BEGIN SELECT 1; END"],
        "it holds a trigger 't' that ars-docs does not write",
    ),
    "an extra table": (
        ["CREATE TABLE notes (x)"],
        "it holds a table 'notes' that ars-docs does not write",
    ),
    "planner statistics": (
        ["ANALYZE"],
        "it holds a table 'sqlite_stat1' that ars-docs does not write",
    ),
    "a table defined otherwise": (
        ["DROP TABLE words",
         "CREATE TABLE words (term TEXT PRIMARY KEY, docs INTEGER NOT NULL, "
         "x DEFAULT (zeroblob(1000000000))) WITHOUT ROWID"],
        "its table 'words' is defined otherwise than ars-docs defines it",
    ),
    "an index on a table": (
        ["CREATE INDEX by_service ON works(service)"],
        "it holds an index 'by_service' that ars-docs does not write",
    ),
    "a missing table": (
        ["DROP TABLE words"],
        "it lacks 'words'",
    ),
}  # fmt: skip


def bounded(session: Path, *args: str | Path) -> Run:
    """The CLI as a real process: 20 s, 1 GiB of address space, 15 s of CPU."""
    return ars(session, *args, timeout=20, memory_limit=1024 * MB, cpu_limit=15)


def built(session: Path, dump: bytes = WORK) -> Path:
    (session / "dump.jsonl").write_bytes(dump)
    run = bounded(session, "lookup", "index", "build", "dump.jsonl", "-o", "snap.idx")
    assert run.code == 0, run.err
    (session / "dump.jsonl").unlink()
    return session / "snap.idx"


def cited(session: Path) -> Path:
    return passport(session / "passport.yaml", entry("qc", TITLE, ["Doe"], 2020, doi=DOI))


def test_the_index_ars_docs_builds_is_read(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    built(session)
    cited(session)
    run = bounded(session, "lookup", "--passport", "passport.yaml", "--offline", "snap.idx")
    assert run.code == 0, run.err
    assert b"qc: found" in run.out or b"found 1" in run.out, run.out


@pytest.mark.parametrize("kind", list(CRAFTED))
def test_a_crafted_index_is_refused_before_any_question(tmp_path: Path, kind: str) -> None:
    statements, named = CRAFTED[kind]
    session = make_session(tmp_path)
    index = built(session)
    with sqlite3.connect(index) as db:
        for statement in statements:
            db.execute(statement)
    db.close()
    cited(session)
    before = {name: (session / name).read_bytes() for name in ("passport.yaml", "snap.idx")}
    run = bounded(session, "lookup", "--passport", "passport.yaml", "--offline", "snap.idx")
    assert run.code == 65, run.err
    line = run.one_line_error()
    assert line.startswith("ars-docs: error: snap.idx: not a snapshot index as ars-docs writes"), (
        line
    )
    assert named in line and "rebuild it" in line, line
    assert run.out == b""
    assert {name: (session / name).read_bytes() for name in before} == before
    assert run.seconds < 10, run.seconds


def newline_gzip(path: Path, megabytes: int) -> None:
    with gzip.open(path, "wb", compresslevel=9) as out:
        for _ in range(megabytes):
            out.write(b"\n" * MB)


def test_a_gzip_of_newlines_is_refused_at_once(tmp_path: Path) -> None:
    # 2 MB of gzip, 2 GiB of empty lines: nine minutes of CPU before issue 38.
    session = make_session(tmp_path)
    newline_gzip(session / "dump.jsonl.gz", 2048)
    assert (session / "dump.jsonl.gz").stat().st_size < 2.5 * MB
    run = bounded(session, "lookup", "index", "build", "dump.jsonl.gz", "-o", "snap.idx")
    assert run.code == 65, run.err
    line = run.one_line_error()
    assert f"dump.jsonl.gz:{MAX_NOT_WORKS + 1}: more than {MAX_NOT_WORKS:,} blank" in line, line
    assert "nothing was written" in line
    assert sorted(os.listdir(session)) == sorted(
        ["dump.jsonl.gz", "passport.yaml", "passport_human_read_log.yaml", "draft.md"]
    )
    run.within_bomb_bounds()
    assert run.seconds < 5, run.seconds


@pytest.mark.parametrize(("blank", "code"), [(MAX_NOT_WORKS, 0), (MAX_NOT_WORKS + 1, 65)])
def test_the_count_of_lines_that_are_not_works_at_its_edge(
    tmp_path: Path, blank: int, code: int
) -> None:
    session = make_session(tmp_path)
    (session / "dump.jsonl").write_bytes(b"\n" * blank + WORK)
    run = bounded(session, "lookup", "index", "build", "dump.jsonl", "-o", "snap.idx")
    assert run.code == code, run.err
    assert (session / "snap.idx").exists() == (code == 0)


def inflating(path: Path, ratio: float) -> float:
    """Write a gzipped dump of one work padded to just over ``INFLATION_FREE`` bytes, whose
    size uncompressed ÷ compressed is close to ``ratio`` (random letters do not compress;
    one correction of their count is enough); returns the ratio written."""
    size = INFLATION_FREE + MB
    letters = random.Random(7).choices(string.ascii_letters + string.digits + "+/", k=size)
    noise = int(size / ratio * 1.33)  # such letters carry 6 bits of 8
    for _ in range(2):
        padding = "".join(letters[:noise]) + "a" * (size - noise - len(WORK))
        line = WORK.replace(b'"type"', f'"abstract": "{padding}", "type"'.encode())
        path.write_bytes(gzip.compress(line, compresslevel=9))
        written = len(line) / path.stat().st_size
        noise = int(noise * written / ratio)
    return written


@pytest.mark.parametrize(("ratio", "code"), [(0.95 * MAX_INFLATION, 0), (1.05 * MAX_INFLATION, 65)])
def test_gzip_inflation_at_its_edge(tmp_path: Path, ratio: float, code: int) -> None:
    session = make_session(tmp_path)
    written = inflating(session / "dump.jsonl.gz", ratio)
    assert (written < MAX_INFLATION) == (code == 0), written
    run = bounded(session, "lookup", "index", "build", "dump.jsonl.gz", "-o", "snap.idx")
    assert run.code == code, run.err
    if code:
        assert f"inflates more than {MAX_INFLATION} times" in run.one_line_error()
    assert (session / "snap.idx").exists() == (code == 0)


def test_a_meta_value_nested_too_deeply_names_the_index(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    index = built(session)
    with sqlite3.connect(index) as db:
        db.execute(
            "UPDATE meta SET value = ? WHERE key = 'inputs'", ("[" * 100_000 + "]" * 100_000,)
        )
    db.close()
    cited(session)
    before = index.read_bytes()
    run = bounded(session, "lookup", "--passport", "passport.yaml", "--offline", "snap.idx")
    assert run.code == 65, run.err
    assert run.one_line_error().startswith(
        "ars-docs: error: snap.idx cannot be read as a snapshot index (a meta value nests too "
    )
    assert index.read_bytes() == before
