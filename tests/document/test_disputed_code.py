"""Issue 33 through the CLI: code only some readers show as code is checked as text.

The session (``conftest.session``): ``ok2020`` is verified and read (``ok``),
``high2020`` has no original (HIGH-WARN); ``k2`` is not in the corpus (the
issue's "nothing on file"). Every case: the exit code, the message (the
``disputed-code`` refusal with its fix, and what is refused), and the bytes
written (nothing on a refusal; on a pass, the output with markers stripped
and code left as it is).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.sessions import Session

CLEAN = "A (2020) <!--ref:ok2020 ok--> holds.\n\n"


def render(session: Session, cli: Any, text: str) -> tuple[int, str, bytes | None]:
    session.write("draft.md", text, dedent=False)
    out = session.root / "final.md"
    out.unlink(missing_ok=True)
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    assert session.draft.read_text("utf-8") == text  # render never touches the draft
    return result.code, result.err, out.read_bytes() if out.exists() else None


def finalize(session: Session, cli: Any, text: str) -> tuple[int, str, str]:
    session.write("draft.md", text, dedent=False)
    result = cli("finalize", session.draft, "--passport", session.passport)
    return result.code, result.err, session.draft.read_text("utf-8")


ISSUE_DRAFT = CLEAN + "```\nJones (2023) said so <!--ref:k2-->\n"


def test_the_issues_unclosed_fence_is_refused_with_the_fix(session: Session, cli: Any) -> None:
    code, err, out = render(session, cli, ISSUE_DRAFT)
    assert code == 1 and out is None
    draft = session.draft
    assert (
        f"{draft}:3:1: disputed-code - (the fence ``` opened here is never closed: pandoc reads "
        "what follows as text" in err
    )
    assert "close it with a line of ```, so that every reader shows it as code" in err
    assert f"{draft}:4:22: unresolved-marker k2" in err
    assert f"{draft}: to fix disputed-code: readers disagree whether this is code" in err
    assert "render refused: 2 problem(s); nothing written" in err


def test_finalize_says_first_what_the_gate_refuses_there(session: Session, cli: Any) -> None:
    code, err, after = finalize(session, cli, ISSUE_DRAFT)
    assert code == 0, err
    # Judged like any marker (k2 is not in the corpus), rewritten only inside its span.
    warning = "[UNVERIFIED CITATION — NOT IN CORPUS]"
    assert after == CLEAN + f"```\nJones (2023) said so {warning}<!--ref:k2-->\n"
    assert f"{session.draft}:4:22: ARS003 citation key 'k2' is not in literature_corpus[]" in err
    assert (
        f"{session.draft}:3:1: ARS011 render --strict will refuse this (disputed-code): the "
        "fence ``` opened here is never closed" in err
    )
    checklist = (session.root / "draft_prefinalization_checklist.md").read_text("utf-8")
    assert "**GATE-REFUSES** `disputed-code` — line 3" in checklist
    assert "close it with a line of ```" in checklist
    code, err, out = render(session, cli, after)
    assert code == 1 and out is None
    assert f"{session.draft}:3:1: disputed-code" in err
    assert f"{session.draft}:4:22: unverified-citation k2" in err


def test_closing_the_fence_makes_it_code_for_every_reader(session: Session, cli: Any) -> None:
    text = ISSUE_DRAFT + "```\n"
    code, err, out = render(session, cli, text)
    assert code == 0, err
    assert out == b"A (2020) holds.\n\n```\nJones (2023) said so <!--ref:k2-->\n```\n"
    code, err, after = finalize(session, cli, text)
    assert after == text and "ARS011" not in err and "ARS003" not in err


def test_a_verified_marker_there_is_judged_like_any_marker(session: Session, cli: Any) -> None:
    # Read as text, the citation is covered and verified: every reader's reading passes
    # (CommonMark readers see code, pandoc a verified citation), so the gate passes.
    code, err, out = render(session, cli, "```\nJones (2023) said so <!--ref:ok2020 ok-->\n")
    assert code == 0, err
    assert out == b"```\nJones (2023) said so\n"


def test_a_citation_there_without_a_marker_is_unmarked(session: Session, cli: Any) -> None:
    code, err, out = render(session, cli, CLEAN + "~~~\nJones (2023) said so.\n")
    assert code == 1 and out is None
    assert f"{session.draft}:3:1: disputed-code - (the fence ~~~ opened here is never closed" in err
    assert f"{session.draft}:4:1: unmarked-citation - ('Jones (2023)')" in err


def test_warning_text_there_is_refused(session: Session, cli: Any) -> None:
    code, err, out = render(session, cli, CLEAN + "```\n[UNVERIFIED CITATION — NO ORIGINAL] x\n")
    assert code == 1 and out is None
    assert f"{session.draft}:3:1: disputed-code" in err
    assert f"{session.draft}:4:1: unverified-citation-text" in err


def test_a_tilde_fence_right_after_a_paragraph_line(session: Session, cli: Any) -> None:
    text = CLEAN + "Some words.\n~~~\nJones (2023) said so <!--ref:high2020-->\n~~~\n"
    code, err, out = render(session, cli, text)
    assert code == 1 and out is None
    assert (
        f"{session.draft}:4:1: disputed-code - (a ~~~ fence right after a line of text: pandoc "
        "reads it as part of that text" in err
    )
    assert "put a blank line before the fence, so that every reader shows it as code" in err
    assert f"{session.draft}:5:22: unresolved-marker high2020" in err
    fixed = CLEAN + "Some words.\n\n~~~\nJones (2023) said so <!--ref:high2020-->\n~~~\n"
    code, err, out = render(session, cli, fixed)
    assert code == 0, err
    assert out == fixed.replace(" <!--ref:ok2020 ok-->", "").encode("utf-8")


def test_a_backtick_fence_right_after_a_paragraph_line_is_code_to_pandoc(
    session: Session, cli: Any
) -> None:
    # pandoc 3 ends a paragraph at a complete ``` fence that starts its line: every reader
    # shows it as code, so a marker there is shown literally and left alone.
    text = CLEAN + "Some words.\n```\nJones (2023) said so <!--ref:high2020-->\n```\n"
    code, err, out = render(session, cli, text)
    assert code == 0, err
    assert out == text.replace(" <!--ref:ok2020 ok-->", "").encode("utf-8")
    indented = text.replace("\n```\nJones", "\n  ```\nJones")
    code, err, out = render(session, cli, indented)
    assert code == 1 and out is None
    assert f"{session.draft}:4:1: disputed-code - (an indented fence right after a line" in err


RAW = {
    "raw HTML fence": (
        "```{=html}\n<p>Jones (2023) said so <!--ref:high2020 ok--></p>\n```\n",
        3,
        "pandoc passes a fence marked {=html} through as raw html",
        "forged-status high2020",
    ),
    "raw HTML code span": (
        "Words `Jones (2023) said so <!--ref:k2-->`{=html} end.\n",
        3,
        "pandoc passes a code span marked {=html} through as raw html",
        "unresolved-marker k2",
    ),
}


@pytest.mark.parametrize(("body", "line", "cause", "refused"), RAW.values(), ids=RAW.keys())
def test_raw_attributes_are_raw_html_not_code(
    session: Session, cli: Any, body: str, line: int, cause: str, refused: str
) -> None:
    code, err, out = render(session, cli, CLEAN + body)
    assert code == 1 and out is None
    assert f"{session.draft}:{line}:1: disputed-code - ({cause}" in err
    assert "drop the {=html} to show it as code" in err
    assert refused in err


def test_a_footnotes_indented_paragraph_is_text_to_pandoc(session: Session, cli: Any) -> None:
    text = CLEAN + "Text.[^1]\n\n[^1]: A note.\n\n    Jones (2023) said so.\n"
    code, err, out = render(session, cli, text)
    assert code == 1 and out is None
    assert (
        f"{session.draft}:7:1: disputed-code - (pandoc reads this indented block as one more "
        "paragraph of the footnote on line 5, not as code" in err
    )
    assert "fence it with ``` lines instead of indenting it" in err
    assert f"{session.draft}:7:5: unmarked-citation - ('Jones (2023)')" in err


def test_code_inside_pre_is_raw_html_to_pandoc(session: Session, cli: Any) -> None:
    text = CLEAN + "<div>\n<pre>\n\n`Jones (2023) said so <!--ref:high2020 ok-->`\n\n</pre>\n"
    code, err, out = render(session, cli, text)
    assert code == 1 and out is None
    assert f"{session.draft}:6:1: disputed-code - (markdown code inside an HTML <pre>" in err
    assert f"{session.draft}:6:23: forged-status high2020" in err


def test_the_refusal_in_json_has_the_place_and_the_advice(session: Session, cli: Any) -> None:
    import json

    session.write("draft.md", ISSUE_DRAFT, dedent=False)
    out = session.root / "final.md"
    result = cli(
        "render", session.draft, "--strict", "--passport", session.passport, "-o", out,
        "--format", "json",
    )  # fmt: skip
    assert result.code == 1 and not out.exists()
    frame = json.loads(result.out)
    assert frame["summary"]["passed"] is False and frame["summary"]["written"] is None
    [place] = [o for o in frame["offenders"] if o["reason"] == "disputed-code"]
    assert (place["line"], place["col"], place["text"]) == (3, 1, "```")
    assert "close it with a line of ```" in place["detail"]
    assert place["advice"].startswith("readers disagree whether this is code")
