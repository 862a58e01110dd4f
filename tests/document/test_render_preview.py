"""``render`` without ``--strict`` is a visible preview; HTML is a full document (issue 10 §3)."""

from __future__ import annotations

import re

from tests.support.sessions import Session, read_log_text

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
    assert "<title>Preview: Kapitel 3 — Qualität</title>" in page
    assert "<h1>Überblick</h1>" in page
    assert page.rstrip().endswith("</body>\n</html>")


def test_html_title_falls_back_to_the_first_heading_then_the_file_name(
    session: Session, cli
) -> None:
    session.write("draft.md", "Intro.\n\n## Results <!--ref:ok2020 ok--> & more\n")
    assert cli("render", session.draft, "--to", "html", "-o", session.root / "a.html").code == 0
    assert "<title>Preview: Results &amp; more</title>" in (session.root / "a.html").read_text(
        "utf-8"
    )
    session.write("draft.md", "No heading at all.\n")
    assert cli("render", session.draft, "--to", "html", "-o", session.root / "b.html").code == 0
    assert "<title>Preview: draft</title>" in (session.root / "b.html").read_text("utf-8")


def test_html_fragment_on_request(session: Session, cli) -> None:
    session.write("draft.md", FRONT + "\nText.\n")
    result = cli("render", session.draft, "--to", "html", "--fragment", "-o", "-")
    assert result.code == 0
    # A preview says what it is, even as a fragment (issue 26 §2).
    assert result.out.startswith('<div class="ars-banner" role="note">')
    assert result.out.rstrip().endswith("</div>\n\n<p>Text.</p>")
    assert "<html" not in result.out
    session.write("draft.md", FRONT + "\nText (Doe, 2020) <!--ref:ok2020 ok-->.\n")
    session.read_log.write_text(read_log_text("ok2020"), encoding="utf-8")
    result = cli(
        "render",
        session.draft,
        "--strict",
        "--passport",
        session.passport,
        "--to",
        "html",
        "--fragment",
        "-o",
        "-",
    )
    assert result.code == 0, result.err
    assert result.out.strip() == "<p>Text (Doe, 2020).</p>"  # the final fragment: as it was


# -- issue 26 §2: the HTML preview shows each citation's status -----------------------


def _badges(page: str) -> list[tuple[str, str, str]]:
    """(status class, title, label) of every badge on the page."""
    return [
        (m.group(1), m.group(2), re.sub(r"<[^>]*>", "", m.group(3)))
        for m in re.finditer(
            r'<span class="ars-cite s-([^"]+)" tabindex="0" title="([^"]*)">'
            r'(<span aria-hidden="true">[^<]*</span>[^<]*)</span>',
            page,
        )
    ]


PREVIEW_DRAFT = (
    "# Ch. <script>alert(1)</script>\n\n"
    "Trusted (Doe, 2020)<!--ref:ok2020 ok-->, claimed ok (Roe, 2020)<!--ref:med2020 ok-->,\n"
    "unresolved (Poe, 2020) <!--ref:high2020--> and broken <!--ref:a,b-->.\n\n"
    "![figure <!--ref:low2020 LOW-WARN-->](fig.png)\n\n"
    "```\n<!--ref:in_code--> stays code\n```\n"
)


def test_html_preview_badges_every_citation_with_its_computed_status(session: Session, cli) -> None:
    session.write("draft.md", PREVIEW_DRAFT, dedent=False)
    result = cli("render", session.draft, "--to", "html", "--passport", session.passport)
    assert result.code == 0, result.err
    page = (session.root / "draft_preview.html").read_text(encoding="utf-8")
    badges = _badges(page)
    assert [(s, label.split(maxsplit=1)[1]) for s, _, label in badges] == [
        ("ok", "ok ok2020"),
        ("MED-WARN", "MED-WARN med2020"),  # the forged ok shows what the facts say
        ("HIGH-WARN", "HIGH-WARN high2020"),
        ("MALFORMED", "MALFORMED"),
    ]
    assert [label.split()[0] for _, _, label in badges] == [
        "✓",
        "!!",
        "✗",
        "#",
    ]  # an icon, not colour only
    med_title = badges[1][1]
    assert "the draft shows ok: run finalize" in med_title
    assert "verified against the original: no" in med_title
    assert f"ars-docs verify med2020 --method manual_grep --passport {session.passport}" in (
        med_title
    )
    assert "one marker per key" in badges[3][1]
    # Inside an attribute (an image's alt text) the status is a plain label.
    assert 'alt="figure [LOW-WARN low2020]"' in page
    assert "<!--ref:in_code--> stays code" not in page  # code is escaped, not a badge
    assert "&lt;!--ref:in_code--&gt; stays code" in page
    assert "<script>alert(1)</script>" not in page
    assert "Preview — not the final document." in page
    assert "would refuse: 4 problems" in page and "unresolved-marker high2020" in page
    assert "forged-status med2020" in page
    assert "<link" not in page and "<style>" in page


def test_html_preview_without_a_passport_says_the_statuses_are_unchecked(
    session: Session, cli
) -> None:
    session.write("draft.md", "A (Doe, 2020)<!--ref:med2020 ok--> and <!--ref:high2020-->.\n")
    assert cli("render", session.draft, "--to", "html").code == 0
    page = (session.root / "draft_preview.html").read_text(encoding="utf-8")
    assert [(s, label.split(maxsplit=1)[1]) for s, _, label in _badges(page)] == [
        ("ok", "ok med2020"),
        ("NOT-RESOLVED", "NOT-RESOLVED high2020"),
    ]
    assert "as the draft claims it; unchecked (no --passport)" in page
    assert "no passport was given" in page


def test_the_final_html_stays_clean_and_takes_a_stylesheet(session: Session, cli) -> None:
    session.read_log.write_text(read_log_text("ok2020"), encoding="utf-8")
    session.write("draft.md", "# T\n\nA (Doe, 2020) <!--ref:ok2020 ok-->.\n")
    css = session.write("print.css", "body { font-family: serif; }\n")
    out = session.root / "final.html"
    result = cli(
        "render",
        session.draft,
        "--strict",
        "--passport",
        session.passport,
        "--to",
        "html",
        "--css",
        css,
        "-o",
        out,
    )
    assert result.code == 0, result.err
    page = out.read_text(encoding="utf-8")
    assert "<style>\nbody { font-family: serif; }\n</style>" in page
    assert "ars-cite" not in page and "ars-banner" not in page and "Preview" not in page
    assert "<p>A (Doe, 2020).</p>" in page


def test_a_bad_stylesheet_is_refused_before_anything_is_written(session: Session, cli) -> None:
    session.write("draft.md", "# T\n\nA <!--ref:ok2020 ok-->.\n")
    evil = session.write("evil.css", "p{}</style><script>x</script>\n")
    result = cli("render", session.draft, "--to", "html", "--css", evil)
    assert result.code == 65 and "'</style'" in result.err
    result = cli("render", session.draft, "--to", "html", "--css", session.root / "no.css")
    assert result.code == 66 and "no.css" in result.err
    result = cli("render", session.draft, "--css", evil)
    assert result.code == 64 and "--to html" in result.err
    import os

    os.mkfifo(session.root / "pipe.css")  # refused at once, never waited on
    result = cli("render", session.draft, "--to", "html", "--css", session.root / "pipe.css")
    assert result.code == 74 and "pipe.css" in result.err and "FIFO" in result.err
    assert not (session.root / "draft_preview.html").exists()
    assert not (session.root / "draft_preview.md").exists()
