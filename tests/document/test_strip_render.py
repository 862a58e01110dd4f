"""render: the strict gate and the strip pass (spacing rules, HTML output)."""

from __future__ import annotations

from typing import Any

import pytest
from ruamel.yaml import YAML

from ars_docs.commands import drafts as api
from ars_docs.core.errors import UsageError
from ars_docs.document.passes.strip import strip_edits
from ars_docs.document.text import Document, Span, apply_edits
from tests.support.sessions import entry, looked_up, passport_text, read_log_text, standard_passport


def _data(text: str) -> object:
    return YAML(typ="safe").load(text)


def _with_lookup(corpus: Any) -> Any:
    """Three more ok-by-the-matrix entries whose lookup records block (issue 21)."""
    from ars_docs.session.lookup_record import fingerprint

    records = {
        "gone2020": {"status": "not_found", "proof": "doi.org: not registered",
                     "proof_kind": "identifier"},
        "other2020": {"status": "mismatch", "differences": [
            {"field": "title", "entry": "T", "record": "U", "source": "crossref",
             "blocking": True}]},
        "retracted2020": {"status": "found", "retraction": {"status": "retracted"}},
    }  # fmt: skip
    ok = corpus["literature_corpus"][0]
    for key, record in records.items():
        entry = {**ok, "citation_key": key}
        entry["lookup"] = {"checked_at": "2026-11-30T00:00:00Z", **record}
        entry["lookup"]["fingerprint"] = fingerprint(entry)
        corpus["literature_corpus"].append(entry)
    return corpus


CORPUS = _with_lookup(_data(standard_passport()))
# ok by the matrix, but nobody ever looked the work up (issue 33).
CORPUS["literature_corpus"] += _data(
    passport_text(entry("unlooked2020", acquired=True, verified=True, looked_up=False))
)["literature_corpus"]
# ok by the matrix until its read was withdrawn with unmark-read (issue 40).
CORPUS["literature_corpus"] += _data(
    passport_text(entry("withdrawn2020", acquired=True, verified=True))
)["literature_corpus"]
READ = _data(
    read_log_text(
        "ok2020", "gone2020", "other2020", "retracted2020", "unlooked2020", "withdrawn2020",
        rescinded={"withdrawn2020"},
    )
)  # fmt: skip


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
    # A marker-only line interrupts the paragraph (an HTML block); without it, one paragraph.
    "marker-only line inside a paragraph": ("a\n<!--ref:ok2020 ok-->\nb\n", "a\nb\n"),
    "marker-only quote line": ("> a\n> <!--ref:ok2020 ok-->\n> b\n", "> a\n> b\n"),
    # The marker line ends the paragraph, so "---" is a thematic break, not an underline.
    "marker-only line before setext underline": (
        "Title\n<!--ref:ok2020 ok-->\n---\n",
        "Title\n<!-- -->\n---\n",
    ),
    # The marker line is an HTML block, so "more" is indented code: an empty comment
    # keeps it from joining the paragraph.
    "marker-only line before indented text": (
        "Para\n<!--ref:ok2020 ok-->\n    more\n",
        "Para\n<!-- -->\n    more\n",
    ),
    "marker-only lazy line in quote": ("> A\n<!--ref:ok2020 ok-->\n> B\n", "> A\n> B\n"),
    "marker-only line in list item": ("- A\n  <!--ref:ok2020 ok-->\n  B\n", "- A\n  B\n"),
    "marker-only line in table": (
        "a | b\n--|--\n<!--ref:ok2020 ok-->\n| c | d |\n",
        "a | b\n--|--\n| c | d |\n",
    ),
    "closing emphasis": ("*Smith <!--ref:ok2020 ok-->* says\n", "*Smith* says\n"),
    "closing quote": ('"Smith <!--ref:ok2020 ok-->" says\n', '"Smith" says\n'),
    "opening emphasis after marker": ("a <!--ref:ok2020 ok-->*b*\n", "a *b*\n"),
    "space then punctuation": ("Smith <!--ref:ok2020 ok--> .\n", "Smith.\n"),
    "parentheses around marker": ("Smith (<!--ref:ok2020 ok-->) says.\n", "Smith says.\n"),
    # Found by the property tests: "#:" would no longer be a heading, and the indented
    # line after it would turn from code into prose.
    "heading starting with marker keeps its space": (
        "# <!--ref:ok2020 ok-->:\n    <!--ref:code-->\n",
        "# :\n    <!--ref:code-->\n",
    ),
    "list item starting with marker": ("- <!--ref:ok2020 ok--> text\n", "- text\n"),
    "quote starting with marker": ("> <!--ref:ok2020 ok-->, text\n", "> , text\n"),
    "marker-only last line": ("a\n\n<!--ref:ok2020 ok-->", "a\n"),
    # Found by the property tests: the marker paragraph ended the list; without it the
    # indented code would join the list item as prose (and its marker-like text with it).
    "marker paragraph ending a list before code": (
        "- a\n\n<!--ref:ok2020 ok-->\n\n    <!--ref:code-->\n",
        "- a\n\n<!-- -->\n\n    <!--ref:code-->\n",
    ),
    "marker paragraph between two lists": (
        "- a\n\n<!--ref:ok2020 ok-->\n\n- b\n",
        "- a\n\n<!-- -->\n\n- b\n",
    ),
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
    # The bare marker was never finalized: a preview shows it instead of hiding it.
    assert result.output == (
        "a [UNVERIFIED CITATION — NO ORIGINAL] b [PREVIEW: CITATION NOT RESOLVED — x].\n"
    )


