"""Regression tests from the review of the retrieval chain (§3.5): a host's
Retry-After holds for all its URLs, a damaged response cache is never
trusted, and a page that merely cites the work does not verify as it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ars_docs.files.cache import read_entry, write_entry
from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.judge.content import match_content, pdf_text
from ars_docs.retrieval.net.cache import ResponseCache
from ars_docs.retrieval.net.http import Politeness
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.types import FetchFailure, RawResponse
from tests.retrieval.test_http import FakeTime, FakeTransport, ok, polite
from tests.support.retrieval import make_pdf

# -- Retry-After is the host's, not one URL's ------------------------------------------


def test_retry_after_holds_for_the_next_url_of_the_same_host() -> None:
    clock = FakeTime()
    transport = FakeTransport(
        {
            "https://api.example/a": [RawResponse(429, {"retry-after": "60"}, b"")],
            "https://api.example/b": [ok()],
            "https://other.example/c": [ok()],
        }
    )
    http = polite(transport, clock, min_interval=1.0, max_retries=0)
    assert http.get("https://api.example/a").status == 429
    http.get("https://other.example/c")  # another host is not held up
    assert clock.sleeps == []
    http.get("https://api.example/b")
    assert clock.sleeps == [60.0]


def test_a_retry_after_beyond_max_wait_stops_the_whole_host_without_sending() -> None:
    clock = FakeTime()
    table = {
        f"https://api.example/{n}": [RawResponse(429, {"retry-after": "3600"}, b"")]
        for n in range(10)
    }
    transport = FakeTransport(table)
    http = polite(transport, clock, min_interval=1.0, max_wait=120)
    for url in table:
        with pytest.raises(FetchFailure) as raised:
            http.get(url)
        assert raised.value.reason is Reason.RATE_LIMITED
        assert "max_wait" in raised.value.detail
    assert len(transport.sent) == 1  # not a 429 storm: one request, then nothing
    assert clock.sleeps == []


def test_politeness_defaults_come_from_the_config() -> None:
    config = RetrievalConfig(min_interval=2.5, max_retries=7, max_bytes=4096)
    knobs = Politeness.from_config(config, "ua")
    assert (knobs.user_agent, knobs.min_interval, knobs.max_retries, knobs.max_bytes) == (
        "ua",
        2.5,
        7,
        4096,
    )
    defaults, plain = RetrievalConfig(), Politeness("ua")
    assert (plain.timeout, plain.max_wait) == (defaults.timeout, defaults.max_wait)


# -- a damaged response cache is ignored -------------------------------------------------


def _cache(folder: Path) -> ResponseCache:
    return ResponseCache(folder, max_age=1e9, wall=lambda: 0.0, writable=True)


def test_a_truncated_cached_body_is_not_served(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    key = cache.key("https://pub.example/a.pdf", {})
    body = make_pdf(["A title", "An author"])
    cache.put(key, "https://pub.example/a.pdf", RawResponse(200, {}, body))
    assert cache.get(key) == RawResponse(200, {}, body)
    stored = next(tmp_path.rglob("*.http"))
    stored.write_bytes(stored.read_bytes()[:-40])
    assert cache.get(key) is None


@pytest.mark.parametrize("head", [b"[1]", b'"text"', b"3", b"null"])
def test_a_cache_header_that_is_not_an_object_is_ignored(tmp_path: Path, head: bytes) -> None:
    cache = _cache(tmp_path)
    key = cache.key("https://pub.example/", {})
    cache.put(key, "https://pub.example/", RawResponse(200, {}, b"x"))
    stored = next(tmp_path.rglob("*.http"))
    stored.write_bytes(head + b"\nbody")
    assert cache.get(key) is None


class Wall:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _resealed(folder: Path, cache: ResponseCache, key: str, **fields: object) -> None:
    """Rewrite the entry's header with ``fields`` and seal it with a matching hash, as
    anyone can: only the checks of the fields themselves can refuse it."""
    stored = next(folder.rglob("*.http"))
    head, _, body = read_entry(stored).partition(b"\n")  # type: ignore[union-attr]
    meta = {**json.loads(head), **fields}
    text = json.dumps(meta).replace('"INF"', "1e400")  # JSON's way to write infinity
    assert write_entry(stored, text.encode() + b"\n" + body)


@pytest.mark.parametrize(
    "fields",
    [
        {"stored_at": 1_000_001.0},  # one second after now
        {"stored_at": "INF"},
        {"stored_at": "1000000"},
        {"stored_at": 10**400},
        {"status": "INF"},
        {"status": 200.5},
        {"status": "200"},
        {"status": 503},
        {"headers": [["content-type", "text/html"]]},
        {"headers": {"content-length": 12}},
    ],
)
def test_a_cached_answer_with_a_field_of_the_wrong_kind_is_a_miss(
    tmp_path: Path, fields: dict[str, object]
) -> None:
    wall = Wall()
    cache = ResponseCache(tmp_path, max_age=3600, wall=wall, writable=True)
    key = cache.key("https://pub.example/", {})
    cache.put(key, "https://pub.example/", RawResponse(200, {"content-type": "text/html"}, b"x"))
    _resealed(tmp_path, cache, key)  # resealed unchanged: still an answer
    assert cache.get(key) == RawResponse(200, {"content-type": "text/html"}, b"x")
    _resealed(tmp_path, cache, key, **fields)
    assert cache.get(key) is None


def test_a_cached_answer_lives_from_now_to_its_maximum_age(tmp_path: Path) -> None:
    wall = Wall()
    cache = ResponseCache(tmp_path, max_age=3600, wall=wall, writable=True)
    key = cache.key("https://pub.example/", {})
    cache.put(key, "https://pub.example/", RawResponse(200, {}, b"x"))
    assert cache.get(key) is not None  # age 0
    wall.now -= 1  # the clock went back: stored one second in the future
    assert cache.get(key) is None
    wall.now += 1 + 3600
    assert cache.get(key) is not None  # exactly the maximum age
    wall.now += 0.001
    assert cache.get(key) is None


# -- a document that only cites the work -------------------------------------------------

TITLE = "Quality culture: understandings, boundaries and linkages"


def test_a_pdf_citing_the_work_in_its_references_is_not_the_work() -> None:
    citing = make_pdf(
        [
            "Accreditation and the audit society",
            "Jane Doe",
            "Abstract: audits shape universities.",
            "References",
            "Harvey, L. and Stensaker, B. (2008) Quality culture: understandings,",
            "boundaries and linkages. European Journal of Education 43(4).",
        ]
    )
    text = pdf_text(citing, 1)
    verdict = match_content(text.text, TITLE, ["Harvey", "Stensaker"], where="the PDF")
    assert not verdict.ok
    assert "before its reference list" in verdict.detail


@pytest.mark.parametrize(
    "heading", ["References", "7. REFERENCES", "Bibliography", "Daftar Pustaka"]
)
def test_the_original_with_a_reference_list_still_verifies(heading: str) -> None:
    original = make_pdf(
        ["Quality Culture: understandings, boundaries and", "linkages", "Lee Harvey", heading, "x"]
    )
    verdict = match_content(pdf_text(original, 1).text, TITLE, ["Harvey"], where="the PDF")
    assert verdict.ok, verdict.detail


def test_a_title_that_is_a_heading_word_is_not_cut_away() -> None:
    assert match_content("Bibliography\nJohn Doe", "Bibliography", ["Doe"], where="w").ok
