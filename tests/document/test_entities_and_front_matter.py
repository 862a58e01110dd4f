"""Issue 24 §1 and §4, every draft through the CLI: exit code, message, output bytes.

The session (``conftest.session``): ``ok2020`` is verified and read (``ok``),
``high2020`` has no original (HIGH-WARN). Markers in raw HTML code elements are
markers (see ``test_strip_meaning.py``); this file holds the entity, front matter,
``---`` region, idempotence, strip-spacing and read-log cases.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.layout import REPO
from tests.support.sessions import Session

CLEAN = "A (2020) <!--ref:ok2020 ok--> holds.\n\n"


def render(session: Session, cli: Any, text: str, *extra: str) -> tuple[int, str, str | None]:
    session.write("draft.md", text, dedent=False)
    out = session.root / "final.out"
    result = cli(
        "render", session.draft, "--strict", "--passport", session.passport, "-o", out, *extra
    )
    return result.code, result.err, out.read_text("utf-8") if out.exists() else None


def finalize(session: Session, cli: Any, text: str) -> tuple[int, str, str]:
    session.write("draft.md", text, dedent=False)
    result = cli("finalize", session.draft, "--passport", session.passport)
    return result.code, result.err, session.draft.read_text("utf-8")


# -- §1: entity-encoded markers across lines, in raw HTML -----------------------------

ENTITIES = {
    "marker split across lines in a div": ("<div>\n&lt;!--\nref:high2020 ok--&gt;\n</div>\n", 4),
    "marker behind an empty comment in a div": (
        "<div>\n&lt;!--<!---->ref:high2020 ok--&gt;\n</div>\n",
        4,
    ),
    "warning split across lines in a div": (
        "<div>\n&#91;UNVERIFIED\nCITATION — NO ORIGINAL]\n</div>\n",
        4,
    ),
    "warning with markup inside, in a div": (
        "<div>\n[UNVERIFIED<b></b> CITATION — NO ORIGINAL]\n</div>\n",
        4,
    ),
    "marker in a textarea, entity-encoded": (
        "<textarea>&lt;!--ref:high2020 ok--&gt;</textarea>\n",
        3,
    ),
}


@pytest.mark.parametrize(("text", "line"), ENTITIES.values(), ids=ENTITIES.keys())
def test_entity_encoded_markers_across_lines_are_refused(
    session: Session, cli: Any, text: str, line: int
) -> None:
    code, err, out = render(session, cli, CLEAN + text)
    assert code == 1 and out is None
    assert f"{session.draft}:{line}:" in err and ": hidden-marker - (" in err
    assert "nothing written" in err
    code, err, after = finalize(session, cli, CLEAN + text)
    assert code == 0 and after == CLEAN + text
    assert f"{session.draft}:{line}:" in err
    assert " ARS011 render --strict will refuse this (hidden-marker)" in err


def test_entity_marker_behind_an_empty_comment_in_prose_is_refused(
    session: Session, cli: Any
) -> None:
    code, err, out = render(session, cli, CLEAN + "&lt;!--<!---->ref:high2020 ok--&gt;\n")
    assert code == 1 and out is None
    assert f"{session.draft}:3:1: unresolved-marker - (marker text shown as prose" in err


# -- §1: front matter read as YAML -----------------------------------------------------

FRONT_MATTER = {
    "\\x3c escape": 'title: "\\x3c!--ref:high2020 ok-->Results"\n',
    "\\u005B escaped warning": 'title: "\\u005BUNVERIFIED CITATION — NO ORIGINAL]"\n',
    "5,000 spaces in a comment": "title: '<!--" + " " * 5000 + "ref:high2020 ok-->'\n",
    "entity in a nested list value": 'meta:\n  tags: ["a", "&lt;!--ref:high2020 ok--&gt;"]\n',
}


@pytest.mark.parametrize("value", FRONT_MATTER.values(), ids=FRONT_MATTER.keys())
def test_front_matter_values_are_read_decoded(session: Session, cli: Any, value: str) -> None:
    text = "---\n" + value + "---\n\n" + CLEAN
    line = 2 if value.startswith("title") else 3
    code, err, out = render(session, cli, text)
    assert code == 1 and out is None
    assert f"{session.draft}:{line}:" in err and "hidden-marker - (a front matter value" in err
    assert f"{session.draft}: to fix hidden-marker: " in err
    code, err, after = finalize(session, cli, text)
    assert code == 0 and after == text  # metadata is never rewritten
    assert f"{session.draft}:{line}:" in err and " ARS011 " in err
    assert "pandoc shows front matter values" in err
    checklist = (session.root / "draft_prefinalization_checklist.md").read_text("utf-8")
    assert "**GATE-REFUSES** `hidden-marker`" in checklist


def test_a_yaml_comment_is_shown_by_no_reader_and_passes(session: Session, cli: Any) -> None:
    # examples/chapter.md line 4: what its comment says is now what the product does.
    text = "---\ntitle: Results\n# <!--ref:not_a_citation--> is never touched\n---\n\n" + CLEAN
    code, err, after = finalize(session, cli, text)
    assert code == 0 and after == text and "ARS011" not in err
    code, err, out = render(session, cli, text)
    assert code == 0, err
    assert out == text.replace(" <!--ref:ok2020 ok-->", "")


#: ``---`` … ``---`` whose content is not a YAML mapping: thematic breaks and paragraphs.
REGION = (
    "---\n"
    "\n"
    "Good (2021) found that <!--ref:ok2020 ok-->.\n"
    "\n"
    "---\n"
    "\n"
    "A (2020) <!--ref:ok2020 ok--> holds.\n"
)


def test_a_dash_region_that_is_not_metadata_is_markdown(session: Session, cli: Any) -> None:
    code, err, out = render(session, cli, REGION)
    assert code == 0, err
    assert out == "---\n\nGood (2021) found that.\n\n---\n\nA (2020) holds.\n"
    html = session.root / "final.html"
    result = cli(
        "render", session.draft, "--strict", "--passport", session.passport, "--to", "html",
        "-o", html,
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "<hr />" in html.read_text("utf-8") and "Good (2021) found that." in html.read_text(
        "utf-8"
    )


@pytest.mark.parametrize(
    "inside",
    [
        "<!--" + " " * 5000 + "ref:high2020 ok-->",
        "just a paragraph <!--ref:high2020 ok-->",
        "- a list\n- <!--ref:high2020 ok-->",
    ],
    ids=["padded comment", "paragraph", "list"],
)
def test_a_forged_marker_in_a_dash_region_is_a_marker(
    session: Session, cli: Any, inside: str
) -> None:
    text = "---\n" + inside + "\n---\n\n" + CLEAN
    code, err, out = render(session, cli, text)
    assert code == 1 and out is None
    line = 2 + inside.count("\n")
    assert f"{session.draft}:{line}:" in err and "high2020" in err
    code, err, after = finalize(session, cli, text)
    assert code == 0
    assert "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020-->" in after


# -- §4: idempotence on the reported shapes --------------------------------------------

SHAPES = {
    "lazy quote continuation after a prefix": (
        ">[UNVERIFIED CITATION]<!--ref:high2020-->b\n<!--ref:x-->\n"
    ),
    "marker inside kbd": "Also <kbd><!--ref:high2020--></kbd> x\n",
    "non-breaking space in an attribute value": (
        '<!--ref:k--><c a="[UNVERIFIED\u00a0CITATION]<!--ref:high2020-->">\n'
    ),
}


@pytest.mark.parametrize("text", SHAPES.values(), ids=SHAPES.keys())
def test_finalize_twice_equals_finalize_once(session: Session, cli: Any, text: str) -> None:
    code, err, once = finalize(session, cli, text)
    assert code == 0, err
    check = cli("finalize", session.draft, "--passport", session.passport, "--check")
    assert check.code == 0, check.out + check.err
    code, err, twice = finalize(session, cli, once)
    assert twice == once


def test_a_marker_in_an_attribute_value_is_never_rewritten(session: Session, cli: Any) -> None:
    text = '<c a="[UNVERIFIED\u00a0CITATION]<!--ref:high2020-->">\n'
    code, err, after = finalize(session, cli, text)
    assert code == 0 and after == text
    assert "ARS011 render --strict will refuse this (hidden-marker)" in err


# -- §4: strip leaves no space before punctuation --------------------------------------

STRIPPED = {
    "two markers before a period": (
        "As shown [1, 2] <!--ref:ok2020 ok--><!--ref:ok2020 ok-->.\n",
        "As shown [1, 2].\n",
    ),
    "two markers with a space between": (
        "As shown <!--ref:ok2020 ok--> <!--ref:ok2020 ok--> today.\n",
        "As shown today.\n",
    ),
    "a marker alone at a line start before a period": (
        "As shown\n<!--ref:ok2020 ok-->.\n",
        "As shown.\n",
    ),
    "the same in a quote": (
        "> As shown\n> <!--ref:ok2020 ok-->; then more.\n",
        "> As shown; then more.\n",
    ),
}


@pytest.mark.parametrize(("text", "expected"), STRIPPED.values(), ids=STRIPPED.keys())
def test_strip_leaves_no_space_before_punctuation(
    session: Session, cli: Any, text: str, expected: str
) -> None:
    from ars_docs.session.passport_edit import set_entry_fields

    # In the block quote the words are a quotation: the original on file holds them.
    (session.root / "sources").mkdir()
    (session.root / "sources" / "ok2020.txt").write_text("As shown; then more.\n", encoding="utf-8")
    set_entry_fields(
        session.passport, {"ok2020": {"source_acquisition_path": "sources/ok2020.txt"}}
    )
    code, err, out = render(session, cli, text)
    assert code == 0, err
    assert out == expected


# -- §4: the read log's latest mark is decided by marked_at ----------------------------

REORDERED_LOG = """\
session_id: test-session
created_at: 2026-01-01T00:00:00Z
human_read:
  - citation_key: ok2020
    marked_at: 2026-02-01T00:00:00Z
  - citation_key: ok2020
    marked_at: 2026-01-01T00:00:00Z
    rescinded_at: 2026-01-05T00:00:00Z
