"""Diagnostics: one finding about one place in one file.

Printed as ``path:line:col: CODE message`` (the format compilers and editors
understand); ``to_dict`` gives the same data for ``--format json`` (the shape every
command shares is in docs/json.md). Lines and
columns are 1-based; columns count characters, not bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ars_docs.core.limits import bound_message


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A finding. ``line``/``col`` are 0 when the finding has no position."""

    path: str
    line: int
    col: int
    code: str
    severity: Severity
    message: str
    slug: str | None = None
    """The citation key the finding is about, when it is about one (for filtering and agents)."""
    suggestions: tuple[str, ...] = ()
    """Closest existing keys ("did you mean"), best first."""
    fix: str | None = None
    """What resolves the finding, exactly: a command to run or the text to write in the
    place of the one found (``<!--ref:newton_2000-->``); ``None`` when only a person can
    say (the message then says what to decide)."""

    def format(self) -> str:
        where = self.path
        if self.line:
            where += f":{self.line}:{self.col or 1}"
        # Bounded like every error message: one line, quoting little of the input.
        return bound_message(f"{where}: {self.code} {self.message}")

    def to_dict(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "slug": self.slug,
            "suggestions": list(self.suggestions),
            "fix": self.fix,
        }
