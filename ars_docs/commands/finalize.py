"""``finalize`` on a draft file: resolve its markers, write it and its checklist (§3.3).

Writes: the draft in place (only when a marker changes; ``output`` writes
elsewhere, ``-`` standard output) and the checklist
``<stem>_prefinalization_checklist.md`` beside it (or ``checklist``). Every
target is checked before any is written, the checklist is written first (a
draft with new markers never lacks its checklist), and the session folder is
locked from reading the trust inputs to the last write. Never refuses: the
gate is ``render --strict``; ``FinalizeRun.result.forecast`` says what it
will refuse.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ars_docs.commands import drafts
from ars_docs.commands.outputs import ensure_folder, refuse_outputs_over_inputs, write_output
from ars_docs.commands.policy import GatePolicy, load_policy
from ars_docs.commands.session_inputs import (
    STDIO,
    Trust,
    load_trust,
    read_draft,
    session_lock,
)
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import ExitCode, UsageError
from ars_docs.document.api import FinalizeResult

__all__ = ["FinalizeRun", "default_checklist_path", "finalize_file", "finalize_locked"]


@dataclass(frozen=True)
class FinalizeRun:
    """What one finalize of a file did."""

    draft: str
    """The draft as shown in messages (``<stdin>`` for standard input)."""
    result: FinalizeResult
    corpus_findings: tuple[Diagnostic, ...]
    """The passport's warnings and errors (its infos left out)."""
    passport: str
    policy: GatePolicy
    check: bool
    written: str | None = None
    """Where the draft was written (``-``: standard output), or ``None``."""
    checklist: str | None = None
    """Where the checklist was written, or ``None`` (``--check``, standard input)."""

    @property
    def exit_code(self) -> ExitCode:
        """Finalize never refuses; with ``check`` a draft that would change exits 1."""
        return ExitCode.CHECK_FAILED if self.check and self.result.would_change else ExitCode.OK


def default_checklist_path(draft: str) -> Path:
    path = Path(draft)
    return path.with_name(f"{path.stem}_prefinalization_checklist.md")


def finalize_file(
    draft: str,
    *,
    passport: str,
    output: str | None = None,
    checklist: str | None = None,
    check: bool = False,
    require_lookup: bool | None = None,
) -> FinalizeRun:
    """Finalize one draft file (``-``: standard input, then the result goes to ``-``)."""
    output = output or (STDIO if draft == STDIO else None)
    if checklist == STDIO and output == STDIO and not check:
        raise UsageError(
            "the draft and the checklist cannot both go to standard output; give -o OUT or "
            "--checklist PATH"
        )
    if not check:
        refuse_outputs_over_inputs([("-o", output)], passport=passport)
        refuse_outputs_over_inputs(
            [("--checklist", checklist)],
            passport=passport,
            inputs=[("the draft", draft), ("the -o output", output)],
        )
    policy = load_policy(passport, require_lookup=require_lookup)
    with session_lock(passport):
        return finalize_locked(
            draft,
            passport=passport,
            policy=policy,
            output=output,
            checklist=checklist,
            check=check,
            trust=load_trust(passport),
        )


def finalize_locked(
    draft: str,
    *,
    passport: str,
    policy: GatePolicy,
    trust: Trust,
    output: str | None = None,
    checklist: str | None = None,
    check: bool = False,
) -> FinalizeRun:
    """Finalize one draft with the session lock held and the trust inputs loaded (a batch
    loads them once for all its drafts)."""
    from ars_docs.files.atomic import ensure_writable, write_bytes_atomic

    doc = read_draft(draft)
    corpus, read_log = trust
    result = drafts.finalize(
        doc.text, corpus, read_log, path=doc.path, passport=passport, policy=policy
    )
    findings = tuple(d for d in corpus.diagnostics if d.severity is not Severity.INFO)
    run = FinalizeRun(doc.path, result, findings, passport, policy, check)
    if check:
        return run
    if checklist:
        checklist_target: str | None = checklist
    elif draft == STDIO:
        checklist_target = None
    else:
        checklist_target = str(default_checklist_path(draft))
    # Check every target before writing any, so a bad path loses nothing.
    for target in (checklist_target, output or draft):
        if target is not None and target != STDIO:
            ensure_folder(Path(target))
            ensure_writable(Path(target))
    if checklist_target == STDIO:
        write_output(STDIO, result.checklist)
    elif checklist_target is not None:
        _write_if_changed(Path(checklist_target), result.checklist)
    if output:
        write_output(output, result.text)
        wrote: str | None = output
    elif result.would_change:
        write_bytes_atomic(Path(draft), result.text.encode("utf-8"))
        wrote = draft
    else:
        wrote = None
    return FinalizeRun(
        doc.path,
        result,
        findings,
        passport,
        policy,
        check,
        written=wrote,
        checklist=checklist_target,
    )


def _write_if_changed(path: Path, text: str) -> None:
    try:
        # Compare only with a regular file: a FIFO or device named as the checklist
        # is written, never read (reading a FIFO would wait for a writer).
        if stat.S_ISREG(os.stat(path).st_mode) and path.read_bytes() == text.encode("utf-8"):
            return
    except OSError:
        pass
    from ars_docs.files.atomic import write_text_atomic

    write_text_atomic(path, text)
