"""On-disk response cache of the retrieval HTTP layer (§3.5, "a rerun does not refetch").

One file per request (URL plus the headers that change the answer), written
atomically: a JSON header line, a newline, then the body. The header records
the body's SHA-256, so a damaged or edited entry is ignored (the request goes
to the network), never trusted. Entries older than
``cache_max_age_days`` are ignored. Failures and transient answers (429, 5xx,
bot challenges, network errors) are never stored, so a rerun retries them.
The cache is a convenience, not a record: when it cannot be read or written
the request simply goes to the network. The attempt log is the record.

Location: ``cache_dir`` from the config, else ``$ARS_DOCS_CACHE_DIR/retrieval``,
else ``$XDG_CACHE_HOME/ars-docs/retrieval``, else ``~/.cache/ars-docs/retrieval``;
``ARS_DOCS_NO_CACHE=1`` or ``cache_max_age_days = 0`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

from ars_docs.errors import OutputError
from ars_docs.retrieval.types import RawResponse
from ars_docs.session.atomic import write_bytes_atomic

__all__ = [
    "CACHEABLE_STATUSES",
    "ResponseCache",
    "ResponseStore",
    "cache_root",
    "default_cache_dir",
]

CACHEABLE_STATUSES = frozenset({200, 203, 300, 301, 302, 303, 307, 308, 401, 402, 403, 404, 410})
_FORMAT = 2


def cache_root(environ: Mapping[str, str]) -> Path | None:
    """ars-docs' cache folder (``$ARS_DOCS_CACHE_DIR``, ``$XDG_CACHE_HOME/ars-docs``,
    ``~/.cache/ars-docs``), shared by retrieve and lookup; ``None`` when caching is off
    (``ARS_DOCS_NO_CACHE``) or there is no home directory."""
    if environ.get("ARS_DOCS_NO_CACHE", "").strip() not in ("", "0"):
        return None
    folder = environ.get("ARS_DOCS_CACHE_DIR")
    if folder:
        return Path(folder)
    xdg = environ.get("XDG_CACHE_HOME")
    try:
        base = Path(xdg) if xdg else Path.home() / ".cache"
    except RuntimeError:  # no home directory
        return None
    return base / "ars-docs"


def default_cache_dir(environ: Mapping[str, str]) -> Path | None:
    """The retrieval cache folder by the rule in the module docstring; ``None`` when off."""
    root = cache_root(environ)
    return None if root is None else root / "retrieval"


class ResponseStore(Protocol):
    """What ``PoliteHttp`` needs of a cache (this file cache, lookup's SQLite one)."""

    def get(self, key: str) -> RawResponse | None: ...
    def put(self, key: str, url: str, response: RawResponse) -> None: ...


class ResponseCache:
    """Responses by request key; ``writable=False`` (a dry run) only reads."""

    def __init__(
        self, folder: Path, *, max_age: float, wall: Callable[[], float], writable: bool
    ) -> None:
        self.folder = folder
        self.max_age = max_age
        self.wall = wall
        self.writable = writable

    @staticmethod
    def key(url: str, headers: Mapping[str, str]) -> str:
        # Accept and Authorization change the answer; the key's secret never hits the disk.
        material = "\n".join(
            (url, headers.get("accept", ""), headers.get("authorization", ""))
        ).encode("utf-8", "surrogateescape")
        return hashlib.sha256(material).hexdigest()

    def _file(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.http"

    def get(self, key: str) -> RawResponse | None:
        try:
            data = self._file(key).read_bytes()
            head, _, body = data.partition(b"\n")
            meta = json.loads(head)
            if not isinstance(meta, dict) or meta.get("format") != _FORMAT:
                return None
            if self.wall() - float(meta["stored_at"]) > self.max_age:
                return None
            if hashlib.sha256(body).hexdigest() != meta["sha256"]:
                return None  # damaged: never trusted
            headers = {str(k): str(v) for k, v in dict(meta["headers"]).items()}
            return RawResponse(int(meta["status"]), headers, body)
        except (OSError, ValueError, KeyError, TypeError):
            return None  # missing or unreadable: go to the network

    def put(self, key: str, url: str, response: RawResponse) -> None:
        if not self.writable or response.status not in CACHEABLE_STATUSES:
            return
        meta = {
            "format": _FORMAT,
            "url": url,
            "status": response.status,
            "headers": dict(response.headers),
            "stored_at": self.wall(),
            "sha256": hashlib.sha256(response.body).hexdigest(),
        }
        head = json.dumps(meta, ensure_ascii=True, sort_keys=True).encode("ascii")
        target = self._file(key)
        try:
            os.makedirs(target.parent, exist_ok=True)
            write_bytes_atomic(target, head + b"\n" + response.body)
        except (OSError, OutputError):
            return  # best effort, see the module docstring
