"""Every ARS diagnostic code and every gate refusal reason, defined once (issue 34).

The modules that report a code import its constant from here (some under a
shorter local name); ``tests/project/test_codes_defined_once.py`` fails on an
``"ARSnnn"`` or refusal-reason literal anywhere else, and
``tests/project/test_docs_reference.py`` keeps docs/diagnostics.md in step with this file.
"""

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
#: Something render --strict will refuse that no other finalize diagnostic names
#: (marker or warning text hidden outside markdown code): issue 25 §2.
GATE_WILL_REFUSE = "ARS011"
#: A cited entry whose existence and retraction status render --strict cannot confirm:
#: no lookup record, one out of date, or one whose retraction status is unknown.
EXISTENCE_UNCHECKED = "ARS012"

# Quotations checked against their originals (ars-docs quotes, issue 28).
QUOTE_ALTERED = "ARS050"
QUOTE_NOT_FOUND = "ARS051"
QUOTE_UNCHECKED = "ARS052"
QUOTE_PAGE_MISMATCH = "ARS053"

# Passport findings of every literature-corpus reader (``session.corpus_rules``,
# reported by ``session.lint`` and the loader).
VERIFIED_WITHOUT_BASIS = "ARS101"
"""Firm rule 1: verified against the original without acquisition + affirmative method."""
AUDITED_WITHOUT_SOURCE = "ARS102"
"""Firm rule 2: ``source_acquired`` is not true but ``description_last_audit`` is not none."""
LITERAL_HUMAN_READ = "ARS103"
"""Firm rule 3: a literal ``human_read_source`` / ``human_read_at`` on the entry."""
TRUST_FLAG_NOT_BOOLEAN = "ARS104"
"""``source_acquired`` / ``source_verified_against_original`` is not a boolean."""
PASSPORT_SCHEMA_ERROR = "ARS110"
"""The entry breaks literature_corpus_entry.schema.json (other than unknown fields)."""
PASSPORT_UNKNOWN_FIELD = "ARS111"
"""A field the schema does not define (adapters add fields; a warning)."""
LEGACY_VERIFIED = "ARS112"
"""The legacy single ``verified`` field (spec §8 Risk 1)."""
NO_FRONT_MATTER = "ARS113"
"""A Markdown file in an entry directory has no YAML front matter; skipped."""

# The audit report's Scope Report section (``lint audit-report``, ``reports.scope.lint``).
NO_SCOPE_REPORT = "ARS401"
SUMMARY_BEFORE_SCOPE = "ARS402"
SECOND_SCOPE_REPORT = "ARS403"
SCOPE_AFTER_SECTION1 = "ARS404"
SCOPE_MISSING_FIELD = "ARS405"
SCOPE_MISSING_SPLIT_LINE = "ARS406"
SCOPE_BAD_VALUE = "ARS407"
SCOPE_COUNTS_DISAGREE = "ARS408"
COMBINED_PASSED = "ARS410"

# The session drift log (``lint drift-log``, ``reports.drift.lint``).
DRIFT_NON_NEUTRAL = "ARS421"
DRIFT_BAD_CLASSIFICATION = "ARS422"
DRIFT_MISSING_PART = "ARS423"
DRIFT_FOREIGN_HEADING = "ARS424"

# Building reports (``scope-report``, ``drift-log``, ``session log-event``).
UNKNOWN_REFCODE = "ARS431"
"""A verdict finding names a refcode that is not in ``literature_corpus[]``."""
UNKNOWN_PHASE = "ARS441"
"""An event names a phase that is not in the pipeline's order; shown as ad-hoc."""
SNAPSHOT_ELSEWHERE = "ARS442"
"""The snapshot was taken of another session folder than the one compared."""

# Terminal-gate refusal reasons (``path:line:col: REASON slug``).
REFUSE_UNVERIFIED = "unverified-citation"
REFUSE_WARNING_TEXT = "unverified-citation-text"
REFUSE_UNRESOLVED = "unresolved-marker"
REFUSE_MALFORMED = "malformed-marker"
REFUSE_NOT_IN_CORPUS = "not-in-corpus"
REFUSE_UNACKNOWLEDGED = "unacknowledged-low-warn"
REFUSE_FORGED = "forged-status"
#: The draft's status rested on a read that ``unmark-read`` withdrew since (issue 40):
#: an honest withdrawal, not a forgery, but the status no longer holds.
REFUSE_READ_WITHDRAWN = "read-withdrawn"
REFUSE_UNMARKED = "unmarked-citation"
REFUSE_NO_CITATIONS = "no-citations"
REFUSE_HIDDEN = "hidden-marker"
REFUSE_READING_CHANGED = "strip-changes-reading"
REFUSE_SOURCE_NOT_FOUND = "source-not-found"
REFUSE_METADATA_MISMATCH = "metadata-mismatch"
REFUSE_RETRACTED = "retracted-source"
#: No current lookup record answers whether the work exists and is not retracted.
REFUSE_EXISTENCE_UNCHECKED = "existence-unchecked"
#: CommonMark shows it as code, pandoc (or another reader) does not; read as text,
#: and something there is refused (issue 33, ``document/parse/codeagree.py``).
REFUSE_DISPUTED_CODE = "disputed-code"

REFUSAL_REASONS: tuple[str, ...] = (
    REFUSE_UNVERIFIED,
    REFUSE_WARNING_TEXT,
    REFUSE_UNRESOLVED,
    REFUSE_MALFORMED,
    REFUSE_NOT_IN_CORPUS,
    REFUSE_UNACKNOWLEDGED,
    REFUSE_FORGED,
    REFUSE_READ_WITHDRAWN,
    REFUSE_UNMARKED,
    REFUSE_NO_CITATIONS,
    REFUSE_HIDDEN,
    REFUSE_READING_CHANGED,
    REFUSE_SOURCE_NOT_FOUND,
    REFUSE_METADATA_MISMATCH,
    REFUSE_RETRACTED,
    REFUSE_EXISTENCE_UNCHECKED,
    REFUSE_DISPUTED_CODE,
)

