"""The second held-out set (benchmarks/lookup_eval/heldout2/): the files are what
build_sets writes, its builder's label checks pass, it shares nothing with the earlier
worlds, and its entries are valid passport entries."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import jsonschema
import pytest

from tests.support.layout import REPO
from tests.support.scholarly_world import EVAL_DIR, eval_builder, load_cases, passport_entries

HELDOUT2 = EVAL_DIR / "heldout2"
SCHEMA = json.loads(
    (REPO / "ars_docs/schemas/literature_corpus_entry.schema.json").read_text(encoding="utf-8")
)


@pytest.fixture(scope="module")
def built() -> tuple[dict[str, Any], dict[str, Any]]:
    result: tuple[dict[str, Any], dict[str, Any]] = eval_builder().build("heldout2")
    return result


def test_the_files_are_what_the_builder_writes(
    built: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    world, cases = built
    assert json.loads((HELDOUT2 / "world.json").read_text(encoding="utf-8")) == world
    assert json.loads((HELDOUT2 / "cases.json").read_text(encoding="utf-8")) == cases


def test_the_set_has_its_promised_size_and_valid_entries() -> None:
    cases = load_cases(HELDOUT2 / "cases.json")
    truth = Counter(c.truth for c in cases)
    assert len(cases) >= 60 and truth["real"] >= 35 and truth["fabricated"] >= 25
    assert len({c.key for c in cases}) == len(cases)
    for case, entry in zip(cases, passport_entries(cases), strict=True):
        jsonschema.validate(entry, SCHEMA)  # as the benchmark writes it into a passport
        assert case.why, case.key
