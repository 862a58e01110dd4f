"""Corpus loading (§3.1 D1): sources, errors, conservative reading, cache."""

from __future__ import annotations

import json
import pickle
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from ars_docs.core import paths
from ars_docs.core.diagnostics import Severity
from ars_docs.core.errors import ArsIOError, ExitCode, InputDataError, InputMissingError
from ars_docs.files import schema_check
from ars_docs.files.yaml import compose as yaml_compose
from ars_docs.files.yaml import read as yamlio
from ars_docs.session import corpus as corpus_module
from ars_docs.session.corpus import (
    AUDITED_WITHOUT_SOURCE,
    LEGACY_VERIFIED,
    LITERAL_HUMAN_READ,
    NO_FRONT_MATTER,
    SCHEMA_ERROR,
    TRUST_FLAG_NOT_BOOLEAN,
    UNKNOWN_FIELD,
    VERIFIED_WITHOUT_BASIS,
    Corpus,
    corpus_from_data,
    load_corpus,
)


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own cache folder; nothing lands in ~/.cache."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(folder))
    monkeypatch.delenv("ARS_DOCS_NO_CACHE", raising=False)
    return folder


PASSPORT = """\
# Material Passport — session of 2026-04-30
session_id: sess-2026-04-30   # a trailing comment
created_at: 2026-04-30T09:00:00+08:00
trusted: &trusted
  source_acquired: true
  source_verified_against_original: true
  source_verification_method: codex_audit
  description_source: original_pdf
  description_last_audit: round-2
literature_corpus:
  # a fully verified entry, trust fields merged from an anchor
  - citation_key: mueller2024
    title: "Über Vertrauen: eine Studie"
    authors:
      - family: Müller
        given: Jürgen
      - literal: 王小明
    year: 2024
    source_pointer: zotero://select/items/1
    source_acquisition_date: 2026-04-30
    source_acquisition_path: sources/mueller2024.pdf
    <<: *trusted
  - citation_key: wang2023a   # not acquired
    title: 关于信任的研究
    authors: [{family: 王, given: 小明}]
    year: "2023a"
    source_pointer: sources/wang.bib
    tags: [trust, 信任]
    source_acquired: false
    source_acquisition_date: null
    source_verified_against_original: false
    source_verification_method: none
    description_source: bibliography_v2
    description_last_audit: none
"""


def write(path: Path, text: str, *, crlf: bool = False, bom: bool = False) -> Path:
    data = text.replace("\n", "\r\n") if crlf else text
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data.encode("utf-8"))
    return path


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing ``needle`` (independent of the loader)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in text")


def entry_yaml(key: str = "smith2024", **fields: Any) -> str:
    """A passport with one entry; ``fields`` override or add YAML values (None drops)."""
    base: dict[str, Any] = {
        "title": "A title",
        "authors": "[{family: Smith, given: Ann}]",
        "year": "2024",
        "source_pointer": "sources/smith.pdf",
    }
    base.update(fields)
    lines = ["literature_corpus:", f"  - citation_key: {key}"]
    lines += [f"    {name}: {value}" for name, value in base.items() if value is not None]
    return "\n".join(lines) + "\n"


def codes(corpus: Corpus) -> list[str]:
    return [diagnostic.code for diagnostic in corpus.diagnostics]


# --- sources -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("crlf", "bom"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_real_yaml_passport_loads(tmp_path: Path, crlf: bool, bom: bool) -> None:
    path = write(tmp_path / "passport.yaml", PASSPORT, crlf=crlf, bom=bom)
    corpus = load_corpus(path)

    assert corpus.path == str(path)
    assert corpus.session_id == "sess-2026-04-30"
    assert corpus.keys() == ["mueller2024", "wang2023a"]
    assert corpus.diagnostics == []
    mueller = corpus.get("mueller2024")
    assert mueller is not None
    assert mueller.title == "Über Vertrauen: eine Studie"
    assert mueller.data["authors"] == [
        {"family": "Müller", "given": "Jürgen"},
        {"literal": "王小明"},
    ]
    assert mueller.data["source_acquisition_date"] == "2026-04-30"  # a string, not a date
    assert mueller.data["description_last_audit"] == "round-2"  # from the merge key
    assert (mueller.source_acquired, mueller.source_verified_against_original) == (True, True)
    assert (mueller.path, mueller.line, mueller.col) == (
        str(path),
        line_of(PASSPORT, "citation_key: mueller2024"),
        5,
    )
    wang = corpus.get("wang2023a")
    assert wang is not None
    assert wang.data["year"] == "2023a"
    assert wang.data["tags"] == ["trust", "信任"]
    assert (wang.source_acquired, wang.source_verified_against_original) == (False, False)
    assert wang.line == line_of(PASSPORT, "citation_key: wang2023a")


