"""Which parts of raw HTML in a draft are document text (issue 17).

A comment in raw HTML is a citation marker only when an HTML reader would
make it a comment *node*. Not when it sits inside a tag's attribute value
(``<div title="<!--ref:b-->">``), a declaration, a processing instruction or a
CDATA section (bogus comments in HTML), nor inside an element whose content is
raw text: ``<script>``, ``<style>``, ``<textarea>``, ``<title>``, ``<xmp>``,
``<iframe>``, ``<noembed>``, ``<noframes>``, ``<plaintext>``. Those places are
never rewritten; the gate's output scan still refuses marker or warning text
in raw text (``passes/recheck.py``).

The content of ``<code>``, ``<pre>``, ``<listing>``, ``<kbd>`` and ``<samp>``
is parsed as HTML like any element's: a comment there is a live comment node,
so it is a marker like any other (issue 24: exempting it let a forged ``ok``
through). Markdown code is the one way to show a marker literally.

The tokenizer is markdown-it-py's own (``HTML_TAG_RE``, the CommonMark
grammar of tags, comments, declarations, processing instructions and CDATA),
the same one that decides what inline HTML is, with the HTML rules for where
things end: a comment at the first ``-->`` or ``--!>`` (``<!-->`` and
``<!--->`` are empty comments); a declaration, processing instruction, CDATA
section, or any other ``<!``, ``<?`` or ``</`` not followed by a letter, at its
first ``>``; the content of a raw-text element at the first ``</name``
followed by white space, ``/`` or ``>``.

Which element a comment is *inside* is decided by an HTML tree builder,
which this module is not. So a raw-text element's content is exempted only
where that cannot be wrong (the safer reading: anything else is prose, which
the gate checks):

* nothing inside ``<svg>``, ``<math>``, ``<select>``, ``<template>`` or a
  table outside its cells (foreign content, ignored tags, foster parenting);
* nothing after anything whose end is not known: a comment, bogus comment or
  raw-text element that does not end in its block, or a ``<`` plus letter the
  grammar cannot read (``<b<code>`` is one tag to HTML; ``<div title="x`` runs
  on): from there to the end of the draft, no element content is exempted.

``ElementState`` carries that knowledge through the draft, block by block
and paragraph by paragraph, in document order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it.common.html_re import HTML_TAG_RE

from ars_docs.core.limits import MAX_NESTING

#: Elements whose content is raw text up to their end tag (no tags, no comments).
#: ``<noscript>`` is not one: without scripting, HTML reads its content as markup.
RAW_TEXT_ELEMENTS = frozenset(
    {
        "script",
        "style",
        "textarea",
        "title",
        "xmp",
        "iframe",
        "noembed",
        "noframes",
        "plaintext",
    }
)
#: Elements inside which HTML does not build what the tags say: foreign content,
#: ``<select>`` (most start tags ignored), templates, tables outside a cell.
CONTEXT_ELEMENTS = frozenset(
    {"svg", "math", "select", "template", "table", "tbody", "thead", "tfoot", "tr", "colgroup"}
)
#: Table cells and captions: inside them HTML builds as in the body again.
_CELLS = frozenset({"td", "th", "caption"})
#: Context elements whose content is never exempted, cells or not.
_FOREIGN = frozenset({"svg", "math", "select", "template"})

#: White space by Unicode that HTML does not count as white space.
_NOT_HTML_SPACE = re.compile(r"[^\S\t\n\f\r ]")
#: Quoted attribute values of a matched tag.
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
_TAG_NAME = re.compile(r"</?([A-Za-z][A-Za-z0-9\-]*)")
#: Where HTML starts a tag, whether the grammar matches or not.
_BROWSER_TAG = re.compile(r"</?[A-Za-z]")
#: What HTML reads as a bogus comment when the grammar does not match.
_BOGUS = re.compile(r"<(?:[!?]|/(?![A-Za-z]))")
_END_TAG_CACHE: dict[str, re.Pattern[str]] = {}


def comment_end(text: str, start: int, limit: int) -> int:
    """End of the HTML comment at ``start`` by HTML rules, or -1 if it does not end."""
    if text.startswith("<!-->", start):
        return start + 5
    if text.startswith("<!--->", start):
        return start + 6
    close = text.find("--", start + 4, limit)
    while close >= 0:
        if text.startswith("-->", close):
            return close + 3 if close + 3 <= limit else -1
        if text.startswith("--!>", close):
            return close + 4 if close + 4 <= limit else -1
        close = text.find("--", close + 1, limit)
    return -1


def raw_text_end(text: str, name: str, start: int, limit: int) -> int:
    """Where the content of raw-text element ``<name>`` (opened before ``start``) ends.

    ``limit`` if it never does: HTML reads to the end of the document.
    """
    if name == "plaintext":
        return limit
    pattern = _END_TAG_CACHE.get(name)
    if pattern is None:
        pattern = re.compile(rf"</{name}(?=[\t\n\f\r />])", re.IGNORECASE)
        _END_TAG_CACHE[name] = pattern
    found = pattern.search(text, start, limit)
    return found.start() if found else limit


@dataclass(frozen=True, slots=True)
class Tag:
    """One piece of markup: its extent, kind (``open``/``close``/``other``) and name."""

    start: int
    end: int
    kind: str
    name: str


def read_tag(text: str, start: int, limit: int) -> Tag | None:
    """The markup starting at ``text[start]`` (a ``<`` that is not a comment), if any."""
    match = HTML_TAG_RE.match(text, start, limit)
    if match is None or _NOT_HTML_SPACE.search(_QUOTED.sub("", match.group())):
        # The grammar's \s is Unicode's; HTML's white space is only tab, LF, FF, CR and
        # space, so a browser reads "<a b=\x0b'x>" (or "<code\xa0x>") another way.
        # Inside a quoted attribute value any character is just the value's (issue 24:
        # '<c a="[UNVERIFIED\xa0CITATION]">' is one tag to every reader).
        return None
    second = text[start + 1 : start + 2]
    if second in ("!", "?"):
        # Declarations, processing instructions and CDATA are bogus comments in
        # HTML: they end at the first ">".
        return Tag(start, text.index(">", start) + 1, "other", "")
    name = _TAG_NAME.match(text, start)
    assert name is not None  # the grammar matched an open or close tag
    return Tag(start, match.end(), "close" if second == "/" else "open", name.group(1).lower())


@dataclass
class ElementState:
    """What the HTML read so far means for what follows (see the module docstring).

    ``clean`` is false once something's end is not known; ``context`` is the
    stack of open context elements and table cells, at most ``MAX_NESTING``
    deep (deeper makes the rest unclear).
    """

    clean: bool = True
    context: list[str] = field(default_factory=list)

    @property
    def trusted(self) -> bool:
        """Whether an element's content may be exempted here."""
        if not self.clean:
            return False
        for name in reversed(self.context):
            if name in _FOREIGN:
                return False
            if name in _CELLS:
                # Inside a cell HTML builds as in the body, unless it is itself
                # inside foreign content (checked further down the stack).
                return not any(n in _FOREIGN for n in self.context)
            return False  # a table part outside any cell
        return True

    def copy(self) -> ElementState:
        return ElementState(self.clean, list(self.context))

    def apply(self, tag: Tag, text: str) -> None:
        name = tag.name
        if name not in CONTEXT_ELEMENTS and name not in _CELLS:
            return
        if tag.kind == "open":
            if name in ("svg", "math") and text.endswith("/>", tag.start, tag.end):
                return  # a self-closed foreign element opens nothing
            if len(self.context) >= MAX_NESTING:
                # Deeper than any real table or figure: stop following (which keeps
                # every step constant-time) and read nothing after it as exempt.
                self.clean = False
                return
            self.context.append(name)
        elif tag.kind == "close" and name in self.context:
            index = len(self.context) - 1 - self.context[::-1].index(name)
            del self.context[index:]

    def not_a_tag(self, text: str, lt: int) -> None:
        """``text[lt]`` is a ``<`` plus letter the grammar does not read as markup."""
        if _BROWSER_TAG.match(text, lt):
            self.clean = False


