"""``ars-docs report``: the session trust report as one HTML file, or its data as JSON.

Argument handling only; the data model is ``reports.trust_report.model``, the page
``reports.trust_report.page``. The report never changes a draft or a session file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ars_docs.cli.common import (
    STDIO,
    Subparsers,
    add_format,
    add_passport,
    add_require_lookup,
    ensure_folder,
    passport_arg,
    read_draft,
    refuse_outputs_over_inputs,
    write_output,
)
from ars_docs.core.errors import ExitCode, UsageError

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
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    if args.drafts.count(STDIO) > 1:
        raise UsageError("standard input ('-') can be read once; give the other drafts as files")
    json_format = args.format == "json"
    output = args.output or str(
        Path(passport).with_name(
            f"{Path(passport).stem}_report.{'json' if json_format else 'html'}"
        )
    )
    # The one rule of every command: not over a draft, the passport or its session files.
    refuse_outputs_over_inputs(
        [("-o", output)],
        passport=passport,
        inputs=[("one of the inputs", draft) for draft in args.drafts if draft != STDIO],
    )
    if output != STDIO:
        ensure_folder(Path(output))
    from ars_docs.commands.report import session_report

    drafts = []
    for name in args.drafts:
        doc = read_draft(name)
        drafts.append((doc.path, doc.text))
    report = session_report(
        drafts, passport, require_lookup=False if args.no_require_lookup else None
    )
    if json_format:
        from ars_docs.cli.jsonout import dumps_payload, payload

        text = dumps_payload(payload("report", report.data["summary"], (), **report.data)) + "\n"
    else:
        from ars_docs.reports.trust_report.page import render_page

        text = render_page(report)
    write_output(output, text)
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
