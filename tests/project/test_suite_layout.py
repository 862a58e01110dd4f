"""The test suite's own layout (issue 34): tests by room, support code as a package.

* every test module lives in the folder of the room it tests (``tests/<room>/``,
  the rooms of ``ars_docs/``), or in ``project/`` (rules about the whole
  project) or ``hostile/`` (adversarial input across rooms);
* shared code is the package ``tests.support``; nothing imports ``conftest``;
* no test module edits ``sys.path``, and a benchmark only ever puts the
  repository root on it (so ``tests.support`` and ``benchmarks.*`` import as
  packages, never a folder of one from the other);
* a test module is named for what it tests, not for when it was written.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.layout import REPO, TESTS

ROOMS = {p.name for p in (REPO / "ars_docs").iterdir() if (p / "__init__.py").is_file()}
#: Folders of tests/ that are not rooms of ars_docs, with what they hold.
OTHER_FOLDERS = {
    "project": "rules about the project as a whole (layout, docs, packaging)",
    "hostile": "adversarial input across rooms",
    "support": "the support package",
    "data": "labelled data and inputs",
    "fixtures": "input files of golden tests",
    "__snapshots__": "never at the top: snapshots sit beside their tests",
}
#: Words that date a test instead of saying what it tests.
HISTORY = re.compile(r"(^|_)(round\d+|review|issue\d*|hardening|regression|fixes|new)(_|$)")


def _python_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def _test_modules() -> list[Path]:
    return [p for p in _python_files(TESTS) if p.name.startswith("test_")]


def test_no_test_module_lies_on_the_floor() -> None:
    floor = sorted(p.name for p in TESTS.glob("*.py"))
    assert floor == ["__init__.py", "conftest.py"], floor


def test_every_folder_is_a_room_or_says_what_it_holds() -> None:
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    unknown = folders - ROOMS - set(OTHER_FOLDERS) - {"__snapshots__"}
    assert unknown == set(), f"name the folder after the room it tests: {sorted(unknown)}"
    assert not (TESTS / "__snapshots__").exists(), "snapshots belong beside their tests"


def test_every_folder_of_python_is_a_package() -> None:
    missing = sorted(
        str(folder.relative_to(REPO))
        for folder in {p.parent for p in _python_files(TESTS)}
        if not (folder / "__init__.py").is_file()
    )
    assert missing == [], f"add an __init__.py (imports are by package): {missing}"


@pytest.mark.parametrize("root", ["tests", "benchmarks"])
def test_nothing_imports_conftest(root: str) -> None:
    found = [
        f"{path.relative_to(REPO)}:{node.lineno}"
        for path in _python_files(REPO / root)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if (isinstance(node, ast.ImportFrom) and node.module == "conftest")
        or (isinstance(node, ast.Import) and any(a.name == "conftest" for a in node.names))
    ]
    assert found == [], f"import helpers from tests.support, not conftest: {found}"


def _path_edits(tree: ast.AST) -> list[ast.AST]:
    """Calls ``sys.path.insert/append/extend`` and assignments to ``sys.path[...]``."""
    edits: list[ast.AST] = []
    for node in ast.walk(tree):
        target = node.func if isinstance(node, ast.Call) else None
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any("sys.path" in ast.unparse(t) for t in targets):
                edits.append(node)
        elif (
            isinstance(target, ast.Attribute)
            and ast.unparse(target.value) == "sys.path"
            and target.attr in {"insert", "append", "extend"}
        ):
            edits.append(node)
    return edits


def test_no_test_module_edits_sys_path() -> None:
    found = [
        f"{path.relative_to(REPO)}:{edit.lineno}"  # type: ignore[attr-defined]
        for path in _python_files(TESTS)
        for edit in _path_edits(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == [], f"import by package instead of editing sys.path: {found}"


def test_a_benchmark_puts_only_the_repository_root_on_sys_path() -> None:
    # The one exception: bench_visible_text.py --root measures another checkout's ars_docs.
    allowed_root = re.compile(
        r"sys\.path\.insert\(0, str\((ROOT|HERE\.parent|HERE\.parents\[1\]|"
        r"Path\(__file__\)\.resolve\(\)\.(parent\.parent|parents\[1\]|parents\[2\]))\)\)"
    )
    odd = []
    for path in _python_files(REPO / "benchmarks"):
        for edit in _path_edits(ast.parse(path.read_text(encoding="utf-8"))):
            text = ast.unparse(edit)
            if path.name == "bench_visible_text.py" and "args.root" in text:
                continue
            if not allowed_root.fullmatch(text):
                odd.append(f"{path.relative_to(REPO)}:{edit.lineno}: {text}")  # type: ignore[attr-defined]
    assert odd == [], f"a benchmark may only put the repository root first: {odd}"


def test_test_modules_are_named_for_what_they_test() -> None:
    dated = [
        str(p.relative_to(TESTS)) for p in _test_modules() if HISTORY.search(p.stem[len("test_") :])
    ]
    assert dated == [], f"name these for what they test, not when: {dated}"


def test_the_checks_can_fail() -> None:
    """The two syntax checks catch what they are for."""
    tree = ast.parse("import sys\nsys.path.insert(0, 'tests')\nsys.path[:0] = ['x']\n")
    assert len(_path_edits(tree)) == 2
    assert HISTORY.search("gate_round2") and HISTORY.search("reports_review")
    assert not HISTORY.search("gate_policy") and not HISTORY.search("render_preview")
    assert not HISTORY.search("gate_rounds")  # audit rounds are what it tests
