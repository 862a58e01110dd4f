"""``ars-docs lookup`` and ``acknowledge-retraction``: evidence about the cited works.

``lookup`` checks passport entries (or a bare bibliography) against the
scholarly registries or a snapshot index and records each verdict in its
entry; ``lookup index build`` (``cli/groups/lookup_index.py``) builds that index.
The report goes to standard output (text, summary last; or ``--format
json``, ``summary`` first), progress to standard error.

Exit codes: 0 no entry blocks the gate; 1 some entry does (``not_found``
proved by its identifier, a ``mismatch`` on what the work is, an
unacknowledged retraction or expression of concern) — with ``--fail-on any``
also any other ``not_found`` or ``mismatch``; 75 none of that, but some entry
could not be checked (``unreachable``: try again later); 130 interrupted; the
documented error codes otherwise.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from typing import TYPE_CHECKING, Any, TextIO

from ars_docs.cli.common import (
    Subparsers,
    add_format,
    add_passport,
    concurrency_arg,
    passport_arg,
    sigterm_as_interrupt,
)
from ars_docs.cli.jsonout import payload, print_changes, print_payload
from ars_docs.cli.output import QUIET, VERBOSE, add_verbosity, capped
from ars_docs.core.errors import ExitCode

if TYPE_CHECKING:
    from ars_docs.lookup.batch.report import EntryResult, LookupReport

__all__ = ["INDEX_ALIAS", "cmd_acknowledge", "cmd_lookup", "register"]

INDEX_ALIAS = "lookup-index"
"""``ars-docs lookup index …`` is parsed as this command (``cli.main``)."""


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "lookup",
        help="check that cited works exist, are what the passport says, and were not "
        "retracted; writes each entry's lookup: record",
        description="Ask Crossref, the DOI system, OpenAlex, Semantic Scholar, arXiv and "
        "Europe PMC (or a snapshot index, --offline) about each entry: by identifier first, "
        "then by bibliographic search. Each entry gets a verdict (found, mismatch, not_found, "
        "ambiguous, unreachable, not_covered) and a retraction status, written into the "
        "entry as lookup: (byte-preserving). Without KEYs: every entry never checked, "
        "unreachable last time, or changed since. `ars-docs lookup index build DUMP... -o "
        "INDEX` builds a snapshot index.",
    )
    p.set_defaults(handler=cmd_lookup)
    p.add_argument("keys", nargs="*", metavar="KEY", help="citation_key(s) to check")
    add_passport(p, required=False)
    p.add_argument(
        "--bibliography",
        metavar="FILE",
        help="check a BibTeX, CSL-JSON or RIS file instead of a passport (nothing is written)",
    )
    p.add_argument("--all", action="store_true", help="check every entry, also current ones")
    p.add_argument(
        "--refresh", action="store_true", help="ignore cached answers and ask the services again"
    )
    p.add_argument(
        "--offline",
        metavar="INDEX",
        help="answer from a snapshot index (ars-docs lookup index build) instead of the network",
    )
    p.add_argument(
        "--config",
        metavar="FILE",
        help="settings with a [retrieval] section (default: ars-docs.toml beside the passport)",
    )
    p.add_argument(
        "--dry-run", action="store_true", help="check, but write nothing (passport or cache)"
    )
    p.add_argument(
        "--concurrency", metavar="N", type=concurrency_arg, help="entries checked at a time (1-32)"
    )
    p.add_argument(
        "--fail-on",
        choices=("blocking", "any"),
        default="blocking",
        help="exit 1 when an entry blocks the gate (default), or also on any other not_found "
        "or mismatch (any)",
    )
    add_format(p)
    add_verbosity(p)

    from ars_docs.cli.groups.lookup_index import register_index

    index = sub.add_parser(
        INDEX_ALIAS,
        help="the snapshot index for lookup --offline (also: ars-docs lookup index ...)",
    )
    index_sub = index.add_subparsers(dest="index_action", metavar="ACTION")
    index_sub.required = True
    register_index(index_sub)

    ack = sub.add_parser(
        "acknowledge-retraction",
        help="cite a retracted work on purpose: record a dated reason in its entry",
        description="Write retraction_acknowledgement (status, notice DOI, reason, time) into "
        "the entry, byte-preserving. The entry stays retracted; the acknowledgement is what "
        "lets finalize and the strict gate accept the citation. Needs a lookup record that "
        "says retracted or expression_of_concern.",
    )
    ack.set_defaults(handler=cmd_acknowledge)
    ack.add_argument("key", metavar="KEY", help="citation_key of the retracted work")
    add_passport(ack, required=True)
    ack.add_argument(
        "--reason",
        metavar="TEXT",
        required=True,
        help="why the work is cited although retracted (e.g. the text discusses the retraction)",
    )
    add_format(ack)


def cmd_lookup(args: argparse.Namespace) -> int:
    from ars_docs.commands.evidence.lookup import lookup_exit_code, lookup_works
    from ars_docs.lookup.batch.run import LookupInterrupted

    previous = sigterm_as_interrupt()
    try:
        report = lookup_works(
            # With --bibliography only an explicit --passport counts (it is refused).
            passport=args.passport
            if args.bibliography
            else passport_arg(args.passport, required=False),
            bibliography=args.bibliography,
            keys=args.keys,
            recheck=args.all,
            refresh=args.refresh,
            offline=args.offline,
            config=args.config,
            dry_run=args.dry_run,
            concurrency=args.concurrency,
            progress=None if args.verbosity == QUIET else sys.stderr,
        )
    except LookupInterrupted as stop:
        done = stop.report
        print(
            f"ars-docs: lookup interrupted; {len(done.written)} finished entr"
            f"{'y' if len(done.written) == 1 else 'ies'} written; run the same command again "
            "to check the rest (answers already received come from the cache)",
            file=sys.stderr,
            flush=True,
        )
        sys.stdout.flush()
        os._exit(int(ExitCode.INTERRUPTED))  # requests may be stuck in a read: do not wait
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    if args.format == "json":
        data = report.to_dict()
        print_payload(payload("lookup", data["summary"], **data))
    else:
        print_report(report, args.verbosity, sys.stdout)
    return int(lookup_exit_code(report, args.fail_on))


def print_report(report: LookupReport, verbosity: int, out: TextIO) -> None:
    if report.no_network:
        print(report.no_network_line(), file=out)
        return
    summary = report.summary()
    if verbosity != QUIET:
        checked, current = summary["checked"], summary["current"]
        head = f"{report.source}: {summary['entries']} entries; checked {checked} now"
        if current:
            head += f", {current} current (--all checks them again)"
        if report.offline:
            head += f"; answers from the snapshot {report.offline}"
        print(head, file=out)
        shown = [r for r in report.results if r.problem or verbosity == VERBOSE]
        shown.sort(key=lambda r: (not r.blocking, r.status == "found"))
        capped([entry_line(r) for r in shown], verbosity, out)
        if report.cache_note:
            print(report.cache_note, file=out)
    print(_counts_line(summary), file=out)
    print(_activity_line(report, summary), file=out)


def entry_line(result: EntryResult) -> str:
    from ars_docs.lookup.batch.progress import headline

    record = result.record
    parts: list[str] = []
    if result.facts.blocks:
        from ars_docs.session.lookup_record import describe

        parts.append(describe(result.facts, result.key))
    else:
        for name in ("proof", "detail"):
            if record.get(name):
                parts.append(str(record[name]))
        for difference in record.get("differences") or ():
            parts.append(
                f"{difference.get('field')}: entry {difference.get('entry')!r}, "
                f"record {difference.get('record')!r}"
            )
        if result.retraction in ("correction", "retracted", "expression_of_concern"):
            parts.append(_notices(record))
    matched = record.get("matched")
    if isinstance(matched, dict) and result.status == "found" and not parts:
        ident = next(
            (
                f"{k} {matched[k]}"
                for k in ("doi", "arxiv_id", "pmid", "openalex_id")
                if k in matched
            ),
            "",
        )
        parts.append(f"{matched.get('service')}: {ident}".strip(": "))
    if result.note:
        parts.append(result.note)
    stale = " (the entry changed since this check)" if result.facts.stale else ""
    return f"{result.key}: {headline(result)}{stale} — {'; '.join(p for p in parts if p)}"


def _notices(record: Any) -> str:
    found = record.get("retraction") or {}
    notices = found.get("notices") or []
    shown = [
        " ".join(str(x) for x in (n.get("type"), n.get("doi"), n.get("date"), n.get("source")) if x)
        for n in notices[:3]
    ]
    return "notices: " + ", ".join(shown) if shown else ""


def _counts_line(summary: dict[str, Any]) -> str:
    counts = ", ".join(f"{name} {n}" for name, n in summary["counts"].items())
    retractions = summary["retractions"]
    return (
        f"lookup: {counts}; {summary['blocking']} block the gate; retracted "
        f"{retractions['retracted']}, expression of concern {retractions['expression_of_concern']}"
        f", correction {retractions['correction']} ({summary['retractions_unacknowledged']} "
        "unacknowledged)"
    )


def _activity_line(report: LookupReport, summary: dict[str, Any]) -> str:
    if report.offline:
        activity = "no requests (offline)"
    else:
        activity = (
            f"requests sent {summary['requests']} ({summary['answers_from_cache']} answers "
            "from the cache)"
        )
    if not report.writes:
        why = "dry run" if report.dry_run else "a bibliography is only read"
        return f"{activity}; nothing written ({why})"
    written = len(report.written)
    if written:
        return f"{activity}; wrote {report.source} ({written} entr{'y' if written == 1 else 'ies'})"
    return f"{activity}; {report.source} unchanged"


def cmd_acknowledge(args: argparse.Namespace) -> int:
    from ars_docs.commands.evidence.lookup import acknowledge

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    done = acknowledge(passport, args.key, args.reason)
    if args.format == "json":
        data = {"passport": passport, "key": done.key, "written": done.written}
        data |= {"status": done.status, "notice_doi": done.notice_doi}
        return print_changes("acknowledge-retraction", data, "passport", "key", "written")
    what = done.status.replace("_", " ")
    notice = f" (notice {done.notice_doi})" if done.notice_doi else ""
    if done.written:
        print(
            f"{passport}: acknowledged that {done.key} is cited although {what}{notice}; "
            "finalize and render --strict now accept its citations",
        )
    else:
        print(f"{passport}: {done.key}: the same acknowledgement is already recorded; unchanged")
    return int(ExitCode.OK)
