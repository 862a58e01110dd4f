"""A retrieval run over a passport (§3.5, §4 Step 5): select, fetch, log, record.

``retrieve`` picks the entries (the given keys, else every entry whose
``source_acquired`` is not true), runs the chain for up to ``concurrency``
entries at a time (politeness per host is the HTTP layer's job), appends each
entry's attempts to the attempt log in passport order as soon as the entries
before it are done (so the log is the same whatever the timing), and finally
records the acquired sources in the passport with one verified in-place
rewrite. It never sets ``source_verified_against_original``: finding the
right file is not checking a description against it.

A dry run fetches and verifies (reading the response cache) but writes
nothing: no source file, no log line, no cache entry, no passport change.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs import __version__
from ars_docs.core.clock import Clock
from ars_docs.core.errors import ArsError, UsageError
from ars_docs.files.cache import cache_root
from ars_docs.retrieval.chain import EntryOutcome
from ars_docs.retrieval.config import RetrievalConfig, load_config
from ars_docs.retrieval.net.cache import ResponseCache
from ars_docs.retrieval.net.http import PoliteHttp, Politeness
from ars_docs.retrieval.plan import acquired_at, preflight, require_contact, select, sources_dir
from ars_docs.retrieval.reasons import EntryStatus
from ars_docs.retrieval.runner import new_run_id, run_all
from ars_docs.retrieval.runtime import Runtime
from ars_docs.retrieval.store.attemptlog import attempt_log_path
from ars_docs.retrieval.store.files import remove_stale_temporaries
from ars_docs.session.corpus import load_corpus
from ars_docs.session.passport_edit import set_entry_fields

__all__ = ["RetrievalReport", "RetrieveOptions", "Runtime", "retrieve"]


@dataclass(frozen=True)
class RetrieveOptions:
    """What the command line asks for."""

    keys: Sequence[str] = ()
    sources_dir: str | None = None
    """Overrides the config; relative to the working directory."""
    config: str | None = None
    concurrency: int | None = None
    dry_run: bool = False
    refresh: bool = False
    """Ignore cached responses (fresh answers are still cached)."""
    record_unchecked: bool = False
    """Record files the user saved under the sources folder for the named keys even when
    their identity cannot be confirmed (a scan, a weak match); they stay unverifiable."""


@dataclass
class RetrievalReport:
    passport: str
    log: str
    sources_dir: str
    config: str
    dry_run: bool
    entries: list[EntryOutcome] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    """Keys whose passport entry was rewritten."""
    requests: int = 0
    """Requests actually sent (cache hits not counted)."""

    def counts(self) -> dict[str, int]:
        return {s.value: sum(1 for e in self.entries if e.status is s) for s in EntryStatus}

    def to_dict(self) -> dict[str, Any]:
        return {
            "passport": self.passport,
            "log": self.log,
            "sources_dir": self.sources_dir,
            "config": self.config,
            "dry_run": self.dry_run,
            "counts": self.counts(),
            "passport_updated": self.updated,
            "requests": self.requests,
            "entries": [e.to_dict() for e in self.entries],
        }


def retrieve(
    passport: str | os.PathLike[str],
    options: RetrieveOptions | None = None,
    runtime: Runtime | None = None,
) -> RetrievalReport:
    """Run the chain for the selected entries; raises ``ArsError`` (documented exit codes)."""
    options = options or RetrieveOptions()
    runtime = runtime or Runtime()
    env = os.environ if runtime.environ is None else runtime.environ
    clock = runtime.clock or Clock.from_env(env)
    corpus = load_corpus(passport, use_cache=not options.dry_run)  # a dry run writes nothing
    if options.record_unchecked and not options.keys:
        raise UsageError(
            "--record-unchecked needs the citation keys named: it records files you checked "
            "yourself, one by one (ars-docs retrieve --passport P --record-unchecked KEY)"
        )
    todo, already = select(corpus, options.keys)
    config = load_config(options.config, passport, env)
    require_contact(config)
    base = Path(passport).parent
    sources = sources_dir(options.sources_dir, config, base)
    log_path = attempt_log_path(passport)
    report = RetrievalReport(
        str(passport), str(log_path), str(sources), config.source, options.dry_run
    )
    report.entries = [
        EntryOutcome(e.citation_key, EntryStatus.ALREADY_ACQUIRED, detail=acquired_at(e))
        for e in already
    ]
    if not todo:
        return report
    if not options.dry_run:
        preflight(Path(passport), sources, log_path)
        remove_stale_temporaries(sources)
    http = _http(config, options, runtime, env)
    try:
        outcomes = run_all(
            todo,
            http,
            config,
            sources=sources,
            passport=Path(passport),
            dry_run=options.dry_run,
            workers=options.concurrency or config.concurrency,
            clock=clock,
            run_id=runtime.run_id or new_run_id(),
            accept_unchecked=options.record_unchecked,
            stream=runtime.progress,
            summary=_summary,
        )
    finally:
        report.requests = http.sent
        if runtime.transport is None:
            http.close()
    report.entries += outcomes
    acquired = [o for o in outcomes if o.status is EntryStatus.ACQUIRED]
    if acquired and not options.dry_run:
        report.updated = _record(passport, acquired, clock)
    return report


def _record(
    passport: str | os.PathLike[str], acquired: list[EntryOutcome], clock: Clock
) -> list[str]:
    now = clock.rfc3339()
    updates = {
        o.citation_key: {
            "source_acquired": True,
            "source_acquisition_date": now,
            "source_acquisition_path": o.path,
        }
        for o in acquired
    }
    try:
        return set_entry_fields(passport, updates)
    except ArsError as exc:
        saved = ", ".join(str(o.path) for o in acquired)
        raise type(exc)(
            f"{exc.message}\nthe retrieved file(s) are saved ({saved}) and logged; after fixing "
            "the passport, run ars-docs retrieve again: saved files are verified and recorded "
            "without fetching"
        ) from exc


def _http(
    config: RetrievalConfig, options: RetrieveOptions, runtime: Runtime, env: Mapping[str, str]
) -> PoliteHttp:
    cache = None
    root = cache_root(env, config.cache_dir)  # None when ARS_DOCS_NO_CACHE is set
    if root is not None and config.cache_max_age_days > 0:
        cache = ResponseCache(
            root,
            max_age=config.cache_max_age_days * 86400,
            wall=runtime.wall,
            writable=not options.dry_run,
            sub=() if config.cache_dir else ("retrieval",),  # a configured cache_dir is its own
        )
    politeness = Politeness.from_config(
        config,
        f"ars-docs/{__version__} (citation source retrieval; mailto:{config.contact_email})",
    )
    return runtime.http(politeness, cache, refresh=options.refresh)


def _summary(outcome: EntryOutcome) -> str:
    if outcome.status is EntryStatus.ACQUIRED:
        return f"acquired via {outcome.channel} -> {outcome.path}"
    if outcome.status is EntryStatus.PENDING_USER_ACTION:
        return f"pending_user_action {outcome.pending_user_action}"
    return str(outcome.status.value)