def test_corpus_container_protocol(tmp_path: Path) -> None:
    corpus = load_corpus(write(tmp_path / "p.yaml", PASSPORT))
    assert len(corpus) == 2
    assert "wang2023a" in corpus
    assert "nobody" not in corpus
    assert 42 not in corpus
    assert corpus.get("nobody") is None
    assert corpus.closest_keys("mueller2042") == ["mueller2024"]
    assert corpus.closest_keys("zzzzzz") == []
    assert len({*corpus.entries.values()}) == 2  # entries are hashable


def test_yaml_list_file(tmp_path: Path) -> None:
    text = "- citation_key: a1\n  title: A\n  authors: [{literal: X}]\n  year: n.d.\n"
    text += "  source_pointer: p\n- citation_key: b2\n  title: B\n  authors: [{family: Y}]\n"
    text += "  year: 1999\n  source_pointer: p\n"
    corpus = load_corpus(write(tmp_path / "list.yaml", text))
    assert corpus.keys() == ["a1", "b2"]
    assert corpus.session_id is None
    assert [entry.line for entry in corpus.entries.values()] == [1, 6]
    assert corpus.diagnostics == []


@pytest.mark.parametrize("indent", [None, 2, "\t"])
def test_json_list_file(tmp_path: Path, indent: int | str | None) -> None:
    entries = [
        {
            "citation_key": "li2020",
            "title": "Ünïcode",
            "authors": [{"family": "李"}],
            "year": 2020,
            "source_pointer": "x",
            "source_acquired": True,
            "source_verified_against_original": True,
            "source_verification_method": "vision_check",
        },
        {"citation_key": "ng2021", "title": "T", "authors": [{"literal": "Ng"}], "year": "2021"},
    ]
    text = json.dumps(entries, indent=indent, ensure_ascii=False)
    corpus = load_corpus(write(tmp_path / "corpus.json", text))
    assert corpus.keys() == ["li2020", "ng2021"]
    li = corpus.entries["li2020"]
    assert li.data == entries[0]
    assert li.source_verified_against_original is True
    assert li.line >= 1
    # ng2021 lacks source_pointer: reported, but loaded
    assert [(d.code, d.severity) for d in corpus.diagnostics] == [(SCHEMA_ERROR, Severity.ERROR)]
    assert "source_pointer" in corpus.diagnostics[0].message


def test_json_passport_mapping(tmp_path: Path) -> None:
    data = {"session_id": 7, "literature_corpus": [{"citation_key": "k", "title": "T"}]}
    corpus = load_corpus(write(tmp_path / "p.json", json.dumps(data)))
    assert corpus.session_id == "7"
    assert corpus.keys() == ["k"]


def test_entry_directory(tmp_path: Path) -> None:
    folder = tmp_path / "entries"
    folder.mkdir()
    md = (
        "---\n"
        "citation_key: beta2020\n"
        "title: Beta — ß\n"
        "authors: [{family: Béta}]\n"
        "year: 2020\n"
        "source_pointer: notes/beta.md\n"
        "source_acquired: false\n"
        "description_last_audit: round-1\n"
        "---\n"
        "# Notes\n\nBody text is ignored.\n"
    )
    write(folder / "b.md", md, crlf=True, bom=True)
    write(
        folder / "a.yaml",
        "citation_key: alpha2019\ntitle: A\nauthors: [{literal: 王}]\nyear: 2019\n"
        "source_pointer: p\n",
    )
    write(folder / "c.yml", "citation_key: gamma2021\ntitle: C\nauthors: [{family: G}]\n")
    write(folder / "README.md", "# Corpus folder\n\nNot an entry.\n")
    write(folder / ".hidden.yaml", "this: is ignored\n")
    write(folder / "notes.txt", "ignored too\n")

    corpus = load_corpus(folder)

    assert corpus.keys() == ["alpha2019", "beta2020", "gamma2021"]
    beta = corpus.entries["beta2020"]
    assert beta.path == str(folder / "b.md")
    assert (beta.line, beta.col) == (2, 1)  # below the opening ---
    assert beta.title == "Beta — ß"
    by_code = {d.code: d for d in corpus.diagnostics}
    assert by_code[NO_FRONT_MATTER].path == str(folder / "README.md")
    assert by_code[NO_FRONT_MATTER].severity is Severity.WARNING
    audit = by_code[AUDITED_WITHOUT_SOURCE]
    assert (audit.path, audit.line) == (str(folder / "b.md"), line_of(md, "description_last_audit"))
    gamma = [d for d in corpus.diagnostics if d.path.endswith("c.yml")]
    assert [d.code for d in gamma] == [SCHEMA_ERROR, SCHEMA_ERROR]  # year, source_pointer