def test_preview_shows_malformed_markers() -> None:
    output = api.render("a <!--ref:--> b\n", strict=False).output
    assert output == "a [PREVIEW: MALFORMED CITATION MARKER] b\n"


REFUSALS = {
    "bare": ("a <!--ref:ok2020--> b\n", "unresolved-marker", "ok2020"),
    "malformed": ("a <!--ref:k x--> b\n", "malformed-marker", "-"),
    "high prefix": (
        "a [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020--> b\n",
        "unverified-citation",
        "high2020",
    ),
    "orphan text": (
        "a <!--ref:ok2020 ok--> [UNVERIFIED CITATION — NO ORIGINAL] b\n",
        "unverified-citation-text",
        "-",
    ),
    "not in corpus": ("a <!--ref:ghost2020 ok--> b\n", "not-in-corpus", "ghost2020"),
    "unacknowledged": ("a <!--ref:low2020 LOW-WARN--> b\n", "unacknowledged-low-warn", "low2020"),
    "forged ok on MED": ("a <!--ref:med2020 ok--> b\n", "forged-status", "med2020"),
    "forged ok on LOW": ("a <!--ref:low2020 ok--> b\n", "forged-status", "low2020"),
    "forged LOW on HIGH": ("a <!--ref:high2020 LOW-WARN--> b\n", "forged-status", "high2020"),
    "read withdrawn": ("a <!--ref:withdrawn2020 ok--> b\n", "read-withdrawn", "withdrawn2020"),
    "hidden marker": (
        "a <!--ref:ok2020 ok--> says <!-- x --!> so\n",
        "hidden-marker",
        "-",
    ),
    "no citations": ("a paragraph without any citation\n", "no-citations", "-"),
    "strip changes reading": (
        "<!--ref:ok2020 ok--> says `x` here\n",
        "strip-changes-reading",
        "-",
    ),
    "unmarked": ("a <!--ref:ok2020 ok--> holds. Then (Smith, 2013) c\n", "unmarked-citation", "-"),
    "source not found": ("a <!--ref:gone2020 ok--> b\n", "source-not-found", "gone2020"),
    "metadata mismatch": (
        "a [UNVERIFIED CITATION — METADATA MISMATCH]<!--ref:other2020--> b\n",
        "metadata-mismatch",
        "other2020",
    ),
    "retracted": ("a <!--ref:retracted2020 ok--> b\n", "retracted-source", "retracted2020"),
    "never looked up": (
        "a <!--ref:unlooked2020 ok--> b\n",
        "existence-unchecked",
        "unlooked2020",
    ),
    "disputed code": ("```\na <!--ref:ghost2020 ok--> b\n", "disputed-code", "-"),
}


