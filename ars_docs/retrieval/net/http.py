"""A small, polite HTTP layer for the retrieval chain (§3.5, §8 Risk 4).

Every request of the chain goes through ``PoliteHttp.get``, which

* refuses any URL whose host is ResearchGate (``researchgate.net`` or a
  subdomain) before anything is sent, at every redirect hop too: the
  ResearchGate step is a human handoff, never automated outreach (F-007);
* keeps a minimum interval between requests to one host (``min_interval``,
  1 s by default) and sends one request per host at a time;
* honours ``Retry-After`` (and CORE's ``X-RateLimit-Retry-After``) on 429/503
  and backs off exponentially after 429/5xx (``backoff`` × 2^n, at most
  ``max_retries`` times); a host that answered 429 waits longer for the rest
  of the run, at most ``PENALTY_CAP`` times its interval;
* asks nothing twice in a run (``memory.RunMemory``), and a URL met again
  within one redirect chain (a cookie check) afresh;
* gives Wayback CDX queries their own budget and the arXiv host its own
  interval;
* stops at once when cancelled (Ctrl-C), saying which requests were in flight;
* times out (``timeout`` per connect/read, ``download_timeout`` for the whole
  answer: connect, headers and body);
* sends a User-Agent carrying the configured contact address;
* follows redirects itself, so each hop is checked, rate-limited and cached,
  and never into the machine's own network, whatever the address's spelling
  or the name's resolution (``urls.check_redirect``, ``wire.py``), except to
  the addresses of configured local endpoints;
* serves repeated requests from the response cache (``cache.py``).

The network sits behind ``transport.BaseTransport`` (one method, ``send``),
so tests and library users can inject a fake; ``HttpxTransport`` is the real
one. Sleeping and both clocks are injected too, so tests never wait.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from dataclasses import dataclass, field, fields
from urllib.parse import urljoin, urlsplit

from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.net.addresses import Address, only_public
from ars_docs.retrieval.net.cache import CACHEABLE_STATUSES, ResponseCache, ResponseStore
from ars_docs.retrieval.net.memory import RunMemory
from ars_docs.retrieval.net.transport import (
    BaseTransport,
    BlockedHost,
    BodyTooLarge,
    TransportError,
    TransportTimeout,
    UndecodableBody,
)
from ars_docs.retrieval.net.urls import (
    check_link,
    check_redirect,
    check_url,
    endpoint_addresses,
    parse_retry_after,
    redact_url,
    retry_after,
)
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.types import FetchFailure, RawResponse, Response
from ars_docs.retrieval.walk.pages import challenge_signature

__all__ = [
    "PENALTY_CAP",
    "PoliteHttp",
    "Politeness",
    "check_url",
    "parse_retry_after",
    "redact_url",
    "retry_after",
]

MAX_REDIRECTS = 10
PENALTY_CAP = 4.0
"""A host that answered 429 waits at most this many times ``min_interval``."""
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_RETRY = frozenset({429, 500, 502, 503, 504})


_DEFAULTS = RetrievalConfig()
_ARXIV = ("arxiv", "arxiv_api")


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
    cdx_per_minute: int = _DEFAULTS.cdx_per_minute
    slow_hosts: Mapping[str, float] = field(default_factory=dict)
    """``host[:port]`` → its own minimum interval (arXiv asks for 3 s)."""
    local_endpoints: frozenset[Address] = frozenset()
    """The loopback/private addresses of the configured endpoints: a redirect may lead
    there (a local mirror, a test registry), to no other non-public address."""

    @classmethod
    def from_config(cls, config: RetrievalConfig, user_agent: str) -> Politeness:
        skip = ("user_agent", "slow_hosts", "local_endpoints")
        knobs = {f.name: getattr(config, f.name) for f in fields(cls) if f.name not in skip}
        # arXiv asks for one request every 3 s, on its PDF host and its API host alike.
        hosts = (urlsplit(config.endpoints.get(name, "")).netloc.lower() for name in _ARXIV)
        slow = {host: config.arxiv_min_interval for host in hosts if host}
        local = endpoint_addresses(config.endpoints.values())
        return cls(user_agent, **knobs, slow_hosts=slow, local_endpoints=local)


@dataclass
class _Stats:
    tries: int = 0
    waited: float = 0.0


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


def _same_server(current: str, target: str) -> bool:
    """Whether ``target`` names the very host (as written) and port ``current`` does."""
    here, there = urlsplit(current), urlsplit(target)
    defaults = {"http": 80, "https": 443}
    try:
        ports = (here.port or defaults.get(here.scheme), there.port or defaults.get(there.scheme))
    except ValueError:
        return False
    return (here.hostname or "") == (there.hostname or "") != "" and ports[0] == ports[1]


class PoliteHttp:
    """GET with the manners of the module docstring; thread-safe."""

    def __init__(
        self,
        transport: BaseTransport,
        politeness: Politeness,
        *,
        cache: ResponseStore | None = None,
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
        self.memory = RunMemory()
        """What this run learned (answers, failures, dead hosts, ended services)."""
        self._local = threading.local()
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

    def _stats(self) -> _Stats:
        stats: _Stats | None = getattr(self._local, "stats", None)
        if stats is None:
            stats = self._local.stats = _Stats()
        return stats

    def begin(self) -> None:
        """Start counting requests and waits of this thread (one attempt)."""
        self._local.stats = _Stats()

    def counted(self) -> tuple[int, float]:
        """(requests sent, seconds waited) by this thread since ``begin``."""
        stats = self._stats()
        return stats.tries, stats.waited

    def pause(self, seconds: float, url: str) -> None:
        """Wait ``seconds`` before asking ``url`` again (counted; ends at once on cancel)."""
        self._pause(seconds, url)

    def _pause(self, seconds: float, url: str) -> None:
        self._stats().waited += seconds
        if self.sleep is time.sleep:
            self._cancel.wait(seconds)  # wakes at once on cancel()
        else:
            self.sleep(seconds)
        self._check_cancel(url)

    def _check_cancel(self, url: str) -> None:
        if self._cancel.is_set():
            raise FetchFailure(Reason.INTERRUPTED, url, "interrupted before an answer; not retried")

    def get(
        self,
        url: str,
        headers: Mapping[str, str] | None = None,
        *,
        keep_refusals: bool = True,
        accept: Callable[[int, bytes], bool] | None = None,
        judge_first: bool = False,
    ) -> Response:
        """Follow redirects from ``url``; raises ``FetchFailure`` when there is no answer.

        ``keep_refusals=False`` (the APIs) keeps 401–403 out of the cache and the
        run's memory: for OpenAlex a 403 is a rate limit, not a lasting answer.
        ``accept(status, body)`` says whether an answer is what the caller can use (an
        API's JSON, not a maintenance page served with 200 or a proxy's 404 page): one it
        refuses is returned but not kept. ``judge_first``: ``url`` itself came from an
        answer (a document link, not a configured endpoint): its address is judged as a
        redirect target's is (``urls.check_link``), and its connection is guarded.
        """
        extra = {k.lower(): v for k, v in (headers or {}).items()}
        hops: list[str] = []
        current = url
        all_cached = True
        if judge_first:
            check_link(url, self.politeness.local_endpoints)
        # A configured endpoint's URL is asked as given; links and redirects are judged.
        guarded = judge_first
        for _hop in range(MAX_REDIRECTS + 1):
            # A URL met again in this chain (A -> A?cookie=1 -> A) is asked afresh:
            # the server's answer changed (it set a cookie), the remembered one did not.
            fresh = current in hops
            # A hop's connection is judged again where it is made, on the addresses its
            # host resolves to (a name can stand for a private address too).
            guard = only_public(self.politeness.local_endpoints) if guarded else nullcontext()
            with guard:
                raw, cached, tries = self._one(
                    current, extra, fresh=fresh, keep_refusals=keep_refusals, accept=accept
                )
            all_cached = all_cached and cached
            location = raw.headers.get("location")
            if raw.status not in _REDIRECTS or not location:
                return Response(
                    current, raw.status, raw.headers, raw.body, tuple(hops), all_cached, tries
                )
            hops.append(current)
            target = urljoin(current, location.strip())
            if not _same_server(current, target):
                # A server sending us back to itself (a cookie check, a path) reaches no new
                # machine: the guard stays as it was for that server.
                check_redirect(current, target, self.politeness.local_endpoints)
                guarded = True
            if urlsplit(target).hostname != urlsplit(current).hostname:
                extra.pop("authorization", None)  # never hand a key to another host
            current = target
        raise FetchFailure(Reason.NETWORK_ERROR, url, f"more than {MAX_REDIRECTS} redirects")

    def close(self) -> None:
        self.transport.close()

    def _one(
        self,
        url: str,
        extra: Mapping[str, str],
        *,
        fresh: bool,
        keep_refusals: bool,
        accept: Callable[[int, bytes], bool] | None = None,
    ) -> tuple[RawResponse, bool, int]:
        check_url(url)
        polite = self.politeness
        headers = {"user-agent": polite.user_agent, "accept": "*/*", **extra}
        key = ResponseCache.key(url, headers)
        failed = self.memory.failure(url)
        if failed is not None:
            raise FetchFailure(
                failed.reason,
                url,
                f"{failed.detail} (failed earlier in this run; not fetched again)",
                failed.status,
            )
        if not fresh:
            remembered = self.memory.answer(key)
            if remembered is not None:
                return remembered, False, 0  # answered in this run: not a cache hit
            if self.cache is not None and not self.refresh:
                hit = self.cache.get(key)
                if hit is not None:
                    return hit, True, 0
        parts = urlsplit(url)
        netloc = parts.netloc.lower()
        dead = self.memory.dead(netloc)
        if dead is not None:
            raise FetchFailure(
                dead.reason,
                url,
                f"not requested: {netloc} did not answer earlier in this run ({dead.detail})",
            )
        # CDX queries have their own budget, apart from the snapshots on the same host.
        budget = "#cdx" if "/cdx" in parts.path else ""
        host = self._host(netloc + budget)
        interval = 60.0 / polite.cdx_per_minute if budget else polite.min_interval
        interval = max(interval, polite.slow_hosts.get(netloc, 0.0))
        try:
            raw, tries = self._ask(url, headers, host, interval, netloc)
        except FetchFailure as failure:
            if failure.reason is not Reason.INTERRUPTED:
                self.memory.fail(url, failure)
            raise
        challenged = challenge_signature(raw.headers, raw.body) is not None
        refusal = raw.status in (401, 402, 403)
        unusable = accept is not None and not accept(raw.status, raw.body)
        if (
            raw.status in CACHEABLE_STATUSES
            and not challenged
            and not unusable
            and (keep_refusals or not refusal)
        ):
            if self.cache is not None:
                self.cache.put(key, redact_url(url), raw)
            self.memory.keep(key, raw)
        elif raw.status == 429:
            self.memory.keep(key, raw)  # never asked again in this run
        return raw, False, tries

    def _ask(
        self, url: str, headers: Mapping[str, str], host: _Host, interval: float, netloc: str
    ) -> tuple[RawResponse, int]:
        polite = self.politeness
        with host.lock:
            tries = 0
            while True:
                self._wait_turn(host, url, interval)
                tries += 1
                self._stats().tries += 1
                try:
                    raw = self._send(url, headers, host)
                except FetchFailure as failure:
                    if failure.reason in (Reason.TIMEOUT, Reason.NETWORK_ERROR) and not (
                        failure.detail.startswith("download took")
                    ):
                        self.memory.bury(netloc, failure)
                    raise
                if raw.status not in _RETRY or challenge_signature(raw.headers, raw.body):
                    return raw, tries
                if raw.status == 429:
                    host.penalty = min(host.penalty * 2, PENALTY_CAP)
                asked = retry_after(raw.headers, self.wall())
                if asked is not None:  # the whole host asked for the pause, not just this URL
                    host.not_before = max(host.not_before, self.monotonic() + asked)
                    host.asked_by = raw.status
                if tries > polite.max_retries:
                    return raw, tries
                delay = self._delay(url, raw, tries)
                self._pause(delay, url)

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
        except UndecodableBody as exc:  # the host answered, badly: not written off
            raise FetchFailure(Reason.BAD_RESPONSE, url, str(exc)) from exc
        except BlockedHost as exc:  # check_url and check_redirect come first; the guard at
            # connect time refuses a hop whose host name resolves into the machine's network
            raise FetchFailure(Reason.BLOCKED_HOST, url, str(exc)) from exc
        except TransportError as exc:
            raise FetchFailure(Reason.NETWORK_ERROR, url, str(exc)) from exc
        finally:
            host.last = self.monotonic()
            with self._lock:
                self._in_flight.pop(me, None)

    def _delay(self, url: str, raw: RawResponse, tries: int) -> float:
        polite = self.politeness
        asked = retry_after(raw.headers, self.wall())
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

    def _wait_turn(self, host: _Host, url: str, interval: float) -> None:
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
        wait = max(host.last + interval * host.penalty, host.not_before) - now
        if wait > 0:
            self._pause(wait, url)
        self._check_cancel(url)

    def _host(self, netloc: str) -> _Host:
        with self._lock:
            return self._hosts.setdefault(netloc, _Host())
