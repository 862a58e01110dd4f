"""Limits on what one input file can cost (issue 16: hostile and malformed input).

Every reader of user files keeps its cost bounded by the size of the file, so a
crafted passport, read log, events log or config cannot make a command run for
minutes or fill the memory:

* ``MAX_NESTING``: lists/mappings (YAML, JSON lines, TOML) nest at most this
  deep; deeper input is refused with exit 65 and ``file:line``.
* ``ALIAS_BUDGET``: YAML aliases may add at most this many values on top of
  twice the values the file writes out itself. A "billion laughs" file (nine
  aliases of nine aliases ...) is refused before it is expanded.
* ``MESSAGE_LIMIT`` / ``QUOTE_LIMIT``: an error message is one line of at most
  ``MESSAGE_LIMIT`` characters, and quotes at most ``QUOTE_LIMIT`` characters
  of the offending input.

* ``MEMORY_BOUNDS``: the peak memory (resident set) of a command on a draft of
  prose paragraphs stays below ``factor × draft bytes + base``;
  ``MEMORY_BOUND_ANY`` holds for any draft, also one that is nothing but
  dense inline markup or one-line list items (the token tree of the draft,
  kept for the passes that read it again, costs a few hundred bytes per
  token). Stated bounds, tested on 5 MB / 0.5 MB drafts and measured on
  larger ones by ``benchmarks/bench_hostile_inputs.py``.

The numbers are documented in docs/reference.md ("Limits"); change them there too.
"""

from __future__ import annotations

import re

__all__ = [
    "ALIAS_BUDGET",
    "MAX_NESTING",
    "MEMORY_BOUNDS",
    "MEMORY_BOUND_ANY",
    "MESSAGE_LIMIT",
    "QUOTE_LIMIT",
    "bound_message",
    "line_col",
    "nesting_too_deep",
    "not_utf8",
    "shorten",
]

MEMORY_BOUNDS: dict[str, tuple[int, int]] = {
    "finalize": (30, 100 * 2**20),
    "render-markdown": (45, 100 * 2**20),
    "render-html": (55, 100 * 2**20),
}
"""Command → (factor, base bytes): peak RSS ≤ factor × draft size + base, for a
draft of prose paragraphs (a few markers per paragraph)."""
MEMORY_BOUND_ANY: tuple[int, int] = (350, 100 * 2**20)
"""(factor, base bytes) for any draft and any of the three commands."""
MAX_NESTING = 100
"""Deepest nesting of lists/mappings accepted in any structured input."""
ALIAS_BUDGET = 100_000
"""Values YAML aliases may add beyond twice the values written out in the file."""
MESSAGE_LIMIT = 1000
"""Longest error message (characters); longer ones are cut in the middle."""
QUOTE_LIMIT = 200
"""Longest piece of input quoted in a message (characters)."""

_LINE_BREAKS = re.compile(r"[\r\n\x0b\x0c\x1c-\x1e\x85\u2028\u2029]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]")


def plain_line(text: str, limit: int) -> str:
    """Text from outside (a registry's title, a hand-edited record) made safe to print on
    one line: control characters (terminal escapes included) become spaces, runs of
    white space one space, and more than ``limit`` characters end in "…"."""
    flat = " ".join(_CONTROL.sub(" ", text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    head = max(limit - 40, 1)
    return f"{text[:head]}… ({len(text) - head} more characters)"


def bound_message(message: str) -> str:
    """One line of at most ~``MESSAGE_LIMIT`` characters; keeps both ends (the
    file name comes first, the advice last)."""
    flat = _LINE_BREAKS.sub(" ", message)
    if len(flat) <= MESSAGE_LIMIT:
        return flat
    keep = MESSAGE_LIMIT // 2 - 30
    return f"{flat[:keep]} … [{len(flat) - 2 * keep} characters cut] … {flat[-keep:]}"


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')
_OPENERS = frozenset("[{")
_CLOSERS = frozenset("]}")


def nesting_too_deep(text: str, limit: int = MAX_NESTING) -> int | None:
    """Offset (0-based) of the bracket where JSON ``text`` nests deeper than
    ``limit``, else None.

    Linear in the text and without recursion, so it can run before
    ``json.loads`` (whose C parser raises ``RecursionError`` at ~1,000 levels).
    Strings are skipped; brackets of malformed text are counted as they come.
    """
    if text.count("[") + text.count("{") <= limit:
        return None
    depth = 0
    position = 0
    for match in _JSON_STRING.finditer(text):
        found = _scan(text, position, match.start(), depth, limit)
        if isinstance(found, tuple):
            return found[0]
        depth = found
        position = match.end()
    found = _scan(text, position, len(text), depth, limit)
    return found[0] if isinstance(found, tuple) else None


def _scan(text: str, start: int, end: int, depth: int, limit: int) -> int | tuple[int]:
    for index in range(start, end):
        char = text[index]
        if char in _OPENERS:
            depth += 1
            if depth > limit:
                return (index,)
        elif char in _CLOSERS:
            depth -= 1
    return depth


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based ``(line, column)`` of ``offset`` in ``text``."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


def not_utf8(text: str) -> str | None:
    """``text`` shown with ``\\xNN`` escapes when it holds bytes that are not UTF-8
    (lone surrogates from ``surrogateescape``), else None."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "surrogateescape")
        return shorten(raw.decode("ascii", "backslashreplace"))
    return None
