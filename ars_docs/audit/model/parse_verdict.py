"""From the JSONL stream to the verdict file: ``parse_audit_verdict`` (spec §3.3, §3.5, §4.6 b).

The verdict text is the **last** ``item.completed`` event whose ``item.type``
is ``agent_message`` (earlier ones are codex thinking aloud between tool
calls). It is read in the real ARS form (``verdict_text``: numbered finding
lines, the ``Round N: …`` summary line last), which the shipped audit template
(``ars_docs/templates/audit/codex_audit_multifile_template.md``) asks for.

A text with no summary line at all is read in the deprecated form of earlier
ars-docs templates (``AgentVerdict.legacy``):

- Section 5 (a heading ``… Section 5 …``) holds the findings: a YAML list,
  in one or more fenced blocks (or bare YAML when there is no fence). A
  section with no YAML list at all has no findings.
- Section 6 holds the verdict: one YAML mapping with ``verdict_status``
  (``PASS`` | ``MINOR`` | ``MATERIAL``), ``round``, ``target_rounds`` and
  ``finding_counts`` ``{p1, p2, p3}``.

Any failure — a stream that fails Layer 2 (a line that is not JSON, e.g. a
truncated last line; a row against the schema; tool events unpaired; an
``error`` event; no ``agent_message``; no closing ``turn.completed``; a
second turn or any row after the one ``turn.completed``), a
missing or malformed section, a round that is not the run's, a status the
counts do not imply (A1) or counts that disagree with the findings (A5) —
gives the ``AUDIT_FAILED`` shape with ``failure_reason: "JSONL parse error:
<reason>"``. Nothing here raises for bad stream content.

Choice: a ``dimension`` written as a bare number (``3.2``, read by YAML as a
float) is taken as the string ``"3.2"``; nothing else is coerced.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.audit.model.jsonl import scan_jsonl
from ars_docs.audit.model.schemas import validate_verdict
from ars_docs.audit.model.verdict import (
    COMPLETED,
    COUNT_KEYS,
    GENERATED_BY,
    GENERATOR_VERSION,
    count_findings,
    failed_verdict,
    implied_status,
)
from ars_docs.audit.model.verdict_text import (
    LEGACY_NOTE,
    AgentVerdict,
    VerdictParseError,
    has_summary_line,
    parse_text_verdict,
)
from ars_docs.core.errors import ArsError, InputDataError, UsageError
from ars_docs.files.yaml.read import parse_yaml

__all__ = [
    "FAILURE_PREFIX",
    "LEGACY_NOTE",
    "AgentVerdict",
    "VerdictOutcome",
    "VerdictParseError",
    "parse_agent_text",
    "parse_verdict_stream",
    "run_id_from_path",
]

FAILURE_PREFIX = "JSONL parse error: "
_RUN_ID = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}Z-[0-9a-f]{4}\Z")
_SECTION = re.compile(r"^ {0,3}#{1,6}[ \t]+.*?\bSection[ \t]+([0-9]+)\b.*$", re.MULTILINE)
_FENCE = re.compile(
    r"^ {0,3}(```|~~~)[ \t]*([A-Za-z0-9_-]*)[^\n]*\n(.*?)^ {0,3}\1[ \t]*$", re.M | re.S
)
_DIMENSIONS = frozenset({"3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7"})


@dataclass(frozen=True, slots=True)
class VerdictOutcome:
    verdict: dict[str, Any]
    """The §3.5 verdict (the ``AUDIT_FAILED`` shape when ``failure`` is set)."""
    failure: str | None
    """Why the stream gave no verdict (``None`` on success)."""
    deprecated: str | None = None
    """Set when the text used the deprecated YAML-under-headings form."""

    @property
    def ok(self) -> bool:
        return self.failure is None


def run_id_from_path(path: str | os.PathLike[str]) -> str:
    """The run_id of ``<run_id>.jsonl`` (§3.7 F2); any other name is a usage error."""
    name = Path(path).name
    stem = name[: -len(".jsonl")] if name.endswith(".jsonl") else ""
    if not _RUN_ID.match(stem):
        raise UsageError(
            f"{path}: the JSONL must be named <run_id>.jsonl with a run_id like "
            "2026-04-30T15-22-04Z-d8f3 (F1/F2); the verdict's run_id comes from the file name"
        )
    return stem


def parse_verdict_stream(
    path: str | os.PathLike[str], *, round_: int, target_rounds: int, generated_at: str
) -> VerdictOutcome:
    """Read the stream at ``path`` and build its verdict (or the AUDIT_FAILED shape).

    ``round_`` / ``target_rounds`` are the run's (``--round`` / ``--target-rounds``);
    Section 6 must say the same. A bad file name or ``round_ > target_rounds``
    raises ``UsageError``; a missing stream is reported as a failure.
    """
    if round_ < 1 or target_rounds < 1 or round_ > target_rounds:
        raise UsageError(
            f"--round {round_} --target-rounds {target_rounds}: both must be >= 1 and the "
            "round cannot exceed the target (A3)"
        )
    run_id = run_id_from_path(path)
    legacy: list[bool] = []
    try:
        verdict = _parse(path, run_id, round_, target_rounds, generated_at, legacy)
    except VerdictParseError as exc:
        reason = FAILURE_PREFIX + str(exc)
        return VerdictOutcome(
            failed_verdict(run_id, round_, target_rounds, reason, generated_at),
            reason,
            LEGACY_NOTE if legacy else None,
        )
    return VerdictOutcome(verdict, None, LEGACY_NOTE if legacy else None)


def _parse(
    path: str | os.PathLike[str],
    run_id: str,
    round_: int,
    target_rounds: int,
    generated_at: str,
    legacy: list[bool],
) -> dict[str, Any]:
    try:
        scan = scan_jsonl(path)
    except ArsError as exc:
        raise VerdictParseError(exc.message) from None
    if scan.problems:
        first = scan.problems[0]
        where = (
            f"line {first.line}: " if first.line and not first.message.startswith("line") else ""
        )
        raise VerdictParseError(f"{where}{first.message}")
    if scan.error_lines:
        raise VerdictParseError(f"line {scan.error_lines[0]}: codex reported an error event")
    assert scan.last_agent_message is not None  # no agent_message is an L2-4 problem
    line, text = scan.last_agent_message
    if not has_summary_line(text) and any(h.group(1) == "6" for h in _SECTION.finditer(text)):
        legacy.append(True)
    try:
        said = parse_agent_text(text, round_)
    except VerdictParseError as exc:
        raise VerdictParseError(f"agent_message at line {line}: {exc}") from None
    return _assemble(run_id, round_, target_rounds, generated_at, said)


def parse_agent_text(text: str, round_: int | None = None) -> AgentVerdict:
    """What the final agent_message text says: the real form when it has a summary
    line (``round_``: the run's round; ``None`` takes the last line's), else the
    deprecated YAML-under-headings form (``legacy``)."""
    if has_summary_line(text):
        return parse_text_verdict(text, round_)
    findings, section6 = _legacy_sections(text)
    return AgentVerdict(
        findings=findings,
        status=section6.get("verdict_status"),
        round=section6.get("round"),
        target_rounds=section6.get("target_rounds"),
        counts=section6.get("finding_counts"),
        legacy=True,
    )


def _legacy_sections(text: str) -> tuple[list[Any], dict[str, Any]]:
    """``(findings, section 6 mapping)`` of the deprecated form."""
    sections = _sections(text)
    if "6" not in sections:
        raise VerdictParseError(
            "no 'Round N: P1×a / P2×b / P3×c (t total)' summary line (nor a 'Section 6' "
            "heading of the deprecated YAML form)"
        )
    if "5" not in sections:
        raise VerdictParseError("no 'Section 5' heading (the findings)")
    findings: list[Any] = []
    for block in _yaml_blocks(sections["5"], list_only=True):
        value = _load(block, "Section 5")
        if value is None:
            continue
        if not isinstance(value, list):
            raise VerdictParseError("Section 5 YAML is not a list of findings")
        findings.extend(value)
    blocks = _yaml_blocks(sections["6"], list_only=False)
    if len(blocks) != 1:
        raise VerdictParseError(f"Section 6 must hold one YAML verdict block, found {len(blocks)}")
    section6 = _load(blocks[0], "Section 6")
    if not isinstance(section6, dict):
        raise VerdictParseError("Section 6 is not a YAML mapping")
    for finding in findings:
        if isinstance(finding, dict):
            dimension = finding.get("dimension")
            if isinstance(dimension, float) and repr(dimension) in _DIMENSIONS:
                finding["dimension"] = repr(dimension)
    return findings, section6


def _sections(text: str) -> dict[str, str]:
    heads = list(_SECTION.finditer(text))
    bodies: dict[str, str] = {}
    for index, head in enumerate(heads):
        end = heads[index + 1].start() if index + 1 < len(heads) else len(text)
        number = head.group(1)
        if number in bodies:
            raise VerdictParseError(f"two 'Section {number}' headings")
        bodies[number] = text[head.end() : end]
    return bodies


def _yaml_blocks(body: str, *, list_only: bool) -> list[str]:
    fenced = [
        m.group(3) for m in _FENCE.finditer(body) if m.group(2).lower() in ("", "yaml", "yml")
    ]
    if fenced:
        return fenced
    stripped = body.strip()
    if not stripped:
        return []
    if list_only and not re.search(r"^\s*- ", stripped, re.MULTILINE):
        return []  # prose only ("No findings."): no findings
    return [stripped]


def _load(block: str, where: str) -> Any:
    try:
        return parse_yaml(block, where).data
    except InputDataError as exc:
        raise VerdictParseError(f"{where} is not valid YAML ({exc.message})") from None


def _assemble(
    run_id: str,
    round_: int,
    target_rounds: int,
    generated_at: str,
    said: AgentVerdict,
) -> dict[str, Any]:
    status, findings, counts = said.status, said.findings, said.counts
    if status not in COMPLETED:
        raise VerdictParseError(
            f"Section 6 verdict_status {status!r} is not PASS, MINOR or MATERIAL"
        )
    stated = {"round": said.round, "target_rounds": said.target_rounds}
    for key, expected in (("round", round_), ("target_rounds", target_rounds)):
        value = stated[key]
        if key == "target_rounds" and value is None and not said.legacy:
            continue  # the real text names no target; the run's is taken
        if value != expected or isinstance(value, bool):
            where = "Section 6" if said.legacy else "the summary line"
            raise VerdictParseError(f"{where} {key} is {value!r} but this run is {key} {expected}")
    verdict = {
        "run_id": run_id,
        "verdict_status": status,
        "round": round_,
        "target_rounds": target_rounds,
        "finding_counts": counts,
        "findings": findings,
        "generated_at": generated_at,
        "generated_by": GENERATED_BY,
        "generator_version": GENERATOR_VERSION,
    }
    errors = validate_verdict(verdict)
    if errors:
        where = "Section 5/6 do" if said.legacy else "the finding lines do"
        raise VerdictParseError(f"{where} not fit the verdict schema: {errors[0].format()}")
    assert isinstance(counts, dict)
    if implied_status(counts) != status:
        raise VerdictParseError(
            f"verdict_status {status} does not match finding_counts {_counts(counts)} "
            f"(they imply {implied_status(counts)}) (A1)"
        )
    found = count_findings(findings)
    if found != {key: counts[key] for key in COUNT_KEYS}:
        raise VerdictParseError(
            f"finding_counts {_counts(counts)} disagree with the {len(findings)} findings of "
            f"Section 5 ({_counts(found)}) (A5)"
        )
    return verdict


def _counts(counts: dict[str, Any]) -> str:
    return "p1={} p2={} p3={}".format(*(counts.get(key) for key in COUNT_KEYS))