def test_entry_directory_errors_point_into_the_markdown_file(tmp_path: Path) -> None:
    folder = tmp_path / "entries"
    folder.mkdir()
    write(folder / "x.md", "---\ncitation_key: x\ntitle: [unclosed\n---\nbody\n")
    with pytest.raises(InputDataError) as info:
        load_corpus(folder)
    # the front matter's lines 1-2 are the file's lines 2-3; YAML ends at line 4
    assert info.value.message.startswith(f"{folder / 'x.md'}:4:1: malformed YAML")


def test_entry_directory_duplicate_key_names_both_files(tmp_path: Path) -> None:
    folder = tmp_path / "entries"
    folder.mkdir()
    write(folder / "one.yaml", "citation_key: same\ntitle: A\n")
    write(folder / "two.md", "---\ntitle: B\ncitation_key: same\n---\n")
    with pytest.raises(InputDataError) as info:
        load_corpus(folder)
    message = info.value.message
    assert message.startswith(f"{folder / 'two.md'}:2:1: duplicate citation_key 'same'")
    assert f"{folder / 'one.yaml'}:1:1" in message


def test_entry_directory_file_must_be_a_mapping(tmp_path: Path) -> None:
    folder = tmp_path / "entries"
    folder.mkdir()
    write(folder / "bad.yaml", "- just\n- a list\n")
    with pytest.raises(InputDataError) as info:
        load_corpus(folder)
    assert f"{folder / 'bad.yaml'}:1:1" in info.value.message
    assert "not a mapping" in info.value.message


# --- fatal errors --------------------------------------------------------------


def expect_data_error(path: Path, line: int, *fragments: str) -> InputDataError:
    with pytest.raises(InputDataError) as info:
        load_corpus(path, use_cache=False)
    error = info.value
    assert error.exit_code is ExitCode.DATA_ERR
    assert int(error.exit_code) == 65
    assert error.message.startswith(f"{path}:{line}:"), error.message
    for fragment in fragments:
        assert fragment in error.message, error.message
    return error


def test_missing_path(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    with pytest.raises(InputMissingError) as info:
        load_corpus(missing)
    assert info.value.exit_code == 66
    assert str(missing) in info.value.message
    assert "--passport" in info.value.message
    assert "ARS_PASSPORT" in info.value.message


def test_malformed_yaml_names_line_and_column(tmp_path: Path) -> None:
    text = "literature_corpus:\n  - citation_key: a\n    title: [unclosed\n  - x: 1\n"
    path = write(tmp_path / "p.yaml", text)
    error = expect_data_error(path, 4, "malformed YAML", "fix the YAML syntax")
    assert error.message.split(":")[2].isdigit()  # a column


def test_malformed_yaml_line_counts_crlf_and_bom_once(tmp_path: Path) -> None:
    text = "a: 1\nb: 2\nc: [\n"
    path = write(tmp_path / "p.yaml", text, crlf=True, bom=True)
    expect_data_error(path, 4, "malformed YAML")


def test_duplicate_mapping_key_inside_an_entry(tmp_path: Path) -> None:
    text = "literature_corpus:\n  - citation_key: a\n    title: One\n    title: Two\n"
    path = write(tmp_path / "p.yaml", text)
    expect_data_error(path, 4, "duplicate key 'title'", "first at line 3")


def test_mapping_without_literature_corpus(tmp_path: Path) -> None:
    path = write(tmp_path / "p.yaml", "session_id: s\nreferences: []\n")
    expect_data_error(path, 1, "literature_corpus")


@pytest.mark.parametrize("value", ["{a: 1}", "just text", "null", "42"])
def test_literature_corpus_not_a_list(tmp_path: Path, value: str) -> None:
    path = write(tmp_path / "p.yaml", f"session_id: s\nliterature_corpus: {value}\n")
    expect_data_error(path, 2, "not a list")


@pytest.mark.parametrize("text", ["just a string\n", "42\n", ""])
def test_top_level_of_wrong_kind(tmp_path: Path, text: str) -> None:
    path = write(tmp_path / "p.yaml", text)
    with pytest.raises(InputDataError) as info:
        load_corpus(path)
    assert str(path) in info.value.message
    assert "literature_corpus" in info.value.message


def test_entry_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path / "p.yaml", "literature_corpus:\n  - citation_key: a\n  - plain\n")
    expect_data_error(path, 3, "literature_corpus[1]", "not a mapping")


