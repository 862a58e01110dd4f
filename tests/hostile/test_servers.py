"""A hostile registry (issue 38 §2-4): the real CLI against raw-socket servers on 127.0.0.1.

Each run is ``ars-docs lookup`` or ``ars-docs retrieve`` as a real process with
an address-space and CPU limit, against a server that sends a stacked gzip
bomb, trickles its headers, or redirects into the machine's own network in
another spelling. Each checks the exit code, what the run says about the
answer, and that the passport and the caches hold nothing from the server.
"""

from __future__ import annotations

import json
import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.support.hostile import MB, Run, ars
from tests.support.raw_http import PASSPORT, RawServer, gzip_bomb, head, server_session, trickle

LIMIT = 1500 * MB  # address space: Python, httpx and a few threads fit well inside it
API_CAP = 16_000_000  # lookup's answer cap (docs/lookup.md)
BOMB = gzip_bomb(1 << 30)  # 1 GiB of zeros gzipped twice: about 13 KB on the wire


def stored_answers(home: Path) -> list[tuple[str, int]]:
    """(URL, status) of the answers kept in the caches under ``home``: the lookup cache's
    rows and the retrieval cache's entries (URL unknown: ``""``)."""
    found: list[tuple[str, int]] = []
    for db in home.rglob("lookup.sqlite3"):
        with sqlite3.connect(db) as conn:
            found += conn.execute("select url, status from responses").fetchall()
    found += [("", 0) for p in home.rglob("*") if p.is_file() and "retrieval" in p.parts]
    return found


def run(tmp_path: Path, server: RawServer, command: str, **settings: Any) -> tuple[Run, Path]:
    session = tmp_path / "session"
    passport = server_session(session, server.base, **settings)
    argv = [command, "--passport", "passport.yaml", "--format", "json"]
    done = ars(
        session, *argv, timeout=120, env={"ARS_DOCS_NO_CACHE": "0"},
        memory_limit=LIMIT, cpu_limit=60,
    )  # fmt: skip
    assert "Traceback" not in done.err, done.err[-2000:]
    # What the server sent is never kept, but a redirect is an answer of its own: kept,
    # and refused again when read back.
    kept = stored_answers(session.parent / "home")
    assert all(url.startswith(server.base) and status == 302 for url, status in kept), kept
    return done, passport


