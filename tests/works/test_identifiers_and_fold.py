"""``works.identifiers`` and ``works.fold``: every written form, one reading (issue 34).

Each form below was read by at least one of the copies the package had before
(retrieve, lookup, corpus import, the identity judge, the snapshot index); the
one reading accepts their union.
"""

from __future__ import annotations

import pytest

from ars_docs.works import fold as wf
from ars_docs.works import identifiers as ids

SICI = "10.1175/1520-0469(1963)020<0130:DNF>2.0.CO;2"
"""A SICI DOI: brackets, a colon and a semicolon belong to it."""


@pytest.mark.parametrize(
    ("written", "doi"),
    [
        ("10.1000/abc", "10.1000/abc"),
        ("10.1000/ABC", "10.1000/ABC"),  # the passport's form keeps the case
        ("https://doi.org/10.1000/abc", "10.1000/abc"),
        ("http://dx.doi.org/10.1000/abc", "10.1000/abc"),
        ("https://www.doi.org/10.1000/abc", "10.1000/abc"),
        ("doi.org/10.1000/abc", "10.1000/abc"),
        ("doi:10.1000/abc", "10.1000/abc"),
        ("DOI: 10.1000/abc", "10.1000/abc"),
        ("doi 10.1000/abc", "10.1000/abc"),
        ("https://doi.org/10.1000%2Fabc", "10.1000/abc"),
        ("10.1000/abc.", "10.1000/abc"),  # a sentence's full stop
        ("10.1000/abc;", "10.1000/abc"),
        ("  10.1000/abc  ", "10.1000/abc"),
        (f"doi:{SICI}", SICI),
        ("N/A", None),
        ("10.1000", None),
        ("10.12/abc", None),  # a registrant has four to nine digits
        ("https://example.org/10.1000/abc", None),
    ],
)  # fmt: skip
def test_doi_forms(written: str, doi: str | None) -> None:
    assert ids.normal_doi(written) == doi
    assert ids.comparable_doi(written) == (doi.lower() if doi else None)


def test_doi_in_a_url_and_in_text() -> None:
    assert ids.doi_in_url("https://pubs.example.org/doi/full/10.1000/abc?x=1") == "10.1000/abc"
    assert ids.doi_in_url("https://www.doi.org/10.1000/abc") == "10.1000/abc"
    assert ids.doi_in_url("https://example.org/page") is None
    assert ids.dois_in_text("See doi:10.1000/ABC. And (10.2000/x).") == {"10.1000/abc", "10.2000/x"}
    assert ids.is_doi_prefix("10.1000") and not ids.is_doi_prefix("10.1")
    assert ids.is_resolver_url("https://www.doi.org/10.1/x")
    assert not ids.is_resolver_url("https://example.org/doi.org/10.1/x")


@pytest.mark.parametrize(
    ("written", "parts"),
    [
        ("2101.00001", ("2101.00001", None)),
        ("2101.00001v2", ("2101.00001", "v2")),
        ("arXiv:2101.00001v2", ("2101.00001", "v2")),
        ("ARXIV: 1706.03762", ("1706.03762", None)),
        ("hep-th/9901001", ("hep-th/9901001", None)),
        ("math.AG/0601001v3", ("math.AG/0601001", "v3")),
        ("https://arxiv.org/abs/1706.03762v5", ("1706.03762", "v5")),
        ("https://arxiv.org/pdf/1706.03762v5.pdf", ("1706.03762", "v5")),
        ("10.48550/arXiv.1706.03762", ("1706.03762", None)),
        ("https://doi.org/10.48550/arXiv.1706.03762", ("1706.03762", None)),
        ("10.48550/arXiv.1706.03762v2", ("1706.03762", "v2")),
        ("not an id", None),
        ("17.06", None),
    ],
)
def test_arxiv_forms(written: str, parts: tuple[str, str | None] | None) -> None:
    assert ids.arxiv_parts(written) == parts
    assert ids.normal_arxiv(written) == ("".join(p for p in parts if p) if parts else None)
    assert ids.comparable_arxiv(written) == (parts[0].lower() if parts else None)


def test_arxiv_versions_are_one_work_and_found_in_text() -> None:
    assert ids.comparable_arxiv("arXiv:2101.00001v3") == ids.comparable_arxiv("2101.00001v1")
    assert ids.arxiv_ids_in_text("Preprint arXiv:2101.00001v2 [cs.CL]") == {"2101.00001"}
    assert ids.arxiv_from_url("https://example.org/abs/1") is None


@pytest.mark.parametrize(
    ("written", "digits", "thirteen"),
    [
        ("978-3-16-148410-0", "9783161484100", "9783161484100"),
        ("ISBN 978-3-16-148410-0; 978-0-00-000000-2", "9783161484100", "9783161484100"),
        ("0-306-40615-2", "0306406152", "9780306406157"),
        ("0 8044 2957 X", "080442957X", "9780804429573"),
        ("1234-5678", None, None),  # an ISSN
        ("12", None, None),
    ],
)
def test_isbn_forms(written: str, digits: str | None, thirteen: str | None) -> None:
    assert ids.isbn_digits(written) == digits
    assert ids.isbn13(written) == thirteen


def test_pubmed_ids() -> None:
    assert ids.normal_pmid("PMID: 0123") == ids.comparable_pmid(123) == "123"
    assert ids.normal_pmid("PM123") is None and ids.normal_pmid("0") is None
    assert ids.normal_pmcid("pmcid: PMC123") == ids.normal_pmcid("123") == "PMC123"


@pytest.mark.parametrize("written", ["Bjørn", "BJØRN", "Bjorn"])
def test_o_slash_is_o_in_every_kind(written: str) -> None:
    from ars_docs.retrieval.judge.names import fold_name

    assert wf.fold(written) == "bjorn"
    assert wf.fold_text(written) == "bjorn"
    assert wf.ascii_words(written).lower() == "bjorn"
    assert fold_name(written) == "bjorn"


def test_the_kinds_differ_only_where_their_uses_do() -> None:
    assert wf.fold("α-Synuclein: the “case”") == "alpha synuclein the case"  # matcher key
    assert wf.fold_text("α-Synuclein: Straße") == "α-synuclein: strasse"  # words kept apart
    assert wf.ascii_words("Αθήνα Москва") == "Athena Moskva"  # keys: letter by letter
    assert wf.compose("qual\u00adity \ufb01le") == "quality file"
    assert wf.strip_marks("Müller é") == "Muller e"
    assert wf.strip_marks("a\u02c6", spacing_accents=True) == "a"
