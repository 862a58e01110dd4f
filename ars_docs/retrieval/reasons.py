"""The one vocabulary of the retrieval chain (spec §3.5 D5, §4 Step 5).

Channel names, failure reasons, entry outcomes and the ResearchGate handoff
name are defined here once and imported everywhere else (ARCHITECTURE.md §4
"one source of truth per fact"); ``docs/retrieval.md`` documents each of them
and a test keeps the two in step.
"""

from __future__ import annotations

from enum import Enum

__all__ = [
    "CHANNELS",
    "LOCAL_FILE",
    "REASON_HELP",
    "RESEARCHGATE_HOST",
    "RESEARCHGATE_REQUEST",
    "EntryStatus",
    "Reason",
    "api_problem",
    "ended_message",
    "ends_service",
    "hold_original_hint",
    "pending_action",
]

CHANNELS = (
    "publisher_direct",
    "wayback_cdx_search",
    "author_personal_website",
    "scholar_all_versions",
    "oa_aggregators",
)
"""The five mechanical auto-steps, in chain order (§3.5; default ON, no opt-out)."""

LOCAL_FILE = "local_file"
"""Pseudo-channel: a file already under the sources folder — saved by the user after the
handoff, or by an interrupted run — verified before the chain and recorded without fetching."""

RESEARCHGATE_REQUEST = "researchgate_request"
"""The human-handoff terminal step; never automated (round-1 codex F-007)."""

RESEARCHGATE_HOST = "researchgate.net"
"""No request of any kind goes to this host or its subdomains."""


def pending_action(citation_key: str) -> str:
    """``researchgate_request_<refcode>``, the pending_user_action name of §3.5."""
    return f"{RESEARCHGATE_REQUEST}_{citation_key}"


class Reason(str, Enum):
    """Why one attempt did not yield a verified original."""

    PAYWALL_403 = "paywall_403"
    WAF_BLOCKED = "waf_blocked"
    LOGIN_REDIRECT = "login_redirect"
    NOT_FOUND = "not_found"
    NOT_INDEXED = "not_indexed"
    RATE_LIMITED = "rate_limited"
    SERVER_ERROR = "server_error"
    HTTP_ERROR = "http_error"
    TIMEOUT = "timeout"
    NETWORK_ERROR = "network_error"
    INVALID_URL = "invalid_url"
    BLOCKED_HOST = "blocked_host"
    TOO_LARGE = "too_large"
    BAD_RESPONSE = "bad_response"
    NOT_PDF_OR_HTML = "not_pdf_or_html"
    LANDING_PAGE_ONLY = "landing_page_only"
    PDF_UNREADABLE = "pdf_unreadable"
    CONTENT_MATCH_FAILED = "content_match_failed"
    IDENTITY_UNCERTAIN = "identity_uncertain"
    NOT_CONFIGURED = "not_configured"
    NO_IDENTIFIER = "no_identifier"
    INTERRUPTED = "interrupted"


