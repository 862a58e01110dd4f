"""A realistic retrieval world for the end-to-end acceptance test (issue 15 §3).

33 passport entries across every channel and failure mode, served by three
local HTTP servers (the others: a host that never answers in time, and a
host that asks for a pause longer than ``max_wait``)
with the response shapes of doi.org redirects, publisher landing pages and
viewers, Crossref ``message.link[]``, the Wayback CDX JSON table and ``id_``
snapshots, OpenAlex works, Unpaywall v2, CORE v3 search results, Europe PMC
and arXiv. ``EXPECTED`` says how each entry must end: acquired through which
channel (and from which body), or pending with which reason among its
attempts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tests.support.retrieval import (
    Reply,
    Seen,
    World,
    as_json,
    entry_yaml,
    html,
    make_pdf,
    passport_yaml,
    redirect,
)


@dataclass
class Expect:
    status: str
    channel: str | None = None
    body: bytes | None = None
    """The bytes the acquired file must have (the right document)."""
    reasons: tuple[str, ...] = ()
    """Reasons that must appear among the entry's attempts."""
    candidate: bool = False


@dataclass
class Setup:
    entries: list[str] = field(default_factory=list)
    expected: dict[str, Expect] = field(default_factory=dict)
    author_homepages: dict[str, list[str]] = field(default_factory=dict)
    local_files: dict[str, bytes] = field(default_factory=dict)
    """Files the user saved under sources/ before the run."""


def paper(title: str, author: str, *extra: str) -> bytes:
    return make_pdf([title, author, "Abstract", "This paper studies the question.", *extra])


