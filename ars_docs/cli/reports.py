"""CLI for the audit Scope Report (§3.2 D2) and the session drift log (§3.4 D4).

Commands: ``scope-report``, ``session log-event``, ``session snapshot``,
``drift-log``, ``lint audit-report`` and ``lint drift-log``. Argument
parsing and reporting only; the work is done by ``scope``, ``section0``,
``session_events``, ``session_snapshot``, ``drift`` and the lints.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ars_docs.cli.common import (
    STDIO,
    Subparsers,
    add_format,
    add_passport,
    passport_arg,
    print_diagnostics,
    same_file,
    write_output,
)
from ars_docs.cli.session import refuse_overwriting_inputs
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.encoding import BOM, BOM_BYTES
from ars_docs.core.errors import ExitCode, InputDataError
from ars_docs.files.atomic import write_bytes_atomic
from ars_docs.files.yaml.read import decode_utf8, read_bytes
from ars_docs.reports.drift.lint import lint_drift_log_file
from ars_docs.reports.scope.lint import lint_audit_report, lint_audit_report_file
from ars_docs.reports.scope.report import compute_scope_report, render_scope_report
from ars_docs.reports.scope.section0 import prepend_section0
from ars_docs.reports.scope.verdict import load_verdict
from ars_docs.session.corpus import load_corpus

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
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    corpus = load_corpus(passport)
    verdict = load_verdict(args.verdict) if args.verdict else None
    if verdict is not None and args.round is not None and verdict.round not in (None, args.round):
        raise InputDataError(
            f"{args.verdict}: the verdict is of round {verdict.round} but --round {args.round} "
            "was given; drop --round or give the verdict of that round"
        )
    report = compute_scope_report(corpus, verdict, round_number=args.round)
    warnings = [d for d in corpus.diagnostics if d.severity is not Severity.INFO]
    print_diagnostics([*warnings, *report.diagnostics], sys.stderr)
    output = args.output or (args.prepend_to if args.prepend_to else STDIO)
    refuse_overwriting_inputs(output, {"passport": passport, "--verdict": args.verdict})
    stream = sys.stderr if output == STDIO else sys.stdout
    if args.prepend_to:
        target = args.prepend_to
        raw = read_bytes(target, what="audit report", hint="check the --prepend-to path")
        text = decode_utf8(raw, target)
        text = BOM + text if raw.startswith(BOM_BYTES) else text
        new = prepend_section0(
            text, lambda level: render_scope_report(report, heading_level=level), path=target
        )
        if output != STDIO and same_file(output, target) and new == text:
            where = f"{target}: Section 0 is up to date; nothing written"
        else:
            _write(output, new)
            where = (
                f"Section 0 written into {target}, before Section 1"
                if output != STDIO and same_file(output, target)
                else f"{target} with Section 0 "
                + (f"written to {output}" if output != STDIO else "written to standard output")
            )
        # Recheck the whole report: text before Section 1 is the author's.
        for finding in lint_audit_report(new, output if output != STDIO else target):
            print(f"warning: {finding.format()}", file=sys.stderr)
    else:
        write_output(output, render_scope_report(report))
        where = f"wrote {output}" if output != STDIO else "written to standard output"
    split = (
        f"verified-against-source: {report.verified_against_source.status}, "
        "description-internally-consistent: "
        f"{report.description_internally_consistent.status}"
    )
    print(
        f"scope report: {report.total} entries, {len(report.with_source)} with retrieved "
        f"source, {len(report.description_only)} description-only; {split}; {where}",
        file=stream,
    )
    return int(ExitCode.OK)


def _write(output: str, text: str) -> None:
    if output == STDIO:
        write_output(STDIO, text)
    else:
        write_bytes_atomic(Path(output), text.encode("utf-8"))


def cmd_lint_audit_report(args: argparse.Namespace) -> int:
    return _run_lint(
        args, lambda path: lint_audit_report_file(path, template=args.template), "audit report"
    )


def cmd_lint_drift_log(args: argparse.Namespace) -> int:
    return _run_lint(args, lint_drift_log_file, "drift log")


def _run_lint(
    args: argparse.Namespace, lint: Callable[[str], Iterator[Diagnostic]], what: str
) -> int:
    # Read every file before printing anything: a missing file stops the run cleanly.
    found = {path: list(lint(path)) for path in _unique(args.files)}
    total = sum(len(diagnostics) for diagnostics in found.values())
    if args.format == "json":
        from ars_docs.cli.jsonout import payload, print_payload

        summary = {"files": len(found), "findings": total}
        every = [d for diagnostics in found.values() for d in diagnostics]
        command = "lint audit-report" if what == "audit report" else "lint drift-log"
        print_payload(payload(command, summary, every, files=list(found), errors=total))
    else:
        for path, diagnostics in found.items():
            print_diagnostics(diagnostics, sys.stdout, limit=None)
            print(f"{path}: {len(diagnostics)} finding(s) ({what})")
    return int(ExitCode.CHECK_FAILED if total else ExitCode.OK)


def _unique(paths: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(paths))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive round number")
    return value
