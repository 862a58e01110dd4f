"""``scope-report``: Section 0 of a codex audit report (§3.2 D2), printed, written or prepended.

The command loads the corpus and the verdict, computes the report, refuses an
output over an input, and writes it: to ``-o OUT`` / standard output, or into
an audit report before its Section 1 (``prepend_to``, in place by default; a
report whose Section 0 is already current is not rewritten). The report as a
whole is checked again afterwards: the text before Section 1 is the author's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.commands.outputs import STDIO, same_file, write_output
from ars_docs.commands.record.events import refuse_overwriting_inputs
from ars_docs.core.errors import InputDataError

if TYPE_CHECKING:
    from ars_docs.core.diagnostics import Diagnostic
    from ars_docs.reports.scope.report import ScopeReport

__all__ = ["ScopeReportRun", "scope_report"]


@dataclass(frozen=True)
class ScopeReportRun:
    """What one ``scope-report`` did."""

    report: ScopeReport
    output: str
    """Where the text went (``-``: standard output)."""
    prepend_to: str | None
    unchanged: bool
    """``prepend_to`` in place already held this Section 0: nothing was written."""
    in_place: bool
    """The Section 0 was written into ``prepend_to`` itself."""
    findings: Sequence[Diagnostic]

    def to_dict(self) -> dict[str, Any]:
        """The ``--format json`` body of ``scope-report`` (its findings are the diagnostics)."""
        report = self.report
        return {
            "entries": report.total,
            "with_source": len(report.with_source),
            "description_only": len(report.description_only),
            "verified_against_source": report.verified_against_source.status,
            "description_internally_consistent": report.description_internally_consistent.status,
            "output": self.output,
            "prepend_to": self.prepend_to,
            "unchanged": self.unchanged,
        }

    """The whole report's findings after prepending (empty without ``prepend_to``)."""


def scope_report(
    passport: str,
    *,
    verdict: str | None = None,
    round_number: int | None = None,
    prepend_to: str | None = None,
    output: str | None = None,
    warn: Callable[[Sequence[Diagnostic]], None] | None = None,
) -> ScopeReportRun:
    """Compute and write the Scope Report; ``warn`` hears the corpus and report findings
    before anything is written."""
    from ars_docs.core.diagnostics import Severity
    from ars_docs.reports.scope.report import compute_scope_report, render_scope_report
    from ars_docs.reports.scope.verdict import load_verdict
    from ars_docs.session.corpus import load_corpus

    corpus = load_corpus(passport)
    parsed = load_verdict(verdict) if verdict else None
    if parsed is not None and round_number is not None and parsed.round not in (None, round_number):
        raise InputDataError(
            f"{verdict}: the verdict is of round {parsed.round} but --round {round_number} "
            "was given; drop --round or give the verdict of that round"
        )
    report = compute_scope_report(corpus, parsed, round_number=round_number)
    if warn is not None:
        warnings = [d for d in corpus.diagnostics if d.severity is not Severity.INFO]
        warn([*warnings, *report.diagnostics])
    target = output or (prepend_to if prepend_to else STDIO)
    refuse_overwriting_inputs(target, {"passport": passport, "--verdict": verdict})
    if not prepend_to:
        write_output(target, render_scope_report(report))
        return ScopeReportRun(report, target, None, False, False, ())
    return _prepend(report, prepend_to, target)


def _prepend(report: ScopeReport, prepend_to: str, output: str) -> ScopeReportRun:
    from ars_docs.core.encoding import BOM, BOM_BYTES
    from ars_docs.files.atomic import write_bytes_atomic
    from ars_docs.files.yaml.read import decode_utf8, read_bytes
    from ars_docs.reports.scope.lint import lint_audit_report
    from ars_docs.reports.scope.report import render_scope_report
    from ars_docs.reports.scope.section0 import prepend_section0

    raw = read_bytes(prepend_to, what="audit report", hint="check the --prepend-to path")
    text = decode_utf8(raw, prepend_to)
    text = BOM + text if raw.startswith(BOM_BYTES) else text
    new = prepend_section0(
        text, lambda level: render_scope_report(report, heading_level=level), path=prepend_to
    )
    in_place = output != STDIO and same_file(output, prepend_to)
    unchanged = in_place and new == text
    if not unchanged:
        if output == STDIO:
            write_output(STDIO, new)
        else:
            write_bytes_atomic(Path(output), new.encode("utf-8"))
    findings = list(lint_audit_report(new, output if output != STDIO else prepend_to))
    return ScopeReportRun(report, output, prepend_to, unchanged, in_place, findings)
