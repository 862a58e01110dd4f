"""URL and header helpers of the polite HTTP layer (§3.5): what may be asked, what is shown.

``check_url`` refuses what must never be requested (ResearchGate, F-007) or
cannot be; ``check_redirect`` refuses a redirect into the machine's own
network, whatever the address's spelling (``addresses.py``); ``redact_url``
keeps API keys out of logs and the cache;
``retry_after`` reads the pause a server asks for, in any of the forms
services use (seconds, HTTP date, ISO 8601; ``Retry-After`` or CORE's
``X-RateLimit-Retry-After``).
"""

from __future__ import annotations

import email.utils
import ipaddress
from collections.abc import Iterable, Mapping
from datetime import datetime, timezone
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ars_docs.retrieval.net.addresses import (
    Address,
    describe,
    is_loopback_name,
    literal,
    public,
    unwrap,
)
from ars_docs.retrieval.net.transport import is_blocked_host
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.types import FetchFailure

__all__ = [
    "check_redirect",
    "check_url",
    "endpoint_addresses",
    "parse_retry_after",
    "redact_url",
    "retry_after",
]

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


def check_redirect(source: str, target: str, allowed: frozenset[Address] = frozenset()) -> None:
    """Raise ``FetchFailure`` for a redirect a remote server must not send us on: to any
    address that is not public (loopback, private, link-local — where cloud machines
    answer with their credentials —, multicast, unspecified, reserved), in whatever
    spelling the C resolver accepts (``2130706433``, ``0x7f000001``, ``127.1``,
    ``127.0.0.1.``, ``[::ffff:7f00:1]``), and to ``localhost``.

    ``allowed`` holds the loopback and private addresses of the configured endpoints
    (a local mirror or test registry): a redirect may lead to those, never to a
    link-local, multicast or unspecified one. A host name is judged at connect time,
    on the addresses it resolves to (``wire.GuardedBackend``)."""
    _check_address(target, allowed, f"a redirect from {urlsplit(source).hostname or ''}")


def check_link(url: str, allowed: frozenset[Address] = frozenset()) -> None:
    """The same judgement for the first URL of a document fetch: a link taken from a
    registry's answer or a page (``pdf_url``, ``citation_pdf_url``, an entry's ``url``)
    is chosen by whoever wrote that answer, as a redirect is by a server."""
    _check_address(url, allowed, "a link")


def _check_address(target: str, allowed: frozenset[Address], how: str) -> None:
    host = urlsplit(target).hostname
    to = literal(host)
    if to is None and is_loopback_name(host):
        to = ipaddress.IPv4Address("127.0.0.1")
    if to is None or public(to):
        return
    kind = describe(to)
    if unwrap(to) in allowed and kind not in _NEVER:
        return
    spelled = "" if str(to) == (host or "") else f" ({host})"
    raise FetchFailure(
        Reason.BLOCKED_HOST,
        target,
        f"{how} to the {kind} address {unwrap(to)}{spelled}; not followed",
    )


_NEVER = frozenset({"link-local", "multicast", "unspecified"})


def endpoint_addresses(urls: Iterable[str]) -> frozenset[Address]:
    """The non-public addresses the configured endpoint URLs name (``localhost`` is
    127.0.0.1 and ::1): where a redirect may still lead (``check_redirect``)."""
    found: set[Address] = set()
    for url in urls:
        try:
            host = urlsplit(url).hostname
        except ValueError:
            continue
        address = literal(host)
        if address is not None and not public(address):
            found.add(unwrap(address))
        elif address is None and is_loopback_name(host):
            found.update((ipaddress.IPv4Address("127.0.0.1"), ipaddress.IPv6Address("::1")))
    return frozenset(found)


def redact_url(url: str) -> str:
    """``url`` with API keys and tokens in the query replaced, for logs and the cache."""
    parts = urlsplit(url)
    if not parts.query:
        return url
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    if not any(k.lower() in _SECRET_PARAMS for k, _ in pairs):
        return url  # nothing to hide: the URL as asked, not re-encoded
    redacted = [(k, "REDACTED" if k.lower() in _SECRET_PARAMS else v) for k, v in pairs]
    return urlunsplit(parts._replace(query=urlencode(redacted, safe=":/@")))


def parse_retry_after(value: str | None, now: float) -> float | None:
    """Seconds to wait from a ``Retry-After`` value (delta-seconds, HTTP-date or ISO 8601)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        try:  # CORE's X-RateLimit-Retry-After is an ISO 8601 time
            when = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
    return max(0.0, when.timestamp() - now)


def retry_after(headers: Mapping[str, str], now: float) -> float | None:
    """The pause a server asked for: ``Retry-After``, else CORE's ``X-RateLimit-Retry-After``."""
    for name in ("retry-after", "x-ratelimit-retry-after"):
        asked = parse_retry_after(headers.get(name), now)
        if asked is not None:
            return asked
    return None
