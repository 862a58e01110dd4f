"""gate: the terminal hard gate (§3.3 Step 3, formatter / terminal-gate agent).

Inspects, never rewrites. The draft is refused when its prose contains any
``[UNVERIFIED CITATION`` text, or any marker is bare, malformed or not in the
corpus, or any LOW-WARN marker is unacknowledged. Acknowledged means a
passport was given and the slug has an active full-text mark in the read log.

With a passport the gate also re-derives every ``ok`` / ``LOW-WARN`` marker
from the corpus and refuses statuses the facts do not support (an
agent-written ``ok``). Without one, an ``ok`` marker is taken at the draft's
word, and a warning says so.
"""

from __future__ import annotations

from .. import codes
from ..diagnostics import Diagnostic, Severity
from ..markers import CLAIM_BARE, VISIBLE_PREFIX
from ..pipeline import DocState, Offender
from ..provenance import Status

_PREFIX_CLAIMS = {s.value for s in VISIBLE_PREFIX} | {"UNVERIFIED"}


def gate(state: DocState) -> None:
    state.gate_ran = True
    doc = state.document
    trust = state.trust
    offenders: list[Offender] = []
    unchecked_ok = 0
    for marker in state.markers:
        slug = marker.slug
        if slug is None:
            offenders.append(
                Offender(marker.line, marker.col, codes.REFUSE_MALFORMED, "-", marker.problem or "")
            )
            continue
        if marker.claim in _PREFIX_CLAIMS:
            offenders.append(
                Offender(
                    marker.line,
                    marker.col,
                    codes.REFUSE_UNVERIFIED,
                    slug,
                    f"visible warning {marker.text[: marker.comment_start - marker.span.start]}",
                )
            )
            continue
        if marker.claim == CLAIM_BARE:
            offenders.append(
                Offender(
                    marker.line, marker.col, codes.REFUSE_UNRESOLVED, slug, "run ars-docs finalize"
                )
            )
            continue
        if trust is None:
            if marker.claim == Status.LOW_WARN.value:
                offenders.append(
                    Offender(
                        marker.line,
                        marker.col,
                        codes.REFUSE_UNACKNOWLEDGED,
                        slug,
                        "no --passport, so no acknowledgement can be checked",
                    )
                )
            else:
                unchecked_ok += 1
            continue
        derived = trust.status(slug)
        if derived is Status.OK:
            continue
        if derived is Status.NOT_IN_CORPUS:
            reason, detail = codes.REFUSE_NOT_IN_CORPUS, "not in literature_corpus[]"
        elif derived is Status.LOW_WARN and marker.claim == Status.LOW_WARN.value:
            reason, detail = codes.REFUSE_UNACKNOWLEDGED, "no active full-text mark-read"
        else:
            reason = codes.REFUSE_FORGED
            detail = f"draft says {marker.claim}, corpus and read log say {derived.value}"
        offenders.append(Offender(marker.line, marker.col, reason, slug, detail))
    for orphan in state.orphan_warnings:
        line, col = doc.position(orphan.start)
        offenders.append(Offender(line, col, codes.REFUSE_WARNING_TEXT, "-", ""))
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
                f"{unchecked_ok} 'ok' marker(s) accepted as written because no passport was "
                "given; pass --passport to re-derive them from the corpus",
            )
        )
