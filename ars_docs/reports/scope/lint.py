"""Lint codex audit reports and templates for the Scope Report rules (§3.2 D2, Step 2).

==========  ================================================================
code        finding
==========  ================================================================
ARS401      no Scope Report (Section 0) heading
ARS402      a pass/fail summary comes before the Scope Report
ARS403      more than one Scope Report
ARS404      the Scope Report comes after Section 1
ARS405      a required Scope Report field is missing
ARS406      one of the three split summary lines is missing
ARS407      a field has no usable value (a placeholder left in a report,
            a status other than PASS / FAIL / NOT EVALUATED, not a number)
ARS408      the counts disagree (total ≠ with + without source, the
            unaudited count or the refcode list ≠ description-only count)
ARS410      the combined aggregate word "PASSED" (or a "status: passed" line)
==========  ================================================================

Fenced and indented code and inline code spans are not prose and are never
checked. With ``template=True`` (files with ``<placeholders>``, such as the
shipped audit prompt) values are not checked (ARS407, ARS408), only their
presence and order.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ars_docs.core.codes import (
    COMBINED_PASSED,
    NO_SCOPE_REPORT,
    SCOPE_AFTER_SECTION1,
    SECOND_SCOPE_REPORT,
    SUMMARY_BEFORE_SCOPE,
)
from ars_docs.core.codes import SCOPE_BAD_VALUE as BAD_VALUE
from ars_docs.core.codes import SCOPE_COUNTS_DISAGREE as COUNTS_DISAGREE
from ars_docs.core.codes import SCOPE_MISSING_FIELD as MISSING_FIELD
from ars_docs.core.codes import SCOPE_MISSING_SPLIT_LINE as MISSING_SPLIT_LINE
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.encoding import without_bom
from ars_docs.document.parse.mdscan import Heading, MdScan, scan
from ars_docs.files.yaml.read import decode_utf8, read_bytes
from ars_docs.reports.scope.report import FAIL, NOT_EVALUATED, PASS
from ars_docs.reports.scope.section0 import find_section1, is_scope_heading

__all__ = ["lint_audit_report", "lint_audit_report_file"]

FIELDS = (
    "Total entries audited",
    "Entries with retrieved original source",
    "Entries description-only",
    "Audit scope warning",
    "Affected refcodes",
)
SPLIT_LINES = (
    "verified-against-source",
    "description-internally-consistent",
    "unaudited-due-to-missing-source",
)
_STATUSES = (PASS, FAIL, NOT_EVALUATED)
# Uppercase verdict words (and the v3.6.7 field) that make a line a pass/fail summary.
_SUMMARY_RE = re.compile(
    r"\b(?:PASS|FAIL|PASSED|FAILED|ADDRESSED|MATERIAL|MINOR|AUDIT_FAILED|NOT EVALUATED)\b"
    r"|\bverdict_status\b"
)
_SUMMARY_HEADING_RE = re.compile(r"\bverdict\b|\bpass\s*/\s*fail\b", re.IGNORECASE)
_PASSED_RE = re.compile(r"\bPASSED\b")
_STATUS_PASSED_RE = re.compile(
    r"\b(?:status|verdict|result|outcome|overall|aggregate)\b[^:\n]{0,40}:[\s*_]*passed\b",
    re.IGNORECASE,
)
_PLACEHOLDER_RE = re.compile(r"<[^<>\n]+>")
# One status, then the end, a parenthesis or punctuation: "PASS | FAIL" is a placeholder.
_STATUS_VALUE_RE = re.compile(
    "(?:" + "|".join(map(re.escape, _STATUSES)) + r")(?:\s*$|\s+\(|\s*[;,.—–-])"
)


_At = Callable[[int, int, str, str], Diagnostic]
"""Builds a diagnostic from a 0-based line and column, a code and a message."""


@dataclass(frozen=True, slots=True)
class _Value:
    """The text after a field's label, and where it starts."""

    index: int
    col: int
    text: str


