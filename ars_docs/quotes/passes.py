"""The quotation pass of ``finalize`` and ``render --strict`` (issue 28).

A pass like those of ``draft.passes`` (``(state) -> None``), built with the
corpus because the originals' paths are relative to the passport. The CLI
inserts it into the draft pipelines (``draft/`` cannot import this room):

* in finalize, after ``checklist``: an ``altered`` or ``not_found`` quotation
  without a reviewed exception is an error diagnostic (ARS050 / ARS051) and an
  item of the checklist section "Quotations that do not match their source"
  with the word diff, the page and the ``accept-quote`` command; a page
  locator that misses the passage's page is a warning (ARS053);
* in the strict gate, after ``gate``: each such quotation is a refusal
  (``altered-quotation`` / ``quotation-not-found``), so ``strip`` writes
  nothing.

Quotations that cannot be checked (no acquired original) are listed by
``ars-docs quotes``; the citation's own status already warns about them.
"""

from __future__ import annotations

import shlex

from ars_docs import codes
from ars_docs.diagnostics import Diagnostic, Severity
from ars_docs.draft.pipeline import DocState, Offender
from ars_docs.quotes.check import QuoteResult, check_quotations
from ars_docs.quotes.find import quotations_in
from ars_docs.session.corpus import Corpus

__all__ = ["QuotationPass"]

CHECKLIST_HEADING = "## Quotations that do not match their source"


class QuotationPass:
    """Check the draft's quotations against the corpus's acquired originals."""

    def __init__(self, corpus: Corpus, *, passport: str | None = None, gate: bool = False) -> None:
        self.corpus = corpus
        self.passport = passport
        self.gate = gate

    def __call__(self, state: DocState) -> None:
        if not any(m.slug is not None for m in state.markers):
            return

        def title_of(slug: str) -> str | None:
            entry = self.corpus.get(slug)
            return entry.title if entry is not None else None

        found = quotations_in(
            state.document, state.markers, state.prose, title_of, state.block_quotes
        )
        if not found:
            return
        results = check_quotations(state.document, self.corpus, quotations=found)
        flagged = [r for r in results if r.flagged]
        if self.gate:
            for r in flagged:
                q = r.quotation
                reason = (
                    codes.REFUSE_QUOTE_ALTERED
                    if r.verdict == "altered"
                    else codes.REFUSE_QUOTE_NOT_FOUND
                )
                state.offenders.append(Offender(q.line, q.col, reason, q.slug, _detail(r)))
            return
        path = state.document.path
        for r in results:
            q, m = r.quotation, r.match
            if r.flagged:
                code = codes.QUOTE_ALTERED if m.verdict == "altered" else codes.QUOTE_NOT_FOUND
                state.diagnostics.append(
                    Diagnostic(
                        path,
                        q.line,
                        q.col,
                        code,
                        Severity.ERROR,
                        f"quotation [{q.sha}] {_detail(r)}; correct it, or review it "
                        "and record an exception with accept-quote",
                        q.slug,
                    )
                )
            if m.page_ok is False and q.locator is not None and not r.accepted:
                state.diagnostics.append(
                    Diagnostic(
                        path,
                        q.line,
                        q.col,
                        codes.QUOTE_PAGE_MISMATCH,
                        Severity.WARNING,
                        f"locator {q.locator.text} but the passage is on page "
                        f"{m.first_page} of {r.source}",
                        q.slug,
                    )
                )
        if flagged:
            section = self._checklist(path, flagged)
            current = state.artifacts.get("checklist", "")
            state.artifacts["checklist"] = (
                f"{current.rstrip()}\n\n{section}" if current else section
            )

    def _checklist(self, path: str, flagged: list[QuoteResult]) -> str:
        lines = [
            CHECKLIST_HEADING,
            "",
            "Each quotation below is not in the acquired original as written. Correct it "
            "from the passage shown, or, after checking the printed source (another "
            "edition, a translation), record a reviewed exception; `render --strict` "
            "refuses the draft until one of the two is done.",
            "",
        ]
        for r in flagged:
            q, m = r.quotation, r.match
            words = " ".join(q.text.split())
            lines.append(f"- [ ] {path}:{q.line}:{q.col} `{q.slug}` [{q.sha}] “{words}”")
            if m.verdict == "altered":
                lines.append(f"  - original ({r.place}): “{m.passage}”")
                lines.append(f"  - changes: {' '.join(m.diff)}")
            else:
                lines.append(f"  - not found in {r.source}")
            passport = f" --passport {shlex.quote(self.passport)}" if self.passport else ""
            lines.append(
                f"  - exception: `ars-docs accept-quote {shlex.quote(q.slug)}{passport} "
                f'--quote-sha {q.sha} --reason "…"`'
            )
        return "\n".join(lines) + "\n"


def _detail(r: QuoteResult) -> str:
    m = r.match
    if m.verdict == "altered":
        return f"differs from {r.place}: {' '.join(m.diff)}"
    return f"is not in {r.source}"
