"""The quotation pass of ``finalize`` and ``render --strict`` (issues 28 and 33).

A pass like those of ``document.passes`` (``(state) -> None``), built with the
corpus because the originals' paths are relative to the passport. The CLI
inserts it into the draft pipelines (``draft/`` cannot import this room):

* in finalize, after ``checklist``: an ``altered`` or ``not_found`` quotation
  without a reviewed exception is an error diagnostic (ARS050 / ARS051) and an
  item of the checklist section "Quotations that do not match their source"
  with the word diff, the page and the ``accept-quote`` command; a
  ``cannot_check`` one is an error (ARS052) and an item of "Quotations that
  cannot be checked" with why and the two fixes; a page locator that misses
  the passage's page is a warning (ARS053);
* in the strict gate, after ``gate``: each such quotation is a refusal
  (``altered-quotation`` / ``quotation-not-found`` / ``unchecked-quotation``),
  so ``strip`` writes nothing. Nothing the gate cannot check ships.

A quotation whose key is not in the passport is left to the citation's own
``not-in-corpus`` refusal (and finalize's ARS003): adding the entry is the fix
of both.
"""

from __future__ import annotations

import shlex

from ars_docs.core import codes
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.document.pipeline import DocState, Offender
from ars_docs.quotes.check import QuoteResult, check_quotations
from ars_docs.quotes.find import Quotation, quotations_in
from ars_docs.session.corpus import Corpus

__all__ = ["QuotationPass"]

CHECKLIST_HEADING = "## Quotations that do not match their source"
UNCHECKED_HEADING = "## Quotations that cannot be checked"


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
        refusals = [
            Offender(r.quotation.line, r.quotation.col, _REFUSALS[r.verdict], r.quotation.slug,
                     _detail(r))
            for r in results
            if r.flagged or r.unchecked
        ]  # fmt: skip
        if self.gate:
            state.offenders.extend(refusals)
            return
        # Finalize's forecast of the gate (passes.forecast) holds the same refusals.
        state.forecast.extend(refusals)
        path = state.document.path
        for r in results:
            q, m = r.quotation, r.match
            if r.flagged or r.unchecked:
                state.diagnostics.append(
                    Diagnostic(
                        path,
                        q.line,
                        q.col,
                        _CODES[m.verdict],
                        Severity.ERROR,
                        f"{_detail(r)}; {_FIXES[m.verdict].format(key=shlex.quote(q.slug))}",
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
        sections = [
            self._checklist(path, [r for r in results if r.flagged]),
            self._unchecked(path, [r for r in results if r.unchecked]),
        ]
        for section in filter(None, sections):
            current = state.artifacts.get("checklist", "")
            state.artifacts["checklist"] = (
                f"{current.rstrip()}\n\n{section}" if current else section
            )

    @property
    def _passport_option(self) -> str:
        return f" --passport {shlex.quote(self.passport)}" if self.passport else ""

    def _accept_command(self, q: Quotation) -> str:
        return (
            f"`ars-docs accept-quote {shlex.quote(q.slug)}{self._passport_option} "
            f'--quote-sha {q.sha} --reason "…"`'
        )

    def _unchecked(self, path: str, unchecked: list[QuoteResult]) -> str:
        if not unchecked:
            return ""
        lines = [
            UNCHECKED_HEADING,
            "",
            "Each quotation below cannot be compared with its source: there is no readable "
            "original on file. Acquire one (`ars-docs retrieve KEY`, or save the file and "
            "set `source_acquisition_path`), or check the quotation against the printed "
            "source yourself and record a reviewed exception; `render --strict` refuses "
            "the draft until one of the two is done.",
            "",
        ]
        for r in unchecked:
            q = r.quotation
            words = " ".join(q.text.split())
            lines.append(f"- [ ] {path}:{q.line}:{q.col} `{q.slug}` [{q.sha}] “{words}”")
            lines.append(f"  - cannot be checked: {r.reason}")
            lines.append(
                f"  - original: `ars-docs retrieve{self._passport_option} {shlex.quote(q.slug)}`"
            )
            lines.append(f"  - exception: {self._accept_command(q)}")
        return "\n".join(lines) + "\n"

    def _checklist(self, path: str, flagged: list[QuoteResult]) -> str:
        if not flagged:
            return ""
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
            lines.append(f"  - exception: {self._accept_command(q)}")
        return "\n".join(lines) + "\n"


_REFUSALS = {
    "altered": codes.REFUSE_QUOTE_ALTERED,
    "not_found": codes.REFUSE_QUOTE_NOT_FOUND,
    "cannot_check": codes.REFUSE_QUOTE_UNCHECKED,
}
_CODES = {
    "altered": codes.QUOTE_ALTERED,
    "not_found": codes.QUOTE_NOT_FOUND,
    "cannot_check": codes.QUOTE_UNCHECKED,
}
_FIXES = {
    "altered": "correct it, or review it and record an exception with accept-quote",
    "not_found": "correct it, or review it and record an exception with accept-quote",
    "cannot_check": "acquire a readable original (ars-docs retrieve {key}), or check it "
    "against the printed source and record an exception with accept-quote",
}


def _detail(r: QuoteResult) -> str:
    """What is wrong with one quotation, with its id for ``accept-quote``."""
    m = r.match
    if m.verdict == "altered":
        return f"quotation [{r.quotation.sha}] differs from {r.place}: {' '.join(m.diff)}"
    if m.verdict == "cannot_check":
        return f"quotation [{r.quotation.sha}] cannot be checked: {r.reason}"
    return f"quotation [{r.quotation.sha}] is not in {r.source}"
