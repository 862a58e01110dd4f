"""gate: the terminal hard gate (§3.3 Step 3, formatter / terminal-gate agent).

Inspects, never rewrites. The draft is refused when its prose contains any
``[UNVERIFIED CITATION`` text, or any marker is bare, malformed or not in the
corpus, or any LOW-WARN marker is unacknowledged. Acknowledged means a
passport was given and the slug has an active full-text mark in the read log.
It also refuses citation-shaped text with no marker (see ``passes.unmarked``)
and a draft with no marker at all, unless ``Options.allow_no_citations``.

With a passport the gate also re-derives every ``ok`` / ``LOW-WARN`` marker
from the corpus and refuses statuses the facts do not support (an
agent-written ``ok``). The API refuses to run the strict gate without a corpus
unless the caller accepts draft-claimed statuses
(``Options.trust_draft_statuses``); then an ``ok`` marker is taken at the
draft's word, and a warning (ARS004) says so.
"""

from __future__ import annotations

import bisect

from markdown_it.token import Token

from ars_docs.core import codes
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.document.markers import CLAIM_BARE, VISIBLE_PREFIX, Marker
from ars_docs.document.parse.htmlread import RAW_TEXT_ELEMENTS, read_tag
from ars_docs.document.parse.mdtokens import InlineHook, parse_tokens
from ars_docs.document.parse.visible import Patterns, disguise, disguised, patterns
from ars_docs.document.parse.visible import of as fold_of
from ars_docs.document.pipeline import DocState, Offender
from ars_docs.document.text import Document
from ars_docs.session.lookup_record import describe
from ars_docs.session.provenance import LOOKUP_STATUSES, Status
from ars_docs.session.trust import TrustView

_PREFIX_CLAIMS = {s.value for s in VISIBLE_PREFIX} | {"UNVERIFIED"}


def missing_read_log(state: DocState) -> None:
    """Say once, with its expected path, that the read log is missing.

    Only when it matters: some marker's status is LOW-WARN, which a read log
    could promote. A passport moved without its log otherwise makes every
    human-read ``ok`` look forged, with nothing saying why.
    """
    trust = state.trust
    if trust is None or not trust.read_log.missing:
        return
    if not any(m.slug and trust.status(m.slug) is Status.LOW_WARN for m in state.markers):
        return
    state.diagnostics.append(
        Diagnostic(
            state.document.path,
            0,
            0,
            codes.READ_LOG_MISSING,
            Severity.WARNING,
            f"no human-read log at {trust.read_log.path} (the file does not exist), so no "
            "source counts as read by a human; if the passport was moved, move its "
            "_human_read_log.yaml with it",
        )
    )


_LOOKUP_REASONS = {
    Status.SOURCE_NOT_FOUND: codes.REFUSE_SOURCE_NOT_FOUND,
    Status.METADATA_MISMATCH: codes.REFUSE_METADATA_MISMATCH,
    Status.RETRACTED: codes.REFUSE_RETRACTED,
    Status.EXPRESSION_OF_CONCERN: codes.REFUSE_RETRACTED,
}


def lookup_offence(trust: TrustView, slug: str, status: Status) -> tuple[str, str]:
    """The refusal reason and detail for a work lookup's evidence blocks."""
    return _LOOKUP_REASONS[status], describe(trust.lookup(slug), slug)


def has_prose(state: DocState) -> bool:
    text = state.document.text
    return any(text[start:end].strip() for start, end in state.prose)