def lint_audit_report_file(
    path: str | os.PathLike[str], *, template: bool = False
) -> Iterator[Diagnostic]:
    """Read and lint one report; a missing or unreadable file raises ``ArsError``."""
    name = os.fspath(path)
    raw = read_bytes(name, what="audit report", hint="check the file name")
    return lint_audit_report(decode_utf8(raw, name), name, template=template)


def lint_audit_report(text: str, path: str, *, template: bool = False) -> Iterator[Diagnostic]:
    """Yield every finding about the report ``text`` in line order (``path`` is for messages)."""
    found = _findings(text, path, template=template)
    yield from sorted(found, key=lambda diagnostic: (diagnostic.line, diagnostic.col))


def _findings(text: str, path: str, *, template: bool) -> Iterator[Diagnostic]:
    md = scan(without_bom(text))

    def at(index: int, col: int, code: str, message: str) -> Diagnostic:
        return Diagnostic(path, index + 1, col + 1, code, Severity.ERROR, message)

    yield from _combined_passed(md, at)
    scopes = [h for h in md.headings if is_scope_heading(h)]
    if not scopes:
        yield at(
            0,
            0,
            NO_SCOPE_REPORT,
            "no Scope Report heading; add Section 0 ('## Codex Audit Round N — Scope Report', "
            "as rendered by ars-docs scope-report) before Section 1 and any pass/fail summary",
        )
        return
    scope = scopes[0]
    for extra in scopes[1:]:
        yield at(
            extra.index,
            0,
            SECOND_SCOPE_REPORT,
            f"a second Scope Report (the first is at line {scope.index + 1}); keep one Section 0",
        )
    yield from _order(md, scope, at)
    fields = _section_fields(md, scope)
    for label in FIELDS:
        if label not in fields:
            yield at(
                scope.index,
                0,
                MISSING_FIELD,
                f"the Scope Report has no '{label}' field; add '**{label}:** …' to Section 0",
            )
    splits = _split_lines(md)
    for label in SPLIT_LINES:
        if label not in splits:
            yield at(
                scope.index,
                0,
                MISSING_SPLIT_LINE,
                f"no '{label}:' line; the audit summary must be split into "
                "verified-against-source, description-internally-consistent and "
                "unaudited-due-to-missing-source",
            )
    if not template:
        yield from _values(fields, splits, at)


def _combined_passed(md: MdScan, at: _At) -> Iterator[Diagnostic]:
    for index in range(len(md.lines)):
        prose = md.prose(index)
        for regex in (_PASSED_RE, _STATUS_PASSED_RE):
            match = regex.search(prose)
            if match:
                yield at(
                    index,
                    match.start(),
                    COMBINED_PASSED,
                    "combined aggregate 'PASSED' is forbidden (§3.2); report "
                    "verified-against-source and description-internally-consistent separately",
                )
                break


def _order(md: MdScan, scope: Heading, at: _At) -> Iterator[Diagnostic]:
    section1 = find_section1(md)
    if section1 is not None and section1.index < scope.index:
        yield at(
            scope.index,
            0,
            SCOPE_AFTER_SECTION1,
            f"the Scope Report comes after Section 1 (line {section1.index + 1}); it is "
            "Section 0 and goes before Section 1",
        )
    headings = {h.index: h for h in md.headings}
    for index in range(scope.index):
        heading = headings.get(index)
        match = _SUMMARY_RE.search(md.prose(index))
        if match or (heading is not None and _SUMMARY_HEADING_RE.search(heading.text)):
            yield at(
                index,
                match.start() if match else 0,
                SUMMARY_BEFORE_SCOPE,
                f"a pass/fail summary comes before the Scope Report (line {scope.index + 1}); "
                "Section 0 must come before any pass/fail summary",
            )
            return


