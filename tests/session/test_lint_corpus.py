"""``lint_corpus``: schema + the three §3.1 firm rules as diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import InputDataError, InputMissingError
from ars_docs.session import corpus as corpus_module
from ars_docs.session import lint as lint_module
from ars_docs.session.lint import (
    AUDITED_WITHOUT_SOURCE,
    FIRM_RULE_CODES,
    LEGACY_VERIFIED,
    LITERAL_HUMAN_READ,
    SCHEMA_ERROR,
    TRUST_FLAG_NOT_BOOLEAN,
    UNKNOWN_FIELD,
    VERIFIED_WITHOUT_BASIS,
    lint_corpus,
)


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(tmp_path / "cache"))


HEAD = """\
# passport under lint
session_id: lint-session
literature_corpus:
"""

CLEAN = """\
  - citation_key: clean2024
    title: Sauber
    authors: [{family: Müller, given: Jürgen}]
    year: 2024
    source_pointer: sources/clean.pdf
    source_acquired: true
    source_acquisition_date: 2026-04-30
    source_acquisition_path: sources/clean.pdf
    source_verified_against_original: true
    source_verification_method: vision_check
    description_source: original_pdf
    description_last_audit: round-4
"""

BROKEN = """\
  - citation_key: broken2024
    title: Kaputt
    authors: [{literal: 王小明}]
    year: 2024
    source_pointer: sources/broken.bib
    source_acquired: false
    source_verified_against_original: true
    source_verification_method: none
    description_last_audit: round-2
    human_read_source: true
    human_read_at: 2026-04-30T10:00:00Z
    verified: 2026-04-01
    zotero_key: ABCD
  - citation_key: typo2024
    title: Typo
    authors: [{family: T}]
    year: 2024
    source_pointer: p
    source_acquired: "true"
    description_source: wikipedia
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "passport.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, needle: str, *, after: str = "") -> int:
    """1-based line of the first line with ``needle`` below the first line with ``after``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    return next(i for i, line in enumerate(lines, 1) if i > start and needle in line)


def test_clean_corpus_has_no_findings(tmp_path: Path) -> None:
    assert list(lint_corpus(write(tmp_path, HEAD + CLEAN))) == []


def test_every_finding_with_its_severity_and_place(tmp_path: Path) -> None:
    text = HEAD + CLEAN + BROKEN
    path = write(tmp_path, text)
    found = list(lint_corpus(path))
    got = [(d.code, d.severity, d.line, d.col) for d in found]
    assert got == [
        (VERIFIED_WITHOUT_BASIS, Severity.ERROR, line_of(text, "against", after="broken"), 5),
        (
            AUDITED_WITHOUT_SOURCE,
            Severity.ERROR,
            line_of(text, "description_last_audit: round-2"),
            5,
        ),
        (LITERAL_HUMAN_READ, Severity.ERROR, line_of(text, "human_read_source"), 5),
        (LITERAL_HUMAN_READ, Severity.ERROR, line_of(text, "human_read_at"), 5),
        (LEGACY_VERIFIED, Severity.WARNING, line_of(text, "verified: 2026-04-01"), 5),
        (UNKNOWN_FIELD, Severity.WARNING, line_of(text, "zotero_key"), 5),
        (TRUST_FLAG_NOT_BOOLEAN, Severity.ERROR, line_of(text, 'source_acquired: "true"'), 5),
        (SCHEMA_ERROR, Severity.ERROR, line_of(text, "description_source: wikipedia"), 5),
    ]
    assert all(d.path == str(path) for d in found)
    assert found[0].message.startswith("broken2024: ")
    assert found[-1].message.startswith("typo2024: ")


def test_lint_turns_conservative_warnings_into_errors(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + BROKEN)
    loaded = corpus_module.load_corpus(path).diagnostics
    linted = list(lint_corpus(path))
    assert [d.code for d in loaded] == [d.code for d in linted]
    for before, after in zip(loaded, linted, strict=True):
        assert (before.path, before.line, before.col, before.message) == (
            after.path,
            after.line,
            after.col,
            after.message,
        )
        if before.code in FIRM_RULE_CODES:
            assert before.severity is Severity.WARNING
            assert after.severity is Severity.ERROR
        else:
            assert after.severity is before.severity


def test_formatted_output(tmp_path: Path) -> None:
    text = HEAD + BROKEN
    path = write(tmp_path, text)
    first = next(iter(lint_corpus(path)))
    assert first.format() == (
        f"{path}:{line_of(text, 'source_verified_against_original')}:5: ARS101 broken2024: "
        + first.message.split(": ", 1)[1]
    )
    assert "source_acquired: false" in first.message
    assert "source_verification_method: 'none'" in first.message


def test_lint_of_an_entry_directory(tmp_path: Path) -> None:
    folder = tmp_path / "entries"
    folder.mkdir()
    (folder / "a.md").write_text(
        "---\ncitation_key: a\ntitle: A\nauthors: [{family: F}]\nyear: 2020\n"
        "source_pointer: p\nhuman_read_source: true\n---\nnotes\n",
        encoding="utf-8",
    )
    [finding] = list(lint_corpus(folder))
    assert (finding.path, finding.line, finding.code, finding.severity) == (
        str(folder / "a.md"),
        7,
        LITERAL_HUMAN_READ,
        Severity.ERROR,
    )


def test_unreadable_input_raises(tmp_path: Path) -> None:
    with pytest.raises(InputMissingError):
        list(lint_corpus(tmp_path / "missing.yaml"))
    with pytest.raises(InputDataError) as info:
        list(lint_corpus(write(tmp_path, "literature_corpus: [\n")))
    assert "malformed YAML" in info.value.message


def test_codes_are_defined_once_and_distinct() -> None:
    names = [
        "VERIFIED_WITHOUT_BASIS",
        "AUDITED_WITHOUT_SOURCE",
        "LITERAL_HUMAN_READ",
        "TRUST_FLAG_NOT_BOOLEAN",
        "SCHEMA_ERROR",
        "UNKNOWN_FIELD",
        "LEGACY_VERIFIED",
        "NO_FRONT_MATTER",
    ]
    values = [getattr(lint_module, name) for name in names]
    assert values == [getattr(corpus_module, name) for name in names]
    assert len(set(values)) == len(values)
    assert all(value.startswith("ARS1") and len(value) == 6 for value in values)
    assert {
        VERIFIED_WITHOUT_BASIS,
        AUDITED_WITHOUT_SOURCE,
        LITERAL_HUMAN_READ,
        TRUST_FLAG_NOT_BOOLEAN,
    } == FIRM_RULE_CODES


def test_lint_yields_diagnostics_lazily(tmp_path: Path) -> None:
    iterator = lint_corpus(write(tmp_path, HEAD + BROKEN))
    assert isinstance(next(iterator), Diagnostic)
