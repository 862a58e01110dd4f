"""A lookup run over a passport or a bibliography: select, ask, decide, record.

``lookup`` picks the entries (the named keys; else every entry never checked,
checked while the services were unreachable, or changed since its check —
``recheck`` takes them all), checks up to ``concurrency`` entries at a time
(politeness per host is the HTTP layer's job, ``retrieval/net/http.py``), and
writes each verdict into its entry (``lookup:``) with the byte-preserving
passport editor: every ``WRITE_EVERY`` seconds and at the end, so a run
killed half-way keeps most of what it learned, and every answer it got is in
the response cache — a rerun asks the network only what it did not get.
A bare bibliography (BibTeX, CSL-JSON, RIS) and a dry run are never written.

Without KEYs a run checks the entries whose record is missing, ``unreachable``,
out of date (the entry changed), incomplete (a source that decides the verdict
or the retraction status did not answer: ``unanswered``), or — for an online
run — made from a snapshot.

A verdict that says what the record already says is not written again (so a
rerun from the cache changes nothing, byte for byte); ``checked_at`` moves
only when some answer came fresh from a service. An ``unreachable`` verdict is
never written where the entry has no record: it says nothing about the work,
and "never looked up" is what the gate should keep saying (``keep.settle``
keeps an earlier record the same way).

**Without a network.** When the first ``NO_NETWORK_AFTER`` entries checked get
no answer at all from any service, and none of the failures is an HTTP
answer (connections refused, names that do not resolve, timeouts), the run
stops there: nothing is written, and the report says so once
(``LookupReport.no_network``) and names ``--offline`` — instead of a line and
an ``unreachable`` record per entry after minutes of timeouts.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from ars_docs.core.clock import Clock
from ars_docs.core.errors import InputDataError
from ars_docs.lookup.batch.keep import settle
from ars_docs.lookup.batch.report import EntryResult, LookupReport, passport_record
from ars_docs.lookup.batch.setup import Setup
from ars_docs.lookup.entry.check import Registries
from ars_docs.lookup.entry.decide import check_entry
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.verdict import Verdict
from ars_docs.retrieval.runtime import Runtime
from ars_docs.session.corpus import Corpus, CorpusEntry, load_corpus
from ars_docs.session.lookup_record import lookup_facts

__all__ = ["WRITE_EVERY", "LookupOptions", "LookupRuntime", "lookup", "select"]

WRITE_EVERY = 30.0
"""Seconds between passport writes during a long run."""

NO_NETWORK_AFTER = 3
"""Entries that get no answer from any service before a run decides there is no network."""


@dataclass(frozen=True)
class LookupOptions:
    keys: Sequence[str] = ()
    recheck: bool = False
    """Check every entry, also those whose record is current (``--all``)."""
    refresh: bool = False
    """Ignore cached answers (fresh ones are still cached)."""
    offline: str | None = None
    """Answer from this snapshot index instead of the network."""
    config: str | None = None
    dry_run: bool = False
    concurrency: int | None = None
    bibliography: bool = False
    """The source is a bare bibliography (BibTeX, CSL-JSON, RIS), never written."""


LookupRuntime = Runtime
"""What a test or an application may inject: the same ``Runtime`` as ``retrieve``'s."""


class LookupInterrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM: what finished is written; ``report`` says what was done."""

    def __init__(self, report: LookupReport) -> None:
        super().__init__()
        self.report = report


def lookup(
    source: str | os.PathLike[str],
    options: LookupOptions | None = None,
    runtime: LookupRuntime | None = None,
) -> LookupReport:
    """Check the selected entries; raises ``ArsError`` with the documented exit codes."""
    from ars_docs.lookup.batch.setup import open_registries

    options = options or LookupOptions()
    runtime = runtime or LookupRuntime()
    env = os.environ if runtime.environ is None else runtime.environ
    clock = runtime.clock or Clock.from_env(env)
    corpus = _corpus(source, options)
    writes = not (options.dry_run or options.bibliography)
    todo, current = select(corpus, options)
    report = LookupReport(str(source), writes, offline=options.offline, dry_run=options.dry_run)
    if not todo:
        report.results = [EntryResult.current(e.citation_key, e.data) for e in current]
        return report
    if writes:
        from ars_docs.files.atomic import ensure_writable

        ensure_writable(Path(source))
    setup = open_registries(source, options, runtime, env)
    report.cache_note = setup.cache_note
    done: dict[str, EntryResult] = {}
    try:
        _run(todo, setup.registries, setup, options, clock, report, done, runtime.progress)
    finally:
        report.requests = setup.requests()
        setup.close()
        order = {key: n for n, key in enumerate(corpus.entries)}
        results = list(done.values()) + [
            EntryResult.current(e.citation_key, e.data) for e in current
        ]
        report.results = sorted(results, key=lambda r: order.get(r.key, len(order)))
    return report


def select(corpus: Corpus, options: LookupOptions) -> tuple[list[CorpusEntry], list[CorpusEntry]]:
    """(entries to check, entries whose record is current and are left alone)."""
    if options.keys:
        unknown = [key for key in dict.fromkeys(options.keys) if key not in corpus]
        if unknown:
            problems = []
            for key in unknown:
                close = corpus.closest_keys(key)
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                problems.append(f"'{key}'{hint}")
            raise InputDataError(
                f"{corpus.path}: citation_key(s) not in literature_corpus[]: "
                f"{', '.join(problems)}; nothing was looked up"
            )
        return [corpus.entries[key] for key in dict.fromkeys(options.keys)], []
    todo: list[CorpusEntry] = []
    current: list[CorpusEntry] = []
    for entry in corpus.entries.values():
        (todo if options.recheck or _due(entry.data, options) else current).append(entry)
    return todo, current


def _due(entry: Mapping[str, Any], options: LookupOptions) -> bool:
    """Whether the entry's record needs a new check (module docstring)."""
    facts = lookup_facts(entry)
    record = entry.get("lookup")
    if facts.status in (None, "unreachable") or facts.stale or not isinstance(record, Mapping):
        return True
    if record.get("unanswered"):
        return True  # a source that decides the verdict or the retraction did not answer
    # A snapshot's verdict is weaker evidence: the next online run checks it again.
    return bool(record.get("offline")) and not options.offline


def _corpus(source: str | os.PathLike[str], options: LookupOptions) -> Corpus:
    if options.bibliography:
        from ars_docs.bibliography import bibliography_corpus

        return bibliography_corpus(source)
    return load_corpus(source, use_cache=not options.dry_run)


def _run(
    todo: list[CorpusEntry],
    registries: Registries,
    setup: Setup,
    options: LookupOptions,
    clock: Clock,
    report: LookupReport,
    done: dict[str, EntryResult],
    stream: TextIO | None,
) -> None:
    from ars_docs.lookup.batch.progress import LookupProgress

    progress = LookupProgress(len(todo), stream)
    pending: dict[str, dict[str, Any]] = {}
    last_write = time.monotonic()
    workers = max(1, min(options.concurrency or setup.concurrency, len(todo)))
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="lookup")
    futures: dict[Future[tuple[Verdict, int]], CorpusEntry] = {}

    # While every result so far got no answer at all, their progress lines wait: a run
    # that turns out to have no network prints one line, not one per entry.
    blind: list[tuple[str, EntryResult]] = []
    seen_answer = bool(options.offline)

    def take(future: Future[tuple[Verdict, int]]) -> None:
        nonlocal seen_answer
        entry = futures[future]
        verdict, requests = future.result()
        result = _result(entry, verdict, requests, clock, options)
        done[entry.citation_key] = result
        if result.changed and report.writes:
            pending[entry.citation_key] = dict(result.record)
        if not seen_answer and no_answer(verdict):
            blind.append((entry.citation_key, result))
            return
        seen_answer = True
        for key, earlier in blind:
            progress.update(key, earlier)
        blind.clear()
        progress.update(entry.citation_key, result)

    try:
        for entry in todo:
            futures[pool.submit(_check, entry, registries, setup)] = entry
        for future in as_completed(futures):
            take(future)
            if not seen_answer and len(blind) >= min(NO_NETWORK_AFTER, len(todo)):
                report.no_network = _no_network_detail(blind[0][1].verdict)
                setup.cancel()
                pool.shutdown(wait=False, cancel_futures=True)
                progress.close()
                return
            if pending and time.monotonic() - last_write >= WRITE_EVERY:
                _write(report, pending)
                last_write = time.monotonic()
    except BaseException as stopped:
        # Whatever stopped the run, what finished is written (and the answers are cached),
        # including checks that finished while the run was being stopped.
        report.interrupted = isinstance(stopped, KeyboardInterrupt)
        setup.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        for future, entry in futures.items():
            finished = future.done() and not future.cancelled() and future.exception() is None
            if finished and entry.citation_key not in done:
                take(future)
        try:
            _write(report, pending)
        finally:
            progress.close()
        if report.interrupted:
            raise LookupInterrupted(report) from None
        raise
    pool.shutdown(wait=True)
    for key, earlier in blind:
        progress.update(key, earlier)
    _write(report, pending)
    progress.close()