@pytest.mark.parametrize(("text", "reason", "slug"), REFUSALS.values(), ids=REFUSALS.keys())
def test_gate_refusals(text: str, reason: str, slug: str) -> None:
    result = strict(text)
    assert result.output is None
    assert result.gate is not None
    offenders = result.gate.offenders
    if reason == "disputed-code":  # it comes with what is refused in the place (issue 33)
        assert [o.reason for o in offenders] == [reason, "not-in-corpus"]
        offenders = offenders[:1]
    [offender] = offenders
    assert (offender.reason, offender.slug, offender.line) == (reason, slug, 1)


def test_acknowledged_low_warn_passes() -> None:
    text = "a <!--ref:low2020 LOW-WARN--> b\n"
    read = _data(read_log_text("ok2020", "low2020"))
    assert api.render(text, CORPUS, read).output == "a b\n"


def test_without_passport_ok_is_taken_at_its_word_only_when_asked() -> None:
    with pytest.raises(UsageError, match="--trust-draft-statuses"):
        api.render("a <!--ref:anything ok--> b\n")
    result = api.render("a <!--ref:anything ok--> b\n", trust_draft_statuses=True)
    assert result.output == "a b\n"
    assert [d.code for d in result.diagnostics] == ["ARS004"]
    assert "accepted as the draft claims them, unchecked" in result.diagnostics[0].message


def test_without_passport_low_warn_refuses() -> None:
    result = api.render("a <!--ref:low2020 LOW-WARN--> b\n", trust_draft_statuses=True)
    assert result.gate is not None
    assert [o.reason for o in result.gate.offenders] == ["unacknowledged-low-warn"]


def test_html_output_escapes_raw_html_unless_allowed() -> None:
    text = "Claim <!--ref:ok2020 ok--> <b>bold</b>\n"
    escaped = api.render(text, CORPUS, READ, to="html").output
    assert escaped == "<p>Claim &lt;b&gt;bold&lt;/b&gt;</p>\n"
    allowed = api.render(text, CORPUS, READ, to="html", allow_html=True).output
    assert allowed == "<p>Claim <b>bold</b></p>\n"


def test_unknown_target_is_a_usage_error() -> None:
    from ars_docs.core.errors import UsageError

    with pytest.raises(UsageError, match="unknown render target 'pdf'"):
        api.render("x", to="pdf")


# -- regressions from an adversarial review ------------------------------------------

FULL = {
    "literature_corpus": [
        {
            "citation_key": key,
            "title": "T",
            "authors": [{"family": "X"}],
            "year": 2020,
            "source_pointer": "p",
            "source_acquired": acquired,
            "source_verified_against_original": verified,
            "source_verification_method": "codex_audit" if verified else "none",
            "description_last_audit": "r1" if acquired else "none",
        }
        for key, acquired, verified in [("a", True, True), ("hi", False, False)]
    ]
}
looked_up(FULL)
READ_A = {"human_read": [{"citation_key": "a", "marked_at": "2026-01-01T00:00:00Z"}]}

FINALIZE_REGRESSIONS = {
    "escaped prefix takes its backslash": (
        "Smith \\[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:a-->.\n",
        "Smith <!--ref:a ok-->.\n",
    ),
    "unicode-whitespace first line (NBSP)": (
        "\u00a0\nSmith <!--ref:a-->\n",
        "\u00a0\nSmith <!--ref:a ok-->\n",
    ),
    "unicode-whitespace first line (form feed)": (
        "\x0c\nSmith <!--ref:a-->\n",
        "\x0c\nSmith <!--ref:a ok-->\n",
    ),
    "prefix never crosses a table cell": (
        "| a | b |\n|---|---|\n| [UNVERIFIED CITATION — see | x]<!--ref:a--> |\n",
        "| a | b |\n|---|---|\n| [UNVERIFIED CITATION — see | x]<!--ref:a ok--> |\n",
    ),
    "prefix never swallows a marker": (
        "See [UNVERIFIED CITATION <!--ref:a-->] <!--ref:a-->\n",
        "See [UNVERIFIED CITATION <!--ref:a ok-->] <!--ref:a ok-->\n",
    ),
    "reflowed prefix is still the prefix": (
        "Smith [UNVERIFIED\nCITATION — NO ORIGINAL]<!--ref:a-->\n",
        "Smith <!--ref:a ok-->\n",
    ),
    "NBSP inside the prefix": (
        "Smith [UNVERIFIED\u00a0CITATION — NO ORIGINAL]<!--ref:a-->\n",
        "Smith <!--ref:a ok-->\n",
    ),
    "comment closed by ---> does not hide the next marker": (
        "Smith <!-- note ---> and Jones <!--ref:hi-->.\n",
        "Smith <!-- note ---> and Jones [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:hi-->.\n",
    ),
    "a marker in <pre> is a live comment, and text after </pre> prose": (
        "<pre>code <!--ref:hi--></pre> Smith <!--ref:hi-->\n",
        "<pre>code [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:hi--></pre> Smith "
        "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:hi-->\n",
    ),
    "an open warning is not a prefix": (
        "Smith [UNVERIFIED CITATION <!--ref:hi--> and more.\n",
        "Smith [UNVERIFIED CITATION [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:hi--> and more.\n",
    ),
    "warning text in an earlier code span": (
        "See `[UNVERIFIED CITATION` x [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:a-->\n",
        "See `[UNVERIFIED CITATION` x <!--ref:a ok-->\n",
    ),
}


