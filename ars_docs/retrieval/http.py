"""A small, polite HTTP layer for the retrieval chain (§3.5, §8 Risk 4).

Every request of the chain goes through ``PoliteHttp.get``, which

* refuses any URL whose host is ResearchGate (``researchgate.net`` or a
  subdomain) before anything is sent, at every redirect hop too: the
  ResearchGate step is a human handoff, never automated outreach (F-007);
* keeps a minimum interval between requests to one host (``min_interval``,
  1 s by default) and sends one request per host at a time;
* honours ``Retry-After`` on 429/503 and backs off exponentially after
  429/5xx (``backoff`` × 2^n, at most ``max_retries`` times); a host that
  answered 429 gets a doubled interval for the rest of the run;
* times out (``timeout`` per connect/read, ``download_timeout`` per body);
* sends a User-Agent carrying the configured contact address;
* follows redirects itself, so each hop is checked, rate-limited and cached;
* serves repeated requests from the response cache (``cache.py``).

The network sits behind ``transport.BaseTransport`` (one method, ``send``),
so tests and library users can inject a fake; ``HttpxTransport`` is the real
one. Sleeping and both clocks are injected too, so tests never wait.
"""

from __future__ import annotations

import email.utils
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from ars_docs.retrieval.cache import CACHEABLE_STATUSES, ResponseCache
from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.pages import challenge_signature
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.transport import (
    BaseTransport,
    BlockedHost,
    BodyTooLarge,
    TransportError,
    TransportTimeout,
    is_blocked_host,
)
from ars_docs.retrieval.types import FetchFailure, RawResponse, Response

__all__ = ["PoliteHttp", "Politeness", "check_url", "parse_retry_after", "redact_url"]

MAX_REDIRECTS = 10
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_RETRY = frozenset({429, 500, 502, 503, 504})
_MEMO_MAX = 1_000_000
_SECRET_PARAMS = frozenset({"api_key", "apikey", "key", "token", "access_token"})


def check_url(url: str) -> None:
    """Raise ``FetchFailure`` for a URL that must not or cannot be requested."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError as exc:
        raise FetchFailure(Reason.INVALID_URL, url, f"malformed URL ({exc})") from exc
    if parts.scheme not in ("http", "https") or not host:
        raise FetchFailure(Reason.INVALID_URL, url, "not an absolute http(s) URL")
    if is_blocked_host(host):
        raise FetchFailure(
            Reason.BLOCKED_HOST,
            url,
            "ResearchGate is never contacted automatically (human handoff only); not requested",
        )


def redact_url(url: str) -> str:
    """``url`` with API keys and tokens in the query replaced, for logs and the cache."""
    parts = urlsplit(url)
    if not parts.query:
        return url
    pairs = [
        (k, "REDACTED" if k.lower() in _SECRET_PARAMS else v)
        for k, v in parse_qsl(parts.query, keep_blank_values=True)
    ]
    return urlunsplit(parts._replace(query=urlencode(pairs, safe=":/@")))


def parse_retry_after(value: str | None, now: float) -> float | None:
    """Seconds to wait from a ``Retry-After`` value (delta-seconds or HTTP-date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when.timestamp() - now)


_DEFAULTS = RetrievalConfig()


@dataclass(frozen=True, slots=True)
class Politeness:
    """The knobs of ``PoliteHttp``; defaults and meaning as in ``config.RetrievalConfig``."""

    user_agent: str
    min_interval: float = _DEFAULTS.min_interval
    timeout: float = _DEFAULTS.timeout
    download_timeout: float = _DEFAULTS.download_timeout
    max_retries: int = _DEFAULTS.max_retries
    backoff: float = _DEFAULTS.backoff
    max_wait: float = _DEFAULTS.max_wait
    max_bytes: int = _DEFAULTS.max_bytes

    @classmethod
    def from_config(cls, config: RetrievalConfig, user_agent: str) -> Politeness:
        knobs = {f.name: getattr(config, f.name) for f in fields(cls) if f.name != "user_agent"}
        return cls(user_agent, **knobs)


class _Host:
    """Per-host state: one request at a time, and when the next may start."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last = float("-inf")
        self.penalty = 1.0
        self.not_before = float("-inf")
        """No request before this (monotonic): the host's last ``Retry-After``."""
        self.asked_by = 429
        """The status that carried that ``Retry-After``."""


