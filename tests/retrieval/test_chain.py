"""The five channels against a local HTTP world (§3.5): each failure mode gets its
reason from the vocabulary, content is always verified, and the chain exits on
the first verified document."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ars_docs.retrieval import EntryStatus, RetrievalReport, RetrieveOptions, Runtime, retrieve
from ars_docs.retrieval.chain import run_entry
from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.net.http import PoliteHttp, Politeness
from ars_docs.retrieval.net.transport import HttpxTransport
from ars_docs.retrieval.walk.probe import Probe
from ars_docs.session.corpus import load_corpus
from tests.support.retrieval import (
    BANJARMASIN_PAGE,
    PERMEN_AUTHOR,
    PERMEN_PAGE,
    PERMEN_TITLE,
    Reply,
    World,
    as_json,
    config_toml,
    entry_yaml,
    html,
    passport_yaml,
    pdf,
    redirect,
)

TITLE = "Signals of quality in doctoral supervision"
AUTHORS = [{"family": "Nakamura", "given": "Aiko"}]
DOI = "10.5555/sq.2021.7"
FIRST_PAGE = [TITLE, "Aiko Nakamura, University of Example"]


@pytest.fixture
def world() -> Iterator[World]:
    with World() as w:
        yield w


def article(key: str = "naka2021", **fields: Any) -> str:
    fields.setdefault("doi", DOI)
    fields.setdefault("type", "article-journal")
    return entry_yaml(key, fields.pop("title", TITLE), fields.pop("authors", AUTHORS), **fields)


def run(
    tmp_path: Path,
    world: World,
    *entries: str,
    sleeps: list[float] | None = None,
    **config: Any,
) -> RetrievalReport:
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_yaml(*entries).replace("{base}", world.base), encoding="utf-8")
    (tmp_path / "ars-docs.toml").write_text(config_toml(world, **config), encoding="utf-8")
    slept = sleeps if sleeps is not None else []
    runtime = Runtime(environ={"ARS_DOCS_CACHE_DIR": str(tmp_path / "cache")}, sleep=slept.append)
    return retrieve(passport, RetrieveOptions(), runtime)


def steps(report: RetrievalReport, key: str = "naka2021") -> list[tuple[str, str | None]]:
    entry = next(e for e in report.entries if e.citation_key == key)
    return [
        (a.channel + (f"/{a.service}" if a.service else ""), a.reason.value if a.reason else None)
        for a in entry.attempts
    ]


def landing(body: str) -> Reply:
    return html(body, title="Journal")


# -- publisher_direct -------------------------------------------------------------------


def test_publisher_pdf_via_citation_pdf_url(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", redirect(world.url("/journal/article/7")))
    world.route(
        "/journal/article/7",
        landing(f"<meta name='citation_pdf_url' content='/journal/pdf/7.pdf'><h1>{TITLE}</h1>"),
    )
    world.route("/journal/pdf/7.pdf", pdf(FIRST_PAGE))
    report = run(tmp_path, world, article())
    assert steps(report) == [("publisher_direct", None)]
    entry = report.entries[0]
    assert entry.status is EntryStatus.ACQUIRED and entry.channel == "publisher_direct"
    assert entry.url == world.url("/journal/pdf/7.pdf")
    assert (tmp_path / "sources" / "naka2021.pdf").read_bytes().startswith(b"%PDF-")
    assert world.hits("/cdx") == 0  # early exit: later channels never asked


def test_publisher_paywall_403(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(403, "<h1>Access denied</h1>", {"content-type": "text/html"}))
    report = run(tmp_path, world, article())
    assert steps(report)[0] == ("publisher_direct", "paywall_403")
    assert report.entries[0].status is EntryStatus.PENDING_USER_ACTION


def test_publisher_waf_challenge_page(tmp_path: Path, world: World) -> None:
    world.route(
        f"/doi/{DOI}",
        Reply(
            403,
            "<html><head><title>Just a moment...</title></head><body>"
            "<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1'></script>",
            {"content-type": "text/html", "cf-mitigated": "challenge", "server": "cloudflare"},
        ),
    )
    report = run(tmp_path, world, article())
    first = report.entries[0].attempts[0]
    assert (first.reason.value if first.reason else None) == "waf_blocked"
    assert "Cloudflare" in first.detail
    assert world.hits(f"/doi/{DOI}") == 1  # a challenge is not retried


def test_publisher_login_redirect(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", redirect(world.url("/pub/article/7")))
    world.route("/pub/article/7", redirect(world.url("/idp/login?target=%2Fpub%2Farticle%2F7")))
    world.route(
        "/idp/login",
        landing("<form><input name=user><input type=password name=pw></form>"),
    )
    report = run(tmp_path, world, article())
    first = report.entries[0].attempts[0]
    assert (first.channel, first.reason.value if first.reason else None) == (
        "publisher_direct",
        "login_redirect",
    )
    assert "/idp/login" in first.detail


def test_login_form_without_redirect(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", landing("<form><input type='PASSWORD'></form>"))
    report = run(tmp_path, world, article())
    assert steps(report)[0] == ("publisher_direct", "login_redirect")


def test_landing_page_without_pdf_is_not_the_original(tmp_path: Path, world: World) -> None:
    # The abstract page names the title and the author, yet it is not the article.
    world.route(f"/doi/{DOI}", landing(f"<main><h1>{TITLE}</h1><p>Aiko Nakamura</p></main>"))
    report = run(tmp_path, world, article())
    assert steps(report)[0] == ("publisher_direct", "landing_page_only")


def test_not_pdf_or_html(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(200, b"PK\x03\x04zip", {"content-type": "application/zip"}))
    report = run(tmp_path, world, article())
    assert steps(report)[0] == ("publisher_direct", "not_pdf_or_html")


def test_wrong_record_pdf_is_rejected_and_the_chain_goes_on(tmp_path: Path, world: World) -> None:
    """The spec's case: peraturan.bpk.go.id served a Banjarmasin tax regulation (8 MB, valid
    PDF header) for Permendikbudristek 53/2023; the Wayback snapshot has the right one."""
    url = world.url("/bpk/Download/permendikbudristek-53-2023.pdf")
    world.route("/bpk/Download/permendikbudristek-53-2023.pdf", pdf(BANJARMASIN_PAGE))
    world.route(
        "/cdx",
        as_json([["timestamp", "original", "statuscode"], ["20231020101010", url, "200"]]),
    )
    world.prefix(f"/web/20231020101010id_/{url}", pdf(PERMEN_PAGE))
    entry = entry_yaml(
        "permendikbudristek_53_2023",
        PERMEN_TITLE,
        [{"literal": PERMEN_AUTHOR}],
        year=2023,
        type="legislation",
        url=url,
    )
    report = run(tmp_path, world, entry)
    assert steps(report, "permendikbudristek_53_2023") == [
        ("publisher_direct", "content_match_failed"),
        ("wayback_cdx_search/wayback", None),
    ]
    rejected = report.entries[0].attempts[0]
    assert (
        rejected.http_status == 200
        and rejected.match == "different"
        and "title_missing" in rejected.match_reasons
    )
    saved = (tmp_path / "sources" / "permendikbudristek_53_2023.pdf").read_bytes()
    assert b"PENJAMINAN MUTU" in saved and b"BANJARMASIN" not in saved


def test_wrong_record_everywhere_saves_nothing(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", pdf(BANJARMASIN_PAGE))
    before_passport = passport_yaml(article())
    report = run(tmp_path, world, article())
    assert steps(report)[0] == ("publisher_direct", "content_match_failed")
    assert report.entries[0].status is EntryStatus.PENDING_USER_ACTION
    assert not (tmp_path / "sources").exists()
    assert (tmp_path / "passport.yaml").read_text(encoding="utf-8") == before_passport


# -- wayback_cdx_search -----------------------------------------------------------------


def test_wayback_snapshot_of_landing_page_follows_its_pdf_link_inside_the_archive(
    tmp_path: Path, world: World
) -> None:
    world.route(f"/doi/{DOI}", redirect(world.url("/journal/article/7")))
    world.route("/journal/article/7", Reply(503, "down", {"retry-after": "0"}))
    landing_url = world.url("/journal/article/7")
    world.route(
        "/cdx",
        as_json(
            [
                ["timestamp", "original", "statuscode"],
                ["20190101000000", landing_url, "200"],
                ["20200101000000", landing_url, "200"],
            ]
        ),
    )
    world.prefix(
        f"/web/20200101000000id_/{landing_url}",
        landing("<meta name='citation_pdf_url' content='/journal/pdf/7.pdf'>"),
    )
    world.prefix(f"/web/20200101000000id_/{world.url('/journal/pdf/7.pdf')}", pdf(FIRST_PAGE))
    report = run(tmp_path, world, article())
    assert steps(report) == [
        ("publisher_direct", "server_error"),
        ("publisher_direct/crossref", "not_found"),
        ("wayback_cdx_search/wayback", None),
    ]
    assert report.entries[0].url == world.url(
        f"/web/20200101000000id_/{world.url('/journal/pdf/7.pdf')}"
    )
    cdx = next(s for s in world.seen if s.path == "/cdx")
    assert cdx.query["output"] == ["json"] and cdx.query["filter"] == ["statuscode:200"]


def test_wayback_without_any_url_is_no_identifier(tmp_path: Path, world: World) -> None:
    entry = entry_yaml("bare", TITLE, AUTHORS, type="article-journal")
    report = run(tmp_path, world, entry)
    assert steps(report, "bare")[:2] == [
        ("publisher_direct", "no_identifier"),
        ("wayback_cdx_search", "no_identifier"),
    ]


# -- author_personal_website ------------------------------------------------------------


def test_entry_homepage_by_key_and_pdf_link_on_it(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(403, "paywall", {"content-type": "text/html"}))
    world.route("/~aiko/", html("<a href='pubs/sq-2021.pdf'>Signals of quality (2021)</a>"))
    world.route("/~aiko/pubs/sq-2021.pdf", pdf(FIRST_PAGE))
    report = run(tmp_path, world, article(), entry_homepages={"naka2021": [world.url("/~aiko/")]})
    assert steps(report)[-1] == ("author_personal_website", None)


def test_author_homepage_by_full_name(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(403, "paywall", {"content-type": "text/html"}))
    world.route("/~aiko/sq.pdf", pdf(FIRST_PAGE))
    report = run(
        tmp_path, world, article(), author_homepages={"AIKO Nakamura": world.url("/~aiko/sq.pdf")}
    )
    assert steps(report)[-1] == ("author_personal_website", None)


def test_homepage_without_a_likely_link(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(403, "paywall", {"content-type": "text/html"}))
    world.route("/~aiko/", html("<a href='/teaching'>Teaching</a>"))
    report = run(tmp_path, world, article(), author_homepages={"Nakamura": [world.url("/~aiko/")]})
    assert ("author_personal_website", "not_found") in steps(report)


def test_homepage_links_to_researchgate_are_refused(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(403, "paywall", {"content-type": "text/html"}))
    world.route(
        "/~aiko/",
        html("<a href='https://www.researchgate.net/publication/1_Signals.pdf'>PDF</a>"),
    )
    report = run(tmp_path, world, article(), author_homepages={"Nakamura": [world.url("/~aiko/")]})
    assert ("author_personal_website", "blocked_host") in steps(report)
    assert not any("researchgate" in s.path for s in world.seen)


# -- scholar_all_versions and oa_aggregators --------------------------------------------


def test_other_version_from_openalex_locations(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(403, "paywall", {"content-type": "text/html"}))
    world.route(
        f"/openalex/works/doi:{DOI}",
        as_json(
            {
                "title": TITLE,
                "locations": [
                    {"landing_page_url": world.url(f"/doi/{DOI}")},
                    {"pdf_url": world.url("/repo/bitstream/sq.pdf"), "is_oa": True},
                ],
            }
        ),
    )
    world.route("/repo/bitstream/sq.pdf", pdf(FIRST_PAGE))
    report = run(tmp_path, world, article())
    assert steps(report)[-2:] == [
        ("scholar_all_versions/openalex", "paywall_403"),
        ("scholar_all_versions/openalex", None),
    ]
    openalex = next(s for s in world.seen if s.path.startswith("/openalex"))
    assert openalex.query["mailto"] == ["researcher@example.org"]


def test_unpaywall_copy(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(403, "paywall", {"content-type": "text/html"}))
    world.route(
        f"/unpaywall/v2/{DOI}",
        as_json({"is_oa": True, "best_oa_location": {"url_for_pdf": world.url("/oa/sq.pdf")}}),
    )
    world.route("/oa/sq.pdf", pdf(FIRST_PAGE))
    report = run(tmp_path, world, article())
    assert steps(report)[-1] == ("oa_aggregators/unpaywall", None)
    unpaywall = next(s for s in world.seen if s.path.startswith("/unpaywall"))
    assert unpaywall.query["email"] == ["researcher@example.org"]


def test_core_needs_a_key_and_sends_it(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(403, "paywall", {"content-type": "text/html"}))
    report = run(tmp_path, world, article())
    assert steps(report)[-1] == ("oa_aggregators/core", "not_configured")
    world.route("/core/search/works", as_json({"results": [{"downloadUrl": world.url("/c.pdf")}]}))
    world.route("/c.pdf", pdf(FIRST_PAGE))
    sub = tmp_path / "with_key"
    sub.mkdir()
    report = run(sub, world, article(), core_api_key="k-123")
    assert steps(report)[-1] == ("oa_aggregators/core", None)
    core = next(s for s in world.seen if s.path == "/core/search/works")
    assert core.headers["authorization"] == "Bearer k-123"
    assert core.query["q"] == [f'doi:"{DOI}"']


# -- politeness through the whole stack -------------------------------------------------


def test_429_with_retry_after_is_honoured(tmp_path: Path, world: World) -> None:
    world.route(
        f"/doi/{DOI}",
        [Reply(429, "slow down", {"retry-after": "3"}), pdf(FIRST_PAGE)],
    )
    sleeps: list[float] = []
    report = run(tmp_path, world, article(), sleeps=sleeps)
    assert report.entries[0].status is EntryStatus.ACQUIRED
    assert 3.0 in sleeps and world.hits(f"/doi/{DOI}") == 2


def test_persistent_429_is_rate_limited(tmp_path: Path, world: World) -> None:
    world.route(f"/doi/{DOI}", Reply(429, "slow down", {"retry-after": "1"}))
    sleeps: list[float] = []
    report = run(tmp_path, world, article(), sleeps=sleeps, max_retries=2)
    assert steps(report)[0] == ("publisher_direct", "rate_limited")
    assert world.hits(f"/doi/{DOI}") == 3 and sleeps.count(1.0) == 2


def test_timeout_is_logged_and_the_chain_goes_on(tmp_path: Path, world: World) -> None:
    with World() as publisher:  # another host: a host that never answers is not asked again
        publisher.route("/paper", Reply(200, b"late", delay=1.0))
        world.route(f"/doi/{DOI}", redirect(publisher.url("/paper")))
        report = run(tmp_path, world, article(), timeout=0.2)
    assert steps(report)[0] == ("publisher_direct", "timeout")
    assert steps(report)[1] == ("publisher_direct/crossref", "not_found")
    assert steps(report)[2][0].startswith("wayback_cdx_search")


# -- the chain itself -------------------------------------------------------------------


def test_entry_without_authors_is_unverifiable_and_asks_nothing(
    tmp_path: Path, world: World
) -> None:
    entry = entry_yaml("anon", TITLE, [{"given": "Nobody"}], doi=DOI)
    report = run(tmp_path, world, entry)
    assert report.entries[0].status is EntryStatus.UNVERIFIABLE
    assert "no title or no author" in report.entries[0].detail
    assert world.seen == []


def test_a_silent_channel_is_still_logged(tmp_path: Path) -> None:
    class Silent:
        name = "publisher_direct"

        def retrieve(self, probe: Probe) -> None:
            return None

    passport = tmp_path / "p.yaml"
    passport.write_text(passport_yaml(article()), encoding="utf-8")
    entry = load_corpus(passport, use_cache=False).get("naka2021")
    assert entry is not None
    http = PoliteHttp(HttpxTransport(), Politeness(user_agent="t"))
    outcome = run_entry(
        entry,
        http=http,
        config=RetrievalConfig(contact_email="a@b.org"),
        chain=(Silent(),),
        sources=tmp_path / "sources",
        base=tmp_path,
        save=True,
    )
    http.close()
    assert [(a.channel, a.reason.value if a.reason else None) for a in outcome.attempts] == [
        ("publisher_direct", "not_found")
    ]
    assert outcome.pending_user_action == "researchgate_request_naka2021"
