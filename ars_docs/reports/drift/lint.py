"""Lint session drift logs for the §3.4 firm rules (D4, Step 4).

==========  ================================================================
code        finding
==========  ================================================================
ARS421      non-neutral wording: "deviation", "out-of-spec", "error",
            "failure" and their forms ("deviant", "errored", "failing"; the
            log describes a return to an earlier phase as
            ``backflow-to-<phase>``, never as a mistake)
ARS422      a trajectory line whose classification is not one of
            ``in-phase``, ``backflow-to-<phase>``,
            ``crossphase-jump-to-<phase>``, ``ad-hoc``
ARS423      a part of the §3.4 drift log is missing
ARS424      a heading that is not one of the drift log's own (a file, phase
            or agent name with a line break can inject one; ``ars-docs
            drift-log`` escapes them, so this finds hand edits and older logs)
==========  ================================================================

The wording rule covers the log's own voice. Code (fenced, indented, inline
spans) and text in curly quotes (“…”, what an agent or person recorded, which
``ars-docs drift-log`` shows as written) are not checked; everything else is.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from ars_docs.core.codes import DRIFT_BAD_CLASSIFICATION as BAD_CLASSIFICATION
from ars_docs.core.codes import DRIFT_FOREIGN_HEADING as FOREIGN_HEADING
from ars_docs.core.codes import DRIFT_MISSING_PART as MISSING_PART
from ars_docs.core.codes import DRIFT_NON_NEUTRAL as NON_NEUTRAL
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.encoding import without_bom
from ars_docs.core.limits import shorten
from ars_docs.document.parse.mdscan import MdScan, scan
from ars_docs.files.yaml.read import decode_utf8, read_bytes

__all__ = ["FORBIDDEN_WORDS_RE", "lint_drift_log", "lint_drift_log_file"]

FORBIDDEN_WORDS_RE = re.compile(
    r"\b(?:deviat\w*|devian(?:ce|cy|ts?)|out[-\s]+of[-\s]+spec\w*|error(?:s|ed|ing)?"
    r"|erroneous\w*|failures?|failed|fails?|failing)\b",
    re.IGNORECASE,
)
"""Words the drift log never uses about the session's trajectory (§3.4 firm rule 1)."""
_QUOTED_RE = re.compile(r"“[^”]*”")
_CLASSIFICATION_RE = re.compile(
    r"in-phase|ad-hoc|backflow-to-[\w.-]+|crossphase-jump-to-[\w.-]+", re.IGNORECASE
)
_TRAJECTORY_RE = re.compile(r"^\s*[-*+]\s+(?:\d{2}-\d{2}\s+)?\d{1,2}:\d{2}\b(?P<rest>.*)$")
_TRAILING_PAREN_RE = re.compile(r"\(([^()]*)\)\s*$")
_PARTS = (
    ("a 'Session <id> drift log' heading", r"^#{1,6}\s.*\bsession\b.*\bdrift log\b"),
    ("'Session start phase:'", r"session start phase\W*:"),
    ("'Session end phase:'", r"session end phase\W*:"),
    ("'Pipeline mode:'", r"pipeline mode\W*:"),
    ("a 'Phase trajectory' heading", r"^#{1,6}\s+phase trajectory\b"),
    ("'Phase-standard artifacts produced:'", r"phase-standard artifacts produced"),
    ("'Ad-hoc artifacts produced'", r"ad-hoc artifacts produced"),
    ("'Sources newly verified-against-original:'", r"sources newly verified-against-original"),
    ("'Sources still unverified-against-original:'", r"sources still unverified-against-original"),
    ("a 'Phase status diff' heading", r"^#{1,6}\s+phase status diff\b"),
    ("a 'Recommended next-session work' heading", r"^#{1,6}\s+recommended next-session work\b"),
)


def lint_drift_log_file(path: str | os.PathLike[str]) -> Iterator[Diagnostic]:
    """Read and lint one drift log; a missing or unreadable file raises ``ArsError``."""
    name = os.fspath(path)
    raw = read_bytes(name, what="drift log", hint="check the file name")
    return lint_drift_log(decode_utf8(raw, name), name)