@pytest.mark.parametrize(
    ("text", "expected"), FINALIZE_REGRESSIONS.values(), ids=FINALIZE_REGRESSIONS.keys()
)
def test_finalize_regressions(text: str, expected: str) -> None:
    once = api.finalize(text, FULL, READ_A)
    assert once.text == expected
    assert api.finalize(once.text, FULL, READ_A).text == once.text


GATE_REGRESSIONS = {
    "entity-encoded warning": "Smith &#91;UNVERIFIED CITATION — NO ORIGINAL] <!--ref:a ok-->.\n",
    "escaped marker shows as text": "Smith \\<!--ref:zz--> and <!--ref:a ok-->\n",
    "reflowed orphan warning": "Smith [UNVERIFIED\nCITATION — NO ORIGINAL] says <!--ref:a ok-->\n",
    "comment closed by --->": "Smith <!-- note ---> and Jones <!--ref:zz-->.\n",
    "warning after </pre>": "<pre>x</pre> Smith [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:hi-->\n",
}


@pytest.mark.parametrize("text", GATE_REGRESSIONS.values(), ids=GATE_REGRESSIONS.keys())
def test_gate_regressions_refuse(text: str) -> None:
    result = api.render(text, FULL, READ_A, strict=True)
    assert result.output is None
    assert result.gate is not None and result.gate.offenders


@pytest.mark.parametrize("depth", [20, 40])
def test_too_deep_nesting_is_an_input_error(depth: int) -> None:
    from ars_docs.core.errors import InputDataError

    text = "> " * depth + "Smith [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:hi-->\n"
    with pytest.raises(InputDataError, match="nested too deeply"):
        api.render(text, FULL, READ_A, strict=True)
    with pytest.raises(InputDataError, match="nested too deeply"):
        api.finalize(text, FULL, READ_A)


def test_every_refusal_reason_is_in_the_vocabulary() -> None:
    from ars_docs.core.codes import REFUSAL_REASONS

    reasons = {reason for _, reason, _ in REFUSALS.values()}
    assert reasons <= set(REFUSAL_REASONS)
    assert set(REFUSAL_REASONS) == reasons  # every reason has a refusal case above


def test_pipelines_are_editable_by_name() -> None:
    from ars_docs.commands.pipelines import finalize_pipeline

    seen: list[str] = []
    pipeline = finalize_pipeline(None)
    pipeline.insert_before("resolve", "spy", lambda state: seen.append("before-resolve"))
    pipeline.insert_after("resolve", "spy2", lambda state: seen.append("after-resolve"))
    pipeline.remove("checklist")
    assert pipeline.names == [
        "extract", "near_miss", "unmarked", "spy", "resolve", "spy2", "settle", "foresee",
        "existence", "forecast",
    ]  # fmt: skip
    result = api.finalize("a <!--ref:a-->\n", FULL, READ_A, pipeline=pipeline)
    assert seen == ["before-resolve", "after-resolve"]
    assert result.text == "a <!--ref:a ok-->\n" and result.checklist == ""
    assert finalize_pipeline(None).names == [
        "extract", "near_miss", "unmarked", "resolve", "settle", "foresee", "checklist",
        "existence", "forecast",
    ]  # fmt: skip
    with pytest.raises(KeyError, match="no pass named 'nope'"):
        pipeline.remove("nope")
