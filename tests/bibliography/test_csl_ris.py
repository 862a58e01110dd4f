"""Reading CSL-JSON and RIS files, format detection, and the in-memory corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ars_docs.bibliography import bibliography_corpus, read_bibliography
from ars_docs.core.errors import InputDataError
from ars_docs.session.corpus import SCHEMA_ERROR, UNKNOWN_FIELD
from tests.bibliography.test_bibtex import BIBLATEX, CRLF_BIB, DATA, line_of

ZOTERO = DATA / "zotero_export.json"
RIS = DATA / "endnote_bom_crlf.ris"


# -- CSL-JSON --------------------------------------------------------------------------------


def test_zotero_csl_json_export() -> None:
    found = read_bibliography(ZOTERO)
    assert found.format == "csl-json"
    by_key = {e.key: e for e in found.entries}
    assert list(by_key) == [
        "smith2024", "chen2021attention", "EFGH6789", "garcia2019antibiotic",
        "editorinpresschapter", "odd-type",
    ]  # fmt: skip
    smith = by_key["smith2024"].entry
    assert smith["title"] == "Quality culture in higher education"  # <i> removed
    assert smith["authors"][1] == {
        "family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van",
    }  # fmt: skip
    assert (smith["year"], smith["pages"], smith["doi"]) == (2024, "1-18", smith["doi"])
    chen = by_key["chen2021attention"].entry  # a URL id is not a key
    assert (chen["arxiv_id"], chen["year"], chen["type"]) == ("2101.00001", 2021, "article")
    assert by_key["EFGH6789"].entry["authors"] == [{"literal": "World Health Organization"}]
    assert "isbn" not in by_key["EFGH6789"].entry
    garcia = by_key["garcia2019antibiotic"].entry
    assert (garcia["pmid"], garcia["pmcid"]) == ("31234567", "PMC6712345")
    chapter = by_key["editorinpresschapter"].entry
    assert (chapter["year"], chapter["isbn"]) == ("in press", "978-3-030-12345-6")
    assert by_key["odd-type"].entry["type"] == "document"
    assert by_key["odd-type"].entry["authors"] == [{"literal": "Madonna"}]


def test_csl_json_lines_are_where_each_item_opens() -> None:
    found = read_bibliography(ZOTERO)
    lines = ZOTERO.read_text(encoding="utf-8").split("\n")
    for entry in found.entries:
        assert lines[entry.line - 1].strip() == "{", entry.key
    skipped = {p.line: p.message for p in found.skipped()}
    assert skipped == {
        line_of(ZOTERO, '"id": "notitle"') - 1: "no title; add one and import again",
        line_of(ZOTERO, '"not an item"'): "the item is not a JSON object; skipped",
    }


def test_csl_json_items_object_and_errors(tmp_path: Path) -> None:
    wrapped = tmp_path / "export.json"
    item = {"id": "a1", "type": "book", "title": "T", "author": [{"family": "F"}]}
    wrapped.write_text(json.dumps({"meta": [{"x": 1}], "items": [item]}, indent=1))
    found = read_bibliography(wrapped)
    assert [(e.key, e.line) for e in found.entries] == [("a1", 8)]
    bad = tmp_path / "bad.json"
    bad.write_text('[\n  {"id": "x",\n   "title": }\n]\n')
    with pytest.raises(InputDataError, match=r"bad\.json:3:\d+: not valid JSON"):
        read_bibliography(bad)
    other = tmp_path / "other.json"
    other.write_text('{"name": "not a bibliography"}')
    with pytest.raises(InputDataError, match="JSON, but not CSL-JSON"):
        read_bibliography(other)


# -- RIS --------------------------------------------------------------------------------------


def test_ris_with_bom_and_crlf() -> None:
    raw = RIS.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw
    found = read_bibliography(RIS)
    assert found.format == "ris"
    by_key = {e.key: e for e in found.entries}
    assert list(by_key) == [
        "garcia2019", "nguyen2015chapter", "chen2021preprint", "ministry2018report",
        "nguyen2015another",
    ]  # fmt: skip
    garcia = by_key["garcia2019"].entry
    assert garcia["authors"] == [
        {"family": "Garcia", "given": "Maria"},
        {"family": "O'Brien", "given": "Sean"},
        {"literal": "World Health Organization"},
    ]
    assert (garcia["year"], garcia["pages"], garcia["issue"]) == (2019, "150–158", "2")
    assert (garcia["pmid"], garcia["pmcid"]) == ("30685456", "PMC6500000")
    assert "isbn" not in garcia  # SN of a journal article is its ISSN
    assert by_key["nguyen2015chapter"].entry["isbn"] == "978-0-12-345678-9"
    assert by_key["chen2021preprint"].entry["arxiv_id"] == "2101.00001v2"
    report = by_key["ministry2018report"].entry
    assert (report["authors"], report["year"]) == ([{"literal": "Ministry of Education"}], 2018)
    assert (found.entries[0].line, found.entries[0].key) == (1, "garcia2019")
    assert [(p.line, p.kind) for p in found.skipped()] == [(line_of(RIS, "Nobody") - 1, "unusable")]


def test_ris_leniency_continuations_missing_er_and_headers(tmp_path: Path) -> None:
    ris = tmp_path / "export.txt"
    ris.write_text(
        "Provider: Some Database\nContent: text/plain\n\n"
        "TY - JOUR\nAU  - Doe, Jane\nTI  - A title that goes on\n   over two lines\n"
        "PY  - 2001\n"
        "TY  - BOOK\nAU  - Roe, R.\nBT  - A book title in BT\nPY  - 1999/12/31/\n",
        encoding="utf-8",
    )
    found = read_bibliography(ris)
    assert found.format == "ris"  # by content: .txt says nothing
    assert [e.entry["title"] for e in found.entries] == [
        "A title that goes on over two lines",
        "A book title in BT",
    ]
    assert [e.line for e in found.entries] == [4, 9]
    warned = [p.message for p in found.warnings()]
    assert any("not closed by ER before line 9" in m for m in warned)
    assert any("before the end of the file" in m for m in warned)


# -- detection, errors, corpus ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("@article{k, title={T}, author={A, B}}\n", "bibtex"),
        ("TY  - JOUR\nTI  - T\nAU  - A, B\nER  - \n", "ris"),
        ('[{"id": "k", "title": "T", "author": [{"family": "A"}]}]', "csl-json"),
    ],
)
def test_format_by_content_when_the_extension_does_not_say(
    tmp_path: Path, text: str, expected: str
) -> None:
    path = tmp_path / "references.txt"
    path.write_text(text, encoding="utf-8")
    assert read_bibliography(path).format == expected


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("notes.txt", b"just some notes\n", "cannot tell which bibliography format"),
        ("empty.bib", b"% only a comment\n@string{a = {b}}\n", "no BibTeX/BibLaTeX entries"),
        ("empty.ris", b"Provider: nothing\n", "no RIS entries found"),
        ("latin1.bib", b"@article{k,\n title = {M\xfcller}}\n", r"latin1\.bib:2:12: not valid"),
    ],
)
def test_files_that_cannot_be_read_at_all(
    tmp_path: Path, name: str, content: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputDataError, match=message):
        read_bibliography(path)


def test_bibliography_corpus_is_schema_clean() -> None:
    for path in (BIBLATEX, ZOTERO, RIS, CRLF_BIB):
        corpus = bibliography_corpus(path)
        assert len(corpus) == len(read_bibliography(path).entries)
        codes = {d.code for d in corpus.diagnostics}
        assert not codes & {SCHEMA_ERROR, UNKNOWN_FIELD}, corpus.diagnostics
    corpus = bibliography_corpus(BIBLATEX)
    assert corpus.get("Muller2020") is not None
    assert corpus.path == str(BIBLATEX)


def test_generated_keys_are_unique_in_a_file(tmp_path: Path) -> None:
    ris = tmp_path / "same.ris"
    record = "TY  - JOUR\nAU  - Smith, Jo\nTI  - The study\nPY  - 2020\nER  - \n"
    ris.write_text(record * 3 + "TY  - JOUR\nID  - smith2020studyc\nAU  - X, Y\nTI  - Z\nER  -\n")
    keys = [e.key for e in read_bibliography(ris).entries]
    assert keys == ["smith2020study", "smith2020studyb", "smith2020studyd", "smith2020studyc"]
