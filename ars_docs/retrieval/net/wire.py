"""The sockets under ``HttpxTransport``: one deadline per answer, and the address judged
at connect time (issue 38 §3 and §4).

httpx's timeouts are per socket operation, so a server sending one header
line a second never trips them. ``GuardedBackend`` is the httpcore network
backend ``HttpxTransport`` installs: every connect, TLS handshake, read and
write of a request is given at most the time left before the answer's
deadline, and past it raises ``DeadlinePassed`` — so connect + headers +
body share one wall-clock budget (``download_timeout``).

It also resolves the host itself and judges the addresses the connection
will actually use: while a redirect hop is being fetched
(``addresses.only_public``),
a host that resolves to a non-public address outside the allowance is
refused (``AddressRefused``) before a byte is sent, and the socket goes to
the address that was judged, so a second lookup cannot answer differently.

httpx performs a synchronous request in the calling thread, so the
exchange's deadline and guard are thread-local.
"""

from __future__ import annotations

import contextlib
import socket
import ssl
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import httpcore

from ars_docs.retrieval.net.addresses import allowance, describe, public, resolve, unwrap

__all__ = ["AddressRefused", "DeadlinePassed", "GuardedBackend", "exchange"]


class DeadlinePassed(Exception):
    """The answer's whole-exchange deadline passed during a socket operation."""


class AddressRefused(Exception):
    """A redirect hop's host resolves only to addresses it may not reach."""


@dataclass
class _Exchange:
    deadline: float | None = None
    """``time.monotonic()`` by which the answer must be complete."""


_local = threading.local()


def _current() -> _Exchange:
    found: _Exchange | None = getattr(_local, "exchange", None)
    if found is None:
        found = _local.exchange = _Exchange()
    return found


@contextlib.contextmanager
def exchange(deadline: float) -> Iterator[None]:
    """Socket operations of this thread end by ``deadline`` (monotonic) inside the block."""
    state = _current()
    before, state.deadline = state.deadline, deadline
    try:
        yield
    finally:
        state.deadline = before


def _left(timeout: float | None) -> float | None:
    """The socket timeout for the next operation: ``timeout``, at most what is left."""
    deadline = _current().deadline
    if deadline is None:
        return timeout
    left = deadline - time.monotonic()
    if left <= 0:
        raise DeadlinePassed("the answer's deadline passed")
    return left if timeout is None else min(timeout, left)


def _late() -> bool:
    deadline = _current().deadline
    return deadline is not None and time.monotonic() >= deadline


class _Stream(httpcore.NetworkStream):
    """An httpcore stream whose every operation ends by the exchange's deadline."""

    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        try:
            return self._inner.read(max_bytes, _left(timeout))
        except httpcore.ReadTimeout as exc:
            if _late():
                raise DeadlinePassed("the answer's deadline passed while reading") from exc
            raise

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        try:
            self._inner.write(buffer, _left(timeout))
        except httpcore.WriteTimeout as exc:
            if _late():
                raise DeadlinePassed("the answer's deadline passed while sending") from exc
            raise

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        left = _left(timeout)
        # A handshake is many reads under one socket timeout; a watchdog shuts the socket
        # at the deadline so a trickling handshake cannot outlast it either.
        sock = self._inner.get_extra_info("socket")
        watchdog = None
        if left is not None and sock is not None:
            watchdog = threading.Timer(left, _shut, (sock,))
            watchdog.daemon = True
            watchdog.start()
        try:
            return _Stream(self._inner.start_tls(ssl_context, server_hostname, left))
        except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
            if _late():
                raise DeadlinePassed("the answer's deadline passed during TLS") from exc
            raise
        finally:
            if watchdog is not None:
                watchdog.cancel()

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


class GuardedBackend(httpcore.NetworkBackend):
    """httpcore's synchronous backend, with the deadline and (``judge``) the address
    guard; to a proxy only the deadline applies — the proxy resolves the target, and
    its own address (often 127.0.0.1) is the user's choice."""

    def __init__(self, *, judge: bool = True) -> None:
        self._inner = httpcore.SyncBackend()
        self._judge = judge

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        left = _left(timeout)
        try:
            addresses = resolve(host, port, left if left is not None else 30.0)
        except TimeoutError as exc:
            if _late():
                raise DeadlinePassed(str(exc)) from exc
            raise httpcore.ConnectTimeout(str(exc)) from exc
        except OSError as exc:
            raise httpcore.ConnectError(str(exc)) from exc
        allowed = allowance() if self._judge else None
        if allowed is not None:
            usable = [a for a in addresses if public(a) or unwrap(a) in allowed]
            if not usable:
                refused = addresses[0]
                raise AddressRefused(
                    f"{host} is the {describe(refused)} address {unwrap(refused)}, "
                    "which a redirect may not lead to; not followed"
                )
            addresses = usable
        problem: Exception | None = None
        for address in addresses:  # each judged address in turn, as create_connection would
            try:
                stream = self._inner.connect_tcp(
                    str(address), port, _left(timeout), local_address, socket_options
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                if _late():
                    raise DeadlinePassed("the answer's deadline passed while connecting") from exc
                problem = exc
                continue
            return _Stream(stream)
        assert problem is not None
        raise problem

    def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        raise httpcore.ConnectError("unix sockets are not used by ars-docs")

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)
