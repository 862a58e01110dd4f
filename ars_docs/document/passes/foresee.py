"""foresee: finalize says first what render --strict will refuse (issue 25 §2).

Finalize reports every marker status, malformed marker, unmarked citation and
orphan warning itself. What only the gate's output scan sees is marker or
warning text hidden outside markdown code: in front matter values, raw HTML
(attribute values, ``<script>`` and other raw text, declarations), written with
entities or escapes, or in a comment a reader may take for a marker. Each such
place becomes an ARS011 error here, with its fix, and a checklist row; a user
who fixes the checklist is never surprised by the gate.

Cost: the front matter is read as YAML when there is one. The gate itself is
run on the finalized text only when a cheap test says it could find more: the
draft holds more marker-like or warning texts than extract found plus those in
markdown code (``mdhooks.CODE_MARKS``), or an entity, escape, bogus comment or
``--!>`` that could spell one, or marker text written with invisible or
look-alike characters (``document.parse.visible``) in the text or in a comment.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ars_docs.core import codes
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.document.parse.frontmatter import hidden_in_metadata, metadata_content
from ars_docs.document.parse.mdhooks import count_marks
from ars_docs.document.parse.visible import disguised, relevant
from ars_docs.document.parse.visible import of as fold_of
from ars_docs.document.pipeline import DocState, Offender, Options
from ars_docs.document.text import Document, EditMap, apply_edits

#: Text that could spell a marker or warning the parser does not see as one.
_SUSPECT = re.compile(
    r"&(?:#|lt|LT|lsqb|lbrack|excl|colon)|\\[<\[!]|--!>|<[!?/]\s*(?:ref|cite)", re.IGNORECASE
)
#: Gate reasons only the gate's scans find (the rest finalize reports itself).
_FORESEEN = frozenset(
    {
        codes.REFUSE_HIDDEN,
        codes.REFUSE_WARNING_TEXT,
        codes.REFUSE_UNRESOLVED,
        codes.REFUSE_DISPUTED_CODE,
    }
)
#: Places reported one by one before the rest are counted.
CAP = 50


def foresee(state: DocState) -> None:
    doc = state.document
    found: list[Offender] = []
    if state.front_matter is not None:
        start, end = metadata_content(doc.text, *state.front_matter)
        for at, detail in hidden_in_metadata(doc.text[start:end]):
            line, col = doc.position(start + at)
            found.append(Offender(line, col, codes.REFUSE_HIDDEN, "-", detail))
    if _gate_could_find_more(state):
        found.extend(_gate_findings(state))
    already = {(d.line, d.code) for d in state.diagnostics}
    lines: set[int] = set()
    kept: list[Offender] = []
    for offender in sorted(found, key=lambda o: (o.line, o.col)):
        if offender.line in lines:
            continue  # one per line, like the gate
        if offender.reason == codes.REFUSE_READING_CHANGED and (
            (offender.line, codes.READING_CHANGED) in already
        ):
            continue
        if offender.reason == codes.REFUSE_WARNING_TEXT and (
            (offender.line, codes.ORPHAN_WARNING) in already
        ):
            continue
        lines.add(offender.line)
        kept.append(offender)
    state.foreseen = kept
    for offender in kept[:CAP]:
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                offender.line,
                offender.col,
                codes.GATE_WILL_REFUSE,
                Severity.ERROR,
                f"render --strict will refuse this ({offender.reason}): {offender.detail}; "
                f"{fix_for(offender)}",
            )
        )
    if len(kept) > CAP:
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                0,
                0,
                codes.GATE_WILL_REFUSE,
                Severity.ERROR,
                f"… and {len(kept) - CAP} more places render --strict will refuse (see the "
                "checklist)",
            )
        )


def fix_for(offender: Offender) -> str:
    """The fix for one foreseen refusal, as specific as its detail allows."""
    detail = offender.detail
    if "front matter" in detail:
        return (
            "pandoc shows front matter values, so marker or warning text there is shown to "
            "readers: take it out of the value (a YAML comment is never shown)"
        )
    if offender.reason == codes.REFUSE_READING_CHANGED:
        return codes.REFUSAL_ADVICE[codes.REFUSE_READING_CHANGED]
    if offender.reason == codes.REFUSE_DISPUTED_CODE:
        return "or fix what is refused there (the other findings on those lines)"
    if "written with U+" in detail:
        return (
            "written with invisible or look-alike characters (copied from a PDF or a web "
            "page, or disguised), it reads as a marker or warning to readers and to tools "
            "that normalise text, but finalize does not read it as one: delete it and write "
            "markers plainly as `<!--ref:SLUG-->` (finalize writes and removes warnings "
            "itself)"
        )
    if " attribute of `<" in detail:
        return (
            "readers are shown attribute values (alt, title, value, placeholder …) and a "
            "srcdoc is a page of its own: take the marker or warning text out of the "
            "attribute, or show it in a markdown code span"
        )
    if "entities" in detail or "escape" in detail or "shown as prose" in detail:
        return (
            "it reads as a marker or warning once entities or escapes are decoded: write "
            "the marker as `<!--ref:SLUG-->` after the text it cites, or show it in a "
            "markdown code span"
        )
    return (
        "markdown code is the only place for marker or warning text that is not a marker "
        "(raw HTML attribute values, `<script>`, `<style>` or `<textarea>` content and "
        "declarations are scanned like prose): delete it, or put it in a markdown code span"
    )


def _gate_could_find_more(state: DocState) -> bool:
    doc = state.document
    text = doc.text
    if (
        state.disputed
        or _SUSPECT.search(text)
        or _entity_could_disguise(text)
        or _lookalike_marks(text, doc)
    ):
        # A place readers disagree is code: the gate refuses it where it refuses
        # something in it, which only running it says.
        return True
    seen = len(state.markers) + sum(1 for m in state.markers if m.has_prefix)
    seen += len(state.orphan_warnings)
    return count_marks(text, fold_of(doc)) > seen + state.code_marks


#: A named character reference (``;`` optional: raw HTML decodes legacy names without).
_NAMED_REF = re.compile(r"&([A-Za-z][A-Za-z0-9]{0,31});?")


def _entity_could_disguise(text: str) -> bool:
    """Whether a named reference decodes to a character ``document.parse.visible`` folds
    (``&shy;``, ``&ZeroWidthSpace;``, ``&Scy;`` …); numeric ones ``_SUSPECT`` sees."""
    if "&" not in text:
        return False
    return any(_folds_to_something(m.group(1)) for m in _NAMED_REF.finditer(text))


@lru_cache(maxsize=512)
def _folds_to_something(name: str) -> bool:
    from html.entities import html5

    decoded = html5.get(name + ";") or next(
        (html5[name[:n]] for n in range(len(name), 1, -1) if name[:n] in html5), ""
    )
    return relevant(decoded)


#: Marker text written plainly (what the fold's pattern finds in plain text).
_PLAIN_SHOWN_MARKER = re.compile(r"<!--\s*(?:ref|cite)", re.IGNORECASE)
#: A comment, up to its first "-->" (or the end of the text).
_COMMENT = re.compile(r"<!--(.*?)(?:-->|\Z)", re.DOTALL)
#: ``cite:`` / ``citation=`` with ASCII look-alikes (``c1te``, ``citati0n``) or plainly,
#: once per letter case of the ``c``: a literal first character lets sre skip ahead
#: (no ``\b``, no IGNORECASE and no class first, each of which tests every character).
_ASCII_CITE = tuple(
    re.compile(c + r"[iIl1|][tT](?:[eE]|[aA][tT][iIl1|][oO0][nN])\s*[:=]") for c in "cC"
)


def _lookalike_marks(text: str, doc: Document) -> bool:
    """Whether marker text is shown, or held by a comment, written with invisible
    or look-alike characters: no count of extract's sees either.

    Cheap: every plain match of the marker pattern is a match of the fold's one
    at the same place, so more fold matches than plain ones means a disguised
    one; only comments holding a character beyond ASCII are searched one by one,
    and ASCII look-alikes in ``cite`` by one plain search.
    """
    found_by = fold_of(doc)
    shown = found_by.shown_marker.findall(text)
    if len(shown) > len(_PLAIN_SHOWN_MARKER.findall(text)):
        return True
    if any(disguised(m.group()) for cite in _ASCII_CITE for m in cite.finditer(text)):
        return True
    if text.isascii():
        return False
    return any(
        not m.group(1).isascii()
        and any(
            disguised(x.group()) for x in found_by.markerish.finditer(text, m.start(1), m.end(1))
        )
        for m in _COMMENT.finditer(text)
    )


def _gate_findings(state: DocState) -> list[Offender]:
    """The gate's own findings on the finalized text, placed at draft lines."""
    # Loaded when needed: most drafts never get here.
    from ars_docs.document.passes.extract import extract
    from ars_docs.document.passes.gate import gate
    from ars_docs.document.passes.recheck import recheck
    from ars_docs.document.passes.unmarked import unmarked

    doc = state.document
    finalized = Document(apply_edits(doc.text, state.edits), path=doc.path)
    probe = DocState(
        finalized,
        trust=state.trust,
        options=Options(keep_children=True, allow_no_citations=True),
        clock=state.clock,
    )
    for step in (extract, unmarked, gate, recheck):
        step(probe)
    to_draft = EditMap(state.edits).to_draft
    found: list[Offender] = []
    for offender in probe.offenders:
        if offender.reason not in _FORESEEN and offender.reason != codes.REFUSE_READING_CHANGED:
            continue
        if offender.reason == codes.REFUSE_UNRESOLVED and offender.slug != "-":
            continue  # a bare marker finalize could not resolve is reported as malformed
        index = min(max(offender.line, 1), finalized.line_count) - 1
        line_start = finalized.line_starts[index]
        line, col = doc.position(to_draft(line_start + offender.col - 1))
        found.append(Offender(line, col, offender.reason, offender.slug, offender.detail))
    return found
