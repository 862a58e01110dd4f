"""CLI for the audit Scope Report (§3.2 D2) and the session drift log (§3.4 D4).

Commands: ``scope-report``, ``lint audit-report`` and ``lint drift-log``.
Argument parsing and printing only; ``commands.record.scope`` does the work.
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
    json_needs_a_file,
    passport_arg,
    print_diagnostics,
)
from ars_docs.cli.jsonout import payload, print_payload
from ars_docs.core.errors import ExitCode

if TYPE_CHECKING:
    from ars_docs.commands.record.scope import ScopeReportRun

__all__ = ["register"]


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    """Add this module's commands to ``ars-docs`` and ``ars-docs lint``."""
    p = sub.add_parser(
        "scope-report",
        help="Section 0 Scope Report of a codex audit (§3.2); prints it, or writes -o OUT / "
        "--prepend-to REPORT",
    )
    p.set_defaults(handler=cmd_scope_report)
    add_passport(p, required=True)
    p.add_argument("--round", type=_positive, metavar="N", help="audit round for the heading")
    p.add_argument("--verdict", metavar="VERDICT.yaml", help="parsed audit verdict to split")
    p.add_argument(
        "--prepend-to",
        metavar="REPORT.md",
        help="put the block before Section 1 of REPORT (in place; replaces an earlier one)",
    )
    p.add_argument("-o", "--output", metavar="OUT", help="write here ('-': stdout, the default)")
    add_format(p)

    q = lint_sub.add_parser(
        "audit-report",
        help="Scope Report rules of §3.2 in audit reports; prints findings, writes nothing",
    )
    q.set_defaults(handler=cmd_lint_audit_report)
    q.add_argument("files", nargs="+", metavar="FILE", help="audit report(s) to check")
    q.add_argument(
        "--template", action="store_true", help="FILEs are templates: allow <placeholders>"
    )
    add_format(q)

    q = lint_sub.add_parser(
        "drift-log",
        help="neutral wording and parts of §3.4 drift logs; prints findings, writes nothing",
    )
    q.set_defaults(handler=cmd_lint_drift_log)
    q.add_argument("files", nargs="+", metavar="FILE", help="drift log(s) to check")
    add_format(q)


def cmd_scope_report(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.scope import scope_report

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    if not (args.prepend_to and args.output is None):
        json_needs_a_file(args, args.output, "Scope Report")
    run = scope_report(
        passport,
        verdict=args.verdict,
        round_number=args.round,
        prepend_to=args.prepend_to,
        output=args.output,
        warn=lambda found: print_diagnostics(found, sys.stderr),
    )
    report = run.report
    if args.format == "json":
        data = run.to_dict()
        print_payload(payload("scope-report", data, run.findings, **data))
        return int(ExitCode.OK)
    for finding in run.findings:
        print(f"warning: {finding.format()}", file=sys.stderr)
    split = (
        f"verified-against-source: {report.verified_against_source.status}, "
        "description-internally-consistent: "
        f"{report.description_internally_consistent.status}"
    )
    print(
        f"scope report: {report.total} entries, {len(report.with_source)} with retrieved "
        f"source, {len(report.description_only)} description-only; {split}; {_where(run)}",
        file=sys.stderr if run.output == STDIO else sys.stdout,
    )
    return int(ExitCode.OK)


def _where(run: ScopeReportRun) -> str:
    if run.prepend_to is None:
        return f"wrote {run.output}" if run.output != STDIO else "written to standard output"
    if run.unchanged:
        return f"{run.prepend_to}: Section 0 is up to date; nothing written"
    if run.in_place:
        return f"Section 0 written into {run.prepend_to}, before Section 1"
    return f"{run.prepend_to} with Section 0 " + (
        f"written to {run.output}" if run.output != STDIO else "written to standard output"
    )


def cmd_lint_audit_report(args: argparse.Namespace) -> int:
    return _run_lint(args, "audit-report", "audit report")


def cmd_lint_drift_log(args: argparse.Namespace) -> int:
    return _run_lint(args, "drift-log", "drift log")


def _run_lint(args: argparse.Namespace, kind: str, what: str) -> int:
    from ars_docs.commands.lints import lint_files

    found = lint_files(kind, args.files, template=getattr(args, "template", False))
    total = sum(len(f.diagnostics) for f in found)
    if args.format == "json":
        summary = {"files": len(found), "findings": total}
        every = [d for f in found for d in f.diagnostics]
        files = [f.target for f in found]
        print_payload(payload(f"lint {kind}", summary, every, files=files, errors=total))
    else:
        for f in found:
            print_diagnostics(f.diagnostics, sys.stdout, limit=None)
            print(f"{f.target}: {len(f.diagnostics)} finding(s) ({what})")
    return int(ExitCode.CHECK_FAILED if total else ExitCode.OK)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive round number")
    return value
