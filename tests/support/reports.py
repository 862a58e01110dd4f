"""Helpers shared by the Scope Report / drift log tests (issue 4)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ars_docs.session.corpus import Corpus, corpus_from_data
from tests.support.layout import REPO

EXAMPLES = REPO / "examples"
FIXED_EPOCH = "1777554000"  # 2026-04-30T13:00:00Z, the examples' "written at"


def corpus_of(acquired: list[str], missing: list[str]) -> Corpus:
    """A minimal corpus: ``acquired`` keys have their source, ``missing`` ones do not."""

    def item(key: str, got: bool) -> dict[str, object]:
        return {
            "citation_key": key,
            "title": key,
            "authors": [{"family": "A"}],
            "year": 2020,
            "source_pointer": "x",
            "source_acquired": got,
        }

    return corpus_from_data([item(k, True) for k in acquired] + [item(k, False) for k in missing])


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (relative POSIX path → bytes)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def fail_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the rename step of every atomic write fail, as a full disk would."""

    def refuse(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("ars_docs.files.atomic.os.replace", refuse)
