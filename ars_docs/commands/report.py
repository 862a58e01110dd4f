"""``report``: the session trust report, its verdicts from the one gate policy.

The report says, per draft, whether ``render --strict`` would pass it now; it
inspects each draft with ``commands.drafts.inspect`` under the session's
``GatePolicy`` (the same pipelines every other door runs), and says when the
session opted out of the existence check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ars_docs.commands import drafts
from ars_docs.commands.policy import GatePolicy, load_policy
from ars_docs.core.errors import UsageError
from ars_docs.document.api import Inspection
from ars_docs.reports.trust_report.model import Report, build_report
from ars_docs.session.trust import TrustView

__all__ = ["ReportRun", "default_report_path", "report_file", "session_report"]


def session_report(
    documents: Sequence[tuple[str, str]],
    passport: str,
    *,
    require_lookup: bool | None = None,
    policy: GatePolicy | None = None,
) -> Report:
    """The report over ``documents`` (``(path, text)`` pairs) in the session of ``passport``."""
    chosen = policy or load_policy(passport, require_lookup=require_lookup)

    def inspect(path: str, text: str, trust: TrustView) -> Inspection:
        return drafts.inspect(text, trust.corpus, trust.read_log, path=path, policy=chosen)

    return build_report(documents, passport, inspect=inspect, existence_note=chosen.existence_note)


@dataclass(frozen=True)
class ReportRun:
    """What ``report`` wrote: the report and where (``-``: standard output)."""

    report: Report
    written: str


def default_report_path(passport: str, *, json_format: bool) -> str:
    """``<passport-stem>_report.html`` (``.json`` for JSON) beside the passport."""
    path = Path(passport)
    return str(path.with_name(f"{path.stem}_report.{'json' if json_format else 'html'}"))


def report_file(
    drafts: Sequence[str],
    passport: str,
    *,
    output: str | None = None,
    json_format: bool = False,
    render: Callable[[Report], str] | None = None,
    require_lookup: bool | None = None,
) -> ReportRun:
    """Write the trust report over the draft files (``-``: standard input, once): an HTML
    page, or ``render``'s text (the CLI's JSON shape for ``--format json``)."""
    from ars_docs.commands.outputs import ensure_folder, refuse_outputs_over_inputs, write_output
    from ars_docs.commands.session_inputs import STDIO, read_draft

    if list(drafts).count(STDIO) > 1:
        raise UsageError("standard input ('-') can be read once; give the other drafts as files")
    output = output or default_report_path(passport, json_format=json_format)
    # The one rule of every command: not over a draft, the passport or its session files.
    refuse_outputs_over_inputs(
        [("-o", output)],
        passport=passport,
        inputs=[("one of the inputs", draft) for draft in drafts if draft != STDIO],
    )
    if output != STDIO:
        ensure_folder(Path(output))
    documents = []
    for name in drafts:
        doc = read_draft(name)
        documents.append((doc.path, doc.text))
    report = session_report(documents, passport, require_lookup=require_lookup)
    if render is None:
        from ars_docs.reports.trust_report.page import render_page

        render = render_page
    write_output(output, render(report))
    return ReportRun(report, output)
