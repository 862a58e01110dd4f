"""The parser ars-docs uses, and the token stream it makes of a draft.

``make_parser`` is CommonMark with raw HTML, tables and front matter, plus
the inline hooks of ``document.parse.mdhooks`` and the code rules of
``document.parse.coderules``. Its core rule (``_core_inline``) runs the inline
parser on each inline token in document order, carrying the draft's HTML
state from block to block, and leaves what the hooks found in ``token.meta``
(``ars_events``, ``ars_code`` and the keys below) for ``document.parse.mdparse``.

Code spans, fenced and indented code and front matter are consumed by their
own rules before any hook sees them: that is what keeps code out.

The block structure is CommonMark's, with no departure: a line that starts
with a marker comment opens an HTML block, as it does for every CommonMark
reader of the draft. What a rewrite would change in that reading (a prefix
added at the start of such a line, a marker stripped) is checked by
``document.parse.reading`` instead (issue 17).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.front_matter import front_matter_plugin

from ars_docs.core.errors import InputDataError
from ars_docs.core.perf import gc_paused
from ars_docs.document.parse import codeagree, coderules
from ars_docs.document.parse.codeagree import Disputed
from ars_docs.document.parse.frontmatter import is_metadata
from ars_docs.document.parse.htmlread import ElementState, read_html
from ars_docs.document.parse.mdhooks import (
    CODE_MARKS,
    CTX_KEY,
    PATTERNS,
    InlineContext,
    count_marks,
    draft_patterns,
    pre_after,
    warning_text_rule,
    wrap_backticks,
    wrap_html_inline,
    wrap_image,
    wrap_text,
)
from ars_docs.document.parse.visible import of as fold_of
from ars_docs.document.text import Document

#: ``token.meta`` key of an HTML block: the draft's HTML state where it starts.
HTML_STATE = "ars_html_state"
#: ``token.meta`` key of the block where something's end stopped being known.
UNCLEAR = "ars_unclear"
#: ``token.meta`` key of a code block that HTML may not read as code.
UNTRUSTED = "ars_untrusted"
#: ``token.meta`` key of the first token: the places readers disagree are code (issue 33).
DISPUTED = "ars_disputed"
#: ``env`` flag for ``parse_tokens``: keep every inline token's children.
KEEP_CHILDREN = "ars_docs_keep_children"
#: ``env`` key for ``parse_tokens``: called with each inline token and its children
#: before the children are dropped (so a pass can note what it needs from them).
INLINE_HOOK = "ars_docs_inline_hook"
#: What ``INLINE_HOOK`` is called with.
InlineHook = Callable[[Token, list[Token]], None]


class NestingError(InputDataError):
    """The draft nests deeper than the parser follows; markers there would be missed."""


def _core_inline(state: StateCore) -> None:
    previous = ""
    hook: InlineHook | None = state.env.get(INLINE_HOOK)
    limit = state.md.options.maxNesting - 1
    # What the raw HTML read so far means for what follows, in document order.
    html = ElementState()
    # Inside an HTML <pre> element (see InlineContext.pre). Kept past the end of a
    # quote or list it opened in: pandoc may not have read that container.
    pre = False
    for token in state.tokens:
        if token.level >= limit:
            _too_deep(token)
        was_clean = html.clean
        if token.type == "html_block":
            token.meta[HTML_STATE] = html.copy()
            reading = read_html(token.content, 0, len(token.content), state=html)
            pre = pre_after(token.content, reading.markup, pre)
        elif token.type in ("fence", "code_block") and (pre or not html.trusted):
            # Inside <svg>, <select> … (or after something whose end is not known)
            # HTML does not build the <pre><code> markdown writes; inside <pre> pandoc
            # passes the text through as raw HTML: not code there.
            token.meta[UNTRUSTED] = True
            if pre and token.map is not None:
                first, end = token.map
                codeagree.note(state.env, first, end, codeagree.INSIDE_PRE)
        elif token.type in ("fence", "code_block", "front_matter"):
            marks = count_marks(token.content, draft_patterns(state))
            if marks:
                state.env[CODE_MARKS] = state.env.get(CODE_MARKS, 0) + marks
        elif token.type == "inline":
            first_line = token.map[0] if token.map else 0
            ctx = InlineContext(
                elements=html,
                content=token.content,
                line=first_line,
                pre=pre,
                nested=token.level > 1,
            )
            state.env[CTX_KEY] = ctx
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
            token.meta[UNCLEAR] = True  # from here on, HTML may read it all differently
        previous = token.type
    state.env.pop(CTX_KEY, None)


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
    md.inline.ruler.at("html_inline", wrap_html_inline(rules["html_inline"]))
    md.inline.ruler.at("image", wrap_image(rules["image"]))
    md.inline.ruler.at("backticks", wrap_backticks(rules["backticks"]))
    md.inline.ruler.before("escape", "ars_warning_text", warning_text_rule)
    if lookalikes:
        md.inline.ruler.at("text", wrap_text(rules["text"]))
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
                PATTERNS: found_by,
            }
            tokens: list[Token] = _shared_parser(True, lookalikes).parse(body, env)
            if _not_metadata(tokens):
                # "---" then paragraphs then "---": thematic breaks and paragraphs to
                # pandoc and CommonMark readers, so to ars-docs too (issue 24).
                env = {KEEP_CHILDREN: keep_children, INLINE_HOOK: on_inline, PATTERNS: found_by}
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
        tokens[0].meta[DISPUTED] = places
    return tokens


def disputed(tokens: list[Token]) -> list[Disputed]:
    """Where CommonMark shows code that a reader does not (read as text; ``codeagree``)."""
    found: list[Disputed] = tokens[0].meta.get(DISPUTED, []) if tokens else []
    return found
