"""Damaged rows in the lookup response cache (issue 38, item 7): each is a miss that is
asked again and replaced, never a traceback or an error, and a row dated in the future
does not live for ever.

The rows are damaged the way an editor or a broken disk would, and then sealed with a
hash that matches (anyone can compute it), so the type checks are what is tested.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ars_docs.lookup.batch.cache import _row_digest
from tests.support.hostile import MB, Run, ars, make_session
from tests.support.lookup import HARVEY, entry, passport, standard_world
from tests.support.scholarly_world import ScholarlyWorld

CACHE_ON = {"ARS_DOCS_NO_CACHE": ""}
YEAR = 365 * 24 * 3600.0

Row = dict[str, Any]


def _set(**fields: Any) -> Callable[[Row], None]:
    def damage(row: Row) -> None:
        row.update(fields)

    return damage


DAMAGE: dict[str, Callable[[Row], None]] = {
    "stored_at as text": _set(stored_at="2026-12-01T00:00:00Z"),
    "stored_at a year ahead": lambda row: row.update(stored_at=row["stored_at"] + YEAR),
    "stored_at infinite": _set(stored_at=float("inf")),
    "headers as a JSON list": _set(headers='[["content-type", "application/json"]]'),
    "headers not JSON": _set(headers="content-type: application/json"),
    "headers nested 100,000 deep": _set(headers="[" * 100_000 + "]" * 100_000),
    "header value a number": _set(headers='{"content-length": 1397}'),
    "status as text": _set(status="OK"),
    "status infinite": _set(status=float("inf")),
    "status a fraction": _set(status=200.5),
    "status not cacheable": _set(status=503),
    "status not HTTP": _set(status=9999),
    "body as text": _set(body="{}"),
    "url as a number": _set(url=7),
}


def lookup(session: Path, *extra: str) -> Run:
    """``lookup --all`` as a real process with the cache on: 30 s, 1 GiB, 20 s of CPU."""
    return ars(session, "lookup", "--passport", "passport.yaml", "--format", "json", "--all",
               *extra, env=CACHE_ON, timeout=30, memory_limit=1024 * MB, cpu_limit=20)  # fmt: skip


def cache_file(session: Path) -> Path:
    return session.parent / "home" / "cache" / "lookup.sqlite3"


def damage_rows(path: Path, damage: Callable[[Row], None]) -> int:
    columns = ("key", "url", "status", "headers", "body", "stored_at")
    with sqlite3.connect(path) as db:
        rows = [
            dict(zip(columns, r, strict=True))
            for r in db.execute(f"SELECT {', '.join(columns)} FROM responses")
        ]
        for row in rows:
            key = row["key"]
            damage(row)
            try:
                digest = _row_digest(**row)
            except (TypeError, ValueError, AttributeError):
                digest = "0" * 64  # a field no hash can cover: the row is damaged anyway
            db.execute(
                "UPDATE responses SET url = ?, status = ?, headers = ?, body = ?, sha256 = ?, "
                "stored_at = ? WHERE key = ?",
                (
                    row["url"],
                    row["status"],
                    row["headers"],
                    row["body"],
                    digest,
                    row["stored_at"],
                    key,
                ),
            )
    db.close()
    return len(rows)


def summary(run: Run) -> dict[str, Any]:
    assert run.code == 0, run.err
    assert "Traceback" not in run.err and "error" not in run.err, run.err
    report = json.loads(run.out)
    (result,) = report["entries"]
    assert result["status"] == "found", result
    return dict(report["summary"])


@pytest.fixture(scope="module")
def world() -> Any:
    with ScholarlyWorld() as world:
        standard_world(world)
        yield world


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_row_is_a_miss_asked_again_and_replaced(
    tmp_path: Path, world: ScholarlyWorld, kind: str
) -> None:
    session = make_session(tmp_path)
    harvey = entry("hs", HARVEY["title"][0], ["Harvey", "Stensaker"], 2008, doi=HARVEY["DOI"])
    passport(session / "passport.yaml", harvey)
    world.write_config(session / "ars-docs.toml")
    first = summary(lookup(session))
    assert first["requests"] > 0
    assert damage_rows(cache_file(session), DAMAGE[kind]) == first["requests"]
    passport_before = (session / "passport.yaml").read_bytes()
    cache_before = cache_file(session).read_bytes()

    dry = summary(lookup(session, "--dry-run"))  # reads the cache, writes nothing
    assert (dry["answers_from_cache"], dry["requests"]) == (0, first["requests"]), dry
    assert (session / "passport.yaml").read_bytes() == passport_before
    assert cache_file(session).read_bytes() == cache_before

    again = summary(lookup(session))  # asks again and replaces every damaged row
    assert (again["answers_from_cache"], again["requests"]) == (0, first["requests"]), again
    last = summary(lookup(session))
    assert (last["answers_from_cache"], last["requests"]) == (first["requests"], 0), last


@pytest.mark.parametrize(
    "planted",
    [
        "CREATE VIEW responses(key, url, status, headers, body, sha256, stored_at) AS "
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
        "SELECT 'k', 'u', 200, '{}', x'00', 'd', 1.0 FROM r WHERE n < 0",
        "CREATE TABLE responses (key TEXT PRIMARY KEY, url, status, headers, body, sha256, "
        "stored_at, extra DEFAULT (zeroblob(1000000000)))",
    ],
    ids=["an endless view", "a table defined otherwise"],
)
def test_a_cache_file_this_cache_did_not_write_is_no_cache(
    tmp_path: Path, world: ScholarlyWorld, planted: str
) -> None:
    session = make_session(tmp_path)
    harvey = entry("hs", HARVEY["title"][0], ["Harvey", "Stensaker"], 2008, doi=HARVEY["DOI"])
    passport(session / "passport.yaml", harvey)
    world.write_config(session / "ars-docs.toml")
    path = cache_file(session)
    path.parent.mkdir(parents=True, mode=0o700)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 2")
        db.execute(planted)
    db.close()
    path.chmod(0o600)
    cache_before = path.read_bytes()
    run = lookup(session)
    assert run.code == 0, run.err
    assert "Traceback" not in run.err
    report = json.loads(run.out)
    assert report["summary"]["answers_from_cache"] == 0
    assert report["summary"]["requests"] > 0
    assert path.read_bytes() == cache_before
    assert run.seconds < 10, run.seconds
    text = ars(session, "lookup", "--passport", "passport.yaml", "--all", "--dry-run",
               env=CACHE_ON, timeout=30, memory_limit=1024 * MB, cpu_limit=20)  # fmt: skip
    assert text.code == 0, text.err
    note = f"response cache not used: {path}: holds tables, views or triggers the lookup "
    assert note + "cache does not write; delete the file" in text.out.decode(), text.out
    assert path.read_bytes() == cache_before
