"""The lookup response cache: one private SQLite file; damage, age and strangers are misses."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

import pytest

from ars_docs.lookup.batch.cache import FILE_NAME, SqliteResponseCache, lookup_cache_path
from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.types import RawResponse

OK = RawResponse(200, {"content-type": "application/json"}, b'{"message": {}}')


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def cache(folder: Path, clock: Clock, *, writable: bool = True) -> SqliteResponseCache:
    return SqliteResponseCache(folder / FILE_NAME, max_age=3600, wall=clock, writable=writable)


def test_answers_come_back_until_they_expire(tmp_path: Path) -> None:
    clock = Clock()
    store = cache(tmp_path, clock)
    store.put("k", "https://api.example/works/1", OK)
    assert store.get("k") == OK
    reopened = cache(tmp_path, clock)  # a later run
    assert reopened.get("k") == OK
    clock.now += 3601
    assert reopened.get("k") is None
    assert store.get("other") is None
    assert oct((tmp_path / FILE_NAME).stat().st_mode & 0o777) == "0o600"


@pytest.mark.parametrize("status", [429, 500, 503])
def test_transient_answers_are_never_stored(tmp_path: Path, status: int) -> None:
    store = cache(tmp_path, Clock())
    store.put("k", "u", RawResponse(status, {}, b"busy"))
    assert store.get("k") is None


def test_a_lasting_absence_is_stored(tmp_path: Path) -> None:
    store = cache(tmp_path, Clock())
    store.put("k", "u", RawResponse(404, {}, b"Resource not found."))
    assert store.get("k") == RawResponse(404, {}, b"Resource not found.")


def test_a_damaged_body_is_never_trusted(tmp_path: Path) -> None:
    store = cache(tmp_path, Clock())
    store.put("k", "u", OK)
    store.close()
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        db.execute("UPDATE responses SET body = ? WHERE key = 'k'", (b'{"retracted": false}',))
    assert cache(tmp_path, Clock()).get("k") is None


def test_a_dry_run_reads_but_never_writes(tmp_path: Path) -> None:
    clock = Clock()
    reader = cache(tmp_path, clock, writable=False)
    assert not (tmp_path / FILE_NAME).exists()  # not even created
    reader.put("k", "u", OK)
    assert reader.get("k") is None
    cache(tmp_path, clock).put("k", "u", OK)
    reader = cache(tmp_path, clock, writable=False)
    reader.put("k2", "u", OK)
    assert reader.get("k") == OK and reader.get("k2") is None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_file_others_can_write_is_not_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = cache(tmp_path, Clock())
    store.put("k", "u", OK)
    store.close()
    os.chmod(tmp_path / FILE_NAME, 0o666)
    stranger = cache(tmp_path, Clock())
    assert stranger.get("k") is None
    err = capsys.readouterr().err
    assert f"cache file {tmp_path / FILE_NAME} can be written by group and others" in err


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_folder_others_can_write_is_not_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    os.chmod(folder, 0o777)
    store = cache(folder, Clock())
    store.put("k", "u", OK)
    assert store.get("k") is None
    assert not (folder / FILE_NAME).exists()
    assert f"cache folder {folder} can be written by group and others" in capsys.readouterr().err


def test_a_file_that_is_not_a_database_is_a_miss(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"this is not sqlite" * 100)
    os.chmod(tmp_path / FILE_NAME, 0o600)
    store = cache(tmp_path, Clock())
    store.put("k", "u", OK)
    assert store.get("k") is None
    assert store.problem is not None


def test_threads_share_one_cache(tmp_path: Path) -> None:
    store = cache(tmp_path, Clock())

    def work(n: int) -> None:
        for i in range(50):
            store.put(f"{n}-{i}", "u", RawResponse(200, {}, f"{n}-{i}".encode()))
            assert store.get(f"{n}-{i}") is not None

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.get("3-49") == RawResponse(200, {}, b"3-49")


def test_where_the_cache_lives(tmp_path: Path) -> None:
    config = RetrievalConfig()
    assert lookup_cache_path(config, {"ARS_DOCS_CACHE_DIR": str(tmp_path)}) == tmp_path / FILE_NAME
    assert lookup_cache_path(config, {"XDG_CACHE_HOME": "/x"}) == Path("/x/ars-docs") / FILE_NAME
    assert lookup_cache_path(config, {"ARS_DOCS_NO_CACHE": "1"}) is None
    assert lookup_cache_path(RetrievalConfig(cache_max_age_days=0), {}) is None
    mine = RetrievalConfig(cache_dir=str(tmp_path / "c"))
    assert (
        lookup_cache_path(mine, {"ARS_DOCS_CACHE_DIR": "/elsewhere"}) == tmp_path / "c" / FILE_NAME
    )


def test_a_row_dated_after_now_is_expired_and_deleted(tmp_path: Path) -> None:
    clock = Clock()
    store = cache(tmp_path, clock)
    store.put("k", "u", OK)
    assert store.get("k") == OK  # stored at this very second: age 0, the edge that passes
    clock.now -= 1  # the clock went back: the row is now one second in the future
    assert store.get("k") is None
    clock.now += 1
    assert store.get("k") is None  # deleted, not merely skipped
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        assert db.execute("SELECT COUNT(*) FROM responses").fetchone()[0] == 0


def test_a_row_expires_just_after_the_maximum_age(tmp_path: Path) -> None:
    clock = Clock()
    store = cache(tmp_path, clock)
    store.put("k", "u", OK)
    clock.now += 3600
    assert store.get("k") == OK
    clock.now += 0.001
    assert store.get("k") is None


def test_a_dry_run_leaves_a_damaged_row_where_it_is(tmp_path: Path) -> None:
    clock = Clock()
    cache(tmp_path, clock).put("k", "u", OK)
    clock.now -= 10
    assert cache(tmp_path, clock, writable=False).get("k") is None
    clock.now += 10
    assert cache(tmp_path, clock, writable=False).get("k") == OK
