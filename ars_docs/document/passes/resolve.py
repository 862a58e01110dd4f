"""resolve: apply the §3.3 matrix to every marker and rewrite it in place.

Every well-formed marker, bare or already resolved (prefix included), is
rewritten to the canonical form of its *current* status, computed from the
corpus and read log alone (``TrustView``); what the draft claims is ignored.
A marker already in its canonical form produces no edit, so a second pass
with the same inputs changes nothing. Malformed markers are left as they are.
"""

from __future__ import annotations

from ars_docs.core.codes import NO_CITATIONS, NOT_IN_CORPUS
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import UsageError
from ars_docs.document.markers import format_marker, starts_line
from ars_docs.document.passes.gate import missing_read_log
from ars_docs.document.pipeline import DocState, Resolution
from ars_docs.document.text import Edit
from ars_docs.session.provenance import Status


def resolve(state: DocState) -> None:
    if state.trust is None:
        raise UsageError("finalize needs a corpus: pass --passport PASSPORT (or set ARS_PASSPORT)")
    doc = state.document
    suggested: set[str] = set()
    for marker in state.markers:
        if marker.slug is None:
            state.resolutions.append(Resolution(marker, Status.MALFORMED, None))
            continue
        status = state.trust.status(marker.slug)
        # A marker that starts a line and shows "<" there keeps showing "<" in every
        # status (markers.LINE_START_ANCHOR); one written "[UNVERIFIED …" there by an
        # earlier version keeps its shape while it stays a warning (no churn).
        # After a pandoc or LaTeX citation the warning follows the empty comment too.
        line_start = marker.after_cite or (
            doc.text.startswith("<", marker.span.start) and starts_line(doc.text, marker.span.start)
        )
        replacement = format_marker(marker.slug, status, line_start=line_start)
        resolution = Resolution(marker, status, replacement)
        state.resolutions.append(resolution)
        if resolution.changed:
            state.edits.append(Edit(marker.span, replacement))
        if status is Status.NOT_IN_CORPUS and marker.slug not in suggested:
            suggested.add(marker.slug)
            close = state.trust.corpus.closest_keys(marker.slug)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            state.diagnostics.append(
                Diagnostic(
                    doc.path,
                    marker.line,
                    marker.col,
                    NOT_IN_CORPUS,
                    Severity.ERROR,
                    f"citation key '{marker.slug}' is not in literature_corpus[]{hint}; "
                    "add the entry to the passport or fix the key",
                    slug=marker.slug,
                    suggestions=tuple(close),
                    fix=f"<!--ref:{close[0]}-->" if close else None,
                )
            )
    missing_read_log(state)
    if not state.markers:
        empty = not any(doc.text[start:end].strip() for start, end in state.prose)
        what = "the draft is empty" if empty else "the draft has no citation marker"
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                0,
                0,
                NO_CITATIONS,
                Severity.WARNING,
                f"{what}; render --strict refuses it unless --allow-no-citations says that "
                "is intended",
            )
        )
