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

from ars_docs.retrieval.http import PoliteHttp, redact_url
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.types import FetchFailure

__all__ = ["Fetcher", "Reply"]

_KEY_HINT = {
    "openalex": "OpenAlex answers 403 when requests come too fast and when no API key is "
    "sent; set openalex_api_key in [retrieval]",
    "semantic_scholar": "Semantic Scholar limits requests without a key; set "
    "semantic_scholar_api_key in [retrieval]",
}


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
                self._end(service, f"{service} is rate-limiting ({failure.detail})")
            status = failure.status
            return Reply(shown, status, failure=f"{failure.reason.value}: {failure.detail}")
        status = answer.status
        if 200 <= status < 300 or status in (404, 410):
            return Reply(shown, status, answer.body, cached=answer.from_cache)
        if status in (401, 403, 429):
            hint = _KEY_HINT.get(service, "it takes no API key: try again later")
            reason = "rate_limited" if status == 429 else "refused"
            message = f"{reason}: {service} answered HTTP {status}; {hint}"
            self._end(service, f"{message} (not asked again in this run)")
            return Reply(shown, status, failure=message)
        kind = "server_error" if status >= 500 else "http_error"
        # The body stays: some services explain a refusal there (arXiv's "incorrect id").
        return Reply(
            shown, status, answer.body, failure=f"{kind}: {service} answered HTTP {status}"
        )

    def _end(self, service: str, message: str) -> None:
        self.http.memory.end(service, message)


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
