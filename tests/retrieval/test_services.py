"""Issue 15 §2 regressions against a local HTTP server on 127.0.0.1: cookie checks,
429 handling, "not fetched again" for the whole run, service facts, attempt-log
fields. The politeness sleeps are recorded, never slept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ars_docs.retrieval import RetrievalReport, RetrieveOptions, Runtime, retrieve
from ars_docs.retrieval.net.http import PENALTY_CAP, PoliteHttp, Politeness, parse_retry_after
from ars_docs.retrieval.net.transport import HttpxTransport
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.types import FetchFailure
from tests.support.retrieval import (
    Reply,
    Seen,
    World,
    as_json,
    config_toml,
    entry_yaml,
    passport_yaml,
    pdf,
    redirect,
)

UA = "ars-docs/test (mailto:researcher@example.org)"
TITLE = "Signals of quality in doctoral supervision"
PEOPLE = [{"family": "Nakamura", "given": "Aiko"}]
PAGE = [TITLE, "Aiko Nakamura, University of Example", "Abstract"]


@pytest.fixture
def world() -> Iterator[World]:
    with World() as w:
        yield w


def polite(sleeps: list[float], **knobs: Any) -> PoliteHttp:
    knobs.setdefault("min_interval", 0)
    return PoliteHttp(HttpxTransport(), Politeness(user_agent=UA, **knobs), sleep=sleeps.append)


def run(
    tmp_path: Path, world: World, *entries: str, sleeps: list[float] | None = None, **config: Any
) -> RetrievalReport:
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_yaml(*entries).replace("{base}", world.base), encoding="utf-8")
    (tmp_path / "ars-docs.toml").write_text(config_toml(world, **config), encoding="utf-8")
    slept = sleeps if sleeps is not None else []
    runtime = Runtime(environ={"ARS_DOCS_NO_CACHE": "1"}, sleep=slept.append)
    return retrieve(passport, RetrieveOptions(), runtime)


def article(key: str, doi: str, **fields: Any) -> str:
    return entry_yaml(key, TITLE, PEOPLE, doi=doi, type="article-journal", year=2021, **fields)


# -- cookie-check redirects -----------------------------------------------------------------


def test_a_cookie_check_redirect_reaches_the_document(world: World) -> None:
    def paper(seen: Seen) -> Reply:
        if "checked=1" in seen.headers.get("cookie", ""):
            return pdf(PAGE)
        if seen.query.get("cookie") == ["1"]:
            return Reply(302, b"", {"location": "/paper", "set-cookie": "checked=1; Path=/"})
        return redirect("/paper?cookie=1")

    world.route("/paper", paper)
    http = polite([])
    answer = http.get(world.url("/paper"))
    assert answer.status == 200 and answer.body.startswith(b"%PDF-")
    assert answer.redirects == (world.url("/paper"), world.url("/paper?cookie=1"))
    assert world.hits("/paper") == 3
    http.close()


# -- 429 ---------------------------------------------------------------------------------


def test_429_penalty_is_capped_and_the_url_is_never_asked_again(world: World) -> None:
    world.route("/busy", Reply(429, "slow down"))
    world.route("/other", Reply(200, "fine"))
    sleeps: list[float] = []
    http = polite(sleeps, min_interval=1.0, max_retries=6, backoff=0)
    first = http.get(world.url("/busy"))
    assert first.status == 429 and world.hits("/busy") == 7
    again = http.get(world.url("/busy"))  # another channel, same URL: not asked
    assert again.status == 429 and again.tries == 0 and world.hits("/busy") == 7
    sleeps.clear()
    http.get(world.url("/other"))
    http.get(world.url("/other?x=2"))
    assert max(sleeps) <= 1.0 * PENALTY_CAP + 1e-6  # not 64 s
    http.close()


def test_core_x_ratelimit_retry_after_is_honoured(world: World) -> None:
    world.route(
        "/core/search",
        [Reply(429, "quota", {"x-ratelimit-retry-after": "7"}), as_json({"results": []})],
    )
    sleeps: list[float] = []
    http = polite(sleeps, max_retries=2)
    assert http.get(world.url("/core/search")).status == 200
    assert 7.0 in sleeps
    assert parse_retry_after("2030-01-01T00:00:10Z", 1893456000.0) == 10.0
    http.close()


def test_openalex_daily_quota_ends_openalex_for_the_run(tmp_path: Path, world: World) -> None:
    world.prefix("/openalex/", Reply(429, '{"error": "daily limit"}'))
    world.route("/unpaywall/v2/10.5555/a", as_json({"best_oa_location": None}))
    world.route("/unpaywall/v2/10.5555/b", as_json({"best_oa_location": None}))
    report = run(
        tmp_path, world, article("a1", "10.5555/a"), article("b1", "10.5555/b"), concurrency=1
    )
    asked = world.hits("/openalex/")
    assert asked == 3  # the first lookup and its two retries; never again
    later = [
        a for e in report.entries for a in e.attempts if a.service == "openalex" and a.url is None
    ]
    assert len(later) == 3  # the OA lookup of a1, both lookups of b1
    assert all(a.reason is Reason.RATE_LIMITED for a in later)
    assert "not asked again in this run (its daily quota is likely used up" in later[0].detail


def test_openalex_403_is_rate_limiting_and_never_cached(tmp_path: Path, world: World) -> None:
    world.prefix("/openalex/", Reply(403, '{"error": "forbidden"}'))
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_yaml(article("a1", "10.5555/a")), encoding="utf-8")
    (tmp_path / "ars-docs.toml").write_text(config_toml(world), encoding="utf-8")
    cache = tmp_path / "cache"
    runtime = Runtime(environ={"ARS_DOCS_CACHE_DIR": str(cache)}, sleep=[].append)
    report = retrieve(passport, RetrieveOptions(), runtime)
    first = next(a for a in report.entries[0].attempts if a.service == "openalex")
    assert first.reason is Reason.RATE_LIMITED and "openalex_api_key" in first.detail
    asked = world.hits("/openalex/")
    retrieve(passport, RetrieveOptions(), runtime)
    assert world.hits("/openalex/") == asked + 1  # asked again on the rerun: not cached


# -- not fetched again ---------------------------------------------------------------------


def test_a_redirect_target_is_not_downloaded_twice(tmp_path: Path, world: World) -> None:
    big = pdf(["Another paper entirely", "Somebody Else", "x" * 80] * 40)
    world.route("/doi/10.5555/a", redirect(world.url("/files/shared.pdf")))
    world.route("/landing/a", redirect(world.url("/files/shared.pdf")))
    world.route("/files/shared.pdf", big)
    run(tmp_path, world, article("a1", "10.5555/a", url="{base}/landing/a"))
    assert world.hits("/files/shared.pdf") == 1


def test_a_host_that_never_answers_is_asked_once(world: World) -> None:
    world.route("/slow/1", Reply(200, b"late", delay=1.0))
    world.route("/slow/2", Reply(200, b"late", delay=1.0))
    http = polite([], timeout=0.2)
    for path in ("/slow/1", "/slow/2", "/slow/1"):
        with pytest.raises(FetchFailure) as raised:
            http.get(world.url(path))
        assert raised.value.reason is Reason.TIMEOUT
    assert world.hits("/slow/") == 1
    assert "did not answer earlier in this run" in raised.value.detail or (
        "not fetched again" in raised.value.detail
    )
    http.close()


def test_content_length_over_the_cap_is_refused_before_the_body(world: World) -> None:
    world.route("/huge.pdf", Reply(200, b"%PDF-" + b"x" * 5000))
    http = polite([], max_bytes=2048)
    for _ in range(2):
        with pytest.raises(FetchFailure) as raised:
            http.get(world.url("/huge.pdf"))
        assert raised.value.reason is Reason.TOO_LARGE
    assert "Content-Length 5005 is more than 2048 bytes" in raised.value.detail
    assert world.hits("/huge.pdf") == 1
    http.close()


# -- service facts --------------------------------------------------------------------------


def test_a_wayback_blocked_site_is_not_indexed_not_a_paywall(tmp_path: Path, world: World) -> None:
    url = "{base}/site/article"
    world.route("/site/article", Reply(404, "gone"))
    world.route(
        "/cdx",
        as_json([["timestamp", "original", "statuscode"], ["20200101000000", "x", "200"]]),
    )
    world.prefix(
        "/web/",
        Reply(
            403,
            "blocked",
            {"x-archive-wayback-runtime-error": "AdministrativeAccessControlException: Blocked"},
        ),
    )
    report = run(tmp_path, world, entry_yaml("w1", TITLE, PEOPLE, url=url, type="webpage"))
    wayback = next(a for a in report.entries[0].attempts if a.service == "wayback")
    assert wayback.reason is Reason.NOT_INDEXED and "does not serve this site" in wayback.detail


def test_cdx_queries_have_their_own_budget(world: World) -> None:
    world.route("/cdx/search/cdx", as_json([]))
    world.prefix("/web/", Reply(200, "snap"))
    sleeps: list[float] = []
    http = polite(sleeps, min_interval=0, cdx_per_minute=30)
    http.get(world.url("/cdx/search/cdx?url=a"))
    http.get(world.url("/web/1id_/a"))  # a snapshot does not wait for the CDX budget
    assert sleeps == []
    http.get(world.url("/cdx/search/cdx?url=b"))
    assert len(sleeps) == 1 and 1.9 < sleeps[0] <= 2.0  # 60 s / 30
    http.close()


# -- the attempt log ------------------------------------------------------------------------


def test_attempts_carry_time_tries_and_waits(tmp_path: Path, world: World) -> None:
    world.route("/doi/10.5555/a", [Reply(503, "busy", {"retry-after": "3"}), pdf(PAGE)])
    sleeps: list[float] = []
    report = run(tmp_path, world, article("a1", "10.5555/a"), sleeps=sleeps)
    first = report.entries[0].attempts[0]
    assert first.reason is None and first.tries == 2 and first.waited >= 3.0
    assert first.seconds is not None and first.seconds >= 0 and first.cached is False
    assert first.match in ("exact", "strong")


def test_the_progress_bar_fits_the_terminal_it_is_drawn_on() -> None:
    import fcntl
    import os
    import struct
    import termios

    from ars_docs.retrieval.progress import Progress

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
    with os.fdopen(slave, "w") as stream:
        bar = Progress(3, stream)
        assert bar.bar
        bar.update("a-very-long-citation-key-2024", "acquired via publisher_direct -> x")
        drawn = os.read(master, 4096).decode()
    os.close(master)
    line = drawn.replace("\r\n", "\n").lstrip("\r")
    assert 30 < len(line) <= 39  # the 40-column terminal, not standard output's width


def test_the_corpus_schema_knows_author_url_and_pmcid(tmp_path: Path) -> None:
    from ars_docs.session.lint import lint_corpus

    passport = tmp_path / "passport.yaml"
    passport.write_text(
        passport_yaml(
            entry_yaml(
                "a1",
                TITLE,
                [{"family": "Nakamura", "given": "Aiko", "url": "https://aiko.example/"}],
                pmcid="PMC1234567",
            )
        ),
        encoding="utf-8",
    )
    assert [d for d in lint_corpus(passport) if "url" in d.message or "pmcid" in d.message] == []
    assert [d.code for d in lint_corpus(passport)] == []


# -- what the entry already says ------------------------------------------------------------


def test_arxiv_id_is_used_and_the_arxiv_host_is_asked_slowly(tmp_path: Path, world: World) -> None:
    world.route("/arxiv/pdf/2103.03404", pdf(["arXiv:2103.03404v2 [cs.LG]", *PAGE]))
    world.route("/arxiv/pdf/2103.03405", pdf(["arXiv:2103.03405v1 [cs.LG]", *PAGE]))
    entry = entry_yaml("ax1", TITLE, PEOPLE, arxiv_id="arXiv:2103.03404", year=2021)
    other = entry_yaml("ax2", TITLE, PEOPLE, arxiv_id="2103.03405", year=2021)
    sleeps: list[float] = []
    report = run(tmp_path, world, entry, other, sleeps=sleeps, arxiv_min_interval=3, concurrency=1)
    outcome = report.entries[0]
    assert outcome.channel == "publisher_direct" and outcome.url == world.url(
        "/arxiv/pdf/2103.03404"
    )
    assert outcome.match == "exact" and outcome.version == "preprint"
    # The arXiv host keeps 3 s between requests (here it is the whole test world).
    assert len(sleeps) == 1 and 2.0 < sleeps[0] <= 3.0


def test_crossref_full_text_links_are_tried(tmp_path: Path, world: World) -> None:
    world.route("/doi/10.5555/cr", Reply(403, "paywall"))
    world.route(
        "/crossref/works/10.5555/cr",
        as_json(
            {
                "status": "ok",
                "message": {
                    "DOI": "10.5555/cr",
                    "link": [
                        {
                            "URL": world.url("/tdm/cr.xml"),
                            "content-type": "text/xml",
                            "intended-application": "text-mining",
                        },
                        {
                            "URL": world.url("/tdm/cr.pdf"),
                            "content-type": "application/pdf",
                            "intended-application": "text-mining",
                        },
                    ],
                },
            }
        ),
    )
    world.route("/tdm/cr.pdf", pdf([*PAGE, "https://doi.org/10.5555/cr"]))
    report = run(tmp_path, world, article("cr1", "10.5555/cr"))
    outcome = report.entries[0]
    assert outcome.url == world.url("/tdm/cr.pdf") and outcome.match == "exact"
    assert world.hits("/tdm/cr.xml") == 0  # the PDF link first, and it verified


def test_pmcid_goes_to_europe_pmc(tmp_path: Path, world: World) -> None:
    world.route("/europepmc/articles/PMC1234567", pdf(PAGE))
    entry = entry_yaml("pm1", TITLE, PEOPLE, pmcid="PMC1234567", year=2021)
    report = run(tmp_path, world, entry)
    assert report.entries[0].url == world.url("/europepmc/articles/PMC1234567?pdf=render")


def test_citation_pdf_url_to_an_html_viewer_is_followed_once_more(
    tmp_path: Path, world: World
) -> None:
    world.route("/doi/10.5555/v", redirect(world.url("/article/v")))
    world.route(
        "/article/v",
        Reply(
            200,
            "<html><head><meta name='citation_pdf_url' content='/article/v/viewer'></head>"
            "<body>landing</body></html>",
            {"content-type": "text/html"},
        ),
    )
    world.route(
        "/article/v/viewer",
        Reply(
            200,
            "<html><body><iframe src='/files/v.pdf'></iframe></body></html>",
            {"content-type": "text/html"},
        ),
    )
    world.route("/files/v.pdf", pdf(PAGE))
    report = run(tmp_path, world, article("v1", "10.5555/v"))
    assert report.entries[0].url == world.url("/files/v.pdf")


def test_homepage_links_that_tie_make_the_find_ambiguous(tmp_path: Path, world: World) -> None:
    world.route("/doi/10.5555/t", Reply(403, "paywall"))
    world.route(
        "/home/",
        Reply(
            200,
            "<html><body>"
            f"<a href='/home/revisited.pdf'>{TITLE}: revisited ten years on</a>"
            f"<a href='/home/original.pdf'>{TITLE}</a></body></html>",
            {"content-type": "text/html"},
        ),
    )
    world.route("/home/revisited.pdf", pdf(PAGE))
    world.route("/home/original.pdf", pdf(PAGE))
    report = run(
        tmp_path,
        world,
        article("t1", "10.5555/t"),
        author_homepages={"Nakamura": [world.url("/home/")]},
    )
    outcome = report.entries[0]
    assert outcome.status.value == "pending_user_action"
    tied = [a for a in outcome.attempts if "candidate_tie" in a.match_reasons]
    assert tied and all(a.match == "ambiguous" for a in tied)
    assert outcome.candidates and outcome.candidates[0]["match"] == "ambiguous"
