"""``ars-docs report``: the session trust report as one HTML file, or its data as JSON.

Argument parsing and printing; ``commands.report`` reads the drafts, checks the
output and writes the page (``reports.trust_report.page``) or the JSON shape.
The report never changes a draft or a session file.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ars_docs.cli.common import (
    STDIO,
    Subparsers,
    add_format,
    add_passport,
    add_require_lookup,
    passport_arg,
)
from ars_docs.cli.jsonout import dumps_payload, payload
from ars_docs.core.errors import ExitCode

if TYPE_CHECKING:
    from ars_docs.reports.trust_report.model import Report

__all__ = ["register"]


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "report",
        help="session trust report: writes one self-contained HTML page (or its data as "
        "JSON) over the passport and DRAFTs",
        description="Write what ars-docs knows about a session as one self-contained HTML "
        "file (no network; works from file://; prints): per draft, citations by status and "
        "whether render --strict would pass; every source's evidence chain (acquired, "
        "verified, human-read, lookup) with the next command that raises it; each draft "
        "with its citations highlighted; the audit ledger. --format json writes the same "
        "data model (docs/report.md). Reads only: no draft or session file is changed.",
    )
    p.set_defaults(handler=cmd_report)
    p.add_argument(
        "drafts",
        nargs="*",
        metavar="DRAFT",
        help="markdown drafts to include ('-': standard input); none: the sources only",
    )
    add_passport(p, required=True)
    p.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="where to write ('-': standard output; default <passport-stem>_report.html, "
        "or .json with --format json, beside the passport)",
    )
    add_require_lookup(p, what="the verdict of render --strict the report shows")
    add_format(p)
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing when it worked")


def cmd_report(args: argparse.Namespace) -> int:
    from ars_docs.commands.report import report_file

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    json_format = args.format == "json"
    run = report_file(
        args.drafts,
        passport,
        output=args.output,
        json_format=json_format,
        render=_json if json_format else None,
        require_lookup=False if args.no_require_lookup else None,
    )
    report, output = run.report, run.written
    if not args.quiet:
        summary = report.data["summary"]
        stream = sys.stderr if output == STDIO else sys.stdout
        where = "standard output" if output == STDIO else output
        print(
            f"wrote {where}: {summary['drafts']} draft(s), {summary['citations']} citation(s), "
            f"{summary['drafts_passing_strict']} of {summary['drafts']} would pass "
            f"render --strict; {summary['sources']} source(s)"
            + (f"; {summary['existence_note']}" if summary["existence_note"] else ""),
            file=stream,
        )
    return int(ExitCode.OK)


def _json(report: Report) -> str:
    """The report as the shared JSON shape (docs/json.md), one object."""
    return dumps_payload(payload("report", report.data["summary"], (), **report.data)) + "\n"
