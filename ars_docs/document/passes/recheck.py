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
* marker or warning text once HTML entities are decoded, in the text and in
  every attribute value (decoded as HTML decodes attribute values; a
  ``srcdoc`` value is a whole document, read again like this);
* ``[UNVERIFIED CITATION`` text.

Marker and warning text is matched as a reader sees it (``document.parse.visible``):
invisible characters, look-alike brackets and letters (``［UNVERIFIED
СITATION``, ``＜!--ref:k--＞``, a comment ``<!--ｒｅｆ:k ok-->``) count.

Findings are placed at their line in the draft, one per line. Linear: one
parse of the output, one sweep over the code ranges, scans with bounded
look-ahead.
"""

from __future__ import annotations

import bisect
import html
import re

from ars_docs.core import codes
from ars_docs.document.parse.frontmatter import hidden_in_metadata, metadata_content
from ars_docs.document.parse.htmlread import (
    Tag,
    attribute_values,
    comment_end,
    decode_attribute,
    may_end,
    read_tag,
)
from ars_docs.document.parse.mdparse import merge_ranges
from ars_docs.document.parse.visible import Patterns, disguise, disguised, patterns
from ars_docs.document.parse.visible import shown as shown_matches
from ars_docs.document.passes.extract import draft_code
from ars_docs.document.passes.gate import disputed_code
from ars_docs.document.passes.strip import strict_edits
from ars_docs.document.pipeline import DocState, Offender
from ars_docs.document.text import EditMap

_COMMENT = "<!--"
_BOGUS_MARKER = re.compile(
    r"<(?:!(?!--)|\?|/(?![A-Za-z]))\s*(?:ref|cite|citation)\s*[:=]", re.IGNORECASE
)
_BOGUS_DETAIL = (
    "a bogus comment ('<!', '<?' or '</' without a tag name) holding 'ref:', "
    "which HTML reads as a comment with a marker's text"
)
#: How deep ``srcdoc`` documents inside ``srcdoc`` documents are read.
SRCDOC_DEPTH = 8


def recheck(state: DocState) -> None:
    # Loaded when used: finalize imports this module but never runs it (start-up cost).
    from ars_docs.document.parse.reading import reread as reread_output

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
    for at, detail in _findings(masked, patterns(reread.text)):
        refuse(to_draft(at), codes.REFUSE_HIDDEN, detail)
    if _BOGUS_MARKER.search(reread.text):
        # "<!ref:k ok>" and "</ ref:k>" are comments to HTML (bogus ones) whose text
        # is a marker's: refused wherever markdown does not make them code.
        markdown_code = reading.markdown_code if reading is not None else []
        for match in _BOGUS_MARKER.finditer(_blank(reread.text, markdown_code)):
            refuse(to_draft(match.start()), codes.REFUSE_HIDDEN, _BOGUS_DETAIL)
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


def _findings(masked: str, found_by: Patterns, depth: int = 0) -> list[tuple[int, str]]:
    """What the output scan refuses in ``masked`` (its markdown code blanked):
    ``(offset, detail)``, sorted. ``found_by``: the patterns for ``masked``."""
    found: list[tuple[int, str]] = []
    if "&" in masked or "<" in masked or found_by.full:
        # First, so that at one offset their more specific detail is the one kept
        # (an attribute value that starts with warning text).
        found.extend(_shown_findings(masked, found_by, depth))
    # Each comment read up to its first "-->" (the longest reading), however long:
    # sorted match positions and one forward pointer keep it linear.
    comments: list[tuple[int, int]] = []
    pos = masked.find(_COMMENT)
    close = -2  # not searched yet; -1: no "-->" after here at all
    while pos >= 0:
        if close == -2 or 0 <= close < pos + 4:
            close = masked.find("-->", pos + 4)
        comments.append((pos, close + 3 if close >= 0 else len(masked)))
        pos = masked.find(_COMMENT, pos + 4)
    # "ref:" in comments only; comments that start inside one another share their
    # end, so their union is read once.
    markerish: dict[int, str] = {}
    for start, end in merge_ranges(comments):
        for match in found_by.markerish.finditer(masked, start, end):
            markerish[match.start()] = match.group()
    starts = sorted(markerish)
    bangs = [m.start() for m in re.finditer("--!>", masked)]
    for pos, end in comments:
        inside = _first_in(starts, pos, end)
        if inside is not None:
            closed = " and closed by '--!>'" if _any_in(bangs, pos, end) else ""
            shown = disguise(markerish[inside]) if disguised(markerish[inside]) else None
            written = f", written with {shown}," if shown else ""
            found.append(
                (
                    pos,
                    f"a comment holding 'ref:'{written}{closed} that a reader may take for a "
                    "marker",
                )
            )
        elif _any_in(bangs, pos, end):
            found.append((pos, "a comment closed by '--!>' (readers disagree where it ends)"))
    for match in found_by.warning_text.finditer(masked):
        shown = disguise(match.group()) if disguised(match.group()) else None
        written = f" written with {shown}" if shown else ""
        found.append((match.start(), f"warning text{written} left in the output"))
    found.sort(key=lambda finding: finding[0])  # stable: see above
    return found


def _first_in(positions: list[int], start: int, end: int) -> int | None:
    index = bisect.bisect_left(positions, start)
    return positions[index] if index < len(positions) and positions[index] < end else None


def _any_in(positions: list[int], start: int, end: int) -> bool:
    index = bisect.bisect_left(positions, start)
    return index < len(positions) and positions[index] < end


#: An HTML character reference, named (with or without ";") or numeric.
_ENTITY = re.compile(r"&(?:#[0-9]{1,8};?|#[xX][0-9a-fA-F]{1,8};?|[A-Za-z][A-Za-z0-9]{0,31};?)")


def _shown_findings(masked: str, found_by: Patterns, depth: int) -> list[tuple[int, str]]:
    """Marker or warning text a reader sees once entities are decoded and markup hidden.

    The text a browser shows: character references decoded, comments and tags
    left out (``&lt;!--<!---->ref:k ok--&gt;`` shows ``<!--ref:k ok-->``), across
    line breaks (``&#91;UNVERIFIED`` and ``CITATION`` on two lines). Only
    findings that an entity or hidden markup produced are reported here; plain
    text is the other scans' job, but for marker text written with invisible or
    look-alike characters (``document.parse.visible``), which no other scan reads. Each
    tag holding a character reference (or, in text that needs them, a
    look-alike) has its attribute values read too (``_attribute_findings``).
    Linear: one pass, offsets kept per piece.
    """
    found: list[tuple[int, str]] = []
    pieces: list[str] = []
    origins: list[int] = []  # draft offset of each piece's first character
    #: 1: the piece is a decoded entity; 2: it follows hidden markup; 0: plain text.
    kinds: list[int] = []
    pos = 0
    hidden_before = False
    length = len(masked)
    # As read_html does: a "<?" or "<![CDATA[" whose end is nowhere would make every
    # tag read scan to the end of the output (quadratic in a run of them).
    ends = {t: masked.rfind(t) for t in (">", "?>", "]]>")}
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
        tag = read_tag(masked, lt, length) if may_end(masked, lt, ends) else None
        if tag is not None:
            if masked.find("&", tag.start, tag.end) >= 0 or (
                found_by.full and not masked[tag.start : tag.end].isascii()
            ):
                found.extend(_attribute_findings(masked, tag, found_by, depth))
            pos = tag.end
            hidden_before = True
            continue
        pieces.append("<")
        origins.append(lt)
        kinds.append(2 if hidden_before else 0)
        pos = lt + 1
    shown = "".join(pieces)
    if not any(kinds) and not found_by.full:
        return found
    if not found_by.full and any(kinds):
        found_by = patterns(shown)  # an entity may decode to a look-alike
    starts: list[int] = []
    total = 0
    for piece in pieces:
        starts.append(total)
        total += len(piece)
    for match in shown_matches(found_by, shown):
        first = bisect.bisect_right(starts, match.start()) - 1
        last = bisect.bisect_right(starts, match.end() - 1) - 1
        made = kinds[first] == 1 or any(kinds[first + 1 : last + 1])
        text = match.group()
        # Plain text (even right after a tag) is the other scans' finding; here only
        # what an entity or markup hidden inside the match made, and marker text in
        # look-alikes (the warning scan reads warnings in look-alikes itself).
        lookalike = disguised(text) and not found_by.warning_text.fullmatch(text)
        if not made and not lookalike:
            continue
        at = origins[first]
        if kinds[first] != 1:  # plain text: the match starts inside the piece
            at += match.start() - starts[first]
        shown_with = disguise(text) if disguised(text) else None
        detail = "a marker or warning written with HTML entities" if made else "marker text"
        if shown_with:
            detail += f" (written with {shown_with})"
        found.append((at, detail))
    return found


def _attribute_findings(
    masked: str, tag: Tag, found_by: Patterns, depth: int
) -> list[tuple[int, str]]:
    """Marker or warning text in the attribute values of ``tag``, decoded as HTML
    decodes them: ``alt``, ``title``, ``value``, ``placeholder``, ``aria-label`` …
    are shown or read aloud; ``srcdoc`` is the document of a frame, read again by
    ``_findings`` (a comment there is a live comment)."""
    found: list[tuple[int, str]] = []
    for name, start, end in attribute_values(masked, tag):
        raw = masked[start:end]
        value = decode_attribute(raw)
        if value == raw and (not found_by.full or raw.isascii()):
            continue  # nothing decoded and nothing to fold: the raw scans read it
        where = f"the `{name}` attribute of `<{tag.name}>`"
        if name == "srcdoc":
            if depth >= SRCDOC_DEPTH:
                if "&" in value or "<" in value:
                    found.append(
                        (
                            start,
                            f"{where} nests frame documents more than {SRCDOC_DEPTH} deep; "
                            "ars-docs does not read further: flatten it",
                        )
                    )
                continue
            inner = _findings(value, patterns(value), depth + 1)
            inner += [(m.start(), _BOGUS_DETAIL) for m in _BOGUS_MARKER.finditer(value)]
            if inner:
                detail = min(inner)[1]
                found.append(
                    (start, f"in {where}, a document of its own where comments are live: {detail}")
                )
            continue
        own = found_by if found_by.full else patterns(value)
        matches = shown_matches(own, value)
        if not matches:
            continue
        match = matches[0]
        text = match.group()
        what = "warning text" if own.warning_text.fullmatch(text) else "marker text"
        written = disguise(text) if disguised(text) else None
        how = f", written with {written}," if written else ""
        decoded = " once character references are decoded" if value != raw else ""
        found.append((start, f"{what}{how} in {where}{decoded} (readers are shown or read it)"))
    return found
