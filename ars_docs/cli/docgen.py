"""docs/cli.md, generated from the argparse tree, so the reference cannot drift (issue 25 §10).

``python -m ars_docs.cli.docgen -o docs/cli.md`` writes it; ``--check`` compares
instead and exits 1 with the command to run when the file is out of date (a
test runs the check). Every command and sub-command gets its usage, its
description and epilog, and a table of its arguments with their choices and
defaults, in the order ``ars-docs --help`` lists them. The output does not
depend on the terminal: the usage lines are wrapped at a fixed width.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from ars_docs.cli.main import build_parser
from ars_docs.core.errors import ExitCode

__all__ = ["REGENERATE", "main", "render_reference"]

REGENERATE = "python -m ars_docs.cli.docgen -o docs/cli.md"
#: Usage lines are wrapped at this width, whatever the terminal.
WIDTH = 88

_INTRO = f"""\
<!-- Generated from the argparse tree by `{REGENERATE}`; do not edit by hand.
     tests/project/test_docs_cli.py fails when this file is out of date. -->

# CLI reference

Every command, its usage and every option, as `ars-docs COMMAND --help` prints
them. What the commands do in a session, and the behaviour behind each option,
is in [reference.md](reference.md); the JSON every `--format json` prints is in
[json.md](json.md); every diagnostic code is in [diagnostics.md](diagnostics.md).

Conventions shared by every command:

- A command that takes `--passport` also reads `$ARS_PASSPORT`; the flag wins.
- Messages are `path:line:col: CODE message` (1-based; columns count
  characters); errors are one line, `ars-docs: error: …`, with the exit code
  below.
- `-` is standard input or output where a command says so, and refused (exit
  64) everywhere else.
- `-q` prints the summary only, `-v` every item of every list (default: the
  first 20 of each, then `… and N more (--verbose)`); `--format json` is always
  complete.
