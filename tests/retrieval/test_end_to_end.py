"""Acceptance (issue 15 §3): a realistic run of 33 entries across every channel and
failure, local servers with real response shapes. Every acquisition is the right
document, every pending entry carries the right reason, ResearchGate gets 0
requests, and a SIGKILL at a random instant followed by a rerun leaves no file
the attempt log cannot explain and no duplicate."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ars_docs.retrieval import read_attempt_log
from ars_docs.retrieval.net import transport as retrieval_transport
from ars_docs.session.corpus import load_corpus
from tests.support.e2e_world import Setup, build, passport
from tests.support.retrieval import World, config_toml


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777000000")
    monkeypatch.setenv("ARS_DOCS_NO_CACHE", "1")
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def worlds() -> Iterator[tuple[World, World, Setup]]:
    with World() as world, World() as slow, World() as busy:
        yield world, slow, build(world, slow, busy)


def session(root: Path, world: World, setup: Setup) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    file = root / "passport.yaml"
    file.write_text(passport(setup), encoding="utf-8")
    settings = config_toml(
        world,
        core_api_key="e2e-core-key",
        timeout=0.5,
        max_wait=5,
        max_bytes=100_000,
        concurrency=4,
        author_homepages=setup.author_homepages,
    )
    (root / "ars-docs.toml").write_text(settings, encoding="utf-8")
    (root / "sources").mkdir(exist_ok=True)
    for key, body in setup.local_files.items():
        (root / "sources" / f"{key}.pdf").write_bytes(body)
    return file


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_every_entry_ends_as_it_must(
    tmp_path: Path, worlds: tuple[World, World, Setup], cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    world, _slow, setup = worlds
    assert len(setup.expected) >= 30
    sent: list[str] = []
    original = retrieval_transport.HttpxTransport.send

    def recording(self: Any, url: str, *args: Any, **kwargs: Any) -> Any:
        sent.append(url)
        return original(self, url, *args, **kwargs)

    monkeypatch.setattr(retrieval_transport.HttpxTransport, "send", recording)
    file = session(tmp_path, world, setup)
    result = cli("retrieve", "--passport", file, "--format", "json")
    assert result.code == 1, result.err
    report = {e["citation_key"]: e for e in json.loads(result.out)["entries"]}
    assert set(report) == set(setup.expected)
    for key, expect in setup.expected.items():
        entry = report[key]
        assert entry["status"] == expect.status, (key, entry["detail"], entry["attempts"])
        if expect.status == "acquired":
            assert entry["channel"] == expect.channel, key
            assert expect.body is not None
            assert (tmp_path / entry["path"]).read_bytes() == expect.body, key
            assert entry["match"] in ("exact", "strong"), key
        reasons = {a["reason"] for a in entry["attempts"]}
        for reason in expect.reasons:
            assert reason in reasons, (key, reason, reasons)
        assert bool(entry["candidates"]) == expect.candidate, key
    # ResearchGate: refused before any request, found by CORE or not.
    assert sent and not any("researchgate" in url for url in sent)
    assert all("researchgate" not in seen.path for seen in world.seen)
    # Every file under sources/ was announced in the log before it appeared.
    check_no_unlogged_file(tmp_path)
    log = read_attempt_log(tmp_path / "passport_retrieval_log.jsonl")
    teaser = next(
        r for r in log if r["event"] == "pending_user_action" and r["refcode"] == ("news_teaser")
    )
    assert teaser["candidates"][0]["path"] == "sources/candidates/news_teaser.html"
    assert "news_teaser.html and run" in teaser["instructions"]  # the candidate's own type
    acquired = {k for k, e in setup.expected.items() if e.status == "acquired"}
    assert recorded_keys(file, setup) == acquired


def recorded_keys(file: Path, setup: Setup) -> set[str]:
    corpus = load_corpus(file, use_cache=False)
    entries = {k: corpus.get(k) for k in setup.expected}
    return {k for k, e in entries.items() if e is not None and e.data.get("source_acquired")}


def check_no_unlogged_file(root: Path) -> None:
    log = read_attempt_log(root / "passport_retrieval_log.jsonl")
    announced = {(r["path"], r["sha256"]) for r in log if r["event"] in ("saving", "candidate")}
    user_saved = {"sources/local_file.pdf"}
    for file in sorted((root / "sources").rglob("*")):
        if file.is_dir():
            continue
        relative = file.relative_to(root).as_posix()
        assert not file.name.startswith("."), f"left-over temporary file {relative}"
        if relative in user_saved:
            continue
        assert (relative, sha(file.read_bytes())) in announced, f"unlogged file {relative}"
        stem = file.stem
        assert not stem.endswith("-2"), f"duplicate {relative}"


def test_sigkill_at_a_random_instant_then_rerun(
    tmp_path: Path, worlds: tuple[World, World, Setup], cli
) -> None:
    world, _slow, setup = worlds
    seed = int(os.environ.get("ARS_E2E_SEED", time.time_ns() % 100_000))
    chooser = random.Random(seed)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    acquired = {k for k, e in setup.expected.items() if e.status == "acquired"}
    for round_no in range(2):
        root = tmp_path / f"round{round_no}"
        file = session(root, world, setup)
        process = subprocess.Popen(
            [sys.executable, "-m", "ars_docs", "retrieve", "--passport", str(file)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        instant = chooser.uniform(0.2, 2.5)
        time.sleep(instant)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        where = f"SIGKILL after {instant:.2f} s; repeat with ARS_E2E_SEED={seed}"
        rerun = cli("retrieve", "--passport", file)
        assert rerun.code == 1, (where, rerun.err)
        try:
            check_no_unlogged_file(root)
        except AssertionError as exc:
            raise AssertionError(f"{exc} ({where})") from exc
        assert recorded_keys(file, setup) == acquired, where
        for key in acquired:
            files = list((root / "sources").glob(f"{key}.*")) + list(
                (root / "sources").glob(f"{key}-*")
            )
            assert len(files) == 1, (key, files, where)
            assert files[0].read_bytes() == setup.expected[key].body, key
