"""The words of a gate refusal that a person or agent acts on (issue 25 §4).

A refusal of text with no key (an unmarked citation, a hidden ``ref:`` comment,
a malformed marker, a stray warning) is named by that text: ``refused_text``
quotes it from the draft, briefly; ``dispatch`` and ``render --format json``
print it where the key would be.
"""

from __future__ import annotations

import ast

from ars_docs.core import codes
from ars_docs.document.pipeline import Offender

__all__ = ["QUOTE", "refused_text"]

#: Longest quote of refused text (characters).
QUOTE = 60


def refused_text(offender: Offender, text: str | None) -> str | None:
    """The refused text at the offender's place, or ``None`` when it has a key."""
    if offender.slug != "-":
        return None
    if offender.reason == codes.REFUSE_UNMARKED and offender.detail[:1] in "'\"":
        try:  # the gate quotes the citation it found: that is the text
            found = ast.literal_eval(offender.detail)
        except (ValueError, SyntaxError):
            found = None
        if isinstance(found, str) and found:
            return _short(found)
    if text is None or offender.line < 1:
        return None
    lines = text.splitlines()
    if offender.line > len(lines):
        return None
    found = lines[offender.line - 1][max(offender.col - 1, 0) :].strip()
    if found.startswith("<!--") and "-->" in found:
        found = found[: found.index("-->") + 3]  # the comment, not the rest of the line
    return _short(found) if found else None


def _short(found: str) -> str:
    return found if len(found) <= QUOTE else f"{found[: QUOTE - 1]}…"
