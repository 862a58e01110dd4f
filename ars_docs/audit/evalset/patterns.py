"""The 17 agent failure patterns and the gate's exit phases (spec §7.1, §7.2 table, §5.6, §7.4).

``PATTERNS`` is the §7.2 fixture-to-pattern mapping: for each pattern ID the
gate agent, scope, stage, what the BAD deliverable triggers, what the GOOD one
avoids, and the shape of the BAD case's failure signal (§7.4 criterion 1):

- ``material``     a MATERIAL verdict with a P1 finding (15 patterns)
- ``minor``        a MINOR verdict with a P3 finding (C2: a hedge issue)
- ``convergence``  a PASS plus the round-cap assertion (D2: convergence theatre)

``phase_delta`` says what a gate exit phase does to the passport. The
failure phases come from the §5.6 inventory the gate itself reads
(``ars_docs.audit.gate.inventory``); the inventory has no rows for the three
decision steps, so their delta is §5.6's path invariant: Path A never
appends (A7), a fresh Path B merge appends exactly one entry (B10, B11).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DECISION_STEPS",
    "PATTERNS",
    "PATTERN_IDS",
    "Pattern",
    "PhaseDelta",
    "exit_phases",
    "phase_delta",
]


@dataclass(frozen=True, slots=True)
class Pattern:
    id: str
    agent: str
    scope: str
    stage: int
    bad: str
    good: str
    signal: str
    """``material``, ``minor`` or ``convergence`` (§7.4 criterion 1)."""


_S, _R, _C = "synthesis_agent", "research_architect_agent", "report_compiler_agent"
_ROWS = (
    (
        "A1",
        _S,
        2,
        "same source's legal effect drifts across two sections",
        "pre-listed effect inventory and a cross-section consistency check",
    ),
    (
        "A2",
        _S,
        2,
        "a pending-verification entry is stated as fact",
        "hedge wrap: 'pending verification of X'",
    ),
    (
        "A3",
        _S,
        2,
        "a citation anchored to a paper that does not contain the claim",
        "one-line anchor justification per substantive claim",
    ),
    (
        "A4",
        _S,
        2,
        "a verbatim quote runs past the verified phrase boundary",
        "quote bounded to the verified phrase; context paraphrased",
    ),
    (
        "A5",
        _S,
        2,
        "a declarative claim about a sibling chapter not in the ground truth",
        "conditional language ('if chapter X argues Y, ...')",
    ),
    (
        "B1",
        _R,
        2,
        "confidentiality / anonymity / pseudonymisation used interchangeably",
        "each term used as the terminology glossary defines it",
    ),
    (
        "B2",
        _R,
        2,
        "an item measuring another construct flagged as 'reverse-coded'",
        "a one-line construct-equivalence justification",
    ),
    (
        "B3",
        _R,
        2,
        "a calendar-anchored retrospective item without a common event date",
        "event-anchored phrasing",
    ),
    (
        "B4",
        _R,
        2,
        "item wording imports the chapter's argument vocabulary (leading frame)",
        "neutral, balanced item wording",
    ),
    (
        "B5",
        _R,
        2,
        "a list-of-options item subsets the primary-source list",
        "the primary-source list declared and enumerated in full",
    ),
    (
        "C1",
        _C,
        5,
        "the abstract drops a protected hedge identified upstream",
        "protected hedging phrases preserved",
    ),
    (
        "C2",
        _C,
        5,
        "a reflexivity disclosure with a deictic temporal phrase",
        "an explicit year range, a past-tense verb or a 'former' prefix",
    ),
    (
        "C3",
        _C,
        5,
        "output metadata claims an audit-passed state",
        "no audit-passed metadata (canonical Clause 1 obeyed)",
    ),
    (
        "D1",
        _S,
        2,
        "a multi-file deliverable whose files disagree, audited file by file",
        "the files audited together; cross-file numbers agree",
    ),
    (
        "D2",
        _S,
        2,
        "a single audit round declares CLEAN (convergence theatre)",
        "CLEAN only after round N of 3+ rounds comes back with zero findings",
    ),
    (
        "D3",
        _S,
        2,
        "a PARTIAL closure marked CLOSED",
        "PARTIAL stays PARTIAL until a verdict shows zero findings",
    ),
    (
        "D4",
        _C,
        5,
        "a word count that counts hyphenated words as one busts the hard cap",
        "whitespace-split count with a 3-5% buffer under the cap",
    ),
)

_SIGNAL = {"C2": "minor", "D2": "convergence"}

PATTERNS: dict[str, Pattern] = {
    pid: Pattern(
        pid,
        agent,
        "cross_cutting" if pid.startswith("D") else "agent_specific",
        stage,
        bad,
        good,
        _SIGNAL.get(pid, "material"),
    )
    for pid, agent, stage, bad, good in _ROWS
}
PATTERN_IDS: tuple[str, ...] = tuple(PATTERNS)


@dataclass(frozen=True, slots=True)
class PhaseDelta:
    path: str
    """``A`` or ``B``: the path the gate reports when it exits at this phase."""
    passport: str
    """``appended`` or ``none``."""
    source: str
    """Where the delta comes from (an inventory row, or §5.6's path invariant)."""


DECISION_STEPS: dict[str, PhaseDelta] = {
    "A7": PhaseDelta("A", "none", "§5.6 Path A never appends (A7)"),
    "B10": PhaseDelta("B", "appended", "§5.6 a fresh Path B merge appends one entry (B9)"),
    "B11": PhaseDelta("B", "appended", "§5.6 a fresh Path B merge appends one entry (B9)"),
}


def exit_phases() -> dict[str, PhaseDelta]:
    """Every phase ``audit gate`` can end at, with its passport delta.

    The decision steps, and the inventory rows whose ``kind`` is ``block``:
    the others are silent or logged and the gate goes on past them.
    """
    from ars_docs.audit.gate.inventory import inventory

    phases = dict(DECISION_STEPS)
    for phase, row in inventory().items():
        if row.kind == "block":
            path = "B" if phase.startswith("P-PB") else "A"
            phases[phase] = PhaseDelta(path, row.passport, f"§5.6 inventory row {phase}")
    return phases


def phase_delta(phase: str) -> PhaseDelta | None:
    """The delta of an exit phase; ``None`` if the gate cannot end there."""
    return exit_phases().get(phase)
