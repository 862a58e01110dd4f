"""``verify``: record that the AI checked entries against their originals (§3.1).

The passport is edited in place by ``session.verify`` (byte-preserving). The
step is also appended to the session events log (``note`` becomes its
rationale), so the drift log shows who verified what and why. The two writes
are one all-or-nothing step (a write-ahead record, ``_record``), under both
files' locks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ars_docs.core.errors import ArsError, UsageError

if TYPE_CHECKING:
    from ars_docs.reports.drift.events import SessionEvent
    from ars_docs.session.verify import VerifyOutcome

__all__ = [
    "NEXT_STEP",
    "VerifyStep",
    "logged_verifications",
    "verification_action",
    "verify",
]

#: What to run once a verification is recorded.
NEXT_STEP = (
    "ars-docs finalize DRAFT turns their MED-WARN citations into LOW-WARN "
    "(ok where you have read the source: ars-docs mark-read)"
)


def verify(
    passport: str,
    keys: list[str],
    *,
    method: str,
    audit_id: str | None = None,
    note: str | None = None,
    attested: str | None = None,
) -> VerifyStep:
    """Verify ``keys`` with ``method``; the events log records the step first.

    ``attested`` (``session.attest.records.HOW``): how the person confirmed it, recorded
    in the attestations log ahead of the passport (``None``: not recorded)."""
    if note is not None and not note.strip():
        raise UsageError("--note is empty; say what was checked, or leave the option out")
    from ars_docs.files.locking import file_lock
    from ars_docs.reports.drift.events import events_path

    events = events_path(passport)
    # Both files' locks (links resolved) for the whole step: a concurrent verify or
    # log-event sees either none or all of it.
    with file_lock(passport, events):
        return _record(
            passport, keys, method=method, audit_id=audit_id, note=note, attested=attested
        )


class VerifyStep:
    """What one ``verify`` run did: the passport outcome and the keys it logged."""

    def __init__(
        self,
        outcome: VerifyOutcome,
        logged: list[str],
        completed: list[str],
        attested: str | None = None,
    ) -> None:
        self.outcome = outcome
        self.attested = attested
        """How the person confirmed it (``session.attest.records.HOW``), if recorded."""
        self.logged = logged
        """Keys this run added to the events log."""
        self.completed = completed
        """Keys an interrupted run had logged but not written; this run wrote them."""

    @property
    def logged_late(self) -> list[str]:
        """Keys whose events this run added after an interrupted run recorded them."""
        return [key for key in self.logged if key in self.outcome.unchanged]

    def to_dict(self, method: str) -> dict[str, Any]:
        """The ``--format json`` body of ``verify``."""
        outcome = self.outcome
        return {
            "passport": str(outcome.passport),
            "method": method,
            "audit_id": outcome.audit_id,
            "attested": self.attested,
            "written": list(outcome.written),
            "unchanged": list(outcome.unchanged),
            "completed": list(self.completed),
            "logged_late": self.logged_late,
            "next": [NEXT_STEP] if outcome.written else [],
        }


def _record(
    passport: str,
    keys: list[str],
    *,
    method: str,
    audit_id: str | None,
    note: str | None,
    attested: str | None = None,
) -> VerifyStep:
    """The verification as one all-or-nothing step over two files (issue 29).

    The event is written first (a write-ahead record), the passport second. A run
    killed between the two leaves an event whose passport change is missing; the
    next run of the same command finds the event and writes only the passport. A
    passport that records a verification no event mentions (a run of an older
    ars-docs killed between its two writes) gets its event on the next run.
    """
    from ars_docs.core.clock import Clock
    from ars_docs.core.paths import regular_or_absent, resolve
    from ars_docs.files.atomic import ensure_writable
    from ars_docs.reports.drift.events import append_event, events_path, load_events
    from ars_docs.reports.drift.phases import AD_HOC
    from ars_docs.session.attest.log import append_attestations
    from ars_docs.session.attest.records import attestations_path, verify_record
    from ars_docs.session.verify import apply_verification, plan_verification

    events = events_path(passport)
    earlier = load_events(events) if regular_or_absent(events, what="session events log") else []
    outcome = plan_verification(passport, keys, method=method, audit_id=audit_id)
    recorded = logged_verifications(earlier, method, outcome.audit_id)
    to_log = [key for key in (*outcome.pending, *outcome.unchanged) if key not in recorded]
    completed = [key for key in outcome.pending if key in recorded]
    # Every target is checked before any is written.
    sidecar = attestations_path(passport)
    if outcome.pending:
        ensure_writable(resolve(passport))
        if attested is not None:
            ensure_writable(resolve(sidecar))
    if to_log:
        ensure_writable(resolve(events))
    if outcome.pending and attested is not None:
        at = Clock.from_env().rfc3339()
        audit = outcome.audit_id
        append_attestations(
            sidecar, [verify_record(k, method, audit, attested, at) for k in outcome.pending]
        )
    if to_log:
        ensure_writable(resolve(events))
        append_event(
            passport,
            phase=AD_HOC,
            action=verification_action(to_log, method, outcome.audit_id),
            rationale=note.strip() if note else None,
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
    return VerifyStep(outcome, to_log, completed, attested)


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