def test_entry_without_citation_key(tmp_path: Path) -> None:
    text = "literature_corpus:\n  - citation_key: a\n  - title: no key\n    year: 2020\n"
    expect_data_error(write(tmp_path / "p.yaml", text), 3, "literature_corpus[1]", "citation_key")


def test_citation_key_not_a_string(tmp_path: Path) -> None:
    text = "literature_corpus:\n  - title: T\n    citation_key: 2024\n"
    expect_data_error(write(tmp_path / "p.yaml", text), 3, "citation_key", "not a string")


def test_citation_key_with_bad_characters(tmp_path: Path) -> None:
    text = 'literature_corpus:\n  - citation_key: "smith 2024"\n'
    expect_data_error(write(tmp_path / "p.yaml", text), 2, "'smith 2024'", "rename")


def test_duplicate_citation_key_names_both_places(tmp_path: Path) -> None:
    text = (
        "literature_corpus:\n  - citation_key: dup\n    title: A\n"
        "  - citation_key: other\n  - citation_key: dup\n    title: B\n"
    )
    path = write(tmp_path / "p.yaml", text)
    error = expect_data_error(path, 5, "duplicate citation_key 'dup'")
    assert f"first at {path}:2:" in error.message


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_bytes(b"literature_corpus:\n  - citation_key: a\n    title: caf\xe9\n")
    expect_data_error(path, 3, "UTF-8")


def test_undefined_alias(tmp_path: Path) -> None:
    path = write(tmp_path / "p.yaml", "literature_corpus:\n  - <<: *nothing\n")
    expect_data_error(path, 2, "*nothing")


def test_unreadable_file_is_an_io_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path / "p.yaml", PASSPORT)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(paths, "_open_nonblocking", refuse)
    with pytest.raises(ArsIOError) as info:
        load_corpus(path)
    assert info.value.exit_code == 74
    assert str(path) in info.value.message
    assert "Permission denied" in info.value.message


# --- conservative reading ----------------------------------------------------

GOOD = {
    "source_acquired": "true",
    "source_verified_against_original": "true",
    "source_verification_method": "codex_audit",
}

CONSERVATIVE_CASES = [
    # (fields, expected acquired, expected verified, expected codes)
    (GOOD, True, True, []),
    ({**GOOD, "source_verification_method": "manual_grep"}, True, True, []),
    ({**GOOD, "source_verified_against_original": "false"}, True, False, []),
    ({**GOOD, "source_acquired": "false"}, False, False, [VERIFIED_WITHOUT_BASIS]),
    ({**GOOD, "source_acquired": None}, False, False, [VERIFIED_WITHOUT_BASIS]),
    ({**GOOD, "source_verification_method": "none"}, True, False, [VERIFIED_WITHOUT_BASIS]),
    ({**GOOD, "source_verification_method": None}, True, False, [VERIFIED_WITHOUT_BASIS]),
    (
        {**GOOD, "source_acquired": "yes"},
        False,
        False,
        [TRUST_FLAG_NOT_BOOLEAN, VERIFIED_WITHOUT_BASIS],
    ),
    ({**GOOD, "source_verified_against_original": "yes"}, True, False, [TRUST_FLAG_NOT_BOOLEAN]),
    (
        {**GOOD, "source_verified_against_original": "2026-04-30"},
        True,
        False,
        [TRUST_FLAG_NOT_BOOLEAN],
    ),
    (
        {**GOOD, "source_acquired": "1"},
        False,
        False,
        [TRUST_FLAG_NOT_BOOLEAN, VERIFIED_WITHOUT_BASIS],
    ),
    ({}, False, False, []),
    ({"verified": "2024-05-01"}, False, False, [LEGACY_VERIFIED]),
    ({"source_acquired": "true", "verified": "true"}, True, False, [LEGACY_VERIFIED]),
    ({**GOOD, "human_read_source": "true"}, True, True, [LITERAL_HUMAN_READ]),
    ({"human_read_at": "2026-04-30T10:00:00Z"}, False, False, [LITERAL_HUMAN_READ]),
    (
        {"source_acquired": "false", "description_last_audit": "round-3"},
        False,
        False,
        [AUDITED_WITHOUT_SOURCE],
    ),
    ({"description_last_audit": "round-3"}, False, False, [AUDITED_WITHOUT_SOURCE]),
    (
        {"source_acquired": "yes", "description_last_audit": "round-3"},
        False,
        False,
        [TRUST_FLAG_NOT_BOOLEAN, AUDITED_WITHOUT_SOURCE],
    ),
    ({"source_acquired": "false", "description_last_audit": "none"}, False, False, []),
    ({"source_acquired": "true", "description_last_audit": "round-3"}, True, False, []),
]