REASON_HELP: dict[Reason, str] = {
    Reason.PAYWALL_403: "HTTP 402/403 without a bot-challenge signature: the copy is paywalled",
    Reason.WAF_BLOCKED: "a bot-protection challenge (Cloudflare, Vercel, Akamai, …) answered",
    Reason.LOGIN_REDIRECT: "redirected to a sign-in page, a login form, or HTTP 401",
    Reason.NOT_FOUND: "HTTP 404/410, no record for the identifier, or no candidate link at all",
    Reason.NOT_INDEXED: "the archive or service has no capture or open copy to try",
    Reason.RATE_LIMITED: "HTTP 429 still after the allowed retries, or Retry-After too long",
    Reason.SERVER_ERROR: "HTTP 5xx still after the allowed retries",
    Reason.HTTP_ERROR: "another unexpected HTTP status (e.g. an API refusing its key)",
    Reason.TIMEOUT: "no answer within the configured timeout",
    Reason.NETWORK_ERROR: "DNS, connection, TLS or redirect-loop failure",
    Reason.INVALID_URL: "the URL is not an absolute http(s) URL",
    Reason.BLOCKED_HOST: "the URL points at ResearchGate; refused before any request",
    Reason.TOO_LARGE: "the response exceeded max_bytes",
    Reason.BAD_RESPONSE: "an API answered with something that is not the JSON it documents",
    Reason.NOT_PDF_OR_HTML: "the response is neither a PDF nor an HTML page",
    Reason.LANDING_PAGE_ONLY: "an HTML landing page without a working full-text PDF link",
    Reason.PDF_UNREADABLE: "the PDF is broken, encrypted or has no text layer on the checked pages",
    Reason.CONTENT_MATCH_FAILED: "the identity decision says different: another work",
    Reason.IDENTITY_UNCERTAIN: "weak or ambiguous identity: kept as a candidate for a human",
    Reason.NOT_CONFIGURED: "the channel needs configuration that is missing (homepages, API key)",
    Reason.NO_IDENTIFIER: "the entry has no DOI/URL/title this channel can use",
    Reason.INTERRUPTED: "the run was interrupted (Ctrl-C, SIGTERM) before an answer came",
}


class EntryStatus(str, Enum):
    """The outcome of one passport entry."""

    ACQUIRED = "acquired"
    PENDING_USER_ACTION = "pending_user_action"
    ALREADY_ACQUIRED = "already_acquired"
    UNVERIFIABLE = "unverifiable"
    NETWORK_UNAVAILABLE = "network_unavailable"
    """No request got any answer (offline, DNS): retry later; not a ResearchGate handoff."""


def ends_service(status: int) -> bool:
    """A refusal (401/403) or a rate limit still after the retries (429): the service is
    over for the run, and later questions to it fail at once with the same reason."""
    return status in (401, 403, 429)


def ended_message(service: str, why: str) -> str:
    quota = " (its daily quota is likely used up; run again tomorrow)" if "429" in why else ""
    return f"{service} is not asked again in this run{quota}: {why}"


#: The setting that holds each keyed service's API key in ``[retrieval]``.
_KEY_SETTINGS = {
    "openalex": "openalex_api_key",
    "semantic_scholar": "semantic_scholar_api_key",
    "core": "core_api_key",
}


def api_problem(service: str, status: int, tries: int = 1) -> tuple[Reason, str] | None:
    """Why an API's answer is not one to read (``None`` for a 2xx): the reason of the
    vocabulary and a message that says what to do. Shared by retrieve and lookup."""
    if 200 <= status < 300:
        return None
    if status in (404, 410):
        return Reason.NOT_FOUND, f"{service} has no record (HTTP {status})"
    if status in (401, 403) and service == "openalex":
        return (
            Reason.RATE_LIMITED,
            f"openalex refused the request (HTTP {status}): OpenAlex answers 403 when "
            "requests come too fast and when no API key is sent (it requires one); set "
            "openalex_api_key in [retrieval]",
        )
    if status in (401, 403):
        key = _KEY_SETTINGS.get(service)
        hint = (
            f"check {key} and contact_email in the [retrieval] config"
            if key
            else "check contact_email in the [retrieval] config, or try again later"
        )
        return Reason.HTTP_ERROR, f"{service} refused the request (HTTP {status}); {hint}"
    if status == 429:
        return Reason.RATE_LIMITED, f"{service} answered HTTP 429 still after {tries} request(s)"
    if status >= 500:
        return Reason.SERVER_ERROR, f"{service} answered HTTP {status}"
    return Reason.HTTP_ERROR, f"{service} answered HTTP {status}"


def hold_original_hint(key: str, shown: str) -> str:
    """What a scan with no text layer needs instead (issue 40): retrieve never records it as
    checked; a person who holds the original says so with ``hold-original``."""
    return (
        f"; if it is an image-only scan of the original you hold (or you hold it on paper), "
        f"record that yourself: ars-docs hold-original {key} --form image-scan "
        f"--where TEXT --file {shown}"
    )
