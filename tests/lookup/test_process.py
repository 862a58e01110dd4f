"""``ars-docs lookup`` as a real process: interrupted, killed, and behind a proxy.

The services are the simulated scholarly web on 127.0.0.1; the command runs as
a user runs it (``python -m ars_docs``), so signals, exit codes and the
environment (``HTTP_PROXY``) are the real ones.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ars_docs.session.corpus import load_corpus
from tests.support.lookup import crossref, entry, openalex, passport
from tests.support.scholarly_world import ScholarlyWorld

COUNT = 12


def title(n: int) -> str:
    return f"Quality work in higher education, case {n}: what the panels saw"


@pytest.fixture
def slow_world(tmp_path: Path) -> Iterator[ScholarlyWorld]:
    with ScholarlyWorld() as world:
        for n in range(COUNT):
            doi = f"10.5555/slow.{n}"
            world.add_crossref(crossref(doi, title(n), [("Ana", "Silva")], 2020))
            world.add_openalex(openalex(f"W{n}", title(n), ["Ana Silva"], 2020, doi=doi))
        world.delay("crossref", 0.4, times=None)
        world.write_config(tmp_path / "ars-docs.toml", concurrency=1)
        yield world


def start(path: Path, cache: Path, **env: str) -> subprocess.Popen[str]:
    environment = dict(os.environ, ARS_DOCS_CACHE_DIR=str(cache), **env)
    environment.pop("ARS_PASSPORT", None)
    return subprocess.Popen(
        [sys.executable, "-m", "ars_docs", "lookup", "--passport", str(path)],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(world: ScholarlyWorld, service: str, count: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while world.count(service) < count:
        assert time.monotonic() < deadline, f"only {world.count(service)} requests"
        time.sleep(0.05)


def the_passport(tmp_path: Path) -> Path:
    return passport(
        tmp_path / "passport.yaml",
        *(entry(f"e{n}", title(n), ["Silva"], 2020, doi=f"10.5555/slow.{n}") for n in range(COUNT)),
    )


def test_sigterm_writes_what_finished_and_a_rerun_completes_without_asking_twice(
    slow_world: ScholarlyWorld, tmp_path: Path
) -> None:
    path = the_passport(tmp_path)
    process = start(path, tmp_path / "cache")
    wait_for(slow_world, "crossref", 4)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert "lookup interrupted" in err and "run the same command again" in err
    written = {
        k for k, e in load_corpus(path, use_cache=False).entries.items() if "lookup" in e.data
    }
    assert 2 <= len(written) < COUNT  # finished entries are in the passport, the rest not
    rerun = start(path, tmp_path / "cache")
    _, err = rerun.communicate(timeout=60)
    assert rerun.returncode == 0, err
    corpus = load_corpus(path, use_cache=False)
    assert all(e.data["lookup"]["status"] == "found" for e in corpus.entries.values())
    # Nothing answered was asked twice; only the request cut off in flight was (one worker).
    assert len(slow_world.repeated()) <= 1, slow_world.repeated()


def test_sigkill_leaves_the_passport_whole_and_the_answers_cached(
    slow_world: ScholarlyWorld, tmp_path: Path
) -> None:
    path = the_passport(tmp_path)
    before = path.read_bytes()
    process = start(path, tmp_path / "cache")
    wait_for(slow_world, "crossref", 3)
    process.kill()
    process.communicate(timeout=30)
    after = path.read_bytes()
    if after != before:  # never half-written: whatever is there parses, every entry whole
        corpus = load_corpus(path, use_cache=False)
        assert len(corpus) == COUNT and not corpus.diagnostics
    asked = slow_world.count()
    rerun = start(path, tmp_path / "cache")
    _, err = rerun.communicate(timeout=60)
    assert rerun.returncode == 0, err
    # Only the request the kill cut off in flight is asked again (one worker).
    assert len(slow_world.repeated()) <= 1, slow_world.repeated()
    assert slow_world.count() - asked <= 2 * COUNT - 2  # the killed run's answers were reused
    assert all("lookup" in e.data for e in load_corpus(path, use_cache=False).entries.values())


def test_the_services_are_reached_through_http_proxy(tmp_path: Path) -> None:
    with ScholarlyWorld() as world:
        doi = "10.5555/proxied.1"
        world.add_crossref(crossref(doi, title(1), [("Ana", "Silva")], 2020))
        world.add_openalex(openalex("W1", title(1), ["Ana Silva"], 2020, doi=doi))
        # Every endpoint on a host that does not resolve: only the proxy can reach them.
        endpoints = {name: f"http://registry.invalid/{name}" for name in world.endpoints()}
        world.write_config(tmp_path / "ars-docs.toml", endpoints=endpoints)
        path = passport(tmp_path / "p.yaml", entry("a", title(1), ["Silva"], 2020, doi=doi))
        process = start(path, tmp_path / "cache", HTTP_PROXY=world.base, NO_PROXY="")
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0, out + err
        assert world.count("crossref") == 1
        assert world.requests("crossref")[0].raw_path.startswith("http://registry.invalid/")
