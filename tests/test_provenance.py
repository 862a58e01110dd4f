"""The §3.3 matrix: total over all 8 fact combinations plus not-in-corpus."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ars_docs.draft.provenance import Status, TrustFacts, classify, count_statuses

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
        "NOT-IN-CORPUS": 0,
        "MALFORMED": 0,
    }
