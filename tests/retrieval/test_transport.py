"""``HttpxTransport`` at the edges of its bounds (issue 38), against raw servers on 127.0.0.1.

Each number of ``docs/hostile-input.md`` § Hostile servers is tried just
inside and just outside: the answer cap on decoded bytes, the number of
stacked encodings, the one deadline for connect + headers + body, and the
address a redirect hop may connect to.
"""

from __future__ import annotations

import gzip
import socket
import time
import zlib
from ipaddress import ip_address

import pytest

from ars_docs.retrieval.net.addresses import literal, only_public, public
from ars_docs.retrieval.net.decoding import MAX_ENCODINGS, PIECE, BodyDecoder
from ars_docs.retrieval.net.http import PoliteHttp, Politeness
from ars_docs.retrieval.net.transport import (
    BlockedHost,
    BodyTooLarge,
    HttpxTransport,
    TransportError,
    TransportTimeout,
)
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.types import FetchFailure
from tests.support.raw_http import RawServer, head, trickle

BODY = bytes(range(256)) * 40  # 10,240 bytes that do not compress to nothing


def encoded(data: bytes, names: list[str]) -> bytes:
    for name in names:
        if name == "gzip":
            data = gzip.compress(data)
        elif name == "deflate":
            data = zlib.compress(data)
        elif name == "raw-deflate":
            z = zlib.compressobj(wbits=-zlib.MAX_WBITS)
            data = z.compress(data) + z.flush()
    return data


def serve(body: bytes, encoding: str) -> RawServer:
    def answer(conn: socket.socket, _line: str) -> None:
        conn.sendall(head(200, content_encoding=encoding, content_length=len(body)) + body)

    return RawServer(answer)


def get(server: RawServer, *, max_bytes: int = 1_000_000, deadline: float = 10) -> bytes:
    transport = HttpxTransport()
    try:
        raw = transport.send(
            server.base + "/x", {}, timeout=5, deadline=deadline, max_bytes=max_bytes
        )
    finally:
        transport.close()
    return raw.body


# -- the answer cap holds on decoded bytes -------------------------------------------------


@pytest.mark.parametrize("names", [["gzip"], ["gzip", "gzip"], ["deflate"], ["raw-deflate"]])
def test_a_body_decoded_to_exactly_the_cap_passes_one_byte_more_is_refused(
    names: list[str],
) -> None:
    header = ", ".join("deflate" if n == "raw-deflate" else n for n in names)
    with serve(encoded(BODY, names), header) as server:
        assert get(server, max_bytes=len(BODY)) == BODY
        with pytest.raises(BodyTooLarge, match="once decoded"):
            get(server, max_bytes=len(BODY) - 1)


def test_at_most_two_stacked_encodings_are_decoded() -> None:
    assert MAX_ENCODINGS == 2
    two = ", ".join(["gzip"] * MAX_ENCODINGS)
    with serve(encoded(BODY, ["gzip"] * MAX_ENCODINGS), two) as server:
        assert get(server) == BODY
    three = ", ".join(["gzip"] * (MAX_ENCODINGS + 1))
    with (
        serve(encoded(BODY, ["gzip"] * 3), three) as server,
        pytest.raises(TransportError, match="3 stacked content encodings; at most 2"),
    ):
        get(server)


@pytest.mark.parametrize("encoding", ["br", "zstd", "compress", "gzip, br"])
def test_an_encoding_not_asked_for_is_refused_by_name(encoding: str) -> None:
    with (
        serve(b"\x00" * 100, encoding) as server,
        pytest.raises(TransportError, match="is not one ars-docs decodes"),
    ):
        get(server)


def test_identity_and_x_gzip_are_read() -> None:
    with serve(BODY, "identity") as server:
        assert get(server) == BODY
    with serve(gzip.compress(BODY), "x-gzip") as server:
        assert get(server) == BODY


def test_the_decoder_never_hands_out_more_than_a_piece_at_a_time() -> None:
    bomb = encoded(b"\0" * (50 * PIECE), ["gzip", "gzip"])
    pieces = list(BodyDecoder("gzip, gzip").feed(bomb))
    assert max(len(p) for p in pieces) <= PIECE
    assert sum(len(p) for p in pieces) == 50 * PIECE


def test_the_request_asks_only_for_what_is_decoded() -> None:
    seen: list[bytes] = []

    def answer(conn: socket.socket, _line: str) -> None:
        conn.sendall(head(200, content_length=0))

    with RawServer(answer) as server:
        original = server._one

        def spy(conn: socket.socket) -> None:
            seen.append(conn.recv(4096, socket.MSG_PEEK))
            original(conn)

        server._one = spy  # type: ignore[method-assign]
        get(server)
    assert b"accept-encoding: gzip, deflate\r\n" in seen[0].lower()


# -- one deadline for connect, headers and body --------------------------------------------


def _headers_over(seconds: float, lines: int = 10) -> RawServer:
    every = seconds / lines

    def answer(conn: socket.socket, _line: str) -> None:
        parts = [b"HTTP/1.1 200 OK\r\n"] + [b"x-slow: 1\r\n"] * (lines - 1)
        trickle(conn, parts, every)
        conn.sendall(b"content-length: 2\r\nconnection: close\r\n\r\nok")

    return RawServer(answer)


