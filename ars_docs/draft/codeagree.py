"""Code that every reader agrees is code (issue 33).

Markers, warnings and citation-shaped text in markdown code are exempt from
the gate. ars-docs parses drafts as CommonMark, but many drafts are then
converted by pandoc, whose markdown reader calls less of the text code, and
whose CommonMark readers (``gfm``, ``commonmark_x``) differ in places too.
The real pandoc was run on thousands of generated drafts
(``benchmarks/bench_code_readers.py``) to find where CommonMark shows code
and a reader shows text, raw HTML or raw LaTeX; each ``Problem`` below is one
such class. ars-docs reads those places as text, so the gate checks them.

The block rules here wrap markdown-it-py's (``install``). Terminator checks
keep CommonMark's answers, so the blocks are CommonMark's; a fence or indented
code block that a reader would not show as code is read as text instead (the
paragraph CommonMark gives its lines, or, for a raw ``{=FORMAT}`` fence, an
HTML block read by HTML rules). Code spans are narrowed in ``mdparse``'s
backtick hook with ``span_problem``. Each place is recorded (``Disputed``) so
that the gate can say, where it refuses something there, how to make every
reader agree.

Only what CommonMark calls code is narrowed: the text read instead is exactly
the code's own lines, and the backticks of a fence read as text never open a
code span, so nothing CommonMark shows as text becomes code. The checks run
when markdown-it finds a fence, an indented code block or a code span; a
draft without code pays nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import mdTrim
from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

#: ``env`` key: the places recorded while parsing, by first line.
DISPUTED = "ars_disputed"
#: ``token.meta`` key of a fence pandoc reads as one code span of a paragraph.
_PANDOC_SPAN = "ars_pandoc_span"
#: ``env`` key: source lines of fences read as text, whose leading backticks are text.
LITERAL_LINES = "ars_literal_lines"
#: ``env`` key: token indices of the quotes and lists being parsed, outermost first.
_CONTAINERS = "ars_containers"
#: ``env`` key: memo of the look-back for pandoc-only containers, by line.
_ABOVE = "ars_pandoc_above"
#: ``token.meta`` key of a quote or list: whether pandoc starts it where CommonMark does.
_AGREED = "ars_pandoc_agreed"

BlockRule = Callable[[StateBlock, int, int, bool], bool]


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a reader does not show some CommonMark code as code."""

    #: The divergence class, e.g. ``unclosed-fence``.
    kind: str
    #: What the reader makes of it (a sentence without its final period).
    cause: str
    #: How to make every reader show it as code.
    fix: str


@dataclass(frozen=True, slots=True)
class Disputed:
    """Lines ``[first, end)`` (0-based) that CommonMark shows as code, read as text."""

    first: int
    end: int
    problem: Problem


def note(env: MutableMapping[str, Any], first: int, end: int, problem: Problem) -> None:
    """Record a disputed place (the first one recorded at a line wins)."""
    found: dict[int, Disputed] = env.setdefault(DISPUTED, {})
    if first not in found:
        found[first] = Disputed(first, max(end, first + 1), problem)


def disputed_places(env: Mapping[str, Any]) -> list[Disputed]:
    """The places recorded while parsing with ``env``, in order; one that starts inside
    another is merged into it (the first one's problem is the one to fix first)."""
    places = sorted(env.get(DISPUTED, {}).values(), key=lambda u: u.first)
    kept: list[Disputed] = []
    for place in places:
        if kept and place.first < kept[-1].end:
            if place.end > kept[-1].end:
                kept[-1] = Disputed(kept[-1].first, place.end, kept[-1].problem)
            continue
        kept.append(place)
    return kept


def _unclosed(fence: str) -> Problem:
    return Problem(
        "unclosed-fence",
        f"the fence {fence} opened here is never closed: pandoc reads what follows as "
        "text, CommonMark readers as code up to the end of the document, quote or list",
        f"close it with a line of {fence}",
    )


