"""HTML renderer for ``render --to html``.

Renders the already-stripped markdown with the same CommonMark + tables +
front matter parser ars-docs reads with; front matter is dropped. Raw HTML
from the draft is escaped (shown as text) unless ``allow_html`` is set, so a
draft cannot smuggle script or markup into the final document by default.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from ars_docs.draft.document import BOM


def render_html(markdown: str, *, allow_html: bool = False) -> str:
    md = MarkdownIt("commonmark", {"html": allow_html}).enable("table")
    front_matter_plugin(md)
    html: str = md.render(markdown[1:] if markdown.startswith(BOM) else markdown)
    return html
