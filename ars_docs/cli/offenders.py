"""Gate refusals as agents read them: the text refused, did-you-mean and the exact fix.

``render --strict`` and ``dispatch`` print the same refusals (issue 25 §3/§4). A
refusal whose slug is ``-`` (unmarked or hidden citation text, a stray warning)
is named by the text at its place, quoted briefly; a key not in the corpus gets
the closest keys; ``fix`` is the exact command or marker that resolves it when
ars-docs knows one, else ``null`` (the detail says what a person must decide).
"""

from __future__ import annotations

import re
import shlex
from typing import TYPE_CHECKING, Any

from ars_docs.core import codes
from ars_docs.core.limits import bound_message
from ars_docs.document.refusals import refused_text

if TYPE_CHECKING:
    from ars_docs.document.pipeline import Offender
    from ars_docs.session.corpus import Corpus

__all__ = ["offender_dict", "offender_line"]

_GUESS_RE = re.compile(r"did you mean (<!--ref:(?P<key>[^\s<>]+)-->)\?")
_FINALIZE_FIXES = (codes.REFUSE_UNRESOLVED, codes.REFUSE_FORGED)


def offender_dict(
    offender: Offender,
    *,
    draft: str,
    text: str | None = None,
    corpus: Corpus | None = None,
    passport: str | None = None,
) -> dict[str, Any]:
    slug = offender.slug if offender.slug != "-" else None
    suggestions: list[str] = []
    fix: str | None = None
    if slug and corpus is not None and slug not in corpus:  # NOT-IN-CORPUS, shown or not
        suggestions = corpus.closest_keys(slug)
        fix = f"<!--ref:{suggestions[0]}-->" if suggestions else None
    elif offender.reason == codes.REFUSE_MALFORMED:
        guess = _GUESS_RE.search(offender.detail or "")
        if guess and guess.group("key") != "SLUG":
            suggestions, fix = [guess.group("key")], guess.group(1)
    elif offender.reason == codes.REFUSE_UNACKNOWLEDGED and slug and passport:
        fix = f"ars-docs mark-read {shlex.quote(slug)} --passport {shlex.quote(passport)}"
    elif offender.reason == codes.REFUSE_EXISTENCE_UNCHECKED and slug and passport:
        fix = f"ars-docs lookup {shlex.quote(slug)} --passport {shlex.quote(passport)}"
    elif offender.reason in _FINALIZE_FIXES and slug and passport:
        # A marker finalize rewrites; "-" is text finalize cannot see.
        fix = f"ars-docs finalize {shlex.quote(draft)} --passport {shlex.quote(passport)}"
    return {
        "line": offender.line,
        "col": offender.col,
        "reason": offender.reason,
        "slug": slug,
        "text": refused_text(offender, text),
        "detail": offender.detail or None,
        "suggestions": suggestions,
        "fix": fix,
        # What to do about this kind of refusal, in words (issue 25 §2).
        "advice": codes.REFUSAL_ADVICE.get(offender.reason),
    }


def offender_line(draft: str, item: dict[str, Any]) -> str:
    """``path:line:col: reason slug-or-text (detail; did you mean …)``."""
    what = item["slug"] or (repr(item["text"]) if item["text"] else "-")
    notes = [item["detail"]] if item["detail"] and item["detail"] != repr(item["text"]) else []
    if item["suggestions"] and not (item["detail"] and "did you mean" in item["detail"]):
        notes.append(f"did you mean {', '.join(item['suggestions'])}?")
    extra = f" ({'; '.join(notes)})" if notes else ""
    return bound_message(f"{draft}:{item['line']}:{item['col']}: {item['reason']} {what}{extra}")