def _raw(fmt: str, *, span: bool) -> Problem:
    what = "code span" if span else "fence"
    return Problem(
        "raw-span" if span else "raw-fence",
        f"pandoc passes a {what} marked {{={fmt}}} through as raw {fmt}: comments in it "
        "are live and its text is shown",
        f"drop the {{={fmt}}} to show it as code",
    )


def _info(fence: str, info: str) -> Problem:
    word = info.split()[0].strip("`{}") or "text"
    return Problem(
        "fence-info",
        f"pandoc does not take {fence}{info} for a fence (its info string must be one word "
        "or a {…} attribute block) and reads the block as text",
        f"write one word after the fence, e.g. {fence}{word}",
    )


def _continued(what: str, line: int) -> Problem:
    return Problem(
        "pandoc-continuation",
        f"pandoc reads this indented block as one more paragraph of the {what} on line "
        f"{line + 1}, not as code",
        f"fence it with ``` lines instead of indenting it (or indent it 4 more spaces if it "
        f"is code inside the {what})",
    )


TILDE_AFTER_TEXT = Problem(
    "fence-after-text",
    "a ~~~ fence right after a line of text: pandoc reads it as part of that text",
    "put a blank line before the fence",
)
INDENTED_AFTER_TEXT = Problem(
    "fence-after-text",
    "an indented fence right after a line of text: pandoc reads it as part of that text "
    "(only a fence at the start of its line ends a paragraph)",
    "put a blank line before the fence",
)
CONTAINER_AFTER_TEXT = Problem(
    "container-after-text",
    "the quote or list holding this code follows a line of text with no blank line "
    "between, so pandoc reads it all as part of that text",
    "put a blank line before the quote or list",
)
CODE_AFTER_TEXT = Problem(
    "indented-after-text",
    "this indented code follows a line of text with no blank line between (pandoc needs "
    "one before a heading, quote, list, table or rule), so pandoc reads it as part of "
    "that text",
    "put a blank line before it",
)
AFTER_TAG_LINE = Problem(
    "after-tag-line",
    "code after a line holding only an HTML tag inside a paragraph: where the paragraph "
    "continues a list item, quote or footnote, pandoc's CommonMark readers (gfm, "
    "commonmark_x) start an HTML block at that line and pass the code through as raw HTML",
    "put a blank line before the tag line (or take the tag out)",
)
INSIDE_PRE = Problem(
    "inside-pre",
    "markdown code inside an HTML <pre> element: pandoc passes everything up to its "
    "</pre> through as raw HTML (comments live, text shown)",
    "close the <pre> before the markdown code, or write the code as HTML inside it",
)
FENCE_IN_TEXT = Problem(
    "fence-in-text",
    "this fence follows, with no blank line, a fence that pandoc reads as text: pandoc "
    "may read the backticks of both as one code span, leaving this fence's content as text",
    "fix the fence above first (or put a blank line before this one)",
)
AFTER_UNMATCHED_RUN = Problem(
    "after-unmatched-run",
    "this code span follows, in its paragraph, a run of two or more backticks that closes "
    "nothing (a fence read as text, or a stray ``): pandoc then retries that run one "
    "backtick shorter and pairs the backticks after it otherwise, so it may show this "
    "span's content as text",
    "close or remove the stray backticks before it (or escape them: \\`)",
)
SPAN_ACROSS_BLOCK = Problem(
    "span-across-block",
    "this code span runs across a line that pandoc reads as the start of a definition "
    "(':') or of a div fence (':::'), so pandoc shows it as text",
    "keep the code span on one line",
)

