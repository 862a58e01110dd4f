"""Code that every reader agrees is code (issue 33).

Markers, warnings and citation-shaped text in markdown code are exempt from
the gate. ars-docs parses drafts as CommonMark, but many drafts are then
converted by pandoc, whose markdown reader calls less of the text code, and
whose CommonMark readers (``gfm``, ``commonmark_x``) differ in places too.
The real pandoc was run on thousands of generated drafts
(``benchmarks/bench_code_readers.py``) to find where CommonMark shows code
and a reader shows text, raw HTML or raw LaTeX; each ``Problem`` below is one
such class. ars-docs reads those places as text, so the gate checks them.

The block rules that wrap markdown-it-py's are in ``coderules`` (``install``),
with ``pandocblocks`` saying where pandoc starts a block. Terminator checks
keep CommonMark's answers, so the blocks are CommonMark's; a fence or indented
code block that a reader would not show as code is read as text instead (the
paragraph CommonMark gives its lines, or, for a raw ``{=FORMAT}`` fence, an
HTML block read by HTML rules). Code spans are narrowed in ``mdhooks``'s
backtick hook with ``span_problem``. Each place is recorded (``Disputed``) so
that the gate can say, where it refuses something there, how to make every
reader agree.

Only what CommonMark calls code is narrowed: the text read instead is exactly
the code's own lines, and the backticks of a fence read as text never open a
code span, so nothing CommonMark shows as text becomes code. The checks run
when markdown-it finds a fence, an indented code block or a code span; a
draft without code pays nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

#: ``env`` key: the places recorded while parsing, by first line.
DISPUTED = "ars_disputed"
#: ``token.meta`` key of a fence pandoc reads as one code span of a paragraph.
PANDOC_SPAN = "ars_pandoc_span"
#: ``env`` key: source lines of fences read as text, whose leading backticks are text.
LITERAL_LINES = "ars_literal_lines"


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a reader does not show some CommonMark code as code."""

    #: The divergence class, e.g. ``unclosed-fence``.
    kind: str
    #: What the reader makes of it (a sentence without its final period).
    cause: str
    #: How to make every reader show it as code.
    fix: str


@dataclass(frozen=True, slots=True)
class Disputed:
    """Lines ``[first, end)`` (0-based) that CommonMark shows as code, read as text."""

    first: int
    end: int
    problem: Problem


def note(env: MutableMapping[str, Any], first: int, end: int, problem: Problem) -> None:
    """Record a disputed place (the first one recorded at a line wins)."""
    found: dict[int, Disputed] = env.setdefault(DISPUTED, {})
    if first not in found:
        found[first] = Disputed(first, max(end, first + 1), problem)


def disputed_places(env: Mapping[str, Any]) -> list[Disputed]:
    """The places recorded while parsing with ``env``, in order; one that starts inside
    another is merged into it (the first one's problem is the one to fix first)."""
    places = sorted(env.get(DISPUTED, {}).values(), key=lambda u: u.first)
    kept: list[Disputed] = []
    for place in places:
        if kept and place.first < kept[-1].end:
            if place.end > kept[-1].end:
                kept[-1] = Disputed(kept[-1].first, place.end, kept[-1].problem)
            continue
        kept.append(place)
    return kept


def unclosed(fence: str) -> Problem:
    return Problem(
        "unclosed-fence",
        f"the fence {fence} opened here is never closed: pandoc reads what follows as "
        "text, CommonMark readers as code up to the end of the document, quote or list",
        f"close it with a line of {fence}",
    )


def raw_problem(fmt: str, *, span: bool) -> Problem:
    what = "code span" if span else "fence"
    return Problem(
        "raw-span" if span else "raw-fence",
        f"pandoc passes a {what} marked {{={fmt}}} through as raw {fmt}: comments in it "
        "are live and its text is shown",
        f"drop the {{={fmt}}} to show it as code",
    )


def info_problem(fence: str, info: str) -> Problem:
    word = info.split()[0].strip("`{}") or "text"
    return Problem(
        "fence-info",
        f"pandoc does not take {fence}{info} for a fence (its info string must be one word "
        "or a {…} attribute block) and reads the block as text",
        f"write one word after the fence, e.g. {fence}{word}",
    )


def continued(what: str, line: int) -> Problem:
    return Problem(
        "pandoc-continuation",
        f"pandoc reads this indented block as one more paragraph of the {what} on line "
        f"{line + 1}, not as code",
        f"fence it with ``` lines instead of indenting it (or indent it 4 more spaces if it "
        f"is code inside the {what})",
    )


