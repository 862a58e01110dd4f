"""``report``: the session trust report, its verdicts from the one gate policy.

The report says, per draft, whether ``render --strict`` would pass it now; it
inspects each draft with ``commands.drafts.inspect`` under the session's
``GatePolicy`` (the same pipelines every other door runs), and says when the
session opted out of the existence check.
"""

from __future__ import annotations

from collections.abc import Sequence

from ars_docs.commands import drafts
from ars_docs.commands.policy import GatePolicy, load_policy
from ars_docs.document.api import Inspection
from ars_docs.reports.trust_report.model import Report, build_report
from ars_docs.session.trust import TrustView

__all__ = ["session_report"]


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
