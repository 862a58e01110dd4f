"""The verdict file ``<run_id>.verdict.yaml`` (spec §3.5): status rules, shapes and the writer.

Status rule (rows A1, §5.3): the counts imply one status, and the file must
carry exactly that one: all zero → ``PASS``; ``p1 == p2 == 0`` and
``p3 <= 3`` → ``MINOR``; anything else → ``MATERIAL``. ``AUDIT_FAILED``
carries zero counts, no findings and a one-line ``failure_reason``. (§5.3
evaluates its rows top to bottom, so zero counts are ``PASS``, never ``MINOR``.)

This module is also the one definition of the verdict vocabulary: the status
words, the severities and the ``finding_counts`` fields, read by every other
module that looks at a verdict (the gate, the lint rows, the evaluation sets,
the Scope Report's verdict reader).

The writer emits a fixed key order and quotes every string (JSON-style double
quotes are valid YAML), so timestamps stay strings when the file is read back.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = [
    "COMPLETED",
    "COUNT_KEYS",
    "FAILED",
    "FINDING_KEYS",
    "GENERATED_BY",
    "GENERATOR_VERSION",
    "MATERIAL",
    "MINOR",
    "PASS",
    "SEVERITIES",
    "STATUSES",
    "count_findings",
    "failed_verdict",
    "implied_status",
    "render_verdict",
]

PASS = "PASS"
MINOR = "MINOR"
MATERIAL = "MATERIAL"
FAILED = "AUDIT_FAILED"
COMPLETED = (PASS, MINOR, MATERIAL)
"""The statuses of an audit that ran to a verdict (the ones the counts can imply)."""
STATUSES = (*COMPLETED, FAILED)
SEVERITIES = ("P1", "P2", "P3")
COUNT_KEYS = ("p1", "p2", "p3")
"""The ``finding_counts`` fields, one per severity (``P1`` → ``p1``), in that order."""
FINDING_KEYS = (
    "id",
    "severity",
    "dimension",
    "file",
    "refcode",
    "line",
    "description",
    "suggested_fix",
)

GENERATED_BY = "ars-docs audit parse-verdict"
"""``generated_by`` of every verdict file ars-docs writes."""
GENERATOR_VERSION = "1.0.0"
"""``generator_version``: the version of the verdict format ars-docs writes (§4.8)."""

_TOP_KEYS = (
    "run_id",
    "verdict_status",
    "round",
    "target_rounds",
    "finding_counts",
    "failure_reason",
    "findings",
    "generated_at",
    "generated_by",
    "generator_version",
)


def implied_status(counts: Mapping[str, Any]) -> str:
    """The completion status the finding counts imply (§5.3 rows, top to bottom)."""
    p1, p2, p3 = (counts.get(key, 0) for key in COUNT_KEYS)
    if p1 == 0 and p2 == 0 and p3 == 0:
        return PASS
    if p1 == 0 and p2 == 0 and p3 <= 3:
        return MINOR
    return MATERIAL


def count_findings(findings: Iterable[Any]) -> dict[str, int]:
    """``{"p1": n, "p2": n, "p3": n}`` counted from ``findings[].severity``."""
    counts = dict.fromkeys(COUNT_KEYS, 0)
    for finding in findings:
        severity = finding.get("severity") if isinstance(finding, Mapping) else None
        if severity in SEVERITIES:
            counts[severity.lower()] += 1
    return counts


def failed_verdict(
    run_id: str, round_: int, target_rounds: int, reason: str, generated_at: str
) -> dict[str, Any]:
    """The ``AUDIT_FAILED`` shape; ``reason`` is flattened to one line."""
    return {
        "run_id": run_id,
        "verdict_status": FAILED,
        "round": round_,
        "target_rounds": target_rounds,
        "finding_counts": dict.fromkeys(COUNT_KEYS, 0),
        "failure_reason": " ".join(reason.split()) or "unknown failure",
        "findings": [],
        "generated_at": generated_at,
        "generated_by": GENERATED_BY,
        "generator_version": GENERATOR_VERSION,
    }


def render_verdict(verdict: Mapping[str, Any]) -> str:
    """``verdict`` as YAML text (LF line ends, trailing LF), keys in the §3.5 order."""
    lines: list[str] = []
    keys = [key for key in _TOP_KEYS if key in verdict]
    keys += sorted(key for key in verdict if key not in _TOP_KEYS)
    for key in keys:
        value = verdict[key]
        if key == "findings" and isinstance(value, list):
            lines.append("findings: []" if not value else "findings:")
            for finding in value:
                lines.extend(_finding_lines(finding))
        elif isinstance(value, Mapping):
            lines.append(f"{key}:")
            lines.extend(f"  {sub}: {_scalar(item)}" for sub, item in value.items())
        else:
            lines.append(f"{key}: {_scalar(value)}")
    return "\n".join(lines) + "\n"


def _finding_lines(finding: Mapping[str, Any]) -> list[str]:
    keys = [key for key in FINDING_KEYS if key in finding]
    keys += sorted(key for key in finding if key not in FINDING_KEYS)
    lines = []
    for index, key in enumerate(keys):
        lead = "  - " if index == 0 else "    "
        lines.append(f"{lead}{key}: {_scalar(finding[key])}")
    return lines


def _scalar(value: Any) -> str:
    # JSON text is YAML: strings come out double-quoted, numbers and booleans plain.
    return json.dumps(value, ensure_ascii=False)