@pytest.mark.parametrize(("fields", "acquired", "verified", "expected"), CONSERVATIVE_CASES)
def test_conservative_reading(
    tmp_path: Path, fields: dict[str, Any], acquired: bool, verified: bool, expected: list[str]
) -> None:
    text = entry_yaml(**fields)
    corpus = load_corpus(write(tmp_path / "p.yaml", text))
    entry = corpus.entries["smith2024"]
    assert entry.source_acquired is acquired
    assert entry.source_verified_against_original is verified
    assert codes(corpus) == expected
    for diagnostic in corpus.diagnostics:
        assert diagnostic.severity is Severity.WARNING
        assert diagnostic.message.startswith("smith2024: ")
        assert diagnostic.path == str(tmp_path / "p.yaml")
        assert diagnostic.line > 2  # at the field, not the entry start


def test_conservative_diagnostic_points_at_the_field(tmp_path: Path) -> None:
    text = entry_yaml(**{**GOOD, "source_acquired": "false"})
    corpus = load_corpus(write(tmp_path / "p.yaml", text))
    [diagnostic] = corpus.diagnostics
    assert diagnostic.line == line_of(text, "source_verified_against_original")
    assert diagnostic.col == 5
    assert "source_acquired: false" in diagnostic.message
    assert diagnostic.format().startswith(f"{tmp_path / 'p.yaml'}:{diagnostic.line}:5: ARS101 ")


def test_literal_human_read_never_counts(tmp_path: Path) -> None:
    corpus = load_corpus(write(tmp_path / "p.yaml", entry_yaml(human_read_source="true")))
    entry = corpus.entries["smith2024"]
    assert not hasattr(entry, "human_read_source")
    assert codes(corpus) == [LITERAL_HUMAN_READ]
    assert "ars-docs mark-read" in corpus.diagnostics[0].message


# --- schema findings -----------------------------------------------------------


def test_schema_errors_are_reported_but_the_entry_loads(tmp_path: Path) -> None:
    text = entry_yaml(
        title=None,
        year='"twenty"',
        authors="[]",
        source_verification_method="eyeballed",
        description_source="wikipedia",
    )
    corpus = load_corpus(write(tmp_path / "p.yaml", text))
    assert "smith2024" in corpus
    assert corpus.entries["smith2024"].title == ""
    found = {(d.code, d.line) for d in corpus.diagnostics}
    assert (SCHEMA_ERROR, line_of(text, "citation_key")) in found  # title is required
    assert (SCHEMA_ERROR, line_of(text, "year:")) in found
    assert (SCHEMA_ERROR, line_of(text, "authors:")) in found
    assert (SCHEMA_ERROR, line_of(text, "source_verification_method")) in found
    assert (SCHEMA_ERROR, line_of(text, "description_source")) in found
    assert all(d.severity is Severity.ERROR for d in corpus.diagnostics)
    year = next(d for d in corpus.diagnostics if d.line == line_of(text, "year:"))
    assert "expected:" in year.message


def test_author_needs_family_or_literal(tmp_path: Path) -> None:
    text = entry_yaml(authors="\n      - given: Only\n      - family: Fine")
    corpus = load_corpus(write(tmp_path / "p.yaml", text))
    [diagnostic] = corpus.diagnostics
    assert diagnostic.code == SCHEMA_ERROR
    assert diagnostic.line == line_of(text, "given: Only")
    assert "authors[0]" in diagnostic.message


def test_unknown_fields_are_warnings_at_their_line(tmp_path: Path) -> None:
    text = entry_yaml(zotero_key="ABC123", authors="\n      - family: F\n        orcid: 0000-1")
    corpus = load_corpus(write(tmp_path / "p.yaml", text))
    assert [(d.code, d.severity, d.line) for d in corpus.diagnostics] == [
        (UNKNOWN_FIELD, Severity.WARNING, line_of(text, "orcid")),
        (UNKNOWN_FIELD, Severity.WARNING, line_of(text, "zotero_key")),
    ]
    assert "authors[0].orcid" in corpus.diagnostics[0].message
    assert "zotero_key" in corpus.diagnostics[1].message


