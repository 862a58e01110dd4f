"""``quotes`` and ``accept-quote``: quotations checked against their originals.

``check_quotes`` reads the draft and the corpus, checks every quotation
(``quotes.check``), turns each verdict into its findings and decides whether
``render --strict`` would let every quotation pass; ``accept`` records a
reviewed exception (``quotes.accept``, byte-preserving).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ars_docs.core import codes
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import ExitCode, InputMissingError

if TYPE_CHECKING:
    from ars_docs.quotes.accept import QuoteAcceptance
    from ars_docs.quotes.check import QuoteResult

__all__ = ["QuotesRun", "accept", "check_quotes"]


@dataclass(frozen=True)
class QuotesRun:
    """Every quotation of a draft with its verdict, the findings, and the counts."""

    draft: str
    results: Sequence[QuoteResult]
    diagnostics: Sequence[Diagnostic]
    counts: dict[str, int]
    """Quotations per verdict."""
    flagged: int
    unchecked: int
    accepted: int
    passed: bool
    """``render --strict`` would let every quotation pass."""

    @property
    def exit_code(self) -> ExitCode:
        return ExitCode.OK if self.passed else ExitCode.CHECK_FAILED


def check_quotes(draft: str, passport: str) -> QuotesRun:
    """Check every quotation of ``draft`` against the originals the passport records."""
    from ars_docs.document.text import read_document
    from ars_docs.quotes.check import check_quotations
    from ars_docs.session.corpus import load_corpus

    if not Path(draft).exists():
        raise InputMissingError(f"draft not found: {draft}")
    if not Path(passport).exists():
        raise InputMissingError(f"passport not found: {passport}; check --passport / $ARS_PASSPORT")
    doc = read_document(draft)
    corpus = load_corpus(passport)
    results = check_quotations(doc, corpus)
    diagnostics = [d for r in results for d in _diagnostics(draft, r, passport)]
    counts: dict[str, int] = {}
    for r in results:
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    return QuotesRun(
        draft,
        results,
        diagnostics,
        counts,
        flagged=sum(1 for r in results if r.flagged),
        unchecked=sum(1 for r in results if r.unchecked or r.verdict == "not_in_corpus"),
        accepted=sum(1 for r in results if r.accepted),
        passed=not any(r.refused for r in results),
    )


def accept(passport: str, key: str, quote_sha: str, reason: str) -> QuoteAcceptance:
    """Record a reviewed exception for one quotation of ``key``."""
    from ars_docs.quotes.accept import accept_quote

    return accept_quote(passport, key, quote_sha, reason)


def _diagnostics(path: str, r: QuoteResult, passport: str) -> list[Diagnostic]:
    q, m = r.quotation, r.match
    out: list[Diagnostic] = []
    if r.flagged and m.verdict == "altered":
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_ALTERED,
                Severity.ERROR,
                f"quotation [{q.sha}] differs from {r.place}: "
                f"{' '.join(m.diff)}; correct it, or review and run accept-quote",
                q.slug,
            )
        )
    elif r.flagged:
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_NOT_FOUND,
                Severity.ERROR,
                f"quotation [{q.sha}] is not in {r.source}; check the wording, or "
                "review and run accept-quote",
                q.slug,
            )
        )
    elif r.unchecked:
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_UNCHECKED,
                Severity.ERROR,
                f"quotation [{q.sha}] cannot be checked: {r.reason}; acquire a readable "
                f"original (ars-docs retrieve {q.slug}), or check it against the printed "
                "source and run accept-quote",
                q.slug,
            )
        )
    elif m.verdict == "not_in_corpus":
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_UNCHECKED,
                Severity.ERROR,
                f"quotation [{q.sha}] cannot be checked: '{q.slug}' is not in {passport}; "
                "add the entry (render --strict refuses the citation as not-in-corpus)",
                q.slug,
            )
        )
    if m.page_ok is False and q.locator is not None:
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_PAGE_MISMATCH,
                Severity.WARNING,
                f"locator {q.locator.text} but the passage is on page {m.first_page} of {r.source}",
                q.slug,
            )
        )
    return out