TILDE_AFTER_TEXT = Problem(
    "fence-after-text",
    "a ~~~ fence right after a line of text: pandoc reads it as part of that text",
    "put a blank line before the fence",
)
INDENTED_AFTER_TEXT = Problem(
    "fence-after-text",
    "an indented fence right after a line of text: pandoc reads it as part of that text "
    "(only a fence at the start of its line ends a paragraph)",
    "put a blank line before the fence",
)
CONTAINER_AFTER_TEXT = Problem(
    "container-after-text",
    "the quote or list holding this code follows a line of text with no blank line "
    "between, so pandoc reads it all as part of that text",
    "put a blank line before the quote or list",
)
CODE_AFTER_TEXT = Problem(
    "indented-after-text",
    "this indented code follows a line of text with no blank line between (pandoc needs "
    "one before a heading, quote, list, table or rule), so pandoc reads it as part of "
    "that text",
    "put a blank line before it",
)
AFTER_TAG_LINE = Problem(
    "after-tag-line",
    "code after a line holding only an HTML tag inside a paragraph: where the paragraph "
    "continues a list item, quote or footnote, pandoc's CommonMark readers (gfm, "
    "commonmark_x) start an HTML block at that line and pass the code through as raw HTML",
    "put a blank line before the tag line (or take the tag out)",
)
INSIDE_PRE = Problem(
    "inside-pre",
    "markdown code inside an HTML <pre> element: pandoc passes everything up to its "
    "</pre> through as raw HTML (comments live, text shown)",
    "close the <pre> before the markdown code, or write the code as HTML inside it",
)
FENCE_IN_TEXT = Problem(
    "fence-in-text",
    "this fence follows, with no blank line, a fence that pandoc reads as text: pandoc "
    "may read the backticks of both as one code span, leaving this fence's content as text",
    "fix the fence above first (or put a blank line before this one)",
)
AFTER_UNMATCHED_RUN = Problem(
    "after-unmatched-run",
    "this code span follows, in its paragraph, a run of two or more backticks that closes "
    "nothing (a fence read as text, or a stray ``): pandoc then retries that run one "
    "backtick shorter and pairs the backticks after it otherwise, so it may show this "
    "span's content as text",
    "close or remove the stray backticks before it (or escape them: \\`)",
)
SPAN_ACROSS_BLOCK = Problem(
    "span-across-block",
    "this code span runs across a line that pandoc reads as the start of a definition "
    "(':') or of a div fence (':::'), so pandoc shows it as text",
    "keep the code span on one line",
)

#: pandoc's fence info: one word without backticks or braces, an attribute block, or
#: a raw attribute ``{=html}`` (then the block is raw HTML, LaTeX …, not code).
INFO_WORD = re.compile(r"[^\s`{}]+")
ATTRIBUTES = re.compile(
    r"\{[ \t]*(?:(?:[#.][\w:-]+|[\w-]+=(?:\"[^\"\n]*\"|'[^'\n]*'|[\w.:/-]+)|-)[ \t]*)*\}"
)
RAW_ATTRIBUTE = re.compile(r"\{[ \t]*=([A-Za-z0-9_-]+)[ \t]*\}")
#: pandoc-only block openers whose indented continuation is text, not code.
FOOTNOTE = re.compile(r" {0,3}\[\^[^\]\s]+\]:")
DEFINITION = re.compile(r" {0,3}[:~](?:[ \t]|$)")
DEFINITION_LINE = re.compile(r"^ {0,3}[:~](?:[ \t]|$)", re.MULTILINE)
PANDOC_LIST = re.compile(
    r" {0,3}(?:\((?:\d+|[A-Za-z]|[ivxlcdmIVXLCDM]+|#|@[\w-]*)\)"
    r"|(?:[A-Za-z]|[ivxlcdmIVXLCDM]+|#|@[\w-]*)[.)])(?:[ \t]|$)"
)
#: A pandoc line block's line, and a fenced div's fence.
LINE_BLOCK = re.compile(r" {0,3}\|(?:[ \t]|$)")
DIV_FENCE = re.compile(r" {0,3}:{3,}")
#: A list item's first line, CommonMark's markers.
ANY_LIST = re.compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
#: A line holding only an HTML open or close tag (CommonMark's HTML block type 7 start).
LONE_TAG = re.compile(
    r"^[ \t]*(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*"
    r"(?:[^\s\"'=<>`]+|'[^'\n]*'|\"[^\"\n]*\"))?)*[ \t]*/?>|</[A-Za-z][A-Za-z0-9-]*[ \t]*>)"
    r"[ \t]*$",
    re.MULTILINE,
)
#: A line start, after a line break in a code span, that ends the paragraph for pandoc.
SPAN_BREAK = re.compile(r"\n[ \t]*(?:[:~](?:[ \t]|$)|:::)")


def opens_pandoc_block(content: str) -> bool:
    """A paragraph that is a footnote, fenced div or definition list for pandoc's readers."""
    return bool(
        FOOTNOTE.match(content) or DIV_FENCE.match(content) or DEFINITION_LINE.search(content)
    )


def tag_line_at(content: str) -> int:
    """Where the first line of only an HTML tag after ``content``'s first line starts."""
    newline = content.find("\n") if "<" in content else -1
    match = LONE_TAG.search(content, newline + 1) if newline >= 0 else None
    return match.start() if match is not None else -1


def span_problem(src: str, start: int, closing: int, after: int) -> Problem | None:
    """Why pandoc does not show the code span ``src[start:after]`` as code, or ``None``.

    ``closing`` is where its closing backticks start, ``after`` where they end.
    """
    raw = RAW_ATTRIBUTE.match(src, after)
    if raw is not None:
        return raw_problem(raw.group(1), span=True)
    if "\n" in src[start:closing] and SPAN_BREAK.search(src, start, closing):
        return SPAN_ACROSS_BLOCK
    return None
