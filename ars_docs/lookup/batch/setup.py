"""Where a lookup run's answers come from: the network (polite, cached) or a snapshot.

``open_registries`` builds, for the options given, the ``Registries`` the
checks ask and the handles the run needs around them: counting requests per
entry, cancelling on Ctrl-C, closing connections and the cache.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ars_docs import __version__
from ars_docs.lookup.entry.check import Registries

if TYPE_CHECKING:
    from ars_docs.lookup.batch.run import LookupOptions, LookupRuntime

__all__ = ["Setup", "open_registries"]

#: Entries checked at a time from a snapshot index (no politeness to keep).
OFFLINE_WORKERS = 4
#: The largest API answer taken (a Crossref record with a long reference list is ~1 MB).
API_MAX_BYTES = 16_000_000
#: Seconds a whole API answer may take to arrive (``download_timeout``, at most).
API_DOWNLOAD_TIMEOUT = 60.0


def _nothing() -> None:
    return None


@dataclass
class Setup:
    registries: Registries
    concurrency: int
    begin: Callable[[], None] = _nothing
    """Start counting this thread's requests (one entry)."""
    counted: Callable[[], int] = lambda: 0
    """Requests this thread sent since ``begin``."""
    requests: Callable[[], int] = lambda: 0
    """Requests sent in the whole run."""
    cancel: Callable[[], None] = _nothing
    close: Callable[[], None] = _nothing
    cache_note: str | None = None
    """Why the response cache is not used, when it is not (for the report)."""


def open_registries(
    source: str | os.PathLike[str],
    options: LookupOptions,
    runtime: LookupRuntime,
    env: Mapping[str, str],
) -> Setup:
    if options.offline:
        from ars_docs.lookup.index.registries import IndexRegistries, open_index

        index = open_index(options.offline)
        return Setup(IndexRegistries(index), OFFLINE_WORKERS, close=index.close)
    return _online(source, options, runtime, env)


def _online(
    source: str | os.PathLike[str],
    options: LookupOptions,
    runtime: LookupRuntime,
    env: Mapping[str, str],
) -> Setup:
    from ars_docs.lookup.batch.cache import SqliteResponseCache, lookup_cache_path
    from ars_docs.lookup.batch.fetch import Fetcher
    from ars_docs.lookup.batch.online import OnlineRegistries
    from ars_docs.retrieval.config import load_config
    from ars_docs.retrieval.net.http import Politeness
    from ars_docs.retrieval.plan import require_contact

    config = load_config(options.config, source, env)
    require_contact(config)
    cache = None
    note = None
    path = lookup_cache_path(config, env)
    if path is not None:
        cache = SqliteResponseCache(
            path,
            max_age=config.cache_max_age_days * 86400,
            wall=runtime.wall,
            writable=not options.dry_run,
        )
        note = cache.problem
    agent = f"ars-docs/{__version__} (citation lookup; mailto:{config.contact_email})"
    # API answers are small: the limits meant for PDFs would let one hostile answer cost
    # minutes and gigabytes.
    politeness = dataclasses.replace(
        Politeness.from_config(config, agent),
        max_bytes=min(config.max_bytes, API_MAX_BYTES),
        download_timeout=min(config.download_timeout, API_DOWNLOAD_TIMEOUT),
    )
    http = runtime.http(politeness, cache, refresh=options.refresh)

    def close() -> None:
        if runtime.transport is None:
            http.close()
        if cache is not None:
            cache.close()

    return Setup(
        OnlineRegistries(Fetcher(http), config),
        config.concurrency,
        begin=http.begin,
        counted=lambda: http.counted()[0],
        requests=lambda: http.sent,
        cancel=http.cancel,
        close=close,
        cache_note=f"response cache not used: {note}" if note else None,
    )
