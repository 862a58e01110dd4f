"""Helpers shared by every CLI command module (see ``ars_docs.cli.main``).

A command module exposes ``register(sub, lint_sub)``: it adds its parsers to
the top-level subparsers (and, for linters, to ``ars-docs lint``) and sets a
``handler`` default, a function ``(argparse.Namespace) -> int``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from ars_docs.diagnostics import Diagnostic
from ars_docs.errors import OutputError, UsageError

if TYPE_CHECKING:
    from ars_docs.draft.document import Document
    from ars_docs.session.corpus import Corpus
    from ars_docs.session.readlog import ReadLog

PASSPORT_ENV = "ARS_PASSPORT"
STDIO = "-"
STDIN_NAME = "<stdin>"

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


def add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people (default) or json for programs: complete, `summary` object first",
    )


def passport_arg(value: str | None, *, required: bool) -> str | None:
    """``--passport`` wins over ``$ARS_PASSPORT``; empty values count as unset."""
    chosen = value or os.environ.get(PASSPORT_ENV) or None
    if chosen is None and required:
        raise UsageError(f"no passport given: pass --passport PASSPORT or set ${PASSPORT_ENV}")
    if chosen == STDIO:
        raise UsageError(
            "the passport cannot be read from standard input ('-'): its folder holds the "
            "read log and the other session files; give its path"
        )
    return chosen


def refuse_stdio(value: str | None, option: str, why: str) -> None:
    """``-`` is standard input/output; where a command cannot use it, say so (exit 64)."""
    if value == STDIO:
        raise UsageError(f"{option} '-' is not supported: {why}; give a file path")


def read_draft(name: str) -> Document:
    """The draft at ``name``, or standard input for ``-`` (shown as ``<stdin>``)."""
    from ars_docs.draft.document import Document, decode, read_document

    if name != STDIO:
        return read_document(name)
    return Document(decode(sys.stdin.buffer.read(), STDIN_NAME), path=STDIN_NAME)


def load_trust_inputs(passport: str) -> tuple[Corpus, ReadLog]:
    from ars_docs.session.corpus import load_corpus
    from ars_docs.session.readlog import load_read_log, read_log_path

    corpus = load_corpus(passport)
    return corpus, load_read_log(read_log_path(passport))


def print_diagnostics(
    diagnostics: Sequence[Diagnostic], stream: TextIO, *, limit: int | None = 20
) -> None:
    """Print findings; past ``limit`` one line says how many more there are."""
    shown = diagnostics if limit is None else diagnostics[:limit]
    for diagnostic in shown:
        print(diagnostic.format(), file=stream)
    if len(diagnostics) > len(shown):
        print(f"… and {len(diagnostics) - len(shown)} more finding(s)", file=stream)


def write_output(target: str, text: str) -> None:
    """Write ``text`` to a file atomically, or to standard output for ``-``."""
    if target == STDIO:
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.flush()
    else:
        from ars_docs.session.atomic import write_text_atomic

        write_text_atomic(Path(target), text)


def refuse_outputs_over_inputs(
    outputs: Sequence[tuple[str, str | None]],
    *,
    passport: str | None,
    inputs: Sequence[tuple[str, str | None]] = (),
) -> None:
    """Exit 64 when an output (``(option, path)``) resolves to one of the command's
    ``inputs`` (``(role, path)``), to the passport or a file kept beside it, or to
    another output — before anything is read or written (issue 29, one rule for every
    command)."""
    from ars_docs.paths import refuse_output_over_inputs, session_files

    protected: list[tuple[str, str | os.PathLike[str] | None]] = [
        *inputs,
        *session_files(passport),
    ]
    for option, target in outputs:
        refuse_output_over_inputs(target, protected, option=option)
        protected.append((f"the {option} output", target))


def same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def ensure_folder(target: Path) -> None:
    """Fail early (exit 73) when ``target``'s folder does not exist or is not a folder."""
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(
            f"cannot write {target}: {folder} is not an existing folder; create it or choose "
            "another path (nothing was written)"
        )


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
