"""The labelled sets are data, checked in one place (issue 34).

- Lookup evaluation (``benchmarks/lookup_eval/<set>/works.yaml``, ``cases.yaml``): every data
  file follows its schema (``benchmarks/lookup_eval/schema/``), and the one builder
  (``build_sets.py``) reproduces the committed ``world.json`` and ``cases.json`` byte for byte.
- Identity decision (``tests/data/identity/*.yaml``): every file loads through the one loader,
  which refuses a file that breaks the format, and the tuning files hold the 181 documents.
- No labelled set is written as code any more: the folders hold no Python data modules.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.support.identity_cases import CASES, DATA, TUNING_FILES, CaseFileError, load_cases
from tests.support.layout import TESTS
from tests.support.scholarly_world import EVAL_DIR, eval_builder

SETS = ("tuning", "heldout", "heldout2")


@pytest.fixture(scope="module")
def build() -> Any:
    return eval_builder()


def _schema(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((EVAL_DIR / "schema" / name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_set_has_its_role_and_data_files(build: Any) -> None:
    assert tuple(build.SETS) == SETS
    for name in SETS:
        folder = EVAL_DIR / name
        for file in ("works.yaml", "cases.yaml", "world.json", "cases.json"):
            assert (folder / file).is_file(), (name, file)
        head = (folder / "works.yaml").read_text(encoding="utf-8").split("\n", 3)[:3]
        assert "role:" in " ".join(head), name
    assert build.SETS["heldout2"].disjoint_from == ("tuning", "heldout")


@pytest.mark.parametrize("name", SETS)
def test_the_data_files_follow_their_schemas(build: Any, name: str) -> None:
    for file, schema in (("works.yaml", "works.schema.json"), ("cases.yaml", "cases.schema.json")):
        data = build.read_yaml(EVAL_DIR / name / file)
        errors = [
            f"{list(e.absolute_path)}: {e.message}" for e in _schema(schema).iter_errors(data)
        ]
        assert not errors, (name, file, errors[:5])


@pytest.mark.parametrize("name", SETS)
def test_the_builder_reproduces_the_committed_files_byte_for_byte(build: Any, name: str) -> None:
    for path, text in build.targets(name).items():
        assert path.read_bytes() == text.encode("utf-8"), f"{path} is not what build_sets writes"


def test_the_builder_refuses_a_data_file_that_breaks_its_schema(build: Any, tmp_path: Path) -> None:
    data = build.read_yaml(EVAL_DIR / "tuning" / "cases.yaml")
    broken = copy.deepcopy(data)
    broken["cases"][3]["expect_status"] = "probably_fine"
    del broken["cases"][5]["why"]
    with pytest.raises(build.DataError, match=r"cases\.schema\.json") as problem:
        build.validate(broken, "cases.schema.json", tmp_path / "cases.yaml")
    assert "cases/3/expect_status" in str(problem.value)
    assert "cases/5" in str(problem.value) and "'why' is a required property" in str(problem.value)
    works = build.read_yaml(EVAL_DIR / "tuning" / "works.yaml")
    works["works"][0]["colour"] = "blue"
    with pytest.raises(build.DataError, match="works/0"):
        build.validate(works, "works.schema.json", tmp_path / "works.yaml")


def test_expanding_a_case_fills_the_labels_the_data_leaves_out(build: Any, tmp_path: Path) -> None:
    raw = {
        "entry": {"citation_key": "x2020", "title": "T", "authors": "[van der] Berg, A.; "
                  "King, M. L., Jr.; {WHO}; 王小明; et al.", "year": 2020},
        "category": "real_article",
        "expect_status": "found",
        "why": "w",
    }  # fmt: skip
    case = build.expand(raw, tmp_path / "cases.yaml")
    assert case["entry"]["authors"] == [
        {"non-dropping-particle": "van der", "family": "Berg", "given": "A."},
        {"family": "King", "given": "M. L.", "suffix": "Jr."},
        {"literal": "WHO"},
        {"literal": "王小明"},
        {"literal": "et al."},
    ]
    assert list(case) == [
        "entry", "truth", "category", "expect_status", "expect_fields", "expect_retraction",
        "why", "tags", "work",
    ]  # fmt: skip
    assert (case["truth"], case["expect_fields"], case["expect_retraction"]) == ("real", [], "none")
    with pytest.raises(build.DataError, match="order"):
        build.expand(
            {**raw, "expect_status": "mismatch", "expect_fields": ["year", "title"]}, tmp_path
        )
    with pytest.raises(build.DataError, match="only for one"):
        build.expand({**raw, "expect_fields": ["year"]}, tmp_path)


def test_the_identity_sets_load_through_the_one_loader(tmp_path: Path) -> None:
    files = sorted(DATA.glob("*.yaml"))
    assert [f.name for f in files] == ["heldout.yaml", "heldout2.yaml", "tuning1.yaml",
                                       "tuning2.yaml", "tuning3.yaml"]  # fmt: skip
    for path in files:
        assert load_cases(path), path
    assert len(load_cases(TUNING_FILES[0])) == 81
    assert len(CASES) == sum(len(load_cases(p)) for p in TUNING_FILES) == 181
    bad = tmp_path / "bad.yaml"
    bad.write_text("works: {}\ndocuments:\n  - {name: a, truth: same, work: E1, pages: []}\n")
    with pytest.raises(CaseFileError, match="document 1"):
        load_cases(bad)


def test_no_labelled_set_is_written_as_code() -> None:
    assert sorted(p.name for p in EVAL_DIR.glob("*.py")) == [
        "__init__.py", "build_sets.py", "checks_heldout.py", "checks_heldout2.py",
        "checks_tuning.py", "render_world.py",
    ]  # fmt: skip
    identity = (TESTS / "support" / "identity_cases.py").read_text(encoding="utf-8")
    assert not re.search(r"^\w+(: list\[Case\])? = \[\s*Case\(", identity, re.M)  # no case lists
    assert not re.search(r"^[A-Z_0-9]+ = Work\(", identity, re.M)  # no works as constants
