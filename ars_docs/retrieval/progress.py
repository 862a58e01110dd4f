"""Progress of a retrieval batch on standard error (§3.5 "acceptable for batch retrieval").

On a terminal, a batch of more than one entry gets a one-line bar redrawn in
place; otherwise (a pipe, a log file, CI, or a single entry) each finished
entry gets one plain line. Called from one thread only.
"""

from __future__ import annotations

import os
from typing import TextIO

__all__ = ["Progress"]

_BAR = 24


class Progress:
    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        bar: bool | None = None,
        label: str = "retrieve",
        every: int = 1,
    ) -> None:
        """``every``: without a bar, a line every ``every`` items (and the last) — for
        logs of long runs — naming the last item only."""
        self.total = total
        self.label = label
        self.every = max(1, every)
        self.done = 0
        self.stream = stream
        interactive = bool(getattr(stream, "isatty", lambda: False)())
        self.bar = (interactive and total > 1) if bar is None else bar
        self._drawn = False

    def update(self, citation_key: str, summary: str) -> None:
        self.done += 1
        if not self.bar:
            if self.every == 1:
                detail = f"{citation_key}: {summary}"
            elif self.done % self.every == 0 or self.done == self.total:
                detail = f"last: {citation_key}"
            else:
                return
            print(f"{self.label} [{self.done}/{self.total}] {detail}", file=self.stream)
            self.stream.flush()
            return
        filled = _BAR * self.done // max(self.total, 1)
        line = f"[{'#' * filled}{'.' * (_BAR - filled)}] {self.done}/{self.total} {citation_key}"
        width = _columns(self.stream) - 1
        self.stream.write("\r" + f"{line}: {summary}"[:width].ljust(width))
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


def _columns(stream: TextIO) -> int:
    """The width of the terminal the bar is drawn on (not standard output's)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, OSError, ValueError):
        return 80
