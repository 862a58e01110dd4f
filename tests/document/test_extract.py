"""Marker extraction on the markdown AST: where markers are, and where they are not."""

from __future__ import annotations

import mistletoe
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mistletoe import block_token, span_token

from ars_docs.document.passes.extract import extract
from ars_docs.document.pipeline import DocState
from ars_docs.document.text import Document


def markers_in(text: str) -> DocState:
    state = DocState(Document(text))
    extract(state)
    for marker in state.markers:
        # The invariant the issue demands: every span is exactly the marker text.
        assert text[marker.span.start : marker.span.end] == marker.text
    return state


def slugs(text: str) -> list[str | None]:
    return [m.slug for m in markers_in(text).markers]


CODE_CASES = {
    "fenced backticks": "```\n<!--ref:x-->\n```\n",
    "fenced tildes": "~~~md\n<!--ref:x-->\n~~~\n",
    "fenced in list": "- item\n\n  ```\n  <!--ref:x-->\n  ```\n",
    "fenced in quote": "> ```\n> <!--ref:x-->\n> ```\n",
    "indented": "para\n\n    <!--ref:x-->\n",
    "code span": "see `<!--ref:x-->` here\n",
    "double code span": "see ``a ` <!--ref:x--> b`` here\n",
    "front matter": "---\ntitle: <!--ref:x-->\n---\ntext\n",
    "script block": "<script>\n// <!--ref:x-->\n</script>\n",
    "escaped": "text \\<!--ref:x--> here\n",
    "inside a tag attribute": 'a <span title="<!--ref:x-->">t</span>\n',
    "inside another comment": "a <!-- note <!--ref:x--> here\n",
}


@pytest.mark.parametrize("text", CODE_CASES.values(), ids=CODE_CASES.keys())
def test_code_and_non_prose_are_not_citations(text: str) -> None:
    # "inside another comment": the comment ends at the first -->, it is one
    # ordinary comment whose text happens to contain "<!--ref:".
    assert slugs(text) == []


PROSE_CASES = {
    "paragraph": ("Smith (2024) <!--ref:a--> says.\n", ["a"]),
    # CommonMark runs an unclosed fence to the end, pandoc reads it as text: every
    # reader must agree that it is code for it to be exempt (issue 33).
    "unclosed fence": ("```\ntext\n<!--ref:x-->\n", ["x"]),
    # HTML parses <pre> content: a comment there is live (issue 24), so a marker.
    "pre block": ("<pre>\n<!--ref:a-->\n</pre>\n", ["a"]),
    "atx heading": ("## Title <!--ref:a--> ##\n", ["a"]),
    "setext heading": ("Title <!--ref:a-->\n===\n", ["a"]),
    "bullet list": ("- one <!--ref:a-->\n- two <!--ref:b-->\n", ["a", "b"]),
    "nested list": ("1. one\n   - two <!--ref:a-->\n", ["a"]),
    "block quote": ("> quoted <!--ref:a-->\n> > nested <!--ref:b-->\n", ["a", "b"]),
    "lazy continuation": ("> quoted\nlazy <!--ref:a-->\n", ["a"]),
    "table cells": (
        "| h <!--ref:h--> | k |\n|---|---|\n| `<!--ref:no-->` <!--ref:a--> | <!--ref:b--> |\n",
        ["h", "a", "b"],
    ),
    "link text": ("[see <!--ref:a-->](http://example.org)\n", ["a"]),
    "image alt": ("![chart `<!--ref:no-->` <!--ref:a-->](c.png)\n", ["a"]),
    "emphasis": ("*claimed <!--ref:a-->* and **more <!--ref:b-->**\n", ["a", "b"]),
    "html block interrupting a paragraph": (
        "text\n<!--ref:a--> trailing <!--ref:b--> words\nnext\n",
        ["a", "b"],
    ),
    "html div block": ("<div>\nsee <!--ref:a-->\n</div>\n", ["a"]),
    # The div interrupts the paragraph, so the backticks are raw HTML, not a code span.
    "html block interrupting a paragraph is raw": ("text\n<div>`<!--ref:a-->`</div>\n", ["a"]),
    # A line starting with a marker is an HTML block (CommonMark): backticks there are
    # literal, so the marker between them is a marker too.
    "marker at line start makes the line raw HTML": (
        "text\n<!--ref:a--> `<!--ref:c-->` <!--ref:b-->\n",
        ["a", "c", "b"],
    ),
    "code span before marker on same line": ("`<!--ref:no-->` then <!--ref:a-->\n", ["a"]),
    "several per line": ("<!--ref:a--><!--ref:b--> and <!--ref:c ok-->.\n", ["a", "b", "c"]),
    "after hard break": ("line  \n<!--ref:a--> more\n", ["a"]),
    "ordinary comments ignored": ("<!-- todo --> text <!--ref:a--> <!-- x -->\n", ["a"]),
}


@pytest.mark.parametrize(("text", "expected"), PROSE_CASES.values(), ids=PROSE_CASES.keys())
def test_markers_in_prose_containers(text: str, expected: list[str]) -> None:
    assert slugs(text) == expected


def test_line_col_are_one_based_characters() -> None:
    state = markers_in("# Ü\n\nÄÖ (2024) <!--ref:k-->\n")
    marker = state.markers[0]
    assert (marker.line, marker.col) == (3, 11)
    assert marker.section == ("Ü",)