def marker_offence(
    marker: Marker, trust: TrustView | None, *, claim: str | None = None, warning: str = ""
) -> Offender | None:
    """The gate's verdict on one marker: its refusal, or ``None`` when it may stand.

    ``claim`` and ``warning`` default to what the draft shows; finalize's forecast
    (``passes.forecast``) passes what it is about to write instead, so the forecast
    and the gate decide with this one function.
    """
    slug = marker.slug
    if claim is None:
        claim, warning = marker.claim, marker.warning
    if slug is None:
        return Offender(marker.line, marker.col, codes.REFUSE_MALFORMED, "-", marker.problem or "")
    derived_now = trust.status(slug) if trust is not None else None
    if derived_now in LOOKUP_STATUSES:
        assert trust is not None and derived_now is not None
        reason, detail = lookup_offence(trust, slug, derived_now)
        return Offender(marker.line, marker.col, reason, slug, detail)
    if claim in _PREFIX_CLAIMS:
        return Offender(
            marker.line,
            marker.col,
            codes.REFUSE_UNVERIFIED,
            slug,
            f"visible warning {warning.strip()}",
        )
    if (
        claim == CLAIM_BARE
        and marker.syntax != "marker"
        and trust is not None
        and trust.status(slug) is Status.NOT_IN_CORPUS
    ):
        detail = f"{marker.syntax} citation key not in literature_corpus[]"
        return Offender(marker.line, marker.col, codes.REFUSE_NOT_IN_CORPUS, slug, detail)
    if claim == CLAIM_BARE:
        return Offender(
            marker.line, marker.col, codes.REFUSE_UNRESOLVED, slug, "run ars-docs finalize"
        )
    if trust is None:
        if claim == Status.LOW_WARN.value:
            return Offender(
                marker.line,
                marker.col,
                codes.REFUSE_UNACKNOWLEDGED,
                slug,
                "no --passport, so no acknowledgement can be checked",
            )
        return None
    derived = trust.status(slug)
    if derived is Status.OK:
        return None
    if derived is Status.NOT_IN_CORPUS:
        reason, detail = codes.REFUSE_NOT_IN_CORPUS, "not in literature_corpus[]"
    elif derived is Status.LOW_WARN and trust.read_log.missing:
        # A passport moved without its log: the draft's ok may be honest, but
        # nothing can confirm it; say what is missing instead of "forged".
        reason = codes.REFUSE_UNACKNOWLEDGED
        detail = (
            f"draft says {claim}, but the read log {trust.read_log.path} does not "
            "exist, so no mark-read can be checked"
        )
    elif derived is Status.LOW_WARN and claim == Status.LOW_WARN.value:
        reason, detail = codes.REFUSE_UNACKNOWLEDGED, "no active full-text mark-read"
    elif derived is Status.LOW_WARN and claim == Status.OK.value and _withdrawn(trust, slug):
        # unmark-read is the only thing that sets rescinded_at, and a missing read is
        # exactly what separates this LOW-WARN from the draft's ok: an honest
        # withdrawal the draft has not caught up with, not a status nobody backed.
        mark = trust.read_log.latest(slug)
        assert mark is not None
        reason = codes.REFUSE_READ_WITHDRAWN
        detail = f"draft says ok, but its read was withdrawn at {mark.rescinded_at}"
    else:
        reason = codes.REFUSE_FORGED
        detail = f"draft says {claim}, corpus and read log say {derived.value}"
    return Offender(marker.line, marker.col, reason, slug, detail)


def _withdrawn(trust: TrustView, slug: str) -> bool:
    """Whether the read log's latest mark for ``slug`` was rescinded (``unmark-read``)."""
    mark = trust.read_log.latest(slug)
    return mark is not None and mark.rescinded_at is not None


def text_offences(state: DocState) -> list[Offender]:
    """Refusals of text outside markers: orphan warnings, unmarked citations, no markers."""
    doc = state.document
    found: list[Offender] = []
    for orphan in state.orphan_warnings:
        line, col = doc.position(orphan.start)
        shown = disguise(doc.text[orphan.start : orphan.end])
        detail = f"written with {shown}" if shown else ""
        found.append(Offender(line, col, codes.REFUSE_WARNING_TEXT, "-", detail))
    for cite in state.citation_texts:
        if not cite.waived:
            found.append(
                Offender(cite.line, cite.col, codes.REFUSE_UNMARKED, "-", repr(cite.excerpt))
            )
    if not state.markers and not state.options.allow_no_citations:
        what = "citation markers" if has_prose(state) else "text at all (the draft is empty)"
        found.append(
            Offender(
                1,
                1,
                codes.REFUSE_NO_CITATIONS,
                "-",
                f"no {what}; if that is intended, say so (--allow-no-citations)",
            )
        )
    return found


