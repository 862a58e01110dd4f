"""Command-line interface: the parser, dispatch, and error → exit code.

``run(argv) -> int`` never raises for bad input: an ``ArsError`` becomes
``ars-docs: error: <message>`` on standard error and its documented exit code.

Every command group lives in its own module (``ars_docs.cli.groups.<group>``) with a
``register(sub, lint_sub)`` function. Only the group of the command being run
is imported (``COMMANDS`` / ``LINT_TARGETS`` say which), so ``finalize`` never
pays for the retrieval stack or the report modules; ``--help``, an unknown
command or no command at all load every group. A test keeps these tables equal
to what the groups register.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import os
import sys
from collections.abc import Iterable, Sequence
from typing import NoReturn

from ars_docs import __version__
from ars_docs.cli.common import Parser
from ars_docs.cli.stdio import escape_unencodable
from ars_docs.core.errors import ArsError, ExitCode, UsageError
from ars_docs.core.limits import MAX_NESTING, bound_message, not_utf8

__all__ = ["COMMANDS", "GROUPS", "LINT_TARGETS", "build_parser", "main", "run"]

#: Command group modules, in the order their commands appear in ``--help``.
GROUPS = (
    "draft",
    "read",
    "verify",
    "lint",
    "reports",
    "report",
    "session",
    "dispatch",
    "retrieve",
    "lookup",
    "quotes",
    "corpus",
    "audit",
)

#: Top-level command → the group module that registers it.
COMMANDS = {
    "finalize": "draft",
    "render": "draft",
    "mark-read": "read",
    "unmark-read": "read",
    "list-read": "read",
    "verify": "verify",
    "scope-report": "reports",
    "report": "report",
    "session": "session",
    "init": "session",
    "drift-log": "session",
    "dispatch": "dispatch",
    "retrieve": "retrieve",
    "hold-original": "retrieve",
    "lookup": "lookup",
    "lookup-index": "lookup",
    "acknowledge-retraction": "lookup",
    "quotes": "quotes",
    "accept-quote": "quotes",
    "corpus": "corpus",
    "audit": "audit",
}

#: ``ars-docs lint TARGET`` → the group module that registers it.
LINT_TARGETS = {
    "corpus": "lint",
    "pattern-protection": "lint",
    "eval-fixtures": "lint",
    "audit-report": "reports",
    "drift-log": "reports",
    "audit-artifacts": "audit",
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: only the groups its command needs (all when unsure)."""
    parser = Parser(
        prog="ars-docs",
        description="Make citations in AI-written research drafts honest (ARS trust chain).",
        epilog="A session: ars-docs finalize DRAFT --passport PASSPORT, read the checklist "
        "it writes, ars-docs verify / mark-read what you checked, finalize again, then "
        "ars-docs render DRAFT --strict. `ars-docs COMMAND --help` says what a command "
        "writes; the passport's fields are described in docs/passport.md.",
    )
    parser.add_argument(
        "-V",
        "--version",
        action="version",
        version=f"ars-docs {__version__}",
        help="print the version and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    # `lint` is shared: several groups add targets to it.
    lint = sub.add_parser("lint", help="lint inputs against the firm rules")
    lint_sub = lint.add_subparsers(dest="lint_target", metavar="TARGET", parser_class=Parser)
    lint_sub.required = True
    for group in _groups_for(argv):
        module = importlib.import_module(f"ars_docs.cli.groups.{group}")
        module.register(sub, lint_sub)
    _describe(parser)
    return parser


def _describe(parser: argparse.ArgumentParser) -> None:
    """A command registered with a one-line ``help`` only gets it as its
    ``--help`` description too, so no command's help page is blank."""
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {choice.dest: choice.help for choice in action._choices_actions}
        for name, child in action.choices.items():
            if not child.description and helps.get(name):
                text = str(helps[name])
                child.description = text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
            _describe(child)


def _groups_for(argv: Sequence[str] | None) -> Iterable[str]:
    words = [a for a in (sys.argv[1:] if argv is None else argv) if not a.startswith("-")]
    if words and words[0] in COMMANDS:
        return (COMMANDS[words[0]],)
    if words[:1] == ["lint"] and len(words) > 1 and words[1] in LINT_TARGETS:
        return (LINT_TARGETS[words[1]],)
    return GROUPS


def run(argv: Sequence[str] | None = None) -> int:
    words = _aliased(list(sys.argv[1:] if argv is None else argv))
    escape_unencodable()
    try:
        _require_utf8(words)
        parser = build_parser(words)
        if not words:  # a newcomer's first try: show what there is
            parser.print_help()
            return int(ExitCode.USAGE)
        args, unknown = parser.parse_known_args(words)
        if unknown:
            raise UsageError(
                f"unrecognized arguments: {' '.join(unknown)} (see '{_command_of(args)} --help')"
            )
        _refuse_dash(parser, args)
        code = int(args.handler(args))
        # Surface a failed write of buffered output here, not as a traceback at exit.
        sys.stdout.flush()
        return code
    except ArsError as exc:
        print(exc.format(), file=sys.stderr)
        return int(exc.exit_code)
    except KeyboardInterrupt:
        return _interrupted(words)
    except RecursionError:
        # Readers check nesting before parsing (limits.MAX_NESTING); this catches a
        # parser that recurses on input no check covers yet: still one line, exit 65.
        print(
            "ars-docs: error: an input nests too deeply to be read (lists or objects "
            f"inside each other more than {MAX_NESTING} levels); flatten it",
            file=sys.stderr,
        )
        return int(ExitCode.DATA_ERR)
    except MemoryError:
        print(
            "ars-docs: error: out of memory; the input is too large for this machine "
            "(see 'Limits' in docs/reference.md)",
            file=sys.stderr,
        )
        return int(ExitCode.IO_ERR)
    except OSError as exc:
        # Every file ars-docs opens has its own ArsError; an OSError that gets here
        # comes from writing standard output (a full device, a closed pipe).
        if exc.errno == errno.EPIPE:
            _detach_stdout()
            return int(ExitCode.OK)  # the reader went away (e.g. `| head -1`): quiet
        if exc.filename is not None:  # not stdout after all: name the file
            message = bound_message(
                f"ars-docs: error: {exc.filename}: {exc.strerror or exc}; check the path "
                "and its permissions"
            )
        else:
            _detach_stdout()
            message = bound_message(
                f"ars-docs: error: cannot write to standard output: {exc.strerror or exc}; "
                "free space on the device or send the output elsewhere (-o FILE)"
            )
        print(message, file=sys.stderr)
        return int(ExitCode.IO_ERR)


def _interrupted(words: Sequence[str]) -> int:
    """Ctrl-C: one line, exit 130. Every write is atomic (temp file, then rename), so
    each file ars-docs was writing is either as it was or complete; none is half-written."""
    _detach_stdout()  # a JSON or report half-printed to a pipe gets no more lines
    command = "ars-docs"
    if words and words[0] in (*COMMANDS, "lint"):
        command += f" {words[0]}"
        if words[0] in _GROUPED and len(words) > 1 and not words[1].startswith("-"):
            command += f" {words[1]}"
    with contextlib.suppress(OSError, ValueError):  # standard error closed as well
        print(
            f"ars-docs: interrupted: {command} stopped; no file was left half-written "
            "(each is as it was or complete); run the same command again",
            file=sys.stderr,
            flush=True,
        )
    return int(ExitCode.INTERRUPTED)


def _aliased(words: list[str]) -> list[str]:
    """``lookup index build …`` is the command ``lookup-index build …``.

    Only with ``build`` (or a help flag) after ``index``: ``lookup index`` alone,
    or ``lookup index KEY``, looks up citation keys (``lookup -- index build``
    too).
    """
    if words[:2] == ["lookup", "index"] and len(words) > 2 and words[2] in _INDEX_ACTIONS:
        return ["lookup-index", *words[2:]]
    return words


#: Commands whose first argument is a sub-command (named in the interrupt line).
_GROUPED = frozenset({"lint", "session", "audit", "corpus", "lookup-index"})

_INDEX_ACTIONS = frozenset({"build", "-h", "--help"})


def _detach_stdout() -> None:
    """Point standard output at /dev/null so the exit-time flush stays quiet."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no real file descriptor (tests)
        pass


def _require_utf8(argv: Sequence[str]) -> None:
    """Arguments end up in UTF-8 files and reports: bytes that are not UTF-8 (which
    Python keeps as lone surrogates) are refused here, with exit 64."""
    for number, arg in enumerate(argv, start=1):
        shown = not_utf8(arg)
        if shown is not None:
            previous = argv[number - 2] if number > 1 else ""
            which = f"the value of {previous}" if previous.startswith("-") else f"argument {number}"
            raise UsageError(
                f"{which} ({shown}) is not valid UTF-8; pass text and file names as UTF-8"
            ) from None


#: Path arguments where ``-`` (standard input/output) cannot work: refused before the
#: command runs, so no file named ``-`` is ever read or written. Outputs (``-o``,
#: ``--checklist``, ``--payload-out``) and drafts take ``-``; ``--passport``,
#: ``dispatch REPORT`` and ``--final-out`` refuse it with their own reasons.
NO_DASH = frozenset(
    {
        "files", "file", "jsonl", "verdict", "prepend_to", "events", "corpus_before",
        "session_dir", "config", "sources_dir", "root", "output_dir", "manifest",
        "frozen_manifest", "deliverable", "artifact", "primary", "supporting", "template",
    }
)  # fmt: skip


def _refuse_dash(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    for dest, value in vars(args).items():
        values = value if isinstance(value, list) else [value]
        if dest in NO_DASH and "-" in values:
            name = _display_name(parser, args, dest)
            raise UsageError(
                f"{name} '-' (standard input/output) is not supported here; give a path "
                f"(see '{_command_of(args)} --help')"
            )


#: The ``dest`` of every level of sub-commands, outermost first.
_SUBCOMMAND_DESTS = (
    "command",
    "lint_target",
    "session_action",
    "audit_command",
    "index_action",
    "corpus_action",
)


def _display_name(parser: argparse.ArgumentParser, args: argparse.Namespace, dest: str) -> str:
    """``--events`` or ``FILE``: how the command's help names the argument."""
    current = parser
    for name in _SUBCOMMAND_DESTS:
        chosen = getattr(args, name, None)
        for action in current._actions:
            if isinstance(action, argparse._SubParsersAction) and chosen in action.choices:
                current = action.choices[chosen]
    for action in current._actions:
        if action.dest == dest:
            if action.option_strings:
                return max(action.option_strings, key=len)
            return str(action.metavar or dest.upper())
    return dest


def _command_of(args: argparse.Namespace) -> str:
    """``ars-docs finalize`` / ``ars-docs lint corpus``: whose help lists the options."""
    parts = ["ars-docs"]
    for name in _SUBCOMMAND_DESTS:
        value = getattr(args, name, None)
        if isinstance(value, str):
            parts.append("lookup index" if value == "lookup-index" else value)
    return " ".join(parts)


def main() -> NoReturn:
    sys.exit(run())
