"""Text reports that stay short on a thesis-sized draft (issue 10 §2).

A 3,000-paragraph draft has thousands of markers and a 2,000-entry passport
can carry a warning per entry; printing all of it buries the counts. Every
list a command prints therefore goes through ``capped``: the first ``LIMIT``
items, then one ``… and M more (--verbose)`` line. Passport findings are shown
only for the entries the draft cites (plus findings about no entry at all);
the rest become one count line. The summary is always printed last, so it is
the line a person sees when the scrolling stops and the line an agent reads
with ``tail -1``. ``-q`` prints the summary only, ``-v`` everything;
``--format json`` is always complete.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Collection, Iterable, Sequence
from typing import TextIO

from ars_docs.core.codes import PASSPORT_SCHEMA_ERROR
from ars_docs.core.diagnostics import Diagnostic, Severity

__all__ = [
    "LIMIT",
    "NORMAL",
    "QUIET",
    "VERBOSE",
    "add_verbosity",
    "capped",
    "severity_counts",
    "severity_phrase",
    "split_by_citation",
]

#: How many items of one list the default report shows.
LIMIT = 20
QUIET, NORMAL, VERBOSE = 0, 1, 2


def add_verbosity(parser: argparse.ArgumentParser, *, verbose_help: str | None = None) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "-q",
        "--quiet",
        dest="verbosity",
        action="store_const",
        const=QUIET,
        default=NORMAL,
        help="print the summary only",
    )
    group.add_argument(
        "-v",
        "--verbose",
        dest="verbosity",
        action="store_const",
        const=VERBOSE,
        help=verbose_help or f"print every item of every list (default: the first {LIMIT} of each)",
    )


def add_quiet(parser: argparse.ArgumentParser, *, what: str = "print the summary only") -> None:
    """``-q``/``--quiet`` alone, for reports that print every item already (no ``-v``)."""
    parser.add_argument(
        "-q", "--quiet", dest="verbosity", action="store_const", const=QUIET, default=NORMAL,
        help=what,
    )  # fmt: skip


def capped(lines: Sequence[str], verbosity: int, stream: TextIO, *, indent: str = "") -> None:
    """Print ``lines`` (all with ``-v``, none with ``-q``, else the first ``LIMIT``)."""
    if verbosity == QUIET:
        return
    shown = lines if verbosity == VERBOSE else lines[:LIMIT]
    for line in shown:
        print(line, file=stream)
    if len(lines) > len(shown):
        print(f"{indent}… and {len(lines) - len(shown)} more (--verbose)", file=stream)


#: Passport findings about no entry that still concern every draft (a schema error
#: anywhere can hide an entry); the others about no entry (ARS113, a file without
#: front matter in an entry folder) are passport layout.
_ABOUT_ALL = frozenset({PASSPORT_SCHEMA_ERROR})


def split_by_citation(
    diagnostics: Iterable[Diagnostic], cited: Collection[str]
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(findings about cited entries, the rest: entries not cited, passport layout)."""
    shown: list[Diagnostic] = []
    hidden: list[Diagnostic] = []
    for diagnostic in diagnostics:
        if diagnostic.slug is None:
            about_other = diagnostic.code not in _ABOUT_ALL
        else:
            about_other = diagnostic.slug not in cited
        (hidden if about_other else shown).append(diagnostic)
    return shown, hidden


def severity_counts(diagnostics: Iterable[Diagnostic]) -> dict[str, int]:
    counts = {severity.value: 0 for severity in Severity}
    for diagnostic in diagnostics:
        counts[diagnostic.severity.value] += 1
    return counts


def severity_phrase(diagnostics: Sequence[Diagnostic]) -> str:
    """``2 errors, 1 warning`` (info findings are counted only when present)."""
    counts = severity_counts(diagnostics)
    parts = []
    for name, count in counts.items():
        if count or name != Severity.INFO.value:
            parts.append(f"{count} {name}{'' if count == 1 else 's'}")
    return ", ".join(parts)


def print_hidden(
    hidden: Sequence[Diagnostic], verbosity: int, stream: TextIO, *, passport: str | None = None
) -> None:
    """Passport findings that do not concern the draft: one line, or all with -v.

    They are the same on every run until the passport changes, so the default
    report names them once, in one line, with the command that lists them.
    """
    if not hidden or verbosity == QUIET:
        return
    if verbosity == VERBOSE:
        for diagnostic in hidden:
            print(diagnostic.format(), file=stream)
        return
    where = passport or hidden[0].path
    entries = len({d.slug for d in hidden if d.slug is not None})
    about = f"{entries} entr{'y' if entries == 1 else 'ies'} this draft does not cite"
    if any(d.slug is None for d in hidden) or entries < len({d.slug for d in hidden}):
        about += " or the passport's layout"
    print(
        f"{where}: {len(hidden)} more passport finding(s) ({severity_phrase(hidden)}) "
        f"about {about}; they do not change this draft's statuses (--verbose, or "
        f"ars-docs lint corpus {shlex.quote(where)})",
        file=stream,
    )


def flush() -> None:
    """Keep diagnostics (stderr) before the report (stdout) when both reach a terminal."""
    sys.stderr.flush()
    sys.stdout.flush()