def test_unknown_field_and_schema_error_together(tmp_path: Path) -> None:
    text = entry_yaml(extra_field="x", year="[2020]")
    corpus = load_corpus(write(tmp_path / "p.yaml", text))
    assert sorted(codes(corpus)) == [SCHEMA_ERROR, UNKNOWN_FIELD]


@pytest.mark.parametrize(
    ("pmid", "ok"),
    [("23432189", True), ("1", True), ("0", False), ("-5", False),
     ("12345678901234", False), ('"0123"', True), ('"12a"', False)],
)  # fmt: skip
def test_pmid_is_a_pubmed_id_as_text_or_number(tmp_path: Path, pmid: str, ok: bool) -> None:
    corpus = load_corpus(write(tmp_path / "p.yaml", entry_yaml(pmid=pmid)))
    assert codes(corpus) == ([] if ok else [SCHEMA_ERROR])


def test_acquisition_date_forms(tmp_path: Path) -> None:
    text = entry_yaml(source_acquisition_date="2026-04-30 10:00:00 +8")
    corpus = load_corpus(write(tmp_path / "p.yaml", text))
    assert corpus.diagnostics == []
    assert corpus.entries["smith2024"].data["source_acquisition_date"] == (
        "2026-04-30T10:00:00+08:00"
    )
    bad = load_corpus(write(tmp_path / "q.yaml", entry_yaml(source_acquisition_date="soon")))
    assert codes(bad) == [SCHEMA_ERROR]


# --- in-memory data -----------------------------------------------------------


def test_corpus_from_mapping_with_dates() -> None:
    import datetime as dt

    data = {
        "session_id": "s1",
        "literature_corpus": [
            {
                "citation_key": "k",
                "title": "T",
                "authors": [{"family": "F"}],
                "year": 2020,
                "source_pointer": "p",
                "source_acquired": True,
                "source_acquisition_date": dt.date(2026, 4, 30),
                "source_verified_against_original": dt.datetime(2026, 4, 30, 10, 0),
            }
        ],
    }
    corpus = corpus_from_data(data)
    entry = corpus.entries["k"]
    assert entry.data["source_acquisition_date"] == "2026-04-30"
    assert entry.source_verified_against_original is False
    assert entry.path == "<memory>"
    assert (entry.line, entry.col) == (0, 0)
    assert corpus.session_id == "s1"
    assert codes(corpus) == [TRUST_FLAG_NOT_BOOLEAN]
    assert corpus.diagnostics[0].format().startswith("<memory>: ARS104 ")


def test_corpus_from_list_and_errors() -> None:
    corpus = corpus_from_data([{"citation_key": "a"}, {"citation_key": "b"}], path="api")
    assert corpus.keys() == ["a", "b"]
    with pytest.raises(InputDataError) as info:
        corpus_from_data([{"citation_key": "a"}, {"title": "x"}])
    assert "<memory>: entry [1] has no citation_key" in info.value.message
    with pytest.raises(InputDataError):
        corpus_from_data({"nothing": []})
    with pytest.raises(InputDataError):
        corpus_from_data("text")


# --- the YAML reader -----------------------------------------------------------


def test_yaml_12_core_scalars() -> None:
    text = (
        "a: yes\nb: no\nc: on\nd: True\ne: ~\nf: 0o17\ng: 0x1F\nh: 1.5\ni: .inf\nj: 012\n"
        "k: '1'\nl: !!str 3\nm: !!int '4'\nn: 2026-04-30t10:00:00z\no: 1e3\np:\nq: ! 5\n"
    )
    data = yamlio.parse_yaml(text, "x").data
    assert data == {
        "a": "yes",
        "b": "no",
        "c": "on",
        "d": True,
        "e": None,
        "f": 15,
        "g": 31,
        "h": 1.5,
        "i": float("inf"),
        "j": 12,
        "k": "1",
        "l": "3",
        "m": 4,
        "n": "2026-04-30T10:00:00Z",
        "o": 1000.0,
        "p": None,
        "q": "5",
    }


