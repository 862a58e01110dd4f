"""The one JSON shape of every ``--format json`` report (issue 25 §3; docs/json.md).

Every command prints one JSON object whose first key is ``summary`` and whose
last key is ``core.diagnostics``::

    {
      "summary": {"command": "lint corpus", "diagnostics": {"error": 1, ...}, ...},
      ... the command's own data ...,
      "diagnostics": [{"path": ..., "line": ..., "col": ..., "code": ...,
                       "severity": ..., "message": ..., "slug": ..., "suggestions": [...],
                       "fix": ...}, ...]
    }

``summary.command`` names the command as typed (``lint corpus``, ``audit gate``) and
``summary.diagnostics`` counts the findings by severity, so an agent reads the
outcome from the first object without scanning the rest. Commands that report
no findings of their own give an empty list, never a missing key.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

from ars_docs.core.diagnostics import Diagnostic, Severity

__all__ = [
    "DIAGNOSTIC_KEYS",
    "dumps_payload",
    "payload",
    "print_changes",
    "print_payload",
]

#: The keys of every diagnostic object, in order (``Diagnostic.to_dict``).
DIAGNOSTIC_KEYS = (
    "path",
    "line",
    "col",
    "code",
    "severity",
    "message",
    "slug",
    "suggestions",
    "fix",
)


def payload(
    command: str,
    summary: Mapping[str, Any],
    diagnostics: Iterable[Diagnostic] = (),
    /,
    **body: Any,
) -> dict[str, Any]:
    """``{"summary": {...}, **body, "diagnostics": [...]}`` in that order."""
    found = list(diagnostics)
    counts = {severity.value: 0 for severity in Severity}
    for diagnostic in found:
        counts[diagnostic.severity.value] += 1
    head = {"command": command, **{k: v for k, v in summary.items() if k != "command"}}
    head["diagnostics"] = counts
    body.pop("summary", None)
    body.pop("diagnostics", None)
    return {"summary": head, **body, "diagnostics": [d.to_dict() for d in found]}


def dumps_payload(data: Mapping[str, Any]) -> str:
    """The payload as JSON text (what ``print_payload`` prints, without the newline)."""
    # default=str: a hand-edited YAML value (an unquoted timestamp) still prints.
    return json.dumps(data, ensure_ascii=False, indent=2, default=str)


def print_payload(data: Mapping[str, Any], stream: TextIO | None = None) -> None:
    print(dumps_payload(data), file=stream or sys.stdout)


def print_changes(command: str, data: Mapping[str, Any], *summarised: str) -> int:
    """The frame of a command that changes a session: ``data`` whole, and a summary of
    the ``summarised`` fields (a list as its length). Returns exit code 0."""
    summary = {k: len(v) if isinstance(v, list) else v for k, v in data.items() if k in summarised}
    print_payload(payload(command, summary, **data))
    return 0
