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

from ars_docs.retrieval.reasons import RESEARCHGATE_HOST
from ars_docs.retrieval.types import RawResponse

__all__ = [
    "BaseTransport",
    "BlockedHost",
    "BodyTooLarge",
    "HttpxTransport",
    "TransportError",
    "TransportTimeout",
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

                self._client = httpx.Client(follow_redirects=False)
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

        started = time.monotonic()
        try:
            with client.stream(
                "GET", url, headers=dict(headers), timeout=httpx.Timeout(timeout)
            ) as answer:
                length = answer.headers.get("content-length", "")
                if length.strip().isdigit() and int(length) > max_bytes:
                    # Refused before a byte of the body is read.
                    raise BodyTooLarge(
                        f"Content-Length {int(length)} is more than {max_bytes} bytes"
                    )
                chunks: list[bytes] = []
                size = 0
                for chunk in answer.iter_bytes():
                    if self._cancel.is_set():
                        raise TransportError("interrupted (Ctrl-C) while receiving the body")
                    size += len(chunk)
                    if size > max_bytes:
                        raise BodyTooLarge(f"more than {max_bytes} bytes")
                    if time.monotonic() - started > deadline:
                        raise TransportTimeout(f"download took longer than {deadline:g} s")
                    chunks.append(chunk)
                found = {k.lower(): v for k, v in answer.headers.items()}
                return RawResponse(answer.status_code, found, b"".join(chunks))
        except httpx.TimeoutException as exc:
            raise TransportTimeout(f"{type(exc).__name__} after {timeout:g} s") from exc
        except (httpx.TransportError, httpx.DecodingError, httpx.InvalidURL) as exc:
            raise TransportError(f"{type(exc).__name__}: {exc}"[:300]) from exc

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