"""

#: What each exit code means (``ExitCode``; the audit wrapper keeps its spec's codes).
_EXIT_MEANING = {
    ExitCode.OK: "success",
    ExitCode.CHECK_FAILED: "a check ran and failed (gate refused, lint findings, "
    "`--check` would change something)",
    ExitCode.USAGE: "usage error (nothing was read or written)",
    ExitCode.DATA_ERR: "bad input data (malformed YAML, schema violation, unknown citation key)",
    ExitCode.NO_INPUT: "an input file is missing",
    ExitCode.UNAVAILABLE: "an optional part is not installed (the message names the `pip install`)",
    ExitCode.SOFTWARE: "`audit run` only: the audit failed (`AUDIT_FAILED` written)",
    ExitCode.CANT_CREATE: "an output cannot be created or written (nothing was changed)",
    ExitCode.IO_ERR: "input/output error",
    ExitCode.TEMP_FAIL: "`audit run` only: rate limit, timeout or interruption",
    ExitCode.INTERRUPTED: "interrupted (Ctrl-C): one line, and every file is as it was or complete",
}


def commands(
    parser: argparse.ArgumentParser, path: Sequence[str] = ()
) -> Iterator[tuple[str, str, argparse.ArgumentParser]]:
    """(command words, one-line help, parser) for every command, depth first."""
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
        for name, child in action.choices.items():
            words = " ".join([*path, name])
            yield words, helps.get(name, ""), child
            yield from commands(child, [*path, name])


def render_reference() -> str:
    parser = build_parser([])
    parts = [_INTRO]
    listed = list(commands(parser))
    parts.append("## Commands\n")
    parts.append("| command | what it does |\n|---|---|")
    for words, text, _child in listed:
        parts.append(f"| [`ars-docs {words}`](#{_anchor(words)}) | {_cell(text)} |")
    parts.append("")
    for words, _text, child in listed:
        parts.append(_command(words, child))
    parts.append("## Exit codes\n")
    parts.append("| code | meaning |\n|---|---|")
    rows = {int(code): _EXIT_MEANING[code] for code in ExitCode}
    rows[2] = "`audit gate` only: a user decision is needed (MINOR verdict, round-cap escalation)"
    for code, meaning in sorted(rows.items()):
        parts.append(f"| {code} | {meaning} |")
    return "\n".join(parts).rstrip("\n") + "\n"


def _command(words: str, parser: argparse.ArgumentParser) -> str:
    lines = [f"## ars-docs {words}\n", "```text", _usage(parser).rstrip(), "```\n"]
    if parser.description:
        lines.append(_paragraph(parser.description) + "\n")
    rows = [_row(action) for action in parser._actions if _shown(action)]
    if rows:
        lines.append("| argument | meaning |\n|---|---|")
        lines.extend(rows)
        lines.append("")
    if parser.epilog:
        lines.append(_paragraph(parser.epilog) + "\n")
    return "\n".join(lines)


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(prog=parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help()


def _shown(action: argparse.Action) -> bool:
    if action.help == argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
        return False
    return not isinstance(action, argparse._SubParsersAction)


def _row(action: argparse.Action) -> str:
    if action.option_strings:
        names = ", ".join(action.option_strings)
        takes = action.nargs != 0 and not isinstance(
            action, (argparse._StoreConstAction, argparse._VersionAction)
        )
        if takes:
            names += f" {_metavar(action)}"
    else:
        names = _metavar(action)
    notes = [action.help % _help_values(action) if action.help else ""]
    if action.choices and action.metavar is not None and not isinstance(action.choices, dict):
        notes.append("one of: " + ", ".join(f"`{c}`" for c in action.choices))
    if action.required and action.option_strings:
        notes.append("required")
    default = action.default
    if (
        action.option_strings
        and default not in (None, False, [], argparse.SUPPRESS)
        and not isinstance(action, argparse._StoreConstAction)
        and "default" not in (action.help or "")
    ):
        notes.append(f"default: `{default}`")
    return f"| `{names}` | {_cell('; '.join(n for n in notes if n))} |"


def _metavar(action: argparse.Action) -> str:
    if action.metavar is not None:
        shown = action.metavar if isinstance(action.metavar, str) else " ".join(action.metavar)
    elif action.choices:
        shown = "{" + ",".join(str(c) for c in action.choices) + "}"
    else:
        shown = action.dest.upper()
    if action.nargs in ("+", "*") and not action.option_strings:
        shown += " ..."
    if action.nargs == "?" and not action.option_strings:
        shown = f"[{shown}]"
    return shown


def _help_values(action: argparse.Action) -> dict[str, object]:
    values = dict(vars(action))
    values["prog"] = "ars-docs"
    return values


def _anchor(words: str) -> str:
    return "ars-docs-" + "-".join(words.split()).lower()


def _cell(text: str) -> str:
    return _paragraph(text).replace("|", "\\|")


def _paragraph(text: str) -> str:
    # "<!--ref:slug-->" and "<stem>" are text here, not HTML: a markdown reader
    # would hide the first and drop the second.
    return " ".join(text.split()).replace("&", "&amp;").replace("<", "&lt;")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ars_docs.cli.docgen",
        description="Write (or --check) docs/cli.md, the CLI reference generated from the "
        "argparse tree.",
    )
    parser.add_argument("-o", "--output", metavar="PATH", help="write here (default: stdout)")
    parser.add_argument(
        "--check", action="store_true", help="compare with --output instead; exit 1 if it differs"
    )
    args = parser.parse_args(argv)
    text = render_reference()
    if args.check:
        if not args.output:
            parser.error("--check needs -o PATH (the file to compare)")
        target = Path(args.output)
        current = target.read_text(encoding="utf-8") if target.is_file() else None
        if current != text:
            print(f"{target} is out of date; regenerate it: {REGENERATE}", file=sys.stderr)
            return int(ExitCode.CHECK_FAILED)
        print(f"{target} is up to date")
        return int(ExitCode.OK)
    if args.output:
        from ars_docs.commands.outputs import write_output

        write_output(args.output, text)
    else:
        sys.stdout.write(text)
    return int(ExitCode.OK)


if __name__ == "__main__":
    sys.exit(main())
