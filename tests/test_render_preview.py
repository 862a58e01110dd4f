"""``render`` without ``--strict`` is a visible preview; HTML is a full document (issue 10 §3)."""

from __future__ import annotations

from conftest import Session

FRONT = '---\ntitle: "Kapitel 3 — Qualität"\n---\n'


def test_preview_is_named_preview_and_shows_unresolved_markers(session: Session, cli) -> None:
    session.write("draft.md", "# T\n\nA (2020) <!--ref:ok2020--> and B <!--ref:--> end.\n")
    result = cli("render", session.draft)
    assert result.code == 0, result.err
    assert not (session.root / "draft_final.md").exists()
    preview = (session.root / "draft_preview.md").read_text(encoding="utf-8")
    assert preview == (
        "# T\n\nA (2020) [PREVIEW: CITATION NOT RESOLVED — ok2020] and B "
        "[PREVIEW: MALFORMED CITATION MARKER] end.\n"
    )
    assert f"preview (not gated); wrote {session.root / 'draft_preview.md'}" in result.err


def test_preview_of_a_finalized_draft_keeps_only_the_visible_warnings(
    session: Session, cli
) -> None:
    session.write("draft.md", "# T\n\nA (2020) <!--ref:ok2020--> and C <!--ref:high2020-->.\n")
    assert cli("finalize", session.draft, "--passport", session.passport).code == 0
    assert cli("render", session.draft).code == 0
    preview = (session.root / "draft_preview.md").read_text(encoding="utf-8")
    assert preview == "# T\n\nA (2020) and C [UNVERIFIED CITATION — NO ORIGINAL].\n"


def test_html_is_a_complete_utf8_document_titled_from_front_matter(session: Session, cli) -> None:
    session.write("draft.md", FRONT + "\n# Überblick\n\nA (2020) <!--ref:ok2020 ok-->.\n")
    result = cli("render", session.draft, "--to", "html")
    assert result.code == 0, result.err
    page = (session.root / "draft_preview.html").read_text(encoding="utf-8")
    assert page.startswith('<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n')
    assert "<title>Kapitel 3 — Qualität</title>" in page
    assert "<h1>Überblick</h1>" in page
    assert page.rstrip().endswith("</body>\n</html>")


def test_html_title_falls_back_to_the_first_heading_then_the_file_name(
    session: Session, cli
) -> None:
    session.write("draft.md", "Intro.\n\n## Results <!--ref:ok2020 ok--> & more\n")
    assert cli("render", session.draft, "--to", "html", "-o", session.root / "a.html").code == 0
    assert "<title>Results &amp; more</title>" in (session.root / "a.html").read_text("utf-8")
    session.write("draft.md", "No heading at all.\n")
    assert cli("render", session.draft, "--to", "html", "-o", session.root / "b.html").code == 0
    assert "<title>draft</title>" in (session.root / "b.html").read_text("utf-8")


def test_html_fragment_on_request(session: Session, cli) -> None:
    session.write("draft.md", FRONT + "\nText.\n")
    result = cli("render", session.draft, "--to", "html", "--fragment", "-o", "-")
    assert result.code == 0
    assert result.out.strip() == "<p>Text.</p>"
    assert "<html" not in result.out
