"""Diagnostic codes and gate refusal reasons of the draft pipeline, defined once."""

from __future__ import annotations

# Diagnostics about the draft (finalize / render).
MALFORMED_MARKER = "ARS001"
ORPHAN_WARNING = "ARS002"
NOT_IN_CORPUS = "ARS003"
OK_WITHOUT_PASSPORT = "ARS004"
UNMARKED_CITATION = "ARS005"
WAIVED_CITATION = "ARS006"
STRAY_WAIVER = "ARS007"
NO_CITATIONS = "ARS008"
READ_LOG_MISSING = "ARS009"
READING_CHANGED = "ARS010"

# Quotations checked against their originals (ars-docs quotes, issue 28).
QUOTE_ALTERED = "ARS050"
QUOTE_NOT_FOUND = "ARS051"
QUOTE_UNCHECKED = "ARS052"
QUOTE_PAGE_MISMATCH = "ARS053"

# Terminal-gate refusal reasons (``path:line:col: REASON slug``).
REFUSE_UNVERIFIED = "unverified-citation"
REFUSE_WARNING_TEXT = "unverified-citation-text"
REFUSE_UNRESOLVED = "unresolved-marker"
REFUSE_MALFORMED = "malformed-marker"
REFUSE_NOT_IN_CORPUS = "not-in-corpus"
REFUSE_UNACKNOWLEDGED = "unacknowledged-low-warn"
REFUSE_FORGED = "forged-status"
REFUSE_UNMARKED = "unmarked-citation"
REFUSE_NO_CITATIONS = "no-citations"
REFUSE_HIDDEN = "hidden-marker"
REFUSE_READING_CHANGED = "strip-changes-reading"
REFUSE_SOURCE_NOT_FOUND = "source-not-found"
REFUSE_METADATA_MISMATCH = "metadata-mismatch"
REFUSE_RETRACTED = "retracted-source"

REFUSAL_REASONS: tuple[str, ...] = (
    REFUSE_UNVERIFIED,
    REFUSE_WARNING_TEXT,
    REFUSE_UNRESOLVED,
    REFUSE_MALFORMED,
    REFUSE_NOT_IN_CORPUS,
    REFUSE_UNACKNOWLEDGED,
    REFUSE_FORGED,
    REFUSE_UNMARKED,
    REFUSE_NO_CITATIONS,
    REFUSE_HIDDEN,
    REFUSE_READING_CHANGED,
    REFUSE_SOURCE_NOT_FOUND,
    REFUSE_METADATA_MISMATCH,
    REFUSE_RETRACTED,
)

# Refusals of the quotation check (``ars_docs.quotes.passes``), kept apart from the
# draft gate's own reasons: the strict gate adds them only when a passport is given.
REFUSE_QUOTE_ALTERED = "altered-quotation"
REFUSE_QUOTE_NOT_FOUND = "quotation-not-found"
QUOTE_REFUSAL_REASONS: tuple[str, ...] = (REFUSE_QUOTE_ALTERED, REFUSE_QUOTE_NOT_FOUND)
