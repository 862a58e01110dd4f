"""On-disk response cache of the retrieval HTTP layer (§3.5, "a rerun does not refetch").

One file per request (URL plus the headers that change the answer): a JSON
header line (status, headers, time, the request key), a newline, then the
body. Where the files live and when one is believed is the rule every cache
shares (``files.cache``: folders and files only this user can write,
the whole file checked against its SHA-256 on read), so a damaged, edited or
planted entry is ignored (the request goes to the network), never trusted.
Entries older than ``cache_max_age_days``, dated after now, or whose fields do
not have the types ``put`` writes are ignored. Failures and transient
answers (429, 5xx, bot challenges, network errors) are never stored, so a
rerun retries them. The cache is a convenience, not a record: when it cannot
be read or written the request simply goes to the network. The attempt log is
the record.

Location: ``cache_dir`` from the config, else ``<cache root>/retrieval``;
``ARS_DOCS_NO_CACHE=1`` or ``cache_max_age_days = 0`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from ars_docs.files.cache import private_folder, read_entry, write_entry
from ars_docs.retrieval.types import RawResponse

__all__ = ["CACHEABLE_STATUSES", "ResponseCache", "ResponseStore"]

CACHEABLE_STATUSES = frozenset({200, 203, 300, 301, 302, 303, 307, 308, 401, 402, 403, 404, 410})
_FORMAT = 3  # 3: the key in the header, the hash over the whole file


class ResponseStore(Protocol):
    """What ``PoliteHttp`` needs of a cache (this file cache, lookup's SQLite one)."""

    def get(self, key: str) -> RawResponse | None: ...
    def put(self, key: str, url: str, response: RawResponse) -> None: ...


class ResponseCache:
    """Responses by request key under ``root/sub``; ``writable=False`` (a dry run) only reads.

    ``root`` is where the trust rule starts (the cache root, or the configured
    ``cache_dir``): every folder from it down to an entry's must be private.
    """

    def __init__(
        self,
        root: Path,
        *,
        max_age: float,
        wall: Callable[[], float],
        writable: bool,
        sub: tuple[str, ...] = (),
    ) -> None:
        self.root = root
        self.sub = sub
        self.folder = root.joinpath(*sub)
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

    def _folder(self, key: str, *, create: bool) -> Path | None:
        return private_folder(self.root, *self.sub, key[:2], create=create)

    def get(self, key: str) -> RawResponse | None:
        folder = self._folder(key, create=False)
        data = read_entry(folder / f"{key}.http") if folder is not None else None
        if data is None:
            return None  # missing, untrusted or damaged: go to the network
        try:
            head, _, body = data.partition(b"\n")
            meta = json.loads(head)
            if not isinstance(meta, dict) or meta.get("format") != _FORMAT:
                return None
            if meta.get("key") != key:
                return None  # another request's answer under this name
            status, headers = meta.get("status"), meta.get("headers")
            stored_at: Any = meta.get("stored_at")
            # Each field as ``put`` writes it (the seal proves nothing about types: anyone
            # can compute it); a time after now would never expire, so it is a miss too.
            if not (
                type(status) is int
                and status in CACHEABLE_STATUSES
                and isinstance(headers, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in headers.items())
                and isinstance(stored_at, (int, float))
                and not isinstance(stored_at, bool)
                and math.isfinite(stored_at)
                and 0 <= self.wall() - stored_at <= self.max_age
            ):
                return None
            return RawResponse(status, dict(headers), body)
        except (ValueError, KeyError, TypeError, OverflowError, RecursionError):
            return None

    def put(self, key: str, url: str, response: RawResponse) -> None:
        if not self.writable or response.status not in CACHEABLE_STATUSES:
            return
        folder = self._folder(key, create=True)
        if folder is None:
            return  # best effort, see the module docstring
        meta = {
            "format": _FORMAT,
            "key": key,
            "url": url,
            "status": response.status,
            "headers": dict(response.headers),
            "stored_at": self.wall(),
        }
        head = json.dumps(meta, ensure_ascii=True, sort_keys=True).encode("ascii")
        write_entry(folder / f"{key}.http", head + b"\n" + response.body)
