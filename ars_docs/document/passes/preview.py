"""preview: make unresolved markers visible in a preview (``render`` without ``--strict``).

A preview strips the hidden ``<!--ref:…-->`` comments, so a bare marker (never
finalized) or a malformed one would vanish and the preview would read like a
checked final document (issue 10 §3). This pass, run after ``strip``,
replaces each such comment with visible text instead:
``[PREVIEW: CITATION NOT RESOLVED — slug]`` and
``[PREVIEW: MALFORMED CITATION MARKER]``. ``strip`` leaves these markers to it.

Then the preview is read again (``document.parse.reading``): where it reads
differently from the draft (a line that started with a marker is markdown
now, code became text), a warning (ARS010) says so, since the strict render
refuses such a draft (``strip-changes-reading``).
"""

from __future__ import annotations

from ars_docs.document.passes.extract import draft_code
from ars_docs.document.pipeline import DocState
from ars_docs.document.text import Edit, Span

BARE = "bare"
UNRESOLVED_TEXT = "[PREVIEW: CITATION NOT RESOLVED — {slug}]"
MALFORMED_TEXT = "[PREVIEW: MALFORMED CITATION MARKER]"


def kept_visible(claim: str, malformed: bool) -> bool:
    """Markers a preview shows instead of stripping."""
    return malformed or claim == BARE


def preview(state: DocState) -> None:
    if state.options.strict or state.refused:
        return
    for marker in state.markers:
        if not kept_visible(marker.claim, marker.malformed):
            continue
        text = MALFORMED_TEXT if marker.malformed else UNRESOLVED_TEXT.format(slug=marker.slug)
        state.edits.append(Edit(Span(marker.comment_start, marker.span.end), text))
    from ars_docs.document.parse.reading import reading_warnings, reread  # loaded when used

    doc = state.document
    before = draft_code(state)
    state.tokens = []  # read no more: free it before the preview's own tree is built
    changes = reread(doc, before, state.edits, state.occurrence_starts).changes
    state.diagnostics.extend(
        reading_warnings(
            doc,
            changes,
            "the preview reads differently from the draft here; render --strict refuses "
            "such a draft (strip-changes-reading)",
        )
    )
