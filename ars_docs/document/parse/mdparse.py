"""Find citation-marker candidates in a draft, and its code, through the markdown-it-py AST.

``read`` walks the token stream of ``document.parse.mdtokens``. Each inline
token carries what the inline hooks (``document.parse.mdhooks``) recorded:
positions in the token's content of comments, unterminated markers, warning
texts and code ranges. Content lines are substrings of source lines with only
whitespace and container markers removed, so the *n*-th ``<!--`` (or warning)
on a content line is the *n*-th on its source line, after those of earlier
inline tokens on the same line (table cells); ``document.parse.mdlocate``
does that mapping. Every located span is checked against the source text.
HTML blocks are read here by HTML rules (``document.parse.htmlread``): a
comment is a marker only where it is a comment node, not in an attribute
value, a declaration or raw text (``<script>``, ``<textarea>`` …); those
places are code. A comment inside ``<code>`` or ``<pre>`` is a comment node,
so it is a marker.

Besides occurrences, ``read`` returns the draft's *code*: every character
range that is not running text (code blocks and spans, front matter, tags and
what HTML reads as code), which is what the rewrite check compares. Comments
in running text are not code.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from markdown_it.token import Token

from ars_docs.document.markers import MARKER_LIKE_RE, PREFIX_IN_TEXT_RE, UNTERMINATED_RE
from ars_docs.document.parse.codeagree import Disputed
from ars_docs.document.parse.htmlread import comment_end, read_html, read_tag
from ars_docs.document.parse.mdhooks import CodeRange, EndMode
from ars_docs.document.parse.mdlocate import Kind, LocateError, Locator
from ars_docs.document.parse.mdtokens import HTML_STATE, UNCLEAR, UNTRUSTED, disputed, parse_tokens
from ars_docs.document.parse.visible import of as fold_of
from ars_docs.document.text import Document

_COMMENT = "<!--"


@dataclass(frozen=True, slots=True)
class Occurrence:
    """A comment, unterminated marker or warning text found in prose.

    ``owner`` identifies the inline token or HTML block it was found in: a
    visible prefix only belongs to a marker of the same owner (never across a
    table cell or paragraph boundary).
    """

    kind: Kind
    start: int
    end: int
    section: tuple[str, ...]
    owner: int
    #: Found in an HTML block, where a backslash is a literal character, not an escape.
    raw: bool = False


@dataclass(frozen=True, slots=True)
class Reading:
    """What ``read`` found: occurrences in prose, and the draft's code ranges."""

    occurrences: list[Occurrence]
    #: Sorted, merged ``(start, end)`` ranges that are not document text.
    code: list[tuple[int, int]]
    #: The front matter's range (also in ``code``): pandoc shows its title, so the
    #: output check still reads it.
    front_matter: tuple[int, int] | None = None
    #: The part of ``code`` that is markdown code (code spans and blocks, front
    #: matter), sorted and merged; the rest is what HTML reads as not text.
    markdown_code: list[tuple[int, int]] = field(default_factory=list)
    #: ``(start, end)`` of every HTML block, in order.
    html_blocks: list[tuple[int, int]] = field(default_factory=list)
    #: Start of the block where raw HTML stops being readable with certainty (an
    #: unterminated comment or raw-text element, a tag the grammar cannot read):
    #: a browser may read everything after it differently (``None``: nowhere).
    unclear_from: int | None = None
    #: Places CommonMark shows as code and some reader does not, read as text (issue 33).
    disputed: list[Disputed] = field(default_factory=list)


def heading_text(inline: Token) -> str:
    """Plain text of a heading: text and code, without HTML or warning prefixes."""
    parts: list[str] = []
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.children:
            parts.append(heading_text(child))
    text = PREFIX_IN_TEXT_RE.sub("", "".join(parts))
    return " ".join(text.split())


def _line_end(doc: Document, offset: int) -> int:
    line, _ = doc.position(offset)
    return doc.line_span(line - 1).end


