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

import bisect
import html
import re

from ars_docs import codes
from ars_docs.draft.frontmatter import hidden_in_metadata, metadata_content
from ars_docs.draft.htmlread import comment_end, read_tag
from ars_docs.draft.markers import WARNING_TEXT_RE
from ars_docs.draft.passes.extract import draft_code
from ars_docs.draft.passes.gate import disputed_code
from ars_docs.draft.passes.strip import strict_edits
from ars_docs.draft.pipeline import DocState, Offender

_COMMENT = "<!--"
_MARKERISH = re.compile(r"\b(?:ref|cite|citation)\s*[:=]", re.IGNORECASE)
_BOGUS_MARKER = re.compile(
    r"<(?:!(?!--)|\?|/(?![A-Za-z]))\s*(?:ref|cite|citation)\s*[:=]", re.IGNORECASE
)
#: Marker or warning text as a reader sees it (white space, line breaks included).
_SHOWN = re.compile(r"<!--\s*(?:ref|cite)|\[UNVERIFIED\s+CITATION", re.IGNORECASE)


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
    # Only markdown code is exempt (issue 24): markdown is the one documented way to
    # show a marker literally. Raw HTML that is not running text (raw text such as
    # <script> content, attribute values, declarations) is scanned like prose.
    exempt = reading.markdown_code if reading is not None else []
    if reading is not None and reading.front_matter is not None:
        # Metadata is not running text, but pandoc shows its values: read them decoded.
        start, end = metadata_content(reread.text, *reading.front_matter)
        for at, detail in hidden_in_metadata(reread.text[start:end]):
            refuse(to_draft(start + at), codes.REFUSE_HIDDEN, detail)
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
    found.extend(disputed_code(state, found))
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
    # Each comment read up to its first "-->" (the longest reading), however long:
    # sorted match positions and one forward pointer keep it linear.
    markerish = [m.start() for m in _MARKERISH.finditer(masked)]
    bangs = [m.start() for m in re.finditer("--!>", masked)]
    pos = masked.find(_COMMENT)
    close = -2  # not searched yet; -1: no "-->" after here at all
    while pos >= 0:
        if close == -2 or 0 <= close < pos + 4:
            close = masked.find("-->", pos + 4)
        end = close + 3 if close >= 0 else len(masked)
        if _any_in(markerish, pos, end):
            closed = " and closed by '--!>'" if _any_in(bangs, pos, end) else ""
            found.append(
                (pos, f"a comment holding 'ref:'{closed} that a reader may take for a marker")
            )
        elif _any_in(bangs, pos, end):
            found.append((pos, "a comment closed by '--!>' (readers disagree where it ends)"))
        pos = masked.find(_COMMENT, pos + 4)
    for match in WARNING_TEXT_RE.finditer(masked):
        found.append((match.start(), "warning text left in the output"))
    if "&" in masked or "<" in masked:
        found.extend(_shown_findings(masked))
    found.sort()
    return found


def _any_in(positions: list[int], start: int, end: int) -> bool:
    index = bisect.bisect_left(positions, start)
    return index < len(positions) and positions[index] < end


#: An HTML character reference, named (with or without ";") or numeric.
_ENTITY = re.compile(r"&(?:#[0-9]{1,8};?|#[xX][0-9a-fA-F]{1,8};?|[A-Za-z][A-Za-z0-9]{0,31};?)")


def _shown_findings(masked: str) -> list[tuple[int, str]]:
    """Marker or warning text a reader sees once entities are decoded and markup hidden.

    The text a browser shows: character references decoded, comments and tags
    left out (``&lt;!--<!---->ref:k ok--&gt;`` shows ``<!--ref:k ok-->``), across
    line breaks (``&#91;UNVERIFIED`` and ``CITATION`` on two lines). Only
    findings that an entity or hidden markup produced are reported here; plain
    text is the other scans' job. Linear: one pass, offsets kept per piece.
    """
    pieces: list[str] = []
    origins: list[int] = []  # draft offset of each piece's first character
    #: 1: the piece is a decoded entity; 2: it follows hidden markup; 0: plain text.
    kinds: list[int] = []
    pos = 0
    hidden_before = False
    length = len(masked)
    while pos < length:
        amp = masked.find("&", pos)
        lt = masked.find("<", pos)
        stop = min(x for x in (amp, lt, length) if x >= 0)
        if stop > pos:
            pieces.append(masked[pos:stop])
            origins.append(pos)
            kinds.append(2 if hidden_before else 0)
            hidden_before = False
        if stop >= length:
            break
        if stop == amp:
            entity = _ENTITY.match(masked, amp)
            if entity is not None:
                pieces.append(html.unescape(entity.group()))
                origins.append(amp)
                kinds.append(1)
                pos = entity.end()
                continue
            pieces.append("&")
            origins.append(amp)
            kinds.append(2 if hidden_before else 0)
            pos = amp + 1
            continue
        if masked.startswith(_COMMENT, lt):
            end = comment_end(masked, lt, length)
            pos = end if end >= 0 else length
            hidden_before = True
            continue
        tag = read_tag(masked, lt, length)
        if tag is not None:
            pos = tag.end
            hidden_before = True
            continue
        pieces.append("<")
        origins.append(lt)
        kinds.append(2 if hidden_before else 0)
        pos = lt + 1
    shown = "".join(pieces)
    if not any(kinds):
        return []
    starts: list[int] = []
    total = 0
    for piece in pieces:
        starts.append(total)
        total += len(piece)
    found: list[tuple[int, str]] = []
    for match in _SHOWN.finditer(shown):
        first = bisect.bisect_right(starts, match.start()) - 1
        last = bisect.bisect_right(starts, match.end() - 1) - 1
        # Plain text (even right after a tag) is the other scans' finding; here only
        # what an entity or markup hidden inside the match made.
        if kinds[first] == 1 or any(kinds[first + 1 : last + 1]):
            at = origins[first]
            if kinds[first] != 1:  # plain text: the match starts inside the piece
                at += match.start() - starts[first]
            found.append((at, "a marker or warning written with HTML entities"))
    return found