def gate(state: DocState) -> None:
    state.gate_ran = True
    doc = state.document
    trust = state.trust
    offenders: list[Offender] = []
    unchecked_ok = 0
    for marker in state.markers:
        offence = marker_offence(marker, trust)
        if offence is not None:
            offenders.append(offence)
        elif trust is None:
            unchecked_ok += 1
    offenders.extend(text_offences(state))
    missing_read_log(state)
    offenders.extend(_hidden_in_text(state, offenders))
    offenders.extend(disputed_code(state, offenders))
    offenders.sort(key=lambda o: (o.line, o.col))
    state.offenders = offenders
    if unchecked_ok:
        state.diagnostics.append(
            Diagnostic(
                doc.path,
                0,
                0,
                codes.OK_WITHOUT_PASSPORT,
                Severity.WARNING,
                f"{unchecked_ok} 'ok' marker(s) accepted as the draft claims them, unchecked: "
                "no passport was given (--trust-draft-statuses); pass --passport to "
                "re-derive them from the corpus",
            )
        )


def disputed_code(state: DocState, offenders: list[Offender]) -> list[Offender]:
    """``disputed-code`` for each place CommonMark shows as code and a reader does not
    (``document.parse.codeagree``) where ``offenders`` refuse something, once per place.

    The place was read as text, which is why its content is refused: the
    refusal says how to make every reader show it as code instead.
    """
    if not state.disputed:
        return []
    done = {o.line for o in state.offenders if o.reason == codes.REFUSE_DISPUTED_CODE}
    done.update(o.line for o in offenders if o.reason == codes.REFUSE_DISPUTED_CODE)
    skip = (codes.REFUSE_NO_CITATIONS, codes.REFUSE_DISPUTED_CODE)
    lines = sorted(o.line for o in offenders if o.reason not in skip)
    found: list[Offender] = []
    for place in state.disputed:
        first, last = place.first + 1, place.end
        at = bisect.bisect_left(lines, first)
        if first in done or at >= len(lines) or lines[at] > last:
            continue
        span = f"line {first}" if first == last else f"lines {first}-{last}"
        detail = (
            f"{place.problem.cause}; ars-docs reads {span} as text, and something there is "
            f"refused: {place.problem.fix}, so that every reader shows it as code"
        )
        found.append(Offender(first, 1, codes.REFUSE_DISPUTED_CODE, "-", detail))
    return found