def test_yaml_merge_keys_explicit_wins() -> None:
    text = "base: &b {x: 1, y: 2}\nother: &o {y: 3, z: 4}\nm:\n  x: 0\n  <<: [*b, *o]\n"
    data = yamlio.parse_yaml(text, "x").data
    assert data["m"] == {"x": 0, "y": 2, "z": 4}


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("a: !!int nope\n", "!!int"),
        ("a: !custom 1\n", "unsupported tag"),
        ("--- 1\n--- 2\n", "more than one YAML document"),
        ("? [a]\n: 1\n", "mapping key"),
        ("a: &x 1\n*x : 2\n", "alias"),
        ("<<: 5\n", "merge key"),
        ('a: "bell \x07"\n', "malformed YAML"),
    ],
)
def test_yaml_reader_errors(text: str, fragment: str) -> None:
    with pytest.raises(InputDataError) as info:
        yamlio.parse_yaml(text, "f.yaml")
    assert info.value.message.startswith("f.yaml:")
    assert fragment in info.value.message


def test_pure_python_parser_gives_the_same_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "p.yaml", PASSPORT, crlf=True, bom=True)
    fast = load_corpus(path, use_cache=False)
    monkeypatch.setattr(yaml_compose, "event_source", yaml_compose._pure_event_source)
    slow = load_corpus(path, use_cache=False)
    assert slow.entries == fast.entries
    assert slow.diagnostics == fast.diagnostics


# --- cache ---------------------------------------------------------------------


def _no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("parsed although the cache should have answered")

    monkeypatch.setattr(corpus_module, "parse_yaml", boom)


def test_second_load_is_served_from_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _private_cache: Path
) -> None:
    path = write(tmp_path / "p.yaml", entry_yaml(zotero_key="Z"))
    cold = load_corpus(path)
    assert len(list(_private_cache.glob("corpus-*.cache"))) == 1
    _no_parsing(monkeypatch)
    warm = load_corpus(path)
    assert warm.entries == cold.entries
    assert warm.diagnostics == cold.diagnostics
    assert warm.session_id == cold.session_id


def test_cache_is_keyed_on_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path / "p.yaml", entry_yaml())
    load_corpus(path)
    write(path, entry_yaml(key="renamed2024"))
    assert load_corpus(path).keys() == ["renamed2024"]
    _no_parsing(monkeypatch)
    assert load_corpus(path).keys() == ["renamed2024"]


def test_cache_is_keyed_on_the_path_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "p.yaml", entry_yaml(zotero_key="Z"))
    load_corpus(path)
    monkeypatch.chdir(tmp_path)
    relative = load_corpus("p.yaml")
    assert relative.path == "p.yaml"
    assert {d.path for d in relative.diagnostics} == {"p.yaml"}


def test_directory_cache_sees_changed_files(tmp_path: Path) -> None:
    folder = tmp_path / "entries"
    folder.mkdir()
    write(folder / "a.yaml", "citation_key: a\n")
    assert load_corpus(folder).keys() == ["a"]
    write(folder / "b.yaml", "citation_key: b\n")
    assert load_corpus(folder).keys() == ["a", "b"]


@pytest.mark.parametrize(
    "garbage",
    [b"", b"not a pickle", pickle.dumps(("wrong key", "not a corpus")), pickle.dumps([1, 2])],
)
def test_corrupt_cache_is_ignored_and_replaced(
    tmp_path: Path, _private_cache: Path, garbage: bytes
) -> None:
    path = write(tmp_path / "p.yaml", PASSPORT)
    first = load_corpus(path)
    [cache_file] = _private_cache.glob("corpus-*.cache")
    cache_file.write_bytes(garbage)
    again = load_corpus(path)
    assert again.entries == first.entries
    assert cache_file.read_bytes() != garbage


def test_stale_cache_for_other_content_is_not_served(tmp_path: Path, _private_cache: Path) -> None:
    path = write(tmp_path / "p.yaml", entry_yaml(key="one"))
    load_corpus(path)
    [cache_file] = _private_cache.glob("corpus-*.cache")
    stale = cache_file.read_bytes()
    write(path, entry_yaml(key="two"))
    load_corpus(path)
    cache_file.write_bytes(stale)  # a cache written for the old bytes
    assert load_corpus(path).keys() == ["two"]


def test_cache_disabled_by_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _private_cache: Path
) -> None:
    monkeypatch.setenv("ARS_DOCS_NO_CACHE", "1")
    path = write(tmp_path / "p.yaml", PASSPORT)
    load_corpus(path)
    load_corpus(path)
    assert not _private_cache.exists()


