"""Wrap rendered HTML in a complete document (``render --to html`` without ``--fragment``).

A browser shows a bare fragment with a guessed encoding and no title, so
non-ASCII prose can turn into mojibake (issue 10 §3). The document declares
``<meta charset="utf-8">`` and takes its ``<title>`` from the draft's front
matter (``title:``), else its first heading, else the file name.
"""

from __future__ import annotations

import html
import re

from ars_docs.core.encoding import without_bom

__all__ = ["check_css", "document_title", "html_document"]

_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)
_TITLE = re.compile(r"^title:[ \t]*(.+?)[ \t]*$", re.M)
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)
_MARKER = re.compile(r"<!--.*?-->", re.S)


def document_title(markdown: str, fallback: str) -> str:
    """The title a reader expects: front matter ``title``, first heading, or ``fallback``."""
    text = without_bom(markdown)
    front = _FRONT_MATTER.match(text)
    if front:
        found = _TITLE.search(front.group(1))
        if found:
            value = found.group(1)
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            if value.strip():
                return value.strip()
        text = text[front.end() :]
    heading = _HEADING.search(text)
    if heading:
        cleaned = " ".join(_MARKER.sub("", heading.group(1)).split())
        if cleaned:
            return cleaned
    return fallback


def html_document(body: str, title: str, css: str | None = None) -> str:
    """``css`` (a stylesheet, already checked by ``check_css``) goes inline in ``<head>``."""
    style = f"<style>\n{css.rstrip()}\n</style>\n" if css else ""
    return (
        "<!DOCTYPE html>\n<html>\n<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        f"{style}</head>\n<body>\n{body}</body>\n</html>\n"
    )


_END_OF_STYLE = re.compile(r"</style", re.IGNORECASE)


def check_css(css: str, path: str) -> str | None:
    """The problem with inlining ``css`` in a ``<style>`` element, or ``None``.

    A stylesheet holding ``</style`` would end the element early and put the
    rest of the file into the page as markup.
    """
    if _END_OF_STYLE.search(css):
        return f"{path}: the stylesheet contains '</style', which would end it early; remove it"
    return None
