"""Check every quotation of a draft against the acquired originals (issue 28).

An entry's original is its ``source_acquisition_path`` (relative to the
passport's folder) when ``source_acquired`` is true. A quotation whose entry
has no readable original gets the verdict ``cannot_check`` with the reason
(no original on file, a folder or FIFO where the file belongs, not a PDF,
HTML or text, no visible text, a PDF pypdf cannot read); a quotation whose
key is not in the passport gets ``not_in_corpus``. Nothing unchecked ships:
the gate refuses ``cannot_check`` like ``altered`` (issue 33). A reviewed
exception (``quote_acceptances`` in the entry, written by ``ars-docs
accept-quote``) covers an ``altered``, ``not_found`` or ``cannot_check``
quotation and is reported with the verdict it covers; a ``not_in_corpus``
quotation has no entry to hold one (its citation is refused as
``not-in-corpus`` until the entry exists).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.document.text import Document
from ars_docs.quotes.find import Quotation, find_quotations
from ars_docs.quotes.match import Match, SourceIndex, match_quote
from ars_docs.quotes.text import load_original
from ars_docs.session.corpus import Corpus

__all__ = ["ACCEPTABLE", "FLAGGED", "QuoteResult", "accepted_shas", "check_quotations"]

FLAGGED = frozenset({"altered", "not_found"})
"""Verdicts that say the quotation does not match its original."""
ACCEPTABLE = FLAGGED | {"cannot_check"}
"""Verdicts the gate refuses unless a reviewed exception is recorded."""


@dataclass(frozen=True)
class QuoteResult:
    quotation: Quotation
    match: Match
    source: str = ""
    """The original that was searched (as the passport names it)."""
    reason: str = ""
    """Why a quotation cannot be checked."""
    accepted: str = ""
    """The reason of a reviewed exception covering this quotation."""

    @property
    def verdict(self) -> str:
        return self.match.verdict

    @property
    def place(self) -> str:
        """Where the passage is: ``sources/k.pdf page 5`` (no page for HTML)."""
        page = self.match.first_page
        return f"{self.source} page {page}" if page is not None else self.source

    @property
    def flagged(self) -> bool:
        """Altered or not found, and no reviewed exception."""
        return self.verdict in FLAGGED and not self.accepted

    @property
    def unchecked(self) -> bool:
        """Cannot be compared with an original, and no reviewed exception."""
        return self.verdict == "cannot_check" and not self.accepted

    @property
    def refused(self) -> bool:
        """What ``render --strict`` refuses: flagged, unchecked, or its key not in the
        passport (refused there as the citation's ``not-in-corpus``)."""
        return self.flagged or self.unchecked or self.verdict == "not_in_corpus"

    def to_dict(self) -> dict[str, Any]:
        q, m = self.quotation, self.match
        return {
            "key": q.slug,
            "quote_sha": q.sha,
            "line": q.line,
            "col": q.col,
            "kind": "block" if q.block else "inline",
            "text": " ".join(q.text.split()),
            "verdict": m.verdict,
            "locator": q.locator.text if q.locator else None,
            "page": m.first_page,
            "last_page": m.last_page,
            "page_ok": m.page_ok,
            "passage": m.passage,
            "diff": list(m.diff),
            "devices": list(m.devices),
            "source": self.source or None,
            "reason": self.reason or None,
            "accepted": self.accepted or None,
        }


def accepted_shas(data: Mapping[str, Any]) -> dict[str, str]:
    """``quote_sha`` → reason of each reviewed exception recorded in an entry."""
    out: dict[str, str] = {}
    items = data.get("quote_acceptances")
    if isinstance(items, list):
        for item in items:
            if isinstance(item, dict) and isinstance(item.get("quote_sha"), str):
                out[item["quote_sha"]] = str(item.get("reason", ""))
    return out


def check_quotations(
    doc: Document,
    corpus: Corpus,
    environ: Mapping[str, str] = os.environ,
    *,
    quotations: Sequence[Quotation] | None = None,
) -> list[QuoteResult]:
    """Every quotation of ``doc`` (or the ``quotations`` given) with its verdict."""

    def title_of(slug: str) -> str | None:
        entry = corpus.get(slug)
        return entry.title if entry is not None else None

    if quotations is None:
        quotations = find_quotations(doc, title_of)
    base = Path(corpus.path).parent
    indexes: dict[str, SourceIndex | str] = {}
    results: list[QuoteResult] = []
    for quote in quotations:
        entry = corpus.get(quote.slug)
        if entry is None:
            results.append(
                QuoteResult(quote, Match("not_in_corpus"), reason="key not in the passport")
            )
            continue
        accepted = accepted_shas(entry.data).get(quote.sha, "")
        where = entry.data.get("source_acquisition_path")
        if not entry.source_acquired or not isinstance(where, str) or not where:
            missing = (
                "source_acquired is false"
                if not entry.source_acquired
                else "source_acquisition_path is missing"
            )
            results.append(
                QuoteResult(
                    quote,
                    Match("cannot_check"),
                    reason=f"no original on file ({missing})",
                    accepted=accepted,
                )
            )
            continue
        if quote.slug not in indexes:
            original = load_original(base / where, environ)
            indexes[quote.slug] = original.problem or SourceIndex(original)
        index = indexes[quote.slug]
        if isinstance(index, str):
            results.append(
                QuoteResult(quote, Match("cannot_check"), where, reason=index, accepted=accepted)
            )
            continue
        match = match_quote(index, quote.text, quote.locator)
        covered = accepted if match.verdict in ACCEPTABLE else ""
        results.append(QuoteResult(quote, match, where, accepted=covered))
    return results