def lookup_details(done: Run) -> list[str]:
    report = json.loads(done.out)
    (entry,) = report["entries"]
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("outcome") == "failed" and isinstance(node.get("detail"), str):
                found.append(node["detail"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(entry)
    return found


def retrieve_details(done: Run) -> list[tuple[str, str]]:
    report = json.loads(done.out)
    return [
        (a["reason"], a["detail"])
        for e in report["entries"]
        for a in e.get("attempts", [])
        if a.get("url") and a.get("reason")
    ]


def lookup_unreachable(done: Run, passport: Path) -> None:
    """Exit 75 (try again later), and the passport is unchanged: an ``unreachable`` verdict
    is never written into an entry that had no record."""
    assert done.code == 75, done.err[-2000:]
    assert passport.read_text(encoding="utf-8") == PASSPORT


# -- §2 stacked content encodings -------------------------------------------------------


def _bomb(conn: socket.socket, _line: str) -> None:
    conn.sendall(
        head(200, content_type="application/json", content_encoding="gzip, gzip",
             content_length=len(BOMB)) + BOMB
    )  # fmt: skip


def test_a_stacked_gzip_bomb_is_cut_at_lookups_cap(tmp_path: Path) -> None:
    with RawServer(_bomb) as server:
        done, passport = run(tmp_path, server, "lookup")
    lookup_unreachable(done, passport)
    details = lookup_details(done)
    assert details and all(f"more than {API_CAP} bytes once decoded" in d for d in details)
    assert done.peak_bytes < 300 * MB and done.seconds < 20, (done.peak_bytes / MB, done.seconds)


def test_a_stacked_gzip_bomb_is_cut_at_retrieves_cap(tmp_path: Path) -> None:
    with RawServer(_bomb) as server:
        done, passport = run(tmp_path, server, "retrieve", max_bytes=5_000_000)
    assert done.code == 1  # pending: the ResearchGate handoff, as for any unreachable copy
    assert passport.read_text(encoding="utf-8") == PASSPORT
    reasons = retrieve_details(done)
    assert reasons and {r for r, _ in reasons} == {"too_large"}
    assert all("more than 5000000 bytes" in d for _, d in reasons)
    assert done.peak_bytes < 300 * MB and done.seconds < 20, (done.peak_bytes / MB, done.seconds)


def test_three_stacked_encodings_are_refused_by_name(tmp_path: Path) -> None:
    three = gzip_bomb(1000, layers=3)

    def answer(conn: socket.socket, _line: str) -> None:
        conn.sendall(head(200, content_encoding="gzip, gzip, gzip", content_length=len(three)))
        conn.sendall(three)

    with RawServer(answer) as server:
        done, passport = run(tmp_path, server, "lookup")
    lookup_unreachable(done, passport)
    details = lookup_details(done)
    assert details and all("3 stacked content encodings; at most 2" in d for d in details)


# -- §3 slow headers -------------------------------------------------------------------


def _slow_headers(conn: socket.socket, _line: str) -> None:
    # One header line every 0.4 s for 24 s: every read answers well within `timeout`.
    trickle(conn, [b"HTTP/1.1 200 OK\r\n"] + [b"x-slow: 1\r\n"] * 60 + [b"\r\n"], 0.4)


def test_trickled_headers_end_at_the_answers_deadline(tmp_path: Path) -> None:
    with RawServer(_slow_headers) as server:
        done, passport = run(tmp_path, server, "lookup", download_timeout=1)
        asked = len(server.requests)
    lookup_unreachable(done, passport)
    details = lookup_details(done)
    assert details and all("download took longer than 1 s" in d for d in details)
    # Requests to one host go one at a time: each ends by its 1 s deadline.
    assert done.seconds < asked * 1 + 6, (done.seconds, asked)


# -- §4 redirects into the machine's own network ---------------------------------------


@pytest.mark.parametrize(
    ("spelling", "says"),
    [
        ("0xa9fea9fe", "link-local address 169.254.169.254"),
        ("2852039166", "link-local address 169.254.169.254"),
        ("0251.0376.43518", "link-local address 169.254.169.254"),  # octal, octal, 16 bits
        ("169.254.43518", "link-local address 169.254.169.254"),
        ("[::ffff:a9fe:a9fe]", "link-local address 169.254.169.254"),
        # 127.0.0.2 is not the configured endpoint's address (127.0.0.1): never allowed.
        ("2130706434", "loopback address 127.0.0.2"),
        ("127.2", "loopback address 127.0.0.2"),
        ("0x7f000002", "loopback address 127.0.0.2"),
        ("127.0.0.2.", "loopback address 127.0.0.2"),
        ("[::1]", "loopback address ::1"),
        ("0", "unspecified address 0.0.0.0"),
        ("10.1", "private address 10.0.0.1"),
    ],
)
def test_a_redirect_into_the_machine_is_refused_in_every_spelling(
    tmp_path: Path, spelling: str, says: str
) -> None:
    def answer(conn: socket.socket, _line: str) -> None:
        conn.sendall(head(302, location=f"http://{spelling}:9/latest/meta-data/", content_length=0))

    with RawServer(answer) as server:
        done, passport = run(tmp_path, server, "lookup")
    lookup_unreachable(done, passport)
    details = lookup_details(done)
    assert details and all(says in d and "not followed" in d for d in details), details


def test_a_redirect_to_the_configured_endpoints_address_in_another_spelling_is_followed(
    tmp_path: Path,
) -> None:
    """The allowance is the configured endpoint's address, whatever the spelling."""

    def answer(conn: socket.socket, line: str) -> None:
        if "/moved" in line:
            body = b'{"status": "not here"}'
            conn.sendall(head(503, content_length=len(body)) + body)
            return
        conn.sendall(head(302, location=f"http://2130706433:{port}/moved", content_length=0))

    with RawServer(answer) as server:
        port = server.port
        done, passport = run(tmp_path, server, "lookup")
        moved = [line for line in server.requests if "/moved" in line]
    lookup_unreachable(done, passport)
    assert moved  # followed, and the 503 there is what each service reports
    assert not any("not followed" in d for d in lookup_details(done))
