"""Find citation-marker candidates in a draft through the markdown-it-py AST.

markdown-it-py tokens carry only line maps, so ars-docs adds three small
inline hooks that record *where* things happen while the inline parser runs:

* ``html_inline`` is wrapped: every HTML comment the parser accepts as inline
  HTML is recorded, and a marker-looking ``<!--ref:`` that it rejects
  (unterminated) is recorded too.
* a rule before ``escape`` records every ``[UNVERIFIED CITATION`` warning text
  the parser reaches as prose.
* ``image`` is wrapped so positions inside alt text (parsed separately) are
  still relative to the enclosing inline content.

Code spans, fenced and indented code and front matter are consumed by their
own rules before any hook sees them: that is what keeps code out.

Positions recorded are offsets into an ``inline`` token's content. Content
lines are substrings of source lines with only whitespace and container
markers removed, so the *n*-th ``<!--`` (or warning) on a content line is the
*n*-th on its source line, after those of earlier inline tokens on the same
line (table cells); ``draft.mdlocate`` does that mapping. Every located span
is checked against the source text.
HTML blocks are raw source: they are scanned directly, except raw-text blocks
(``<pre>``, ``<script>``, ``<style>``, ``<textarea>``), which are code.

One deliberate departure from CommonMark: a line that *starts* with a marker
comment does not open an HTML block; it is read as prose (a paragraph or its
continuation), which is what the line becomes once render strips the marker.
Without this, adding or removing a visible ``[UNVERIFIED CITATION …]`` prefix
at the start of a line would flip the rest of that line between raw HTML and
markdown (a code span would stop being code), and finalize would not be
idempotent.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.front_matter import front_matter_plugin

from ars_docs.draft.document import Document
from ars_docs.draft.markers import (
    MARKER_LIKE_RE,
    MARKER_START_RE,
    PREFIX_IN_TEXT_RE,
    UNTERMINATED_RE,
    WARNING_TEXT_RE,
)
from ars_docs.draft.mdlocate import Kind, LocateError, Locator
from ars_docs.errors import InputDataError
from ars_docs.perf import gc_paused

_COMMENT = "<!--"
_WARNING_AT = re.compile(r"\\?\[UNVERIFIED\s+CITATION", re.IGNORECASE)
_RAW_TEXT_BLOCK = re.compile(r"\s*<(pre|script|style|textarea)(\s|>|$)", re.IGNORECASE)
_CTX_KEY = "ars_docs_positions"
#: ``env`` flag for ``parse_tokens``: keep every inline token's children.
KEEP_CHILDREN = "ars_docs_keep_children"


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


@dataclass
class _InlineContext:
    events: list[tuple[Kind, int]] = field(default_factory=list)
    base: list[int] = field(default_factory=lambda: [0])


class NestingError(InputDataError):
    """The draft nests deeper than the parser follows; markers there would be missed."""


def _ctx(state: StateInline) -> _InlineContext:
    ctx: _InlineContext = state.env[_CTX_KEY]
    return ctx


def _wrap_html_inline(original: Callable[[StateInline, bool], bool]) -> Any:
    def html_inline(state: StateInline, silent: bool) -> bool:
        pos = state.pos
        if not state.src.startswith(_COMMENT, pos):
            return original(state, silent)
        matched = original(state, silent)
        if not silent:
            ctx = _ctx(state)
            base = ctx.base[-1]
            if matched:
                # markdown-it may match past the first "-->" (e.g. "<!-- a ---> b <!--c-->");
                # HTML ends a comment at the first "-->", so comments after it count too.
                # The text between such comments is prose: warnings in it count too.
                cursor = pos
                while 0 <= cursor < state.pos:
                    ctx.events.append(("comment", base + cursor))
                    end = comment_end(state.src, cursor, state.pos)
                    if end < 0:
                        break
                    cursor = state.src.find(_COMMENT, end, state.pos)
                    gap_end = cursor if cursor >= 0 else state.pos
                    for match in _WARNING_AT.finditer(state.src, end, gap_end):
                        bracket = match.start() + (match.group().startswith("\\"))
                        ctx.events.append(("warning", base + bracket))
            elif MARKER_LIKE_RE.match(state.src, pos):
                ctx.events.append(("unterminated", base + pos))
        return matched

    return html_inline


def _wrap_image(original: Callable[[StateInline, bool], bool]) -> Any:
    def image(state: StateInline, silent: bool) -> bool:
        if silent:
            return original(state, silent)
        ctx = _ctx(state)
        # The image rule re-parses its label ``![label]`` as a separate source string.
        ctx.base.append(ctx.base[-1] + state.pos + 2)
        try:
            return original(state, silent)
        finally:
            ctx.base.pop()

    return image


def _warning_text(state: StateInline, silent: bool) -> bool:
    ch = state.src[state.pos]
    if silent or (ch != "[" and ch != "\\"):
        return False
    match = _WARNING_AT.match(state.src, state.pos)
    if match is not None:
        ctx = _ctx(state)
        bracket = state.pos + (1 if ch == "\\" else 0)
        ctx.events.append(("warning", ctx.base[-1] + bracket))
    return False  # never consumes: the normal rules go on as if this rule did not exist


def _wrap_html_block(original: Callable[[StateBlock, int, int, bool], bool]) -> Any:
    def html_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
        pos = state.bMarks[start_line] + state.tShift[start_line]
        if MARKER_START_RE.match(state.src, pos):
            return False
        return original(state, start_line, end_line, silent)

    return html_block


def _core_inline(state: StateCore) -> None:
    previous = ""
    limit = state.md.options.maxNesting - 1
    for token in state.tokens:
        if token.level >= limit:
            _too_deep(token)
        if token.type == "inline":
            ctx = _InlineContext()
            state.env[_CTX_KEY] = ctx
            children: list[Token] = []
            state.md.inline.parse(token.content, state.md, state.env, children)
            # Inline nesting needs at least ``limit`` opening tokens: skip short lists.
            if len(children) > limit and max(child.level for child in children) >= limit:
                _too_deep(token)
            # Only headings need their children (for the section path); dropping the
            # rest halves peak memory on large drafts (the hooks already recorded
            # every position we need).
            keep = previous == "heading_open" or state.env.get(KEEP_CHILDREN, False)
            token.children = children if keep else []
            if ctx.events:
                token.meta["ars_events"] = ctx.events
        previous = token.type
    state.env.pop(_CTX_KEY, None)


def _too_deep(token: Token) -> None:
    line = token.map[0] + 1 if token.map else 0
    raise NestingError(
        f"{line}: containers or inline markup are nested too deeply for the parser, "
        "which skips what is inside; citations there could not be checked. Flatten the "
        "nesting there"
    )


def make_parser() -> MarkdownIt:
    """The parser ars-docs uses: CommonMark, raw HTML on, tables, front matter."""
    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    front_matter_plugin(md)
    rules = {rule.name: rule.fn for rule in md.inline.ruler.__rules__}
    [html_rule] = [rule for rule in md.block.ruler.__rules__ if rule.name == "html_block"]
    # Keep ``alt``: it is what lets an HTML block interrupt a paragraph, list or quote.
    md.block.ruler.at("html_block", _wrap_html_block(html_rule.fn), {"alt": list(html_rule.alt)})
    md.inline.ruler.at("html_inline", _wrap_html_inline(rules["html_inline"]))
    md.inline.ruler.at("image", _wrap_image(rules["image"]))
    md.inline.ruler.before("escape", "ars_warning_text", _warning_text)
    md.core.ruler.at("inline", _core_inline)
    return md


@lru_cache(maxsize=1)
def _shared_parser() -> MarkdownIt:
    # Parsing does not change the MarkdownIt object, so one instance serves all calls.
    return make_parser()


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


def comment_end(text: str, start: int, limit: int) -> int:
    """End offset of the HTML comment starting at ``start``, or -1 if unterminated."""
    if text.startswith("<!-->", start):
        return start + 5
    if text.startswith("<!--->", start):
        return start + 6
    close = text.find("-->", start + 4, limit)
    return close + 3 if close >= 0 else -1


def _line_end(doc: Document, offset: int) -> int:
    line, _ = doc.position(offset)
    return doc.line_span(line - 1).end


def _scan_html_block(
    doc: Document, token: Token, owner: int, section: tuple[str, ...], out: list[Occurrence]
) -> None:
    assert token.map is not None
    text = doc.text
    start = doc.line_starts[token.map[0]]
    limit = doc.line_span(token.map[1] - 1).end
    raw = _RAW_TEXT_BLOCK.match(token.content)
    if raw:
        # <pre>/<script>/<style>/<textarea> content is code; what follows the
        # closing tag on the block's last line is ordinary HTML again.
        close = re.compile(rf"</{raw.group(1)}\s*>", re.IGNORECASE).search(text, start, limit)
        if close is None:
            return
        start = close.end()
    comments: list[tuple[int, int]] = []
    pos = start
    while True:
        found = text.find(_COMMENT, pos, limit)
        if found < 0:
            break
        end = comment_end(text, found, limit)
        is_marker = MARKER_LIKE_RE.match(text, found) is not None
        if end < 0:
            if is_marker:
                stop = unterminated_end(doc, found)
                out.append(Occurrence("unterminated", found, stop, section, owner, raw=True))
            comments.append((found, limit))
            break
        if is_marker:
            out.append(Occurrence("comment", found, end, section, owner, raw=True))
        comments.append((found, end))
        pos = end
    # Both lists are in order: one walk keeps this linear in the block.
    index = 0
    for match in WARNING_TEXT_RE.finditer(text, start, limit):
        at = match.start()
        while index < len(comments) and comments[index][1] <= at:
            index += 1
        if index < len(comments) and comments[index][0] <= at:
            continue
        out.append(Occurrence("warning", at, match.end(), section, owner, raw=True))


def parse_tokens(doc: Document, *, keep_children: bool = False) -> list[Token]:
    """The draft's token stream (children of inline tokens only when asked)."""
    body = doc.body
    # markdown-it-py reads past the end of a text whose last line is a lazy
    # continuation of an HTML block in a quoted list item (``>* <style\n>``) and
    # raises IndexError; a final line break (outside every span) avoids it.
    if body and not body.endswith(("\n", "\r")):
        body += "\n"
    try:
        with gc_paused():
            tokens: list[Token] = _shared_parser().parse(body, {KEEP_CHILDREN: keep_children})
    except NestingError as exc:
        raise NestingError(f"{doc.path}:{exc.message}") from None
    except (IndexError, RecursionError) as exc:
        # A parser bug on some other input shape: never a traceback; nothing can be
        # checked, so every command refuses the draft.
        raise InputDataError(
            f"{doc.path}: the markdown parser failed on this draft ({type(exc).__name__}); "
            "citations in it cannot be checked. Simplify the block-quote / list / HTML "
            "nesting around unusual constructs and try again"
        ) from None
    return tokens


