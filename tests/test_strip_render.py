"""render: the strict gate and the strip pass (spacing rules, HTML output)."""

from __future__ import annotations

import pytest
from conftest import read_log_text, standard_passport
from ruamel.yaml import YAML

from ars_docs import api
from ars_docs.document import Document, Span, apply_edits
from ars_docs.passes.strip import strip_edits


def _data(text: str) -> object:
    return YAML(typ="safe").load(text)


CORPUS = _data(standard_passport())
READ = _data(read_log_text("ok2020"))


def strict(text: str) -> api.RenderResult:
    return api.render(text, CORPUS, READ, strict=True)


STRIP_CASES = {
    "before period": ("Smith (2024) <!--ref:ok2020 ok-->.\n", "Smith (2024).\n"),
    "attached": ("Smith (2024)<!--ref:ok2020 ok-->, and\n", "Smith (2024), and\n"),
    "between words": ("one <!--ref:ok2020 ok--> two\n", "one two\n"),
    "no space before": ("one<!--ref:ok2020 ok--> two\n", "one two\n"),
    "no space after": ("one <!--ref:ok2020 ok-->two\n", "one two\n"),
    "end of line": ("claim <!--ref:ok2020 ok-->\nnext\n", "claim\nnext\n"),
    "end of file no newline": ("claim <!--ref:ok2020 ok-->", "claim"),
    "two adjacent": ("a <!--ref:ok2020 ok--> <!--ref:ok2020 ok-->.\n", "a.\n"),
    "in list of cites": (
        "(A <!--ref:ok2020 ok-->; B <!--ref:ok2020 ok-->)\n",
        "(A; B)\n",
    ),
    "table cell": ("| x <!--ref:ok2020 ok--> | y |\n|---|---|\n", "| x | y |\n|---|---|\n"),
    "heading": ("## Results <!--ref:ok2020 ok-->\n", "## Results\n"),
    "start of line keeps indentation": ("- a\n  <!--ref:ok2020 ok--> b\n", "- a\n  b\n"),
    "marker-only line between blanks": ("a\n\n<!--ref:ok2020 ok-->\n\nb\n", "a\n\n\nb\n"),
    "marker-only line between text keeps the break": (
        "a\n<!--ref:ok2020 ok-->\nb\n",
        "a\n\nb\n",
    ),
    "marker-only quote line": ("> a\n> <!--ref:ok2020 ok-->\n> b\n", "> a\n>\n> b\n"),
    "marker-only last line": ("a\n\n<!--ref:ok2020 ok-->", "a\n"),
    "crlf": ("one <!--ref:ok2020 ok-->.\r\nnext\r\n", "one.\r\nnext\r\n"),
    "non-ascii": ("引用（Smith, 2024）<!--ref:ok2020 ok-->。\n", "引用（Smith, 2024）。\n"),
    "code kept": (
        "```\n<!--ref:example-->\n```\n`<!--ref:x-->` a <!--ref:ok2020 ok-->.\n",
        "```\n<!--ref:example-->\n```\n`<!--ref:x-->` a.\n",
    ),
}


@pytest.mark.parametrize(("text", "expected"), STRIP_CASES.values(), ids=STRIP_CASES.keys())
def test_strict_render_strips_markers(text: str, expected: str) -> None:
    result = strict(text)
    assert result.gate is not None and result.gate.passed, result.gate
    assert result.output == expected


def test_strip_edits_reject_nothing_outside_spans() -> None:
    doc = Document("x <!--ref:a--> y")
    edits = strip_edits(doc, [Span(2, 14)])
    assert apply_edits(doc.text, edits) == "x y"


def test_preview_keeps_visible_warnings_and_never_refuses() -> None:
    text = "a [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020--> b <!--ref:x-->.\n"
    result = api.render(text, strict=False)
    assert result.gate is None
    assert result.output == "a [UNVERIFIED CITATION — NO ORIGINAL] b.\n"


def test_preview_leaves_malformed_markers() -> None:
    assert api.render("a <!--ref:--> b\n", strict=False).output == "a <!--ref:--> b\n"


REFUSALS = {
    "bare": ("a <!--ref:ok2020--> b\n", "unresolved-marker", "ok2020"),
    "malformed": ("a <!--ref:k x--> b\n", "malformed-marker", "-"),
    "high prefix": (
        "a [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020--> b\n",
        "unverified-citation",
        "high2020",
    ),
    "orphan text": ("a [UNVERIFIED CITATION — NO ORIGINAL] b\n", "unverified-citation-text", "-"),
    "not in corpus": ("a <!--ref:ghost2020 ok--> b\n", "not-in-corpus", "ghost2020"),
    "unacknowledged": ("a <!--ref:low2020 LOW-WARN--> b\n", "unacknowledged-low-warn", "low2020"),
    "forged ok on MED": ("a <!--ref:med2020 ok--> b\n", "forged-status", "med2020"),
    "forged ok on LOW": ("a <!--ref:low2020 ok--> b\n", "forged-status", "low2020"),
    "forged LOW on HIGH": ("a <!--ref:high2020 LOW-WARN--> b\n", "forged-status", "high2020"),
}


@pytest.mark.parametrize(("text", "reason", "slug"), REFUSALS.values(), ids=REFUSALS.keys())
def test_gate_refusals(text: str, reason: str, slug: str) -> None:
    result = strict(text)
    assert result.output is None
    assert result.gate is not None
    [offender] = result.gate.offenders
    assert (offender.reason, offender.slug, offender.line) == (reason, slug, 1)


def test_acknowledged_low_warn_passes() -> None:
    text = "a <!--ref:low2020 LOW-WARN--> b\n"
    read = _data(read_log_text("ok2020", "low2020"))
    assert api.render(text, CORPUS, read).output == "a b\n"


def test_without_passport_ok_is_taken_at_its_word_with_a_warning() -> None:
    result = api.render("a <!--ref:anything ok--> b\n")
    assert result.output == "a b\n"
    assert [d.code for d in result.diagnostics] == ["ARS004"]


def test_without_passport_low_warn_refuses() -> None:
    result = api.render("a <!--ref:low2020 LOW-WARN--> b\n")
    assert result.gate is not None
    assert [o.reason for o in result.gate.offenders] == ["unacknowledged-low-warn"]


def test_html_output_escapes_raw_html_unless_allowed() -> None:
    text = "Claim <!--ref:ok2020 ok--> <b>bold</b>\n"
    escaped = api.render(text, CORPUS, READ, to="html").output
    assert escaped == "<p>Claim &lt;b&gt;bold&lt;/b&gt;</p>\n"
    allowed = api.render(text, CORPUS, READ, to="html", allow_html=True).output
    assert allowed == "<p>Claim <b>bold</b></p>\n"


def test_unknown_target_is_a_usage_error() -> None:
    from ars_docs.errors import UsageError

    with pytest.raises(UsageError, match="unknown render target 'pdf'"):
        api.render("x", to="pdf")
