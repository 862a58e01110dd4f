"""Progress of a lookup run on standard error.

On a terminal: the one-line bar of retrieval, redrawn in place. Elsewhere (a
pipe, a CI log, an agent reading standard error): one line per entry for a
short run, and for a long one a line every tenth of the way, so a log of a
10,000-entry run stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ars_docs.retrieval.progress import Progress

if TYPE_CHECKING:
    from ars_docs.lookup.batch.report import EntryResult

__all__ = ["LookupProgress", "headline"]

_EVERY_LINE = 20


def headline(result: EntryResult) -> str:
    """``found``, ``mismatch (blocks the gate)``, ``found; retracted (blocks the gate)`` …"""
    text = result.status
    if result.retraction in ("retracted", "expression_of_concern", "correction"):
        text += f"; {result.retraction.replace('_', ' ')}"
        if result.facts.acknowledged:
            text += " (acknowledged)"
    if result.blocking:
        text += " (blocks the gate)"
    return text


class LookupProgress:
    """Progress on standard error: a bar on a terminal; elsewhere a line per entry for up to
    20 entries, else a line every tenth of the way (CI logs of long runs stay short)."""

    def __init__(self, total: int, stream: TextIO | None) -> None:
        every = 1 if total <= _EVERY_LINE else max(1, total // 10)
        self.shown = (
            None if stream is None else Progress(total, stream, label="lookup", every=every)
        )

    def update(self, key: str, result: EntryResult) -> None:
        if self.shown is not None:
            self.shown.update(key, headline(result))

    def close(self) -> None:
        if self.shown is not None:
            self.shown.close()
