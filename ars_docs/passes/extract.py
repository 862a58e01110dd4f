"""extract: find every marker in the draft's prose (§3.3 Step 1 markers).

Reads ``state.document``; writes ``state.markers`` (in document order),
``state.orphan_warnings`` (warning text not attached to a marker) and a
diagnostic for every malformed marker. Markers in code and front matter are
never found (see ``ars_docs.mdparse``).
"""

from __future__ import annotations

from ..codes import MALFORMED_MARKER, ORPHAN_WARNING
from ..diagnostics import Diagnostic, Severity
from ..document import Document, Span
from ..markers import CLAIM_MALFORMED, PREFIX_BEFORE_RE, Marker, claim_of, parse_comment
from ..mdparse import Occurrence, scan
from ..pipeline import DocState


def extract(state: DocState) -> None:
    doc = state.document
    occurrences = scan(doc)
    warning_starts = {o.start for o in occurrences if o.kind == "warning"}
    attached: set[int] = set()
    markers: list[Marker] = []
    for occ in occurrences:
        if occ.kind == "warning":
            continue
        marker = _marker(doc, occ, warning_starts)
        if marker.has_prefix:
            attached.add(marker.span.start)
        markers.append(marker)
        if marker.malformed:
            state.diagnostics.append(
                Diagnostic(
                    doc.path,
                    *doc.position(marker.comment_start),
                    MALFORMED_MARKER,
                    Severity.ERROR,
                    f"malformed citation marker {_excerpt(marker.text)}: {marker.problem}; "
                    "write it as <!--ref:SLUG--> (finalize leaves it unchanged)",
                )
            )
    state.markers = markers
    state.orphan_warnings = [
        o for o in occurrences if o.kind == "warning" and o.start not in attached
    ]
    for orphan in state.orphan_warnings:
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                *doc.position(orphan.start),
                ORPHAN_WARNING,
                Severity.WARNING,
                "'[UNVERIFIED CITATION' text not attached to any marker; remove it or put "
                "the marker <!--ref:SLUG--> directly after it",
            )
        )


def _marker(doc: Document, occ: Occurrence, warning_starts: set[int]) -> Marker:
    text = doc.text
    comment = text[occ.start : occ.end]
    parsed = parse_comment(comment)
    line, col = doc.position(occ.start)
    line_start = doc.line_starts[line - 1]
    prefix_match = PREFIX_BEFORE_RE.search(text, line_start, occ.start)
    start = occ.start
    prefix = ""
    # Only warning text the parser saw as prose counts (not text inside a code span).
    if prefix_match is not None and prefix_match.start() in warning_starts:
        start = prefix_match.start()
        prefix = text[start : occ.start]
        line, col = doc.position(start)
    claim = CLAIM_MALFORMED if parsed.slug is None else claim_of(prefix, parsed.status)
    return Marker(
        slug=parsed.slug,
        claim=claim,
        span=Span(start, occ.end),
        comment_start=occ.start,
        line=line,
        col=col,
        section=occ.section,
        text=text[start : occ.end],
        problem=parsed.problem,
    )


def _excerpt(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[: limit - 1] + "…")
