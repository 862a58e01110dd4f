"""The audit Scope Report: Section 0 of every codex audit report (§3.2 D2).

An audit can only check an entry against its original publication when the
original is on file. ``compute_scope_report`` counts the corpus by the
conservative ``source_acquired`` reading of ``ars_docs.session.corpus`` and splits the
audit verdict by that line, so no report can claim more than its scope:

* ``verified-against-source`` — over the entries with a retrieved source;
* ``description-internally-consistent`` — over the description-only entries;
* ``unaudited-due-to-missing-source`` — the description-only count, always.

A subset FAILs when a P1 or P2 finding belongs to one of its entries (through
the finding's ``refcode`` or its file's stem) or belongs to no entry at all:
such a finding could be about any entry, so it counts against both subsets.
A subset is NOT EVALUATED without a verdict, when the audit itself failed, or
when it has no entries (a PASS over nothing would be an empty claim). There
is no combined verdict, and the combined word the spec forbids never appears.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from ars_docs.audit.model.verdict import SEVERITIES
from ars_docs.core.codes import UNKNOWN_REFCODE
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.templating import render_template
from ars_docs.document.md_escape import code as code_span
from ars_docs.document.md_escape import text as md_text
from ars_docs.reports.scope.verdict import BLOCKING_SEVERITIES, AuditFinding, AuditVerdict
from ars_docs.session.corpus import Corpus

__all__ = [
    "FAIL",
    "NOT_EVALUATED",
    "PASS",
    "UNKNOWN_REFCODE",
    "ScopeReport",
    "SubsetResult",
    "compute_scope_report",
    "refcode_order",
    "render_scope_report",
]

PASS = "PASS"
FAIL = "FAIL"
NOT_EVALUATED = "NOT EVALUATED"

TEMPLATE = "scope_report.md.j2"


@dataclass(frozen=True, slots=True)
class SubsetResult:
    """The verdict over one subset of the corpus."""

    status: str
    """PASS, FAIL or NOT EVALUATED."""
    entries: int
    blocking: tuple[AuditFinding, ...] = ()
    """P1/P2 findings that fail this subset (its own and unattributed ones)."""
    minor: int = 0
    """P3 findings on this subset's entries (they do not fail it)."""
    reason: str = ""
    """Why the subset was not evaluated."""


@dataclass(frozen=True, slots=True)
class ScopeReport:
    """Everything Section 0 says, computed from the corpus and the verdict."""

    round: int | None
    total: int
    with_source: tuple[str, ...]
    """citation_keys with ``source_acquired: true``, sorted."""
    description_only: tuple[str, ...]
    """citation_keys without a retrieved source, sorted."""
    recorded_verified: int
    """Entries whose passport records a verification against the original."""
    verified_against_source: SubsetResult
    description_internally_consistent: SubsetResult
    unattributed: tuple[AuditFinding, ...] = ()
    """Findings tied to no corpus entry."""
    verdict: AuditVerdict | None = None
    diagnostics: tuple[Diagnostic, ...] = field(default=())

    @property
    def unaudited_due_to_missing_source(self) -> int:
        return len(self.description_only)


def compute_scope_report(
    corpus: Corpus, verdict: AuditVerdict | None = None, *, round_number: int | None = None
) -> ScopeReport:
    """Count the corpus and split ``verdict`` by subset (see the module docstring)."""
    entries = corpus.entries.values()
    with_source = tuple(
        sorted((e.citation_key for e in entries if e.source_acquired), key=refcode_order)
    )
    without = tuple(
        sorted((e.citation_key for e in entries if not e.source_acquired), key=refcode_order)
    )
    recorded = sum(1 for e in entries if e.source_verified_against_original)
    if round_number is None and verdict is not None:
        round_number = verdict.round
    by_key: dict[str, list[AuditFinding]] = {}
    unattributed: list[AuditFinding] = []
    diagnostics = list(_attribute(corpus, verdict, by_key, unattributed))
    return ScopeReport(
        round=round_number,
        total=len(corpus),
        with_source=with_source,
        description_only=without,
        recorded_verified=recorded,
        verified_against_source=_subset(with_source, by_key, unattributed, verdict),
        description_internally_consistent=_subset(without, by_key, unattributed, verdict),
        unattributed=tuple(unattributed),
        verdict=verdict,
        diagnostics=tuple(diagnostics),
    )


