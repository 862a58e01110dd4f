"""``retrieve``: the retrieval fallback chain over a passport's entries (§3.5, §4 Step 5).

``retrieve_originals`` runs ``retrieval.retrieve`` with the caller's options and
returns its report; ``retrieve_exit_code`` decides what the run means: 1 when
an entry still waits for a person (the ResearchGate handoff) or could not be
verified or reached, else 0.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from ars_docs.core.errors import ExitCode

if TYPE_CHECKING:
    from ars_docs.retrieval import RetrievalReport

__all__ = ["retrieve_exit_code", "retrieve_next_steps", "retrieve_originals"]


def retrieve_originals(
    passport: str,
    *,
    keys: Sequence[str] = (),
    sources_dir: str | None = None,
    config: str | None = None,
    concurrency: int | None = None,
    dry_run: bool = False,
    refresh: bool = False,
    record_unchecked: bool = False,
    progress: TextIO | None = None,
) -> RetrievalReport:
    """Fetch and verify the originals of ``keys`` (default: every entry not yet acquired)."""
    from ars_docs.retrieval import RetrieveOptions, Runtime, retrieve

    options = RetrieveOptions(
        keys=tuple(keys),
        sources_dir=sources_dir,
        config=config,
        concurrency=concurrency,
        dry_run=dry_run,
        refresh=refresh,
        record_unchecked=record_unchecked,
    )
    return retrieve(passport, options, Runtime(progress=progress))


def retrieve_exit_code(report: RetrievalReport) -> ExitCode:
    """1 when some entry ends unfinished (pending a person, unverifiable, unreachable)."""
    from ars_docs.retrieval import EntryStatus

    unfinished = (
        EntryStatus.PENDING_USER_ACTION,
        EntryStatus.UNVERIFIABLE,
        EntryStatus.NETWORK_UNAVAILABLE,
    )
    failed = any(e.status in unfinished for e in report.entries)
    return ExitCode.CHECK_FAILED if failed else ExitCode.OK


def retrieve_next_steps(report: RetrievalReport) -> list[str]:
    """What to do once originals were saved: a person checks each file, then records it."""
    if report.dry_run or not report.updated:
        return []
    keys = " ".join(shlex.quote(key) for key in report.updated)
    return [
        f"open each saved original and check it against its entry, then ars-docs verify "
        f"{keys} --passport {shlex.quote(str(report.passport))} --method manual_grep (or "
        "vision_check, codex_audit: how it was checked)"
    ]
