"""recheck: the strict output must be read the way the gate read the draft.

The gate judged the draft. What is published is the draft with its markers
stripped, and stripping can change how the text around a marker is read:
removing the marker that starts a line turns the rest of the line from raw
HTML into markdown, and removing ``<!--ref:k ok-->`` from ``<!--ref:k
ok--><div>`` makes the line an HTML block that swallows the code span on
the next line. So after the gate this pass builds the output the strip pass
would write, reads it again (``mdparse.read``) and refuses it unless

* its code ranges are the draft's, character for character (white space and
  the stripped text aside): nothing the gate approved as text became code,
  nothing it left alone as code became text (``strip-changes-reading``);
* no marker comment or warning text is in its running text;

and then, not relying on any parser's reading of running text, it scans
everything outside that code for

* any ``<!--`` whose comment (up to the first ``-->``) holds ``ref:``, ``ref=``
  or ``cite:``, or holds ``--!>`` (readers disagree where it ends);
* any bogus comment (``<!ref:…>``, ``</ ref:…>``, ``<?ref:…>``) starting with
  such text, outside markdown code;
* marker or warning text once HTML entities are decoded;
* ``[UNVERIFIED CITATION`` text.

Findings are placed at their line in the draft, one per line. Linear: one
parse of the output, one sweep over the code ranges, scans with bounded
look-ahead.
"""

from __future__ import annotations

import html
import re

from ars_docs import codes
from ars_docs.draft.markers import WARNING_TEXT_RE
from ars_docs.draft.passes.extract import draft_code
from ars_docs.draft.passes.strip import strict_edits
from ars_docs.draft.pipeline import DocState, Offender

_COMMENT = "<!--"
#: How far one comment is read (bounded look-ahead keeps the scan linear).
_COMMENT_REACH = 4000
_MARKERISH = re.compile(r"\b(?:ref|cite|citation)\s*[:=]", re.IGNORECASE)
_BOGUS_MARKER = re.compile(
    r"<(?:!(?!--)|\?|/(?![A-Za-z]))\s*(?:ref|cite|citation)\s*[:=]", re.IGNORECASE
)
_ENCODED = re.compile(r"<!--\s*(?:ref|cite)|\[UNVERIFIED\s+CITATION", re.IGNORECASE)


def recheck(state: DocState) -> None:
    # Loaded when used: finalize imports this module but never runs it (start-up cost).
    from ars_docs.draft.reading import EditMap
    from ars_docs.draft.reading import reread as reread_output

    doc = state.document
    edits = strict_edits(state)
    # One finding per line: a line already refused for another reason is enough
    # (the draft-wide no-citations refusal sits on line 1 and does not count).
    reported = {o.line for o in state.offenders if o.reason != codes.REFUSE_NO_CITATIONS}
    found: list[Offender] = []
    to_draft = EditMap(edits).to_draft

    def refuse(offset: int, reason: str, detail: str) -> None:
        line, col = doc.position(offset)
        if line not in reported:
            reported.add(line)
            found.append(Offender(line, col, reason, "-", detail))

    before = draft_code(state)
    # Nothing reads the draft's token tree after the gate: let it go before the
    # output's own tree is built (peak memory on a large draft, issue 29 §12).
    state.tokens = []
    reread = reread_output(doc, before, edits)
    reading = reread.reading
    for offset, detail in reread.changes:
        refuse(offset, codes.REFUSE_READING_CHANGED, detail)
    exempt = reading.code if reading is not None else []
    if reading is not None and reading.front_matter is not None:
        # Front matter is not running text, but pandoc shows its title: read it anyway.
        end = reading.front_matter[1]
        exempt = [(max(s, end), e) for s, e in exempt if e > end]
    masked = _blank(reread.text, exempt)
    for at, detail in _findings(masked):
        refuse(to_draft(at), codes.REFUSE_HIDDEN, detail)
    if _BOGUS_MARKER.search(reread.text):
        # "<!ref:k ok>" and "</ ref:k>" are comments to HTML (bogus ones) whose text
        # is a marker's: refused wherever markdown does not make them code.
        markdown_code = reading.markdown_code if reading is not None else []
        for match in _BOGUS_MARKER.finditer(_blank(reread.text, markdown_code)):
            refuse(
                to_draft(match.start()),
                codes.REFUSE_HIDDEN,
                "a bogus comment ('<!', '<?' or '</' without a tag name) holding 'ref:', "
                "which HTML reads as a comment with a marker's text",
            )
    if found:
        state.offenders = sorted([*state.offenders, *found], key=lambda o: (o.line, o.col))


def _blank(text: str, ranges: list[tuple[int, int]]) -> str:
    """``text`` with the sorted, disjoint ``ranges`` blanked (line breaks kept; same length)."""
    pieces: list[str] = []
    cursor = 0
    for start, end in ranges:
        pieces.append(text[cursor:start])
        pieces.append(re.sub(r"[^\r\n]", " ", text[start:end]))
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def _findings(masked: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    pos = masked.find(_COMMENT)
    while pos >= 0:
        close = masked.find("-->", pos + 4, pos + _COMMENT_REACH)
        comment = masked[pos : close + 3 if close >= 0 else pos + _COMMENT_REACH]
        if _MARKERISH.search(comment):
            closed = " and closed by '--!>'" if "--!>" in comment else ""
            found.append(
                (pos, f"a comment holding 'ref:'{closed} that a reader may take for a marker")
            )
        elif "--!>" in comment:
            found.append((pos, "a comment closed by '--!>' (readers disagree where it ends)"))
        pos = masked.find(_COMMENT, pos + 4)
    for match in WARNING_TEXT_RE.finditer(masked):
        found.append((match.start(), "warning text left in the output"))
    amp = masked.find("&")
    while amp >= 0:
        line_start = masked.rfind("\n", 0, amp) + 1
        line_end = masked.find("\n", amp)
        line_end = len(masked) if line_end < 0 else line_end
        if _ENCODED.search(html.unescape(masked[line_start:line_end])):
            found.append((amp, "a marker or warning written with HTML entities"))
        amp = masked.find("&", line_end)
    found.sort()
    return found