def _scan_html_block(
    doc: Document,
    token: Token,
    owner: int,
    section: tuple[str, ...],
    out: list[Occurrence],
    code: list[tuple[int, int]],
) -> None:
    assert token.map is not None
    text = doc.text
    start = doc.line_starts[token.map[0]]
    limit = doc.line_span(token.map[1] - 1).end
    before = token.meta.get(HTML_STATE)
    reading = read_html(text, start, limit, state=before.copy() if before else None)
    code.extend(reading.markup)
    for found, end in reading.comments:
        if MARKER_LIKE_RE.match(text, found) is None:
            continue  # an ordinary comment in running text: neither a marker nor code
        if end < 0:
            stop = unterminated_end(doc, found)
            out.append(Occurrence("unterminated", found, stop, section, owner, raw=True))
        else:
            out.append(Occurrence("comment", found, end, section, owner, raw=True))
    warning_text = fold_of(doc).warning_text
    for run_start, run_end in reading.text:
        for match in warning_text.finditer(text, run_start, run_end):
            out.append(Occurrence("warning", match.start(), match.end(), section, owner, raw=True))


def scan(doc: Document, tokens: list[Token] | None = None) -> list[Occurrence]:
    """All marker-like comments and warning texts in the draft's prose, in order.

    Raises ``NestingError`` (exit 65) when the draft nests deeper than the
    parser follows, since markers in the skipped part could not be checked.
    ``tokens`` is the result of ``parse_tokens(doc)`` when the caller has it.
    """
    return read(doc, tokens).occurrences


def read(doc: Document, tokens: list[Token] | None = None, *, with_code: bool = True) -> Reading:
    """``scan``'s occurrences and the draft's code ranges (see ``Reading``).

    ``with_code=False`` skips locating the code ranges inside paragraphs (code
    spans, inline HTML), which only the rewrite checks need: ``Reading.code``
    then holds only block-level ranges and must not be compared.
    """
    if tokens is None:
        tokens = parse_tokens(doc)
    locator = Locator(doc)
    text = doc.text
    headings: list[tuple[int, str]] = []
    out: list[Occurrence] = []
    code: list[tuple[int, int]] = []
    markdown_code: list[tuple[int, int]] = []
    html_blocks: list[tuple[int, int]] = []
    front_matter: tuple[int, int] | None = None
    unclear_from: int | None = None
    for index, token in enumerate(tokens):
        if unclear_from is None and token.meta.get(UNCLEAR) and token.map is not None:
            unclear_from = doc.line_starts[min(token.map[0], doc.line_count - 1)]
        if token.type == "heading_open":
            level = int(token.tag[1:])
            while headings and headings[-1][0] >= level:
                headings.pop()
            headings.append((level, heading_text(tokens[index + 1])))
        elif token.type == "html_block":
            _scan_html_block(doc, token, index, tuple(h for _, h in headings), out, code)
            html_blocks.append(_line_range(doc, token))
        elif token.type in ("fence", "code_block", "front_matter"):
            if token.meta.get(UNTRUSTED):
                continue
            markdown_code.append(_line_range(doc, token))
            if token.type == "front_matter":
                front_matter = markdown_code[-1]
        elif token.type == "inline":
            events = token.meta.get("ars_events")
            ranges = token.meta.get("ars_code") if with_code else None
            if events or ranges:
                section = tuple(h for _, h in headings)
                found = (out, code, markdown_code)
                _read_inline(doc, locator, token, events or [], ranges or [], section, index, found)
            locator.consume(token)
    out.sort(key=lambda o: o.start)
    heads = fold_of(doc).warning_head
    for occ in out:
        if occ.kind == "warning":
            matches = heads.match(text, occ.start) is not None
        else:
            matches = text.startswith(_COMMENT, occ.start)
        if not matches:
            raise LocateError(f"{doc.path}: located span {occ} does not match the source")
    markdown_code = merge_ranges(markdown_code)
    return Reading(
        out,
        merge_ranges(code + markdown_code),
        front_matter,
        markdown_code,
        html_blocks,
        unclear_from,
        disputed(tokens),
    )


