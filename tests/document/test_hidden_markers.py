"""Issue 10 §1: the gate does not depend on one parser's reading of the output."""

from __future__ import annotations

import pytest

from ars_docs.commands import drafts as api
from tests.support.sessions import Session

CLEAN = "A (2020) <!--ref:ok2020 ok--> holds.\n\n"

#: The drafts of the issue's differential run, each with what the gate must say.
HIDDEN = {
    "comment closed by --!>": (
        "Smith says <!-- x --!> so <!--ref:b ok-->.\n",
        # HTML ends the first comment at "--!>": the marker after it is a marker.
        "3:27: not-in-corpus b (",
    ),
    "comment inside inline script": (
        "Smith <script><!--</script> says <!--ref:b ok-->.\n",
        # The script's raw text ends at "</script>", inside markdown-it's comment match.
        "3:34: not-in-corpus b (",
    ),
    "bogus comment declaration": (
        "<!A<!--r><!--ref:b ok-->\n",
        # "<!A<!--r>" is a bogus comment that ends at its first ">".
        "3:10: not-in-corpus b (",
    ),
    "script closed with attributes": (
        "<script>x</script foo>\nSmith (2020) <!--ref:b ok--> says.\n",
        # A browser ends the script at "</script foo>" (CommonMark's block goes on).
        "4:14: not-in-corpus b (",
    ),
    "line break after <!--": (
        "Smith <!--\nref:b ok--> says.\n",
        "3:7: malformed-marker - (marker spans several lines",
    ),
    "entity-encoded marker in an HTML block": (
        "<div>\n&lt;!--ref:b ok--&gt;\n</div>\n",
        "4:1: hidden-marker - (a marker or warning written with HTML entities)",
    ),
    "entity-encoded marker in prose": (
        "Smith &lt;!--ref:b ok--&gt; says.\n",
        "3:1: unresolved-marker - (marker text shown as prose",
    ),
    "entity-encoded warning in an HTML block": (
        "<div>\n&#91;UNVERIFIED CITATION — NO ORIGINAL]\n</div>\n",
        "4:1: hidden-marker - (a marker or warning written with HTML entities)",
    ),
    "comment closed by --!> without a marker": (
        "Smith <!-- note --!> says.\n",
        "3:7: hidden-marker - (a comment closed by '--!>'",
    ),
}


@pytest.mark.parametrize(("text", "expected"), HIDDEN.values(), ids=HIDDEN.keys())
def test_hidden_markers_are_refused(session: Session, cli, text: str, expected: str) -> None:
    session.write("draft.md", CLEAN + text, dedent=False)
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    assert result.code == 1, result.err
    assert f"{session.draft}:{expected}" in result.err
    assert "nothing written" in result.err
    assert not out.exists()


@pytest.mark.parametrize(
    "text",
    [
        "Code `<!--ref:b ok-->` and `&lt;!--ref:b--&gt;` stay.\n",
        "```html\n<!--ref:b ok--> <!-- x --!>\n[UNVERIFIED CITATION — X]\n```\n",
        "    <!--ref:b ok--> indented code\n",
        "A plain <!-- editor note --> stays a comment.\n",
    ],
    ids=["code-span", "fence", "indented", "ordinary-comment"],
)
def test_code_and_ordinary_comments_pass(session: Session, cli, text: str) -> None:
    session.write("draft.md", CLEAN + text, dedent=False)
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    assert result.code == 0, result.err
    assert out.read_text("utf-8") == "A (2020) holds.\n\n" + text


def test_gate_api_refuses_the_same() -> None:
    decision = api.gate(
        "Smith says <!-- x --!> so <!--ref:b ok-->.\n", [], trust_draft_statuses=True
    )
    assert [o.reason for o in decision.offenders] == ["not-in-corpus"]