def _hidden_in_text(state: DocState, found: list[Offender]) -> list[Offender]:
    """Safety net: what a reader would *see* must not contain marker or warning text.

    Markers escaped with a backslash or written with entities
    (``&#91;UNVERIFIED CITATION``), or with invisible or look-alike characters
    (``document.parse.visible``), are plain text to the parser, so the hooks of
    ``mdparse`` never report them; they still show in the final document.
    This walks the decoded text of every inline token (code spans and raw
    text such as ``<script>`` content excluded) and
    refuses such text, unless an offender was already reported on those lines.
    """
    # Sorted, for a binary search per token: a set scan per token was quadratic in
    # a large draft with many offenders (20 MB: minutes; issue 16, huge drafts).
    reported = sorted({o.line for o in found})
    extra: list[Offender] = []
    options = state.options
    noted = options.keep_tokens and not options.keep_children  # extract ran hidden_noter's hook
    tokens = state.tokens if options.keep_children or noted else []
    doc = state.document
    for token in tokens or parse_tokens(doc, on_inline=hidden_noter(doc)):
        if token.type != "inline" or token.map is None:
            continue
        first, last = token.map[0] + 1, token.map[1]
        at = bisect.bisect_left(reported, first)
        if at < len(reported) and reported[at] <= last:
            continue
        if token.children:
            hidden = _hidden_kind(token, token.children, fold_of(doc))
        else:
            hidden = token.meta.get(_HIDDEN)
        if hidden is None:
            continue
        kind, shown = hidden
        written = f"written with {shown}" if shown else "written with escapes or entities"
        if kind == "warning":
            extra.append(Offender(first, 1, codes.REFUSE_WARNING_TEXT, "-", written))
        elif shown:
            detail = f"marker text shown as prose ({written})"
            extra.append(Offender(first, 1, codes.REFUSE_UNRESOLVED, "-", detail))
        else:
            detail = "marker text shown as prose (escaped?)"
            extra.append(Offender(first, 1, codes.REFUSE_UNRESOLVED, "-", detail))
    return extra


#: ``token.meta`` key: what the visible text of an inline token shows, as
#: ``_hidden_kind`` returns it.
_HIDDEN = "ars_hidden"


def hidden_noter(doc: Document) -> InlineHook:
    """Inline hook of the parse (``mdtokens.parse_tokens``): note in each inline token
    whether its visible text holds warning or marker text, so ``_hidden_in_text``
    needs no children (keeping them all costs most of a large draft's memory)."""
    found_by = fold_of(doc)

    def note_hidden(token: Token, children: list[Token]) -> None:
        hidden = _hidden_kind(token, children, found_by)
        if hidden is not None:
            token.meta[_HIDDEN] = hidden

    return note_hidden


def _hidden_kind(
    token: Token, children: list[Token], found_by: Patterns
) -> tuple[str, str | None] | None:
    """``("warning" | "marker", disguise)`` for the first warning or marker text
    the visible text of ``children`` shows, as a reader sees it (``document.parse.visible``:
    ``disguise`` names the invisible or look-alike character, ``None`` if plain).

    ``found_by`` are the draft's patterns; an entity may decode to a character
    the draft's own text does not hold, so text with one chooses its own.
    """
    visible = "".join(_texts(children))
    if not found_by.full and "&" in token.content:
        found_by = patterns(visible)
    for kind, pattern in (("warning", found_by.warning_text), ("marker", found_by.marker_text)):
        match = pattern.search(visible)
        if match is not None:
            return kind, disguise(match.group()) if disguised(match.group()) else None
    return None


def _texts(children: list[Token]) -> list[str]:
    """The visible text of inline children, without raw text.

    Text between an inline ``<script>`` (``<textarea>`` …) and its end tag is
    left out; ``recheck`` scans raw text on its own. Text inside ``<code>`` is
    document text (issue 24): only markdown code shows a marker literally.
    """
    tags = [
        read_tag(child.content, 0, len(child.content)) if child.type == "html_inline" else None
        for child in children
    ]
    # Where each element's end tags are, so each opener finds its own in log time.
    closes: dict[str, list[int]] = {}
    for index, tag in enumerate(tags):
        if tag is not None and tag.kind == "close":
            closes.setdefault(tag.name, []).append(index)
    parts: list[str] = []
    skip_to = -1
    for index, child in enumerate(children):
        if index < skip_to:
            continue
        tag = tags[index]
        if tag is not None:
            if tag.name in RAW_TEXT_ELEMENTS and tag.kind == "open":
                after = closes.get(tag.name, [])
                at = bisect.bisect_right(after, index)
                skip_to = after[at] if at < len(after) else -1
        elif child.type in ("text", "text_special"):
            parts.append(child.content)
        elif child.type == "softbreak":
            parts.append("\n")
        if child.children:
            parts.extend(_texts(child.children))
    return parts
