"""Line-level editing of YAML scalars, for in-place rewrites that keep layout (§3.1).

Small pieces ``passport_edit`` builds on: split text into lines keeping
their endings, replace the one-line scalar after a ``key:`` while keeping the
key's spelling and a trailing comment, and render a value as YAML that reads
back as exactly that value (plain when unambiguous, else double-quoted).
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["line_ending", "render_scalar", "replace_scalar", "split_lines"]

_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_KEY_COLON = re.compile(r"""(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s:#][^:]*?)[ \t]*:(?=[ \t]|$)""")
_PLAIN = re.compile(r"[A-Za-z_./][A-Za-z0-9_./-]*\Z")
_NOT_PLAIN = frozenset(["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"])


def split_lines(text: str) -> list[str]:
    """Lines with their endings (CR, LF or CRLF); ``"".join`` gives ``text`` back."""
    return _LINES.findall(text)


def line_ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")) :]


def replace_scalar(line: str, col: int, value: str) -> str | None:
    """``line`` with the scalar after its key replaced; comment and line break kept.

    ``col`` is the 1-based column of the key; ``None`` when no ``key:`` is
    found there (a complex key), so the caller can rewrite the whole line.
    """
    ending = line_ending(line)
    body = line[: len(line) - len(ending)]
    found = _KEY_COLON.match(body, col - 1)
    if found is None:
        return None
    start = found.end()
    rest = body[start:]
    old = rest.lstrip(" \t")
    value_start = start + len(rest) - len(old)
    end = value_start + _scalar_length(old)
    comment = body[end:]
    comment = comment if comment.strip() else ""
    return body[:start] + " " + value + comment + ending


def _scalar_length(text: str) -> int:
    """Length of the one-line scalar at the start of ``text`` (up to a comment)."""
    if text.startswith('"'):
        match = re.match(r'"(?:[^"\\]|\\.)*"', text)
        return match.end() if match else len(text)
    if text.startswith("'"):
        match = re.match(r"'(?:[^']|'')*'", text)
        return match.end() if match else len(text)
    comment = re.search(r"[ \t]#", text)
    return len((text[: comment.start()] if comment else text).rstrip())


def render_scalar(value: Any) -> str:
    if value is True or value is False:
        return str(value).lower()
    if value is None:
        return "null"
    if isinstance(value, str) and _PLAIN.match(value) and value.lower() not in _NOT_PLAIN:
        return value
    return json.dumps(value, ensure_ascii=False)
