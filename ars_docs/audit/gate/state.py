"""The audit gate's inputs, its record of what happened, and its result (spec §5.6).

``GateContext`` is one gate run: which transition (stage, agent, the
deliverable and its SHA now), where the passport, repository and output
folder are, the clock for ``verified_at``, and the events so far. Every
inventory row the run passes through is an event (silent rows included), so
the text and JSON output can say which phases ran and why the gate ended
where it did. ``GateResult`` is what the CLI prints and the library returns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.audit.gate.decision import Commands, Decision, GateExit
from ars_docs.audit.gate.inventory import message, row
from ars_docs.audit.gate.message import frame
from ars_docs.audit.model.ledger import AuditLedger, load_audit_ledger
from ars_docs.audit.model.verdict_text import LEGACY_NOTE
from ars_docs.core.clock import Clock
from ars_docs.core.errors import ExitCode

__all__ = ["DEPRECATED", "GateContext", "GateEvent", "GateResult"]


DEPRECATED = "deprecated"
"""The kind of the event that says an input used a deprecated form (a warning only)."""


@dataclass(frozen=True, slots=True)
class GateEvent:
    phase: str
    kind: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"phase": self.phase, "kind": self.kind, "message": self.message}


@dataclass(slots=True)
class GateContext:
    passport: Path
    root: Path
    output_dir: Path
    stage: int
    agent: str
    deliverable: str
    """The deliverable as the user named it (for printed commands)."""
    deliverable_sha: str
    commands: Commands
    clock: Clock = field(default_factory=Clock)
    deliverable_path: str = ""
    """The deliverable repository-relative, as entries name it."""
    read: AuditLedger | None = None
    """The passport as last read in this run (re-used while its bytes are unchanged)."""

    def ledger(self) -> AuditLedger:
        """The passport's ledger as it is now, parsed at most once per distinct content."""
        self.read = load_audit_ledger(self.passport, self.read)
        return self.read

    events: list[GateEvent] = field(default_factory=list)

    @property
    def tuple(self) -> tuple[int, str, str]:
        return (self.stage, self.agent, self.deliverable_sha)

    def matches(self, entry: Any) -> bool:
        return (
            isinstance(entry, Mapping)
            and (
                entry.get("stage"),
                entry.get("agent"),
                entry.get("deliverable_sha"),
            )
            == self.tuple
        )

    def legacy_text(self, legacy: bool) -> None:
        """Record once that a stream's verdict text used the deprecated YAML form."""
        if legacy and not any(event.kind == DEPRECATED for event in self.events):
            self.events.append(GateEvent("L2-4", DEPRECATED, LEGACY_NOTE))

    def note(self, phase: str, *, silent_note: bool = False, **values: Any) -> str:
        text = message(phase, note=silent_note, **values)
        kind = "silent" if silent_note else row(phase).kind
        self.events.append(GateEvent(phase, kind, text))
        return text

    def block(
        self,
        phase: str,
        *,
        look: Sequence[str] = (),
        step: str,
        command: str | None = None,
        extra: Sequence[str] = (),
        exit_code: int = int(GateExit.BLOCK),
        **values: Any,
    ) -> GateResult:
        """Stop at ``phase``: its row's line, framed as §5.6 asks (where to look, what next).

        ``extra`` lines follow the row's line inside the frame (a carried
        Path A reason, skipped files).
        """
        text = self.note(phase, **values)
        headline = "\n".join([text, *extra])
        return GateResult(
            path="B" if phase.startswith("P-PB") else "A",
            phase=phase,
            outcome="block",
            message=frame(headline, look, step, command),
            events=list(self.events),
            exit_code=exit_code,
            next_command=command,
        )


@dataclass(slots=True)
class GateResult:
    path: str
    """``A`` (a persisted entry decided) or ``B`` (a proposal, or no artifact)."""
    phase: str
    """``A7``, ``B10``, ``B11`` or the inventory row the gate stopped at."""
    outcome: str
    """``proceed``, ``decide`` or ``block``."""
    message: str
    events: list[GateEvent]
    exit_code: int
    appended: bool = False
    entry: Mapping[str, Any] | None = None
    decision: Decision | None = None
    next_command: str | None = None

    def to_dict(self) -> dict[str, Any]:
        verdict = self.entry.get("verdict") if self.entry else None
        return {
            "path": self.path,
            "phase": self.phase,
            "outcome": self.outcome,
            "exit_code": self.exit_code,
            "message": self.message,
            "decision_row": self.decision.row if self.decision else None,
            "status": verdict.get("status") if isinstance(verdict, Mapping) else None,
            "round": verdict.get("round") if isinstance(verdict, Mapping) else None,
            "target_rounds": verdict.get("target_rounds") if isinstance(verdict, Mapping) else None,
            "run_id": self.entry.get("run_id") if self.entry else None,
            "passport_appended": self.appended,
            "entry": dict(self.entry) if self.entry else None,
            "next_command": self.next_command,
            "events": [event.to_dict() for event in self.events],
            "deprecated": next(
                (event.message for event in self.events if event.kind == DEPRECATED), None
            ),
        }


WRITE_FAILED = int(ExitCode.CANT_CREATE)
"""Exit code of P-PB-passport-write: the passport could not be written."""
