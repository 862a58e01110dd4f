"""``ars-docs audit gate``: the stage-transition gate as a deterministic state machine (spec §5).

``run_gate`` resolves the inputs (the deliverable's SHA now, the repository
root that the artifact paths are relative to, the output folder), then runs
Path A (``gate.path_a``) and, on any fall-through, Path B
(``gate.path_b``)::

    A1 ─▶ A1.5 ──superseded──▶ B1 (supersession) ─▶ B2 higher rounds only
     │      └─▶ A3 ─▶ A4 ─▶ A5 ─▶ A6 ─▶ A7 decide
     └ none / any failure ─────▶ B1 ─▶ B1a ─▶ B2 ─▶ B3..B9 ─▶ B10 / B11 decide

Outcomes and exit codes: proceed 0 (PASS; MATERIAL with full
acknowledgement), block 1, needs a user decision 2 (MINOR; the round-cap
escalation), the passport could not be written 73; bad input is 64 (flags),
65 (an unreadable passport) or 66 (a missing passport or deliverable).
"""

from __future__ import annotations

import os
from pathlib import Path

from ars_docs.audit.gate.decision import Commands
from ars_docs.audit.gate.message import deliverable_in_repo
from ars_docs.audit.gate.path_a import run_path_a
from ars_docs.audit.gate.path_b import run_path_b
from ars_docs.audit.gate.proposals import CONSUMED
from ars_docs.audit.gate.state import GateContext, GateResult
from ars_docs.audit.model.ledger import AuditLedger, passport_lock
from ars_docs.audit.model.manifest import repo_root, sha256_file
from ars_docs.core.clock import Clock
from ars_docs.core.errors import UsageError
from ars_docs.core.paths import inside, resolve

__all__ = ["AGENTS", "DEFAULT_OUTPUT", "make_context", "run_gate"]

AGENTS = ("synthesis_agent", "research_architect_agent", "report_compiler_agent")
DEFAULT_OUTPUT = "audit_artifacts"


def make_context(
    passport: str | os.PathLike[str],
    stage: int,
    agent: str,
    deliverable: str | os.PathLike[str],
    *,
    output_dir: str | os.PathLike[str] | None = None,
    root: str | os.PathLike[str] | None = None,
    clock: Clock | None = None,
) -> GateContext:
    """Check the flags and resolve paths; bad flags → ``UsageError``, no deliverable → exit 66."""
    if not 1 <= stage <= 6:
        raise UsageError(f"--stage {stage}: a stage is 1-6 (the destination stage, §5.1)")
    if agent not in AGENTS:
        raise UsageError(f"--agent {agent}: use one of {', '.join(AGENTS)}")
    deliverable_path = Path(deliverable)
    sha = sha256_file(deliverable_path)
    base = Path(root) if root is not None else repo_root(deliverable_path.resolve().parent)
    if not base.is_dir():
        raise UsageError(f"--root {base}: not a folder")
    out = Path(output_dir) if output_dir is not None else base / DEFAULT_OUTPUT
    for folder in (out, out / CONSUMED):
        if os.path.lexists(folder) and not inside(folder, base):
            # A link out of the repository: the gate would read proposals from, or move
            # them to, a folder outside it (issue 23 item 5; audit run refuses it too).
            raise UsageError(
                f"--output-dir {out}: {folder} resolves to {resolve(folder)}, outside the "
                f"repository {base}; audit artifacts stay inside the repository — make it a "
                "real folder"
            )
    shown = _shown(out)
    commands = Commands(
        os.fspath(passport), stage, agent, os.fspath(deliverable), shown, root=_shown(base)
    )
    return GateContext(
        passport=Path(passport),
        root=base,
        output_dir=out,
        stage=stage,
        agent=agent,
        deliverable=os.fspath(deliverable),
        deliverable_sha=sha,
        commands=commands,
        clock=clock or Clock.from_env(),
        deliverable_path=deliverable_in_repo(base, os.fspath(deliverable)),
    )


_NOTHING_FOUND = frozenset({"P-PB-empty", "P-PB-supersede-missing"})
"""Blocks that say no proposal was found: a concurrent gate may have just merged it."""


def run_gate(ctx: GateContext) -> GateResult:
    """Path A, then Path B on any fall-through; the decision and what was written.

    A gate that finds nothing to merge looks once more under the passport lock
    (issue 29 item 4): a concurrent gate appends the entry and moves the proposal to
    ``consumed/`` under that lock, so a gate that read the passport before the append
    and the folder after the move would otherwise report "no audit artifact". Under
    the lock the two agree, and the losing gate sees the entry already persisted.
    """
    mark = len(ctx.events)
    before = ctx.ledger()
    result = _run_once(ctx, before)
    if result.outcome == "block" and result.phase in _NOTHING_FOUND:
        with passport_lock(ctx.passport):
            now = ctx.ledger()
            if now.entries != before.entries:  # another gate appended meanwhile
                del ctx.events[mark:]
                result = _run_once(ctx, now)
    return result


def _run_once(ctx: GateContext, ledger: AuditLedger) -> GateResult:
    a = run_path_a(ctx, ledger)
    if a.result is not None:
        return a.result
    return run_path_b(ctx, a)


def _shown(path: Path) -> str:
    """``path`` relative to the working directory when it is below it, else as given."""
    relative = os.path.relpath(path)
    return relative if Path(relative).parts[:1] != ("..",) else str(path)
