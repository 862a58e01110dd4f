"""The identity decision (issue 15 §1) on the labelled evaluation set, and its parts.

The bar: no document that is not the work is ever acquired (``exact``/``strong``).
Every right document of the set is acquired today except the ``known_miss``
cases (false rejections the benchmark reports, kept for a human); a change
that loses another one fails here.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ars_docs.retrieval.judge.identity import REASON_CODES, Document, Level, decide, url_drift
from tests.support.identity_cases import (
    CASES,
    E1,
    HELDOUT2_FILE,
    HELDOUT_FILE,
    NEWS,
    Case,
    CaseFileError,
    document_of,
    heldout_cases,
    load_cases,
)
from tests.support.layout import REPO

IDS = [case.name for case in CASES]


def test_the_set_is_large_and_varied() -> None:
    assert len(CASES) >= 150
    assert len({case.name for case in CASES}) == len(CASES)
    kinds = Counter(case.kind for case in CASES)
    truths = Counter(case.truth for case in CASES)
    assert kinds["pdf"] >= 4 and kinds["html"] >= 6 and truths["unknown"] >= 2
    assert truths["same"] >= 25 and truths["different"] >= 30


def test_zero_false_acquisitions() -> None:
    wrong = [
        (case.name, decide(document_of(case), case.work).summary())
        for case in CASES
        if case.truth != "same" and decide(document_of(case), case.work).acquires
    ]
    assert wrong == []


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_each_case(case: Case) -> None:
    identity = decide(document_of(case), case.work)
    if case.known_miss:  # a reported false rejection: kept for a human, never discarded
        assert identity.level in (Level.WEAK, Level.AMBIGUOUS), identity.summary()
    elif case.truth == "same":
        assert identity.acquires, identity.summary()
    else:
        assert not identity.acquires, identity.summary()
    for code in case.expect:
        assert code in identity.reasons, identity.summary()
    assert set(identity.reasons) <= set(REASON_CODES)


def test_negative_evidence_wins_over_a_matching_doi() -> None:
    toc = next(c for c in CASES if c.name == "table_of_contents")
    identity = decide(document_of(toc), toc.work)
    assert "doi_match" in identity.reasons and identity.level is Level.DIFFERENT


def test_versions_are_told_apart() -> None:
    by_name = {c.name: decide(document_of(c), c.work) for c in CASES}
    assert by_name["vor_with_doi"].version == "version_of_record"
    assert by_name["preprint_not_peer_reviewed"].version == "preprint"
    assert by_name["arxiv_preprint_with_id"].version == "preprint"
    assert by_name["accepted_manuscript_cover_sheet"].version == "accepted_manuscript"
    assert by_name["book_title_page"].version is None


def test_a_tie_between_homepage_links_is_ambiguous() -> None:
    right = next(c for c in CASES if c.name == "vor_with_doi")
    tied = decide(Document(right.pages, tie=True), right.work)
    assert tied.level is Level.AMBIGUOUS and "candidate_tie" in tied.reasons


def test_a_scan_is_ambiguous_never_different() -> None:
    identity = decide(Document(("", "  \n")), E1)
    assert identity.level is Level.AMBIGUOUS and identity.reasons == ("no_text_layer",)


def test_url_drift() -> None:
    article = "https://news.example/2025/04/14/humanities-core/"
    assert url_drift(article, "https://news.example/news/", (article,))
    assert url_drift(article, "https://news.example/", (article,))
    assert url_drift(article, "https://news.example/2025/04/", (article,))
    assert url_drift("https://doi.org/10.1/x", "https://pub.example/", ("https://doi.org/10.1/x",))
    # Not drift: no redirect, the scheme, a canonical deeper URL, a cookie check.
    assert not url_drift(article, article)
    assert not url_drift("http://a.example/x/y", "https://a.example/x/y", ("http://a.example/x/y",))
    assert not url_drift(
        "https://a.example/article?id=5",
        "https://a.example/2025/humanities-core/",
        ("https://a.example/article?id=5",),
    )
    assert not url_drift(
        "https://a.example/p/humanities-core",
        "https://a.example/humanities-core",
        ("https://a.example/p/humanities-core",),
    )
    # Inside the Wayback Machine the archived URLs are compared.
    snap = "https://web.archive.org/web/2025id_/"
    assert url_drift(snap + article, snap + "https://news.example/", (snap + article,))


def test_html_drift_caps_a_right_looking_page() -> None:
    page = next(c for c in CASES if c.name == "news_article_html")
    moved = Case(
        "moved",
        "different",
        NEWS,
        page.pages,
        "html",
        page.requested,
        "https://ydn.example/news/",
        (page.requested or "",),
    )
    identity = decide(document_of(moved), NEWS)
    assert identity.level is Level.AMBIGUOUS and "url_drift" in identity.reasons


def test_docs_explain_every_reason_code_and_level() -> None:

    docs = (REPO / "docs" / "retrieval.md").read_text("utf-8")
    for code in REASON_CODES:
        assert f"| `{code}` |" in docs, code
    for level in Level:
        assert f"| `{level.value}` |" in docs, level


def test_every_trap_of_issue_22_is_in_the_tuning_set() -> None:
    given = Counter(code for case in CASES for code in case.expect)
    for code in (
        "notice_document",
        "supplement_document",
        "peer_review_document",
        "front_matter",
        "related_record_doi",
        "response_framing",
        "title_only_in_references",
        "doi_alias",
        "review_framing",
        "toc_page",
        "event_framing",
    ):
        assert given[code] >= 1, code
    names = {case.name for case in CASES}
    for name in (
        "lee_kim_li_superscripts",
        "jones_letter_marks_and_star",
        "yildiz_dotless_i",
        "mueller_transliterated",
        "cjk_name_with_space",
        "editorial_of_another_author_other_journal",
        "running_head_review_of_educational_research",
        "title_starting_with_citation",
    ):
        assert name in names


#: False acquisitions measured on a held-out set's first run and not yet fixed.
KNOWN_FALSE_ACQUISITIONS = {"heldout2": {"spat_journal_extension"}}


@pytest.mark.parametrize("path", [HELDOUT_FILE, HELDOUT2_FILE], ids=["heldout", "heldout2"])
def test_the_heldout_sets_have_no_false_acquisition(path: Path) -> None:
    cases = heldout_cases(path)
    if cases is None:
        pytest.skip(f"the held-out set ({path}) is not written yet")
    wrong = {
        case.name: decide(document_of(case), case.work).summary()
        for case in cases
        if case.truth != "same" and decide(document_of(case), case.work).acquires
    }
    # The bar is 0. heldout2's first run (benchmarks/bench_identity.py FIRST_HELDOUT_RUN)
    # acquired one wrong document; it stays listed here until a fix that is measured on a
    # set nobody tuned for removes it — a new false acquisition fails this test.
    assert set(wrong) <= KNOWN_FALSE_ACQUISITIONS.get(path.stem, set()), wrong


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("works: {}\n", "needs a 'works' mapping and a 'documents' list"),
        (
            "works: {W: {title: T, authors: [{family: A}]}}\ndocuments:\n"
            "  - {name: x, work: V, truth: same, pages: [a]}\n",
            "document 1 (x): 'work' must name one of the works",
        ),
        (
            "works: {W: {title: T, authors: [{family: A}]}}\ndocuments:\n"
            "  - {name: x, work: W, truth: maybe, pages: [a]}\n",
            "'truth' must be same, different or unknown",
        ),
        ("works: {W: {title: T}}\ndocuments: []\n", "work W: needs 'title' and 'authors'"),
    ],
)
def test_a_malformed_set_file_is_named(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "heldout.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CaseFileError, match=re.escape(message)) as raised:
        load_cases(path)
    assert str(path) in str(raised.value)


@pytest.mark.parametrize(
    ("surname", "line", "found"),
    [
        ("Lee", "Ji-woo Lee¹, Soo-jin Kim²", True),
        ("Wang", "Rachel Smith1, Lei Wang1,2", True),
        ("Jones", "Alan Jonesa,∗, Yu Chenb", True),
        ("Jones", "A. Jonesa,b and Y. Chena", True),
        ("Li", "Na Li1*", True),
        ("Müller", "Juergen Mueller", True),
        ("Yildiz", "AYŞE YILDIZ", True),
        ("Sørensen", "Soeren Soerensen", True),
        ("Strauß", "Katharina Strauss", True),
        ("Wu", "Emma Wulff", False),  # a short surname only as a whole word
        ("Hu", "Wei Hua1, Li Chen2", False),  # "Hua1" is not "Hu" with a letter mark
        ("Ma", "Ahmad Mah1", False),
        ("Ng", "Kenneth Ngata", False),
    ],
)
def test_surnames_as_title_pages_print_them(surname: str, line: str, found: bool) -> None:
    from ars_docs.retrieval.judge.names import fold_name, name_pattern, surname_keys
    from ars_docs.retrieval.judge.words import NAME_PARTICLES

    keys = surname_keys(surname, NAME_PARTICLES)
    assert any(name_pattern(tuple(k)).search(fold_name(line)) for k in keys) is found
