"""The part of a v3.6.7 audit verdict file that the Scope Report needs (§3.2 D2).

A verdict (``<run_id>.verdict.yaml``, v3.6.7 spec §3.5) carries ``round``,
``verdict_status`` and ``findings[]``, each finding with a ``severity`` of P1,
P2 or P3 and usually the ``file`` it is about. The Scope Report splits the
verdict by corpus subset, so each finding is tied to a corpus entry through
an explicit ``refcode`` field, else through the stem of its ``file`` path
(``entries/kim2019.md`` → ``kim2019``); see ``ars_docs.reports.scope.report``.

The status words, severities and count fields are the audit's own
(``ars_docs.audit.model.verdict``). Only these fields are read, but they are
read strictly: a verdict that cannot be read for certain (wrong types, an
unknown severity, counts that contradict the findings list) is an input error
(exit 65) naming the file and line, never a silent "no findings".
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, NoReturn

from ars_docs.audit.model.verdict import COUNT_KEYS, SEVERITIES, STATUSES
from ars_docs.audit.model.verdict import FAILED as AUDIT_FAILED
from ars_docs.core.errors import InputDataError
from ars_docs.files.yaml.read import KeyPath, YamlDocument, load_yaml_file, location, type_name

__all__ = ["BLOCKING_SEVERITIES", "SEVERITIES", "AuditFinding", "AuditVerdict", "load_verdict"]

BLOCKING_SEVERITIES = frozenset(SEVERITIES[:2])
"""Findings of these severities (P1, P2) fail the subset they belong to."""


@dataclass(frozen=True, slots=True)
class AuditFinding:
    """One ``findings[]`` item."""

    id: str
    """The finding's ``id``, or ``findings[N]`` when it has none."""
    severity: str
    """P1, P2 or P3."""
    refcode: str | None
    """An explicit ``refcode`` (citation_key) the finding is about."""
    file: str | None
    """The ``file`` the finding is about, as written."""
    line: int
    """1-based line of the finding in the verdict file."""


@dataclass(frozen=True, slots=True)
class AuditVerdict:
    path: str
    round: int | None
    status: str | None
    failure_reason: str | None
    findings: tuple[AuditFinding, ...]

    @property
    def audit_failed(self) -> bool:
        """The audit did not run to a verdict: nothing can be concluded from it."""
        return self.status == AUDIT_FAILED


def load_verdict(path: str | os.PathLike[str]) -> AuditVerdict:
    """Read a verdict file; ``InputMissingError`` / ``InputDataError`` on bad input."""
    name = os.fspath(path)
    document = load_yaml_file(
        name, what="audit verdict", hint="check the --verdict path (a <run_id>.verdict.yaml file)"
    )
    root = document.data
    if not isinstance(root, dict):
        _fail(document, (), f"the verdict is {type_name(root)}, not a mapping")
    status = root.get("verdict_status")
    if status is not None and status not in STATUSES:
        _fail(
            document,
            ("verdict_status",),
            f"verdict_status is {status!r}; it must be one of {', '.join(STATUSES)}",
        )
    round_number = root.get("round")
    if round_number is not None and (
        not isinstance(round_number, int) or isinstance(round_number, bool) or round_number < 1
    ):
        _fail(document, ("round",), f"round is {round_number!r}, not a positive integer")
    items = root.get("findings")
    if items is None and status != AUDIT_FAILED:
        _fail(
            document,
            (),
            "the verdict has no findings list; write `findings: []` when the audit found "
            "nothing (a verdict without it cannot show that nothing was found)",
        )
    if items is not None and not isinstance(items, list):
        _fail(document, ("findings",), f"findings is {type_name(items)}, not a list")
    findings = tuple(_finding(document, index, item) for index, item in enumerate(items or ()))
    _check_counts(document, root.get("finding_counts"), findings)
    reason = root.get("failure_reason")
    return AuditVerdict(
        path=name,
        round=round_number,
        status=status,
        failure_reason=reason if isinstance(reason, str) else None,
        findings=findings,
    )


def _finding(document: YamlDocument, index: int, item: Any) -> AuditFinding:
    at: KeyPath = ("findings", index)
    if not isinstance(item, dict):
        _fail(document, at, f"findings[{index}] is {type_name(item)}, not a mapping")
    severity = item.get("severity")
    if not isinstance(severity, str) or severity.upper() not in SEVERITIES:
        _fail(
            document,
            (*at, "severity") if "severity" in item else at,
            f"findings[{index}].severity is {severity!r}; it must be P1, P2 or P3",
        )
    texts: dict[str, str | None] = {}
    for name in ("id", "refcode", "file"):
        value = item.get(name)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            _fail(
                document,
                (*at, name),
                f"findings[{index}].{name} is {value!r}, not a non-empty string",
            )
        texts[name] = value.strip() if isinstance(value, str) else None
    return AuditFinding(
        id=texts["id"] or f"findings[{index}]",
        severity=severity.upper(),
        refcode=texts["refcode"],
        file=texts["file"],
        line=document.position(*at)[0],
    )


def _check_counts(document: YamlDocument, counts: Any, findings: tuple[AuditFinding, ...]) -> None:
    """``finding_counts`` must agree with ``findings[]`` (v3.6.7 rule A5)."""
    if counts is None:
        return
    if not isinstance(counts, dict):
        _fail(
            document, ("finding_counts",), f"finding_counts is {type_name(counts)}, not a mapping"
        )
    for severity, key in zip(SEVERITIES, COUNT_KEYS, strict=True):
        if key not in counts:
            continue
        listed = sum(1 for finding in findings if finding.severity == severity)
        if counts[key] != listed or isinstance(counts[key], bool):
            _fail(
                document,
                ("finding_counts", key),
                f"finding_counts.{key} is {counts[key]!r} but findings[] lists {listed} "
                f"{severity} finding(s); the verdict contradicts itself",
            )


def _fail(document: YamlDocument, keypath: KeyPath, problem: str) -> NoReturn:
    raise InputDataError(
        f"{location(document.path, document.position(*keypath))}: {problem}; fix "
        "the audit verdict (format: v3.6.7 audit_verdict, findings with severity P1/P2/P3)"
    )
