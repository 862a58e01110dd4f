"""The import's small rules: keys, names, identifiers, years, LaTeX, block-style appends."""

from __future__ import annotations

from typing import Any

import pytest
from bibtexparser.middlewares import LatexDecodingMiddleware
from bibtexparser.model import Entry, Field

from ars_docs.bibliography.keys import allowed_key, closest_key, generated_key
from ars_docs.bibliography.names import csl_name, name_from_text
from ars_docs.core.errors import InputDataError
from ars_docs.files.yaml.append import append_item, append_items, render_mapping
from ars_docs.files.yaml.read import parse_yaml
from ars_docs.works import identifiers as ids
from ars_docs.works.latex import simple_latex


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("smith2020", "smith2020"),
        ("Müller2020", "Muller2020"),
        ("Чехов1890", "Chekhov1890"),
        ("Ελληνικά:2001", "Ellenika:2001"),
        ("smith--draft-", "smith-draft"),
        ("a b&c", "a_b_c"),
        ("李2019", "_2019"),
        ("---", None),
        ("??", None),
    ],
)
def test_closest_allowed_key(key: str, expected: str | None) -> None:
    assert closest_key(key) == expected
    if expected is not None:
        assert allowed_key(expected)


def test_allowed_keys_follow_the_marker_rules() -> None:
    assert allowed_key("doe:2020/a.b_c-d")
    assert not allowed_key("doe-")
    assert not allowed_key("doe--2020")
    assert not allowed_key("doe 2020")


def test_generated_key_skips_articles_and_transliterates() -> None:
    assert generated_key([{"family": "Smith"}], 2020, "The study of things") == "smith2020study"
    assert generated_key([{"family": "Müller"}], "n.d.", "Über alles") == "mullernduber"
    assert generated_key([{"literal": "World Health Organization"}], 2021, "Report") == (
        "world2021report"
    )
    assert generated_key([{"family": "张"}], 2018, "中国") == "2018"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Smith, Jane", {"family": "Smith", "given": "Jane"}),
        (
            "van der Berg, Piet",
            {"family": "Berg", "given": "Piet", "non-dropping-particle": "van der"},
        ),
        ("King, Martin Luther, Jr.", {"family": "King", "given": "Martin Luther", "suffix": "Jr."}),
        ("Berg, Jr, Piet", {"family": "Berg", "given": "Piet", "suffix": "Jr"}),
        (
            "Ludwig van Beethoven",
            {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"},
        ),
        ("Aristotle", {"family": "Aristotle"}),
        ("World Health Organization,", {"literal": "World Health Organization"}),
        ("Smith, J., Jones, K.", {"literal": "Smith, J., Jones, K."}),
        ("  ", None),
    ],
)
def test_names_written_as_text(text: str, name: dict[str, str] | None) -> None:
    assert name_from_text(text) == name


def test_csl_names_keep_only_schema_members() -> None:
    assert csl_name({"family": "Doe", "given": "J", "sequence": "first", "parse-names": 1}) == {
        "family": "Doe",
        "given": "J",
    }
    assert csl_name({"given": "Madonna"}) == {"literal": "Madonna"}
    assert csl_name({"literal": "  ACME  Corp "}) == {"literal": "ACME Corp"}
    assert csl_name({"dropping-particle": "de"}) is None
    assert csl_name(42) is None


@pytest.mark.parametrize(
    ("text", "doi"),
    [
        ("10.1000/xyz", "10.1000/xyz"),
        ("https://doi.org/10.1000/ABC_def", "10.1000/ABC_def"),
        ("http://dx.doi.org/10.1000/a%2Fb", "10.1000/a/b"),
        ("doi: 10.1000/x", "10.1000/x"),
        ("DOI:10.1000/x", "10.1000/x"),
        ("not a doi", None),
    ],
)
def test_doi_normalised(text: str, doi: str | None) -> None:
    assert ids.normal_doi(text) == doi


