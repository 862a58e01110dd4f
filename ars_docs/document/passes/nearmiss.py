"""nearmiss: "did you mean" for malformed markers whose key is in the corpus (issue 25 §3).

``<!--ref:newton 2000-->`` is malformed (a slug has no spaces), and the extract
pass can only say "write it as <!--ref:SLUG-->": it has no corpus. With one, the
words of the comment are tried as a key joined by ``_``, ``-`` or nothing, then
the closest existing keys are looked up. When a key is found, the marker's
problem and its ARS001 diagnostic name it (``did you mean <!--ref:newton_2000-->?``),
the diagnostic carries ``suggestions`` and ``fix`` (the marker to write), and so
do the checklist row and the gate's ``malformed-marker`` detail, which read the
marker's problem. Nothing in the draft changes: a malformed marker is the
author's to fix.
"""

from __future__ import annotations

import dataclasses
import re

from ars_docs.core.codes import MALFORMED_MARKER
from ars_docs.core.diagnostics import Diagnostic
from ars_docs.document.markers import SLUG_RE, Marker
from ars_docs.document.pipeline import DocState
from ars_docs.session.trust import TrustView

__all__ = ["guess_keys", "near_miss"]

#: ``<!--`` ref / cite … ``:`` or ``=`` (the words before the key).
_LEAD_RE = re.compile(
    r"\A<!--\s*(?:ref|refs|cite|cites|citation|citekey|ref-?key)?\s*[:=]?\s*", re.IGNORECASE
)
#: Status words a marker may carry after its key; not part of a key.
_STATUS_WORDS = frozenset({"ok", "low-warn"})
#: Words beyond this are not a mistyped key but prose in a comment.
_MAX_WORDS = 4
_ANY_GUESS_RE = re.compile(r"did you mean <!--ref:[^\s<>]*-->\?")


def near_miss(state: DocState) -> None:
    if state.trust is None:
        return
    doc = state.document
    for index, marker in enumerate(state.markers):
        if not marker.malformed or marker.problem is None:
            continue
        if "one marker per key" in marker.problem:
            continue  # several keys: the problem already lists the markers to write
        keys = guess_keys(marker, state.trust)
        if not keys:
            continue
        fix = f"<!--ref:{keys[0]}-->"
        problem = _with_guess(marker.problem, fix)
        state.markers[index] = dataclasses.replace(marker, problem=problem)
        where = doc.position(marker.comment_start)
        # The key it is about only when the words name it exactly; else a guess.
        exact = keys[0] if keys[0] in _joined(marker) else None
        for at, diagnostic in enumerate(state.diagnostics):
            if diagnostic.code != MALFORMED_MARKER or (diagnostic.line, diagnostic.col) != where:
                continue
            state.diagnostics[at] = dataclasses.replace(
                diagnostic,
                message=_message(diagnostic, marker.problem, problem),
                slug=exact,
                suggestions=tuple(keys),
                fix=fix,
            )
            break


def guess_keys(marker: Marker, trust: TrustView) -> list[str]:
    """Corpus keys the author probably meant, best first (empty: no good guess)."""
    joined = _joined(marker)
    for candidate in joined:
        if SLUG_RE.fullmatch(candidate) and trust.entry(candidate) is not None:
            return [candidate]
    return trust.corpus.closest_keys(joined[0]) if joined else []


def _joined(marker: Marker) -> list[str]:
    """The comment's words joined into key candidates (empty: not key-like)."""
    comment = marker.text[marker.comment_start - marker.span.start :]
    body = _LEAD_RE.sub("", comment, count=1)
    body = body[:-3] if body.endswith("-->") else body
    words = [w.strip("'\"`,;") for w in body.split()]
    words = [w for w in words if w and w.casefold() not in _STATUS_WORDS]
    if not words or len(words) > _MAX_WORDS:
        return []
    return [sep.join(words) for sep in ("_", "-", "", ":")]


def _with_guess(problem: str, fix: str) -> str:
    if fix in problem:
        return problem
    if _ANY_GUESS_RE.search(problem):
        return _ANY_GUESS_RE.sub(f"did you mean {fix}?", problem, count=1)
    return f"{problem}; did you mean {fix}?"


def _message(diagnostic: Diagnostic, old: str, new: str) -> str:
    message = diagnostic.message.replace(f"{old}; write it as <!--ref:SLUG-->", new, 1)
    if message == diagnostic.message:
        message = message.replace(old, new, 1)
    return message
