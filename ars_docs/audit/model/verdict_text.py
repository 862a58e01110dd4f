"""The auditor's verdict text as a real ARS pipeline writes it (the audit template's §0/§6).

The text is the final ``agent_message`` of the stream: plain lines, the
Scope Report first, then numbered finding lines, the round summary last::

    1. F-001 P1 §3.2 chapter_4/synthesis.md:3 — claim says more than its source. Fix: cite p. 4.
    Round 1: P1×1 / P2×0 / P3×0 (1 total)

or, when nothing was found, ``Round 2: 0 findings of any severity.
Convergence reached.``

The grammar (upstream ``scripts/parse_audit_verdict.py``, as the facts sheet
states it):

- A finding line (case-insensitive): ``<n>. [**]F-<3+ digits>[**] P1|P2|P3
  [§]3.1…3.7|4(f) <path>:<line> — <description>. Fix: <fix>[.]``; the dash
  is any run of ``-``, ``–``, ``—``; the path has no space and no ``:``. The
  rest splits at the first ``.`` + ``Fix:``; a trailing ``.`` of the fix is
  dropped; an empty description or fix fails. Other lines (a ``- `` bullet,
  a spaced path, ``§3.10``) are not findings. Every matching line counts,
  a recap of an earlier finding too.
- A summary line, alone on its line (bold markers break it):
  ``Round N: P1×a / P2×b / P3×c (t total)`` (``×``, ``x`` or ``X``, free
  spacing, ``t = a + b + c``) or the convergence form.
- The first summary line for the run's round governs (lines of other rounds
  are recaps and ignored); it must be the last non-empty line, and the
  finding lines must count ``a``/``b``/``c``.
- The status follows from the counts: all zero ``PASS``; ``p1 = p2 = 0``
  and ``p3`` 1-3 ``MINOR``; else ``MATERIAL``.

The text names no target round count: the run's ``--target-rounds`` is taken.
``parse_agent_text`` also reads the form earlier ars-docs templates asked
for (YAML under ``Section 5`` / ``Section 6`` headings), flagged ``legacy``
so every reader can say it is deprecated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ars_docs.audit.model.verdict import COUNT_KEYS, implied_status

__all__ = [
    "LEGACY_NOTE",
    "AgentVerdict",
    "VerdictParseError",
    "has_summary_line",
    "parse_text_verdict",
]

LEGACY_NOTE = (
    "the verdict text uses the YAML-under-headings form of earlier ars-docs templates, "
    "which is deprecated; ask the auditor for finding lines and the "
    "'Round N: P1×a / P2×b / P3×c (t total)' summary line (ars-docs audit template)"
)

_DASH = r"[-\u2013\u2014]+"
_FINDING = re.compile(
    r"^[ \t]*(?P<n>[0-9]+)\.[ \t]+(?:\*\*(?P<bid>F-[0-9]{3,})\*\*|(?P<id>F-[0-9]{3,}))"
    r"[ \t]+(?P<sev>P[123])[ \t]+§?(?P<dim>3\.[1-7]|4\(f\))[ \t]+"
    r"(?P<path>[^\s:]+):(?P<line>[0-9]+)[ \t]+" + _DASH + r"[ \t]*(?P<rest>.*?)[ \t]*$",
    re.IGNORECASE,
)
_FIX = re.compile(r"\.[ \t]*Fix[ \t]*:", re.IGNORECASE)
_TIMES = "[×xX]"
_COUNTED = re.compile(
    r"^[ \t]*Round[ \t]+(?P<round>[0-9]+)[ \t]*:[ \t]*"
    rf"P1[ \t]*{_TIMES}[ \t]*(?P<p1>[0-9]+)[ \t]*/[ \t]*"
    rf"P2[ \t]*{_TIMES}[ \t]*(?P<p2>[0-9]+)[ \t]*/[ \t]*"
    rf"P3[ \t]*{_TIMES}[ \t]*(?P<p3>[0-9]+)[ \t]*"
    r"\([ \t]*(?P<total>[0-9]+)[ \t]+total[ \t]*\)[ \t]*$"
)
_CONVERGED = re.compile(
    r"^[ \t]*Round[ \t]+(?P<round>[0-9]+)[ \t]*:[ \t]*0[ \t]+findings[ \t]+of[ \t]+any[ \t]+"
    r"severity[ \t]*[.,]?[ \t]*Convergence[ \t]+reached\..*$"
)


class VerdictParseError(Exception):
    """The verdict text or the stream cannot give a trustworthy verdict."""


@dataclass(frozen=True, slots=True)
class AgentVerdict:
    """What the final agent_message says, in either form."""

    findings: list[Any]
    status: Any
    """``PASS`` / ``MINOR`` / ``MATERIAL`` (as written, in the legacy form)."""
    round: Any
    target_rounds: Any
    """``None`` in the real form: the text does not state it."""
    counts: Any
    """``{p1, p2, p3}`` (as written, in the legacy form)."""
    legacy: bool = False
    """The deprecated YAML-under-headings form of earlier ars-docs templates."""


@dataclass(frozen=True, slots=True)
class _Summary:
    line: int
    round: int
    counts: dict[str, int]


def has_summary_line(text: str) -> bool:
    """Whether any line is a ``Round N: …`` summary line (the real form)."""
    for line in text.splitlines():
        try:
            if _summary(line, 0) is not None:
                return True
        except VerdictParseError:
            return True  # a summary line with a wrong total is still one
    return False


def parse_text_verdict(text: str, round_: int | None) -> AgentVerdict:
    """The real verdict text; ``round_`` ``None`` takes the round of the last line."""
    lines = text.splitlines()
    summaries = [s for n, line in enumerate(lines, 1) if (s := _summary(line, n)) is not None]
    last = _last_nonblank(lines)
    if round_ is None:
        closing = next((s for s in summaries if s.line == last), None)
        if closing is None:
            raise VerdictParseError(
                "the last line is not the round summary ('Round N: P1×a / P2×b / P3×c "
                "(t total)' or 'Round N: 0 findings of any severity. Convergence reached.')"
            )
        round_ = closing.round
    governing = next((s for s in summaries if s.round == round_), None)
    if governing is None:
        raise VerdictParseError(
            f"no summary line for round {round_} ('Round {round_}: P1×a / P2×b / P3×c "
            "(t total)'); the lines of other rounds do not count"
        )
    if governing.line != last:
        raise VerdictParseError(
            f"the round {round_} summary (text line {governing.line}) must be the last "
            "non-empty line of the verdict text"
        )
    findings = [f for n, line in enumerate(lines, 1) if (f := _finding(line, n)) is not None]
    found = dict.fromkeys(COUNT_KEYS, 0)
    for finding in findings:
        found[finding["severity"].lower()] += 1
    if found != governing.counts:
        raise VerdictParseError(
            f"the summary says {_show(governing.counts)} but the finding lines count "
            f"{_show(found)} (every finding line counts, recaps too)"
        )
    return AgentVerdict(
        findings=findings,
        status=implied_status(governing.counts),
        round=round_,
        target_rounds=None,
        counts=governing.counts,
    )


def _summary(line: str, number: int) -> _Summary | None:
    converged = _CONVERGED.match(line)
    if converged:
        return _Summary(number, int(converged["round"]), dict.fromkeys(COUNT_KEYS, 0))
    counted = _COUNTED.match(line)
    if counted is None:
        return None
    counts = {key: int(counted[key]) for key in COUNT_KEYS}
    if int(counted["total"]) != sum(counts.values()):
        raise VerdictParseError(
            f"text line {number}: the summary's total {counted['total']} is not "
            f"{' + '.join(str(v) for v in counts.values())}"
        )
    return _Summary(number, int(counted["round"]), counts)


def _finding(line: str, number: int) -> dict[str, Any] | None:
    match = _FINDING.match(line)
    if match is None:
        return None
    split = _FIX.search(match["rest"])
    if split is None:
        raise VerdictParseError(
            f"text line {number}: finding {match['bid'] or match['id']} has no '. Fix: …' part"
        )
    description = match["rest"][: split.start()].strip()
    fix = match["rest"][split.end() :].strip()
    fix = fix[:-1].rstrip() if fix.endswith(".") else fix
    if not description or not fix:
        part = "description" if not description else "fix"
        raise VerdictParseError(f"text line {number}: the finding's {part} is empty")
    return {
        "id": (match["bid"] or match["id"]).upper(),
        "severity": match["sev"].upper(),
        "dimension": match["dim"].lower(),
        "file": match["path"],
        "line": int(match["line"]),
        "description": description,
        "suggested_fix": fix,
    }


def _last_nonblank(lines: list[str]) -> int:
    for number in range(len(lines), 0, -1):
        if lines[number - 1].strip():
            return number
    return 0


def _show(counts: dict[str, int]) -> str:
    return " / ".join(f"P{n}×{counts[f'p{n}']}" for n in (1, 2, 3))