def test_identifier_comparison_forms() -> None:
    assert ids.comparable_doi("https://doi.org/10.1000/ABC") == ids.comparable_doi("10.1000/abc")
    assert ids.comparable_arxiv("arXiv:2101.00001v3") == ids.comparable_arxiv("2101.00001")
    assert ids.comparable_pmid(123) == ids.comparable_pmid("PMID: 0123") == "123"
    assert ids.arxiv_from_url("https://arxiv.org/pdf/2101.00001v2.pdf") == "2101.00001v2"
    assert ids.arxiv_from_url("10.48550/arXiv.1706.03762") == "1706.03762"
    assert ids.arxiv_from_url("https://example.org/abs/1") is None
    assert ids.normal_pmcid("pmc123") == "PMC123"
    assert ids.normal_isbn("ISBN 978-3-16-148410-0; 978-0-00-000000-2") == "978-3-16-148410-0"
    assert ids.normal_isbn("1234-5678") is None  # an ISSN


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("2020", 2020),
        ("2020-05", 2020),
        ("2019///", 2019),
        ("2019/05/01/", 2019),
        ("2020/2021", 2020),
        ("2020a", "2020a"),
        ("in press", "in press"),
        ("Forthcoming", "forthcoming"),
        ("n.d.", "n.d."),
        ("circa 1850", 1850),
        ("someday", None),
        (None, None),
    ],
)
def test_years(text: str | None, year: int | str | None) -> None:
    assert ids.normal_year(text) == year


LATEX_SAMPLES = [
    r"M{\"u}ller",
    r"{\"{U}}ber \"u \" u \'e\'e {\'E}cole \^{o} \`a \~n",
    r"\'{\i} \'\i \v{S} \v S \c{c} \c c \H{o} \k{a} \r{u} \u{g} \={a} \.{z} \d{s} \b{k}",
    r"\ss{} \ss x \o{} \o x \AA{}ngstr\"om \aa \i\j \l\L \oe\OE \ae\AE",
    r"a---b a--b a -- b 1--2 ``quoted'' `single' x~y",
    r"\% \_ \$ \# \{ \} \& {\$}5",
    r"{{nested {brace}}} {DNA} Garc{\'\i}a",
]


@pytest.mark.parametrize("text", LATEX_SAMPLES)
def test_everyday_latex_decodes_as_bibtexparser_does(text: str) -> None:
    middleware = LatexDecodingMiddleware(keep_math_mode=False)
    done = middleware.transform_block(Entry("a", "k", [Field("f", text)]), None)  # type: ignore[arg-type]
    assert isinstance(done, Entry)
    assert simple_latex(text) == done.fields[0].value


@pytest.mark.parametrize("text", [r"\textit{x}", r"$\alpha$", r"\\", r"!`Hola!", r"\'{}"])
def test_other_latex_is_left_to_bibtexparser(text: str) -> None:
    assert simple_latex(text) is None


ENTRY: dict[str, Any] = {
    "citation_key": "k1",
    "title": "Ü: a title",
    "authors": [{"family": "Doe", "given": "J"}, {"literal": "ACME"}],
    "year": 2020,
    "tags": ["a", "b"],
    "empty": [],
    "nested": {"x": 1},
}


def test_append_items_writes_block_style_that_reads_back() -> None:
    text = "# c\nliterature_corpus:\n  - citation_key: a\n"
    new = append_items(text, "literature_corpus", [ENTRY, {**ENTRY, "citation_key": "k2"}], "p")
    assert new.startswith(text)
    assert (
        '  - citation_key: k1\n    title: "Ü: a title"\n    authors:\n      - family: Doe\n' in new
    )
    assert parse_yaml(new, "p").data["literature_corpus"][1:] == [
        ENTRY,
        {**ENTRY, "citation_key": "k2"},
    ]
    assert parse_yaml(render_mapping(ENTRY, "\n"), "p").data == ENTRY


def test_append_items_top_level_list_and_refusals() -> None:
    listed = "# entries\n- citation_key: a\n  title: T\n# end\n"
    new = append_items(listed, None, [ENTRY], "p")
    assert new.startswith("# entries\n- citation_key: a\n  title: T\n- citation_key: k1\n")
    assert new.endswith("# end\n")
    with pytest.raises(InputDataError, match="flow style"):
        append_items("[{citation_key: a}]  # flow\n", None, [ENTRY], "p")
    with pytest.raises(InputDataError, match="flow style"):
        append_items("literature_corpus: [{citation_key: a}]\n", "literature_corpus", [ENTRY], "p")
    with pytest.raises(InputDataError, match="has an anchor or a tag"):
        anchored = "literature_corpus: &lc\n  - a\nsame: *lc\n"  # the alias would grow too
        append_items(anchored, "literature_corpus", [ENTRY], "p")
    with pytest.raises(InputDataError, match="would change more than the new entries"):
        append_items("- a\n...\n", None, [ENTRY], "p")  # after the document's end


def test_append_item_is_unchanged_by_the_addition() -> None:
    # The ledger's single-item append still writes authors-style lists in flow style.
    text = "audit_artifact:\n  - id: 1\n"
    assert append_item(text, "audit_artifact", {"id": 2, "x": [{"a": 1}]}, "p") == (
        'audit_artifact:\n  - id: 1\n  - id: 2\n    x:\n      - {"a": 1}\n'
    )
