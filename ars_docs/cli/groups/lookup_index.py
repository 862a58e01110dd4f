"""``ars-docs lookup index build``: the index ``lookup --offline`` reads (docs/lookup-index.md).

``cli/groups/lookup.py`` registers the ``lookup`` command and an ``index`` parser whose
actions ``register_index`` fills. The report goes to standard output: per input file the
records read and the lines skipped (the first 20 of each file, then
``… and N more``), the summary last; ``--format json`` is complete and starts
with ``summary``. Progress goes to standard error when the inputs are large.
Exit 0 when the index was written (also with skipped lines); 64 usage, 65 an
input that is not JSON lines of works, 66 an input missing, 73 the index cannot
be written (nothing is left behind), 74 an input cannot be read.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ars_docs.cli.common import Subparsers, add_format
from ars_docs.cli.jsonout import payload, print_payload
from ars_docs.cli.output import QUIET, VERBOSE, add_verbosity
from ars_docs.core.errors import ExitCode

if TYPE_CHECKING:
    from ars_docs.lookup.index.build import BuildProgress, BuildReport

__all__ = ["cmd_index_build", "register_index"]

#: Inputs of at least this many bytes in all get progress lines on standard error.
PROGRESS_BYTES = 32 * 2**20
#: Seconds between two progress lines (a terminal gets one line, rewritten, every second).
PROGRESS_EVERY = 10.0


def register_index(index_sub: Subparsers) -> None:
    """Add ``build`` to the actions of ``ars-docs lookup index`` (``cli/groups/lookup.py`` makes
    the ``index`` parser: ``lookup`` itself takes citation keys, not subcommands)."""
    build = index_sub.add_parser(
        "build",
        prog="ars-docs lookup index build",
        help="index Crossref/OpenAlex dumps (JSON lines, .gz or not) into one file",
        description="Read registry dumps (Crossref works, OpenAlex works, one per line; "
        "Crossref public-data .json files) and write a snapshot index for lookup --offline. "
        "The index is written to a temp file and renamed when complete.",
    )
    build.set_defaults(handler=cmd_index_build)
    build.add_argument(
        "dumps", nargs="+", metavar="DUMP", help="JSON-lines dump files (.jsonl, .jsonl.gz, .json)"
    )
    build.add_argument("-o", "--output", metavar="INDEX", help="the index file to write (required)")
    add_format(build)
    add_verbosity(
        build,
        verbose_help="also print each file's SHA-256 and size, and the records per service "
        "(skipped lines: the first 20 of each file either way)",
    )


def cmd_index_build(args: argparse.Namespace) -> int:
    from ars_docs.commands.evidence.lookup import build_index

    progress = _Progress(sys.stderr) if _large(args.dumps) and args.verbosity != QUIET else None
    report = build_index(args.dumps, args.output, progress=progress)
    if progress is not None:
        progress.close()
    if args.format == "json":
        print_payload(payload("lookup index build", _summary_dict(report), **report.to_dict()))
        return int(ExitCode.OK)
    if args.verbosity != QUIET:
        for item in report.inputs:
            skipped = f", {item.skipped} line(s) skipped" if item.skipped else ""
            print(f"{item.name}: {item.records} record(s) read{skipped}")
            if args.verbosity == VERBOSE:
                print(f"  sha256 {item.sha256}, {item.bytes} bytes")
            for line in item.skipped_shown:
                print(f"  {line}")
            if item.skipped > len(item.skipped_shown):
                print(f"  … and {item.skipped - len(item.skipped_shown)} more")
        if report.replaced:
            print(f"{report.replaced} record(s) replaced by a later line of the same work")
        if args.verbosity == VERBOSE:
            services = ", ".join(f"{n} {name}" for name, n in sorted(report.services.items()))
            print(f"records: {services or 'none'}; built at {report.built_at}")
    print(_summary(report))
    return int(ExitCode.OK)


def _summary(report: BuildReport) -> str:
    files = len(report.inputs)
    return (
        f"indexed {report.records} works from {files} file{'' if files == 1 else 's'} into "
        f"{report.output} ({report.size / 2**20:.2f} MB) in {report.seconds:.2f} s"
    )


def _summary_dict(report: BuildReport) -> dict[str, object]:
    return {
        "records": report.records,
        "files": len(report.inputs),
        "skipped": report.skipped,
        "replaced": report.replaced,
        "output": str(report.output),
        "bytes": report.size,
        "seconds": round(report.seconds, 3),
    }


def _large(dumps: list[str]) -> bool:
    total = 0
    for name in dumps:
        try:
            total += Path(name).stat().st_size
        except OSError:
            continue  # the build says what is wrong with it
    return total >= PROGRESS_BYTES


class _Progress:
    """Where the build is, on standard error: a line rewritten on a terminal, else a
    line every ``PROGRESS_EVERY`` seconds."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.last = 0.0
        self.shown = False

    def __call__(self, state: BuildProgress) -> None:
        now = time.monotonic()
        finished = state.done >= state.size
        if now - self.last < (1.0 if self.tty else PROGRESS_EVERY) and not finished:
            return
        self.last = now
        share = f"{100 * state.done / state.size:.0f} %" if state.size else "–"
        line = (
            f"index build: file {state.number}/{state.files} {state.name}: {share}, "
            f"line {state.line}, {state.records} records"
        )
        if self.tty:
            self.stream.write(f"\r{line}\x1b[K")
            self.shown = True
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.shown:
            self.stream.write("\n")
            self.stream.flush()
