"""``ars-docs verify``: record that the AI checked entries against their originals (§3.1).

The passport is edited in place by ``session.verify`` (byte-preserving). The
step is also appended to the session events log (``--note`` becomes its
rationale), so the drift log shows who verified what and why.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ars_docs.cli.common import Subparsers, add_format, add_passport, add_yes, passport_arg
from ars_docs.cli.jsonout import print_changes
from ars_docs.core.errors import ExitCode

if TYPE_CHECKING:
    from ars_docs.commands.verify import VerifyStep

#: ``session.verify.VERIFY_METHODS`` (a test keeps them equal).
VERIFY_METHODS = ("manual_grep", "vision_check", "codex_audit")


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "verify",
        help="record that entries were checked against their originals; edits the passport",
        description="Set source_verified_against_original: true, source_verification_method "
        "and description_last_audit on each entry, in place (comments and layout kept). "
        "Refuses, writing nothing, any key not in the corpus or without an acquired original. "
        "Also appends the step to <passport-stem>_session_events.jsonl.",
    )
    p.set_defaults(handler=cmd_verify)
    p.add_argument("keys", nargs="+", metavar="KEY", help="citation_key(s) from the passport")
    add_passport(p, required=True)
    p.add_argument(
        "--method",
        required=True,
        choices=VERIFY_METHODS,
        help="how the description was checked against the original",
    )
    p.add_argument(
        "--audit-id",
        metavar="ID",
        help="audit round id for description_last_audit (default: <method>-<UTC date>)",
    )
    p.add_argument(
        "--note", metavar="TEXT", help="what was checked; stored in the session events log"
    )
    add_yes(p, "check")
    add_format(p)


def cmd_verify(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    from ars_docs.commands.record.attest import confirm, verify_question
    from ars_docs.commands.verify import verify

    question = verify_question(args.keys, args.method)
    how = confirm("verify", question, yes=args.yes, stdin=sys.stdin, stderr=sys.stderr)
    step = verify(passport, args.keys, method=args.method, audit_id=args.audit_id, note=args.note,
                  attested=how)  # fmt: skip
    if args.format == "json":
        return print_changes(
            "verify", step.to_dict(args.method), "passport", "written", "unchanged"
        )
    _report(step, args.method)
    return int(ExitCode.OK)


def _report(step: VerifyStep, method: str) -> None:
    from ars_docs.commands.record.marks import shown
    from ars_docs.commands.verify import NEXT_STEP

    outcome = step.outcome
    if outcome.written:
        print(
            f"verified ({method}, description_last_audit: {outcome.audit_id}): "
            f"{', '.join(outcome.written)} in {outcome.passport}"
        )
        print(f"attested: {shown(step.attested)}")
        if step.completed:
            print(
                f"completed an interrupted run: the events log already recorded "
                f"{', '.join(step.completed)}; the passport now does too"
            )
        print(f"next: {NEXT_STEP}")
    for key in outcome.unchanged:
        print(f"unchanged: {key}: already recorded with {method} and {outcome.audit_id}")
    late = step.logged_late
    if late:
        print(
            f"logged: {', '.join(late)}: the passport recorded the verification but the "
            "events log did not (an interrupted run); the event is added now"
        )
    if not outcome.written:
        print(f"nothing changed in {outcome.passport}")
