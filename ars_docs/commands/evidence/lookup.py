"""``lookup`` and ``acknowledge-retraction``: evidence that the cited works exist.

``lookup_works`` chooses what is checked (a passport, or a bare bibliography
that is only read), runs ``lookup.run.lookup`` and returns its report;
``lookup_exit_code`` decides what the run means for the caller's exit status;
``build_index`` writes the snapshot index ``lookup --offline`` reads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from ars_docs.core.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from ars_docs.lookup.batch.acknowledge import Acknowledgement
    from ars_docs.lookup.batch.report import LookupReport
    from ars_docs.lookup.index.build import BuildProgress, BuildReport

__all__ = ["acknowledge", "build_index", "lookup_exit_code", "lookup_works"]


def lookup_works(
    *,
    passport: str | None,
    bibliography: str | None = None,
    keys: Sequence[str] = (),
    recheck: bool = False,
    refresh: bool = False,
    offline: str | None = None,
    config: str | None = None,
    dry_run: bool = False,
    concurrency: int | None = None,
    progress: TextIO | None = None,
) -> LookupReport:
    """Check the passport's entries (or ``bibliography``'s); raises ``LookupInterrupted``
    with the finished part's report when stopped."""
    from ars_docs.lookup.batch.run import LookupOptions, LookupRuntime, lookup

    if bibliography:
        if passport:
            raise UsageError("give --passport or --bibliography, not both")
        if bibliography == "-":
            raise UsageError("--bibliography '-' is not supported; give the file's path")
        source = bibliography
    elif passport is None:
        raise UsageError(
            "no passport given: pass --passport PASSPORT (or set $ARS_PASSPORT), or "
            "--bibliography FILE to check a .bib, CSL-JSON or RIS file"
        )
    else:
        source = passport
    options = LookupOptions(
        keys=tuple(keys),
        recheck=recheck,
        refresh=refresh,
        offline=offline,
        config=config,
        dry_run=dry_run,
        concurrency=concurrency,
        bibliography=bool(bibliography),
    )
    return lookup(source, options, LookupRuntime(progress=progress))


def lookup_exit_code(report: LookupReport, fail_on: str = "blocking") -> ExitCode:
    """1 when an entry blocks the gate (``fail_on="any"``: also any other ``not_found`` or
    ``mismatch``), else 75 (try again later) when an entry could not be checked or no
    service could be reached at all, else 0."""
    results = report.results
    if any(r.blocking for r in results) or (
        fail_on == "any" and any(r.status in ("not_found", "mismatch") for r in results)
    ):
        return ExitCode.CHECK_FAILED
    if report.no_network or any(r.status == "unreachable" for r in results):
        return ExitCode.TEMP_FAIL
    return ExitCode.OK


def acknowledge(passport: str, key: str, reason: str) -> Acknowledgement:
    """Record a dated reason to cite ``key`` although its lookup record says retracted."""
    from ars_docs.lookup.batch.acknowledge import acknowledge_retraction

    return acknowledge_retraction(passport, key, reason)


def build_index(
    dumps: Sequence[str],
    output: str | None,
    *,
    progress: Callable[[BuildProgress], None] | None = None,
) -> BuildReport:
    """``lookup index build``: the snapshot index of registry dumps, written to a temp
    file and renamed into place (so neither end can be standard input/output)."""
    from ars_docs.lookup.index.build import build_index as build

    if not output:
        raise UsageError(
            "no output given: pass -o INDEX, the snapshot index file to write "
            "(see 'ars-docs lookup index build --help')"
        )
    for value, what in [(output, "-o"), *((d, "DUMP") for d in dumps)]:
        if value == "-":
            raise UsageError(
                f"{what} '-' (standard input/output) is not supported here: the index is a "
                "file that is read and renamed into place; give a path"
            )
    return build(list(dumps), output, progress=progress)
