"""The deep-research dispatcher (§4 Step 3e): compile, finalize, terminal gate.

The three stages of ``reports.handoff.payload`` run here, under the session's gate
policy, with the same pipelines as ``finalize`` and ``render --strict``
(``commands.pipelines``): a draft dispatch emits is one ``render --strict``
passes, and the other way round. The terminal gate only inspects: it never
rewrites a marker, and writes the final report only when it emits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.commands import drafts
from ars_docs.commands.policy import GatePolicy
from ars_docs.document.api import GateResult
from ars_docs.files.atomic import write_text_atomic
from ars_docs.reports.handoff.payload import (
    EMITTED,
    Payload,
    check_gate_input,
    compile_metadata,
    payload_draft,
    validate_payload,
    with_decision,
    with_resolution,
)
from ars_docs.session.corpus import Corpus
from ars_docs.session.readlog import ReadLog

__all__ = [
    "DispatchResult",
    "DispatchRun",
    "dispatch",
    "dispatch_file",
    "finalize_stage",
    "terminal_gate_stage",
]


def finalize_stage(
    payload: Mapping[str, Any],
    corpus: Corpus,
    read_log: ReadLog | None,
    *,
    policy: GatePolicy | None = None,
    require_lookup: bool | None = None,
) -> Payload:
    """Resolve every marker by the §3.3 matrix; fill the summary and unresolved count.

    A ``draft_path`` draft is rewritten in place (atomically, only if something
    changed); a ``draft_text`` draft is replaced by the resolved text.
    """
    validate_payload(payload, where="finalize_stage input")
    doc = payload_draft(payload)
    result = drafts.finalize(
        doc.text, corpus, read_log, path=doc.path, policy=policy, require_lookup=require_lookup
    )
    if "draft_path" in payload and result.would_change:
        write_text_atomic(Path(payload["draft_path"]), result.text)
    return with_resolution(payload, result)


def terminal_gate_stage(
    payload: Mapping[str, Any],
    corpus: Corpus,
    read_log: ReadLog | None,
    *,
    final_out: str | Path | None = None,
    policy: GatePolicy | None = None,
    require_lookup: bool | None = None,
) -> tuple[Payload, str | None]:
    """Inspect the resolved draft; emit the final report or refuse.

    Returns the payload and the final report text (``None`` when refused).
    The final report is written to ``final_out`` only when emitted.
    """
    out, text, _gate = _terminal_gate(
        payload, corpus, read_log, final_out=final_out, policy=policy, require_lookup=require_lookup
    )
    return out, text


def _terminal_gate(
    payload: Mapping[str, Any],
    corpus: Corpus,
    read_log: ReadLog | None,
    *,
    final_out: str | Path | None,
    policy: GatePolicy | None,
    require_lookup: bool | None,
) -> tuple[Payload, str | None, GateResult | None]:
    check_gate_input(payload)
    doc = payload_draft(payload)
    rendered = drafts.render(
        doc.text,
        corpus,
        read_log,
        strict=True,
        path=doc.path,
        policy=policy,
        require_lookup=require_lookup,
    )
    assert rendered.gate is not None
    if rendered.output is not None and final_out is not None:
        write_text_atomic(Path(final_out), rendered.output)
    out = with_decision(
        payload,
        rendered.gate,
        text=doc.text,
        corpus=corpus,
        final_report_path=str(final_out) if final_out is not None else None,
    )
    return out, rendered.output, rendered.gate


@dataclass(frozen=True)
class DispatchResult:
    payload: Payload
    final_text: str | None
    gate: GateResult | None = None
    """The terminal gate's result (every offender, uncapped)."""

    @property
    def emitted(self) -> bool:
        return bool(self.payload["terminal_gate_decision"]["decision"] == EMITTED)


def dispatch(
    corpus: Corpus,
    read_log: ReadLog | None = None,
    *,
    draft_path: str | Path | None = None,
    draft_text: str | None = None,
    final_out: str | Path | None = None,
    policy: GatePolicy | None = None,
    require_lookup: bool | None = None,
) -> DispatchResult:
    """compile_metadata → finalize_stage → terminal_gate_stage, under one policy."""
    if policy is None:
        from ars_docs.session.trust import TrustView

        policy = drafts.policy_for(TrustView.of(corpus, read_log), require_lookup=require_lookup)
        require_lookup = None
    payload = compile_metadata(draft_path=draft_path, draft_text=draft_text)
    payload = finalize_stage(
        payload, corpus, read_log, policy=policy, require_lookup=require_lookup
    )
    payload, final_text, gate = _terminal_gate(
        payload, corpus, read_log, final_out=final_out, policy=policy, require_lookup=require_lookup
    )
    return DispatchResult(payload, final_text, gate)


@dataclass(frozen=True)
class DispatchRun:
    """What ``dispatch`` on a report file did."""

    result: DispatchResult
    policy: GatePolicy
    corpus: Corpus
    final_out: str
    payload_out: str
    """Where the handoff payload went (``-``: standard output)."""
    text: str | None
    """The report's text after finalizing (refusal lines quote it); ``None`` without a gate."""


def dispatch_file(
    report: str,
    passport: str,
    *,
    final_out: str | None = None,
    payload_out: str | None = None,
    require_lookup: bool | None = None,
    stdout_taken: bool = False,
) -> DispatchRun:
    """Dispatch a compiled report file: every output is checked before anything is
    written; the payload goes to ``<stem>_handoff.json`` (or ``payload_out``), the final
    report, when emitted, to ``<stem>_final.md`` (or ``final_out``). ``stdout_taken``:
    the caller prints its own report on standard output, so the payload may not."""
    from ars_docs.commands.outputs import STDIO, refuse_outputs_over_inputs, same_file
    from ars_docs.commands.outputs import write_output as write_to
    from ars_docs.commands.policy import load_policy
    from ars_docs.commands.session_inputs import load_trust
    from ars_docs.core.errors import UsageError
    from ars_docs.reports.handoff.payload import payload_json

    if report == STDIO:
        raise UsageError(
            "REPORT '-' is not supported: dispatch finalizes the report in place; give a file path"
        )
    path = Path(report)
    final_out = final_out or str(path.with_name(f"{path.stem}_final.md"))
    payload_out = payload_out or str(path.with_name(f"{path.stem}_handoff.json"))
    for target in (final_out, payload_out):
        if target != STDIO and same_file(target, report):
            raise UsageError(f"{target} is the report itself; choose another output path")
    refuse_outputs_over_inputs(
        [("--final-out", final_out), ("--payload-out", payload_out)],
        passport=passport,
        inputs=[("the report", report)],
    )
    if final_out == STDIO:
        raise UsageError("--final-out needs a file path (the payload records where it is)")
    if payload_out == STDIO and stdout_taken:
        raise UsageError(
            "--payload-out - and --format json both write standard output; give the payload "
            "a file (--payload-out PATH)"
        )
    policy = load_policy(passport, require_lookup=require_lookup)
    corpus, read_log = load_trust(passport)
    result = dispatch(corpus, read_log, draft_path=report, final_out=final_out, policy=policy)
    write_to(payload_out, payload_json(result.payload))
    text = path.read_text(encoding="utf-8") if result.gate is not None else None
    return DispatchRun(result, policy, corpus, final_out, payload_out, text)
