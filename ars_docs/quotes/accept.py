"""``ars-docs accept-quote``: a reviewed exception for one flagged quotation.

Modelled on ``acknowledge-retraction`` (``lookup/batch/acknowledge.py``): the person
who reviewed an ``altered`` / ``not_found`` quotation (a translation, a
quotation from another edition than the acquired one) records why, dated, in
the entry as one item of ``quote_acceptances`` (``quote_sha``, ``reason``,
``accepted_at``), written by the byte-preserving passport editor. The
exception covers exactly that quotation: ``quote_sha`` is taken over the
citation key and the quoted words, so editing the quotation needs a new review.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ars_docs.core.clock import Clock
from ars_docs.core.errors import InputDataError, UsageError
from ars_docs.quotes.check import accepted_shas
from ars_docs.session.corpus import entry_to_edit

__all__ = ["MIN_REASON", "QuoteAcceptance", "accept_quote"]

MIN_REASON = 10
_SHA = re.compile(r"[0-9a-f]{16}")


@dataclass(frozen=True)
class QuoteAcceptance:
    key: str
    quote_sha: str
    written: bool


def accept_quote(
    passport: str | os.PathLike[str],
    key: str,
    quote_sha: str,
    reason: str,
    *,
    clock: Clock | None = None,
) -> QuoteAcceptance:
    reason = " ".join(reason.split())
    sha = quote_sha.strip().lower()
    if not _SHA.fullmatch(sha):
        raise UsageError(
            f"--quote-sha {quote_sha!r} is not a quotation's id (16 hex digits); copy it from "
            "`ars-docs quotes DRAFT --passport P` (column quote_sha)"
        )
    if len(reason) < MIN_REASON:
        raise UsageError(
            f"--reason must say why the quotation stands as written (at least {MIN_REASON} "
            'characters), e.g. --reason "own translation of the German original"'
        )
    corpus, entry = entry_to_edit(passport, key)
    old = entry.data.get("quote_acceptances")
    if old is not None and not isinstance(old, list):
        raise InputDataError(
            f"{corpus.path}: '{key}' (line {entry.line}): quote_acceptances must be a list; "
            "fix it by hand, nothing was written"
        )
    if accepted_shas(entry.data).get(sha) == reason:
        return QuoteAcceptance(key, sha, written=False)
    items = [
        dict(i) for i in (old or []) if not (isinstance(i, dict) and i.get("quote_sha") == sha)
    ]
    items.append(
        {"quote_sha": sha, "reason": reason, "accepted_at": (clock or Clock.from_env()).rfc3339()}
    )
    from ars_docs.session.passport_edit import set_entry_fields

    set_entry_fields(Path(passport), {key: {"quote_acceptances": items}})
    return QuoteAcceptance(key, sha, written=True)
