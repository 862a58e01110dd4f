"""Running many drafts in one call: ``finalize`` and ``render`` over files and folders (issue 27).

``ars-docs finalize chapters/ intro.md --passport P`` runs each draft exactly as
its own call would — same files written, same report — with the passport and
read log loaded once and the drafts spread over ``--jobs N`` worker processes
(default: the number of cores). Rules (docs/reference.md, "Many drafts"):

* a folder stands for the ``*.md`` files directly in it, in sorted name order,
  not its subfolders unless ``--recursive``; files ars-docs writes beside a
  draft (``*_prefinalization_checklist.md``, ``*_final.*``, ``*_preview.*``)
  are skipped, so a second run does not finalize its own checklists;
* a draft named twice (directly or through a folder) runs once;
* ``-o``, ``--checklist`` and standard input (``-``) name one draft's output or
  input, so with several drafts they are refused (exit 64) before anything runs;
* the reports come in the order the drafts were given, each exactly as one call
  prints it, then one summary line (``--format json``: one summary object);
  the exit code is the worst of the drafts' codes;
* a draft that cannot be read (missing, not UTF-8) is reported with its exit
  code and the others still run.

Which drafts, which options are refused and the one load of the session are
decided by ``commands.batch``; this module only runs the drafts (in a worker
pool for ``--jobs`` > 1), captures each one's report and prints them in order.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ars_docs.cli.jsonout import payload, print_payload
from ars_docs.commands.batch import pack_trust, unpack_trust
from ars_docs.core.errors import ArsError, ExitCode

if TYPE_CHECKING:
    from ars_docs.commands.batch import Packed
    from ars_docs.commands.session_inputs import Trust

__all__ = ["add_batch_options", "jobs_arg", "run_batch"]

# A worker's trust inputs, set once per process by ``_init_worker``.
_TRUST: Trust | None = None


def jobs_arg(value: str) -> int:
    """``--jobs N`` (1-256), an ``argparse`` type."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if not 1 <= number <= 256:
        raise argparse.ArgumentTypeError(f"{number} is out of range (1-256)")
    return number


def add_batch_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-j",
        "--jobs",
        type=jobs_arg,
        metavar="N",
        help="with several drafts: worker processes (default: the number of cores)",
    )
    parser.add_argument(
        "-r",
        "--recursive",
        action="store_true",
        help="a DRAFT folder includes the *.md files of its subfolders too",
    )


def run_batch(
    args: argparse.Namespace,
    drafts: list[str],
    one: Callable[[argparse.Namespace, Any], int],
    trust: Trust | None,
) -> int:
    """Run ``one`` for each draft (in a pool when ``--jobs`` > 1); print in order; worst code."""
    jobs = args.jobs or os.cpu_count() or 1
    jobs = max(1, min(jobs, len(drafts)))
    results: Iterator[tuple[int, str, str]]
    if jobs == 1:
        global _TRUST
        _TRUST = trust
        results = (_run_one(one, args, draft) for draft in drafts)
        codes = _print_results(results)
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        encoded = pack_trust(trust)
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with ProcessPoolExecutor(
            max_workers=jobs, mp_context=context, initializer=_init_worker, initargs=(encoded,)
        ) as pool:
            results = pool.map(_run_one, [one] * len(drafts), [args] * len(drafts), drafts)
            codes = _print_results(results)
    _print_summary(args, drafts, codes)
    return max(codes, default=0)


def _init_worker(encoded: Packed | None) -> None:
    global _TRUST
    _TRUST = unpack_trust(encoded)


def _run_one(
    one: Callable[[argparse.Namespace, Any], int], args: argparse.Namespace, draft: str
) -> tuple[int, str, str]:
    """One draft as its own call would run it; its report captured (code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = int(one(argparse.Namespace(**{**vars(args), "draft": draft}), _TRUST))
        except ArsError as exc:  # this draft only; the others still run
            print(exc.format(), file=sys.stderr)
            code = int(exc.exit_code)
    return code, out.getvalue(), err.getvalue()


def _print_results(results: Iterator[tuple[int, str, str]]) -> list[int]:
    codes = []
    for code, out, err in results:
        sys.stderr.write(err)
        sys.stderr.flush()
        sys.stdout.write(out)
        sys.stdout.flush()
        codes.append(code)
    return codes


def _print_summary(args: argparse.Namespace, drafts: list[str], codes: list[int]) -> None:
    command = args.command_name
    ok = sum(1 for code in codes if code == ExitCode.OK)
    flagged = sum(1 for code in codes if code == ExitCode.CHECK_FAILED)
    failed = len(codes) - ok - flagged
    worst = max(codes, default=0)
    flag_word = "refused" if command == "render" else "would change"
    summary: dict[str, Any] = {
        "command": command,
        "batch": True,
        "drafts": len(drafts),
        "ok": ok,
        flag_word.replace(" ", "_"): flagged,
        "failed": failed,
        "exit_code": worst,
        "failed_drafts": [
            d for d, c in zip(drafts, codes, strict=True) if c > ExitCode.CHECK_FAILED
        ],
    }
    if args.format == "json":
        print_payload(payload(command, summary), sys.stdout)
        return
    noun = "draft" if len(drafts) == 1 else "drafts"
    parts = [f"{ok} ok"]
    if flagged or command == "render" or args.check:
        parts.append(f"{flagged} {flag_word}")
    parts.append(f"{failed} failed")
    stream = sys.stderr if command == "render" else sys.stdout
    print(f"{command}: {len(drafts)} {noun}: {', '.join(parts)}; exit {worst}", file=stream)