def test_headers_trickled_within_the_deadline_are_read() -> None:
    with _headers_over(0.6) as server:
        assert get(server, deadline=1.5) == b"ok"


def test_headers_trickled_past_the_deadline_end_at_it() -> None:
    with _headers_over(4.0) as server:
        started = time.monotonic()
        with pytest.raises(TransportTimeout, match="download took longer than 1 s"):
            get(server, deadline=1.0)
        took = time.monotonic() - started
    assert 0.9 <= took < 1.6, took


def test_a_trickled_body_ends_at_the_same_deadline() -> None:
    def answer(conn: socket.socket, _line: str) -> None:
        conn.sendall(head(200, content_length=100))
        trickle(conn, [b"x"] * 100, 0.05)

    with RawServer(answer) as server:
        started = time.monotonic()
        with pytest.raises(TransportTimeout, match="download took longer"):
            get(server, deadline=1.0)
        assert time.monotonic() - started < 1.6


# -- the address a redirect hop connects to --------------------------------------------------


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("0X7F000001", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("127.0.1", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("127.0.0.1.", "127.0.0.1"),
        ("0xa9fea9fe", "169.254.169.254"),
        ("2852039166", "169.254.169.254"),
        ("[::ffff:127.0.0.1]", "::ffff:7f00:1"),
        ("0", "0.0.0.0"),
        ("example.org", None),
        ("256.1.1.1", None),
        ("1.2.3.4.5", None),
        ("08.0.0.1", None),  # not octal: inet_aton refuses it, so does this
        ("127.0.0.1 x", None),
    ],
)
def test_a_host_is_read_as_the_c_resolver_reads_it(host: str, address: str | None) -> None:
    found = literal(host)
    assert (str(found) if found is not None else None) == address


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "10.0.0.1", "169.254.169.254", "100.64.0.1", "224.0.0.1", "0.0.0.0",
     "::1", "fe80::1", "fc00::1", "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "2002:7f00:1::1",
     "255.255.255.255"],
)  # fmt: skip
def test_no_private_address_is_public_in_any_wrapping(address: str) -> None:
    assert not public(ip_address(address))


def test_public_addresses_are_public() -> None:
    assert public(ip_address("8.8.8.8")) and public(ip_address("2606:4700::1111"))


def _ok(conn: socket.socket, _line: str) -> None:
    conn.sendall(head(200, content_length=2) + b"ok")


def test_a_guarded_hop_to_a_name_for_a_loopback_address_is_refused_at_connect() -> None:
    with RawServer(_ok) as server, only_public(frozenset()):
        transport = HttpxTransport()
        try:
            with pytest.raises(BlockedHost, match=r"loopback address 127\.0\.0\.1"):
                transport.send(
                    f"http://localhost:{server.port}/", {}, timeout=5, deadline=5, max_bytes=10
                )
        finally:
            transport.close()
        assert server.requests == []


def test_a_guarded_hop_may_reach_an_allowed_address_and_unguarded_requests_anything() -> None:
    with RawServer(_ok) as server:
        url = f"http://localhost:{server.port}/"
        transport = HttpxTransport()
        try:
            with only_public(frozenset({ip_address("127.0.0.1")})):
                assert transport.send(url, {}, timeout=5, deadline=5, max_bytes=10).body == b"ok"
            assert transport.send(url, {}, timeout=5, deadline=5, max_bytes=10).body == b"ok"
        finally:
            transport.close()


def test_through_a_proxy_the_deadline_holds_too(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    with _headers_over(4.0) as proxy:
        monkeypatch.setenv("HTTP_PROXY", proxy.base)
        started = time.monotonic()
        with pytest.raises(TransportTimeout, match="download took longer than 1 s"):
            transport = HttpxTransport()
            try:
                transport.send("http://registry.invalid/x", {}, timeout=5, deadline=1.0,
                               max_bytes=10)  # fmt: skip
            finally:
                transport.close()
        assert time.monotonic() - started < 1.6
        assert proxy.requests and "registry.invalid" in proxy.requests[0]


def test_a_redirect_to_a_name_for_this_machine_is_refused_where_it_connects() -> None:
    """The whole chain: PoliteHttp over the real transport; the name is not judged by
    spelling (it is no ``localhost``) but by the address it resolves to."""
    name = socket.gethostname()
    try:
        resolved = {info[4][0] for info in socket.getaddrinfo(name, 80, type=socket.SOCK_STREAM)}
    except OSError:
        pytest.skip(f"{name} does not resolve here")
    if not resolved or not all(ip_address(a).is_loopback for a in resolved):
        pytest.skip(f"{name} is not a loopback name here ({resolved})")
    with RawServer(_ok) as target:

        def away(conn: socket.socket, _line: str) -> None:
            conn.sendall(head(302, location=f"http://{name}:{target.port}/", content_length=0))

        with RawServer(away) as start:
            http = PoliteHttp(HttpxTransport(), Politeness(user_agent="test", min_interval=0))
            try:
                with pytest.raises(FetchFailure) as raised:
                    http.get(start.base + "/a")
            finally:
                http.close()
        assert raised.value.reason is Reason.BLOCKED_HOST
        assert "loopback address" in raised.value.detail and target.requests == []
