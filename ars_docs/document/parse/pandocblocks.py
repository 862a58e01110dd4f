"""Where pandoc starts a block, as far as code depends on it (issue 33).

pandoc's markdown reader continues a paragraph over every line up to a blank
one, except a complete backtick fence at the start of its line and, inside a
list, a list item; CommonMark lets headings, quotes, lists, tables, rules and
any fence interrupt it. Code that CommonMark starts right after a line of
text is therefore text to pandoc, and so is code in a quote or list that
pandoc never opened. Indented code after a footnote, a definition or a
pandoc-only list item is one more paragraph of it to pandoc. ``coderules``
asks these questions of markdown-it-py's state while it parses; the answers
read only the tokens already built and the lines above, memoized, so they
cost a few steps per code block.
"""

from __future__ import annotations

from collections.abc import Callable

from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

from ars_docs.document.parse.codeagree import (
    ANY_LIST,
    DEFINITION,
    DIV_FENCE,
    FOOTNOTE,
    LINE_BLOCK,
    PANDOC_LIST,
    PANDOC_SPAN,
)

#: ``env`` key: token indices of the quotes and lists being parsed, outermost first.
_CONTAINERS = "ars_containers"
#: ``env`` key: memo of the look-back for pandoc-only containers, by line.
_ABOVE = "ars_pandoc_above"
#: ``token.meta`` key of a quote or list: whether pandoc starts it where CommonMark does.
_AGREED = "ars_pandoc_agreed"

BlockRule = Callable[[StateBlock, int, int, bool], bool]
#: A pandoc container above indented code: what it is, its line, its content column.
Above = tuple[str, int, int]


def wrap_container(original: BlockRule) -> BlockRule:
    def container(state: StateBlock, startLine: int, endLine: int, silent: bool) -> bool:
        if silent:
            return original(state, startLine, endLine, silent)
        stack: list[int] = state.env.setdefault(_CONTAINERS, [])
        stack.append(len(state.tokens))  # where the quote's or list's open token goes
        try:
            return original(state, startLine, endLine, silent)
        finally:
            stack.pop()

    return container


def containers_agree(state: StateBlock, line: int) -> bool:
    """Every quote and list around ``line`` starts where pandoc starts one, or a blank
    line lies between its start and ``line`` (pandoc's paragraph ends there; what
    follows starts blocks again, whatever pandoc made of the container's first line)."""
    tokens = state.tokens
    for index in state.env.get(_CONTAINERS, ()):
        if index >= len(tokens):
            continue
        opener = tokens[index]
        assert opener.map is not None
        agreed = opener.meta.get(_AGREED)
        if agreed is None:
            is_list = opener.type != "blockquote_open"
            agreed = starts_block(state, index, opener.map[0], list_start=is_list)
            opener.meta[_AGREED] = agreed
        if not agreed and not (
            _blank_between(state, opener.map[0], line) and _plain_text_above(state, opener.map[0])
        ):
            return False
    return True


def _plain_text_above(state: StateBlock, line: int) -> bool:
    """The lines right above ``line`` are a plain paragraph for pandoc: no footnote,
    definition, list item or HTML, whose indented lines pandoc would go on reading."""
    first = line - 1
    while first > 0 and not state.isEmpty(first - 1):
        first -= 1
    if first < 0 or line_text(state, first).startswith("<"):
        return first < 0
    return _opens_pandoc_container(state, first, line - 1, False) is None


def _blank_between(state: StateBlock, first: int, line: int) -> bool:
    """A line in ``[first, line)`` is blank in the source (a lone ``>`` is not)."""
    src = state.src
    for at in range(first, line):
        start = state.eMarks[at - 1] + 1 if at > 0 else 0
        if not src[start : state.eMarks[at]].strip(" \t"):
            return True
    return False


def _opener(tokens: list[Token], close: int) -> int:
    """Index of the open token that the close token at ``close`` ends."""
    level = tokens[close].level
    index = close - 1
    while index > 0 and not (tokens[index].nesting == 1 and tokens[index].level == level):
        index -= 1
    return index


