"""A hostile arXiv feed (issue 38, item 5): a DTD or entity in any encoding is refused
by the parser itself, the check counts as a failed answer from arXiv, and the refused
feed is neither trusted nor cached."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.support.hostile import MB, Run, ars, make_session
from tests.support.lookup import arxiv, entry, passport
from tests.support.scholarly_world import ScholarlyWorld

TITLE = "Sparse attention kernels for long-context retrieval models"
ARXIV_ID = "2301.01234"
CACHE_ON = {"ARS_DOCS_NO_CACHE": ""}
DECLARED = {"utf-8": "UTF-8", "utf-16": "UTF-16", "utf-16-le": "UTF-16LE", "utf-16-be": "UTF-16BE"}
ATOM = '<feed xmlns="http://www.w3.org/2005/Atom">'


def entity_feed(encoding: str, depth: int = 2, references: int = 1) -> bytes:
    """A feed whose one entry takes its title from nested entities: ``depth`` levels of
    ten references each, the top one used ``references`` times."""
    declared = ['<!ENTITY e0 "Sparse attention kernels for long-context retrieval models ">']
    declared += [f'<!ENTITY e{n} "{f"&e{n - 1};" * 10}">' for n in range(1, depth + 1)]
    title = f"&e{depth};" * references
    text = (
        f'<?xml version="1.0" encoding="{DECLARED[encoding]}"?>'
        f"<!DOCTYPE feed [{''.join(declared)}]>{ATOM}<entry>"
        f"<id>http://arxiv.org/abs/{ARXIV_ID}v1</id><title>{title}</title>"
        "<published>2023-01-04T00:00:00Z</published><author><name>Ana Souza</name></author>"
        "</entry></feed>"
    )
    return text.encode(encoding)


def world_with(feed: bytes) -> ScholarlyWorld:
    world = ScholarlyWorld().start()
    world.add_arxiv(arxiv(ARXIV_ID, [("2023-01-04T00:00:00Z", TITLE)], ["Ana Souza"]))
    world.garble("arxiv_api", feed, content_type="application/atom+xml", times=None)
    return world


def session_for(tmp_path: Path, world: ScholarlyWorld) -> Path:
    session = make_session(tmp_path)
    passport(session / "passport.yaml", entry("ax", TITLE, ["Souza"], 2023, arxiv_id=ARXIV_ID))
    world.write_config(session / "ars-docs.toml")
    return session


def cache_file(session: Path) -> Path:
    return session.parent / "home" / "cache" / "lookup.sqlite3"


def lookup(session: Path, *extra: str) -> Run:
    """``lookup`` as a real process with the cache on, bounded: 30 s, 1 GiB, 20 s of CPU."""
    return ars(session, "lookup", "--passport", "passport.yaml", "--format", "json", *extra,
               env=CACHE_ON, timeout=30, memory_limit=1024 * MB, cpu_limit=20)  # fmt: skip


def arxiv_answer(run_out: bytes) -> dict[str, object]:
    (result,) = json.loads(run_out)["entries"]
    (answer,) = [a for a in result["evidence"]["answers"] if a["service"] == "arxiv"]
    return {"status": result["status"], **answer}


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-16-le", "utf-16-be"])
def test_a_dtd_in_any_encoding_is_a_failed_arxiv_answer(tmp_path: Path, encoding: str) -> None:
    feed = entity_feed(encoding)
    if encoding != "utf-16":  # no BOM: expat knows the encoding from the first bytes
        assert not feed.startswith((b"\xff\xfe", b"\xfe\xff"))
    world = world_with(feed)
    try:
        session = session_for(tmp_path, world)
        before = (session / "passport.yaml").read_bytes()
        run = lookup(session, "--dry-run")
        assert run.code == 75, run.err  # unreachable: ask again later
        assert "Traceback" not in run.err
        answer = arxiv_answer(run.out)
        assert answer["status"] == "unreachable"
        assert "declares a DTD or entities; refused" in str(answer), answer
        assert (session / "passport.yaml").read_bytes() == before
        assert not cache_file(session).exists()  # a dry run writes no cache

        run = lookup(session)
        assert run.code == 75, run.err
        assert b"long-context retrieval models long-context" not in run.out
        assert (session / "passport.yaml").read_bytes() == before  # nothing over nothing
        with sqlite3.connect(cache_file(session)) as db:
            urls = [url for (url,) in db.execute("SELECT url FROM responses")]
        assert not [u for u in urls if "/arxiv_api/" in u], urls  # the refused feed: not kept
    finally:
        world.close()


def test_the_feed_that_parses_is_still_found_and_cached(tmp_path: Path) -> None:
    with ScholarlyWorld() as world:
        world.add_arxiv(arxiv(ARXIV_ID, [("2023-01-04T00:00:00Z", TITLE)], ["Ana Souza"]))
        session = session_for(tmp_path, world)
        run = lookup(session)
        assert run.code == 0, run.err
        assert arxiv_answer(run.out)["status"] == "found"
        with sqlite3.connect(cache_file(session)) as db:
            urls = [url for (url,) in db.execute("SELECT url FROM responses")]
        assert [u for u in urls if "/arxiv_api/" in u], urls


def test_a_utf16_entity_bomb_is_refused_before_it_grows(tmp_path: Path) -> None:
    # 2.3 MB of UTF-16 that expat's own amplification limit lets through: expanded, a
    # 177-million-character title (ElementTree before issue 38: 554 MB peak, 1.1 s).
    feed = entity_feed("utf-16", depth=1, references=300_000)
    assert 2 * MB < len(feed) < 3 * MB
    world = world_with(feed)
    try:
        session = session_for(tmp_path, world)
        before = (session / "passport.yaml").read_bytes()
        run = lookup(session, "--dry-run")
        assert run.code == 75, run.err
        assert "declares a DTD or entities; refused" in str(arxiv_answer(run.out))
        run.within_bomb_bounds()
        assert run.peak_bytes < 200 * MB, run.peak_bytes / MB
        assert (session / "passport.yaml").read_bytes() == before
    finally:
        world.close()
