"""``ars-docs verify``: record that the AI checked entries against their originals (§3.1).

The passport is edited in place by ``session.verify`` (byte-preserving). The
step is also appended to the session events log (``--note`` becomes its
rationale), so the drift log shows who verified what and why.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ars_docs.cli.common import Subparsers, add_passport, passport_arg
from ars_docs.errors import ArsError, ExitCode, UsageError

if TYPE_CHECKING:
    from ars_docs.reports.session_events import SessionEvent
    from ars_docs.session.verify import VerifyOutcome

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


def cmd_verify(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    if args.note is not None and not args.note.strip():
        raise UsageError("--note is empty; say what was checked, or leave the option out")
    from ars_docs.reports.session_events import events_path
    from ars_docs.session.locking import file_lock

    events = events_path(passport)
    # Both files' locks (links resolved) for the whole step: a concurrent verify or
    # log-event sees either none or all of it.
    with file_lock(passport, events):
        step = _record(passport, args)
    _report(step, args.method)
    return int(ExitCode.OK)


class _Step:
    """What one ``verify`` run did: the passport outcome and the keys it logged."""

    def __init__(self, outcome: VerifyOutcome, logged: list[str], completed: list[str]) -> None:
        self.outcome = outcome
        self.logged = logged
        """Keys this run added to the events log."""
        self.completed = completed
        """Keys an interrupted run had logged but not written; this run wrote them."""


def _record(passport: str, args: argparse.Namespace) -> _Step:
    """The verification as one all-or-nothing step over two files (issue 29).

    The event is written first (a write-ahead record), the passport second. A run
    killed between the two leaves an event whose passport change is missing; the
    next run of the same command finds the event and writes only the passport. A
    passport that records a verification no event mentions (a run of an older
    ars-docs killed between its two writes) gets its event on the next run.
    """
    from ars_docs.paths import regular_or_absent, resolve
    from ars_docs.reports.phases import AD_HOC
    from ars_docs.reports.session_events import append_event, events_path, load_events
    from ars_docs.session.atomic import ensure_writable
    from ars_docs.session.verify import apply_verification, plan_verification

    events = events_path(passport)
    earlier = load_events(events) if regular_or_absent(events, what="session events log") else []
    outcome = plan_verification(passport, args.keys, method=args.method, audit_id=args.audit_id)
    recorded = logged_verifications(earlier, args.method, outcome.audit_id)
    to_log = [key for key in (*outcome.pending, *outcome.unchanged) if key not in recorded]
    completed = [key for key in outcome.pending if key in recorded]
    # Both targets are checked before either is written.
    if outcome.pending:
        ensure_writable(resolve(passport))
    if to_log:
        ensure_writable(resolve(events))
        append_event(
            passport,
            phase=AD_HOC,
            action=verification_action(to_log, args.method, outcome.audit_id),
            rationale=args.note.strip() if args.note else None,
        )
    try:
        apply_verification(outcome)
    except ArsError as exc:
        if not to_log and not completed:
            raise
        raise type(exc)(
            f"{exc.message}; the events log {events} already records the verification of "
            f"{', '.join(outcome.pending)} but the passport does not yet: run the same "
            "`ars-docs verify` command again to complete it"
        ) from exc
    return _Step(outcome, to_log, completed)


_ACTION = re.compile(
    r"\Averified (?P<keys>\S+(?:, \S+)*) against the original "
    r"\((?P<method>[a-z_]+), (?P<audit>.*)\)\Z",
    re.S,
)


def verification_action(keys: list[str], method: str, audit_id: str) -> str:
    """The events-log action of a verification (``logged_verifications`` reads it back)."""
    return f"verified {', '.join(keys)} against the original ({method}, {audit_id})"


def logged_verifications(events: Iterable[SessionEvent], method: str, audit_id: str) -> set[str]:
    """Keys the events log already records as verified with ``method`` and ``audit_id``."""
    keys: set[str] = set()
    for event in events:
        found = _ACTION.match(event.action)
        if found and found["method"] == method and found["audit"] == audit_id:
            keys.update(found["keys"].split(", "))
    return keys


def _report(step: _Step, method: str) -> None:
    outcome = step.outcome
    if outcome.written:
        print(
            f"verified ({method}, description_last_audit: {outcome.audit_id}): "
            f"{', '.join(outcome.written)} in {outcome.passport}"
        )
        if step.completed:
            print(
                f"completed an interrupted run: the events log already recorded "
                f"{', '.join(step.completed)}; the passport now does too"
            )
        print(
            "next: ars-docs finalize DRAFT turns their MED-WARN citations into LOW-WARN "
            "(ok where you have read the source: ars-docs mark-read)"
        )
    for key in outcome.unchanged:
        print(f"unchanged: {key}: already recorded with {method} and {outcome.audit_id}")
    late = [key for key in step.logged if key in outcome.unchanged]
    if late:
        print(
            f"logged: {', '.join(late)}: the passport recorded the verification but the "
            "events log did not (an interrupted run); the event is added now"
        )
    if not outcome.written:
        print(f"nothing changed in {outcome.passport}")
