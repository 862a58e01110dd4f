"""The network under the polite HTTP layer (§3.5): one GET, nothing else.

``BaseTransport`` is the pluggable part (one method, ``send``; tests inject
fakes). ``HttpxTransport`` sends through one shared ``httpx.Client`` without
following redirects (``PoliteHttp`` follows them, hop by hop), streams the
body with a size cap and an overall deadline, and — like ``PoliteHttp``
before it — refuses ResearchGate hosts, so not even a direct caller of the
transport can reach them (§3.5 firm rule 3, F-007).
"""

from __future__ import annotations

import abc
import contextlib
import threading
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from ars_docs.retrieval.net.decoding import ACCEPT_ENCODING, BodyDecoder, EncodingRefused
from ars_docs.retrieval.reasons import RESEARCHGATE_HOST
from ars_docs.retrieval.types import RawResponse

__all__ = [
    "BaseTransport",
    "BlockedHost",
    "BodyTooLarge",
    "HttpxTransport",
    "TransportError",
    "TransportTimeout",
    "UndecodableBody",
    "is_blocked_host",
]


def is_blocked_host(host: str) -> bool:
    """ResearchGate or any of its subdomains (case, trailing dot and IDNA tolerant)."""
    name = host.strip().rstrip(".").lower()
    with contextlib.suppress(UnicodeError):  # not IDNA-encodable: compare as written
        name = name.encode("idna").decode("ascii").lower()
    return name == RESEARCHGATE_HOST or name.endswith("." + RESEARCHGATE_HOST)


class TransportTimeout(Exception):
    """No answer in time."""


class TransportError(Exception):
    """DNS, connection, TLS or protocol failure."""


class BodyTooLarge(Exception):
    """The body exceeded the size limit."""


class UndecodableBody(TransportError):
    """A ``Content-Encoding`` not asked for, too many stacked, or a body that is not what
    it says: a bad answer from a host that did answer (it is not written off)."""


class BlockedHost(TransportError):
    """A ResearchGate URL reached the transport; refused, nothing sent."""


class BaseTransport(abc.ABC):
    """Sends one GET and returns the raw answer; never follows redirects."""

    @abc.abstractmethod
    def send(
        self,
        url: str,
        headers: Mapping[str, str],
        *,
        timeout: float,
        deadline: float,
        max_bytes: int,
    ) -> RawResponse:
        """One request; raises ``TransportError`` subclasses for network problems."""

    def close(self) -> None:  # noqa: B027 - optional hook, a no-op for most fakes
        """Release connections (nothing to do for most fakes)."""

    def cancel(self) -> None:  # noqa: B027 - optional hook, a no-op for most fakes
        """Stop bodies being received now (Ctrl-C); later sends may fail."""


def _install(transport: Any, backend: Any, *, required: bool = True) -> None:
    pool = getattr(transport, "_pool", None)
    if pool is None or not hasattr(pool, "_network_backend"):
        if not required:  # a proxy transport of another kind: per-body deadline only
            return
        raise TransportError("this httpx version cannot take ars-docs' network guard")
    pool._network_backend = backend


class HttpxTransport(BaseTransport):
    """The real network, through one shared ``httpx.Client`` (thread-safe), set up on the
    first request: a run answered from the cache (or refused before asking anything)
    never pays for importing httpx."""

    def __init__(self) -> None:
        self._client: Any = None
        self._lock = threading.Lock()
        self._cancel = threading.Event()

    def _connected(self) -> Any:
        with self._lock:
            if self._client is None:
                import httpx

                from ars_docs.retrieval.net.wire import GuardedBackend

                client = httpx.Client(follow_redirects=False)
                # Our backend (deadline, address guard) goes under httpx's connection pools:
                # httpx offers no argument for it, so each pool is given it before its first
                # connection. Through a proxy (HTTP(S)_PROXY) only the deadline applies.
                direct = getattr(client, "_transport", None)
                _install(direct, GuardedBackend())
                for mounted in getattr(client, "_mounts", {}).values():
                    if mounted is not None and mounted is not direct:
                        _install(mounted, GuardedBackend(judge=False), required=False)
                self._client = client
            return self._client

    def cancel(self) -> None:
        self._cancel.set()

    def send(
        self,
        url: str,
        headers: Mapping[str, str],
        *,
        timeout: float,
        deadline: float,
        max_bytes: int,
    ) -> RawResponse:
        host = urlsplit(url).hostname or ""
        if is_blocked_host(host):
            raise BlockedHost(f"refused to contact {host}: ResearchGate is a human handoff")
        client = self._connected()
        import httpx

        from ars_docs.retrieval.net.wire import AddressRefused, DeadlinePassed, exchange

        late = f"download took longer than {deadline:g} s (connect, headers and body)"
        asked = {**dict(headers), "accept-encoding": ACCEPT_ENCODING}
        started = time.monotonic()
        try:
            with (
                exchange(started + deadline),
                client.stream("GET", url, headers=asked, timeout=httpx.Timeout(timeout)) as answer,
            ):
                return self._receive(answer, max_bytes, started + deadline, late)
        except DeadlinePassed as exc:
            raise TransportTimeout(late) from exc
        except AddressRefused as exc:
            raise BlockedHost(str(exc)) from exc
        except EncodingRefused as exc:
            raise UndecodableBody(str(exc)) from exc
        except httpx.TimeoutException as exc:
            raise TransportTimeout(f"{type(exc).__name__} after {timeout:g} s") from exc
        except (httpx.TransportError, httpx.DecodingError, httpx.InvalidURL) as exc:
            raise TransportError(f"{type(exc).__name__}: {exc}"[:300]) from exc

    def _receive(self, answer: Any, max_bytes: int, deadline: float, late: str) -> RawResponse:
        """The body, decoded here and counted as it is decoded (``decoding.py``)."""
        length = answer.headers.get("content-length", "")
        if length.strip().isdigit() and int(length) > max_bytes:
            # Refused before a byte of the body is read.
            raise BodyTooLarge(f"Content-Length {int(length)} is more than {max_bytes} bytes")
        decoder = BodyDecoder(answer.headers.get("content-encoding"))
        # One growing buffer, not a list of pieces: a large buffer is its own mapping and
        # goes back to the system when a refused answer is dropped, where thousands of
        # small pieces would stay in each worker thread's malloc arena.
        body = bytearray()
        size = raw = 0
        for data in answer.iter_raw():
            # The raw bytes count too: empty gzip members decode to nothing, endlessly.
            raw += len(data)
            if raw > max_bytes:
                raise BodyTooLarge(f"more than {max_bytes} bytes")
            for piece in decoder.feed(data):
                if self._cancel.is_set():
                    raise TransportError("interrupted (Ctrl-C) while receiving the body")
                size += len(piece)
                if size > max_bytes:
                    raise BodyTooLarge(f"more than {max_bytes} bytes once decoded")
                if time.monotonic() > deadline:
                    raise TransportTimeout(late)
                body += piece
            if self._cancel.is_set():
                raise TransportError("interrupted (Ctrl-C) while receiving the body")
        found = {k.lower(): v for k, v in answer.headers.items()}
        return RawResponse(answer.status_code, found, bytes(body))

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
