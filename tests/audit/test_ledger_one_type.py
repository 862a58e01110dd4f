"""One ledger type and one reader for ``audit_artifact[]`` (issue 34).

The lint and the trust report read the ledger through ``AuditLedger`` (every
entry validated), the gate through ``PassportLedger`` (none validated, its own
error messages, ``audit_artifact:`` with no value read as empty where the lint
refused it). Now there is one type in ``ars_docs.audit.model.ledger``: these
tests pin that the lint's and the gate's views are the same object, that
validation is on demand (the gate's 20,000-entry reads stay cheap), and that
no second reader or writer of the field appears elsewhere.
"""

from __future__ import annotations

import ast
import importlib
import sys
import warnings
from pathlib import Path

import pytest

from ars_docs.audit.model import ledger as ledger_module
from ars_docs.audit.model.ledger import FIELD, AuditLedger, load_audit_ledger
from ars_docs.audit.rows.lint import lint_audit_artifacts
from ars_docs.core.errors import InputDataError
from tests.support.layout import FIXTURES, REPO

PACKAGE = REPO / "ars_docs"
HOME = PACKAGE / "audit" / "model" / "ledger.py"
SPEC_PASSPORT = FIXTURES / "audit" / "spec_examples" / "s3_1_passport_entry.yaml"


def _passport(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "passport.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_lint_view_and_the_gate_view_are_one_read(tmp_path: Path) -> None:
    passport = _passport(tmp_path, SPEC_PASSPORT.read_text(encoding="utf-8"))
    ledger = load_audit_ledger(passport)
    [entry] = ledger.entries
    assert entry.data is ledger.data[0]  # the gate's entries are the lint's, not a copy
    assert entry.errors == ledger.errors(0) == ()
    assert ledger.errors(0) is ledger.errors(0)  # validated once, then remembered
    assert ledger.position((0, "verdict", "verified_at"))[0] > 1


def test_an_unchanged_file_is_not_read_again_and_a_changed_one_is(tmp_path: Path) -> None:
    passport = _passport(tmp_path, SPEC_PASSPORT.read_text(encoding="utf-8"))
    first = load_audit_ledger(passport)
    assert load_audit_ledger(passport, first) is first
    passport.write_text("audit_artifact: []\n", encoding="utf-8")
    again = load_audit_ledger(passport, first)
    assert again is not first and again.data == [] and again.entries == []


def test_a_field_with_no_value_is_an_empty_ledger_for_the_lint_as_for_the_gate(
    tmp_path: Path,
) -> None:
    # The gate has always appended to ``audit_artifact:`` written with no value; the lint
    # refused the same passport (exit 65). One reader gives one answer: no entries yet.
    passport = _passport(tmp_path, "session_id: s-1\naudit_artifact:\n")
    assert load_audit_ledger(passport).entries == []
    assert list(lint_audit_artifacts("persisted", str(passport), check_files=False)) == []


def test_the_gate_and_the_lint_give_one_message_for_a_bad_top_level(tmp_path: Path) -> None:
    passport = _passport(tmp_path, "- just\n- a list\n")
    with pytest.raises(InputDataError, match=r"passport\.yaml:1:1: the passport's top level is a"):
        load_audit_ledger(passport)


def test_the_old_module_name_warns_and_gives_the_same_type() -> None:
    sys.modules.pop("ars_docs.audit.model.passport", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = importlib.import_module("ars_docs.audit.model.passport")
    assert old.AuditLedger is AuditLedger and old.load_audit_ledger is load_audit_ledger
    assert any(issubclass(w.category, DeprecationWarning) for w in caught)


def _modules() -> list[tuple[str, ast.Module]]:
    return [
        (path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != HOME
    ]


def test_no_second_ledger_type_field_name_or_writer() -> None:
    found = []
    for name, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Ledger"):
                found.append(f"{name}:{node.lineno}: class {node.name}")
            elif isinstance(node, ast.Constant) and node.value == FIELD:
                found.append(f"{name}:{node.lineno}: {FIELD!r} (import ledger.FIELD)")
            elif (
                isinstance(node, ast.ImportFrom)
                and node.module == "ars_docs.files.yaml.append"
                and any(alias.name == "append_item" for alias in node.names)
            ):
                found.append(f"{name}:{node.lineno}: append_item (use AuditLedger.append)")
    assert found == [], "the ledger is ars_docs.audit.model.ledger's:\n" + "\n".join(found)
    assert ledger_module.AuditLedger.__module__ == "ars_docs.audit.model.ledger"