def _section_fields(md: MdScan, scope: Heading) -> dict[str, _Value]:
    end = len(md.lines)
    for heading in md.headings:
        if heading.index > scope.index and heading.level <= scope.level:
            end = heading.index
            break
    found: dict[str, _Value] = {}
    for index in range(scope.index + 1, end):
        prose = md.prose(index)
        for label in FIELDS:
            match = re.search(re.escape(label) + r"[^:\n]*:", prose, re.IGNORECASE)
            if match and label not in found:
                found[label] = _value_after(md, index, match.end())
    return found


def _split_lines(md: MdScan) -> dict[str, _Value]:
    found: dict[str, _Value] = {}
    for index in range(len(md.lines)):
        prose = md.prose(index)
        for label in SPLIT_LINES:
            match = re.search(r"(?<![\w-])" + re.escape(label) + r"\s*:", prose)
            if match and label not in found:
                found[label] = _value_after(md, index, match.end())
    return found


def _value_after(md: MdScan, index: int, col: int) -> _Value:
    """The raw text after a label's colon, emphasis markers and spaces skipped."""
    rest = md.lines[index][col:]
    value = rest.lstrip("*_ \t")
    return _Value(index, col + len(rest) - len(value), value)


def _values(fields: dict[str, _Value], splits: dict[str, _Value], at: _At) -> Iterator[Diagnostic]:
    numbers: dict[str, tuple[int, _Value]] = {}
    for label in (*FIELDS[:3], SPLIT_LINES[2]):
        value = fields.get(label) or splits.get(label)
        if value is None:
            continue
        match = re.match(r"\s*(\d+)\b", value.text)
        if match:
            numbers[label] = (int(match.group(1)), value)
        else:
            yield at(
                value.index,
                value.col,
                BAD_VALUE,
                f"'{label}' is {_shown(value)}, not a number; fill in the count",
            )
    for label in SPLIT_LINES[:2]:
        value = splits.get(label)
        if value is not None and not _STATUS_VALUE_RE.match(value.text.strip()):
            yield at(
                value.index,
                value.col,
                BAD_VALUE,
                f"'{label}' is {_shown(value)}; it must be PASS, FAIL or NOT EVALUATED",
            )
    refcodes = fields.get("Affected refcodes")
    if refcodes is not None and _PLACEHOLDER_RE.search(refcodes.text):
        yield at(
            refcodes.index,
            refcodes.col,
            BAD_VALUE,
            "the affected refcodes are still a placeholder; list the description-only "
            "citation keys (or 'none')",
        )
        refcodes = None
    yield from _consistency(numbers, refcodes, at)


def _consistency(
    numbers: dict[str, tuple[int, _Value]], refcodes: _Value | None, at: _At
) -> Iterator[Diagnostic]:
    total, with_source, without = (numbers.get(label) for label in FIELDS[:3])
    if total and with_source and without and total[0] != with_source[0] + without[0]:
        yield at(
            total[1].index,
            total[1].col,
            COUNTS_DISAGREE,
            f"total {total[0]} is not {with_source[0]} with retrieved source + {without[0]} "
            "description-only; recount from the passport",
        )
    if without is None:
        return
    unaudited = numbers.get(SPLIT_LINES[2])
    if unaudited and unaudited[0] != without[0]:
        yield at(
            unaudited[1].index,
            unaudited[1].col,
            COUNTS_DISAGREE,
            f"unaudited-due-to-missing-source is {unaudited[0]} but {without[0]} entries are "
            "description-only; every description-only entry is unaudited against its source",
        )
    if refcodes is not None:
        listed = refcodes.text.strip().strip("*_ ")
        count = 0 if listed.lower() in ("", "none", "-") else len(listed.split(","))
        if count != without[0]:
            yield at(
                refcodes.index,
                refcodes.col,
                COUNTS_DISAGREE,
                f"{count} refcode(s) listed but {without[0]} description-only entries; list "
                "every description-only citation key",
            )


def _shown(value: _Value) -> str:
    text = value.text.strip()
    return repr(text if len(text) <= 40 else text[:37] + "...")
