"""Asking a registry over the polite HTTP layer, with the failures sorted out.

``Fetcher.get`` sends one GET through retrieval's ``PoliteHttp`` (per-host
interval, ``Retry-After``, back-off, the response cache, nothing asked twice
in a run) and sorts the answer into a ``Reply``: a body to parse, an absence
(404/410), or a failure with its reason. A service that answered 429 after
the allowed retries, or refused with 401/403 (a missing or wrong API key;
OpenAlex uses 403 for both a rate limit and a missing key), is over for the
run: later questions to it fail at once with the same explanation, so one
outage costs one timeout, not one per entry.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ars_docs.retrieval.net.http import PoliteHttp, redact_url
from ars_docs.retrieval.reasons import Reason, api_problem, ended_message, ends_service
from ars_docs.retrieval.types import FetchFailure

__all__ = ["Fetcher", "Reply"]


@dataclass(frozen=True)
class Reply:
    url: str
    """The URL asked (API keys removed)."""
    status: int | None
    body: bytes = b""
    failure: str | None = None
    """Why there is no usable answer; ``None`` for a body or an absence."""
    cached: bool = False

    @property
    def absent(self) -> bool:
        return self.failure is None and self.status in (404, 410)

    def json(self) -> Any:
        """The body as JSON; raises ``ValueError`` when it is not."""
        return json.loads(self.body)


class Fetcher:
    def __init__(self, http: PoliteHttp) -> None:
        self.http = http

    @staticmethod
    def shown(url: str) -> str:
        """``url`` as answers and reports show it: API keys removed."""
        return redact_url(url)

    def get(
        self,
        service: str,
        url: str,
        headers: Mapping[str, str] | None = None,
        *,
        accept: Callable[[bytes], bool] | None = None,
        accept_absent: Callable[[bytes], bool] | None = None,
    ) -> Reply:
        """GET ``url``; ``accept(body)`` says whether a 2xx body is usable and
        ``accept_absent(body)`` whether a 404/410 is the service's own "no such thing".
        Only usable answers are cached: a maintenance page served with 200, or a proxy's
        404 page in front of the service, is asked again next time."""
        shown = self.shown(url)
        ended = self.http.memory.ended(service)
        if ended is not None:
            return Reply(shown, None, failure=ended)
        try:
            answer = self.http.get(
                url, headers, keep_refusals=False, accept=_usable(accept, accept_absent)
            )
        except FetchFailure as failure:
            if failure.reason is Reason.RATE_LIMITED:
                self.http.memory.end(service, ended_message(service, failure.detail))
            status = failure.status
            return Reply(shown, status, failure=f"{failure.reason.value}: {failure.detail}")
        status = answer.status
        problem = api_problem(service, status, answer.tries)
        if problem is None or problem[0] is Reason.NOT_FOUND:
            return Reply(shown, status, answer.body, cached=answer.from_cache)
        message = f"{problem[0].value}: {problem[1]}"
        if ends_service(status):
            self.http.memory.end(service, ended_message(service, message))
            return Reply(shown, status, failure=message)
        # The body stays: some services explain a refusal there (arXiv's "incorrect id").
        return Reply(shown, status, answer.body, failure=message)


def _usable(
    accept: Callable[[bytes], bool] | None, accept_absent: Callable[[bytes], bool] | None
) -> Callable[[int, bytes], bool] | None:
    if accept is None and accept_absent is None:
        return None

    def usable(status: int, body: bytes) -> bool:
        if 200 <= status < 300:
            return accept is None or accept(body)
        if status in (404, 410):
            return accept_absent is None or accept_absent(body)
        return True

    return usable
