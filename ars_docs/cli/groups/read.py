"""``ars-docs mark-read``, ``unmark-read`` and ``list-read``: the human-read signal (§3.6)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ars_docs.cli.common import Subparsers, add_format, add_passport, add_yes, passport_arg
from ars_docs.cli.jsonout import payload, print_changes, print_payload
from ars_docs.cli.output import QUIET, add_quiet
from ars_docs.core.errors import ExitCode

if TYPE_CHECKING:
    from ars_docs.commands.record.marks import MarkOutcome

#: ``ars_docs.session.readlog.READ_SCOPE_LEVELS`` (a test keeps them equal); full_text first.
READ_SCOPE_LEVELS = ("full_text", "sections", "abstract_only", "toc_only", "unknown")
FULL_TEXT = READ_SCOPE_LEVELS[0]


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "mark-read",
        help="record that you read a source yourself (§3.6); appends to "
        "<passport-stem>_human_read_log.yaml",
    )
    p.set_defaults(handler=cmd_mark_read)
    p.add_argument("keys", nargs="+", metavar="KEY", help="citation_key(s) from the passport")
    add_passport(p, required=True)
    p.add_argument(
        "--scope",
        choices=READ_SCOPE_LEVELS,
        default=FULL_TEXT,
        help="how much you read; only full_text turns LOW-WARN into ok (default: full_text)",
    )
    p.add_argument(
        "--locator",
        action="append",
        default=[],
        metavar="TEXT",
        help="which part you read (section, pages); repeat for several",
    )
    p.add_argument("--note", help="free-text note stored with the mark")
    add_yes(p, "read")
    add_format(p)

    p = sub.add_parser(
        "unmark-read",
        help="rescind a mark: appends rescinded_at to the read log; deletes nothing",
    )
    p.set_defaults(handler=cmd_unmark_read)
    p.add_argument("keys", nargs="+", metavar="KEY", help="citation_key(s) whose mark to rescind")
    add_passport(p, required=True)
    add_format(p)

    p = sub.add_parser("list-read", help="print the human-read log's active marks; writes nothing")
    p.set_defaults(handler=cmd_list_read)
    add_passport(p, required=True)
    p.add_argument("--all", action="store_true", help="the whole history, rescinded marks too")
    add_format(p)
    add_quiet(p, what="print the count line only")


def cmd_mark_read(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.attest import confirm, read_question
    from ars_docs.commands.record.marks import WHY, mark, marks_data, shown

    passport = passport_arg(args.passport, required=False)
    how = confirm("mark-read", read_question(args.keys), yes=args.yes, stdin=sys.stdin,
                  stderr=sys.stderr)  # fmt: skip
    run = mark(passport, args.keys, scope=args.scope, locators=args.locator, note=args.note,
               attested=how)  # fmt: skip
    data = marks_data(run.outcome, passport, run, args.scope)
    if args.format == "json":
        return print_changes("mark-read", data, "log", "written", "unchanged", "created")
    _report_marks(run.outcome, f"marked ({args.scope})")
    if run.outcome.written:
        print(f"attested: {shown(how)}")
    for key, why in run.cannot_promote:
        print(f"note: {key} {WHY[why]}", file=sys.stderr)
    for step in data["next"]:
        print(f"next: {step} (their citations become ok where verified)")
    return int(ExitCode.OK)


def cmd_unmark_read(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.marks import marks_data, unmark

    passport = passport_arg(args.passport, required=False)
    outcome = unmark(passport, args.keys)
    data = marks_data(outcome, passport)
    if args.format == "json":
        return print_changes("unmark-read", data, "log", "written", "unchanged", "created")
    _report_marks(outcome, "rescinded")
    for step in data["next"]:
        print(f"next: {step} (their citations get their warning back)")
    return int(ExitCode.OK)


def _report_marks(outcome: MarkOutcome, verb: str) -> None:
    if outcome.written:
        created = " (created the log)" if outcome.created else ""
        print(f"{verb}: {', '.join(outcome.written)} in {outcome.log_path}{created}")
    for key, why in outcome.unchanged.items():
        print(f"unchanged: {key}: {why}")
    if not outcome.written:
        print(f"nothing changed in {outcome.log_path}")


def cmd_list_read(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.marks import list_marks

    listed = list_marks(passport_arg(args.passport, required=False), include_all=args.all)
    log, exists, marks = listed.log, listed.exists, listed.marks
    if args.format == "json":
        summary = {"log": str(log), "exists": exists, "all": args.all, "marks": len(marks)}
        body = {"log": str(log), "exists": exists, "all": args.all}
        print_payload(payload("list-read", summary, **body, marks=[m.to_dict() for m in marks]))
        return int(ExitCode.OK)
    if not exists:
        print(
            f"{log}: no human-read log (the file does not exist); nothing is marked read. "
            "ars-docs mark-read creates it; if the passport was moved, move its log with it"
        )
        return int(ExitCode.OK)
    what = "mark(s) in history" if args.all else "active mark(s)"
    print(f"{log}: {len(marks)} {what}")
    if args.verbosity == QUIET:
        return int(ExitCode.OK)
    for m in marks:
        extra = f"  rescinded {m.rescinded_at}" if m.rescinded_at else ""
        where = f"  [{'; '.join(m.locators)}]" if m.locators else ""
        print(f"  {m.citation_key}  {m.level}  marked {m.marked_at}{where}{extra}")
    return int(ExitCode.OK)
