"""Ship / block after a verified entry: §5.3's rows top to bottom, and the §5.4 round cap.

======================  ===========================================  ==========
row                     when                                         outcome
======================  ===========================================  ==========
PASS                    all finding counts zero                      proceed
MINOR                   p1 == p2 == 0 and p3 <= 3                    decide
MATERIAL + ack          the entry's acknowledgement covers every      proceed
                        finding ID of the verdict file
MATERIAL, round < cap   anything else                                block
MATERIAL, round >= cap  the escalation block (§5.4), three options    decide
======================  ===========================================  ==========

The verdict file is the source of truth (C1), so its status and findings
are read, not the entry's mirror (which the gate has checked is equal).
``another_round`` and ``abort_stage`` write nothing: the escalation prints
the exact ``ars-docs audit run … --round N+1 --target-rounds N+1`` command
whose proposal supersedes the entry at the next gate (D4).
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ars_docs.audit.model.verdict import MATERIAL, MINOR, PASS

__all__ = ["Commands", "Decision", "GateExit", "decide", "finding_lines"]

RULE = "━" * 34


class GateExit(IntEnum):
    """Exit codes of ``ars-docs audit gate`` besides the usual 64/65/66/73/74."""

    PROCEED = 0
    BLOCK = 1
    DECIDE = 2
    """A user decision is needed: MINOR, or the round-cap escalation."""


@dataclass(frozen=True, slots=True)
class Commands:
    """What the printed commands need to name."""

    passport: str
    stage: int
    agent: str
    deliverable: str
    output_dir: str
    supporting: Sequence[str] = ()
    root: str = "."
    """The repository root as seen from the working directory (artifact paths are under it)."""

    def audit_run(self, round_: int, target: int, previous: str | None = None) -> str:
        words = [
            "ars-docs", "audit", "run", "--stage", str(self.stage), "--agent", self.agent,
            "--deliverable", self.deliverable,
        ]  # fmt: skip
        if self.supporting:
            words += ["--supporting", ",".join(self.supporting)]
        words += ["--round", str(round_), "--target-rounds", str(target)]
        if previous and round_ > 1:
            words += ["--previous-findings", os.path.normpath(os.path.join(self.root, previous))]
        words += ["--output-dir", self.output_dir]
        return shlex.join(words)

    def gate(self) -> str:
        """``ars-docs audit gate`` for this transition."""
        words = [
            "ars-docs", "audit", "gate", "--passport", self.passport, "--stage", str(self.stage),
            "--agent", self.agent, "--deliverable", self.deliverable,
        ]  # fmt: skip
        if self.output_dir:
            words += ["--output-dir", self.output_dir]
        return shlex.join(words)

    def ack(self, finding_ids: Sequence[str]) -> str:
        return shlex.join(
            [
                "ars-docs", "audit", "ack", "--passport", self.passport, "--stage",
                str(self.stage), "--agent", self.agent, "--deliverable", self.deliverable,
                "--findings", ",".join(finding_ids),
            ]
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Decision:
    outcome: str
    """``proceed``, ``decide`` or ``block``."""
    row: str
    """``PASS``, ``MINOR``, ``MATERIAL+ack``, ``MATERIAL`` or ``ESCALATION``."""
    text: str
    next_command: str | None = None

    @property
    def exit_code(self) -> GateExit:
        return {"proceed": GateExit.PROCEED, "decide": GateExit.DECIDE}.get(
            self.outcome, GateExit.BLOCK
        )


def finding_lines(findings: Sequence[Any]) -> list[str]:
    out = []
    for finding in findings:
        if not isinstance(finding, Mapping):
            continue
        where = str(finding.get("file", ""))
        if finding.get("line") is not None:
            where += f":{finding['line']}"
        out.append(
            f"  - {finding.get('id')} [{finding.get('severity')}] {where} — "
            f"{finding.get('description', '')}"
        )
    return out


def decide(entry: Mapping[str, Any], verdict: Mapping[str, Any], commands: Commands) -> Decision:
    """Apply §5.3 (and §5.4 at the cap) to a verified entry and its verdict file."""
    status = verdict["verdict_status"]
    round_, target = int(verdict["round"]), int(verdict["target_rounds"])
    findings = [f for f in verdict.get("findings") or [] if isinstance(f, Mapping)]
    ids = [str(f.get("id")) for f in findings]
    counts = verdict["finding_counts"]
    tally = f"{counts['p1']} P1 + {counts['p2']} P2 + {counts['p3']} P3"
    if status == PASS:
        return Decision("proceed", PASS, f"[Audit: PASS at round {round_}]")
    if status == MINOR:
        previous = entry_verdict_path(entry)
        text = "\n".join(
            [
                RULE,
                f"[MANDATORY CHECKPOINT] audit at stage {commands.stage}: MINOR at round {round_}",
                RULE,
                f"{tally} on {commands.agent}'s deliverable {commands.deliverable}:",
                *finding_lines(findings),
                "Choose: continue (ship), iterate (dispatch a revision, then "
                f"`{commands.audit_run(round_ + 1, max(target, round_ + 1), previous)}`), "
                "or pause.",
                RULE,
            ]
        )
        return Decision("decide", MINOR, text)
    ack = entry.get("acknowledgement")
    acknowledged = ack.get("finding_ids") if isinstance(ack, Mapping) else None
    if (
        isinstance(ack, Mapping)
        and isinstance(acknowledged, list)
        and acknowledged
        and set(ids) <= set(acknowledged)
    ):
        return Decision(
            "proceed",
            "MATERIAL+ack",
            f"[Audit: MATERIAL at round {round_}, residue acknowledged by user at "
            f"{ack.get('acknowledged_at')}]",
        )
    if round_ >= target:
        return _escalation(entry, commands, round_, tally, findings, ids)
    command = commands.audit_run(round_ + 1, target, entry_verdict_path(entry))
    text = "\n".join(
        [
            RULE,
            f"[AUDIT GATE BLOCKED: MATERIAL at round {round_} of {target}: {tally}]",
            RULE,
            "Where to look (file:line of each finding):",
            *finding_lines(findings),
            f"Verdict file: {entry_verdict_path(entry)}",
            "Next: revise the deliverable, then audit the next round:",
            f"  {command}",
            RULE,
        ]
    )
    return Decision("block", MATERIAL, text, command)


def entry_verdict_path(entry: Mapping[str, Any]) -> str | None:
    paths = entry.get("artifact_paths")
    return str(paths["verdict"]) if isinstance(paths, Mapping) and "verdict" in paths else None


def _escalation(
    entry: Mapping[str, Any],
    commands: Commands,
    round_: int,
    tally: str,
    findings: Sequence[Mapping[str, Any]],
    ids: Sequence[str],
) -> Decision:
    another = commands.audit_run(round_ + 1, round_ + 1, entry_verdict_path(entry))
    text = "\n".join(
        [
            RULE,
            f"[ESCALATION] v3.6.7 audit gate at stage {commands.stage}",
            RULE,
            "",
            f"Audit on {commands.agent}'s deliverable at {commands.deliverable} reached round "
            f"{round_}",
            f"without convergence. Current verdict: MATERIAL with {tally}.",
            "",
            f"Findings (round {round_}):",
            *finding_lines(findings),
            "",
            "Options:",
            "1. ship_with_known_residue — acknowledge the findings and ship (appends a new",
            "   audit_artifact[] entry whose acknowledgement.finding_ids lists them; not silent):",
            f"   {commands.ack(ids)}",
            f"2. another_round — raise the cap by one and audit round {round_ + 1}:",
            f"   {another}",
            "3. abort_stage — return to the producing agent, scrap the deliverable, restart.",
            "",
            "This decision requires explicit user input.",
            RULE,
        ]
    )
    return Decision("decide", "ESCALATION", text, another)