#: pandoc's fence info: one word without backticks or braces, an attribute block, or
#: a raw attribute ``{=html}`` (then the block is raw HTML, LaTeX …, not code).
_INFO_WORD = re.compile(r"[^\s`{}]+")
_ATTRIBUTES = re.compile(
    r"\{[ \t]*(?:(?:[#.][\w:-]+|[\w-]+=(?:\"[^\"\n]*\"|'[^'\n]*'|[\w.:/-]+)|-)[ \t]*)*\}"
)
RAW_ATTRIBUTE = re.compile(r"\{[ \t]*=([A-Za-z0-9_-]+)[ \t]*\}")
#: pandoc-only block openers whose indented continuation is text, not code.
_FOOTNOTE = re.compile(r" {0,3}\[\^[^\]\s]+\]:")
_DEFINITION = re.compile(r" {0,3}[:~](?:[ \t]|$)")
_DEFINITION_LINE = re.compile(r"^ {0,3}[:~](?:[ \t]|$)", re.MULTILINE)
_PANDOC_LIST = re.compile(
    r" {0,3}(?:\((?:\d+|[A-Za-z]|[ivxlcdmIVXLCDM]+|#|@[\w-]*)\)"
    r"|(?:[A-Za-z]|[ivxlcdmIVXLCDM]+|#|@[\w-]*)[.)])(?:[ \t]|$)"
)
#: A pandoc line block's line, and a fenced div's fence.
_LINE_BLOCK = re.compile(r" {0,3}\|(?:[ \t]|$)")
_DIV_FENCE = re.compile(r" {0,3}:{3,}")
#: A list item's first line, CommonMark's markers.
_ANY_LIST = re.compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
#: A line holding only an HTML open or close tag (CommonMark's HTML block type 7 start).
LONE_TAG = re.compile(
    r"^[ \t]*(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*"
    r"(?:[^\s\"'=<>`]+|'[^'\n]*'|\"[^\"\n]*\"))?)*[ \t]*/?>|</[A-Za-z][A-Za-z0-9-]*[ \t]*>)"
    r"[ \t]*$",
    re.MULTILINE,
)
#: A line start, after a line break in a code span, that ends the paragraph for pandoc.
_SPAN_BREAK = re.compile(r"\n[ \t]*(?:[:~](?:[ \t]|$)|:::)")


def install(md: MarkdownIt) -> None:
    """Wrap ``md``'s fence, indented-code, quote and list rules (see module docstring)."""
    rules = {rule.name: rule for rule in md.block.ruler.__rules__}
    for name, wrap in (
        ("fence", _wrap_fence),
        ("code", _wrap_code),
        ("blockquote", _wrap_container),
        ("list", _wrap_container),
    ):
        rule = rules[name]
        md.block.ruler.at(name, wrap(rule.fn), {"alt": list(rule.alt)})


# -- containers -------------------------------------------------------------------------


def _wrap_container(original: BlockRule) -> BlockRule:
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


def _containers_agree(state: StateBlock, line: int) -> bool:
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
            agreed = _starts_block(state, index, opener.map[0], list_start=is_list)
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
    if first < 0 or _line_text(state, first).startswith("<"):
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


# -- where pandoc starts a block -----------------------------------------------------------


def _opener(tokens: list[Token], close: int) -> int:
    """Index of the open token that the close token at ``close`` ends."""
    level = tokens[close].level
    index = close - 1
    while index > 0 and not (tokens[index].nesting == 1 and tokens[index].level == level):
        index -= 1
    return index


