"""Put the Scope Report into an audit report as Section 0 (§3.2, §3.7 Q5 amend).

The Scope Report is an additive prepend: it goes in front of Section 1 and
nothing from Section 1 on is renumbered or touched, byte for byte (the v3.6.7
invariants depend on it). ``prepend_section0`` therefore edits only the text
before the Section 1 heading: it inserts the block right before that heading,
or, when the report already has a Scope Report there, replaces that section
(from its heading to the next heading of the same or a higher level, or to
Section 1), so rerunning never adds a second one. It keeps the report's line
endings and byte-order mark, and refuses a report it cannot edit safely.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ars_docs.core.errors import InputDataError
from ars_docs.document.parse.mdscan import Heading, MdScan, scan, split_lines

__all__ = ["find_section1", "is_scope_heading", "prepend_section0"]

from ars_docs.core.encoding import BOM

_SECTION1_RE = re.compile(r"(?:section\s*1|§\s*1|1)(?:\s|$|[.):—–-](?!\d))", re.IGNORECASE)
_SCOPE_RE = re.compile(r"\bscope\s+report\b|^section\s*0(?!\d)", re.IGNORECASE)


def is_scope_heading(heading: Heading) -> bool:
    """A Scope Report / Section 0 heading."""
    return bool(_SCOPE_RE.search(heading.text))


def find_section1(md: MdScan) -> Heading | None:
    """The first top-level heading that opens Section 1 ("Section 1 …", "1. …", "§1 …")."""
    for heading in md.headings:
        if _SECTION1_RE.match(heading.text) and not is_scope_heading(heading):
            return heading
    return None


def prepend_section0(
    report: str, render_block: Callable[[int], str], *, path: str = "<report>"
) -> str:
    """``report`` with a Scope Report block as its Section 0 (see the module docstring).

    ``render_block(level)`` returns the block with its heading at ``level``
    (the level of the Section 1 heading) and ``\\n`` line endings; they are
    converted to the report's own.
    Raises ``InputDataError`` when there is no Section 1, a Scope Report
    comes after Section 1, there is more than one before it, or it is a
    heading above Section 1's level (a title, whose section would run to
    Section 1).
    """
    bom = BOM if report.startswith(BOM) else ""
    text = report[len(bom) :]
    md = scan(text)
    section1 = find_section1(md)
    if section1 is None:
        raise InputDataError(
            f"{path}: no Section 1 heading found (a heading starting 'Section 1', '1.' or "
            "'§1'); --prepend-to puts the Scope Report before Section 1 of a codex audit "
            "report, so check the file, or write the block elsewhere with -o"
        )
    scopes = [h for h in md.headings if is_scope_heading(h)]
    late = [h for h in scopes if h.index > section1.index]
    if late:
        raise InputDataError(
            f"{path}:{late[0].index + 1}:1: a Scope Report heading comes after Section 1 "
            f"(line {section1.index + 1}); it must be Section 0, before Section 1. Move or "
            "delete it by hand (ars-docs never edits anything from Section 1 on), then rerun"
        )
    if len(scopes) > 1:
        raise InputDataError(
            f"{path}:{scopes[1].index + 1}:1: a second Scope Report heading before Section 1 "
            f"(first at line {scopes[0].index + 1}); delete one by hand, then rerun"
        )
    if scopes and scopes[0].level < section1.level:
        raise InputDataError(
            f"{path}:{scopes[0].index + 1}:1: the heading '{scopes[0].text}' names a Scope "
            f"Report but is a level-{scopes[0].level} heading above Section 1 (level "
            f"{section1.level}, line {section1.index + 1}), so it looks like the report's "
            "title; replacing it would delete everything up to Section 1. Rename it (or, if "
            f"it is the Scope Report, make it a level-{section1.level} heading), then rerun"
        )
    newline = _newline_of(text)
    cut_end = md.starts[section1.index]
    if scopes:
        cut_start = md.starts[scopes[0].index]
        cut_end = _section_end(md, scopes[0], section1)
    else:
        cut_start = cut_end
    head = text[:cut_start]
    separator = ""
    if head and not _ends_with_blank_line(head):
        separator = newline if head.endswith(("\n", "\r")) else newline * 2
    new_block = (render_block(section1.level).rstrip("\n") + "\n\n").replace("\n", newline)
    result = bom + head + separator + new_block + text[cut_end:]
    if not result.endswith(text[md.starts[section1.index] :]):  # pragma: no cover - a bug
        raise AssertionError("Section 1 onward would change")
    return result


def _section_end(md: MdScan, scope: Heading, section1: Heading) -> int:
    for heading in md.headings:
        if scope.index < heading.index <= section1.index and heading.level <= scope.level:
            return md.starts[heading.index]
    return md.starts[section1.index]


def _newline_of(text: str) -> str:
    match = re.search(r"\r\n|\r|\n", text)
    return match.group(0) if match else "\n"


def _ends_with_blank_line(head: str) -> bool:
    """``head`` (which ends at a line start) ends with a whitespace-only line."""
    lines, _ = split_lines(head)
    return not lines[-1].strip() if head.endswith(("\n", "\r")) else not head.strip()