def may_end(text: str, lt: int, last: dict[str, int]) -> bool:
    """Whether the markup at ``text[lt]`` can end at all: ``last`` holds the last
    ``>``, ``?>`` and ``]]>`` (the grammar's lazy parts scan to the end without one)."""
    if text.startswith("<?", lt):
        return last["?>"] >= lt + 2
    if text.startswith("<![CDATA[", lt):
        return last["]]>"] >= lt + 9
    return last[">"] > lt


@dataclass
class HtmlReading:
    """What one stretch of raw HTML holds, as document offsets.

    ``comments`` are comment nodes in running text, ``(start, end)`` with
    ``end == -1`` for one that never ends; ``text`` are runs of running text
    (where warning text counts); ``markup`` is everything else (tags, bogus
    comments, exempted raw text and code element content), which is never
    document text.
    """

    comments: list[tuple[int, int]] = field(default_factory=list)
    text: list[tuple[int, int]] = field(default_factory=list)
    markup: list[tuple[int, int]] = field(default_factory=list)
    #: The ``<`` of a raw-text element opened here, and where its content ends: the
    #: ``<`` of its end tag (``-1``: none).
    exempt_start: int = -1
    exempt_until: int = -1


def read_html(
    text: str,
    start: int,
    limit: int,
    *,
    state: ElementState | None = None,
    reach: int | None = None,
) -> HtmlReading:
    """Read ``text[start:limit]`` as raw HTML. Linear in its length.

    An HTML block is read whole. A paragraph's inline HTML is read one piece
    (what markdown-it matched) at a time, with ``reach`` the end of the
    paragraph: an element opened in the piece may end there, and
    ``HtmlReading.exempt_until`` says where its content ends. ``state``
    carries what came before (see ``ElementState``) and is updated.
    """
    out = HtmlReading()
    if state is None:
        state = ElementState()
    end_of_reach = limit if reach is None else reach
    # The grammar's lazy parts scan to the end when their terminator is missing;
    # checking that it exists at all keeps a run of "<?" or "<![CDATA[" linear.
    last = {t: text.rfind(t, start, limit) for t in (">", "?>", "]]>")}
    pos = start
    while pos < limit:
        lt = text.find("<", pos, limit)
        stop = limit if lt < 0 else lt
        if stop > pos:
            out.text.append((pos, stop))
        if lt < 0:
            break
        if text.startswith("<!--", lt):
            end = comment_end(text, lt, limit)
            out.comments.append((lt, end))
            if end < 0:
                state.clean = False  # it runs on into what follows
                break
            pos = end
            continue
        tag = read_tag(text, lt, limit) if may_end(text, lt, last) else None
        if tag is None:
            bogus = _BOGUS.match(text, lt, limit)
            if bogus is not None:
                # HTML reads "<!x", "<?x" and "</ x" as a comment up to the first ">".
                close = text.find(">", lt, limit)
                if close < 0:
                    out.markup.append((lt, limit))
                    state.clean = False
                    break
                out.markup.append((lt, close + 1))
                pos = close + 1
                continue
            state.not_a_tag(text, lt)
            out.text.append((lt, lt + 1))
            pos = lt + 1
            continue
        out.markup.append((tag.start, tag.end))
        pos = tag.end
        trusted = state.trusted
        state.apply(tag, text)
        if tag.kind != "open":
            continue
        if tag.name in RAW_TEXT_ELEMENTS:
            if not trusted:
                # HTML may or may not read raw text here (<style> in <svg> is an
                # ordinary element; an implied end tag may have closed the <svg>):
                # read on as markup, but if it does not end in its block, a browser
                # may read everything after it as raw text.
                if raw_text_end(text, tag.name, tag.end, end_of_reach) >= end_of_reach:
                    state.clean = False
                continue
            end = raw_text_end(text, tag.name, tag.end, end_of_reach)
            if end >= end_of_reach:
                state.clean = False  # it runs on into what follows
            out.exempt_start, out.exempt_until = tag.start, end
            if end > tag.end:
                out.markup.append((tag.end, min(end, limit)))
            pos = end
    return out


