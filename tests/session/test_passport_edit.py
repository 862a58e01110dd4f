"""In-place passport edits (§3.1 fields written by retrieval, §3.5): only the requested
fields change; comments, layout, BOM and newlines survive; anything doubtful is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ars_docs.core.errors import InputDataError
from ars_docs.session.corpus import load_corpus
from ars_docs.session.passport_edit import set_entry_fields

FIELDS = {
    "source_acquired": True,
    "source_acquisition_date": "2026-04-24T03:06:40Z",
    "source_acquisition_path": "sources/a.pdf",
}

PASSPORT = """\
# Material Passport — session 7
session_id: s7   # keep me

literature_corpus:
  # first entry
  - citation_key: a
    title: 'A title: with a colon'
    authors:
      - {family: Alpha}
    year: 2020
    source_pointer: zotero:1
    source_acquired: false   # not yet
    source_verified_against_original: false
    source_verification_method: none
    description_last_audit: none

  - citation_key: b
    title: B
    authors: [{family: Beta}]
    year: 2021
    source_pointer: zotero:2
    abstract: |
      Line one of the abstract.

      Line three, after a blank line.
# trailing comment
other_section:
  keep: [1, 2]
"""


def write(tmp_path: Path, text: str, name: str = "passport.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_existing_field_replaced_in_place_missing_ones_inserted(tmp_path: Path) -> None:
    path = write(tmp_path, PASSPORT)
    assert set_entry_fields(path, {"a": FIELDS}) == ["a"]
    after = path.read_text(encoding="utf-8")
    assert after == PASSPORT.replace(
        "    source_acquired: false   # not yet\n",
        "    source_acquired: true   # not yet\n"
        '    source_acquisition_date: "2026-04-24T03:06:40Z"\n'
        "    source_acquisition_path: sources/a.pdf\n",
    )


def test_fields_appended_after_a_block_scalar(tmp_path: Path) -> None:
    path = write(tmp_path, PASSPORT)
    set_entry_fields(path, {"b": {**FIELDS, "source_acquisition_path": "sources/b.pdf"}})
    after = path.read_text(encoding="utf-8")
    assert after == PASSPORT.replace(
        "      Line three, after a blank line.\n",
        "      Line three, after a blank line.\n"
        "    source_acquired: true\n"
        '    source_acquisition_date: "2026-04-24T03:06:40Z"\n'
        "    source_acquisition_path: sources/b.pdf\n",
    )
    data = load_corpus(path, use_cache=False).get("b")
    assert data is not None and data.data["abstract"].endswith("after a blank line.\n")


def test_existing_values_of_all_three_fields_are_replaced(tmp_path: Path) -> None:
    text = (
        "literature_corpus:\n"
        "- citation_key: a\n"
        "  title: T\n"
        "  authors: [{family: A}]\n"
        "  year: 2020\n"
        "  source_pointer: x\n"
        "  source_acquisition_path: null\n"
        "  source_acquired: false\n"
        "  source_acquisition_date: '2020-01-01'  # old\n"
    )
    path = write(tmp_path, text)
    set_entry_fields(path, {"a": FIELDS})
    assert path.read_text(encoding="utf-8") == (
        "literature_corpus:\n"
        "- citation_key: a\n"
        "  title: T\n"
        "  authors: [{family: A}]\n"
        "  year: 2020\n"
        "  source_pointer: x\n"
        "  source_acquisition_path: sources/a.pdf\n"
        "  source_acquired: true\n"
        '  source_acquisition_date: "2026-04-24T03:06:40Z"  # old\n'
    )


def test_crlf_bom_and_no_final_newline(tmp_path: Path) -> None:
    text = "literature_corpus:\r\n  - citation_key: a\r\n    title: T\r\n    year: 2020"
    path = tmp_path / "p.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    set_entry_fields(path, {"a": {"source_acquired": True}})
    assert path.read_bytes() == (
        b"\xef\xbb\xbfliterature_corpus:\r\n  - citation_key: a\r\n    title: T\r\n"
        b"    year: 2020\r\n    source_acquired: true\r\n"
    )


def test_list_root_and_unknown_keys(tmp_path: Path) -> None:
    path = write(tmp_path, "- citation_key: a\n  title: T\n- citation_key: b\n  title: U\n")
    assert set_entry_fields(path, {"b": {"source_acquired": True}, "zzz": FIELDS}) == ["b"]
    assert path.read_text(encoding="utf-8") == (
        "- citation_key: a\n  title: T\n- citation_key: b\n  title: U\n  source_acquired: true\n"
    )


def test_quoted_paths_when_plain_would_change_meaning(tmp_path: Path) -> None:
    path = write(tmp_path, "- citation_key: a\n  title: T\n")
    set_entry_fields(path, {"a": {"source_acquisition_path": "my sources/a #1.pdf"}})
    assert '  source_acquisition_path: "my sources/a #1.pdf"\n' in path.read_text(encoding="utf-8")


def test_flow_style_entry_is_refused(tmp_path: Path) -> None:
    text = "literature_corpus:\n  - {citation_key: a, title: T}\n"
    path = write(tmp_path, text)
    with pytest.raises(InputDataError, match=r"passport.yaml:2:5: entry 'a' is written in flow"):
        set_entry_fields(path, {"a": FIELDS})
    assert path.read_text(encoding="utf-8") == text


def test_merge_key_value_is_overridden_explicitly(tmp_path: Path) -> None:
    text = (
        "defaults: &d\n  source_acquired: false\n"
        "literature_corpus:\n  - citation_key: a\n    <<: *d\n    title: T\n"
    )
    path = write(tmp_path, text)
    set_entry_fields(path, {"a": {"source_acquired": True}})
    after = path.read_text(encoding="utf-8")
    assert after.startswith("defaults: &d\n  source_acquired: false\n")  # the anchor is untouched
    assert after.endswith("    title: T\n    source_acquired: true\n")


def test_anchored_value_is_refused_rather_than_changing_its_aliases(tmp_path: Path) -> None:
    text = (
        "literature_corpus:\n"
        "  - citation_key: a\n    title: T\n    source_acquired: &no false\n"
        "  - citation_key: b\n    title: U\n    source_acquired: *no\n"
    )
    path = write(tmp_path, text)
    with pytest.raises(InputDataError, match="refusing to rewrite the passport"):
        set_entry_fields(path, {"a": {"source_acquired": True}})
    assert path.read_text(encoding="utf-8") == text


def test_entry_directory_markdown_and_yaml(tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    md = "---\ncitation_key: a\ntitle: T\nauthors: [{family: A}]\n---\n\n# Notes\nkey: no\n"
    (folder / "a.md").write_text(md, encoding="utf-8")
    (folder / "b.yaml").write_text("citation_key: b\ntitle: U  # c\n", encoding="utf-8")
    done = set_entry_fields(
        folder, {"a": {"source_acquired": True}, "b": {"source_acquired": True}}
    )
    assert done == ["a", "b"]
    assert (folder / "a.md").read_text(encoding="utf-8") == md.replace(
        "authors: [{family: A}]\n", "authors: [{family: A}]\nsource_acquired: true\n"
    )
    assert (folder / "b.yaml").read_text(encoding="utf-8") == (
        "citation_key: b\ntitle: U  # c\nsource_acquired: true\n"
    )


def test_json_passport(tmp_path: Path) -> None:
    data = {
        "session_id": "s",
        "literature_corpus": [
            {"citation_key": "a", "title": "Ü", "source_acquired": False, "year": 2020},
            {"citation_key": "b", "title": "B"},
        ],
    }
    path = write(tmp_path, json.dumps(data, indent=4, ensure_ascii=False) + "\n", "p.json")
    set_entry_fields(path, {"a": FIELDS})
    after = json.loads(path.read_text(encoding="utf-8"))
    assert list(after["literature_corpus"][0]) == [
        "citation_key",
        "title",
        "source_acquired",
        "source_acquisition_date",
        "source_acquisition_path",
        "year",
    ]
    assert after["literature_corpus"][1] == {"citation_key": "b", "title": "B"}
    assert path.read_text(encoding="utf-8").startswith('{\n    "session_id": "s",')
    assert "Ü" in path.read_text(encoding="utf-8")


# -- nested values (lookup: records, issue 21) -----------------------------------------

LOOKUP = {
    "status": "mismatch",
    "checked_at": "2026-12-01T15:59:02Z",
    "fingerprint": "0123456789abcdef",
    "sources": ["crossref", "doi.org"],
    "matched": {"service": "crossref", "doi": "10.1/x", "title": 'Q: "why?" — ü', "year": 2019},
    "differences": [
        {"field": "title", "entry": "A # not a comment", "record": "B: c", "blocking": True},
        {"field": "year", "entry": "2020", "record": None, "blocking": False},
    ],
    "retraction": {"status": "none", "notices": [], "sources": []},
}


def test_a_mapping_value_is_written_as_a_block_and_reads_back(tmp_path: Path) -> None:
    path = write(tmp_path, PASSPORT)
    set_entry_fields(path, {"a": {"lookup": LOOKUP}})
    text = path.read_text("utf-8")
    assert "    lookup:\n      status: mismatch\n" in text
    assert "      sources: [crossref, doi.org]\n" in text
    assert '        - field: title\n          entry: "A # not a comment"\n' in text
    assert load_corpus(path, use_cache=False).entries["a"].data["lookup"] == LOOKUP
    # everything but the inserted lines is byte for byte the old text
    start = text.index("    lookup:\n")
    end = text.index("\n  - citation_key: b")  # the blank line before entry b stays
    assert text[:start] + text[end:] == PASSPORT


def test_a_block_value_is_replaced_whole_and_other_bytes_stay(tmp_path: Path) -> None:
    path = write(tmp_path, PASSPORT.replace("\n", "\r\n"))
    set_entry_fields(path, {"b": {"lookup": LOOKUP}})
    first = path.read_bytes()
    assert b"\r\n    lookup:\r\n      status: mismatch\r\n" in first
    assert b"\n" not in first.replace(b"\r\n", b"")
    smaller = {"status": "found", "checked_at": "x", "fingerprint": "0123456789abcdef"}
    set_entry_fields(path, {"b": {"lookup": smaller}})
    second = path.read_bytes()
    assert b"differences" not in second
    assert second.replace(b"    lookup:\r\n      status: found\r\n      checked_at: x\r\n"
                          b'      fingerprint: "0123456789abcdef"\r\n', b"") == PASSPORT.replace(
        "\n", "\r\n"
    ).encode()  # fmt: skip
    assert load_corpus(path, use_cache=False).entries["b"].data["lookup"] == smaller


def test_a_mapping_value_in_json_and_entry_files(tmp_path: Path) -> None:
    data = {"literature_corpus": [{"citation_key": "a", "title": "A"}]}
    path = write(tmp_path, json.dumps(data, indent=2) + "\n", "passport.json")
    set_entry_fields(path, {"a": {"lookup": LOOKUP}})
    assert json.loads(path.read_text("utf-8"))["literature_corpus"][0]["lookup"] == LOOKUP
    folder = tmp_path / "entries"
    folder.mkdir()
    (folder / "a.md").write_text("---\ncitation_key: a\ntitle: A\n---\nNotes.\n", "utf-8")
    set_entry_fields(folder, {"a": {"lookup": LOOKUP}})
    text = (folder / "a.md").read_text("utf-8")
    assert text.startswith("---\ncitation_key: a\ntitle: A\nlookup:\n  status: mismatch\n")
    assert text.endswith("---\nNotes.\n")
