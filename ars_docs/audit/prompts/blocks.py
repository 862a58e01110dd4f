"""Find a named block in an agent prompt and split it into items with line numbers.

The prompt-protection lints (seed 004 §6.3; trust spec §4 Step 0 / Step 3a)
read one block of a Markdown agent prompt: it starts at the heading line that
names it (e.g. ``## PATTERN PROTECTION (v3.6.7)``) and ends before the next
H1/H2/H3 heading or at the end of the file (Step 0's "canonical range"). A
``#`` line inside a fenced code block is not a heading. The bytes of the range
(heading line through the last block line, BOM excluded, nothing normalised)
are what a byte-equivalence check hashes.

Inside a block, an *item* is a list bullet with its continuation lines, or a
paragraph; the lints judge items, whose text is whitespace-normalised.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

__all__ = ["Block", "Item", "find_blocks", "normalise", "sentences"]

_HEADING_RE = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$")
_FENCE_RE = re.compile(r" {0,3}(`{3,}|~{3,})")
_BULLET_RE = re.compile(r"( {0,3})(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=\S)")


@dataclass(frozen=True, slots=True)
class Item:
    """One bullet (continuation lines joined) or paragraph of a block."""

    line: int  # 1-based line of its first line in the file
    text: str  # whitespace-normalised, bullet marker removed
    bullet: bool


@dataclass(frozen=True, slots=True)
class Block:
    """The lines of one block: the heading line through the last line before the next heading."""

    heading_line: int  # 1-based
    lines: tuple[str, ...]  # the block's lines without line endings, heading first
    raw: bytes  # the exact bytes of the range (for byte-equivalence checks)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.raw).hexdigest()

    def items(self) -> list[Item]:
        """Bullets and paragraphs of the body (the heading line excluded)."""
        items: list[Item] = []
        current: list[str] = []
        start = 0
        bullet = False
        in_fence = False

        def flush() -> None:
            if current:
                items.append(Item(start, normalise(" ".join(current)), bullet))
                current.clear()

        for offset, line in enumerate(self.lines[1:], start=1):
            number = self.heading_line + offset
            if _FENCE_RE.match(line):
                in_fence = not in_fence
            marker = None if in_fence else _BULLET_RE.match(line)
            if marker:
                flush()
                start, bullet = number, True
                current.append(line[marker.end() :])
            elif not line.strip():
                flush()
            else:
                if not current:
                    start, bullet = number, False
                current.append(line)
        flush()
        return items


def normalise(text: str) -> str:
    """Runs of whitespace become one space; ends trimmed."""
    return " ".join(text.split())


def sentences(text: str) -> list[str]:
    """Split normalised text after ``.``, ``!`` or ``?`` followed by whitespace."""
    return [part for part in _SENTENCE_END_RE.split(text) if part]


def find_blocks(raw: bytes, heading: str) -> list[Block]:
    """Every block whose H1–H6 heading text equals ``heading`` (whitespace-normalised)."""
    body = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
    text = body.decode("utf-8")
    lines = text.splitlines(keepends=True)
    wanted = normalise(heading)
    starts: list[int] = []
    headings: list[tuple[int, int]] = []  # (line index, level)
    in_fence = False
    for index, line in enumerate(lines):
        stripped = line.rstrip("\r\n")
        if _FENCE_RE.match(stripped):
            in_fence = not in_fence
            continue
        match = None if in_fence else _HEADING_RE.match(stripped)
        if match is None:
            continue
        headings.append((index, len(match.group(1))))
        if normalise(match.group(2) or "") == wanted:
            starts.append(index)
    blocks = []
    for start in starts:
        # The range ends before the next H1/H2/H3 (deeper headings belong to it).
        end = next((i for i, level in headings if i > start and level <= 3), len(lines))
        chunk = lines[start:end]
        blocks.append(
            Block(
                heading_line=start + 1,
                lines=tuple(line.rstrip("\r\n") for line in chunk),
                raw="".join(chunk).encode("utf-8"),
            )
        )
    return blocks