def no_answer(verdict: Verdict | None) -> bool:
    """No service answered anything, and no failure was an HTTP answer (the network, not
    the services, is what failed). A verdict from the cache or a snapshot has answers."""
    if verdict is None or not verdict.answers:
        return False
    return all(not a.answered and a.status is None for a in verdict.answers)


def _no_network_detail(verdict: Verdict | None) -> str:
    for answer in verdict.answers if verdict else ():
        if answer.detail:
            return f"{answer.service}: {answer.detail}"
    return "no service answered"


def _check(entry: CorpusEntry, registries: Registries, setup: Setup) -> tuple[Verdict, int]:
    setup.begin()
    verdict = check_entry(Query.from_entry(entry.citation_key, entry.data), registries)
    return verdict, setup.counted()


def _result(
    entry: CorpusEntry, verdict: Verdict, requests: int, clock: Clock, options: LookupOptions
) -> EntryResult:
    previous = entry.data.get("lookup")
    new, note = settle(
        previous, passport_record(verdict, entry.data, clock.rfc3339(), options.offline)
    )
    fresh = not options.offline and any(not a.cached for a in verdict.answers if a.url)
    cached = sum(1 for a in verdict.answers if a.cached)
    old: Mapping[str, Any] | None = previous if isinstance(previous, Mapping) else None
    same = old is not None and _same(old, new)
    if old is None and new.get("status") == "unreachable":
        # Nothing to keep and nothing learned: the entry stays "never looked up".
        record: Mapping[str, Any] = new
        changed = False
    elif old is not None and same and not fresh:
        record = old
        changed = False
    else:
        record = new
        changed = old is None or not same or old.get("checked_at") != new.get("checked_at")
    data = {**entry.data, "lookup": record}
    return EntryResult(
        entry.citation_key,
        str(record.get("status")),
        record,
        lookup_facts(data),
        verdict,
        changed,
        requests,
        cached,
        note,
    )


def _same(old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    strip = {k: v for k, v in old.items() if k != "checked_at"}
    return _canonical(strip) == _canonical({k: v for k, v in new.items() if k != "checked_at"})


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _write(report: LookupReport, pending: dict[str, dict[str, Any]]) -> None:
    if not pending or not report.writes:
        return
    from ars_docs.session.passport_edit import set_entry_fields

    def merge(
        key: str, current: Mapping[str, Any], fields: Mapping[str, Any]
    ) -> Mapping[str, Any] | None:
        # Another run may have written stronger evidence since this one read the passport.
        record, _ = settle(current.get("lookup"), fields["lookup"])
        return None if record == current.get("lookup") else {"lookup": record}

    written = set_entry_fields(
        report.source, {k: {"lookup": v} for k, v in pending.items()}, merge=merge
    )
    report.written += written
    pending.clear()