def test_section_is_heading_path() -> None:
    text = "# A\n## B\ntext <!--ref:x-->\n### C\n<!--ref:y-->\n## D\n<!--ref:z-->\n"
    assert [m.section for m in markers_in(text).markers] == [
        ("A", "B"),
        ("A", "B", "C"),
        ("A", "D"),
    ]


def test_marker_before_any_heading_has_empty_section() -> None:
    assert markers_in("<!--ref:x-->\n").markers[0].section == ()


def test_bom_crlf_and_cr_positions() -> None:
    for newline in ("\n", "\r\n", "\r"):
        text = "\ufeff# H\n\n> a\n> b <!--ref:k-->\n".replace("\n", newline)
        marker = markers_in(text).markers[0]
        assert (marker.line, marker.col) == (4, 5), repr(newline)


def test_tabs_in_containers() -> None:
    text = "-\tone\n\n\t<!--ref:a--> two\n>\tquote <!--ref:b-->\n"
    assert slugs(text) == ["a", "b"]


def test_prefix_is_part_of_the_span() -> None:
    text = "x [UNVERIFIED CITATION — NO ORIGINAL] <!--ref:k--> y\n"
    marker = markers_in(text).markers[0]
    assert marker.text == "[UNVERIFIED CITATION — NO ORIGINAL] <!--ref:k-->"
    assert marker.claim == "HIGH-WARN"
    assert marker.col == 3


def test_prefix_in_code_span_is_not_attached() -> None:
    state = markers_in("`[UNVERIFIED CITATION — NO ORIGINAL]`<!--ref:k-->\n")
    assert state.markers[0].claim == "bare"
    assert state.orphan_warnings == []


def test_orphan_warning_text_is_reported() -> None:
    state = markers_in("Claim [UNVERIFIED CITATION — NO ORIGINAL] with no marker.\n")
    assert state.markers == []
    assert len(state.orphan_warnings) == 1
    assert state.diagnostics[0].code == "ARS002"


def test_warning_text_in_code_is_not_an_orphan() -> None:
    assert (
        markers_in(
            "`[UNVERIFIED CITATION — X]`\n\n```\n[UNVERIFIED CITATION]\n```\n"
        ).orphan_warnings
        == []
    )


def test_escaped_warning_text_still_counts() -> None:
    # Renders as "[UNVERIFIED CITATION ...]": visible warning text in prose.
    assert len(markers_in("a \\[UNVERIFIED CITATION — NO ORIGINAL\\] b\n").orphan_warnings) == 1


MALFORMED = {
    "empty slug": ("a <!--ref:--> b\n", "empty slug"),
    "space in slug": ("a <!--ref:smith 2024--> b\n", "unknown status word"),
    "unknown status": ("a <!--ref:k verified--> b\n", "unknown status word"),
    "bad char": ("a <!--ref:k#1--> b\n", "invalid character"),
    "unterminated inline": ("a <!--ref:k b\n", "unterminated"),
    "unterminated block": ("<!--ref:k\n\nmore text\n", "unterminated"),
}


@pytest.mark.parametrize(("text", "problem"), MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_markers_are_diagnostics(text: str, problem: str) -> None:
    state = markers_in(text)
    assert len(state.markers) == 1
    marker = state.markers[0]
    assert marker.malformed and marker.claim == "MALFORMED"
    diagnostic = state.diagnostics[0]
    assert diagnostic.code == "ARS001" and problem in diagnostic.message
    assert (diagnostic.line, diagnostic.col) == (1, text.index("<!--") + 1)


# -- cross-check against a second CommonMark parser ---------------------------

SNIPPETS = [
    "Smith (2024) <!--ref:a-->.",
    "`<!--ref:code-->` and <!--ref:b-->",
    "> quoted <!--ref:c-->",
    "- item <!--ref:d-->\n- item two",
    "```\n<!--ref:fenced-->\n```",
    "    <!--ref:indented-->",
    "# Heading <!--ref:e-->",
    "| a | b |\n|---|---|\n| <!--ref:f--> | `<!--ref:g-->` |",
    "[link <!--ref:h-->](u)",
    "<!--ref:i--> html block text",
    "*em <!--ref:j-->*",
    "plain text without markers",
    "1. first\n2. second <!--ref:k-->",
    "text ``<!--ref:dbl-->`` more <!--ref:l-->",
]


def _mistletoe_markers(text: str) -> list[str]:
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, (block_token.CodeFence, block_token.BlockCode, span_token.InlineCode)):
            return
        if isinstance(node, (span_token.HTMLSpan, block_token.HTMLBlock)):
            found.extend(_comments(node.content))
            return
        for child in getattr(node, "children", None) or []:
            walk(child)

    with mistletoe.HtmlRenderer():
        walk(mistletoe.Document(text))
    return found


def _comments(html: str) -> list[str]:
    import re

    return re.findall(r"<!--\s*ref:.*?-->", html, flags=re.DOTALL)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SNIPPETS), min_size=1, max_size=8), st.sampled_from(["\n", "\r\n"]))
def test_same_markers_as_mistletoe(parts: list[str], newline: str) -> None:
    text = "\n\n".join(parts) + "\n"
    ours = [m.text for m in markers_in(text.replace("\n", newline)).markers]
    assert ours == _mistletoe_markers(text)
