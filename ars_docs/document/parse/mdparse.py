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
line (table cells); ``document.parse.mdlocate`` does that mapping. Every located span
is checked against the source text.
HTML blocks and inline HTML are read by HTML rules (``document.parse.htmlread``): a
comment is a marker only where it is a comment node, not in an attribute
value, a declaration or raw text (``<script>``, ``<textarea>`` …); those
places are code. A comment inside ``<code>`` or ``<pre>`` is a comment node,
so it is a marker.

The block structure is CommonMark's, with no departure: a line that starts
with a marker comment opens an HTML block, as it does for every CommonMark
reader of the draft. What a rewrite would change in that reading (a prefix
added at the start of such a line, a marker stripped) is checked by
``document.parse.reading`` instead (issue 17).

Besides occurrences, ``read`` returns the draft's *code*: every character
range that is not running text (code blocks and spans, front matter, tags and
what HTML reads as code), which is what the rewrite check compares. Comments
in running text are not code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.front_matter import front_matter_plugin

from ars_docs.core.errors import InputDataError
from ars_docs.core.perf import gc_paused
from ars_docs.document.markers import MARKER_LIKE_RE, PREFIX_IN_TEXT_RE, UNTERMINATED_RE
from ars_docs.document.parse import codeagree, coderules
from ars_docs.document.parse.codeagree import RAW_ATTRIBUTE, Disputed, Problem, span_problem
from ars_docs.document.parse.frontmatter import is_metadata
from ars_docs.document.parse.htmlread import ElementState, read_html, read_tag
from ars_docs.document.parse.htmlread import comment_end as html_comment_end
from ars_docs.document.parse.mdlocate import Kind, LocateError, Locator
from ars_docs.document.parse.visible import Patterns, full_patterns, patterns
from ars_docs.document.parse.visible import of as fold_of
from ars_docs.document.text import Document

_COMMENT = "<!--"
_CTX_KEY = "ars_docs_positions"
#: ``env`` key: the draft's ``visible.Patterns`` (warning text as a reader sees it).
_PATTERNS = "ars_docs_visible"
#: ``token.meta`` key of an HTML block: the draft's HTML state where it starts.
_HTML_STATE = "ars_html_state"
#: ``token.meta`` key of the block where something's end stopped being known.
_UNCLEAR = "ars_unclear"
#: ``token.meta`` key of a code block that HTML may not read as code.
_UNTRUSTED = "ars_untrusted"
#: ``token.meta`` key of the first token: the places readers disagree are code (issue 33).
_DISPUTED = "ars_disputed"
#: ``env`` flag for ``parse_tokens``: keep every inline token's children.
KEEP_CHILDREN = "ars_docs_keep_children"
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


#: ``env`` key for ``parse_tokens``: called with each inline token and its children
#: before the children are dropped (so a pass can note what it needs from them).
INLINE_HOOK = "ars_docs_inline_hook"
#: What ``INLINE_HOOK`` is called with.
InlineHook = Callable[[Token, list[Token]], None]


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


#: How the end of a code range is found from its end anchor: ``markup`` the
#: tag or comment starting there, ``run`` the backtick run starting there,
#: ``at`` the anchor itself, ``eot`` the end of the inline token.
EndMode = str
#: A code range of an inline token: start anchor, end anchor, end mode (content positions).
CodeRange = tuple[int, int, EndMode]


@dataclass
class _InlineContext:
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


class NestingError(InputDataError):
    """The draft nests deeper than the parser follows; markers there would be missed."""


def _ctx(state: StateInline) -> _InlineContext:
    ctx: _InlineContext = state.env[_CTX_KEY]
    return ctx


def _patterns(state: StateInline | StateCore) -> Patterns:
    found_by: Patterns | None = state.env.get(_PATTERNS)
    # parse_tokens always sets them; the full set reads any text right.
    return found_by if found_by is not None else full_patterns()


def _wrap_html_inline(original: Callable[[StateInline, bool], bool]) -> Any:
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
        warning_text = _patterns(state).warning_text
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


def _wrap_backticks(original: Callable[[StateInline, bool], bool]) -> Any:
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
            # The backticks of a fence read as text (see draft.codeagree): never an
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
            marks = count_marks(src[start:closing], _patterns(state))
            if marks:
                state.env[CODE_MARKS] = state.env.get(CODE_MARKS, 0) + marks
        return matched

    return backticks


