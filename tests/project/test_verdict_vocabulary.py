"""The verdict vocabulary is defined once, in ``ars_docs.audit.model.verdict`` (issue 34).

The status words (PASS / MINOR / MATERIAL / AUDIT_FAILED), the severities
(P1-P3) and the ``finding_counts`` fields (p1-p3) were written out in several
modules, the Scope Report's verdict reader among them; a status added in one
place would be refused in another. Everyone imports them now, and a literal
list of them, or the AUDIT_FAILED word, anywhere else fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

from ars_docs.audit.model import verdict
from ars_docs.reports.scope import verdict as scope_verdict
from tests.support.layout import REPO

PACKAGE = REPO / "ars_docs"
HOME = PACKAGE / "audit" / "model" / "verdict.py"
WORD_SETS = (
    frozenset(verdict.STATUSES),
    frozenset(verdict.SEVERITIES),
    frozenset(verdict.COUNT_KEYS),
)


def _offenders(path: Path) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value == verdict.FAILED:
            found.append(f"{node.lineno}: {node.value!r}")
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) >= 2:
            values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if len(values) == len(node.elts) and any(set(values) <= words for words in WORD_SETS):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_spells_out_the_vocabulary_again() -> None:
    offenders = [
        f"ars_docs/{path.relative_to(PACKAGE).as_posix()}:{where}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != HOME
        for where in _offenders(path)
    ]
    assert offenders == [], "import these from ars_docs.audit.model.verdict:\n" + "\n".join(
        offenders
    )


def test_the_check_sees_a_copy(tmp_path: Path) -> None:
    copy = tmp_path / "copy.py"
    copy.write_text(
        'A = ("PASS", "MINOR")\nB = {"p1", "p2", "p3"}\nC = "AUDIT_FAILED"\nD = ("PASS", "FAIL")\n',
        encoding="utf-8",
    )
    assert [line.split(":")[0] for line in _offenders(copy)] == ["1", "2", "3"]


def test_the_scope_report_reads_the_audit_vocabulary() -> None:
    assert scope_verdict.SEVERITIES is verdict.SEVERITIES
    assert {"P1", "P2"} == scope_verdict.BLOCKING_SEVERITIES
    assert verdict.STATUSES == ("PASS", "MINOR", "MATERIAL", "AUDIT_FAILED")
    assert tuple(severity.lower() for severity in verdict.SEVERITIES) == verdict.COUNT_KEYS
