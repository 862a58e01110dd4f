"""The §3.3 matrix: total over all 8 fact combinations plus not-in-corpus."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ars_docs.session.provenance import (
    Status,
    TrustFacts,
    classify,
    count_statuses,
    shown_counts,
    with_lookup,
)

EXPECTED = {
    # (acquired, verified, human_read): status, written out cell by cell from §3.3
    (False, False, False): Status.HIGH_WARN,
    (False, False, True): Status.HIGH_WARN,
    (False, True, False): Status.HIGH_WARN,
    (False, True, True): Status.HIGH_WARN,
    (True, False, False): Status.MED_WARN,
    (True, False, True): Status.MED_WARN,
    (True, True, False): Status.LOW_WARN,
    (True, True, True): Status.OK,
}


@pytest.mark.parametrize(("facts", "expected"), sorted(EXPECTED.items()))
def test_every_cell(facts: tuple[bool, bool, bool], expected: Status) -> None:
    assert classify(TrustFacts(*facts)) is expected


def test_table_is_total() -> None:
    assert set(EXPECTED) == set(itertools.product([False, True], repeat=3))


def test_not_in_corpus() -> None:
    assert classify(None) is Status.NOT_IN_CORPUS


@given(st.booleans(), st.booleans(), st.booleans())
def test_ok_only_when_all_three_facts_hold(a: bool, v: bool, h: bool) -> None:
    assert (classify(TrustFacts(a, v, h)) is Status.OK) == (a and v and h)


def test_status_names_are_the_public_vocabulary() -> None:
    assert [s.value for s in Status] == [
        "ok",
        "LOW-WARN",
        "MED-WARN",
        "HIGH-WARN",
        "SOURCE-NOT-FOUND",
        "METADATA-MISMATCH",
        "RETRACTED",
        "EXPRESSION-OF-CONCERN",
        "NOT-IN-CORPUS",
        "MALFORMED",
    ]


def test_count_statuses_lists_every_status() -> None:
    counts = count_statuses([Status.OK, "ok", Status.HIGH_WARN])
    assert counts == {
        "ok": 2,
        "LOW-WARN": 0,
        "MED-WARN": 0,
        "HIGH-WARN": 1,
        "SOURCE-NOT-FOUND": 0,
        "METADATA-MISMATCH": 0,
        "RETRACTED": 0,
        "EXPRESSION-OF-CONCERN": 0,
        "NOT-IN-CORPUS": 0,
        "MALFORMED": 0,
    }


@pytest.mark.parametrize(
    ("blocking", "retraction", "expected"),
    [
        (None, None, None),
        ("not_found", None, Status.SOURCE_NOT_FOUND),
        ("mismatch", None, Status.METADATA_MISMATCH),
        (None, "retracted", Status.RETRACTED),
        (None, "expression_of_concern", Status.EXPRESSION_OF_CONCERN),
        ("mismatch", "retracted", Status.METADATA_MISMATCH),  # what the work is comes first
        ("not_found", "retracted", Status.SOURCE_NOT_FOUND),
    ],
)
def test_lookup_evidence_overlays_every_cell_of_the_matrix(
    blocking: str | None, retraction: str | None, expected: Status | None
) -> None:
    for acquired, verified, read in itertools.product([False, True], repeat=3):
        cell = classify(TrustFacts(acquired, verified, read))
        assert with_lookup(cell, blocking, retraction) is (expected or cell)
    for fixed in (Status.NOT_IN_CORPUS, Status.MALFORMED):
        assert with_lookup(fixed, blocking, retraction) is fixed


def test_people_see_lookup_statuses_only_when_present() -> None:
    counts = count_statuses([Status.OK, Status.RETRACTED])
    shown = dict(shown_counts(counts))
    assert shown["RETRACTED"] == 1 and "SOURCE-NOT-FOUND" not in shown
    assert shown["MED-WARN"] == 0  # the matrix's statuses are always shown
