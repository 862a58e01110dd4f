"""Put user strings into generated Markdown without letting them shape it (issue 16).

Reports (checklist, Scope Report, drift log) show strings ars-docs did not
write: file names, ``session_id``, phase and agent names, finding ids. A line
break in one of them — a file named ``"x\\n# Heading"`` — would start a new
block (a heading, a list item, a closing ``</details>``), and Markdown
punctuation would start emphasis, links or code. Every such string goes
through one of these functions:

* ``one_line`` makes line breaks and other control characters visible
  (``\\n``, ``\\x1b``) so the string stays on its line;
* ``code`` shows it as a code span (nothing inside is Markdown);
* ``text`` shows it as literal text: one line, ``<``/``>``/``&`` as entities,
  and Markdown punctuation escaped with a backslash;
* ``text_with_comments`` is ``text`` with each HTML comment in it (a marker
  a message suggests: ``did you mean <!--ref:x-->?``) shown as a code span, so
  it reads as written in the raw file and is never a live comment;
* ``heading`` is ``text`` for the content of an ATX heading (a trailing ``#``
  would otherwise be read as the closing sequence and dropped).

Issue 29 §10: no user string — a passport title, a malformed marker's text, a
file name — can plant a live ``<!--ref:…-->`` marker, raw HTML (``<script>``,
an unclosed ``<!--``), a link or emphasis in a report, or leave its code span.
``tests/reports/test_markdown_injection.py`` parses every report with markdown-it and
checks it.
"""

from __future__ import annotations

import re

from ars_docs.document.parse.mdscan import code_span

__all__ = ["code", "heading", "one_line", "text", "text_with_comments"]

# C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# An underscore inside a word cannot open emphasis (CommonMark), so agent names
# such as draft_writer_agent stay as written.
_PUNCTUATION_RE = re.compile(r"([\\`*\[\]|~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_ENTITY_RE = re.compile(r"[&<>]")


def _visible(match: re.Match[str]) -> str:
    char = match.group(0)
    named = _NAMED.get(char)
    if named is not None:
        return named
    point = ord(char)
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}"


def one_line(value: str) -> str:
    """``value`` with every control character shown as an escape (no line breaks)."""
    return _CONTROL_RE.sub(_visible, value)


def code(value: str) -> str:
    """``value`` as a one-line code span; an empty value becomes a span of one space
    (two backticks alone are no span and could pair with backticks later on the line)."""
    return code_span(one_line(value)) if value else "` `"


def text(value: str) -> str:
    """``value`` as literal inline text on one line."""
    flat = _ENTITY_RE.sub(lambda m: _ENTITIES[m.group(0)], one_line(value))
    return _PUNCTUATION_RE.sub(r"\\\1", flat)


def heading(value: str) -> str:
    """``value`` as literal text in an ATX heading."""
    return _CLOSING_HASHES_RE.sub(r"\\#", text(value))


_CLOSING_HASHES_RE = re.compile(r"#(?=#*\s*\Z)")


_COMMENT_RE = re.compile(r"(?:<!--.*?-->)+")  # adjacent ones share one span


def text_with_comments(value: str) -> str:
    """``value`` as literal text, its HTML comments (``<!--…-->``) as code spans."""
    flat = one_line(value)
    out: list[str] = []
    cursor = 0
    for match in _COMMENT_RE.finditer(flat):
        out += [text(flat[cursor : match.start()]), code(match.group(0))]
        cursor = match.end()
    out.append(text(flat[cursor:]))
    return "".join(out)
