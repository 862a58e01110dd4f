"""Fixture-driven golden tests: tests/fixtures/finalize/<case>/draft.md -> expected.md.

Every case runs through the library and the CLI and must give the same bytes.
The expected drafts were reviewed by hand (each differs from its draft only in
marker spans); checklists, reports and gate decisions are syrupy snapshots.
Add a case by adding a folder with a draft.md; create its expected.md by
running finalize and reviewing the diff before committing it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from ars_docs.commands import drafts as api
from ars_docs.document.passes.extract import extract
from ars_docs.document.pipeline import DocState
from ars_docs.document.text import Document
from ars_docs.session.corpus import Corpus, load_corpus
from ars_docs.session.readlog import ReadLog, load_read_log, read_log_path
from tests.support.layout import FIXTURES

ROOT = FIXTURES / "finalize"
PASSPORT = ROOT / "passport.yaml"
CASES = sorted(p for p in ROOT.iterdir() if p.is_dir())


@pytest.fixture(scope="module")
def trust() -> tuple[Corpus, ReadLog]:
    return load_corpus(PASSPORT, use_cache=False), load_read_log(read_log_path(PASSPORT))


def read(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


def without_markers(text: str) -> list[str]:
    """The text between markers: what finalize must never change."""
    state = DocState(Document(text))
    extract(state)
    pieces, cursor = [], 0
    for marker in state.markers:
        pieces.append(text[cursor : marker.span.start])
        cursor = marker.span.end
    pieces.append(text[cursor:])
    return pieces


def test_every_case_has_an_expected_draft() -> None:
    assert CASES, "no fixture cases found"
    missing = [c.name for c in CASES if not (c / "expected.md").exists()]
    assert not missing


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_finalize_golden(
    case: Path, trust: tuple[Corpus, ReadLog], snapshot: SnapshotAssertion
) -> None:
    corpus, read_log = trust
    draft = read(case / "draft.md")
    result = api.finalize(draft, corpus, read_log, path="draft.md", passport="passport.yaml")
    assert result.text == read(case / "expected.md")
    assert without_markers(result.text) == without_markers(draft)
    again = api.finalize(result.text, corpus, read_log, path="draft.md", passport="passport.yaml")
    assert again.text == result.text and again.changed == 0
    assert result.to_dict() == snapshot(name="report")
    assert result.checklist == snapshot(name="checklist")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_finalize_cli_matches_library(case: Path, tmp_path: Path, cli, monkeypatch) -> None:
    for name in ("passport.yaml", "passport_human_read_log.yaml"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copy(case / "draft.md", tmp_path / "draft.md")
    monkeypatch.chdir(tmp_path)
    result = cli("finalize", "draft.md", "--passport", "passport.yaml")
    assert result.code == 0, result.err
    assert (tmp_path / "draft.md").read_bytes() == (case / "expected.md").read_bytes()
    corpus, read_log = load_corpus("passport.yaml"), load_read_log("passport_human_read_log.yaml")
    library = api.finalize(
        read(case / "draft.md"), corpus, read_log, path="draft.md", passport="passport.yaml"
    )
    assert read(tmp_path / "draft_prefinalization_checklist.md") == library.checklist


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_render_golden(
    case: Path, trust: tuple[Corpus, ReadLog], snapshot: SnapshotAssertion
) -> None:
    corpus, read_log = trust
    finalized = read(case / "expected.md")
    strict = api.render(finalized, corpus, read_log, strict=True, path="draft.md")
    assert strict.gate is not None
    decision = [(o.line, o.col, o.reason, o.slug) for o in strict.gate.offenders]
    assert decision == snapshot(name="gate")
    assert (strict.output is None) == bool(decision)
    preview = api.render(finalized, strict=False, path="draft.md")
    assert preview.output == snapshot(name="preview")
