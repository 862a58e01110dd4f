"""Value types shared by the retrieval modules (§3.5): responses, attempts, finds.

Kept apart so the HTTP layer, the channels and the chain can import them
without importing each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ars_docs.retrieval.reasons import Reason

__all__ = ["Acquired", "Attempt", "FetchFailure", "RawResponse", "Response"]


@dataclass(frozen=True, slots=True)
class RawResponse:
    """One HTTP exchange as a transport returns it; header names are lower case."""

    status: int
    headers: Mapping[str, str]
    body: bytes


@dataclass(frozen=True, slots=True)
class Response:
    """The answer to a GET after following redirects."""

    url: str
    """The URL that answered (the last hop)."""
    status: int
    headers: Mapping[str, str]
    body: bytes
    redirects: tuple[str, ...] = ()
    """The URLs that redirected, in order, starting with the one requested."""
    from_cache: bool = False
    """Every hop was served from the response cache (nothing was sent)."""
    tries: int = 1
    """Requests sent for the last hop (more than 1 after 429/5xx retries)."""


class FetchFailure(Exception):
    """A GET that produced no response to look at; ``reason`` is from the vocabulary."""

    def __init__(self, reason: Reason, url: str, detail: str, status: int | None = None) -> None:
        super().__init__(f"{reason.value}: {url}: {detail}")
        self.reason = reason
        self.url = url
        self.detail = detail
        self.status = status


@dataclass(frozen=True, slots=True)
class Attempt:
    """One logged step of the chain: a URL tried (or why none could be)."""

    channel: str
    url: str | None
    http_status: int | None
    reason: Reason | None
    """``None`` when this attempt produced the verified original."""
    detail: str
    service: str | None = None
    """Which service of a multi-service channel (``unpaywall``, ``core`` …)."""
    cached: bool = False
    """True only when the answer came from the response cache (nothing was sent)."""
    match: str | None = None
    """The identity decision's level for a document that was judged (``identity.Level``)."""
    match_reasons: tuple[str, ...] = ()
    version: str | None = None
    """``preprint``, ``accepted_manuscript`` or ``version_of_record`` when known."""
    seconds: float | None = None
    """Time this attempt took, waits included."""
    tries: int = 0
    """Requests sent for it (retries included; 0 when answered from cache or memo)."""
    waited: float = 0.0
    """Seconds spent waiting (politeness interval, Retry-After, back-off)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "channel": self.channel,
            "service": self.service,
            "url": self.url,
            "http_status": self.http_status,
            "reason": self.reason.value if self.reason else None,
            "detail": self.detail,
            "cached": self.cached,
            "match": self.match,
            "match_reasons": list(self.match_reasons),
            "version": self.version,
            "seconds": None if self.seconds is None else round(self.seconds, 3),
            "tries": self.tries,
            "waited": round(self.waited, 3),
        }


@dataclass(frozen=True, slots=True)
class Acquired:
    """A document whose content matched the entry."""

    channel: str
    url: str
    kind: str
    """``pdf`` or ``html``: the file extension it is saved with."""
    body: bytes
    detail: str
    match: str | None = None
    match_reasons: tuple[str, ...] = ()
    version: str | None = None
