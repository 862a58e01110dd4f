"""Command-line interface: the parser, dispatch, and error → exit code.

``run(argv) -> int`` never raises for bad input: an ``ArsError`` becomes
``ars-docs: error: <message>`` on standard error and its documented exit code.

Every command group lives in its own module (``ars_docs.cli.<group>``) with a
``register(sub, lint_sub)`` function. Only the group of the command being run
is imported (``COMMANDS`` / ``LINT_TARGETS`` say which), so ``finalize`` never
pays for the retrieval stack or the report modules; ``--help``, an unknown
command or no command at all load every group. A test keeps these tables equal
to what the groups register.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterable, Sequence
from typing import NoReturn

from ars_docs import __version__
from ars_docs.cli.common import Parser
from ars_docs.errors import ArsError, ExitCode

__all__ = ["COMMANDS", "GROUPS", "LINT_TARGETS", "build_parser", "main", "run"]

#: Command group modules, in the order their commands appear in ``--help``.
GROUPS = ("draft", "read", "lint", "reports", "session", "dispatch", "retrieve", "audit")

#: Top-level command → the group module that registers it.
COMMANDS = {
    "finalize": "draft",
    "render": "draft",
    "mark-read": "read",
    "unmark-read": "read",
    "list-read": "read",
    "scope-report": "reports",
    "session": "session",
    "drift-log": "session",
    "dispatch": "dispatch",
    "retrieve": "retrieve",
    "audit": "audit",
}

#: ``ars-docs lint TARGET`` → the group module that registers it.
LINT_TARGETS = {
    "corpus": "lint",
    "pattern-protection": "lint",
    "audit-report": "reports",
    "drift-log": "reports",
    "audit-artifacts": "audit",
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: only the groups its command needs (all when unsure)."""
    parser = Parser(
        prog="ars-docs",
        description="Make citations in AI-written research drafts honest (ARS trust chain).",
    )
    parser.add_argument("--version", action="version", version=f"ars-docs {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    # `lint` is shared: several groups add targets to it.
    lint = sub.add_parser("lint", help="lint inputs against the firm rules")
    lint_sub = lint.add_subparsers(dest="lint_target", metavar="TARGET", parser_class=Parser)
    lint_sub.required = True
    for group in _groups_for(argv):
        module = importlib.import_module(f"ars_docs.cli.{group}")
        module.register(sub, lint_sub)
    return parser


def _groups_for(argv: Sequence[str] | None) -> Iterable[str]:
    words = [a for a in (sys.argv[1:] if argv is None else argv) if not a.startswith("-")]
    if words and words[0] in COMMANDS:
        return (COMMANDS[words[0]],)
    if words[:1] == ["lint"] and len(words) > 1 and words[1] in LINT_TARGETS:
        return (LINT_TARGETS[words[1]],)
    return GROUPS


def run(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser(argv).parse_args(argv)
        return int(args.handler(args))
    except ArsError as exc:
        print(exc.format(), file=sys.stderr)
        return int(exc.exit_code)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`); nothing to report.
        sys.stderr.close()
        return int(ExitCode.OK)


def main() -> NoReturn:
    sys.exit(run())
