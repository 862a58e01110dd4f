"""What a retrieval run has already learned, so nothing is asked twice (§3.5, issue 15 §2).

"Not fetched again" must hold for the whole run, not just for the URL one
channel requested:

* answers (any size up to ``max_bytes``; at most ``BUDGET`` bytes in all) —
  so a redirect target reached again from another URL is not downloaded again;
* URLs that failed without an answer (timeout, too large, network error,
  a ``Retry-After`` beyond ``max_wait``) — the same failure is reported again;
* URLs that answered 429 after the allowed retries — never asked again in
  the run;
* hosts that never answered (connection refused, DNS, connect/read timeout)
  — later URLs on them fail at once;
* services that ended for the run (OpenAlex's daily quota, a 403 from an
  API) — with the message to show.
"""

from __future__ import annotations

import threading

from ars_docs.retrieval.types import FetchFailure, RawResponse

__all__ = ["BUDGET", "RunMemory"]

BUDGET = 256_000_000
"""Bytes of answers kept in memory for the run (beyond it, answers are not kept)."""


class RunMemory:
    """Thread-safe; one per ``PoliteHttp`` (one per run)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._answers: dict[str, RawResponse] = {}
        self._bytes = 0
        self._failed: dict[str, FetchFailure] = {}
        self._throttled: dict[str, RawResponse] = {}
        self._dead: dict[str, FetchFailure] = {}
        self._ended: dict[str, str] = {}

    def answer(self, key: str) -> RawResponse | None:
        with self._lock:
            return self._throttled.get(key) or self._answers.get(key)

    def keep(self, key: str, raw: RawResponse) -> None:
        with self._lock:
            if raw.status == 429:
                self._throttled[key] = raw
            elif key not in self._answers and self._bytes + len(raw.body) <= BUDGET:
                self._answers[key] = raw
                self._bytes += len(raw.body)

    def failure(self, url: str) -> FetchFailure | None:
        with self._lock:
            return self._failed.get(url)

    def fail(self, url: str, failure: FetchFailure) -> None:
        with self._lock:
            self._failed.setdefault(url, failure)

    def dead(self, host: str) -> FetchFailure | None:
        with self._lock:
            return self._dead.get(host)

    def bury(self, host: str, failure: FetchFailure) -> None:
        with self._lock:
            self._dead.setdefault(host, failure)

    def ended(self, service: str) -> str | None:
        with self._lock:
            return self._ended.get(service)

    def end(self, service: str, message: str) -> None:
        with self._lock:
            self._ended.setdefault(service, message)
