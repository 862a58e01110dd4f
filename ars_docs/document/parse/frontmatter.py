"""Front matter as the readers downstream decide it, and what it shows (issue 24 §1).

A draft's leading ``---`` line and a later ``---`` line enclose front matter
for markdown-it-py's front-matter plugin whatever is between them. pandoc's
``yaml_metadata_block`` (and the YAML front matter of static-site tools)
takes the region as metadata only when the opening ``---`` is not followed
by a blank line and what is between parses as a YAML *mapping*; anything
else (``---`` then paragraphs then ``---``) is thematic breaks and
paragraphs, and a marker there is a marker in prose. ars-docs decides the
same way (``is_metadata``), so the gate neither waves through a padded
marker placed there nor refuses a legitimate draft of that shape.

Metadata is not prose: markers in it are never rewritten. But pandoc shows
its scalars (the ``title`` becomes the page's ``<h1>``, read as markdown), so
``hidden_in_metadata`` reads every scalar *decoded* (YAML escapes such as
``\\x3c`` and ``\\u005B``, then markdown escapes and HTML entities), with no
length window, and reports marker or warning text. YAML comments are shown
by no reader and are not read. Metadata that is not valid YAML is scanned
as raw text instead (pandoc refuses such a file; the safer reading).
"""

from __future__ import annotations

import html
import re
from typing import Any

from ars_docs.core.errors import ArsError
from ars_docs.document.parse.visible import disguise, disguised, patterns

#: Marker-like text: a comment opener then ``ref:`` / ``cite:`` (any spacing, any case).
_MARKER_TEXT = re.compile(
    r"<!--(?:(?!-->)[\s\S])*?\b(?:ref|cite|citation)\s*[:=]|<!--[\s\S]*?--!>", re.IGNORECASE
)
#: A markdown backslash escape of ASCII punctuation.
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def _parse(content: str) -> Any:
    """The metadata's YAML document (``files.yaml.read``: C parser, nesting and alias
    limits), or ``None`` when it is not YAML ars-docs can read."""
    from ars_docs.files.yaml.read import parse_yaml  # only for drafts with front matter

    try:
        return parse_yaml(content, "<front matter>")
    except (ArsError, ValueError, RecursionError, MemoryError):
        return None


def is_metadata(content: str, *, blank_after_opening: bool) -> bool:
    """Whether a ``---`` … ``---`` region at the top of a draft is metadata.

    ``content`` is what lies between the two lines. Not metadata: a blank
    line right after the opening ``---`` (pandoc's rule), or content that
    parses as YAML but not as a mapping (a scalar, a list, nothing). Content
    that is not valid YAML stays metadata (pandoc stops with an error on it;
    ``hidden_in_metadata`` then scans it as raw text).
    """
    if blank_after_opening:
        return False
    document = _parse(content)
    return document is None or isinstance(document.data, dict)


def metadata_content(text: str, start: int, end: int) -> tuple[int, int]:
    """The range between the ``---`` lines of the front matter ``text[start:end]``."""
    first = text.find("\n", start, end)
    inner = end if first < 0 else first + 1
    last = max(text.rfind("\n", inner, max(inner, end - 1)), inner - 1)
    return inner, max(inner, last + 1 if last >= inner else inner)


def hidden_in_metadata(content: str) -> list[tuple[int, str]]:
    """``(offset in content, detail)`` of marker or warning text a reader of the metadata sees."""
    document = _parse(content)
    if document is None:
        return [
            (offset, f"{detail} (the front matter is not valid YAML)")
            for offset, detail in _scan_raw(content)
        ]
    line_starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", content)]
    found: list[tuple[int, str]] = []
    # Plain values: an alias is its target's value again, so a visited set keeps
    # the walk linear however often a value is reused.
    seen: set[int] = set()
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), document.data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, (dict, list)):
            if id(value) in seen:
                continue
            seen.add(id(value))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    stack.append(((*path, key), key))
                stack.append(((*path, key), item))
        elif isinstance(value, str):
            detail = _shown(value)
            if detail:
                line, col = document.position(*path)
                index = min(max(line, 1), len(line_starts)) - 1
                found.append((_refine(content, line_starts[index] + max(col, 1) - 1), detail))
    found.sort()
    return found


#: Raw text that starts what a value shows as a marker or warning: a comment, a
#: warning, or their first character escaped (YAML, markdown) or written as an entity.
_RAW_START = re.compile(
    r"<!--|\[UNVERIFIED|\\(?:x3[cC]|u003[cC]|x5[bB]|u005[bB]|[<\[])|&(?:lt|LT|#|lsqb|lbrack)",
    re.IGNORECASE,
)


def _refine(content: str, offset: int) -> int:
    """Where on the line of ``offset`` (a key's position) the shown text starts."""
    line_end = content.find("\n", offset)
    found = _RAW_START.search(content, offset, len(content) if line_end < 0 else line_end)
    return found.start() if found else offset


def _shown(value: str) -> str:
    """What marker or warning text the decoded scalar ``value`` shows ("" if none),
    as a reader sees it (``document.parse.visible``: invisible and look-alike characters)."""
    for text in (value, html.unescape(_MD_ESCAPE.sub(r"\1", value))):
        found_by = patterns(text)
        folded = None if _MARKER_TEXT.search(text) else _markerish_comment(text)
        if folded is not None or _MARKER_TEXT.search(text):
            written = _written(folded.group()) if folded is not None else ""
            return f"a front matter value holding a comment with 'ref:'{written} (pandoc shows it)"
        warning = found_by.warning_text.search(text)
        if warning is not None:
            written = _written(warning.group())
            return f"a front matter value holding warning text{written} (pandoc shows it)"
        shown = found_by.marker_text.search(text)
        if shown is not None and disguised(shown.group()):
            written = _written(shown.group())
            return f"a front matter value holding marker text{written} (pandoc shows it)"
    return ""


def _markerish_comment(text: str) -> re.Match[str] | None:
    """``ref:`` in a comment of ``text`` written with invisible or look-alike characters."""
    markerish = patterns(text).markerish
    start = text.find("<!--")
    while start >= 0:
        end = text.find("-->", start + 4)
        stop = len(text) if end < 0 else end
        found = markerish.search(text, start + 4, stop)
        if found is not None:
            return found
        start = text.find("<!--", stop)
    return None


def _written(matched: str) -> str:
    shown = disguise(matched) if disguised(matched) else None
    return f" written with {shown}" if shown else ""


def _scan_raw(content: str) -> list[tuple[int, str]]:
    found = [(m.start(), "marker text in the front matter") for m in _MARKER_TEXT.finditer(content)]
    found += [
        (m.start(), f"warning text{_written(m.group())} in the front matter")
        for m in patterns(content).warning_text.finditer(content)
    ]
    return sorted(found)