def refcode_order(key: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key for citation keys: numbers by value ("B2" before "B10"), then text.

    Deterministic and total: keys equal under it are equal strings.
    """
    parts = re.findall(r"\d+|\D+", key)
    return tuple((0, int(p), p) if p.isdigit() else (1, 0, p) for p in parts)


def _attribute(
    corpus: Corpus,
    verdict: AuditVerdict | None,
    by_key: dict[str, list[AuditFinding]],
    unattributed: list[AuditFinding],
) -> Iterator[Diagnostic]:
    if verdict is None:
        return
    for finding in verdict.findings:
        key = finding.refcode
        if key is not None and key not in corpus:
            yield Diagnostic(
                verdict.path,
                finding.line,
                1,
                UNKNOWN_REFCODE,
                Severity.WARNING,
                f"finding {finding.id} names refcode {key!r}, which is not in "
                "literature_corpus[]; it is counted against both subsets. Correct the refcode "
                "or add the entry to the passport",
            )
            key = None
        elif key is None and finding.file is not None:
            stem = PurePosixPath(finding.file.replace("\\", "/")).stem
            key = stem if stem in corpus else None
        if key is None:
            unattributed.append(finding)
        else:
            by_key.setdefault(key, []).append(finding)


def _subset(
    keys: tuple[str, ...],
    by_key: dict[str, list[AuditFinding]],
    unattributed: list[AuditFinding],
    verdict: AuditVerdict | None,
) -> SubsetResult:
    if not keys:
        return SubsetResult(NOT_EVALUATED, 0, reason="no entries in this subset")
    if verdict is None:
        return SubsetResult(NOT_EVALUATED, len(keys), reason="no audit verdict given")
    if verdict.audit_failed:
        recorded = _one_line(verdict.failure_reason or "")
        why = f": {recorded}" if recorded else ""
        return SubsetResult(NOT_EVALUATED, len(keys), reason=f"the audit run did not complete{why}")
    own = [finding for key in keys for finding in by_key.get(key, ())]
    blocking = [f for f in own if f.severity in BLOCKING_SEVERITIES]
    blocking += [f for f in unattributed if f.severity in BLOCKING_SEVERITIES]
    blocking.sort(key=lambda finding: finding.line)
    minor = sum(1 for f in own if f.severity not in BLOCKING_SEVERITIES)
    return SubsetResult(FAIL if blocking else PASS, len(keys), tuple(blocking), minor)


def _one_line(text: str) -> str:
    """Recorded text from the verdict, safe inside a list item of Section 0.

    Whitespace is collapsed (a line break could start a heading, even a fake
    Section 1); text that contains the combined word is shown as a code span,
    so the report never says it in its own voice, and other text is escaped
    (no HTML, comment or link from the verdict, issue 29 §10).
    """
    flat = " ".join(text.split())
    return code_span(flat) if re.search(r"passed", flat, re.IGNORECASE) else md_text(flat)


def render_scope_report(report: ScopeReport, *, heading_level: int = 2) -> str:
    """The Section 0 block as Markdown (ends with one newline).

    Names taken from the inputs (refcodes, finding ids, file paths) are shown
    as code spans: they are data, not the report's own words.
    """

    def describe(finding: AuditFinding) -> str:
        about = finding.refcode or finding.file
        where = f", {code_span(about)}" if about else ""
        return f"{code_span(finding.id)} ({finding.severity}{where})"

    counts = dict.fromkeys(SEVERITIES, 0)
    for finding in report.verdict.findings if report.verdict else ():
        counts[finding.severity] += 1
    return render_template(
        TEMPLATE,
        hashes="#" * heading_level,
        report=report,
        describe=describe,
        code=code_span,
        counts=counts,
        verdict_name=os.path.basename(report.verdict.path) if report.verdict else "",
        unattributed_blocking=[f for f in report.unattributed if f.severity in BLOCKING_SEVERITIES],
    )
