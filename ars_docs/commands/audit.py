"""``audit run`` / ``parse-verdict`` / ``manifest`` / ``gate`` / ``ack`` / ``template`` (spec 004).

Each function takes the command's plain arguments, applies its defaults
(the verdict beside its stream, the git top level as root, the settings
overridden by ``--codex`` / ``--timeout``), runs the audit room's code and
returns its result; the CLI prints it. The audit stack is imported inside
the functions, so other commands never load it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.commands.outputs import write_output
from ars_docs.core.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from ars_docs.audit.gate.ack import AckResult
    from ars_docs.audit.gate.state import GateResult
    from ars_docs.audit.model.manifest import Manifest
    from ars_docs.audit.model.parse_verdict import VerdictOutcome
    from ars_docs.audit.run.main import RunOutcome

__all__ = [
    "ParsedVerdict",
    "acknowledge",
    "audit_template",
    "audit_template_data",
    "bundle_manifest",
    "gate",
    "parse_verdict",
    "run",
]


@dataclass(frozen=True)
class ParsedVerdict:
    """What ``audit parse-verdict`` found and where it wrote the verdict."""

    outcome: VerdictOutcome
    exit_code: ExitCode
    written: str | None
    """The verdict file (``-``: standard output); ``None`` for a probe."""

    def to_dict(self, jsonl: str) -> dict[str, Any]:
        """The ``--format json`` body of ``audit parse-verdict``."""
        status = self.outcome.verdict.get("verdict_status")
        found = {
            "verdict_status": status,
            "failure": self.outcome.failure,
            "deprecated": self.outcome.deprecated,
        }
        return {"jsonl": jsonl, "written": self.written, **found, "exit_code": int(self.exit_code)}


def parse_verdict(
    jsonl: str,
    *,
    round_: int,
    target_rounds: int,
    output: str | None = None,
    probe: bool = False,
) -> ParsedVerdict:
    """Turn the auditor's stream into a verdict, written to ``<run_id>.verdict.yaml``
    beside it (or ``output``); an unusable stream still gets an AUDIT_FAILED verdict."""
    from ars_docs.audit.model.ledger import format_ms
    from ars_docs.audit.model.parse_verdict import parse_verdict_stream, run_id_from_path
    from ars_docs.audit.model.verdict import render_verdict
    from ars_docs.core.clock import Clock

    run_id = run_id_from_path(jsonl)
    outcome = parse_verdict_stream(
        jsonl,
        round_=round_,
        target_rounds=target_rounds,
        generated_at=format_ms(Clock.from_env().now()),
    )
    missing = not os.path.exists(jsonl)
    code = ExitCode.OK if outcome.ok else ExitCode.NO_INPUT if missing else ExitCode.DATA_ERR
    if probe:
        return ParsedVerdict(outcome, code, None)
    target = output or str(Path(jsonl).with_name(f"{run_id}.verdict.yaml"))
    write_output(target, render_verdict(outcome.verdict))
    return ParsedVerdict(outcome, code, target)


def bundle_manifest(
    primary: Sequence[str],
    supporting: Sequence[str],
    template: Sequence[str],
    *,
    root: str | None = None,
) -> tuple[Path, Manifest]:
    """The bundle manifest (§3.6) of the files, relative to ``root`` (default: git top level)."""
    from ars_docs.audit.model.manifest import manifest_for_files, repo_path, repo_root

    folder = Path(root) if root else repo_root()
    if not folder.is_dir():
        raise UsageError(f"--root {folder}: not a directory")
    roles = [[repo_path(folder, p) for p in paths] for paths in (primary, supporting, template)]
    return folder, manifest_for_files(folder, *roles)


def gate(
    passport: str,
    stage: int,
    agent: str,
    deliverable: str,
    *,
    output_dir: str | None = None,
    root: str | None = None,
) -> GateResult:
    """The stage-transition audit gate (§5.6): verify, merge, decide, append to the passport."""
    from ars_docs.audit.gate.main import make_context, run_gate

    ctx = make_context(passport, stage, agent, deliverable, output_dir=output_dir, root=root)
    return run_gate(ctx)


def acknowledge(
    passport: str,
    stage: int,
    agent: str,
    deliverable: str,
    findings: Sequence[str],
    *,
    root: str | None = None,
) -> AckResult:
    """Acknowledge every finding of a MATERIAL verdict (§5.4, ship_with_known_residue)."""
    from ars_docs.audit.gate.ack import acknowledge as acknowledge_findings
    from ars_docs.audit.gate.main import make_context

    ctx = make_context(passport, stage, agent, deliverable, root=root)
    return acknowledge_findings(ctx, list(findings))


def audit_template() -> str:
    """The shipped audit template's text."""
    from ars_docs.audit.run.request import shipped_template

    return shipped_template().read_text(encoding="utf-8")


def audit_template_data() -> dict[str, Any]:
    """``audit template --format json``: the template's text, where a repository commits
    it (spec §4: ``TEMPLATE_PATH``) and its SHA-256, so an agent can copy and check it."""
    import hashlib

    from ars_docs.audit.run.request import TEMPLATE_PATH

    text = audit_template()
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return {"commit_at": TEMPLATE_PATH, "sha256": sha, "bytes": len(text.encode()), "text": text}


def run(
    *,
    stage: int,
    agent: str,
    deliverable: str,
    supporting: str | None,
    round_: int,
    target_rounds: int,
    previous_findings: str | None,
    output_dir: str,
    bundle_id: str | None,
    codex: str | None = None,
    timeout: str | None = None,
    phase: Callable[[str], None],
    dry_run: bool = False,
) -> RunOutcome:
    """Run the external auditor over a bundle (§4); ``codex`` / ``timeout`` override the
    settings (``[audit]`` in ars-docs.toml and the environment)."""
    import dataclasses

    from ars_docs.audit.run.config import load_settings, parse_timeout, split_command
    from ars_docs.audit.run.main import run_audit
    from ars_docs.audit.run.request import check_request

    settings = load_settings()
    try:
        if codex is not None:
            settings = dataclasses.replace(settings, codex=split_command(codex))
        if timeout is not None:
            settings = dataclasses.replace(settings, timeout=parse_timeout(timeout))
    except ValueError as exc:
        flag = "--timeout" if codex is None else "--codex/--timeout"
        raise UsageError(f"{flag}: {exc}") from None
    request = check_request(
        stage=stage,
        agent=agent,
        deliverable=deliverable,
        supporting=supporting,
        round_=round_,
        target_rounds=target_rounds,
        previous_findings=previous_findings,
        output_dir=output_dir,
        bundle_id=bundle_id,
        settings=settings,
    )
    return run_audit(request, phase=phase, dry_run=dry_run)
