"""The fence and indented-code rules, narrowed to code every reader shows (issue 33).

``install`` wraps markdown-it-py's ``fence``, ``code``, ``blockquote`` and
``list`` block rules (see ``codeagree`` for the classes and ``pandocblocks``
for where pandoc starts a block). A terminator check (``silent``) keeps
CommonMark's answer, so the blocks stay CommonMark's. A fence that a reader
would not show as code is rejected, so the paragraph rule reads its lines as
text (its leading backticks then never open a code span); a raw ``{=FORMAT}``
fence becomes an HTML block; an indented code block becomes the paragraphs
of exactly its lines. Each such place is recorded with ``codeagree.note``.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.common.utils import mdTrim
from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

from ars_docs.document.parse.codeagree import (
    AFTER_TAG_LINE,
    ATTRIBUTES,
    CODE_AFTER_TEXT,
    CONTAINER_AFTER_TEXT,
    FENCE_IN_TEXT,
    INDENTED_AFTER_TEXT,
    INFO_WORD,
    LITERAL_LINES,
    LONE_TAG,
    PANDOC_SPAN,
    RAW_ATTRIBUTE,
    TILDE_AFTER_TEXT,
    Problem,
    continued,
    info_problem,
    note,
    opens_pandoc_block,
    raw_problem,
    tag_line_at,
    unclosed,
)
from ars_docs.document.parse.pandocblocks import (
    BlockRule,
    containers_agree,
    line_text,
    pandoc_container_above,
    starts_block,
    wrap_container,
)


def install(md: MarkdownIt) -> None:
    """Wrap ``md``'s fence, indented-code, quote and list rules (see module docstring)."""
    rules = {rule.name: rule for rule in md.block.ruler.__rules__}
    for name, wrap in (
        ("fence", _wrap_fence),
        ("code", _wrap_code),
        ("blockquote", wrap_container),
        ("list", wrap_container),
    ):
        rule = rules[name]
        md.block.ruler.at(name, wrap(rule.fn), {"alt": list(rule.alt)})


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
            note(state.env, startLine, end, raw_problem(raw.group(1), span=False))
            return _raw_block(state, startLine, end)
        if _after_fence_read_as_text(state):
            problem = FENCE_IN_TEXT
        elif not closed:
            problem = unclosed(markup)
        elif raw is None and info and not _takeninfo_problem(info):
            span = char == "`" and _one_code_span(state, startLine, end, length, endLine)
            if not span:
                problem = info_problem(markup, info)
        if problem is None:
            if _after_tag_line(state, startLine):
                problem = AFTER_TAG_LINE
            elif state.sCount[startLine] > state.blkIndent and _leaves_pandoc_container(
                state, startLine, end
            ):
                problem = unclosed(markup)
            elif span:
                pass  # a code span in whatever paragraph pandoc reads it in
            elif not starts_block(state, len(state.tokens), startLine, fence=char):
                problem = TILDE_AFTER_TEXT if char == "~" else INDENTED_AFTER_TEXT
            elif not containers_agree(state, startLine):
                problem = CONTAINER_AFTER_TEXT
        if problem is None and raw is not None:
            state.line = startLine
            note(state.env, startLine, end, raw_problem(raw.group(1), span=False))
            return _raw_block(state, startLine, end)
        if problem is None:
            if span:
                # Code to every reader, but to pandoc as a code span in a paragraph,
                # which the lines right after it continue.
                token.meta[PANDOC_SPAN] = True
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


def _takeninfo_problem(info: str) -> bool:
    """Whether pandoc takes ``info`` after a fence: one word, or an attribute block."""
    return bool(INFO_WORD.fullmatch(info) or ATTRIBUTES.fullmatch(info))


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
        return line > 0 and bool(LONE_TAG.fullmatch(line_text(state, line - 1)))
    if index < 2 or tokens[index].type != "paragraph_close":
        return False
    content = tokens[index - 1].content
    nested = index < len(tokens) - 1
    return (nested or opens_pandoc_block(content)) and tag_line_at(content) >= 0


def _leaves_pandoc_container(state: StateBlock, start: int, end: int) -> bool:
    """The fence is indented into a footnote, definition or pandoc-only list item above
    it, and a line before its end is indented less: pandoc ends the container there,
    with the fence unclosed."""
    above = pandoc_container_above(state, start)
    if above is None or state.sCount[start] - state.blkIndent < above[2]:
        return False
    column = state.blkIndent + above[2]
    return any(
        not state.isEmpty(line) and state.sCount[line] < column for line in range(start + 1, end)
    )


def _raw_block(state: StateBlock, start: int, end: int) -> bool:
    """A raw ``{=FORMAT}`` fence as pandoc reads it: an HTML block, read by HTML rules."""
    token = state.push("html_block", "", 0)
    token.content = state.getLines(start, end, state.blkIndent, True)
    token.map = [start, end]
    state.line = end
    return True


def _wrap_code(original: BlockRule) -> BlockRule:
    def code(state: StateBlock, startLine: int, endLine: int, silent: bool) -> bool:
        if not original(state, startLine, endLine, silent):
            return False
        if silent:
            return True
        index = len(state.tokens) - 1
        block = state.tokens[index]
        above = pandoc_container_above(state, startLine)
        problem: Problem | None = None
        if above is not None and _least_indent(state, startLine, block) < above[2] + 4:
            problem = continued(above[0], above[1])
        elif not starts_block(state, index, startLine, indented=True):
            problem = CODE_AFTER_TEXT
        elif not containers_agree(state, startLine):
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