def test_cache_disabled_by_argument(tmp_path: Path, _private_cache: Path) -> None:
    load_corpus(write(tmp_path / "p.yaml", PASSPORT), use_cache=False)
    assert not _private_cache.exists()


def test_unwritable_cache_is_not_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = write(tmp_path / "a-file", "x")
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(blocker / "sub"))
    path = write(tmp_path / "p.yaml", PASSPORT)
    assert load_corpus(path).keys() == ["mueller2024", "wang2023a"]
    assert load_corpus(path).keys() == ["mueller2024", "wang2023a"]


def test_cache_location_fallbacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path / "p.yaml", PASSPORT)
    monkeypatch.delenv("ARS_DOCS_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    load_corpus(path)
    assert list((tmp_path / "xdg" / "ars-docs").glob("corpus-*.cache"))
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    load_corpus(path)
    assert list((tmp_path / "home" / ".cache" / "ars-docs").glob("corpus-*.cache"))


# --- the schema ---------------------------------------------------------------


def test_entry_schema_ships_with_the_package() -> None:
    resource = resources.files("ars_docs") / "schemas" / "literature_corpus_entry.schema.json"
    schema = json.loads(resource.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["additionalProperties"] is False
    assert schema["required"] == ["citation_key", "title", "authors", "year", "source_pointer"]
    trust = {
        "source_acquired",
        "source_acquisition_date",
        "source_acquisition_path",
        "source_verified_against_original",
        "source_verification_method",
        "description_source",
        "description_last_audit",
    }
    assert trust <= set(schema["properties"])
    assert "human_read_source" not in schema["properties"]
    assert schema["properties"]["source_verification_method"]["enum"] == [
        "codex_audit",
        "manual_grep",
        "vision_check",
        "none",
    ]


SCHEMA = schema_check.load_schema("literature_corpus_entry.schema.json")
STRICT = Draft202012Validator(SCHEMA)
OPEN = Draft202012Validator(schema_check.without_closed_objects(SCHEMA))
QUICK_STRICT = schema_check.quick_validity_check(SCHEMA)
QUICK_OPEN = schema_check.quick_validity_check(schema_check.without_closed_objects(SCHEMA))

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [
            "",
            "x",
            "2024",
            "2024a",
            "n.d.",
            "none",
            "codex_audit",
            "original_pdf",
            "bibliography_v2",
            "bibliography_v",
            "2026-04-30",
            "2026-04-30T10:00:00Z",
            "smith 2024",
            "a/b:c.d",
        ]
    ),
)
names = st.dictionaries(
    st.sampled_from(["family", "given", "literal", "suffix", "orcid"]), scalars, max_size=3
)
field_names = st.sampled_from(
    [*SCHEMA["properties"], "verified", "zotero_key", "human_read_source"]
)
values = st.one_of(scalars, st.lists(st.one_of(names, scalars), max_size=3), names)
entries = st.dictionaries(field_names, values, max_size=12)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(entries)
def test_quick_check_agrees_with_jsonschema(entry: dict[str, Any]) -> None:
    assert QUICK_STRICT is not None and QUICK_OPEN is not None
    assert QUICK_STRICT(entry) == STRICT.is_valid(entry)
    assert QUICK_OPEN(entry) == OPEN.is_valid(entry)
    expected = {
        (*error.absolute_path, name)
        for error in STRICT.iter_errors(entry)
        if error.validator == "additionalProperties"
        for name in error.instance
        if name not in error.schema.get("properties", {})
    }
    assert set(schema_check.unknown_properties(SCHEMA, entry)) == expected


def test_quick_check_refuses_unknown_keywords() -> None:
    assert schema_check.quick_validity_check({"type": "object", "minProperties": 1}) is None
    assert schema_check.quick_validity_check({"$ref": "https://example.org/other.json"}) is None
    check = schema_check.quick_validity_check(
        {"type": ["integer", "null"], "enum": [1, None, True]}
    )
    assert check is not None
    assert [check(v) for v in (1, 1.0, None, True, "1", 2)] == [
        True,
        True,
        True,
        False,
        False,
        False,
    ]


def test_garbage_collector_is_restored_after_parsing() -> None:
    import gc

    assert gc.isenabled()
    yamlio.parse_yaml("a: 1\n", "x")
    assert gc.isenabled()
    with pytest.raises(InputDataError):
        yamlio.parse_yaml("a: [\n", "x")
    assert gc.isenabled()
    gc.disable()
    try:
        yamlio.parse_yaml("a: 1\n", "x")
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()
