"""Issue 24 §2 and §3: coverage follows the sentence; the detector on new forms.

Every placement the issue lists goes through ``render --strict`` on the CLI:
exit code, message and the output file (written in full, or not at all).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ars_docs.commands import drafts as api
from ars_docs.document.detect.citations import find_candidates
from tests.support.sessions import Session, entry, passport_text, read_log_text

KEYS = ("good", "good2", "smith")


@pytest.fixture
def ok_session(tmp_path: Path) -> Session:
    """A session in which every source is ``ok`` (acquired, verified, read)."""
    s = Session(tmp_path)
    entries = [entry(key, acquired=True, verified=True) for key in KEYS]
    s.passport.write_text(passport_text(*entries), encoding="utf-8")
    s.read_log.write_text(read_log_text(*KEYS), encoding="utf-8")
    return s


def _render(session: Session, cli, text: str):  # type: ignore[no-untyped-def]
    session.write("draft.md", text, dedent=False)
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    return result, out


# Legitimate placements: each passes the gate and the markers are stripped.
PASSING = {
    "marker after the sentence's period": (
        "# Results\n\nGood (2020) found this. <!--ref:good ok-->\n",
        "# Results\n\nGood (2020) found this.\n",
    ),
    "marker after the period, no space": (
        "Known before (Smith, 2020).<!--ref:smith ok--> More text.\n",
        "Known before (Smith, 2020). More text.\n",
    ),
    "marker on the next line of the paragraph": (
        "Good (2020) found this.\n<!--ref:good ok-->\nThen nothing else.\n",
        "Good (2020) found this.\nThen nothing else.\n",
    ),
    "two citations, then their two markers": (
        "Good (2020) and Moore (2021)<!--ref:good ok--><!--ref:good2 ok--> agree.\n",
        "Good (2020) and Moore (2021) agree.\n",
    ),
    "marker before the citation": (
        "As <!--ref:good ok--> Good (2020) showed, it holds.\n",
        "As Good (2020) showed, it holds.\n",
    ),
    "marker opening the next sentence's citation": (
        "It is known. <!--ref:good ok--> Good (2020) found it.\n",
        "It is known. Good (2020) found it.\n",
    ),
    "markers after the period of two cited sentences": (
        "Good (2020) found X. Moore (2021) found Y.<!--ref:good ok--><!--ref:good2 ok-->\n",
        "Good (2020) found X. Moore (2021) found Y.\n",
    ),
    "citation with et al. and marker at the end": (
        "Good et al. (2020) found a small effect in two samples <!--ref:good ok-->.\n",
        "Good et al. (2020) found a small effect in two samples.\n",
    ),
    "place and year without a marker": (
        "Tokyo (2021) hosted the Games. Good (2020) <!--ref:good ok--> says so.\n",
        "Tokyo (2021) hosted the Games. Good (2020) says so.\n",
    ),
    "money with dollars and a marked citation": (
        "Costs rose from $5 (Smith, 2020)<!--ref:smith ok--> to $7.\n",
        "Costs rose from $5 (Smith, 2020) to $7.\n",
    ),
}


@pytest.mark.parametrize(("text", "expected"), PASSING.values(), ids=PASSING.keys())
def test_legitimate_placements_pass_the_gate(
    ok_session: Session, cli, text: str, expected: str
) -> None:
    result, out = _render(ok_session, cli, text)
    assert result.code == 0, result.err
    assert "unmarked-citation" not in result.err
    assert out.read_bytes() == expected.encode("utf-8")


# Refused: a citation whose sentence has no marker left for it.
REFUSED = {
    "marker in another sentence": (
        "The claim holds <!--ref:good ok-->. Later, Good (2020) found it too.\n",
        "1:44: unmarked-citation - ('Good (2020)')",
    ),
    "one marker for two citations": (
        "Good (2020) and Moore (2021) agree <!--ref:good ok-->.\n",
        "1:17: unmarked-citation - ('Moore (2021)')",
    ),
    "second sentence's marker taken by the first": (
        "Good (2020) found X. <!--ref:good ok--> Moore (2021) found Y.\n",
        "1:41: unmarked-citation - ('Moore (2021)')",
    ),
    "heading": (
        "## Revisiting Smith (2024)\n\nGood (2020) <!--ref:good ok--> says so.\n",
        "1:15: unmarked-citation - ('Smith (2024)')",
    ),
    "raw HTML code element": (
        "Per <code>Smith (2024)</code>, it holds.\n\nGood (2020) <!--ref:good ok--> agrees.\n",
        "1:11: unmarked-citation - ('Smith (2024)')",
    ),
    "non-breaking space entity": (
        "Smith&nbsp;(2024) found it. Good (2020) <!--ref:good ok--> too.\n",
        "1:1: unmarked-citation - ('Smith&nbsp;(2024)')",
    ),
    "entity-encoded parentheses": (
        "Smith &#40;2024&#41; found it. Good (2020) <!--ref:good ok--> too.\n",
        "1:1: unmarked-citation - ('Smith &#40;2024&#41;')",
    ),
    "escaped parentheses": (
        "Smith \\(2024\\) found it. Good (2020) <!--ref:good ok--> too.\n",
        "1:1: unmarked-citation - ('Smith \\\\(2024\\\\)')",
    ),
    "dollar signs that are not math": (
        "Costs rose from $5 (Smith, 2020) to $7. Good (2020) <!--ref:good ok--> too.\n",
        "1:20: unmarked-citation - ('(Smith, 2020)')",
    ),
    "year range": (
        "Smith (2019–2021) followed them. Good (2020) <!--ref:good ok--> too.\n",
        "1:1: unmarked-citation - ('Smith (2019–2021)')",
    ),
    "two-word name": (
        "Zhang Wei (2020) surveyed them. Good (2020) <!--ref:good ok--> too.\n",
        "1:1: unmarked-citation - ('Zhang Wei (2020)')",
    ),
}


@pytest.mark.parametrize(("text", "where"), REFUSED.values(), ids=REFUSED.keys())
def test_uncovered_citations_are_refused(
    ok_session: Session, cli, text: str, where: str | None
) -> None:
    result, out = _render(ok_session, cli, text)
    assert result.code == 1, result.err
    assert "unmarked-citation" in result.err
    if where is not None:
        assert f"{ok_session.draft}:{where}" in result.err, result.err
    assert not out.exists()


def test_finalize_names_the_text_that_lacks_a_marker(ok_session: Session, cli) -> None:
    ok_session.write(
        "draft.md", "Good (2020) and Moore (2021) agree <!--ref:good2 ok-->.\n", dedent=False
    )
    result = cli("finalize", ok_session.draft, "--passport", ok_session.passport)
    assert result.code == 0
    assert (
        f"{ok_session.draft}:1:17: ARS005 citation with no marker: 'Moore (2021)' (its sentence "
        "has 2 citation-shaped texts and 1 marker(s); this one is not covered)" in result.err
    )


def test_waiver_after_the_period_counts_for_its_sentence(ok_session: Session, cli) -> None:
    text = "We sailed on (Endeavour, 2013). <!--not-a-citation: a ship--> Good (2020) "
    text += "<!--ref:good ok--> agrees.\n"
    result, out = _render(ok_session, cli, text)
    assert result.code == 0, result.err
    assert "ARS006" in result.err
    assert out.read_text("utf-8") == "We sailed on (Endeavour, 2013). Good (2020) agrees.\n"


# The detector: forms of issue 24 §3, one sentence each.
DETECTED = {
    "German u. a.": ("Müller u. a. (2019) zeigen es.", "Müller u. a. (2019)"),
    "German page": ("Wie gezeigt (2019, S. 34), gilt es.", "(2019, S. 34)"),
    "and colleagues": ("Chen and colleagues (2018) found it.", "Chen and colleagues (2018)"),
    # "Segundo" is also Portuguese for "according to": the citation is found either way
    "two-word surname": ("Segundo Silva et al. (2017) found.", "Silva et al. (2017)"),
    "Iberian double surname": ("García Márquez (1967) wrote it.", "García Márquez (1967)"),
    "Cyrillic": ("Иванов (2015) показал это.", "Иванов (2015)"),
    "Chinese et al.": ("王等人（2021）发现。", "王等人（2021）"),
    "Japanese parenthetical": ("報告がある（田中, 2018）。", "（田中, 2018）"),
    "Japanese narrative": ("佐藤（2020）は指摘した。", "佐藤（2020）"),
    "Korean": ("김철수(2020)는 보고하였다.", "김철수(2020)"),
    "fullwidth Latin": ("これは（Li, 2021）による。", "（Li, 2021）"),
    "quote then year and page": ('"It is so" (2013, p. 7), she wrote.', "(2013, p. 7)"),
    "bracketed author year": ("As in [Smith 2013], it holds.", "[Smith 2013]"),
    "bracketed with comma": ("Dissonance [Festinger, 1957] applies.", "[Festinger, 1957]"),
    "colon page": ("Brown (2015: 45) notes it.", "Brown (2015: 45)"),
    "ibid": ("The same holds (ibid., p. 12).", "ibid."),
    "ref. N": ("See ref. 14 for the dose.", "ref. 14"),
    "case law": ("Roe v. Wade (1973) was overturned.", "Roe v. Wade (1973)"),
    "organisation with a cue": ("According to the OECD (2019), it rose.", "OECD (2019)"),
    "place with a reporting verb": (
        "Berlin (1958) argued that liberty is negative.",
        "Berlin (1958)",
    ),
}


@pytest.mark.parametrize(("sentence", "text"), DETECTED.values(), ids=DETECTED.keys())
def test_detector_reads_the_forms_of_issue_24(sentence: str, text: str) -> None:
    found = [sentence[c.start : c.end] for c in find_candidates(sentence)]
    assert found == [text]


NOT_CITATIONS = [
    "Lagos (2019) grew quickly.",
    "Turnout in Germany (2022) was high.",
    "Tokyo (2021) hosted the Games.",
    "Berlin (2015) took in the most applicants.",
    "Kepler-22b (2011) orbits a star.",
    "The array [1, 2, 3] is sorted.",
    "The interval was [2, 5] seconds.",
    "Kant (1724–1804) wrote three critiques.",
    "The Olympic Games (2012) were held in London.",
    "The ship Endurance (1912) sank.",
    "东京奥运会（2021）推迟了一年。",
    "서울시(2019)는 정책을 발표하였다.",
    "В России (2020) инфляция выросла.",
    "Costs rose from $5 to $7 (a 40 % rise).",
    "Regulation (EU) 2016/679 applies from 2018.",
]


@pytest.mark.parametrize("sentence", NOT_CITATIONS)
def test_detector_leaves_places_products_and_numbers(sentence: str) -> None:
    assert find_candidates(sentence) == []


def test_heading_and_html_code_are_scanned() -> None:
    result = api.finalize("## Revisiting Smith (2024)\n\nPer <code>Lee (2023)</code>, x.\n", [])
    texts = [d.message for d in result.diagnostics if d.code == "ARS005"]
    assert len(texts) == 2 and "'Smith (2024)'" in texts[0] and "'Lee (2023)'" in texts[1]


@pytest.mark.parametrize(
    ("acquired", "verified", "shown"),
    [
        (False, False, "[UNVERIFIED CITATION — NO ORIGINAL]"),
        (True, False, "[UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]"),
        (True, True, "<!--ref:muller_2015 LOW-WARN-->"),
    ],
)
def test_a_line_start_marker_covers_the_citation_above_in_every_status(
    tmp_path: Path, cli, acquired: bool, verified: bool, shown: str
) -> None:  # type: ignore[no-untyped-def]
    """Issue 25 §1's wrapped line: the marker starts the next line. Finalize writes the
    warning after the line-start anchor; the citation above stays covered by it (no
    ARS005 telling the user to add a second marker), in every status and on every pass."""
    s = Session(tmp_path)
    s.passport.write_text(
        passport_text(entry("muller_2015", acquired=acquired, verified=verified)),
        encoding="utf-8",
    )
    s.write(
        "draft.md",
        "The energy balance has been described (Müller, 2015)\n"
        "<!--ref:muller_2015-->; what matters is the flux.\n",
        dedent=False,
    )
    for _ in range(2):  # the first pass writes the status, the second reads its own output
        result = cli("finalize", s.draft, "--passport", s.passport)
        assert result.code == 0, result.err
        assert "ARS005" not in result.err + result.out
    assert shown in s.draft.read_text(encoding="utf-8")
