"""A raw-socket HTTP server on 127.0.0.1 with byte-level control of the answer.

``http.server`` writes its own status line and headers and cannot trickle,
stack encodings oddly or keep a connection half-open; the hostile-server
tests (issue 38) need exactly that. ``RawServer(answer)`` accepts
connections in a thread, reads each request's head and hands the socket and
the request line to ``answer(conn, request_line)``, which writes whatever
bytes it likes. Every request line is logged in ``requests``.
"""

from __future__ import annotations

import contextlib
import gzip
import socket
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path

__all__ = ["PASSPORT", "RawServer", "gzip_bomb", "head", "server_session", "trickle"]

Answer = Callable[[socket.socket, str], None]


class RawServer:
    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.requests: list[str] = []
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(16)
        self.port: int = self._sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> RawServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)
        with contextlib.suppress(OSError):
            self._sock.close()

    def _serve(self) -> None:
        self._sock.settimeout(0.1)  # so that __exit__ is seen at once
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            conn.settimeout(None)
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        with conn:
            try:
                conn.settimeout(30)
                data = b""
                while b"\r\n\r\n" not in data and len(data) < 65536:
                    got = conn.recv(4096)
                    if not got:
                        return
                    data += got
                line = data.split(b"\r\n", 1)[0].decode("latin-1")
                self.requests.append(line)
                self.answer(conn, line)
            except OSError:
                pass  # the client gave up (that is what most of these tests want)


def head(status: int = 200, **headers: str | int) -> bytes:
    """A status line and headers (``content_type=`` becomes ``content-type:``), with
    ``connection: close``: the server answers one request per connection."""
    lines = [f"HTTP/1.1 {status} X"]
    lines += [f"{k.replace('_', '-')}: {v}" for k, v in {"connection": "close", **headers}.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def gzip_bomb(decoded: int, layers: int = 2) -> bytes:
    """``decoded`` zero bytes gzipped ``layers`` times (the outer layer is tiny); built
    a megabyte at a time, so making a 10 GB bomb costs no memory."""
    piece = b"\0" * (1 << 20)
    z = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    out = bytearray()
    left = decoded
    while left > 0:
        n = min(left, len(piece))
        out += z.compress(piece[:n])
        left -= n
    out += z.flush()
    data = bytes(out)
    for _ in range(layers - 1):
        data = gzip.compress(data, 9)
    return data


def trickle(conn: socket.socket, parts: list[bytes], every: float) -> None:
    """Send ``parts`` one at a time, ``every`` seconds apart (stops when the client leaves)."""
    for part in parts:
        conn.sendall(part)
        time.sleep(every)


#: One entry with a DOI, last in the file: a lookup record is appended after it.
PASSPORT = """\
session_id: hostile-server
literature_corpus:
  - citation_key: a2020
    title: A title of a work
    authors: [{family: Author, given: A.}]
    year: 2020
    doi: 10.1234/abc
"""


def server_session(folder: Path, base: str, **settings: float | int) -> Path:
    """``folder`` as a session whose every ``[retrieval.endpoints]`` entry is ``base``
    (one raw server answers for all services); returns the passport."""
    from ars_docs.retrieval.config_keys import ENDPOINT_DEFAULTS

    folder.mkdir(parents=True, exist_ok=True)
    knobs = {"min_interval": 0, "arxiv_min_interval": 0, "timeout": 5, "max_retries": 0,
             "backoff": 0, **settings}  # fmt: skip
    lines = ["[retrieval]", 'contact_email = "researcher@example.org"']
    lines += [f"{k} = {v}" for k, v in knobs.items()]
    lines += ["", "[retrieval.endpoints]"]
    lines += [f'{name} = "{base}/{name}"' for name in ENDPOINT_DEFAULTS]
    (folder / "ars-docs.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    passport = folder / "passport.yaml"
    passport.write_text(PASSPORT, encoding="utf-8")
    return passport


_RUNNING: list[RawServer] = []


def server_bombs(folder: Path) -> list[tuple[str, tuple[str, ...]]]:
    """The issue-38 bombs for ``benchmarks/bench_hostile_inputs.py``: one session folder
    and one raw server each (left running until the process ends); (label, argv). Each
    lookup ends 75 (the entry unreachable); retrieve's bomb is measured in
    ``tests/hostile/test_servers.py`` (it ends 1, the ResearchGate handoff)."""
    bomb = gzip_bomb(1 << 30)

    def stacked(conn: socket.socket, _line: str) -> None:
        conn.sendall(head(200, content_encoding="gzip, gzip", content_length=len(bomb)) + bomb)

    def slow(conn: socket.socket, _line: str) -> None:
        trickle(conn, [b"HTTP/1.1 200 OK\r\n"] + [b"x-slow: 1\r\n"] * 100 + [b"\r\n"], 0.2)

    def away(conn: socket.socket, _line: str) -> None:
        conn.sendall(head(302, location="http://0x7f000002:9/latest/meta-data/", content_length=0))

    found: list[tuple[str, tuple[str, ...]]] = []
    for name, answer, settings, label in (
        ("net-gzip", stacked, {}, "1 GiB gzip,gzip answer (lookup)"),
        ("net-slow", slow, {"download_timeout": 1}, "headers at 5 lines/s (lookup)"),
        ("net-away", away, {}, "redirect to 0x7f000002 (lookup)"),
    ):
        server = RawServer(answer).__enter__()
        _RUNNING.append(server)
        server_session(folder / name, server.base, **settings)
        found.append((label, ("lookup", "--passport", f"{name}/passport.yaml", "--dry-run")))
    return found