def build(world: World, slow: World, busy: World) -> Setup:
    """Routes on ``world``; ``slow`` never answers in time and ``busy`` asks for a pause
    beyond ``max_wait`` (other hosts: one host's manners must not hold back the rest)."""
    s = Setup()
    u = world.url
    cdx_rows: dict[str, list[list[str]]] = {}
    openalex: dict[str, dict[str, Any]] = {}
    unpaywall: dict[str, dict[str, Any]] = {}
    core: dict[str, dict[str, Any]] = {}

    def add(key: str, title: str, family: str, expect: Expect, **fields: Any) -> None:
        s.entries.append(entry_yaml(key, title, [{"family": family, "given": "A."}], **fields))
        s.expected[key] = expect

    def pdf_reply(body: bytes) -> Reply:
        return Reply(200, body, {"content-type": "application/pdf"})

    paywall = Reply(403, "<html><body>Purchase access</body></html>", {"content-type": "text/html"})

    # -- acquired ------------------------------------------------------------------------
    body = paper("Doctoral supervision as a signal of quality", "A. Nakamura", "doi:10.5555/e2e.1")
    world.route("/doi/10.5555/e2e.1", redirect(u("/pub/e2e.1.pdf")))
    world.route("/pub/e2e.1.pdf", pdf_reply(body))
    add(
        "doi_pdf",
        "Doctoral supervision as a signal of quality",
        "Nakamura",
        Expect("acquired", "publisher_direct", body),
        doi="10.5555/e2e.1",
        year=2021,
    )

    body = paper("Peer review cultures in engineering faculties", "B. Osei")
    world.route("/doi/10.5555/e2e.2", redirect(u("/article/e2e.2")))
    world.route(
        "/article/e2e.2",
        html(
            "<meta name='citation_pdf_url' content='/article/e2e.2.pdf'><h1>Peer review cultures "
            "in engineering faculties</h1><p>B. Osei</p>"
        ),
    )
    world.route("/article/e2e.2.pdf", pdf_reply(body))
    add(
        "doi_landing",
        "Peer review cultures in engineering faculties",
        "Osei",
        Expect("acquired", "publisher_direct", body),
        doi="10.5555/e2e.2",
        type="article-journal",
    )

    body = paper("Teaching loads and research output", "C. Lindqvist")
    world.route("/doi/10.5555/e2e.3", redirect(u("/article/e2e.3")))
    world.route(
        "/article/e2e.3",
        html("<meta name='citation_pdf_url' content='/article/e2e.3/epdf'><p>landing</p>"),
    )
    world.route("/article/e2e.3/epdf", html("<iframe src='/files/e2e.3.pdf'></iframe>"))
    world.route("/files/e2e.3.pdf", pdf_reply(body))
    add(
        "doi_viewer",
        "Teaching loads and research output",
        "Lindqvist",
        Expect("acquired", "publisher_direct", body),
        doi="10.5555/e2e.3",
        type="article-journal",
    )

    body = paper("Quality audits in vocational colleges", "D. Mensah", "DOI 10.5555/e2e.4")
    world.route("/doi/10.5555/e2e.4", paywall)
    world.route(
        "/crossref/works/10.5555/e2e.4",
        as_json(
            {
                "status": "ok",
                "message": {
                    "DOI": "10.5555/e2e.4",
                    "link": [
                        {
                            "URL": u("/tdm/e2e.4.pdf"),
                            "content-type": "application/pdf",
                            "intended-application": "text-mining",
                        }
                    ],
                },
            }
        ),
    )
    world.route("/tdm/e2e.4.pdf", pdf_reply(body))
    add(
        "crossref_link",
        "Quality audits in vocational colleges",
        "Mensah",
        Expect("acquired", "publisher_direct", body),
        doi="10.5555/e2e.4",
    )

    body = make_pdf(
        [
            "arXiv:2104.00001v1 [cs.CY] 1 Apr 2021",
            "Ranking universities with sparse data",
            "E. Kowalczyk",
            "Abstract",
        ]
    )
    world.route("/arxiv/pdf/2104.00001", pdf_reply(body))
    add(
        "arxiv",
        "Ranking universities with sparse data",
        "Kowalczyk",
        Expect("acquired", "publisher_direct", body),
        arxiv_id="2104.00001",
        year=2021,
    )

    body = paper("Sleep and learning in first-year students", "F. Okeke")
    world.route("/europepmc/articles/PMC7000001", pdf_reply(body))
    add(
        "pmc",
        "Sleep and learning in first-year students",
        "Okeke",
        Expect("acquired", "publisher_direct", body),
        pmcid="PMC7000001",
    )

    body = paper("Student voice in programme review", "G. Haddad")
    world.route("/reports/voice.pdf", pdf_reply(body))
    add(
        "url_pdf",
        "Student voice in programme review",
        "Haddad",
        Expect("acquired", "publisher_direct", body),
        url=u("/reports/voice.pdf"),
    )

    news = u("/daily/2025/03/02/library-hours/")
    world.route(
        "/daily/2025/03/02/library-hours/",
        Reply(
            403, "<title>Vercel Security Checkpoint</title>", {"x-vercel-mitigated": "challenge"}
        ),
    )
    snapshot = (
        "<!doctype html><html><body><article><h1>Library extends weekend hours"
        "</h1><p>By H. Adeyemi · 2 March 2025</p><p>Text.</p></article></body></html>"
    )
    cdx_rows[news] = [["20250303000000", news, "200"]]
    world.prefix(
        f"/web/20250303000000id_/{news}",
        Reply(200, snapshot, {"content-type": "text/html; charset=utf-8"}),
    )
    add(
        "wayback_news",
        "Library extends weekend hours",
        "Adeyemi",
        Expect("acquired", "wayback_cdx_search", snapshot.encode()),
        url=news,
        type="article-newspaper",
        year=2025,
    )

    # A two-word title is weak evidence (issue 22): the header carries the year as well.
    body = paper("Accreditation and trust", "A. Tanaka, 2020")
    world.route("/doi/10.5555/e2e.9", redirect(u("/j/e2e.9")))
    world.route("/j/e2e.9", Reply(500, "oops"))
    cdx_rows[u("/j/e2e.9")] = [["20200101000000", u("/j/e2e.9"), "200"]]
    world.route(
        f"/web/20200101000000id_/{u('/j/e2e.9')}",
        html("<meta name='citation_pdf_url' content='/j/e2e.9.pdf'>"),
    )
    world.route(f"/web/20200101000000id_/{u('/j/e2e.9.pdf')}", pdf_reply(body))
    add(
        "wayback_landing",
        "Accreditation and trust",
        "Tanaka",
        Expect("acquired", "wayback_cdx_search", body),
        doi="10.5555/e2e.9",
        type="article-journal",
    )

    body = paper("Mentoring early-career academics", "J. Moreau")
    world.route("/doi/10.5555/e2e.10", paywall)
    world.route(
        "/home/moreau/",
        html(
            "<ul><li><a href='cv.pdf'>CV</a></li><li><a href='mentoring.pdf'>Mentoring "
            "early-career academics (PDF)</a></li></ul>"
        ),
    )
    world.route("/home/moreau/mentoring.pdf", pdf_reply(body))
    s.author_homepages["Moreau"] = [u("/home/moreau/")]
    add(
        "author_site",
        "Mentoring early-career academics",
        "Moreau",
        Expect("acquired", "author_personal_website", body),
        doi="10.5555/e2e.10",
    )

    body = make_pdf(
        ["University Repository", "This is the accepted manuscript.", "Terms of use apply."],
        ["Internationalisation at home", "A. Novak (2020)", "Abstract", "Text."],
    )
    world.route("/doi/10.5555/e2e.11", paywall)
    world.route("/repo/e2e.11.pdf", pdf_reply(body))
    openalex["10.5555/e2e.11"] = {
        "id": "https://openalex.org/W11",
        "locations": [{"is_oa": True, "pdf_url": u("/repo/e2e.11.pdf"), "landing_page_url": None}],
    }
    add(
        "openalex_location",
        "Internationalisation at home",
        "Novak",
        Expect("acquired", "scholar_all_versions", body),
        doi="10.5555/e2e.11",
    )

    body = paper("Grading practices across Europe", "L. Ferreira")
    world.route("/doi/10.5555/e2e.12", paywall)
    world.route("/oa/e2e.12.pdf", pdf_reply(body))
    unpaywall["10.5555/e2e.12"] = {
        "doi": "10.5555/e2e.12",
        "is_oa": True,
        "best_oa_location": {
            "url_for_pdf": u("/oa/e2e.12.pdf"),
            "url": u("/oa/e2e.12"),
            "host_type": "repository",
        },
    }
    add(
        "unpaywall",
        "Grading practices across Europe",
        "Ferreira",
        Expect("acquired", "oa_aggregators", body),
        doi="10.5555/e2e.12",
    )

    body = paper("Part-time study and completion", "M. Ivanova")
    world.route("/doi/10.5555/e2e.13", paywall)
    world.route("/core/download/13.pdf", pdf_reply(body))
    core['doi:"10.5555/e2e.13"'] = {
        "totalHits": 1,
        "results": [
            {"id": 13, "downloadUrl": u("/core/download/13.pdf"), "sourceFulltextUrls": []}
        ],
    }
    add(
        "core",
        "Part-time study and completion",
        "Ivanova",
        Expect("acquired", "oa_aggregators", body),
        doi="10.5555/e2e.13",
    )

    body = paper("Cookie walls and open science", "N. Berg")

    def cookie_paper(seen: Seen, body: bytes = body) -> Reply:
        if "ok=1" in seen.headers.get("cookie", ""):
            return pdf_reply(body)
        if seen.query.get("cookieSet") == ["1"]:
            return Reply(302, b"", {"location": "/cw/paper", "set-cookie": "ok=1; Path=/"})
        return redirect("/cw/paper?cookieSet=1")

    world.route("/doi/10.5555/e2e.14", redirect(u("/cw/paper")))
    world.route("/cw/paper", cookie_paper)
    add(
        "cookie_check",
        "Cookie walls and open science",
        "Berg",
        Expect("acquired", "publisher_direct", body),
        doi="10.5555/e2e.14",
    )

    body = paper("Busy servers and patient clients", "O. Rossi")
    world.route("/doi/10.5555/e2e.15", [Reply(503, "busy", {"retry-after": "1"}), pdf_reply(body)])
    add(
        "retry_after",
        "Busy servers and patient clients",
        "Rossi",
        Expect("acquired", "publisher_direct", body),
        doi="10.5555/e2e.15",
    )

    body = paper("A file the user saved", "P. Quispe")
    add(
        "local_file",
        "A file the user saved",
        "Quispe",
        Expect("acquired", "local_file", body),
        doi="10.5555/e2e.16",
    )
    s.local_files["local_file"] = body

    # -- pending: the file found is not the work, or nothing could be fetched ------------
    world.route(
        "/doi/10.5555/e2e.17",
        pdf_reply(
            make_pdf(
                [
                    "Beyond compliance in quality assurance",
                    "R. Kim",
                    "Abstract",
                    "Text.",
                    "REFERENCES AND NOTES",
                    "1. S. Dube, Faculty workload models compared, J. High. Educ. 12, 1 (2019).",
                ]
            )
        ),
    )
    add(
        "citing_paper",
        "Faculty workload models compared",
        "Dube",
        Expect("pending_user_action", reasons=("content_match_failed",)),
        doi="10.5555/e2e.17",
    )

    world.route("/campus/2024/05/01/vote/", Reply(301, b"", {"location": "/campus/"}))
    world.route(
        "/campus/",
        html(
            "<main><h2>Campus</h2><a href='/campus/2024/05/01/vote/'>Senate approves new grading "
            "policy</a><p>By T. Walker</p><a href='/campus/x'>Other story</a></main>"
        ),
    )
    add(
        "news_teaser",
        "Senate approves new grading policy",
        "Walker",
        Expect("pending_user_action", reasons=("identity_uncertain",), candidate=True),
        url=u("/campus/2024/05/01/vote/"),
        type="article-newspaper",
        year=2024,
    )

    world.route("/doi/10.5555/e2e.19", paywall)
    world.route(
        "/home/ueda/",
        html("<a href='followup.pdf'>Assessment literacy revisited: ten years on</a>"),
    )
    world.route(
        "/home/ueda/followup.pdf",
        pdf_reply(
            make_pdf(
                [
                    "Assessment literacy revisited: ten years on",
                    "U. Ueda",
                    "Abstract",
                    "Text.",
                    "References",
                    "Ueda, U. (2012). Assessment literacy among lecturers. J. Ed. 3, 1-9.",
                ]
            )
        ),
    )
    s.author_homepages["Ueda"] = [u("/home/ueda/")]
    add(
        "follow_up",
        "Assessment literacy among lecturers",
        "Ueda",
        Expect("pending_user_action", reasons=("content_match_failed",)),
        doi="10.5555/e2e.19",
        year=2012,
    )

    world.route(
        "/reviews/power.pdf",
        pdf_reply(
            make_pdf(
                [
                    "BOOK REVIEW",
                    "The measured university",
                    "V. Power, Campus Press, 2019, 240 pp.,",
                    "ISBN 978-0-00-000000-0",
                    "Reviewed by W. Smith",
                ]
            )
        ),
    )
    add(
        "book_review",
        "The measured university",
        "Power",
        Expect("pending_user_action", reasons=("content_match_failed",)),
        url=u("/reviews/power.pdf"),
        type="book",
        year=2019,
    )

    world.route(
        "/doi/10.5555/e2e.21",
        pdf_reply(
            make_pdf(
                [
                    "Journal of Higher Education Studies",
                    "Contents",
                    "Editorial ........ 1",
                    "Workload and wellbeing of lecturers",
                    "X. Zhou ........ 5",
                    "Funding formulas compared ........ 21",
                    "Doctoral schools in transition ........ 37",
                ]
            )
        ),
    )
    add(
        "toc",
        "Workload and wellbeing of lecturers",
        "Zhou",
        Expect("pending_user_action", reasons=("content_match_failed",)),
        doi="10.5555/e2e.21",
    )

    world.route("/doi/10.5555/e2e.22", pdf_reply(make_pdf([])))
    add(
        "scanned",
        "A report on campus buildings",
        "Yilmaz",
        Expect("pending_user_action", reasons=("pdf_unreadable",), candidate=True),
        doi="10.5555/e2e.22",
    )

    world.route("/doi/10.5555/e2e.23", paywall)
    core['doi:"10.5555/e2e.23"'] = {
        "totalHits": 1,
        "results": [
            {
                "downloadUrl": "https://www.researchgate.net/profile/Z-Doe/publication/1/links/paper.pdf"
            }
        ],
    }
    add(
        "paywall_only",
        "Audit cultures in small colleges",
        "Doe",
        Expect("pending_user_action", reasons=("paywall_403", "blocked_host")),
        doi="10.5555/e2e.23",
    )

    world.route("/doi/10.5555/e2e.24", redirect(u("/idp/login?target=e2e.24")))
    world.route("/idp/login", html("<form><input type='password'></form>"))
    add(
        "login_redirect",
        "Single sign-on and scholarly access",
        "Abebe",
        Expect("pending_user_action", reasons=("login_redirect",)),
        doi="10.5555/e2e.24",
    )

    world.route(
        "/doi/10.5555/e2e.25",
        Reply(403, "<title>Just a moment...</title>", {"cf-mitigated": "challenge"}),
    )
    add(
        "waf",
        "Bots and the scholarly web",
        "Brown",
        Expect("pending_user_action", reasons=("waf_blocked",)),
        doi="10.5555/e2e.25",
    )

    busy.route("/throttled", Reply(429, "slow down", {"retry-after": "100000"}))
    world.route("/doi/10.5555/e2e.26", redirect(busy.url("/throttled")))
    add(
        "rate_limited",
        "Throttled by design",
        "Costa",
        Expect("pending_user_action", reasons=("rate_limited",)),
        doi="10.5555/e2e.26",
    )

    world.route(
        "/doi/10.5555/e2e.27",
        Reply(200, b"%PDF-" + b"0" * 300_000, {"content-type": "application/pdf"}),
    )
    add(
        "oversize",
        "A very large appendix",
        "Diallo",
        Expect("pending_user_action", reasons=("too_large",)),
        doi="10.5555/e2e.27",
    )

    slow.route("/never", Reply(200, b"late", delay=5))
    world.route("/doi/10.5555/e2e.28", redirect(slow.url("/never")))
    add(
        "timeout_host",
        "A host that never answers",
        "Evans",
        Expect("pending_user_action", reasons=("timeout",)),
        doi="10.5555/e2e.28",
    )

    blocked = u("/excluded/article")
    world.route("/excluded/article", Reply(404, "gone"))
    cdx_rows[blocked] = [["20190101000000", blocked, "200"]]
    world.prefix(
        f"/web/20190101000000id_/{blocked}",
        Reply(
            403,
            "blocked",
            {"x-archive-wayback-runtime-error": "AdministrativeAccessControlException"},
        ),
    )
    add(
        "wayback_blocked",
        "An excluded site",
        "Fischer",
        Expect("pending_user_action", reasons=("not_indexed",)),
        url=blocked,
        type="webpage",
    )

    add(
        "no_identifier",
        "A paper known only by its title",
        "Garcia",
        Expect("pending_user_action", reasons=("no_identifier",)),
    )

    s.entries.append(
        entry_yaml(
            "unverifiable", "An anonymous pamphlet", [{"given": "Anon"}], doi="10.5555/e2e.31"
        )
    )
    s.expected["unverifiable"] = Expect("unverifiable")

    world.route(
        "/doi/10.5555/e2e.32",
        pdf_reply(
            make_pdf(
                [
                    "Organisational culture and enhancement",
                    "H. Kowalska",
                    "https://doi.org/10.5555/other.99",
                    "Abstract",
                    "We extend Quality cultures in arts schools by I. Horvat (2018).",
                ]
            )
        ),
    )
    add(
        "different_doi",
        "Quality cultures in arts schools",
        "Horvat",
        Expect("pending_user_action", reasons=("content_match_failed",)),
        doi="10.5555/e2e.32",
        year=2018,
    )

    world.route("/doi/10.5555/e2e.33", redirect(u("/article/e2e.33")))
    world.route("/article/e2e.33", html("<h1>Landing of a closed article</h1><p>J. Ito</p>"))
    add(
        "landing_only",
        "Landing of a closed article",
        "Ito",
        Expect("pending_user_action", reasons=("landing_page_only",)),
        doi="10.5555/e2e.33",
        type="article-journal",
    )

    # -- the services --------------------------------------------------------------------
    def cdx(seen: Seen) -> Reply:
        rows = cdx_rows.get((seen.query.get("url") or [""])[0])
        return as_json([["timestamp", "original", "statuscode"], *rows] if rows else [])

    def openalex_work(seen: Seen) -> Reply:
        doi = seen.path.removeprefix("/openalex/works/doi:")
        work = openalex.get(doi)
        if work is None:
            return Reply(
                404, json.dumps({"error": "not found"}), {"content-type": "application/json"}
            )
        return as_json({"best_oa_location": None, "open_access": {"oa_url": None}, **work})

    def unpaywall_record(seen: Seen) -> Reply:
        doi = seen.path.removeprefix("/unpaywall/v2/")
        return as_json(unpaywall.get(doi, {"doi": doi, "is_oa": False, "best_oa_location": None}))

    def core_search(seen: Seen) -> Reply:
        query = (seen.query.get("q") or [""])[0]
        return as_json(core.get(query, {"totalHits": 0, "results": []}))

    world.route("/cdx", cdx)
    world.prefix("/openalex/works/", openalex_work)
    world.prefix("/unpaywall/v2/", unpaywall_record)
    world.route("/core/search/works", core_search)
    return s


def passport(setup: Setup) -> str:
    return passport_yaml(*setup.entries)