#: An HTML ``<pre>`` or ``</pre>`` tag (``group(1)``: the slash).
_PRE_TAG = re.compile(r"<(/?)pre(?=[\s/>])", re.IGNORECASE)


def _pre_after(content: str, markup: list[tuple[int, int]], pre: bool) -> bool:
    """Whether a ``<pre>`` element is open after the tags ``markup`` of ``content``."""
    if "pre" not in content and "PRE" not in content.upper():
        return pre
    for start, _ in markup:
        match = _PRE_TAG.match(content, start)
        if match is not None:
            pre = not match.group(1)
    return pre


def _tag_line_at(ctx: _InlineContext) -> int:
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


def _wrap_image(original: Callable[[StateInline, bool], bool]) -> Any:
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


def _warning_text(state: StateInline, silent: bool) -> bool:
    ch = state.src[state.pos]
    if silent or (ch != "[" and ch != "\\"):
        return False
    bracket = state.pos + (1 if ch == "\\" else 0)  # an escaped bracket is still one
    match = _patterns(state).warning_text.match(state.src, bracket)
    if match is not None:
        ctx = _ctx(state)
        if ctx.base[-1] + state.pos < ctx.exempt_until:
            return False  # inside <script>, <textarea> …: not document text
        ctx.events.append(("warning", ctx.base[-1] + bracket))
    return False  # never consumes: the normal rules go on as if this rule did not exist


def _wrap_text(original: Callable[[StateInline, bool], bool]) -> Any:
    """The text rule, noting warnings that start with a bracket look-alike (``［``,
    ``⟦`` …: ``document.parse.visible``), which never stop it the way ``[`` does. Only in
    the parser for drafts that hold such characters (``make_parser(lookalikes=True)``)."""

    def text(state: StateInline, silent: bool) -> bool:
        start = state.pos
        matched = original(state, silent)
        if silent or not matched:
            return matched
        found_by = _patterns(state)
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


def _core_inline(state: StateCore) -> None:
    previous = ""
    hook: InlineHook | None = state.env.get(INLINE_HOOK)
    limit = state.md.options.maxNesting - 1
    # What the raw HTML read so far means for what follows, in document order.
    html = ElementState()
    # Inside an HTML <pre> element (see _InlineContext.pre). Kept past the end of a
    # quote or list it opened in: pandoc may not have read that container.
    pre = False
    for token in state.tokens:
        if token.level >= limit:
            _too_deep(token)
        was_clean = html.clean
        if token.type == "html_block":
            token.meta[_HTML_STATE] = html.copy()
            reading = read_html(token.content, 0, len(token.content), state=html)
            pre = _pre_after(token.content, reading.markup, pre)
        elif token.type in ("fence", "code_block") and (pre or not html.trusted):
            # Inside <svg>, <select> … (or after something whose end is not known)
            # HTML does not build the <pre><code> markdown writes; inside <pre> pandoc
            # passes the text through as raw HTML: not code there.
            token.meta[_UNTRUSTED] = True
            if pre and token.map is not None:
                first, end = token.map
                codeagree.note(state.env, first, end, codeagree.INSIDE_PRE)
        elif token.type in ("fence", "code_block", "front_matter"):
            marks = count_marks(token.content, _patterns(state))
            if marks:
                state.env[CODE_MARKS] = state.env.get(CODE_MARKS, 0) + marks
        elif token.type == "inline":
            first_line = token.map[0] if token.map else 0
            ctx = _InlineContext(
                elements=html,
                content=token.content,
                line=first_line,
                pre=pre,
                nested=token.level > 1,
            )
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
            if hook is not None:
                hook(token, children)
            token.children = children if keep else []
            if ctx.events:
                token.meta["ars_events"] = ctx.events
            if ctx.code:
                token.meta["ars_code"] = ctx.code
            pre = ctx.pre
        if was_clean and not html.clean:
            token.meta[_UNCLEAR] = True  # from here on, HTML may read it all differently
        previous = token.type
    state.env.pop(_CTX_KEY, None)


def _too_deep(token: Token) -> None:
    line = token.map[0] + 1 if token.map else 0
    raise NestingError(
        f"{line}: containers or inline markup are nested too deeply for the parser, "
        "which skips what is inside; citations there could not be checked. Flatten the "
        "nesting there"
    )


