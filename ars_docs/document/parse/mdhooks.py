"""The inline hooks: where comments, warnings and code are in an inline token's content.

markdown-it-py tokens carry only line maps, so ars-docs adds small inline
hooks that record *where* things happen while the inline parser runs
(``document.parse.mdtokens`` installs them):

* ``html_inline`` is wrapped: every HTML comment the parser accepts as inline
  HTML is recorded, and a marker-looking ``<!--ref:`` that it rejects
  (unterminated) is recorded too.
* a rule before ``escape`` records every ``[UNVERIFIED CITATION`` warning text
  the parser reaches as prose.
* ``image`` is wrapped so positions inside alt text (parsed separately) are
  still relative to the enclosing inline content.
* ``backticks`` is wrapped: a code span is recorded as a code range, unless
  some reader does not show it as code (``document.parse.codeagree``).

Positions recorded are offsets into an ``inline`` token's content, kept in
the token's ``InlineContext``; ``document.parse.mdparse`` locates them in the
draft. Inline HTML is read by HTML rules (``document.parse.htmlread``): a
comment is a marker only where it is a comment node, not in an attribute
value, a declaration or raw text (``<script>``, ``<textarea>`` …).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline

from ars_docs.document.markers import MARKER_LIKE_RE
from ars_docs.document.parse import codeagree
from ars_docs.document.parse.codeagree import RAW_ATTRIBUTE, Problem, span_problem
from ars_docs.document.parse.htmlread import ElementState, comment_end, read_html
from ars_docs.document.parse.mdlocate import Kind
from ars_docs.document.parse.visible import Patterns, full_patterns, patterns

_COMMENT = "<!--"
#: ``env`` key: the ``InlineContext`` of the inline token being parsed.
CTX_KEY = "ars_docs_positions"
#: ``env`` key: the draft's ``visible.Patterns`` (warning text as a reader sees it).
PATTERNS = "ars_docs_visible"
#: ``env`` key: how many marker-like or warning texts markdown code holds (code
#: spans, code blocks, front matter). Finalize compares it with what it found to
#: know, cheaply, whether anything marker-like is hidden elsewhere (issue 25 §2).
CODE_MARKS = "ars_docs_code_marks"


def count_marks(text: str, found_by: Patterns | None = None) -> int:
    """Marker-like comments plus ``[UNVERIFIED`` warning heads in ``text`` (as a
    reader sees them: ``document.parse.visible``; ``found_by``: the patterns of the draft
    ``text`` is part of)."""
    if "<!--" not in text and "[" not in text and text.isascii():
        return 0
    heads = (found_by or patterns(text)).warning_head
    return len(MARKER_LIKE_RE.findall(text)) + len(heads.findall(text))


#: How the end of a code range is found from its end anchor: ``markup`` the
#: tag or comment starting there, ``run`` the backtick run starting there,
#: ``at`` the anchor itself, ``eot`` the end of the inline token.
EndMode = str
#: A code range of an inline token: start anchor, end anchor, end mode (content positions).
CodeRange = tuple[int, int, EndMode]


@dataclass
class InlineContext:
    """What the hooks record while one inline token is parsed (content positions)."""

    events: list[tuple[Kind, int]] = field(default_factory=list)
    base: list[int] = field(default_factory=lambda: [0])
    code: list[CodeRange] = field(default_factory=list)
    #: The draft's HTML state, shared by every block and paragraph in order.
    elements: ElementState = field(default_factory=ElementState)
    #: Content position where exempted raw-text content (``<script>…``) ends (-1: none).
    exempt_until: int = -1
    #: The inline token's content and first line (for places readers disagree on).
    content: str = ""
    line: int = 0
    #: Inside an HTML ``<pre>`` element, which pandoc passes through verbatim up to
    #: its ``</pre>``, markdown code included (issue 33).
    pre: bool = False
    #: Where the content's first line of nothing but an HTML tag after its first line
    #: starts (-1: none; None: not looked for yet), see ``codeagree.AFTER_TAG_LINE``.
    tag_line: int | None = None
    #: The paragraph is inside a quote or list (lazy lines are possible).
    nested: bool = False
    #: Content position of the first run of two or more backticks that closes nothing
    #: (-1: none): pandoc pairs the backticks after it otherwise (issue 33).
    unmatched: int = -1


def _ctx(state: StateInline) -> InlineContext:
    ctx: InlineContext = state.env[CTX_KEY]
    return ctx


def draft_patterns(state: StateInline | StateCore) -> Patterns:
    """The draft's warning patterns (``env[PATTERNS]``) for a parser state."""
    found_by: Patterns | None = state.env.get(PATTERNS)
    # parse_tokens always sets them; the full set reads any text right.
    return found_by if found_by is not None else full_patterns()


def wrap_html_inline(original: Callable[[StateInline, bool], bool]) -> Any:
    """The ``html_inline`` rule, recording comments, unterminated markers and tags."""

    def html_inline(state: StateInline, silent: bool) -> bool:
        pos = state.pos
        if silent:
            return original(state, silent)
        matched = original(state, silent)
        ctx = _ctx(state)
        base = ctx.base[-1]
        if base + state.pos <= ctx.exempt_until or (not matched and base + pos < ctx.exempt_until):
            return matched  # inside raw text (<script>, <textarea> …): not document text
        src = state.src
        if not matched:
            if MARKER_LIKE_RE.match(src, pos):
                ctx.events.append(("unterminated", base + pos))
            return matched
        # A match that starts in exempted content and reaches past its end
        # ("<script><!--</script> <!--ref:b-->"): HTML ends it first, so read on from there.
        begin = max(pos, ctx.exempt_until - base)
        if (
            begin == pos
            and src.startswith(_COMMENT, pos)
            and comment_end(src, pos, state.pos) == state.pos
        ):
            # The common case, one comment that HTML ends where markdown-it does.
            ctx.events.append(("comment", base + pos))
            return matched
        # HTML rules on the piece markdown-it matched: a comment ends at "--!>" too, a
        # declaration or processing instruction at its first ">", so one match can
        # hold several comments and text between them.
        reading = read_html(src, begin, state.pos, state=ctx.elements, reach=len(src))
        # Inside the piece, text between comments is raw HTML: a backslash there is
        # the user's character, not an escape (so the occurrences are "raw").
        for start, _ in reading.comments:
            ctx.events.append(("raw_comment", base + start))
        warning_text = draft_patterns(state).warning_text
        for start, end in reading.text:
            for match in warning_text.finditer(src, start, end):
                ctx.events.append(("raw_warning", base + match.start()))
        for start, _ in reading.markup:
            if src.startswith("<", start):
                ctx.code.append((base + start, base + start, "markup"))
                pre = _PRE_TAG.match(src, start)
                if pre is not None:
                    ctx.pre = not pre.group(1)
        if reading.exempt_until >= 0:
            ctx.exempt_until = base + reading.exempt_until
            opened, close = base + reading.exempt_start, reading.exempt_until
            if close >= len(src):
                ctx.code.append((opened, -1, "eot"))
            else:
                ctx.code.append((opened, base + close, "at"))  # raw text: up to "</name"
        return matched

    return html_inline


def wrap_backticks(original: Callable[[StateInline, bool], bool]) -> Any:
    """The ``backticks`` rule, recording code spans; one some reader shows as text is text."""

    def backticks(state: StateInline, silent: bool) -> bool:
        start = state.pos
        src = state.src
        if src[start] != "`":
            return False
        run = start + 1
        while src.startswith("`", run):
            run += 1
        if RAW_ATTRIBUTE.match(src, run):
            # The closing run of a raw span pandoc passes through: never an opener.
            return _literal_run(state, silent, run)
        if _literal_line(state, start):
            # The backticks of a fence read as text (see ``codeagree``): never an
            # opener, and they close nothing.
            _note_unmatched(state, start)
            return _literal_run(state, silent, run)
        last = state.tokens[-1] if state.tokens else None
        matched = original(state, silent)
        if not matched or state.pos == run:
            if matched and run - start > 1:
                _note_unmatched(state, start)
            return matched  # an unmatched run: literal text
        closing = state.pos - (run - start)
        problem = span_problem(src, start, closing, state.pos)
        if problem is None:
            ctx = _ctx(state)
            if ctx.pre:
                problem = codeagree.INSIDE_PRE
            elif 0 <= _tag_line_at(ctx) < ctx.base[-1] + start:
                problem = codeagree.AFTER_TAG_LINE
            elif 0 <= ctx.unmatched < ctx.base[-1] + start:
                problem = codeagree.AFTER_UNMATCHED_RUN
        if problem is not None:
            # pandoc does not show it as code: the backticks are text (issue 33).
            if not silent:
                if state.tokens and state.tokens[-1] is not last:
                    state.tokens.pop()
                _note_disputed(state, start, state.pos, problem)
            state.pos = start
            return _literal_run(state, silent, run)
        if silent:
            return matched
        token = state.tokens[-1] if state.tokens else None
        if token is not last and token is not None and token.type == "code_inline":
            ctx = _ctx(state)
            if not ctx.elements.trusted:
                return matched  # HTML may ignore the <code> here: not code (see htmlread)
            base = ctx.base[-1]
            ctx.code.append((base + start, base + closing, "run"))
            marks = count_marks(src[start:closing], draft_patterns(state))
            if marks:
                state.env[CODE_MARKS] = state.env.get(CODE_MARKS, 0) + marks
        return matched

    return backticks


#: An HTML ``<pre>`` or ``</pre>`` tag (``group(1)``: the slash).
_PRE_TAG = re.compile(r"<(/?)pre(?=[\s/>])", re.IGNORECASE)


def pre_after(content: str, markup: list[tuple[int, int]], pre: bool) -> bool:
    """Whether a ``<pre>`` element is open after the tags ``markup`` of ``content``."""
    if "pre" not in content and "PRE" not in content.upper():
        return pre
    for start, _ in markup:
        match = _PRE_TAG.match(content, start)
        if match is not None:
            pre = not match.group(1)
    return pre


def _tag_line_at(ctx: InlineContext) -> int:
    """Where a tag line that may start an HTML block for some readers starts, or -1."""
    if ctx.tag_line is None:
        content = ctx.content
        may = ctx.nested or codeagree.opens_pandoc_block(content)
        ctx.tag_line = codeagree.tag_line_at(content) if may else -1
    return ctx.tag_line


def _literal_line(state: StateInline, start: int) -> bool:
    """The backtick run at ``start`` begins a source line of a fence read as text."""
    lines: set[int] | None = state.env.get(codeagree.LITERAL_LINES)
    if not lines or (start > 0 and state.src[start - 1] != "\n"):
        return False
    ctx = _ctx(state)
    return ctx.line + ctx.content.count("\n", 0, ctx.base[-1] + start) in lines


def _note_unmatched(state: StateInline, start: int) -> None:
    ctx = _ctx(state)
    if ctx.unmatched < 0:
        ctx.unmatched = ctx.base[-1] + start


def _literal_run(state: StateInline, silent: bool, run_end: int) -> bool:
    """Consume the backtick run at ``state.pos`` as text, as an unmatched run is."""
    if not silent:
        state.append_pending(state.src[state.pos : run_end])
    state.pos = run_end
    return True


def _note_disputed(state: StateInline, start: int, end: int, problem: Problem) -> None:
    ctx = _ctx(state)
    base = ctx.base[-1]
    first = ctx.line + ctx.content.count("\n", 0, base + start)
    last = ctx.line + ctx.content.count("\n", 0, base + end) + 1
    codeagree.note(state.env, first, last, problem)


def wrap_image(original: Callable[[StateInline, bool], bool]) -> Any:
    """The ``image`` rule, keeping positions in alt text relative to the inline content."""

    def image(state: StateInline, silent: bool) -> bool:
        if silent:
            return original(state, silent)
        ctx = _ctx(state)
        # The image rule re-parses its label ``![label]`` as a separate source string.
        ctx.base.append(ctx.base[-1] + state.pos + 2)
        # Alt text is plain text in the output: tags in it open no element.
        saved, exempt_until = ctx.elements.copy(), ctx.exempt_until
        try:
            return original(state, silent)
        finally:
            ctx.base.pop()
            ctx.elements.clean, ctx.elements.context = saved.clean, saved.context
            ctx.exempt_until = exempt_until

    return image


def warning_text_rule(state: StateInline, silent: bool) -> bool:
    """A rule before ``escape`` that records warning text and consumes nothing."""
    ch = state.src[state.pos]
    if silent or (ch != "[" and ch != "\\"):
        return False
    bracket = state.pos + (1 if ch == "\\" else 0)  # an escaped bracket is still one
    match = draft_patterns(state).warning_text.match(state.src, bracket)
    if match is not None:
        ctx = _ctx(state)
        if ctx.base[-1] + state.pos < ctx.exempt_until:
            return False  # inside <script>, <textarea> …: not document text
        ctx.events.append(("warning", ctx.base[-1] + bracket))
    return False  # never consumes: the normal rules go on as if this rule did not exist


def wrap_text(original: Callable[[StateInline, bool], bool]) -> Any:
    """The text rule, noting warnings that start with a bracket look-alike (``［``,
    ``⟦`` …: ``document.parse.visible``), which never stop it the way ``[`` does. Only in
    the parser for drafts that hold such characters (``make_parser(lookalikes=True)``)."""

    def text(state: StateInline, silent: bool) -> bool:
        start = state.pos
        matched = original(state, silent)
        if silent or not matched:
            return matched
        found_by = draft_patterns(state)
        brackets = found_by.brackets
        if brackets is None:
            return matched
        src, end = state.src, state.pos
        found = brackets.search(src, start, end)
        while found is not None:
            pos = found.start()
            if found_by.warning_text.match(src, pos):
                ctx = _ctx(state)
                if ctx.base[-1] + pos >= ctx.exempt_until:  # not inside <script> …
                    ctx.events.append(("warning", ctx.base[-1] + pos))
            found = brackets.search(src, pos + 1, end)
        return matched

    return text