# Refusals of the quotation check (``ars_docs.quotes.passes``), kept apart from the
# draft gate's own reasons: the strict gate adds them only when a passport is given.
REFUSE_QUOTE_ALTERED = "altered-quotation"
REFUSE_QUOTE_NOT_FOUND = "quotation-not-found"
#: A quotation the gate cannot compare with its original (none on file, unreadable).
REFUSE_QUOTE_UNCHECKED = "unchecked-quotation"
QUOTE_REFUSAL_REASONS: tuple[str, ...] = (
    REFUSE_QUOTE_ALTERED,
    REFUSE_QUOTE_NOT_FOUND,
    REFUSE_QUOTE_UNCHECKED,
)

#: What to do about each refusal reason: one line each, printed after the refusals
#: (issue 25 §2: the generic "run finalize" could not help with most of them).
REFUSAL_ADVICE: dict[str, str] = {
    REFUSE_UNVERIFIED: "the source has no original on file, or its description is not "
    "checked against it: do what the checklist's HIGH-WARN / MED-WARN row says "
    "(ars-docs retrieve, then ars-docs verify KEY), then run ars-docs finalize again",
    REFUSE_WARNING_TEXT: "delete the '[UNVERIFIED CITATION' text that no marker follows, "
    "or that is written with invisible or look-alike characters (finalize writes and "
    "removes warnings itself, plainly); to show one literally, put it in a markdown code "
    "span",
    REFUSE_UNRESOLVED: "run ars-docs finalize to resolve bare markers; marker text shown "
    "literally (escaped, or written with entities) belongs in a markdown code span",
    REFUSE_MALFORMED: "rewrite the marker as the finalize message (ARS001) says, e.g. "
    "<!--ref:SLUG-->, then run ars-docs finalize again",
    REFUSE_NOT_IN_CORPUS: "add the entry to the passport's literature_corpus (or correct "
    "the key: see finalize's 'did you mean'), then run ars-docs finalize again",
    REFUSE_UNACKNOWLEDGED: "read the source and record it with ars-docs mark-read KEY "
    "(the checklist gives each command), then run ars-docs finalize again",
    REFUSE_FORGED: "the draft claims a status the corpus and read log do not support: "
    "run ars-docs finalize, which writes the status they do support",
    REFUSE_READ_WITHDRAWN: "the read this status rested on was withdrawn (ars-docs "
    "unmark-read): run ars-docs finalize again, which writes the status the session now "
    "supports, or read the source and record it with ars-docs mark-read KEY",
    REFUSE_UNMARKED: "put the citation's marker <!--ref:SLUG--> after it, or waive text "
    "that is not a citation with <!--not-a-citation: REASON--> after it",
    REFUSE_NO_CITATIONS: "add citation markers, or pass --allow-no-citations if the "
    "draft cites nothing",
    REFUSE_HIDDEN: "marker or warning text outside markdown code (front matter values, "
    "raw HTML, attribute values, <script>, entities) cannot be checked: delete it, or "
    "show it in a markdown code span; ars-docs finalize lists each place (ARS011)",
    REFUSE_READING_CHANGED: "move the marker after the text it cites (e.g. to the end of "
    "the previous line), so that stripping it does not change how the line reads",
    REFUSE_SOURCE_NOT_FOUND: "ars-docs lookup proved the identifier names no work: fix "
    "the entry's identifier (then ars-docs lookup KEY), or remove the citation",
    REFUSE_METADATA_MISMATCH: "the entry describes another work than its identifier: "
    "correct the entry (then ars-docs lookup KEY), or remove the citation",
    REFUSE_RETRACTED: "the work is retracted or under an expression of concern: remove "
    "the citation, or record that you cite it knowingly with ars-docs "
    "acknowledge-retraction KEY --reason TEXT",
    REFUSE_EXISTENCE_UNCHECKED: "nothing recent says the work exists and is not "
    "retracted: run ars-docs lookup KEY (online, or --offline SNAPSHOT), then render again; "
    "a session that cannot look works up may opt out with require_lookup = false under "
    "[gate] in its ars-docs.toml, or --no-require-lookup",
    REFUSE_DISPUTED_CODE: "readers disagree whether this is code (CommonMark readers show "
    "it as code, pandoc as text or raw HTML), so ars-docs checks it as text and something "
    "there is refused: make every reader show it as code as the refusal says (close the "
    "fence, put a blank line before it, drop the {=html} …), or fix what is refused there",
    REFUSE_QUOTE_UNCHECKED: "the quotation cannot be compared with its source (no "
    "readable original on file): acquire a readable original (ars-docs retrieve KEY), or, "
    "after checking the printed source yourself, record a reviewed exception with "
    "ars-docs accept-quote KEY --quote-sha SHA --reason TEXT",
    REFUSE_QUOTE_ALTERED: "the quotation differs from the original: correct it to the "
    "original's words (ars-docs quotes DRAFT shows the diff and page), or record a reviewed "
    "exception with ars-docs accept-quote KEY --quote-sha SHA --reason TEXT",
    REFUSE_QUOTE_NOT_FOUND: "the quotation is not in the acquired original: quote the "
    "source's words, cite the source that says it, or record a reviewed exception with "
    "ars-docs accept-quote KEY --quote-sha SHA --reason TEXT",
}
