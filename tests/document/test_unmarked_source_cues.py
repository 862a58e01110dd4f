"""The detector after the held-out set's first run (issue 24 §3): a source cue makes
a name + year a citation; without one a thing + year at a sentence's start is not;
superscripts, back references, bracketed years, CJK cues.

Each case is a sentence not taken from either labelled set: the rules must generalise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ars_docs.document.detect.citations import find_candidates
from tests.support.sessions import Session, entry, passport_text, read_log_text

DETECTED = {
    "according to an organisation": (
        "According to the European Central Bank (2021), credit tightened.",
        "European Central Bank (2021)",
    ),
    "German source cue": (
        "Nach Angaben der Bundesagentur für Arbeit (2023) sank die Quote.",
        "Bundesagentur für Arbeit (2023)",
    ),
    "French cue with elision": ("D'après l'OCDE (2020), la dette a augmenté.", "OCDE (2020)"),
    "Spanish cue": ("De acuerdo con el INEGI (2021), la cifra bajó.", "INEGI (2021)"),
    "Portuguese cue": ("De acordo com a Fiocruz (2020), os casos caíram.", "Fiocruz (2020)"),
    "Russian cue": ("По данным Росстата (2021), доходы снизились.", "Росстата (2021)"),
    "institution with a reporting verb": (
        "The National Research Council (2011) recommended a new panel.",
        "National Research Council (2011)",
    ),
    "acronym with recommends": ("The IMF (2022) recommends tighter policy.", "IMF (2022)"),
    "narrative pair after As": (
        "As Okafor and Lindqvist (2017) argue, the index is biased.",
        "Okafor and Lindqvist (2017)",
    ),
    "article before et al.": (
        "Unlike the Park et al. (2016) model, ours is linear.",
        "Park et al. (2016)",
    ),
    "as X showed in year": (
        "As Nakamura and Osei showed in 2014, the test is biased.",
        "Nakamura and Osei showed in 2014",
    ),
    "as X noted as early as year": (
        "As Lindgren noted as early as 1987, the data are thin.",
        "Lindgren noted as early as 1987",
    ),
    "bracketed year": ("Tan and Ruiz [2021] give a tight bound.", "Tan and Ruiz [2021]"),
    "bracketed year and page": ("It goes back to Albrecht [1958: 44].", "Albrecht [1958: 44]"),
    "section locator": (
        "It was proposed by Ito et al. (2018, Sect. 2).",
        "Ito et al. (2018, Sect. 2)",
    ),
    "superscript after the period": ("Earlier trials agree.¹⁴", "¹⁴"),
    "superscript list after a word": ("as reported elsewhere³,⁴ and here.", "³,⁴"),
    "pandoc superscript": ("The assay followed the protocol.^4,5^", "^4,5^"),
    "supra note": ("See Ortiz, supra note 12, at 40.", "supra note 12"),
    "Id. at": ("Id. at 402.", "Id. at 402"),
    "Spanish ibid.": ("Ibíd., p. 12.", "Ibíd."),
    "Russian ibid.": ("Там же. С. 14.", "Там же"),
    "law report": (
        "The duty arose in Donoghue v Stevenson [1932] AC 562 first.",
        "Donoghue v Stevenson [1932] AC 562",
    ),
    "law report after year": ("That case, (1998) 194 CLR 355, settled it.", "(1998) 194 CLR 355"),
    "German reporter": ("So entschied der BGH in BGHZ 120, 33.", "BGHZ 120, 33"),
    "vgl. without brackets": (
        "Vgl. Hoffmann/Yildiz 2019, 12–15.",
        "Vgl. Hoffmann/Yildiz 2019, 12–15",
    ),
    "Chinese cue before": ("根据世界银行（2021）的估计，增长放缓。", "世界银行（2021）"),
    "Japanese cue after": ("内閣府（2021）によると、景気は回復した。", "内閣府（2021）"),
    "Korean cue after": ("한국은행(2021)에 따르면 성장률은 낮았다.", "한국은행(2021)"),
    "Chinese page locator": ("李明等人（2018，第12页）指出。", "李明等人（2018，第12页）"),
    "Chinese compound surname": ("司马光明（2010）对此作了考证。", "司马光明（2010）"),
}


@pytest.mark.parametrize(("sentence", "text"), DETECTED.values(), ids=DETECTED.keys())
def test_detector_reads_cued_and_new_forms(sentence: str, text: str) -> None:
    found = [sentence[c.start : c.end] for c in find_candidates(sentence)]
    assert found == [text]


NOT_CITATIONS = [
    "Lisbon (1755) became a byword for catastrophe.",
    "GitHub (2008) hosts most open-source projects today.",
    "Wikipedia (2001) now hosts millions of articles.",
    "Die Jahrhundertflut (2002) richtete große Schäden an.",
    "The Data Protection Act (2018) states the rule.",
    "The area is 40 km² in total.",
    "The rate rose as (x+y)² here.",
    "As the city grew in 2015, it changed.",
    "See Table 2019 for the totals.",
    "Le Mans (1923) contient la plus ancienne course.",
    "愛知万博（2005）には多くの来場者があった。",
]


@pytest.mark.parametrize("sentence", NOT_CITATIONS)
def test_detector_leaves_things_without_a_cue(sentence: str) -> None:
    assert find_candidates(sentence) == []


def test_a_copula_after_a_name_keeps_it_a_citation() -> None:
    # "Smith (2013) was the first to …" is common: a copula is not a thing's verb
    found = find_candidates("Keller (2013) was the first to test it.")
    assert [c.form for c in found] == ["narrative"]


@pytest.fixture
def ok_session(tmp_path: Path) -> Session:
    s = Session(tmp_path)
    s.passport.write_text(passport_text(entry("good", acquired=True, verified=True)), "utf-8")
    s.read_log.write_text(read_log_text("good"), encoding="utf-8")
    return s


def _render(session: Session, cli, text: str):  # type: ignore[no-untyped-def]
    session.write("draft.md", text, dedent=False)
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    return result, out


def test_html_superscript_without_a_marker_is_refused(ok_session: Session, cli) -> None:  # type: ignore[no-untyped-def]
    text = "Good (2020) <!--ref:good ok--> agrees.\n\nAs described before.<sup>7,8</sup>\n"
    result, out = _render(ok_session, cli, text)
    assert result.code == 1
    assert "unmarked-citation" in result.err and "<sup>7,8</sup>" in result.err
    assert "draft.md:3:" in result.err
    assert not out.exists()


def test_html_superscript_with_its_marker_passes(ok_session: Session, cli) -> None:  # type: ignore[no-untyped-def]
    text = "As described before.<sup>7</sup><!--ref:good ok-->\n"
    result, out = _render(ok_session, cli, text)
    assert result.code == 0, result.err
    assert out.read_text("utf-8") == "As described before.<sup>7</sup>\n"


def test_superscript_in_code_is_not_read(ok_session: Session, cli) -> None:  # type: ignore[no-untyped-def]
    text = "Good (2020) <!--ref:good ok--> agrees.\n\n`done.<sup>7</sup>` and `x.²³`\n"
    result, _ = _render(ok_session, cli, text)
    assert result.code == 0, result.err


def test_cued_organisation_without_a_marker_is_refused(ok_session: Session, cli) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Good (2020) <!--ref:good ok--> agrees.\n\n"
        "According to the World Health Assembly (2019), it rose.\n"
    )
    result, out = _render(ok_session, cli, text)
    assert result.code == 1
    assert "World Health Assembly (2019)" in result.err
    assert not out.exists()


def test_place_at_sentence_start_passes_without_a_marker(ok_session: Session, cli) -> None:  # type: ignore[no-untyped-def]
    text = "Lisbon (1755) became a byword. Good (2020) <!--ref:good ok--> agrees.\n"
    result, out = _render(ok_session, cli, text)
    assert result.code == 0, result.err
    assert out.read_text("utf-8") == "Lisbon (1755) became a byword. Good (2020) agrees.\n"


def test_a_back_reference_wrapped_across_lines_is_found() -> None:
    """``Там же`` split by a line break (or two spaces) is the same back reference."""
    for text in ("Это описано там. Там\nже сказано.", "Это описано там. Там  же сказано."):
        assert [c.form for c in find_candidates(text)] == ["back-reference"], text