"""


def test_the_latest_mark_by_time_decides_not_the_last_in_the_file(
    session: Session, cli: Any
) -> None:
    session.read_log.write_text(REORDERED_LOG, encoding="utf-8")
    code, err, after = finalize(session, cli, "A (2020) <!--ref:ok2020-->.\n")
    assert code == 0, err
    assert after == "A (2020) <!--ref:ok2020 ok-->.\n"
    listed = cli("list-read", "--passport", session.passport)
    assert listed.code == 0 and "2026-02-01T00:00:00Z" in listed.out
    # unmark-read rescinds that mark (the first in the file), not the last one.
    result = cli("unmark-read", "ok2020", "--passport", session.passport)
    assert result.code == 0, result.err
    log = session.read_log.read_text("utf-8")
    assert log.count("rescinded_at") == 2
    code, err, after = finalize(session, cli, after)
    assert after == "A (2020) <!--ref:ok2020 LOW-WARN-->.\n"


def test_the_example_chapter_front_matter_agrees_with_its_comment(tmp_path: Any, cli: Any) -> None:
    # Issue 25 §2: examples/chapter.md line 4 holds a marker in a YAML comment and says
    # it is never touched; neither finalize nor the gate may say otherwise.
    import shutil

    examples = REPO / "examples"
    for name in ("chapter.md", "passport.yaml", "passport_human_read_log.yaml"):
        shutil.copy(examples / name, tmp_path / name)
    draft, passport = tmp_path / "chapter.md", tmp_path / "passport.yaml"
    line4 = draft.read_text("utf-8").splitlines()[3]
    assert line4.startswith("# ") and "<!--ref:not_a_citation-->" in line4
    finalized = cli("finalize", draft, "--passport", passport)
    assert finalized.code == 0
    assert f"{draft}:4:" not in finalized.err and "ARS011" not in finalized.err
    assert draft.read_text("utf-8").splitlines()[3] == line4
    gate = cli("render", draft, "--strict", "--passport", passport, "--check")
    assert gate.code == 1  # the example refuses for its unverified sources, not line 4
    assert f"{draft}:4:" not in gate.err and "hidden-marker" not in gate.err
