"""Content verification (§3.5 verify_content_match) and page classification.

Real PDFs are built by ``retrieval_support.make_pdf`` and read back with pypdf.
"""

from __future__ import annotations

import pytest

from ars_docs.retrieval.judge.content import match_content, name_key, normalise, pdf_text, words
from ars_docs.retrieval.walk.pages import challenge_signature, login_url, parse_html
from tests.support.retrieval import (
    BANJARMASIN_PAGE,
    E1_TITLE,
    PERMEN_AUTHOR,
    PERMEN_PAGE,
    PERMEN_TITLE,
    make_pdf,
)


def test_pdf_round_trip_first_page_only() -> None:
    body = make_pdf(["First page line", "Second line"], ["Only on page two"])
    assert pdf_text(body, 1).text.split("\n")[:2] == ["First page line", "Second line"]
    assert "Only on page two" not in pdf_text(body, 1).text
    assert "Only on page two" in pdf_text(body, 2).text


def test_the_banjarmasin_wrong_record_is_rejected() -> None:
    """The spec's case: a valid 200 application/pdf of another regulation."""
    text = pdf_text(make_pdf(BANJARMASIN_PAGE), 1).text
    verdict = match_content(text, PERMEN_TITLE, [PERMEN_AUTHOR], where="page 1")
    assert not verdict.ok
    assert "neither a title fragment nor an author" in verdict.detail


def test_the_right_regulation_is_accepted() -> None:
    text = pdf_text(make_pdf(PERMEN_PAGE), 1).text
    assert match_content(text, PERMEN_TITLE, [PERMEN_AUTHOR], where="page 1").ok


def test_title_without_author_is_rejected() -> None:
    text = pdf_text(make_pdf([E1_TITLE, "Somebody Else"]), 1).text
    verdict = match_content(text, E1_TITLE, ["Harvey", "Stensaker"], where="page 1")
    assert not verdict.ok and "no author surname (harvey, stensaker)" in verdict.detail


def test_author_without_title_is_rejected() -> None:
    text = pdf_text(make_pdf(["Another paper entirely", "Lee Harvey"]), 1).text
    verdict = match_content(text, E1_TITLE, ["Harvey"], where="page 1")
    assert not verdict.ok and "author 'harvey' found but no title fragment" in verdict.detail


def test_hyphenation_and_line_breaks_in_a_real_pdf() -> None:
    body = make_pdf(["Quality Cul-", "ture: under-", "standings, boundaries", "Lee HARVEY"])
    text = pdf_text(body, 1).text
    assert match_content(text, E1_TITLE, ["Harvey"], where="page 1").ok


@pytest.mark.parametrize(
    ("text", "title", "author"),
    [
        (
            "The \ufb01rst e\ufb03cient \ufb02ow model\nby A. Meyer",
            "The first efficient flow model",
            "Meyer",
        ),
        ("UNDERSTANDING QUALITY\nJ. STENSÅKER", "Understanding quality", "Stensaker"),
        ("Étude des systèmes\nJ. Lévi-Strauss", "Etude des systemes", "Lévi-Strauss"),
        ("Etude des syste\u0300mes\nJ. Le\u0301vi", "Étude des systèmes", "Lévi"),
        ("Zur Qualita\u0308t der Lehre von Mu\u0308ller", "Zur Qualität der Lehre", "Müller"),
        ("soft\u00adhyphen\u00ad ated title here\nby Zhao", "softhyphenated title here", "Zhao"),
        (
            "A  long   title that\nwraps across\nlines — Okafor",
            "A long title that wraps across lines",
            "Okafor",
        ),
    ],
)
def test_tolerant_normalisation(text: str, title: str, author: str) -> None:
    assert match_content(text, title, [author], where="t").ok


def test_long_title_needs_a_significant_run_of_words() -> None:
    title = "Accreditation regimes and the audit society in European higher education systems"
    half = "the audit society in European higher"  # 6 of 11 words, in order
    assert match_content(f"{half}\nDoe", title, ["Doe"], where="t").ok
    scattered = "accreditation regimes ... audit ... European systems\nDoe"
    assert not match_content(scattered, title, ["Doe"], where="t").ok


