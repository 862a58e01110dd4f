"""Rows that hold inside one artifact (spec §3.7 family A, B8, and half of the E rows).

``entry_rows`` checks an entry's inline verdict mirror (A1, A2, A3, and for
persisted entries A4 and B8); ``verdict_rows`` checks a verdict file (A1, A2,
A3, A5, A6). The schema-enforced half of E3/E4/E5/E7, A4 (in a proposal) and
F1 comes from ``ars_docs.audit.model.schemas``. A row is not re-reported for a
value the schema already rejected (a status outside the enum, a non-integer
count): one fault, one diagnostic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ars_docs.audit.model.verdict import (
    COUNT_KEYS,
    FAILED,
    MINOR,
    PASS,
    SEVERITIES,
    STATUSES,
    count_findings,
    implied_status,
)
from ars_docs.audit.rows.catalogue import Located, Report
from ars_docs.files.yaml.read import KeyPath

__all__ = ["entry_rows", "verdict_rows"]


def entry_rows(
    report: Report, where: Located, entry: Any, prefix: KeyPath, *, persisted: bool
) -> None:
    """A1-A3 on ``entry.verdict``; A4 and B8 on a persisted entry's acknowledgement."""
    if not isinstance(entry, Mapping) or not isinstance(entry.get("verdict"), Mapping):
        return
    verdict = entry["verdict"]
    status = verdict.get("status")
    _status_rows(
        report, where, (*prefix, "verdict"), verdict, status, verdict.get("finding_counts")
    )
    ack = entry.get("acknowledgement")
    if not persisted or not isinstance(ack, Mapping):
        return
    if status in (PASS, MINOR):
        report.add(
            "A4",
            where,
            (*prefix, "acknowledgement"),
            f"acknowledgement on a {status} entry: only a MATERIAL verdict can be acknowledged",
            always=True,
        )
    acknowledged_at = ack.get("acknowledged_at")
    verified_at = verdict.get("verified_at")
    if (
        isinstance(acknowledged_at, str)
        and isinstance(verified_at, str)
        and acknowledged_at != verified_at
    ):
        report.add(
            "B8",
            where,
            (*prefix, "acknowledgement", "acknowledged_at"),
            f"acknowledged_at {acknowledged_at} != verdict.verified_at {verified_at}; both come "
            "from one next_verified_at_ms call",
        )


def verdict_rows(report: Report, where: Located, verdict: Any) -> None:
    """A1, A2, A3, A5, A6 on a verdict file."""
    if not isinstance(verdict, Mapping):
        return
    status = verdict.get("verdict_status")
    counts: Any = verdict.get("finding_counts")
    _status_rows(report, where, (), verdict, status, counts)
    findings = verdict.get("findings")
    if not isinstance(findings, list):
        return
    if status == FAILED and findings:
        report.add(
            "A6",
            where,
            ("findings",),
            f"an AUDIT_FAILED verdict lists {len(findings)} findings; it must list none",
        )
        return  # the counts are zero by A1; A6 already names the fault
    severities_ok = all(
        isinstance(f, Mapping) and f.get("severity") in SEVERITIES for f in findings
    )
    if _counts_ok(counts) and severities_ok:  # else the schema has reported the finding
        found = count_findings(findings)
        for key in COUNT_KEYS:
            if counts[key] != found[key]:
                report.add(
                    "A5",
                    where,
                    ("finding_counts", key),
                    f"finding_counts.{key} is {counts[key]} but findings[] has {found[key]} "
                    f"{key.upper()} finding(s)",
                )


def _status_rows(
    report: Report,
    where: Located,
    keypath: KeyPath,
    verdict: Mapping[str, Any],
    status: Any,
    counts: Any,
) -> None:
    if status not in STATUSES:
        return  # the schema reports it
    reason = verdict.get("failure_reason")
    if status == FAILED and reason is None:
        report.add(
            "A2",
            where,
            (*keypath, "status" if keypath else "verdict_status"),
            "AUDIT_FAILED needs a failure_reason (one line saying why)",
        )
    if status != FAILED and reason is not None:
        report.add(
            "A2",
            where,
            (*keypath, "failure_reason"),
            f"failure_reason is only allowed on AUDIT_FAILED, not {status}",
        )
    if _counts_ok(counts):
        if status == FAILED and any(counts[key] for key in COUNT_KEYS):
            report.add(
                "A1",
                where,
                (*keypath, "finding_counts"),
                "AUDIT_FAILED must have zero finding counts",
            )
        elif status != FAILED and implied_status(counts) != status:
            report.add(
                "A1",
                where,
                (*keypath, "finding_counts"),
                f"status {status} but the counts p1={counts['p1']} p2={counts['p2']} "
                f"p3={counts['p3']} make it {implied_status(counts)}",
            )
    round_: Any = verdict.get("round")
    target: Any = verdict.get("target_rounds")
    if _is_int(round_) and _is_int(target) and round_ > target:
        report.add(
            "A3", where, (*keypath, "round"), f"round {round_} exceeds target_rounds {target}"
        )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _counts_ok(counts: Any) -> bool:
    return isinstance(counts, Mapping) and all(
        _is_int(counts.get(key)) and counts[key] >= 0 for key in COUNT_KEYS
    )