def scan(doc: Document, tokens: list[Token] | None = None) -> list[Occurrence]:
    """All marker-like comments and warning texts in the draft's prose, in order.

    Raises ``NestingError`` (exit 65) when the draft nests deeper than the
    parser follows, since markers in the skipped part could not be checked.
    ``tokens`` is the result of ``parse_tokens(doc)`` when the caller has it.
    """
    if tokens is None:
        tokens = parse_tokens(doc)
    locator = Locator(doc)
    text = doc.text
    headings: list[tuple[int, str]] = []
    out: list[Occurrence] = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            level = int(token.tag[1:])
            while headings and headings[-1][0] >= level:
                headings.pop()
            headings.append((level, heading_text(tokens[index + 1])))
        elif token.type == "html_block":
            _scan_html_block(doc, token, index, tuple(h for _, h in headings), out)
        elif token.type == "inline":
            events = token.meta.get("ars_events")
            if events:
                section = tuple(h for _, h in headings)
                first_line = locator.first_line(token)
                content = token.content
                for kind, pos, start in locator.locate_all(token, first_line, events):
                    if kind == "comment" and not MARKER_LIKE_RE.match(content, pos):
                        continue
                    out.append(_occurrence(doc, kind, start, section, index))
            locator.consume(token)
    out.sort(key=lambda o: o.start)
    for occ in out:
        expected = "[" if occ.kind == "warning" else _COMMENT
        if text[occ.start : occ.start + len(expected)].upper() != expected.upper():
            raise LocateError(f"{doc.path}: located span {occ} does not match the source")
    return out


def _occurrence(
    doc: Document, kind: Kind, start: int, section: tuple[str, ...], owner: int
) -> Occurrence:
    text = doc.text
    if kind == "warning":
        match = WARNING_TEXT_RE.match(text, start)
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
