"""Reading BibTeX/BibLaTeX files into passport entries (bibtexparser 2 and our rules)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ars_docs.bibliography import read_bibliography
from ars_docs.bibliography.convert import TRUST_DEFAULTS
from tests.support.layout import TESTS

DATA = TESTS / "data" / "bibliographies"
BIBLATEX = DATA / "biblatex_mixed.bib"
CRLF_BIB = DATA / "windows_crlf.bib"


def entries(path: Path) -> dict[str, dict[str, Any]]:
    return {entry.key: entry.entry for entry in read_bibliography(path).entries}


def line_of(path: Path, needle: str) -> int:
    """1-based line of the first line of ``path`` that contains ``needle``."""
    lines = path.read_bytes().decode("utf-8-sig").split("\n")
    return next(number for number, line in enumerate(lines, 1) if needle in line)


# -- BibTeX / BibLaTeX ---------------------------------------------------------------------


def test_biblatex_entries_come_in_file_order_with_their_lines() -> None:
    found = read_bibliography(BIBLATEX)
    assert found.format == "bibtex"
    assert [entry.key for entry in found.entries] == [
        "Muller2020", "vaswani2017", "oldstyle1999", "who2021", "zhang2018", "ivanov2015",
        "editedonly2010", "orgonly2012", "conf2016", "paper2016", "undated", "smith-draft",
    ]  # fmt: skip
    for entry in found.entries:
        original = entry.original_key or ""
        assert entry.line == line_of(BIBLATEX, "{" + original + ",")
        assert entry.entry["source_pointer"] == f"{BIBLATEX}:{entry.line}"


def test_latex_is_decoded_and_macros_and_concatenation_resolved() -> None:
    entry = entries(BIBLATEX)["Muller2020"]
    assert entry["title"] == "Quality culture in Über-Schools: a nested brace study – part II"
    assert entry["venue"] == "Journal of Quality in Higher Education"  # @string # "…"
    assert entry["authors"] == [
        {"family": "Müller", "given": "Hans"},
        {"family": "Berg", "given": "Piet", "non-dropping-particle": "van der", "suffix": "Jr"},
        {"family": "García", "given": "José"},
    ]
    assert entry["year"] == 2020  # date = {2020-05}
    assert (entry["volume"], entry["issue"], entry["pages"]) == ("12", "3", "101–120")
    assert entry["doi"] == "10.1000/QHE.2020.12"
    assert entry["type"] == "article-journal"
    assert entries(BIBLATEX)["zhang2018"]["publisher"] == "Higher Education Press"  # @string


def test_every_entry_starts_at_the_conservative_trust_defaults() -> None:
    for entry in entries(BIBLATEX).values():
        assert {name: entry[name] for name in TRUST_DEFAULTS} == {
            "source_acquired": False,
            "source_verified_against_original": False,
            "source_verification_method": "none",
            "description_source": "bibliography_v1",
            "description_last_audit": "none",
        }


def test_arxiv_eprints_old_and_new_style() -> None:
    found = entries(BIBLATEX)
    assert found["vaswani2017"]["arxiv_id"] == "1706.03762"
    assert found["vaswani2017"]["type"] == "webpage"
    assert found["oldstyle1999"]["arxiv_id"] == "hep-th/9901001"  # ArchivePrefix, any case
    assert found["oldstyle1999"]["title"] == "An old-style arXiv entry"


def test_corporate_names_non_latin_titles_and_isbn_only_for_books() -> None:
    found = entries(BIBLATEX)
    assert found["who2021"]["authors"] == [{"literal": "World Health Organization"}]
    assert "isbn" not in found["who2021"]  # a report
    assert found["zhang2018"]["title"] == "中国高等教育质量保障研究"
    assert found["zhang2018"]["authors"][0] == {"family": "张", "given": "伟"}
    assert found["zhang2018"]["isbn"] == "978-7-04-049000-1"  # "ISBN " prefix dropped
    assert found["ivanov2015"]["title"] == "Качество образования в России"
    assert found["ivanov2015"]["venue"] == "Вопросы образования"
    assert found["editedonly2010"]["isbn"] == "0-19-852663-6"  # a chapter
    warnings = [p.message for p in read_bibliography(BIBLATEX).warnings() if p.line == 39]
    assert warnings == ["isbn '978-92-4-005116-4' left out: kept for books and chapters only"]


def test_authors_fall_back_to_editors_then_the_organisation() -> None:
    found = entries(BIBLATEX)
    assert found["editedonly2010"]["authors"] == [
        {"family": "Brown", "given": "Alice"},
        {"family": "Green", "given": "Bob"},
    ]
    assert found["orgonly2012"]["authors"] == [{"literal": "National Statistics Office"}]
    assert found["orgonly2012"]["title"] == "Annual statistics & figures, 50% revised"
    messages = {p.key: p.message for p in read_bibliography(BIBLATEX).warnings()}
    assert messages["editedonly2010"] == "no author; the editor(s) written as the author(s)"
    assert "'National Statistics Office' written as the author(s)" in messages["orgonly2012"]


def test_crossref_children_inherit_what_they_lack() -> None:
    paper = entries(BIBLATEX)["paper2016"]
    assert paper["venue"] == "Proceedings of the Tenth Test Conference"
    assert (paper["year"], paper["publisher"], paper["pages"]) == (2016, "ACM", "1–10")
    assert paper["authors"] == [{"family": "Lee", "given": "Kim"}]  # never the parent's editor


def test_unusable_entries_are_reported_with_line_and_reason() -> None:
    skipped = {p.original_key: p for p in read_bibliography(BIBLATEX).skipped()}
    assert set(skipped) == {"notitle2020", "noauthor2020"}
    assert skipped["notitle2020"].line == line_of(BIBLATEX, "{notitle2020,")
    assert skipped["notitle2020"].message.startswith("no title")
    assert skipped["noauthor2020"].message.startswith("no author, editor, organisation")
    assert all(p.kind == "unusable" for p in skipped.values())


def test_keys_the_passport_cannot_hold_are_changed_and_reported() -> None:
    found = read_bibliography(BIBLATEX)
    changed = {p.original_key: p.key for p in found.warnings() if "changed to" in p.message}
    assert changed == {"Müller2020": "Muller2020", "smith--draft-": "smith-draft"}
    assert entries(BIBLATEX)["smith-draft"]["title"] == "A key with dashes and α-helices in vivo"


def test_no_date_is_nd_and_nothing_is_invented() -> None:
    entry = entries(BIBLATEX)["undated"]
    assert entry["year"] == "n.d."
    assert set(entry) == {
        "citation_key", "title", "authors", "year", "type", "source_pointer", *TRUST_DEFAULTS,
    }  # fmt: skip


def test_macros_resolve_in_one_step_also_a_macro_naming_another(tmp_path: Path) -> None:
    # One step resolves both forms (issue 38): a field that is one macro name and a
    # concatenation; a macro defined as another macro's name takes its value (the
    # resolver of bibtexparser used before wrote the name, "jnl").
    bib = tmp_path / "macros.bib"
    bib.write_text(
        "@string{jnl = {Journal of {Q}uality}}\n@string{alias = jnl}\n"
        '@string{Pub = "Higher " # "Education Press"}\n'
        "@article{a, author = {A, B}, year = 2020, title = {One}, journal = alias}\n"
        "@article{b, author = {A, B}, year = 2020, title = {Two}, journal = JNL # { Review},"
        " month = jan}\n"
        "@book{c, author = {A, B}, year = 2020, title = {Three}, publisher = pub}\n"
        "@article{d, author = {A, B}, year = 2020, title = {C# in practice}, journal = nope}\n",
        encoding="utf-8",
    )
    found = entries(bib)
    assert found["a"]["venue"] == "Journal of Quality"
    assert found["b"]["venue"] == "Journal of Quality Review"
    assert found["c"]["publisher"] == "Higher Education Press"
    assert found["d"]["title"] == "C# in practice"  # a # inside braces is text
    assert found["d"]["venue"] == "nope"  # an unknown macro is kept as its name


def test_crlf_bibtex_reads_like_lf(tmp_path: Path) -> None:
    assert b"\r\n" in CRLF_BIB.read_bytes()
    lf = tmp_path / "lf.bib"
    lf.write_bytes(CRLF_BIB.read_bytes().replace(b"\r\n", b"\n"))
    crlf, plain = read_bibliography(CRLF_BIB), read_bibliography(lf)
    assert [(e.line, e.key) for e in crlf.entries] == [(e.line, e.key) for e in plain.entries]
    book = crlf.entries[1].entry
    assert book["title"] == "A book written on two lines"
    assert crlf.entries[0].entry["authors"][1] == {"family": "Åström", "given": "Karl"}
    assert crlf.entries[0].entry["doi"] == "10.1000/CRLF.1"


def test_bibtex_blocks_that_fail_to_parse_or_repeat_a_key(tmp_path: Path) -> None:
    bib = tmp_path / "broken.bib"
    bib.write_text(
        "@article{good, author={A, B}, title={Fine}, year={2020}}\n"
        "@article{broken,\n  title = {unbalanced\n"
        "@misc{good, author={C, D}, title={Again}, year={2021}}\n"
        "@misc{twice, author={E, F}, title={A}, title={B}}\n",
        encoding="utf-8",
    )
    found = read_bibliography(bib)
    assert [e.key for e in found.entries] == ["good"]
    skipped = [(p.line, p.kind, p.original_key) for p in found.skipped()]
    assert skipped == [(2, "unusable", None), (4, "duplicate", "good"), (5, "unusable", "twice")]
    assert "title given twice" in found.skipped()[2].message
