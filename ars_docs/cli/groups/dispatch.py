"""``ars-docs dispatch``: the deep-research dispatcher on the command line (Step 3e).

A refusal prints like ``render --strict``: one line per problem (the first
``LIMIT``, then ``… and N more``), each naming the key or, for text with no key,
the text itself, with "did you mean" for keys not in the corpus; then one
summary line. ``--format json`` prints the shared JSON shape (docs/json.md) with
every refusal, its suggestions and fix.
"""

from __future__ import annotations

import argparse
import sys

from ars_docs.cli.common import (
    STDIO,
    Subparsers,
    add_format,
    add_passport,
    add_require_lookup,
    passport_arg,
)
from ars_docs.cli.jsonout import payload, print_payload
from ars_docs.cli.output import QUIET, add_verbosity, capped
from ars_docs.core.errors import ExitCode


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "dispatch",
        help="compile metadata, finalize, and run the terminal gate on a compiled report; edits "
        "REPORT in place, writes <stem>_handoff.json and (if emitted) <stem>_final.md",
        description="The deep-research dispatcher (Step 3e) in one command: compile the "
        "report's metadata, resolve every marker by the §3.3 matrix (REPORT is edited in "
        "place, as finalize does), then run the terminal gate (render --strict). Writes the "
        "handoff payload <stem>_handoff.json and, only when the gate passes, the final "
        "report <stem>_final.md. Exit 0 emitted, 1 refused (each problem is listed).",
    )
    p.set_defaults(handler=cmd_dispatch)
    p.add_argument("report", metavar="REPORT", help="compiled markdown report (finalized in place)")
    add_passport(p, required=True)
    p.add_argument(
        "--final-out", metavar="PATH", help="final report (default: <stem>_final.md beside REPORT)"
    )
    p.add_argument(
        "--payload-out",
        metavar="PATH",
        help="handoff payload JSON ('-': stdout; default: <stem>_handoff.json beside REPORT)",
    )
    add_require_lookup(p, what="the terminal gate")
    add_format(p)
    add_verbosity(p)


def cmd_dispatch(args: argparse.Namespace) -> int:
    from ars_docs.cli.offenders import offender_dict, offender_line
    from ars_docs.commands.dispatch import dispatch_file

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    run = dispatch_file(
        args.report,
        passport,
        final_out=args.final_out,
        payload_out=args.payload_out,
        require_lookup=False if args.no_require_lookup else None,
        stdout_taken=args.format == "json",
    )
    result, final_out, payload_out = run.result, run.final_out, run.payload_out
    decision = result.payload["terminal_gate_decision"]
    offenders = [
        offender_dict(o, draft=args.report, text=run.text, corpus=run.corpus, passport=passport)
        for o in (result.gate.offenders if result.gate is not None else ())
    ]
    if args.format == "json":
        summary = {
            "report": args.report,
            "decision": decision["decision"],
            "emitted": result.emitted,
            "final_report": decision["final_report_path"],
            "payload": payload_out,
            "offenders": len(offenders),
            "unresolved_marker_count": result.payload.get("unresolved_marker_count"),
            "existence_checked": decision.get("existence_checked"),
        }
        print_payload(
            payload(
                "dispatch",
                summary,
                offenders=offenders,
                terminal_gate_decision=decision,
                citation_resolution_summary=result.payload.get("citation_resolution_summary"),
            )
        )
        return int(ExitCode.OK if result.emitted else ExitCode.CHECK_FAILED)
    where = "" if payload_out == STDIO else f"; payload: {payload_out}"
    if result.emitted:
        note = f"; {run.policy.existence_note}" if run.policy.existence_note else ""
        print(f"{args.report}: EMITTED {final_out}{where}{note}", file=sys.stderr)
        return int(ExitCode.OK)
    capped([offender_line(args.report, item) for item in offenders], args.verbosity, sys.stderr)
    listed = "" if args.verbosity == QUIET else " listed above"
    print(
        f"{args.report}: REFUSED: the terminal gate refused {len(offenders)} citation "
        f"problem(s){listed}; nothing emitted{where}. Fix them in {args.report} and "
        "run the same command again",
        file=sys.stderr,
    )
    return int(ExitCode.CHECK_FAILED)
