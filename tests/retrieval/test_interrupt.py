"""Interruption (issue 15 §2): Ctrl-C or SIGTERM during a download stops the run
within about ``GRACE`` seconds, says what it was waiting for, logs what finished,
and leaves no file the attempt log cannot explain. Real processes, local server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ars_docs.retrieval import read_attempt_log
from tests.support.retrieval import (
    Reply,
    World,
    config_toml,
    entry_yaml,
    passport_yaml,
    pdf,
    redirect,
)

TITLE = "Signals of quality in doctoral supervision"
PEOPLE = [{"family": "Nakamura", "given": "Aiko"}]


@pytest.fixture
def world() -> Iterator[World]:
    with World() as w:
        yield w


@pytest.fixture
def slow_host() -> Iterator[World]:
    """Another host (port): requests to one host are never parallel."""
    with World() as w:
        w.route("/stuck", Reply(200, b"never in time", delay=30))
        yield w


def start(tmp_path: Path, world: World, slow_host: World) -> subprocess.Popen[str]:
    world.route("/doi/10.5555/fast", redirect(world.url("/files/fast.pdf")))
    world.route("/files/fast.pdf", pdf([TITLE, "Aiko Nakamura", "Abstract"]))
    world.route("/doi/10.5555/stuck", redirect(slow_host.url("/stuck")))
    passport = tmp_path / "passport.yaml"
    passport.write_text(
        passport_yaml(
            entry_yaml("fast1", TITLE, PEOPLE, doi="10.5555/fast", type="article-journal"),
            entry_yaml("stuck1", "A slow paper", PEOPLE, doi="10.5555/stuck"),
        ),
        encoding="utf-8",
    )
    (tmp_path / "ars-docs.toml").write_text(
        config_toml(world, timeout=60, concurrency=2), encoding="utf-8"
    )
    env = {**os.environ, "ARS_DOCS_NO_CACHE": "1", "PYTHONUNBUFFERED": "1"}
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        env.pop(name, None)
    process = subprocess.Popen(
        [sys.executable, "-m", "ars_docs", "retrieve", "--passport", str(passport)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    deadline = time.monotonic() + 20
    while slow_host.hits("/stuck") == 0 or not (tmp_path / "sources").exists():
        assert time.monotonic() < deadline, "the run never reached the slow request"
        time.sleep(0.05)
    time.sleep(0.3)  # let the finished entry be logged
    return process


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interruption_stops_a_stuck_download_at_once(
    tmp_path: Path, world: World, slow_host: World, signum: int
) -> None:
    process = start(tmp_path, world, slow_host)
    sent = time.monotonic()
    process.send_signal(signum)
    _out, err = process.communicate(timeout=20)
    stopped_after = time.monotonic() - sent
    assert process.returncode == 130, err
    assert stopped_after < 15  # the server would hold the request for 30 s
    assert "interrupted; stopping 1 running entry" in err
    assert "waiting for " + slow_host.url("/stuck") in err
    assert "run the same command again" in err
    log = read_attempt_log(tmp_path / "passport_retrieval_log.jsonl")
    saved = [r for r in log if r["event"] == "saving"]
    assert [r["path"] for r in saved] == ["sources/fast1.pdf"]
    assert any(r["event"] == "acquired" and r["refcode"] == "fast1" for r in log)
    assert sorted(p.name for p in (tmp_path / "sources").iterdir()) == ["fast1.pdf"]


def test_a_second_ctrl_c_still_logs_what_finished(
    tmp_path: Path, world: World, slow_host: World
) -> None:
    process = start(tmp_path, world, slow_host)
    process.send_signal(signal.SIGINT)
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=20)
    assert process.returncode == 130, err
    log = read_attempt_log(tmp_path / "passport_retrieval_log.jsonl")
    assert any(r["event"] == "acquired" and r["refcode"] == "fast1" for r in log)
    assert "Traceback" not in err
