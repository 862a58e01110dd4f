"""The marker grammar: parse, format, claims."""

from __future__ import annotations

import pytest

from ars_docs.document.markers import claim_of, format_marker, parse_comment
from ars_docs.session.provenance import Status


@pytest.mark.parametrize(
    ("comment", "slug", "status"),
    [
        ("<!--ref:smith2024-->", "smith2024", None),
        ("<!--ref:smith2024 ok-->", "smith2024", Status.OK),
        ("<!--ref:smith2024 LOW-WARN-->", "smith2024", Status.LOW_WARN),
        ("<!--ref:smith2024 low-warn-->", "smith2024", Status.LOW_WARN),
        ("<!--ref:smith2024 OK-->", "smith2024", Status.OK),
        ("<!-- ref:smith2024 -->", "smith2024", None),
        ("<!--\tref : smith2024\t-->", "smith2024", None),
        ("<!--ref: smith2024 ok -->", "smith2024", Status.OK),
        ("<!--ref:doi:10.1000/xyz.1-->", "doi:10.1000/xyz.1", None),
        ("<!--ref:a_b-c.d/e:f-->", "a_b-c.d/e:f", None),
        ("<!--REF:smith2024-->", "smith2024", None),
    ],
)
def test_valid(comment: str, slug: str, status: Status | None) -> None:
    parsed = parse_comment(comment)
    assert parsed.problem is None
    assert (parsed.slug, parsed.status) == (slug, status)


@pytest.mark.parametrize(
    ("comment", "problem"),
    [
        ("<!--ref:-->", "empty slug"),
        ("<!--ref:   -->", "empty slug"),
        ("<!--ref:smith 2024-->", "unknown status word '2024'"),
        ("<!--ref:smith2024 verified-->", "unknown status word 'verified'"),
        ("<!--ref:smith2024 MED-WARN-->", "unknown status word 'MED-WARN'"),
        ("<!--ref:a b c-->", "too many words"),
        ("<!--ref:smith#2024-->", "invalid character(s) '#'"),
        ("<!--ref:müller2020-->", "invalid character(s) 'ü'"),
        ("<!--ref:smith2024", "unterminated"),
        ("<!--ref:smith\n2024-->", "several lines"),
    ],
)
def test_malformed(comment: str, problem: str) -> None:
    parsed = parse_comment(comment)
    assert parsed.slug is None
    assert parsed.problem is not None and problem in parsed.problem


@pytest.mark.parametrize(
    ("status", "text"),
    [
        (Status.OK, "<!--ref:k ok-->"),
        (Status.LOW_WARN, "<!--ref:k LOW-WARN-->"),
        (Status.MED_WARN, "[UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]<!--ref:k-->"),
        (Status.HIGH_WARN, "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:k-->"),
        (Status.NOT_IN_CORPUS, "[UNVERIFIED CITATION — NOT IN CORPUS]<!--ref:k-->"),
    ],
)
def test_canonical_forms(status: Status, text: str) -> None:
    assert format_marker("k", status) == text


def test_malformed_has_no_canonical_form() -> None:
    with pytest.raises(ValueError, match="no canonical marker form"):
        format_marker("k", Status.MALFORMED)


@pytest.mark.parametrize(
    ("prefix", "word", "claim"),
    [
        ("", None, "bare"),
        ("", Status.OK, "ok"),
        ("", Status.LOW_WARN, "LOW-WARN"),
        ("[UNVERIFIED CITATION — NO ORIGINAL]", None, "HIGH-WARN"),
        ("[UNVERIFIED CITATION - NO ORIGINAL] ", None, "HIGH-WARN"),
        ("[unverified citation -- ai has not cross-checked]", None, "MED-WARN"),
        ("[UNVERIFIED CITATION – NOT IN CORPUS]", None, "NOT-IN-CORPUS"),
        ("[UNVERIFIED CITATION — SOMETHING ELSE]", None, "UNVERIFIED"),
    ],
)
def test_claims(prefix: str, word: Status | None, claim: str) -> None:
    assert claim_of(prefix, word) == claim