def lint_drift_log(text: str, path: str) -> Iterator[Diagnostic]:
    """Yield every finding about the drift log ``text`` in line order (``path`` is for messages)."""
    yield from sorted(_findings(text, path), key=lambda d: (d.line, d.col))


def _findings(text: str, path: str) -> Iterator[Diagnostic]:
    md = scan(without_bom(text))
    own_words = [_own_words(md, index) for index in range(len(md.lines))]
    for index, line in enumerate(own_words):
        for match in FORBIDDEN_WORDS_RE.finditer(line):
            yield Diagnostic(
                path,
                index + 1,
                match.start() + 1,
                NON_NEUTRAL,
                Severity.ERROR,
                f"'{match.group(0)}' is not neutral wording (§3.4): describe steps as "
                "in-phase, backflow-to-<phase>, crossphase-jump-to-<phase> or ad-hoc; "
                "leaving a phase to check sources is not a mistake. Reword it",
            )
        yield from _classification(path, index, line)
    yield from _foreign_headings(path, md)
    for what, pattern in _PARTS:
        regex = re.compile(pattern, re.IGNORECASE)
        if not any(regex.search(line) for line in own_words):
            yield Diagnostic(
                path,
                1,
                1,
                MISSING_PART,
                Severity.ERROR,
                f"the drift log has no {what}; §3.4 requires every part (render it with "
                "ars-docs drift-log)",
            )


# Block quote and list markers (and indentation) before a line's content.
_CONTAINERS_RE = re.compile(r"^(?:[ \t]*(?:>|[-*+]|[0-9]{1,9}[.)])(?=[ \t]))*[ \t]*")
_HEADING_LINE_RE = re.compile(r"^(#{1,6})(?:[ \t]+(?P<text>.*?))?[ \t#]*$")
_SESSION_HEADING_RE = re.compile(r"session\b.*\bdrift log", re.IGNORECASE)
_SECTION_HEADINGS_RE = re.compile(
    r"(top three actionable items|phase trajectory|session deliverables"
    r"|phase status diff\b.*|recommended next-session work\b.*)",
    re.IGNORECASE,
)


def _foreign_headings(path: str, md: MdScan) -> Iterator[Diagnostic]:
    """Headings the drift log does not have: one session heading, then its sections.

    ATX lines are checked as text (outside code blocks), so a heading injected
    into a list item or a block quote is found too; setext headings (a line
    underlined with ``===``/``---``) come from the parse.
    """
    found_at: dict[int, str] = {h.index: h.text for h in md.headings}
    for index, line in enumerate(md.lines):
        if index in md.code:
            continue
        atx = _HEADING_LINE_RE.match(_CONTAINERS_RE.sub("", line, count=1))
        if atx is not None:
            found_at[index] = atx.group("text") or ""
    session_headings = 0
    for index, title in sorted(found_at.items()):
        if _SECTION_HEADINGS_RE.fullmatch(title):
            continue
        if _SESSION_HEADING_RE.search(title) and session_headings == 0:
            session_headings += 1
            continue
        yield Diagnostic(
            path,
            index + 1,
            1,
            FOREIGN_HEADING,
            Severity.ERROR,
            f"heading {shorten(title)!r} is not part of the drift log; a recorded file, "
            "phase or agent name with a line break may have injected it. Render the log "
            "again with ars-docs drift-log",
        )


def _own_words(md: MdScan, index: int) -> str:
    """The line without code spans and quoted text, blanked to keep columns."""
    return _QUOTED_RE.sub(lambda m: " " * len(m.group(0)), md.prose(index))


def _classification(path: str, index: int, line: str) -> Iterator[Diagnostic]:
    step = _TRAJECTORY_RE.match(line)
    if step is None:
        return
    found = _TRAILING_PAREN_RE.search(step.group("rest"))
    label = found.group(1).strip() if found else ""
    if not _CLASSIFICATION_RE.fullmatch(label):
        column = step.start("rest") + (found.start(1) if found else 0)
        shown = f"'{label}'" if found else "none"
        yield Diagnostic(
            path,
            index + 1,
            column + 1,
            BAD_CLASSIFICATION,
            Severity.ERROR,
            f"trajectory step classified as {shown}; end the line with one of (in-phase), "
            "(backflow-to-<phase>), (crossphase-jump-to-<phase>), (ad-hoc)",
        )
