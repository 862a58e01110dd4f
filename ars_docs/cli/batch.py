"""Many drafts in one call: ``finalize`` and ``render`` over files and folders (issue 27).

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
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.cli.common import STDIO
from ars_docs.core.errors import ArsError, ExitCode, InputMissingError, UsageError

if TYPE_CHECKING:
    from ars_docs.session.corpus import Corpus
    from ars_docs.session.readlog import ReadLog

__all__ = ["add_batch_options", "expand_drafts", "jobs_arg", "run_batch"]

#: Names ars-docs writes beside a draft; never taken as drafts from a folder.
_GENERATED_SUFFIXES = ("_prefinalization_checklist.md", "_final.md", "_preview.md")

# A worker's trust inputs, set once per process by ``_init_worker``.
_TRUST: tuple[Corpus, ReadLog] | None = None


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


def expand_drafts(names: list[str], *, recursive: bool) -> tuple[list[str], bool]:
    """The drafts named by files and folders, and whether this is a batch.

    A batch is more than one draft or any folder (a folder of one draft still
    reports like a batch, so scripts see one shape).
    """
    drafts: list[str] = []
    seen: set[str] = set()
    folder_given = False
    for name in names:
        if name != STDIO and os.path.isdir(name):
            folder_given = True
            found = _folder_drafts(Path(name), recursive)
            if not found:
                raise InputMissingError(
                    f"{name}: no *.md drafts in this folder"
                    + ("" if recursive else " (give --recursive to include its subfolders)")
                )
        else:
            found = [name]
        for draft in found:
            key = draft if draft == STDIO else os.path.realpath(draft)
            if key not in seen:
                seen.add(key)
                drafts.append(draft)
    return drafts, folder_given or len(drafts) > 1


def _folder_drafts(folder: Path, recursive: bool) -> list[str]:
    pattern = "**/*.md" if recursive else "*.md"
    found = sorted(
        str(path)
        for path in folder.glob(pattern)
        if path.is_file() and not path.name.endswith(_GENERATED_SUFFIXES)
    )
    return found


def refuse_single_draft_options(args: argparse.Namespace, drafts: list[str]) -> None:
    """Options that name one draft's input or output cannot serve several (exit 64)."""
    command = args.command_name
    if STDIO in drafts:
        raise UsageError(
            f"{command}: standard input ('-') is one draft; give files or folders when "
            "running several"
        )
    for option, attribute in (("-o/--output", "output"), ("--checklist", "checklist")):
        if getattr(args, attribute, None):
            raise UsageError(
                f"{command}: {option} names one draft's output; with several drafts each "
                "is written beside its draft (run the drafts one by one to place them)"
            )


def run_batch(
    args: argparse.Namespace,
    drafts: list[str],
    one: Callable[[argparse.Namespace, Any], int],
    trust: tuple[Corpus, ReadLog] | None,
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

        from ars_docs.session.cache.codec import encode

        encoded = None if trust is None else (encode(trust[0]), encode(trust[1]))
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with ProcessPoolExecutor(
            max_workers=jobs, mp_context=context, initializer=_init_worker, initargs=(encoded,)
        ) as pool:
            results = pool.map(_run_one, [one] * len(drafts), [args] * len(drafts), drafts)
            codes = _print_results(results)
    _print_summary(args, drafts, codes)
    return max(codes, default=0)


def _init_worker(encoded: tuple[bytes, bytes] | None) -> None:
    global _TRUST
    if encoded is None:
        _TRUST = None
        return
    from ars_docs.session.cache.codec import decode
    from ars_docs.session.corpus import Corpus
    from ars_docs.session.readlog import ReadLog

    _TRUST = (decode(encoded[0], Corpus), decode(encoded[1], ReadLog))


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
        from ars_docs.cli.jsonout import payload, print_payload

        print_payload(payload(command, summary), sys.stdout)
        return
    noun = "draft" if len(drafts) == 1 else "drafts"
    parts = [f"{ok} ok"]
    if flagged or command == "render" or args.check:
        parts.append(f"{flagged} {flag_word}")
    parts.append(f"{failed} failed")
    stream = sys.stderr if command == "render" else sys.stdout
    print(f"{command}: {len(drafts)} {noun}: {', '.join(parts)}; exit {worst}", file=stream)
