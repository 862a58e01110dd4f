"""``ars-docs retrieve``: the retrieval fallback chain on the command line (§3.5, §4 Step 5).

The report goes to standard output
(text or ``--format json``), progress to standard error. Exit 0 when every
selected entry has its original (or nothing needed retrieving), 1 when at
least one entry ends in a pending user action (the ResearchGate handoff) or
cannot be verified; the documented error codes otherwise.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ars_docs.cli.common import (
    Subparsers,
    add_format,
    add_passport,
    concurrency_arg,
    passport_arg,
    sigterm_as_interrupt,
)
from ars_docs.cli.jsonout import payload, print_payload
from ars_docs.cli.output import QUIET, add_quiet
from ars_docs.core.errors import ExitCode
from ars_docs.retrieval import EntryStatus
from ars_docs.retrieval.handoff import handoff_instructions
from ars_docs.retrieval.reasons import LOCAL_FILE

if TYPE_CHECKING:
    from ars_docs.retrieval import RetrievalReport
    from ars_docs.retrieval.chain import EntryOutcome
    from ars_docs.retrieval.types import Attempt

__all__ = ["cmd_hold_original", "cmd_retrieve", "register"]

_WRITTEN = "source_acquired, source_acquisition_date, source_acquisition_path"


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "retrieve",
        help="fetch originals by the 5-step fallback chain and verify their content (§3.5); "
        "writes sources/<key>.pdf|.html, edits the passport, appends to the retrieval log",
    )
    p.set_defaults(handler=cmd_retrieve)
    p.add_argument(
        "keys",
        nargs="*",
        metavar="KEY",
        help="citation_key(s) to retrieve (default: every entry whose source_acquired is not true)",
    )
    add_passport(p, required=True)
    p.add_argument(
        "--sources-dir",
        metavar="DIR",
        help="where originals are saved (default: sources_dir from the config, else "
        "<passport folder>/sources)",
    )
    p.add_argument(
        "--config",
        metavar="FILE",
        help="settings file with a [retrieval] section (default: ars-docs.toml beside the "
        "passport, then in the working directory)",
    )
    p.add_argument(
        "--concurrency",
        metavar="N",
        type=concurrency_arg,
        help="entries retrieved at the same time, 1-32 (default: 4; requests to one host "
        "are never parallel)",
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="fetch and verify, but write nothing (no files, log, cache or passport change)",
    )
    p.add_argument(
        "--refresh", action="store_true", help="ignore cached responses and ask the services again"
    )
    p.add_argument(
        "--record-unchecked",
        action="store_true",
        help="record the file you saved as <sources>/KEY.pdf for the named KEYs even when its "
        "identity cannot be confirmed (a scan, a weak match); it stays unverifiable until you "
        "check it",
    )
    add_format(p)
    add_quiet(p, what="print the summary line only (and what to do next)")

    p = sub.add_parser(
        "hold-original",
        help="record that you, a person, hold the original on paper or as an image-only scan; "
        "edits the passport, appends to <passport-stem>_originals_held.yaml",
        description="Human-only (never retrieve, no MCP tool): asks you to confirm on a "
        "terminal; without one it needs --yes.",
    )
    p.set_defaults(handler=cmd_hold_original)
    p.add_argument("key", metavar="KEY", help="citation_key from the passport")
    add_passport(p, required=True)
    p.add_argument("--form", required=True, choices=("paper", "image-scan"), help="what you hold")
    p.add_argument("--where", required=True, metavar="TEXT", help="where it is kept")
    p.add_argument("--file", metavar="PATH", help="the scan, inside the passport's folder")
    p.add_argument("--yes", action="store_true", help="confirm without a terminal prompt")
    add_format(p)


def cmd_hold_original(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.holdings import hold_original

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    run = hold_original(
        passport, args.key, form=args.form, where=args.where, file=args.file, yes=args.yes
    )
    if args.format == "json":
        print_payload(payload("hold-original", {"key": args.key}, **run.to_dict()))
    else:
        print("\n".join(run.text_lines()))
    return int(ExitCode.OK)


def cmd_retrieve(args: argparse.Namespace) -> int:
    from ars_docs.commands.evidence.retrieve import retrieve_exit_code, retrieve_originals

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    previous = sigterm_as_interrupt()
    try:
        report = retrieve_originals(
            passport,
            keys=args.keys,
            sources_dir=args.sources_dir,
            config=args.config,
            concurrency=args.concurrency,
            dry_run=args.dry_run,
            refresh=args.refresh,
            record_unchecked=args.record_unchecked,
            progress=sys.stderr,
        )
    except KeyboardInterrupt as exc:
        # Finished entries are in the attempt log; every saved file's provenance was
        # logged before it was saved; the next run records saved files without fetching.
        print(
            "ars-docs: retrieve interrupted; finished entries are logged and their files "
            "saved; run the same command again to record them in the passport",
            file=sys.stderr,
            flush=True,
        )
        if getattr(exc, "still_running", None):
            # Requests stuck in a blocking read: do not wait for their timeout.
            sys.stdout.flush()
            os._exit(int(ExitCode.INTERRUPTED))
        return int(ExitCode.INTERRUPTED)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    if args.format == "json":
        data = report.to_dict()
        summary = {
            "passport": data["passport"],
            "dry_run": data["dry_run"],
            "entries": len(data["entries"]),
            "counts": data["counts"],
            "passport_updated": len(data["passport_updated"]),
            "requests": data["requests"],
        }
        print_payload(payload("retrieve", summary, **data))
    else:
        _print_report(report, sys.stdout, quiet=args.verbosity == QUIET)
    return int(retrieve_exit_code(report))


def _print_report(report: RetrievalReport, out: TextIO, *, quiet: bool = False) -> None:
    if not report.entries:
        print(
            f"{report.passport}: nothing to retrieve (every entry has source_acquired: true)",
            file=out,
        )
        return
    counts = ", ".join(f"{name} {n}" for name, n in report.counts().items())
    dry = " (dry run: nothing written)" if report.dry_run else ""
    size = len(report.entries)
    noun = "entry" if size == 1 else "entries"
    print(f"{report.passport}: {size} {noun}: {counts}{dry}", file=out)
    if quiet:
        _print_next(report, out)
        return
    for entry in report.entries:
        print(f"{entry.citation_key}: {_headline(entry, report.dry_run)}", file=out)
        for attempt in entry.attempts:
            print(f"  {_attempt_line(attempt)}", file=out)
    if report.updated:
        print(
            f"passport: recorded {_WRITTEN} for {', '.join(report.updated)}; "
            "source_verified_against_original is unchanged: check each file against its "
            "description before claiming that",
            file=out,
        )
    if not report.dry_run:
        print(f"attempt log: {report.log}", file=out)
    print(f"requests sent: {report.requests} (config: {report.config})", file=out)
    for entry in report.entries:
        if entry.status is EntryStatus.PENDING_USER_ACTION:
            print("", file=out)
            print(
                handoff_instructions(
                    entry, passport=Path(report.passport), sources=Path(report.sources_dir)
                ),
                file=out,
            )
    _print_next(report, out)


def _print_next(report: RetrievalReport, out: TextIO) -> None:
    from ars_docs.commands.evidence.retrieve import retrieve_next_steps

    for step in retrieve_next_steps(report):
        print(f"next: {step}", file=out)


def _headline(entry: EntryOutcome, dry_run: bool) -> str:
    if entry.status is EntryStatus.ACQUIRED and entry.channel == LOCAL_FILE:
        return f"acquired via {LOCAL_FILE}; verified the file already at {entry.path}"
    if entry.status is EntryStatus.ACQUIRED:
        verb = "would save" if dry_run else "saved"
        return f"acquired via {entry.channel}; {verb} {entry.path}"
    if entry.status is EntryStatus.PENDING_USER_ACTION and entry.candidates:
        kept = entry.candidates[0]
        where = kept["path"] or "not saved (dry run)"
        return (
            f"identity not certain; pending_user_action: {entry.pending_user_action}; "
            f"candidate {where} ({kept['match']}: {', '.join(kept['match_reasons'])})"
        )
    if entry.status is EntryStatus.PENDING_USER_ACTION:
        return f"not found; pending_user_action: {entry.pending_user_action}"
    return f"{entry.status.value}: {entry.detail}"


def _attempt_line(attempt: Attempt) -> str:
    channel = f"{attempt.channel}/{attempt.service}" if attempt.service else attempt.channel
    status = f" HTTP {attempt.http_status}" if attempt.http_status is not None else ""
    verdict = attempt.reason.value if attempt.reason else "verified"
    cached = " (cached)" if attempt.cached else ""
    return f"{channel}: {verdict}{status} {attempt.url or '-'}{cached}: {attempt.detail}"
