"""Author–date citations as bibliographies print them (issue 36): organisation and
upper-case authors, undated works in three languages, a quoted title as the
author, a reprint's two years, names that are also listed words, and citeproc's
disambiguated ``(Muenchow, Bräuning, et al. 2013; …)``.

Each form goes through ``ars-docs render --strict`` (the real CLI): without a marker it
is refused and named, with one it passes; each look-alike (acronyms with years,
``(N = 2012)``, ``n.d.`` in prose …) passes without a marker. The sentences are written
for this file, not taken from any labelled set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.sessions import Session
from tests.support.unmarked import HEAD, marked, render_strict, verified_session

#: A sentence holding one citation of one work, and the citation's text as the refusal names it.
FOUND = {
    "organisation in capitals": ("Freight volumes were forecast (TRB 1998).", "(TRB 1998)"),
    "organisation after e.g.": ("Warming is projected (e.g. IPCC (2014)).", "IPCC (2014)"),
    "core team": ("All models were fitted with R Core Team (2018) tools.", "R Core Team (2018)"),
    "climate group": (
        "Gridded data came from PRISM Climate Group (2004).",
        "PRISM Climate Group (2004)",
    ),
    "consortium": (
        "Terms follow The Gene Ontology Consortium (2019).",
        "The Gene Ontology Consortium (2019)",
    ),
    "two names in capitals": (
        "Rank sums were used (RASHEED and RANGWALA 2012).",
        "(RASHEED and RANGWALA 2012)",
    ),
    "capitals and et al.": (
        "The kernel is known to be stable (TAN et al. 2014).",
        "(TAN et al. 2014)",
    ),
    "capitals after see": ("The bias is small (see OKORO 2015).", "(see OKORO 2015)"),
    "n.d.": ("The archive was digitised (Smith n.d.).", "(Smith n.d.)"),
    "no date": (
        "The survey was repeated (Cadiou, Dubois and Pichon, no date).",
        "(Cadiou, Dubois and Pichon, no date)",
    ),
    "German o. J.": ("Die Daten stammen aus dem Archiv (Müller o. J.).", "(Müller o. J.)"),
    "French s. d.": (
        "Les relevés ont été repris (Dupont et al., s. d.).",
        "(Dupont et al., s. d.)",
    ),
    "quoted title, undated": (
        'Phenotype definitions were reused ("Implementations by Phenotype | PheKB," n.d.).',
        '("Implementations by Phenotype | PheKB," n.d.)',
    ),
    "original year in brackets": (
        "The critique is classic (Kant [1781] 1998).",
        "(Kant [1781] 1998)",
    ),
    "original year with a slash": ("Its wording is old (Weber, 1922/2002).", "(Weber, 1922/2002)"),
    "listed word with et al.": ("Lei et al. (2018) measured the same drift.", "Lei et al. (2018)"),
}

#: citeproc's disambiguated form: one citation text naming two works (two markers needed).
TWO_WORKS = (
    "Slopes were mapped (Muenchow, Bräuning, et al. 2013; Muenchow, Hauenstein, et al. 2013).",
    "(Muenchow, Bräuning, et al. 2013; Muenchow, Hauenstein, et al. 2013)",
)

#: Citation-free sentences with capitals, years and ``n.d.``: no marker is needed.
LEFT_ALONE = {
    "GDP level": "Output stayed below trend (GDP 2020 levels) for two years.",
    "sample size": "The cohort was large (N = 2012) and balanced.",
    "standard": "The plant is certified (ISO 9001) since last spring.",
    "disease": "Clinics closed early (COVID-19) in most districts.",
    "election": "Turnout rose sharply (USA 2016 election) in the suburbs.",
    "prices": "Revenue is given in constant prices (EUR 2020).",
    "fiscal year": "Spending peaked in the last budget (FY 2019).",
    "conference": "The paper appeared at the conference (ICML 2013) in June.",
    "shouting heading": "RESULTS OF THE 2019 SURVEY were mixed.",
    "n.d. in prose": "The abbreviation n.d. marks an undated entry in a reference list.",
    "quoted word and a year": 'He called it (the "best" 2020 model) without irony.',
    "italic species and a year": "Samples held (*E. coli* 2019 strain) in every vial.",
    "team without a core": "The Olympic Team (2012) won four medals.",
    "group after the": "The photos show the Bilderberg Group (1954) at its first meeting.",
    "listed word alone": "The Portuguese word lei (2018 reform) means law.",
}


@pytest.fixture
def ok_session(tmp_path: Path) -> Session:
    return verified_session(tmp_path, "good", "other")


@pytest.mark.parametrize(
    ("sentence", "shown"), [*FOUND.values(), TWO_WORKS], ids=[*FOUND, "two works"]
)
def test_unmarked_author_citation_is_refused_and_named(
    ok_session: Session,
    cli,  # type: ignore[no-untyped-def]
    sentence: str,
    shown: str,
) -> None:
    result, out = render_strict(ok_session, cli, HEAD + sentence + "\n")
    assert result.code == 1, result.err
    assert "unmarked-citation" in result.err
    assert repr(shown) in result.err and "draft.md:3:" in result.err
    assert not out.exists()


#: A quoted title is also a quotation, which the gate checks against an original on file:
#: the marked form of ``("Implementations by Phenotype | PheKB," n.d.)`` is left to the
#: quotation tests.
MARKED = {k: v for k, v in FOUND.items() if not k.startswith("quoted")}


@pytest.mark.parametrize(("sentence", "shown"), MARKED.values(), ids=list(MARKED))
def test_marked_author_citation_passes(
    ok_session: Session,
    cli,  # type: ignore[no-untyped-def]
    sentence: str,
    shown: str,
) -> None:
    result, out = render_strict(ok_session, cli, marked(sentence, shown) + "\n")
    assert result.code == 0, result.err
    assert out.read_text("utf-8") == sentence + "\n"


def test_disambiguated_citation_of_two_works_needs_two_markers(ok_session: Session, cli) -> None:  # type: ignore[no-untyped-def]
    sentence, shown = TWO_WORKS
    result, _ = render_strict(ok_session, cli, marked(sentence, shown) + "\n")
    assert result.code == 1, result.err
    two = marked(sentence, shown, "<!--ref:good ok--><!--ref:other ok-->")
    result, out = render_strict(ok_session, cli, two + "\n")
    assert result.code == 0, result.err
    assert out.read_text("utf-8") == sentence + "\n"


@pytest.mark.parametrize("sentence", LEFT_ALONE.values(), ids=list(LEFT_ALONE))
def test_look_alikes_pass_without_a_marker(
    ok_session: Session,
    cli,  # type: ignore[no-untyped-def]
    sentence: str,
) -> None:
    result, out = render_strict(ok_session, cli, HEAD + sentence + "\n")
    assert result.code == 0, result.err
    assert "unmarked-citation" not in result.err
    assert out.exists()