def _line_range(doc: Document, token: Token) -> tuple[int, int]:
    assert token.map is not None
    first, last = token.map
    start = doc.line_starts[first] if first < doc.line_count else len(doc.text)
    if token.type == "front_matter":
        start = doc.body_start if first == 0 else start
    end = doc.line_span(min(max(last, first + 1), doc.line_count) - 1).end
    return (min(start, end), end)


def _read_inline(
    doc: Document,
    locator: Locator,
    token: Token,
    events: list[tuple[Kind, int]],
    ranges: list[CodeRange],
    section: tuple[str, ...],
    owner: int,
    found: tuple[list[Occurrence], list[tuple[int, int]], list[tuple[int, int]]],
) -> None:
    """Locate one inline token's events and code ranges; append to ``found``.

    ``found`` is (occurrences, HTML code ranges, markdown code ranges).
    """
    out, code, markdown_code = found
    text = doc.text
    content = token.content
    anchors: dict[int, Kind] = {}
    for start, end, mode in ranges:
        anchors[start] = "tick" if content.startswith("`", start) else "lt"
        if mode != "eot":
            anchors[end] = "tick" if mode == "run" else "lt"
    # A set: a list scan per anchor made a long paragraph of dense markup quadratic.
    known = set(events)
    located = locator.locate_all(
        token,
        locator.first_line(token),
        [*events, *((kind, pos) for pos, kind in anchors.items() if (kind, pos) not in known)],
    )
    at: dict[int, int] = {}
    for kind, pos, start in located:
        if kind in ("lt", "tick"):
            at[pos] = start
        elif kind in ("comment", "raw_comment") and not MARKER_LIKE_RE.match(content, pos):
            continue  # an ordinary comment in running text: neither a marker nor code
        elif kind == "raw_comment":
            out.append(replace(_occurrence(doc, "comment", start, section, owner), raw=True))
        elif kind == "raw_warning":
            out.append(replace(_occurrence(doc, "warning", start, section, owner), raw=True))
        else:
            out.append(_occurrence(doc, kind, start, section, owner))
    assert token.map is not None
    token_end = doc.line_span(min(token.map[1], doc.line_count) - 1).end
    for start, end, mode in ranges:
        begin = at[start]
        if mode == "eot":
            code.append((begin, max(begin, token_end)))
            continue
        anchor = at[end]
        (markdown_code if mode == "run" else code).append((begin, _range_end(text, anchor, mode)))


def _range_end(text: str, anchor: int, mode: EndMode) -> int:
    if mode == "at":
        return anchor
    if mode == "run":
        stop = anchor
        while stop < len(text) and text[stop] == "`":
            stop += 1
        return stop
    if text.startswith(_COMMENT, anchor):
        end = comment_end(text, anchor, len(text))
        return end if end >= 0 else anchor + len(_COMMENT)
    tag = read_tag(text, anchor, len(text))
    return tag.end if tag is not None else anchor + 1


def merge_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``ranges`` sorted, with overlapping and touching ones merged (empty ones dropped)."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if end <= start:
            continue
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _occurrence(
    doc: Document, kind: Kind, start: int, section: tuple[str, ...], owner: int
) -> Occurrence:
    text = doc.text
    if kind == "warning":
        match = fold_of(doc).warning_text.match(text, start)
        end = match.end() if match else start + 1
        return Occurrence(kind, start, end, section, owner)
    if kind == "unterminated":
        return Occurrence(kind, start, unterminated_end(doc, start), section, owner)
    end = comment_end(text, start, len(text))
    return Occurrence(
        kind, start, end if end >= 0 else unterminated_end(doc, start), section, owner
    )


def unterminated_end(doc: Document, start: int) -> int:
    """End of an unterminated marker: its ``<!--ref:`` and key, never past the line."""
    match = UNTERMINATED_RE.match(doc.text, start, _line_end(doc, start))
    return match.end() if match else start + len(_COMMENT)