def starts_block(
    state: StateBlock,
    index: int,
    line: int,
    *,
    fence: str = "",
    list_start: bool = False,
    indented: bool = False,
) -> bool:
    """Whether pandoc starts a block at ``line``, given the tokens before ``index``.

    pandoc continues a paragraph over every line up to a blank one, except a
    complete backtick fence at the start of its line and, inside a list, a list
    item: a heading, quote, list, table, thematic break or ``~~~`` fence right
    after a line of text is part of that text. ``fence`` is the character of a
    complete fence at ``line`` (a complete fence also ends a list item for
    pandoc). ``list_start``: a list opened inside a list item's paragraph is
    nested, as pandoc reads it. ``indented``: indented code, which pandoc's
    CommonMark readers join to a link reference definition right above it.
    """
    tokens = state.tokens
    # pandoc ends a paragraph (or a quote's lazy lines) at a complete backtick fence
    # that starts its line, not at an indented one.
    interrupts = fence == "`" and state.sCount[line] == state.blkIndent
    while True:
        if line <= 0 or state.isEmpty(line - 1):
            return True
        if index <= 0:
            return not indented  # only link reference definitions (no token) came before
        last = tokens[index - 1]
        if last.nesting == 1:
            # ``line`` is the first of a quote or list item: judged on its own (see
            # ``containers_agree``). Its map is not complete yet, so not read here.
            return True
        start = _opener(tokens, index - 1) if last.nesting == -1 else index - 1
        first = tokens[start]
        if first.map is None or first.map[1] < line:
            # A link reference definition (no token) came before: a block starts after
            # it, but gfm and commonmark_x read an indented line as its paragraph's text.
            return not indented
        kind = first.type
        if kind == "fence" and first.meta.get(PANDOC_SPAN):
            return interrupts  # a code span in a paragraph, for pandoc
        if kind in ("fence", "code_block", "front_matter"):
            return True  # after code that ends at its own last line
        if kind in ("bullet_list_open", "ordered_list_open"):
            return bool(fence)  # pandoc ends a list item at a complete fence only
        if kind == "paragraph_open":
            inside_item = start > 0 and tokens[start - 1].type == "list_item_open"
            return (list_start and inside_item) or interrupts or _ends_at_line(state, first, line)
        if kind == "table_open" and indented:
            return False  # gfm, commonmark_x (and pandoc after a row without pipes) go on
        setext = kind == "heading_open" and not first.markup.startswith("#")
        if (
            kind in ("hr", "table_open", "html_block")
            or (kind == "heading_open" and not setext)
            or (setext and first.map[1] - first.map[0] == 2)
        ):
            # A block of its own lines: pandoc agrees only if it started one there too.
            index, line = start, first.map[0]
            continue
        return interrupts  # after a quote: pandoc reads lazy lines into it


def _ends_at_line(state: StateBlock, paragraph: Token, line: int) -> bool:
    """A CommonMark paragraph that pandoc reads as a block ending right before ``line``:
    a lone div fence (``::: note``), or a line block (every line starts with ``|``)
    that ``line`` does not continue (by starting with a space)."""
    assert paragraph.map is not None
    first, end = paragraph.map
    if DIV_FENCE.match(line_text(state, first)):
        return end - first == 1
    return state.sCount[line] == state.blkIndent and all(
        LINE_BLOCK.match(line_text(state, at)) for at in range(first, end)
    )


def line_text(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]


def pandoc_container_above(state: StateBlock, start: int) -> Above | None:
    """The footnote, definition or list item that indented code at ``start`` continues
    for pandoc, with its line and content column; ``None`` when there is none.

    Walks up over blank lines and the paragraph above; an indented paragraph there
    continues something further up, so the walk goes on (memoized per paragraph, by
    its last line).
    """
    memo: dict[int, Above | None] = state.env.setdefault(_ABOVE, {})
    floor = 0
    in_list = False
    stack = state.env.get(_CONTAINERS, ())
    if stack and stack[-1] < len(state.tokens):
        container = state.tokens[stack[-1]]
        assert container.map is not None
        floor = container.map[0]
        in_list = container.type != "blockquote_open"
    line = start - 1
    visited: list[int] = []
    found: Above | None = None
    while line >= floor:
        while line >= floor and state.isEmpty(line):
            line -= 1
        if line < floor:
            break
        last = line
        while line > floor and not state.isEmpty(line - 1):
            line -= 1
        first = line
        if last in memo:  # keyed by its last line: runs that end elsewhere differ
            found = memo[last]
            break
        visited.append(last)
        found = _opens_pandoc_container(state, first, last, in_list)
        if found is not None or state.sCount[first] - state.blkIndent < 4:
            break
        line = first - 1  # an indented paragraph: it continues whatever is above it
    for last in visited:
        memo[last] = found
    return found


def _opens_pandoc_container(
    state: StateBlock, first: int, last: int, in_list: bool
) -> Above | None:
    for line in range(first, last + 1):
        if DEFINITION.match(line_text(state, line)):
            return "definition", line, 4
    # pandoc reads markdown inside HTML blocks: there any line may open a list item.
    html = line_text(state, first).startswith("<")
    for line in range(first, last + 1) if html else (first,):
        text = line_text(state, line)
        if FOOTNOTE.match(text):
            return "footnote", line, 4
        marker = PANDOC_LIST.match(text) or (None if in_list else ANY_LIST.match(text))
        if marker is not None:
            # A pandoc-only list item; or a list CommonMark ended before the code (an
            # HTML block interrupted it) while pandoc read the lines after it into it.
            content = len(text) - len(text[marker.end() :].lstrip(" \t"))
            return "list item", line, state.sCount[line] - state.blkIndent + content
    return None
