"""Which parts of raw HTML in a draft are document text (issue 17).

A comment in raw HTML is a citation marker only when an HTML reader would
make it a comment *node* in running text. Not when it sits inside a tag's
attribute value (``<div title="<!--ref:b-->">``), a declaration, a processing
instruction or a CDATA section, nor inside an element whose content is code
or raw text: ``<code>``, ``<pre>``, ``<listing>``, ``<kbd>``, ``<samp>``,
``<script>``, ``<style>``, ``<textarea>``, ``<title>``, ``<xmp>``,
``<iframe>``, ``<noembed>``, ``<noframes>``, ``<noscript>``, ``<plaintext>``.
Those places are read like markdown code: never rewritten, not gated.

The tokenizer is markdown-it-py's own (``HTML_TAG_RE``, the CommonMark
grammar of tags, comments, declarations, processing instructions and CDATA),
the same one that decides what inline HTML is. Three HTML rules are applied
on top, each in the direction a browser reads:

* a comment ends at the first ``-->`` or ``--!>`` (``<!-->`` and ``<!--->``
  are empty comments);
* a declaration, processing instruction or CDATA section is a bogus comment
  in HTML and ends at its first ``>``;
* the content of a raw-text element ends at the first ``</name`` followed by
  white space, ``/`` or ``>``.

Where the grammar does not match (``<div @click=x>``), the ``<`` is text and
what follows is read on: a comment there counts as a marker. HTML reads a tag
there all the same, with an end this reading does not know, so after such a
``<`` no element is taken to open any more and every end tag closes. An element is
followed only inside one HTML block or one paragraph: a ``<pre>`` opened in
one block and closed in another leaves the markdown between them prose. Both
choices read *more* as prose than a browser might, so a marker is never
exempted from the gate by a reading the draft does not support.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it.common.html_re import HTML_TAG_RE

#: Elements whose content is code: comments and text inside are not document text.
CODE_ELEMENTS = frozenset({"code", "pre", "listing", "kbd", "samp"})
#: Elements whose content is raw text up to their end tag (no tags, no comments).
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
        "noscript",
        "plaintext",
    }
)

_TAG_NAME = re.compile(r"</?([A-Za-z][A-Za-z0-9\-]*)")
#: Where HTML starts a tag (and its name ends), whether the grammar matches or not.
_BROWSER_TAG = re.compile(r"<(/?)([A-Za-z][^\t\n\f\r />]*)")
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
    if match is None:
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
    """Code and raw-text elements open at a point of one HTML block or paragraph.

    ``unsure`` is set once a ``<`` followed by a letter is not a tag by the
    grammar: HTML reads a tag there anyway (``<b<code>`` is one tag named
    ``b<code``), and where it ends is not known, so from then on no element
    is taken to open (text and comments stay prose) and every end tag closes.
    """

    depth: dict[str, int] = field(default_factory=dict)
    unsure: bool = False

    @property
    def in_code(self) -> bool:
        return any(self.depth.values())

    def opens(self, tag: Tag) -> bool:
        """Whether ``tag`` opens an element whose content is not text."""
        return tag.kind == "open" and not self.unsure

    def apply(self, tag: Tag) -> None:
        if tag.name not in CODE_ELEMENTS:
            return
        if self.opens(tag):
            # "<code/>" opens a code element too: HTML ignores "/" on non-void elements.
            self.depth[tag.name] = self.depth.get(tag.name, 0) + 1
        elif tag.kind == "close" and self.depth.get(tag.name):
            self.depth[tag.name] -= 1

    def not_a_tag(self, text: str, lt: int) -> None:
        """``text[lt]`` is a ``<`` the grammar does not read as markup."""
        name = _BROWSER_TAG.match(text, lt)
        if name is None:
            return
        self.unsure = True
        if name.group(1):  # an end tag all the same, to HTML: it closes
            self.depth.pop(name.group(2).lower(), None)


def _may_end(text: str, lt: int, last: dict[str, int]) -> bool:
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
    comments, raw text, code element content, comments inside code), which is
    never document text.
    """

    comments: list[tuple[int, int]] = field(default_factory=list)
    text: list[tuple[int, int]] = field(default_factory=list)
    markup: list[tuple[int, int]] = field(default_factory=list)
    #: The ``<`` of a raw-text element opened here, and where its content ends
    #: (``-1``: none opened).
    raw_start: int = -1
    raw_until: int = -1


def read_html(
    text: str,
    start: int,
    limit: int,
    *,
    state: ElementState | None = None,
    raw_limit: int | None = None,
) -> HtmlReading:
    """Read ``text[start:limit]`` as raw HTML. Linear in its length.

    An HTML block is read on its own. A paragraph's inline HTML is read one
    piece at a time with one ``state`` (the code elements open so far) and
    ``raw_limit`` the end of the paragraph, where a raw-text element opened in
    this piece may reach: ``HtmlReading.raw_until`` is where its content ends.
    """
    out = HtmlReading()
    if state is None:
        state = ElementState()
    # The grammar's lazy parts scan to the end when their terminator is missing;
    # checking that it exists at all keeps a run of "<?" or "<![CDATA[" linear.
    last = {t: text.rfind(t, start, limit) for t in (">", "?>", "]]>")}
    pos = start
    while pos < limit:
        lt = text.find("<", pos, limit)
        stop = limit if lt < 0 else lt
        if stop > pos:
            (out.markup if state.in_code else out.text).append((pos, stop))
        if lt < 0:
            break
        if text.startswith("<!--", lt):
            end = comment_end(text, lt, limit)
            if state.in_code:
                out.markup.append((lt, limit if end < 0 else end))
            else:
                out.comments.append((lt, end))
            if end < 0:
                break
            pos = end
            continue
        tag = read_tag(text, lt, limit) if _may_end(text, lt, last) else None
        if tag is None:
            state.not_a_tag(text, lt)
            (out.markup if state.in_code else out.text).append((lt, lt + 1))
            pos = lt + 1
            continue
        out.markup.append((tag.start, tag.end))
        pos = tag.end
        if state.opens(tag) and tag.name in RAW_TEXT_ELEMENTS:
            reach = limit if raw_limit is None else raw_limit
            end = raw_text_end(text, tag.name, tag.end, reach)
            out.raw_start, out.raw_until = tag.start, end
            if end > tag.end:
                out.markup.append((tag.end, min(end, limit)))
            pos = end
            continue
        state.apply(tag)
    return out
