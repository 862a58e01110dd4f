"""The settings ``[retrieval]`` accepts, their defaults and limits (§3.5).

One table of keys shared by the config file reader and the environment
reader, so the two can never disagree about what a key means or allows.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

__all__ = [
    "ENDPOINT_DEFAULTS",
    "PATH_KEYS",
    "SCALAR_KEYS",
    "TABLES",
    "scalar_problem",
    "url_problem",
]

ENDPOINT_DEFAULTS: Mapping[str, str] = {
    "doi_resolver": "https://doi.org",
    "wayback_cdx": "https://web.archive.org/cdx/search/cdx",
    "wayback": "https://web.archive.org/web",
    "openalex": "https://api.openalex.org",
    "unpaywall": "https://api.unpaywall.org",
    "core": "https://api.core.ac.uk/v3",
    "crossref": "https://api.crossref.org",
    "arxiv": "https://arxiv.org",
    "europepmc": "https://europepmc.org",
    "europepmc_rest": "https://www.ebi.ac.uk/europepmc/webservices/rest",
    "arxiv_api": "https://export.arxiv.org/api",
    "semantic_scholar": "https://api.semanticscholar.org/graph/v1",
}
"""Base URL of each service; tests and mirrors point them elsewhere."""

# name -> (type, lowest allowed, highest allowed); the defaults are ``RetrievalConfig``'s
SCALAR_KEYS: Mapping[str, tuple[type, float | None, float | None]] = {
    "contact_email": (str, None, None),
    "openalex_api_key": (str, None, None),
    "core_api_key": (str, None, None),
    "semantic_scholar_api_key": (str, None, None),
    "sources_dir": (str, None, None),
    "cache_dir": (str, None, None),
    "min_interval": (float, 0, 3600),
    "timeout": (float, 0.01, 3600),
    "download_timeout": (float, 0.01, 86400),
    "max_retries": (int, 0, 10),
    "backoff": (float, 0, 600),
    "max_wait": (float, 0, 86400),
    "concurrency": (int, 1, 32),
    "max_bytes": (int, 1024, 10_000_000_000),
    "max_candidates": (int, 1, 50),
    "verify_pages": (int, 1, 10),
    "cache_max_age_days": (float, 0, 36500),
    "cdx_per_minute": (int, 1, 100_000),
    "arxiv_min_interval": (float, 0, 3600),
}
TABLES = ("endpoints", "author_homepages", "entry_homepages")
PATH_KEYS = ("sources_dir", "cache_dir")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+\Z")
#: Values sent in HTTP headers (User-Agent, API-key headers) must be printable ASCII.
_HEADER_KEYS = ("contact_email", "openalex_api_key", "core_api_key", "semantic_scholar_api_key")
_PRINTABLE_ASCII = re.compile(r"[\x21-\x7e]+\Z")


def scalar_problem(key: str, raw: Any) -> str:
    kind, low, high = SCALAR_KEYS[key]
    if kind is str:
        if not isinstance(raw, str) or not raw.strip():
            return f"expected a non-empty string, got {raw!r}"
        if key == "contact_email" and not _EMAIL.match(raw):
            return f"{raw!r} is not an e-mail address (name@example.org)"
        if key in _HEADER_KEYS and not _PRINTABLE_ASCII.match(raw):
            return _not_ascii(key, raw)
        return ""
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return f"expected a number, got {raw!r}"
    if kind is int and not isinstance(raw, int):
        return f"expected a whole number, got {raw!r}"
    if not math.isfinite(raw):
        return f"{raw!r} is not a finite number; give a value between {low} and {high}"
    if (low is not None and raw < low) or (high is not None and raw > high):
        return f"{raw!r} is out of range ({low}–{high})"
    return ""


def _not_ascii(key: str, raw: str) -> str:
    """Why ``raw`` cannot be sent in an HTTP header, and the ASCII form when there is one."""
    if key != "contact_email":
        return f"{raw!r} must be printable ASCII without spaces (it is sent in an HTTP header)"
    local, _, domain = raw.rpartition("@")
    hint = "use an address written in ASCII"
    if local.isascii() and _PRINTABLE_ASCII.match(local):
        with contextlib.suppress(UnicodeError):  # a domain IDNA cannot encode
            hint = f"write the domain in its ASCII form: {local}@{domain.encode('idna').decode()}"
    return f"{raw!r} is not ASCII, and the address is sent in the HTTP User-Agent header; {hint}"


def url_problem(url: Any) -> str:
    if not isinstance(url, str):
        return f"expected a URL string, got {url!r}"
    if any(char.isspace() or ord(char) < 32 or ord(char) == 127 for char in url):
        return f"{url!r} contains white space or control characters; give a URL without them"
    try:
        parts = urlsplit(url)
        hostname, _port = parts.hostname, parts.port  # both raise ValueError when malformed
    except ValueError as exc:
        return f"{url!r} is not a valid URL ({exc}); give an absolute http(s) URL"
    if parts.scheme not in ("http", "https") or not hostname:
        return f"{url!r} is not an absolute http(s) URL"
    return ""
