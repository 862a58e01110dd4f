"""The worker pool of a retrieval run, and how it stops (§3.5; issue 15 §2 "interruption").

Entries run ``concurrency`` at a time. Each entry's attempt-log block is
appended in passport order as soon as the entries before it are done; a
file's provenance (``saving``/``candidate`` records: URL, channel, SHA-256,
path) is appended *before* the file appears under its final name, whatever
the order, so a kill at any instant leaves no file the log cannot explain.

On Ctrl-C or SIGTERM (the CLI turns it into ``KeyboardInterrupt``) the HTTP
layer is cancelled at once: no new request, waits end, bodies stop at the
next chunk. The pool is given ``GRACE`` seconds; what it is still waiting for
is printed, finished entries are logged, and ``RetrievalInterrupted`` says
which requests were left running (the CLI then exits without waiting).
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor, as_completed, wait
from pathlib import Path
from typing import Any, TextIO

from ars_docs.core.clock import Clock
from ars_docs.retrieval.chain import EntryOutcome, run_entry
from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.handoff import entry_records
from ars_docs.retrieval.net.http import PoliteHttp
from ars_docs.retrieval.progress import Progress
from ars_docs.retrieval.store.attemptlog import AttemptLog, attempt_log_path, read_attempt_log
from ars_docs.retrieval.walk.channels import default_chain
from ars_docs.session.corpus import CorpusEntry

__all__ = ["GRACE", "RetrievalInterrupted", "new_run_id", "run_all", "saved_files"]

GRACE = 2.0
"""Seconds in-flight requests get to stop after an interruption."""


class RetrievalInterrupted(KeyboardInterrupt):
    """Ctrl-C/SIGTERM during a run; ``still_running`` names requests that did not stop."""

    def __init__(self, still_running: list[str]) -> None:
        super().__init__("retrieval interrupted")
        self.still_running = still_running


def new_run_id() -> str:
    return secrets.token_hex(6)


def saved_files(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """SHA-256 → the ``saving`` record that announced a file (the latest wins)."""
    return {
        str(r["sha256"]): r
        for r in records
        if r.get("event") in ("saving", "candidate") and isinstance(r.get("sha256"), str)
    }


def run_all(
    todo: list[CorpusEntry],
    http: PoliteHttp,
    config: RetrievalConfig,
    *,
    sources: Path,
    passport: Path,
    dry_run: bool,
    workers: int,
    clock: Clock,
    run_id: str,
    accept_unchecked: bool,
    stream: TextIO | None,
    summary: Callable[[EntryOutcome], str],
) -> list[EntryOutcome]:
    chain = default_chain()
    log = None if dry_run else AttemptLog(attempt_log_path(passport))
    before = saved_files(read_attempt_log(log.path)) if log is not None else {}
    results: list[EntryOutcome | None] = [None] * len(todo)
    logged = 0
    progress = Progress(len(todo), stream) if stream is not None else None

    def write(done: EntryOutcome) -> None:
        if log is not None:
            records = entry_records(done, clock, passport=passport, sources=sources)
            log.append([{**r, "run_id": run_id} for r in records])

    def announcer(key: str) -> Callable[[str, dict[str, Any]], None] | None:
        if log is None:
            return None

        def announce(event: str, fields: dict[str, Any]) -> None:
            head = {"time": clock.rfc3339(), "refcode": key, "event": event, "run_id": run_id}
            assert log is not None
            log.append([{**head, **fields}])

        return announce

    pool = ThreadPoolExecutor(max_workers=max(1, min(workers, len(todo))))
    futures: dict[Future[EntryOutcome], int] = {}
    interrupted = False
    try:
        for index, entry in enumerate(todo):
            job = pool.submit(
                run_entry,
                entry,
                http=http,
                config=config,
                chain=chain,
                sources=sources,
                base=passport.parent,
                save=not dry_run,
                announce=announcer(entry.citation_key),
                accept_unchecked=accept_unchecked,
                saved_before=before,
            )
            futures[job] = index
        for future in as_completed(futures):
            outcome = future.result()
            results[futures[future]] = outcome
            if progress is not None:
                progress.update(outcome.citation_key, summary(outcome))
            while logged < len(results) and (done := results[logged]) is not None:
                write(done)
                logged += 1
    except KeyboardInterrupt:
        interrupted = True
        http.cancel()
        raise
    finally:
        still = _stop(pool, futures, http, stream) if interrupted else []
        if not interrupted:
            pool.shutdown(wait=True, cancel_futures=True)
        if progress is not None:
            progress.close()
        # After an error or an interruption, still log every entry that finished, in order.
        for future, index in futures.items():
            finished = future.done() and not future.cancelled()
            if results[index] is None and finished and future.exception() is None:
                results[index] = future.result()
        for done in results[logged:]:
            if done is not None:
                write(done)
        if interrupted:
            raise RetrievalInterrupted(still)
    return [r for r in results if r is not None]


def _stop(
    pool: ThreadPoolExecutor,
    futures: Mapping[Future[EntryOutcome], int],
    http: PoliteHttp,
    stream: TextIO | None,
) -> list[str]:
    """Cancel what has not started, give the rest ``GRACE`` seconds; what still runs."""
    pool.shutdown(wait=False, cancel_futures=True)
    running = [f for f in futures if not f.done()]
    waiting = http.in_flight()
    if stream is not None and (running or waiting):
        shown = ", ".join(waiting) or "entries between requests"
        with contextlib.suppress(OSError, ValueError):
            print(
                f"\nars-docs: interrupted; stopping {len(running)} running entr"
                f"{'y' if len(running) == 1 else 'ies'} (at most {GRACE:g} s): waiting for "
                f"{shown}",
                file=stream,
                flush=True,
            )
    # A second Ctrl-C ends the grace period, not the logging of finished entries.
    with contextlib.suppress(KeyboardInterrupt):
        wait(running, timeout=GRACE)
    return http.in_flight() if any(not f.done() for f in running) else []
