"""docs/passport.md and docs/diagnostics.md stay complete (issue 10 §3)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ars_docs.session.lint import lint_corpus
from tests.support.layout import REPO

ROOT = REPO
PACKAGE = ROOT / "ars_docs"
PASSPORT_DOC = (ROOT / "docs" / "passport.md").read_text(encoding="utf-8")
DIAGNOSTICS_DOC = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")


def codes_in_package() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        found |= set(re.findall(r"[\"'](ARS\d{3})[\"']", path.read_text(encoding="utf-8")))
    return found


def test_every_code_in_the_package_is_in_the_table() -> None:
    rows = set(re.findall(r"^\| (ARS\d{3}) \|", DIAGNOSTICS_DOC, re.M))
    codes = codes_in_package()
    assert {"ARS104", "ARS113", "ARS442"} <= codes  # the ones the issue found missing
    assert sorted(codes - rows) == []
    assert sorted(rows - codes) == []  # and no code that does not exist


def test_every_entry_field_is_documented() -> None:
    schema = json.loads((PACKAGE / "schemas" / "literature_corpus_entry.schema.json").read_text())
    for name in schema["properties"]:
        assert f"`{name}`" in PASSPORT_DOC, name
    for value in schema["properties"]["source_verification_method"]["enum"]:
        assert f"`{value}`" in PASSPORT_DOC


def test_the_minimal_entry_is_valid(tmp_path: Path) -> None:
    block = re.search(r"## A minimal valid entry\n\n```yaml\n(.*?)```", PASSPORT_DOC, re.S)
    assert block is not None
    passport = tmp_path / "passport.yaml"
    passport.write_text(block.group(1), encoding="utf-8")
    assert list(lint_corpus(passport)) == []
