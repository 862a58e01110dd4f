"""How the gate surfaces a block (spec §5.6 "Failure surfacing") and which command comes next.

Every block the gate prints is framed by the checkpoint separator (━━━) and
says three things: why it blocked (the inventory row's bracketed line),
where to look (the artifact files for a verification failure, ``file:line``
for findings), and what to do next, with the exact command::

    ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
    [AUDIT GATE: proposal <run_id> failed gate L3-3: audit stale: …]
    ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
    Where to look: audit_artifacts/<run_id>.meta.json
    Next: revise if needed, then audit again:
      ars-docs audit run --stage 2 --agent … --round 1 --target-rounds 3 --output-dir …
    ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

The re-audit command repeats the failed run's round (its proposal says which)
or, when there is no usable proposal, continues after the latest ledger
entry of the same deliverable path (any SHA): round N+1 with that entry's
verdict as ``--previous-findings``, the cap raised with it when N reached
it (§5.4 ``another_round``); round 1 of 3 when the deliverable has no entry.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from ars_docs.audit.gate.decision import RULE, Commands, entry_verdict_path
from ars_docs.audit.model.files import read_json_artifact
from ars_docs.audit.model.ledger import latest
from ars_docs.audit.model.sidecar import declared_bundle
from ars_docs.core.errors import ArsError

__all__ = ["deliverable_in_repo", "frame", "reaudit_command", "supporting_of"]


def frame(headline: str, look: Sequence[str], step: str, command: str | None) -> str:
    """The §5.6 block: separator, why, where to look, what next (with the command)."""
    lines = [RULE, headline, RULE]
    lines += [f"Where to look: {item}" for item in dict.fromkeys(look) if item]
    lines.append(f"Next: {step}")
    if command:
        lines.append(f"  {command}")
    lines.append(RULE)
    return "\n".join(lines)


def supporting_of(root: Path, entry: Any) -> list[str]:
    """The supporting paths the entry's sidecar declares (``[]`` when it cannot be read)."""
    paths = entry.get("artifact_paths") if isinstance(entry, Mapping) else None
    rel = paths.get("sidecar") if isinstance(paths, Mapping) else None
    if not isinstance(rel, str) or not _plain(rel):
        return []
    try:
        sidecar = read_json_artifact(str(root / rel), what="sidecar", hint="").data
    except ArsError:
        return []
    return [path for role, path, _ in declared_bundle(sidecar) if role == "supporting"]


def reaudit_command(
    commands: Commands,
    root: Path,
    deliverable_path: str,
    ledger: Sequence[Any],
    failed: Mapping[str, Any] | None = None,
) -> str:
    """The exact ``ars-docs audit run`` that answers this block (see the module docstring)."""
    same = [
        e
        for e in ledger
        if isinstance(e, Mapping)
        and (e.get("stage"), e.get("agent"), e.get("deliverable_path"))
        == (commands.stage, commands.agent, deliverable_path)
    ]
    round_ = _round(failed)
    if failed is not None and _count(round_):
        target = _round(failed, "target_rounds")
        cap: int = target if _count(target) and target >= round_ else max(3, round_)
        earlier = [e for e in same if _round(e) == round_ - 1]
        before = latest(earlier, _any) if earlier else None
        previous = entry_verdict_path(before) if before is not None else None
        supporting = supporting_of(root, failed)
        return replace(commands, supporting=supporting).audit_run(round_, cap, previous)
    prior = latest(same, _any)
    if prior is None or not _count(_round(prior)):
        return commands.audit_run(1, 3)
    last: int = _round(prior)
    given = _round(prior, "target_rounds")
    limit: int = given if _count(given) else 3
    next_round = last + 1
    next_target = next_round if last >= limit else limit
    supporting = supporting_of(root, prior)
    return replace(commands, supporting=supporting).audit_run(
        next_round, next_target, entry_verdict_path(prior)
    )


def deliverable_in_repo(root: Path, deliverable: str) -> str:
    """The deliverable as the ledger names it: repository-relative, POSIX."""
    relative = os.path.relpath(os.path.abspath(deliverable), os.path.abspath(root))
    return PurePosixPath(*Path(relative).parts).as_posix()


def _any(_entry: Any) -> bool:
    return True


def _round(entry: Any, key: str = "round") -> Any:
    """``entry.verdict.round`` (or another verdict key), ``None`` when absent."""
    verdict = entry.get("verdict") if isinstance(entry, Mapping) else None
    return verdict.get(key) if isinstance(verdict, Mapping) else None


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _plain(rel: str) -> bool:
    parts = PurePosixPath(rel).parts
    return not PurePosixPath(rel).is_absolute() and ".." not in parts and "\\" not in rel
