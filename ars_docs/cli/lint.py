"""``ars-docs lint corpus``: the passport's schema and the §3.1 firm rules."""

from __future__ import annotations

import argparse
import json
import sys

from ars_docs.cli.common import Subparsers, add_format, passport_arg, print_diagnostics
from ars_docs.diagnostics import Severity
from ars_docs.errors import ExitCode


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    q = lint_sub.add_parser("corpus", help="schema + the three §3.1 firm rules")
    q.set_defaults(handler=cmd_lint_corpus)
    q.add_argument("passport", metavar="PASSPORT", nargs="?")
    add_format(q)


def cmd_lint_corpus(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    from ars_docs.lint.corpus import lint_corpus

    diagnostics = list(lint_corpus(passport))
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    if args.format == "json":
        payload = {"errors": errors, "diagnostics": [d.to_dict() for d in diagnostics]}
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        print_diagnostics(diagnostics, sys.stdout)
        print(f"{passport}: {errors} error(s), {len(diagnostics) - errors} warning(s)")
    return int(ExitCode.CHECK_FAILED if errors else ExitCode.OK)