class PoliteHttp:
    """GET with the manners of the module docstring; thread-safe."""

    def __init__(
        self,
        transport: BaseTransport,
        politeness: Politeness,
        *,
        cache: ResponseCache | None = None,
        refresh: bool = False,
        sleep: Callable[[float], None] = time.sleep,
        monotonic: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.transport = transport
        self.politeness = politeness
        self.cache = cache
        self.refresh = refresh
        self.sleep = sleep
        self.monotonic = monotonic
        self.wall = wall
        self.sent = 0
        """Requests that actually went to the transport."""
        self._hosts: dict[str, _Host] = {}
        self._memo: dict[str, RawResponse] = {}
        """Small answers of this run, so a dry run (cache read-only) asks only once too."""
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._in_flight: dict[int, str] = {}

    def in_flight(self) -> list[str]:
        """The URLs being requested right now (for "what are we waiting for")."""
        with self._lock:
            return [redact_url(u) for u in self._in_flight.values()]

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Stop: no new request, waits end now, in-flight bodies stop at the next chunk."""
        self._cancel.set()
        self.transport.cancel()

    def _pause(self, seconds: float, url: str) -> None:
        if self.sleep is time.sleep:
            self._cancel.wait(seconds)  # wakes at once on cancel()
        else:
            self.sleep(seconds)
        self._check_cancel(url)

    def _check_cancel(self, url: str) -> None:
        if self._cancel.is_set():
            raise FetchFailure(Reason.INTERRUPTED, url, "interrupted before an answer; not retried")

    def get(self, url: str, headers: Mapping[str, str] | None = None) -> Response:
        """Follow redirects from ``url``; raises ``FetchFailure`` when there is no answer."""
        extra = {k.lower(): v for k, v in (headers or {}).items()}
        hops: list[str] = []
        current = url
        all_cached = True
        for _hop in range(MAX_REDIRECTS + 1):
            raw, cached, tries = self._one(current, extra)
            all_cached = all_cached and cached
            location = raw.headers.get("location")
            if raw.status not in _REDIRECTS or not location:
                return Response(
                    current, raw.status, raw.headers, raw.body, tuple(hops), all_cached, tries
                )
            hops.append(current)
            target = urljoin(current, location.strip())
            if urlsplit(target).hostname != urlsplit(current).hostname:
                extra.pop("authorization", None)  # never hand a key to another host
            current = target
        raise FetchFailure(Reason.NETWORK_ERROR, url, f"more than {MAX_REDIRECTS} redirects")

    def close(self) -> None:
        self.transport.close()

    def _one(self, url: str, extra: Mapping[str, str]) -> tuple[RawResponse, bool, int]:
        check_url(url)
        polite = self.politeness
        headers = {"user-agent": polite.user_agent, "accept": "*/*", **extra}
        key = ResponseCache.key(url, headers)
        with self._lock:
            remembered = self._memo.get(key)
        if remembered is not None:
            return remembered, False, 0  # answered in this run: not a cache hit
        if self.cache is not None and not self.refresh:
            hit = self.cache.get(key)
            if hit is not None:
                return hit, True, 0
        host = self._host(urlsplit(url).netloc.lower())
        with host.lock:
            tries = 0
            while True:
                self._wait_turn(host, url)
                tries += 1
                raw = self._send(url, headers, host)
                if raw.status not in _RETRY or challenge_signature(raw.headers, raw.body):
                    break
                if raw.status == 429:
                    host.penalty = min(host.penalty * 2, 64.0)
                asked = parse_retry_after(raw.headers.get("retry-after"), self.wall())
                if asked is not None:  # the whole host asked for the pause, not just this URL
                    host.not_before = max(host.not_before, self.monotonic() + asked)
                    host.asked_by = raw.status
                if tries > polite.max_retries:
                    break
                delay = self._delay(url, raw, tries)
                self._pause(delay, url)
        if raw.status in CACHEABLE_STATUSES and challenge_signature(raw.headers, raw.body) is None:
            if self.cache is not None:
                self.cache.put(key, redact_url(url), raw)
            if len(raw.body) <= _MEMO_MAX:
                with self._lock:
                    self._memo[key] = raw
        return raw, False, tries

    def _send(self, url: str, headers: Mapping[str, str], host: _Host) -> RawResponse:
        polite = self.politeness
        self._check_cancel(url)
        me = threading.get_ident()
        with self._lock:
            self.sent += 1
            self._in_flight[me] = url
        try:
            return self.transport.send(
                url,
                headers,
                timeout=polite.timeout,
                deadline=polite.download_timeout,
                max_bytes=polite.max_bytes,
            )
        except TransportTimeout as exc:
            raise FetchFailure(Reason.TIMEOUT, url, str(exc)) from exc
        except BodyTooLarge as exc:
            raise FetchFailure(Reason.TOO_LARGE, url, f"{exc} (max_bytes)") from exc
        except BlockedHost as exc:  # unreachable behind check_url; kept as a second lock
            raise FetchFailure(Reason.BLOCKED_HOST, url, str(exc)) from exc
        except TransportError as exc:
            raise FetchFailure(Reason.NETWORK_ERROR, url, str(exc)) from exc
        finally:
            host.last = self.monotonic()
            with self._lock:
                self._in_flight.pop(me, None)

    def _delay(self, url: str, raw: RawResponse, tries: int) -> float:
        polite = self.politeness
        asked = parse_retry_after(raw.headers.get("retry-after"), self.wall())
        delay = asked if asked is not None else polite.backoff * 2 ** (tries - 1)
        if delay > polite.max_wait:
            reason = Reason.RATE_LIMITED if raw.status == 429 else Reason.SERVER_ERROR
            raise FetchFailure(
                reason,
                url,
                f"HTTP {raw.status}: asked to wait {delay:g} s, more than max_wait "
                f"{polite.max_wait:g} s; try again later",
                raw.status,
            )
        return delay

    def _wait_turn(self, host: _Host, url: str) -> None:
        polite = self.politeness
        now = self.monotonic()
        if host.not_before - now > polite.max_wait:
            reason = Reason.RATE_LIMITED if host.asked_by == 429 else Reason.SERVER_ERROR
            raise FetchFailure(
                reason,
                url,
                f"not requested: the host asked (Retry-After) for a pause of "
                f"{host.not_before - now:g} s more, longer than max_wait {polite.max_wait:g} s; "
                "try again later",
            )
        wait = max(host.last + polite.min_interval * host.penalty, host.not_before) - now
        if wait > 0:
            self._pause(wait, url)
        self._check_cancel(url)

    def _host(self, netloc: str) -> _Host:
        with self._lock:
            return self._hosts.setdefault(netloc, _Host())