#: One attribute after a tag's name: the grammar of ``HTML_TAG_RE`` (CommonMark's).
_ATTRIBUTE = re.compile(
    r"\s+([a-zA-Z_:][a-zA-Z0-9:._-]*)"
    r"(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\"'=<>`\x00-\x20]+)))?"
)


def attribute_values(text: str, tag: Tag) -> list[tuple[str, int, int]]:
    """``(name, start, end)`` of each attribute value of the open tag ``tag`` (a
    tag ``read_tag`` read); the name in lower case, as HTML compares names."""
    name = _TAG_NAME.match(text, tag.start)
    if tag.kind != "open" or name is None:
        return []
    found: list[tuple[str, int, int]] = []
    pos = name.end()
    while True:
        match = _ATTRIBUTE.match(text, pos, tag.end)
        if match is None:
            return found
        for group in (2, 3, 4):
            if match.start(group) >= 0:
                found.append((match.group(1).lower(), match.start(group), match.end(group)))
        pos = match.end()


#: A character reference: hexadecimal, decimal or named, ``;`` optional.
_CHAR_REF = re.compile(r"&(?:#[xX][0-9a-fA-F]+;?|#[0-9]+;?|([A-Za-z][A-Za-z0-9]*)(;?))")


def decode_attribute(value: str) -> str:
    """An attribute value with its character references decoded as an HTML5 parser
    decodes them there: numeric ones with or without ``;`` (code points HTML maps
    elsewhere mapped so), named ones with ``;``, and the legacy names without it
    (``&lt``, ``&amp``) unless a letter, digit or ``=`` follows (``&notit`` stays)."""
    if "&" not in value:
        return value
    from html import unescape
    from html.entities import html5

    def one(match: re.Match[str]) -> str:
        ref, name = match.group(), match.group(1)
        if name is None:
            return unescape(ref)  # numeric: HTML's replacements for 0x80-0x9F, 0 …
        if match.group(2) and name + ";" in html5:
            return html5[name + ";"]
        legacy = next((n for n in range(len(name), 1, -1) if name[:n] in html5), 0)
        if not legacy:
            return ref
        after = value[match.start() + 1 + legacy : match.start() + 2 + legacy]
        if after.isalnum() or after == "=":
            return ref  # the attribute-value exception of the HTML tokenizer
        return html5[name[:legacy]] + name[legacy:]

    return _CHAR_REF.sub(one, value)
