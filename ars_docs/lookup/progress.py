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
    from ars_docs.lookup.report import EntryResult

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
    def __init__(self, total: int, stream: TextIO | None) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.bar: Progress | None = None
        if stream is not None and bool(getattr(stream, "isatty", lambda: False)()):
            self.bar = Progress(total, stream, bar=total > 1, label="lookup")
        self.step = 1 if total <= _EVERY_LINE else max(1, total // 10)

    def update(self, key: str, result: EntryResult) -> None:
        self.done += 1
        if self.stream is None:
            return
        if self.bar is not None:
            self.bar.update(key, headline(result))
            return
        if self.done % self.step == 0 or self.done == self.total:
            detail = f"{key}: {headline(result)}" if self.step == 1 else f"last: {key}"
            print(f"lookup [{self.done}/{self.total}] {detail}", file=self.stream, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