def _starts_block(
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
            # ``_containers_agree``). Its map is not complete yet, so not read here.
            return True
        start = _opener(tokens, index - 1) if last.nesting == -1 else index - 1
        first = tokens[start]
        if first.map is None or first.map[1] < line:
            # A link reference definition (no token) came before: a block starts after
            # it, but gfm and commonmark_x read an indented line as its paragraph's text.
            return not indented
        kind = first.type
        if kind == "fence" and first.meta.get(_PANDOC_SPAN):
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
    if _DIV_FENCE.match(_line_text(state, first)):
        return end - first == 1
    return state.sCount[line] == state.blkIndent and all(
        _LINE_BLOCK.match(_line_text(state, at)) for at in range(first, end)
    )


# -- fences --------------------------------------------------------------------------------


def _fence_end(state: StateBlock, start: int, end: int, char: str, length: int) -> tuple[int, bool]:
    """CommonMark's end line of the fence opened at ``start`` (exclusive) and whether a
    closing fence ends it (not the end of the document or of its container)."""
    src = state.src
    line = start + 1
    while line < end:
        pos = state.bMarks[line] + state.tShift[line]
        stop = state.eMarks[line]
        if pos < stop and state.sCount[line] < state.blkIndent:
            return line, False  # the quote or list item ends here
        if pos < stop and src[pos] == char and not state.is_code_block(line):
            run = pos
            while run < stop and src[run] == char:
                run += 1
            if run - pos >= length and not src[run:stop].strip(" \t"):
                return line + 1, True
        line += 1
    return line, False


def _wrap_fence(original: BlockRule) -> BlockRule:
    def fence(state: StateBlock, startLine: int, endLine: int, silent: bool) -> bool:
        if silent:
            # Terminator checks keep CommonMark's answer: the blocks stay CommonMark's,
            # only a fence a reader would not show as code is read as text (below).
            return original(state, startLine, endLine, silent)
        if not original(state, startLine, endLine, silent):
            return False  # not a CommonMark fence: nothing to narrow
        # The checks read the tokens before the fence: take it out while they run.
        token = state.tokens.pop()
        end = state.line
        markup = token.markup
        char, length, info = markup[0], len(markup), token.info.strip(" \t")
        closed = end - 1 > startLine and _closes(state, end - 1, char, length)
        raw = RAW_ATTRIBUTE.fullmatch(info)
        problem: Problem | None = None
        span = False
        if raw is not None and not closed:
            # commonmark_x closes it at the end of the document or container, as raw
            # text; pandoc's markdown reads it as text: raw HTML covers both readings.
            state.line = startLine
            note(state.env, startLine, end, _raw(raw.group(1), span=False))
            return _raw_block(state, startLine, end)
        if _after_fence_read_as_text(state):
            problem = FENCE_IN_TEXT
        elif not closed:
            problem = _unclosed(markup)
        elif raw is None and info and not _taken_info(info):
            span = char == "`" and _one_code_span(state, startLine, end, length, endLine)
            if not span:
                problem = _info(markup, info)
        if problem is None:
            if _after_tag_line(state, startLine):
                problem = AFTER_TAG_LINE
            elif state.sCount[startLine] > state.blkIndent and _leaves_pandoc_container(
                state, startLine, end
            ):
                problem = _unclosed(markup)
            elif span:
                pass  # a code span in whatever paragraph pandoc reads it in
            elif not _starts_block(state, len(state.tokens), startLine, fence=char):
                problem = TILDE_AFTER_TEXT if char == "~" else INDENTED_AFTER_TEXT
            elif not _containers_agree(state, startLine):
                problem = CONTAINER_AFTER_TEXT
        if problem is None and raw is not None:
            state.line = startLine
            note(state.env, startLine, end, _raw(raw.group(1), span=False))
            return _raw_block(state, startLine, end)
        if problem is None:
            if span:
                # Code to every reader, but to pandoc as a code span in a paragraph,
                # which the lines right after it continue.
                token.meta[_PANDOC_SPAN] = True
            state.tokens.append(token)
            return True
        state.line = startLine
        note(state.env, startLine, end, problem)
        if char == "`":
            # The paragraph rule reads the line as text. Its backticks stay text: as a
            # code span they could pair with backticks in lines CommonMark reads as text
            # after a quote or list ends (lazy lines), making code of them.
            state.env.setdefault(LITERAL_LINES, set()).add(startLine)
        return False

    return fence


def _closes(state: StateBlock, line: int, char: str, length: int) -> bool:
    """``line`` is a closing fence for an opening run of ``length`` ``char``s."""
    pos = state.bMarks[line] + state.tShift[line]
    stop = state.eMarks[line]
    if state.sCount[line] < state.blkIndent or state.is_code_block(line):
        return False
    run = pos
    while run < stop and state.src[run] == char:
        run += 1
    return run - pos >= length and not state.src[run:stop].strip(" \t")


def _after_fence_read_as_text(state: StateBlock) -> bool:
    """The fence ends a paragraph that starts with a backtick fence read as text: its
    backticks may pair with this fence's in pandoc's reading (``FENCE_IN_TEXT``)."""
    tokens = state.tokens
    if len(tokens) < 3 or tokens[-1].type != "paragraph_close":
        return False
    opener = tokens[-3]
    literal: set[int] = state.env.get(LITERAL_LINES, set())
    return opener.map is not None and opener.map[0] in literal


def _one_code_span(state: StateBlock, start: int, end: int, length: int, limit: int) -> bool:
    """pandoc reads the closed backtick fence ``[start, end)`` as one code span of its
    paragraph: the closing run is as long as the opening, no run of that length is
    between, no blank line breaks the paragraph (R Markdown's ```` ```{r echo=FALSE} ````).
    Right after a line of text, pandoc may be collecting the lines of a list item,
    which ends at a line that opens a complete fence: then the closing line must not
    open one that a later line closes. Then every reader shows it as code."""
    src = state.src
    closing = end - 1
    after_text = start > 0 and not state.isEmpty(start - 1)
    if after_text and _fence_end(state, closing, limit, "`", length)[1]:
        return False
    pos = state.bMarks[closing] + state.tShift[closing]
    if src[pos : state.eMarks[closing]].rstrip(" \t") != "`" * length:
        return False
    fence = "`" * length
    for line in range(start + 1, closing):
        if state.isEmpty(line):
            return False
        text = src[state.bMarks[line] : state.eMarks[line]]
        at = text.find(fence)
        while at >= 0:
            stop = at + length
            if (at == 0 or text[at - 1] != "`") and not text.startswith("`", stop):
                return False
            at = text.find(fence, stop)
    return True


def _taken_info(info: str) -> bool:
    """Whether pandoc takes ``info`` after a fence: one word, or an attribute block."""
    return bool(_INFO_WORD.fullmatch(info) or _ATTRIBUTES.fullmatch(info))


def _after_tag_line(state: StateBlock, line: int) -> bool:
    """The fence ends a paragraph that has a line of nothing but an HTML tag after its
    first line, where the paragraph was in a quote or list that the fence ends (the tag
    line lazy) or opens a footnote or div; or it ends a table whose last row is such a
    line: see ``AFTER_TAG_LINE``."""
    tokens = state.tokens
    index = len(tokens) - 1
    while index >= 0 and tokens[index].type in (
        "list_item_close",
        "bullet_list_close",
        "ordered_list_close",
        "blockquote_close",
    ):
        index -= 1
    if index >= 0 and tokens[index].type == "table_close":
        return line > 0 and bool(LONE_TAG.fullmatch(_line_text(state, line - 1)))
    if index < 2 or tokens[index].type != "paragraph_close":
        return False
    content = tokens[index - 1].content
    nested = index < len(tokens) - 1
    return (nested or opens_pandoc_block(content)) and tag_line_at(content) >= 0


def _leaves_pandoc_container(state: StateBlock, start: int, end: int) -> bool:
    """The fence is indented into a footnote, definition or pandoc-only list item above
    it, and a line before its end is indented less: pandoc ends the container there,
    with the fence unclosed."""
    above = _pandoc_container_above(state, start)
    if above is None or state.sCount[start] - state.blkIndent < above[2]:
        return False
    column = state.blkIndent + above[2]
    return any(
        not state.isEmpty(line) and state.sCount[line] < column for line in range(start + 1, end)
    )


def opens_pandoc_block(content: str) -> bool:
    """A paragraph that is a footnote, fenced div or definition list for pandoc's readers."""
    return bool(
        _FOOTNOTE.match(content) or _DIV_FENCE.match(content) or _DEFINITION_LINE.search(content)
    )


def tag_line_at(content: str) -> int:
    """Where the first line of only an HTML tag after ``content``'s first line starts."""
    newline = content.find("\n") if "<" in content else -1
    match = LONE_TAG.search(content, newline + 1) if newline >= 0 else None
    return match.start() if match is not None else -1


def _raw_block(state: StateBlock, start: int, end: int) -> bool:
    """A raw ``{=FORMAT}`` fence as pandoc reads it: an HTML block, read by HTML rules."""
    token = state.push("html_block", "", 0)
    token.content = state.getLines(start, end, state.blkIndent, True)
    token.map = [start, end]
    state.line = end
    return True


# -- indented code ---------------------------------------------------------------------------


def _wrap_code(original: BlockRule) -> BlockRule:
    def code(state: StateBlock, startLine: int, endLine: int, silent: bool) -> bool:
        if not original(state, startLine, endLine, silent):
            return False
        if silent:
            return True
        index = len(state.tokens) - 1
        block = state.tokens[index]
        above = _pandoc_container_above(state, startLine)
        problem: Problem | None = None
        if above is not None and _least_indent(state, startLine, block) < above[2] + 4:
            problem = _continued(above[0], above[1])
        elif not _starts_block(state, index, startLine, indented=True):
            problem = CODE_AFTER_TEXT
        elif not _containers_agree(state, startLine):
            problem = CONTAINER_AFTER_TEXT
        if problem is None:
            return True
        assert block.map is not None
        end = block.map[1]
        note(state.env, startLine, end, problem)
        state.tokens.pop()
        _paragraphs(state, startLine, end)
        return True

    return code


def _least_indent(state: StateBlock, start: int, block: Token) -> int:
    """The smallest indentation of the code block's non-blank lines (past the container)."""
    assert block.map is not None
    lines = range(start, block.map[1])
    return min(state.sCount[at] for at in lines if not state.isEmpty(at)) - state.blkIndent


def _paragraphs(state: StateBlock, start: int, end: int) -> None:
    """Lines ``[start, end)`` as paragraphs split at blank lines, as pandoc reads them.

    Exactly the code block's lines: a paragraph that ran on over the lines after
    it could pair a backtick in the code with one in the text after it, making
    code of text every reader shows.
    """
    line = start
    while line < end:
        while line < end and state.isEmpty(line):
            line += 1
        if line >= end:
            break
        first = line
        while line < end and not state.isEmpty(line):
            line += 1
        token = state.push("paragraph_open", "p", 1)
        token.map = [first, line]
        token = state.push("inline", "", 0)
        token.content = mdTrim(state.getLines(first, line, state.blkIndent, False))
        token.map = [first, line]
        token.children = []
        state.push("paragraph_close", "p", -1)
    state.line = end


def _line_text(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]


#: A pandoc container above indented code: what it is, its line, its content column.
Above = tuple[str, int, int]


def _pandoc_container_above(state: StateBlock, start: int) -> Above | None:
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
        if _DEFINITION.match(_line_text(state, line)):
            return "definition", line, 4
    # pandoc reads markdown inside HTML blocks: there any line may open a list item.
    html = _line_text(state, first).startswith("<")
    for line in range(first, last + 1) if html else (first,):
        text = _line_text(state, line)
        if _FOOTNOTE.match(text):
            return "footnote", line, 4
        marker = _PANDOC_LIST.match(text) or (None if in_list else _ANY_LIST.match(text))
        if marker is not None:
            # A pandoc-only list item; or a list CommonMark ended before the code (an
            # HTML block interrupted it) while pandoc read the lines after it into it.
            content = len(text) - len(text[marker.end() :].lstrip(" \t"))
            return "list item", line, state.sCount[line] - state.blkIndent + content
    return None


# -- code spans ------------------------------------------------------------------------------


def span_problem(src: str, start: int, closing: int, after: int) -> Problem | None:
    """Why pandoc does not show the code span ``src[start:after]`` as code, or ``None``.

    ``closing`` is where its closing backticks start, ``after`` where they end.
    """
    raw = RAW_ATTRIBUTE.match(src, after)
    if raw is not None:
        return _raw(raw.group(1), span=True)
    if "\n" in src[start:closing] and _SPAN_BREAK.search(src, start, closing):
        return SPAN_ACROSS_BLOCK
    return None
