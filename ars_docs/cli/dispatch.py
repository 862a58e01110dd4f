"""``ars-docs dispatch``: the deep-research dispatcher on the command line (Step 3e)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ars_docs.cli.common import (
    STDIO,
    Subparsers,
    add_passport,
    load_trust_inputs,
    passport_arg,
    refuse_outputs_over_inputs,
    refuse_stdio,
    same_file,
    write_output,
)
from ars_docs.errors import ExitCode, UsageError
from ars_docs.handoff.dispatch import dispatch, payload_json


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "dispatch",
        help="compile metadata, finalize, and run the terminal gate on a compiled report; edits "
        "REPORT in place, writes <stem>_handoff.json and (if emitted) <stem>_final.md",
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


def cmd_dispatch(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    refuse_stdio(args.report, "REPORT", "dispatch finalizes the report in place")
    report = Path(args.report)
    final_out = args.final_out or str(report.with_name(f"{report.stem}_final.md"))
    payload_out = args.payload_out or str(report.with_name(f"{report.stem}_handoff.json"))
    for target in (final_out, payload_out):
        if target != STDIO and same_file(target, args.report):
            raise UsageError(f"{target} is the report itself; choose another output path")
    refuse_outputs_over_inputs(
        [("--final-out", final_out), ("--payload-out", payload_out)],
        passport=passport,
        inputs=[("the report", args.report)],
    )
    if final_out == STDIO:
        raise UsageError("--final-out needs a file path (the payload records where it is)")
    corpus, read_log = load_trust_inputs(passport)
    result = dispatch(corpus, read_log, draft_path=args.report, final_out=final_out)
    write_output(payload_out, payload_json(result.payload))
    decision = result.payload["terminal_gate_decision"]
    where = "" if payload_out == STDIO else f"; payload: {payload_out}"
    if result.emitted:
        print(f"{args.report}: EMITTED {final_out}{where}", file=sys.stderr)
        return int(ExitCode.OK)
    print(f"{args.report}: REFUSED: {decision['reason']}{where}", file=sys.stderr)
    return int(ExitCode.CHECK_FAILED)