def test_short_title_must_match_whole_words() -> None:
    assert match_content("Ethics\nby Li", "Ethics", ["Li"], where="t").ok
    assert not match_content("Bioethics\nby Li", "Ethics", ["Li"], where="t").ok
    assert not match_content("Ethics\nby Lin", "Ethics", ["Li"], where="t").ok


def test_split_long_surname_still_matches() -> None:
    assert match_content(
        "Quality culture\nSten saker", "Quality culture", ["Stensaker"], where="t"
    ).ok


def test_entry_without_title_or_author_cannot_match() -> None:
    assert not match_content("anything", "", ["Doe"], where="t").ok
    assert not match_content("anything", "Title", [], where="t").ok


def test_unreadable_pdfs_say_why() -> None:
    assert "cannot be read" in pdf_text(b"%PDF-1.4\ngarbage", 1).problem
    blank = make_pdf([])
    assert "no text layer" in pdf_text(blank, 1).problem


def test_normalise_and_words() -> None:
    assert normalise("\ufb01le") == "file"
    assert words("Inter-\nnational Co-operation") == ["international", "co", "operation"]
    # ø is written out as o, as every fold of works.fold does (issue 34: one fold).
    assert name_key("  Bjørn  STENSAKER ") == "bjorn stensaker"


# -- pages ------------------------------------------------------------------------------


def test_parse_html_reads_pdf_meta_links_and_main_text() -> None:
    page = parse_html(
        b"<html><head><meta name='citation_pdf_url' content='/doi/pdf/10.1/x'>"
        b"<script>var t = 'Quality culture';</script></head><body><nav>Menu</nav>"
        b"<main><h1>Title here</h1><p>Body &amp; more</p></main><footer>Foot</footer>"
        b"<a href='a.pdf'>Paper <b>PDF</b></a></body></html>",
        {"content-type": "text/html"},
        "https://pub.example/doi/10.1/x",
    )
    assert page.pdf_links == ["https://pub.example/doi/pdf/10.1/x"]
    assert page.main_text == "Title here\nBody & more"
    assert ("https://pub.example/doi/10.1/a.pdf", "Paper PDF") in page.links
    assert not page.password_field


def test_parse_html_password_field_and_charset() -> None:
    body = "<meta charset='latin-1'><form><input type=password></form>Müller".encode("latin-1")
    page = parse_html(body, {}, "https://x.example/")
    assert page.password_field and "Müller" in page.main_text


@pytest.mark.parametrize(
    ("headers", "body", "who"),
    [
        ({"cf-mitigated": "challenge"}, b"", "Cloudflare challenge"),
        ({}, b"<html><title>Just a moment...</title></html>", "Cloudflare challenge"),
        ({"x-vercel-mitigated": "challenge"}, b"", "Vercel security checkpoint"),
        ({}, b"<title>Vercel Security Checkpoint</title>", "Vercel security checkpoint"),
        ({"server": "AkamaiGHost"}, b"<h1>Access Denied</h1>", "Akamai"),
        ({}, b"<script src='https://ct.captcha-delivery.com/c.js'>", "DataDome"),
    ],
)
def test_challenge_signatures(headers: dict[str, str], body: bytes, who: str) -> None:
    assert challenge_signature(headers, body) == who


def test_no_challenge_for_plain_pages_and_pdfs() -> None:
    assert challenge_signature({}, b"<html><body>Access denied. Purchase.</body></html>") is None
    assert challenge_signature({}, b"%PDF-1.4 ... Just a moment... ") is None


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://pub.example/idp/login?target=/x", True),
        ("https://login.university.example/", True),
        ("https://pub.example/action/showLogin;jsessionid=1", True),
        ("https://pub.example/user/sign-in", True),
        ("https://pub.example/log_in", True),
        ("https://blog.example/bloginfo/x", False),
        ("https://pub.example/sso/start", True),
        ("https://pub.example/doi/10.1002/auth.123", False),
        ("https://pub.example/article/1", False),
    ],
)
def test_login_urls(url: str, expected: bool) -> None:
    assert login_url(url) is expected