def make_parser(*, front_matter: bool = True, lookalikes: bool = False) -> MarkdownIt:
    """The parser ars-docs uses: CommonMark, raw HTML on, tables, front matter.

    ``front_matter=False`` reads a leading ``---`` region as markdown: for
    drafts whose region is not metadata (see ``document.parse.frontmatter``).
    ``lookalikes=True`` also notes warnings whose bracket is a look-alike (for
    drafts that hold one; it costs a little on every run of text).
    """
    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    if front_matter:
        front_matter_plugin(md)
    rules = {rule.name: rule.fn for rule in md.inline.ruler.__rules__}
    md.inline.ruler.at("html_inline", _wrap_html_inline(rules["html_inline"]))
    md.inline.ruler.at("image", _wrap_image(rules["image"]))
    md.inline.ruler.at("backticks", _wrap_backticks(rules["backticks"]))
    md.inline.ruler.before("escape", "ars_warning_text", _warning_text)
    if lookalikes:
        md.inline.ruler.at("text", _wrap_text(rules["text"]))
    md.core.ruler.at("inline", _core_inline)
    coderules.install(md)
    return md


@lru_cache(maxsize=4)
def _shared_parser(front_matter: bool = True, lookalikes: bool = False) -> MarkdownIt:
    # Parsing does not change the MarkdownIt object, so one instance serves all calls.
    return make_parser(front_matter=front_matter, lookalikes=lookalikes)


def _not_metadata(tokens: list[Token]) -> bool:
    """The tokens start with a front matter region that readers take for markdown.

    Also a ``---`` region inside a quote or list on the first line: the plugin
    takes it for front matter, no reader does.
    """
    if any(token.type == "front_matter" for token in tokens[1:8]):
        return True
    if not tokens or tokens[0].type != "front_matter":
        return False
    content = tokens[0].content
    return not is_metadata(content, blank_after_opening=content.startswith(("\n", "\r")))


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


#: End of an HTML comment by HTML rules (``-->``, ``--!>``), or -1.
comment_end = html_comment_end


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
    before = token.meta.get(_HTML_STATE)
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


def parse_tokens(
    doc: Document,
    *,
    keep_children: bool = False,
    on_inline: InlineHook | None = None,
    stats: dict[str, int] | None = None,
) -> list[Token]:
    """The draft's token stream (children of inline tokens only when asked).

    ``on_inline`` sees every inline token with its children while they exist, so a
    caller that needs one fact from them need not keep them all (issue 29 §12: the
    children are most of the tree's memory). ``stats``, when given, receives
    ``CODE_MARKS`` (see there).
    """
    body = doc.body
    # markdown-it-py reads past the end of a text whose last line is a lazy
    # continuation of an HTML block in a quoted list item (``>* <style\n>``) and
    # raises IndexError; a final line break (outside every span) avoids it.
    if body and not body.endswith(("\n", "\r")):
        body += "\n"
    found_by = fold_of(doc)
    lookalikes = found_by.brackets is not None and found_by.brackets.search(body) is not None
    try:
        with gc_paused():
            env: dict[str, Any] = {
                KEEP_CHILDREN: keep_children,
                INLINE_HOOK: on_inline,
                _PATTERNS: found_by,
            }
            tokens: list[Token] = _shared_parser(True, lookalikes).parse(body, env)
            if _not_metadata(tokens):
                # "---" then paragraphs then "---": thematic breaks and paragraphs to
                # pandoc and CommonMark readers, so to ars-docs too (issue 24).
                env = {KEEP_CHILDREN: keep_children, INLINE_HOOK: on_inline, _PATTERNS: found_by}
                tokens = _shared_parser(False, lookalikes).parse(body, env)
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
    if stats is not None:
        stats[CODE_MARKS] = env.get(CODE_MARKS, 0)
    places = codeagree.disputed_places(env)
    if places and tokens:
        tokens[0].meta[_DISPUTED] = places
    return tokens


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
        if unclear_from is None and token.meta.get(_UNCLEAR) and token.map is not None:
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
            if token.meta.get(_UNTRUSTED):
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


def disputed(tokens: list[Token]) -> list[Disputed]:
    """Where CommonMark shows code that a reader does not (read as text; ``codeagree``)."""
    found: list[Disputed] = tokens[0].meta.get(_DISPUTED, []) if tokens else []
    return found


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
