"""HTML renderer for ``render --to html``.

Renders the already-stripped markdown with the same CommonMark + tables +
front matter parser ars-docs reads with; front matter is dropped (a leading
``---`` region that is not metadata is rendered, see ``document.parse.frontmatter``). Raw HTML
from the draft is escaped (shown as text) unless ``allow_html`` is set, so a
draft cannot smuggle script or markup into the final document by default.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from ars_docs.core.encoding import without_bom
from ars_docs.document.parse.frontmatter import is_metadata


def render_html(markdown: str, *, allow_html: bool = False) -> str:
    md = MarkdownIt("commonmark", {"html": allow_html}).enable("table")
    front_matter_plugin(md)
    text = without_bom(markdown)
    tokens = md.parse(text)
    if tokens and tokens[0].type == "front_matter":
        content = tokens[0].content
        if not is_metadata(content, blank_after_opening=content.startswith(("\n", "\r"))):
            # Not metadata to pandoc either: thematic breaks and paragraphs.
            md = MarkdownIt("commonmark", {"html": allow_html}).enable("table")
            tokens = md.parse(text)
    html: str = md.renderer.render(tokens, md.options, {})
    return html
