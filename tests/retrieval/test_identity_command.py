"""Every defect of issue 22, through ``ars-docs retrieve`` against a local web.

Each test builds the web a user met (a publisher's retraction notice at the DOI, a
medRxiv supplement listed first, an "Editorial" shared by several works, names with
affiliation marks, an arXiv id whose latest version was retitled, a DOI alias, a
viewer page, a repository splash page, a homepage with a follow-up paper, an OpenAlex
403) and checks what the command recorded: the file kept, the reasons logged, what
was asked.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from ars_docs.retrieval import read_attempt_log
from ars_docs.session.corpus import load_corpus
from tests.support.retrieval import (
    Reply,
    World,
    as_json,
    config_toml,
    entry_yaml,
    html,
    make_pdf,
    passport_yaml,
    pdf,
    redirect,
)


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777000000")
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def world() -> Iterator[World]:
    with World() as w:
        w.prefix("/openalex/", as_json({}, 404))
        w.prefix("/unpaywall/", as_json({}, 404))
        w.prefix("/crossref/", as_json({}, 404))
        w.prefix("/cdx", as_json([]))
        yield w


def retrieve(
    cli: Any, root: Path, world: World, *entries: str, **config: Any
) -> tuple[Any, dict[str, Any], list[dict[str, Any]]]:
    """Run ``ars-docs retrieve --format json``; the result, the report and the log."""
    passport = root / "passport.yaml"
    passport.write_text(passport_yaml(*entries), encoding="utf-8")
    (root / "ars-docs.toml").write_text(config_toml(world, **config), encoding="utf-8")
    result = cli("retrieve", "--passport", passport, "--format", "json")
    report = json.loads(result.out)
    return result, report, read_attempt_log(root / "passport_retrieval_log.jsonl")


def entry_of(report: Mapping[str, Any], key: str) -> dict[str, Any]:
    entry: dict[str, Any] = next(e for e in report["entries"] if e["citation_key"] == key)
    return entry


def attempts(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    return list(entry["attempts"])


def acquired_bytes(root: Path, key: str) -> bytes:
    data = load_corpus(root / "passport.yaml", use_cache=False).get(key).data  # type: ignore[union-attr]
    assert data["source_acquired"] is True
    return (root / data["source_acquisition_path"]).read_bytes()


# -- wrong documents accepted as the work ------------------------------------------------

MARCH_TITLE = "Metabolic reprogramming of tumour-associated macrophages in hypoxia"
MARCH_DOI = "10.5555/onc.2021.0417"


def test_a_retraction_notice_at_the_doi_is_not_the_version_of_record(
    tmp_path: Path, world: World, cli: Any
) -> None:
    notice = make_pdf(
        [
            "Oncogenesis Letters (2023) 12:88",
            "RETRACTION",
            f"Retraction: {MARCH_TITLE}",
            "Marchetti L, Ibanez C.",
            "DOI: 10.5555/onc.2023.0990",
            "The above article has been retracted by agreement between the authors and the",
            "journal's Editor in Chief.",
        ]
    )
    article = make_pdf(
        [
            "Oncogenesis Letters (2021) 10:417",
            MARCH_TITLE,
            "Luca Marchetti1, Carmen Ibanez2",
            f"https://doi.org/{MARCH_DOI}",
            "Abstract",
            "Tumour-associated macrophages adapt their metabolism to low oxygen.",
        ]
    )
    world.route(f"/doi/{MARCH_DOI}", redirect(world.url("/onc/retraction.pdf")))
    world.route("/onc/retraction.pdf", Reply(200, notice, {"content-type": "application/pdf"}))
    world.route(
        f"/crossref/works/{MARCH_DOI}",
        as_json(
            {
                "message": {
                    "DOI": MARCH_DOI,
                    "updated-by": [{"DOI": "10.5555/onc.2023.0990", "type": "retraction"}],
                    "link": [
                        {"URL": world.url("/onc/article.pdf"), "content-type": "application/pdf"}
                    ],
                }
            }
        ),
    )
    world.route("/onc/article.pdf", Reply(200, article, {"content-type": "application/pdf"}))
    key = "marchetti2021"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(
            key,
            MARCH_TITLE,
            [{"family": "Marchetti", "given": "Luca"}, {"family": "Ibáñez", "given": "Carmen"}],
            year=2021,
            doi=MARCH_DOI,
        ),
    )
    assert result.code == 0, result.out
    entry = entry_of(report, key)
    assert entry["url"].endswith("/onc/article.pdf")
    assert entry["version"] == "version_of_record"
    first = attempts(entry)[0]
    assert first["reason"] == "content_match_failed"
    assert "notice_document" in first["match_reasons"]
    assert acquired_bytes(tmp_path, key) == article


MEDRX_TITLE = "Household transmission of respiratory syncytial virus in the first year of life"


def test_a_medrxiv_supplement_listed_first_is_not_the_preprint(
    tmp_path: Path, world: World, cli: Any
) -> None:
    supplement = make_pdf(
        [
            "Supplementary Materials for",
            MEDRX_TITLE,
            "Adaeze Okonjo, Mette Larsen",
            "This PDF file includes:",
            "Supplementary Text",
            "Figs. S1 to S6",
        ]
    )
    preprint = make_pdf(
        [
            "medRxiv preprint doi: https://doi.org/10.1101/2023.03.14.23287211",
            MEDRX_TITLE,
            "Adaeze Okonjo1,2, Mette Larsen3*",
            "Abstract",
            "Background: RSV is the main cause of bronchiolitis in infants.",
        ]
    )
    supp_path = "/medrxiv/content/2023.03.14.23287211/DC1/embed/media-1.pdf"
    full_path = "/medrxiv/content/10.1101/2023.03.14.23287211v1.full.pdf"
    world.route(supp_path, Reply(200, supplement, {"content-type": "application/pdf"}))
    world.route(full_path, Reply(200, preprint, {"content-type": "application/pdf"}))
    world.route(
        "/openalex/works",
        as_json(
            {
                "results": [
                    {
                        "title": MEDRX_TITLE,
                        "locations": [
                            {"pdf_url": world.url(supp_path)},
                            {"pdf_url": world.url(full_path)},
                        ],
                    }
                ]
            }
        ),
    )
    key = "okonjo2023"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(
            key,
            MEDRX_TITLE,
            [{"family": "Okonjo", "given": "Adaeze"}, {"family": "Larsen", "given": "Mette"}],
            year=2023,
        ),
    )
    assert result.code == 0, result.out
    entry = entry_of(report, key)
    assert entry["url"].endswith(full_path) and entry["version"] == "preprint"
    refused = [a for a in attempts(entry) if (a["url"] or "").endswith("media-1.pdf")]
    assert refused and refused[0]["reason"] == "content_match_failed"
    assert "supplement_document" in refused[0]["match_reasons"]


def _editorial(venue: str, name: str, year: int) -> bytes:
    return make_pdf(
        [
            f"{venue} {year}, 14(1), 1-2",
            "Editorial",
            name,
            "This year the journal publishes its first special issue on simulation.",
        ]
    )


def test_editorial_title_only_needs_authors_and_venue_or_year(
    tmp_path: Path, world: World, cli: Any
) -> None:
    other = _editorial("Journal of Dental Hygiene", "Marcus Feldman", 2019)
    right = _editorial("Journal of Nursing Education Research", "Siobhan Brennan", 2019)
    world.route("/pub/dental-editorial.pdf", Reply(200, other, {"content-type": "application/pdf"}))
    world.route(
        "/pub/nursing-editorial.pdf", Reply(200, right, {"content-type": "application/pdf"})
    )
    work = {"title": "Editorial", "publication_year": 2019}
    world.route(
        "/openalex/works",
        as_json(
            {
                "results": [
                    {
                        **work,
                        "authorships": [{"author": {"display_name": "Marcus Feldman"}}],
                        "locations": [{"pdf_url": world.url("/pub/dental-editorial.pdf")}],
                    },
                    {
                        **work,
                        "authorships": [{"author": {"display_name": "Siobhan Brennan"}}],
                        "locations": [{"pdf_url": world.url("/pub/nursing-editorial.pdf")}],
                    },
                ]
            }
        ),
    )
    key = "brennan2019"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(key, "Editorial", [{"family": "Brennan", "given": "Siobhan"}], year=2019),
    )
    assert result.code == 0, result.out
    entry = entry_of(report, key)
    # The exact-title hit whose author agrees is followed, not the first one.
    assert entry["url"].endswith("/pub/nursing-editorial.pdf")
    assert "title_weak" in entry["match_reasons"]
    assert world.hits("/pub/dental-editorial.pdf") == 0


def test_another_authors_editorial_is_never_acquired(
    tmp_path: Path, world: World, cli: Any
) -> None:
    other = _editorial("Journal of Dental Hygiene", "Marcus Feldman", 2019)
    world.route("/pub/dental-editorial.pdf", Reply(200, other, {"content-type": "application/pdf"}))
    world.route(
        "/openalex/works",
        as_json(
            {
                "results": [
                    {
                        "title": "Editorial",
                        "locations": [{"pdf_url": world.url("/pub/dental-editorial.pdf")}],
                    }
                ]
            }
        ),
    )
    key = "brennan2019"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(key, "Editorial", [{"family": "Brennan", "given": "Siobhan"}], year=2019),
    )
    assert result.code == 1
    entry = entry_of(report, key)
    assert entry["status"] == "pending_user_action"
    tried = [a for a in attempts(entry) if (a["url"] or "").endswith("dental-editorial.pdf")]
    assert tried and tried[0]["match"] in ("weak", "different")
    assert "title_weak" in tried[0]["match_reasons"] or tried[0]["match"] == "different"


# -- the right document refused ------------------------------------------------------------


@pytest.mark.parametrize(
    ("authors", "printed"),
    [
        ([("Smith", "Rachel"), ("Wang", "Lei")], "Rachel Smith1, Lei Wang1,2"),
        ([("Smith", "Rachel"), ("Wang", "Lei")], "Rachel Smith\u00b9 and Lei Wang\u00b2"),
        ([("Lee", "Ji-woo"), ("Kim", "Soo-jin")], "Ji-woo Lee\u00b9, Soo-jin Kim\u00b2"),
        ([("Jones", "Alan"), ("Chen", "Yu")], "Alan Jonesa,*, Yu Chenb"),
    ],
    ids=["smith1", "smith-superscript", "lee-superscript", "jonesa-star"],
)
def test_short_surnames_with_affiliation_marks(
    tmp_path: Path, world: World, cli: Any, authors: list[tuple[str, str]], printed: str
) -> None:
    title = "Working memory and reading comprehension in bilingual children"
    body = make_pdf([title, printed, "1 University of Leeds", "Abstract", "A study."])
    world.route("/home/paper.pdf", Reply(200, body, {"content-type": "application/pdf"}))
    key = "marks2020"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(key, title, [{"family": f, "given": g} for f, g in authors]),
        entry_homepages={key: world.url("/home/paper.pdf")},
    )
    assert result.code == 0, result.out
    assert "author_near_title" in entry_of(report, key)["match_reasons"]


def test_transliterated_names(tmp_path: Path, world: World, cli: Any) -> None:
    title = "Verwaltungsreform und kommunale Selbstverwaltung in Sachsen"
    body = make_pdf([title, "Juergen Mueller", "Zusammenfassung", "Der Beitrag."])
    world.route("/home/mueller.pdf", Reply(200, body, {"content-type": "application/pdf"}))
    turkish = "Teacher autonomy in Turkish secondary schools"
    world.route(
        "/blog/autonomy",
        html(
            f"<article><h1>{turkish}</h1><p>Ayşe Yıldız, Mehmet Çelik</p>"
            "<p>The 4+4+4 reform changed schooling.</p></article>"
        ),
    )
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml("mueller2011", title, [{"family": "Müller", "given": "Jürgen"}], year=2011),
        entry_yaml(
            "yildiz2019",
            turkish,
            [{"family": "Yildiz", "given": "Ayse"}, {"family": "Celik", "given": "Mehmet"}],
            year=2019,
            type="post",
            url=world.url("/blog/autonomy"),
        ),
        entry_homepages={"mueller2011": world.url("/home/mueller.pdf")},
    )
    assert result.code == 0, result.out
    for key in ("mueller2011", "yildiz2019"):
        assert entry_of(report, key)["status"] == "acquired"
        assert "author_near_title" in entry_of(report, key)["match_reasons"]


def test_arxiv_id_without_version_tries_the_version_whose_title_matches(
    tmp_path: Path, world: World, cli: Any
) -> None:
    title = "Sparse attention for long document summarisation"
    latest = make_pdf(
        [
            "arXiv:2104.05112v2 [cs.CL] 2 Feb 2022",
            "Efficient sparse transformers for book-length inputs",
            "Nisha Patel and Bo Yu",
            "Abstract",
        ]
    )
    first = make_pdf(
        ["arXiv:2104.05112v1 [cs.CL] 11 Apr 2021", title, "Nisha Patel and Bo Yu", "Abstract"]
    )
    world.route("/arxiv/pdf/2104.05112", Reply(200, latest, {"content-type": "application/pdf"}))
    world.route("/arxiv/pdf/2104.05112v1", Reply(200, first, {"content-type": "application/pdf"}))
    key = "patel2021"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(
            key,
            title,
            [{"family": "Patel", "given": "Nisha"}, {"family": "Yu", "given": "Bo"}],
            year=2021,
            arxiv_id="2104.05112",
        ),
    )
    assert result.code == 0, result.out
    entry = entry_of(report, key)
    assert entry["url"].endswith("/arxiv/pdf/2104.05112v1")
    assert acquired_bytes(tmp_path, key) == first
    assert world.hits("/arxiv/pdf/2104.05112v2") == 0  # v1 matched: no later version asked


def test_a_doi_alias_redirecting_to_the_prime_doi(tmp_path: Path, world: World, cli: Any) -> None:
    title = "Groundwater recharge estimation in semi-arid basins"
    prime = "10.5555/gw.2012.0088"
    body = make_pdf(
        [
            "Hydrology of Dry Regions 7 (2012) 88-101",
            title,
            "Karim Haddad",
            f"https://doi.org/{prime}",
            "Abstract",
        ]
    )
    world.route("/doi/10.5555/alias.2012.88", redirect(world.url(f"/doi/{prime}")))
    world.route(f"/doi/{prime}", redirect(world.url("/hdr/88.pdf")))
    world.route("/hdr/88.pdf", Reply(200, body, {"content-type": "application/pdf"}))
    key = "haddad2012"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(
            key,
            title,
            [{"family": "Haddad", "given": "Karim"}],
            year=2012,
            doi="10.5555/alias.2012.88",
        ),
    )
    assert result.code == 0, result.out
    entry = entry_of(report, key)
    assert entry["match"] == "exact" and "doi_alias" in entry["match_reasons"]


def test_running_heads_and_a_title_starting_with_citation(
    tmp_path: Path, world: World, cli: Any
) -> None:
    rer = "Feedback interventions in higher education classrooms"
    world.route(
        "/doi/10.5555/rer.86.2",
        pdf(
            [
                "Review of Educational Research",
                "June 2016, Vol. 86, No. 2, pp. 355-392",
                rer,
                "Chinedu Okafor",
                "University of Ibadan",
                "DOI: 10.5555/rer.86.2",
                "This review synthesises 96 studies of feedback.",
            ]
        ),
    )
    citation = "Citation advantage of open access articles in the social sciences"
    world.route(
        "/home/eysen.pdf",
        pdf([citation, "Maria Eysen", "Abstract", "Open access articles are cited more often."]),
    )
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml("okafor2016", rer, [{"family": "Okafor"}], year=2016, doi="10.5555/rer.86.2"),
        entry_yaml("eysen2010", citation, [{"family": "Eysen", "given": "Maria"}], year=2010),
        entry_homepages={"eysen2010": world.url("/home/eysen.pdf")},
    )
    assert result.code == 0, result.out
    okafor = entry_of(report, "okafor2016")
    assert okafor["status"] == "acquired" and "review_framing" not in okafor["match_reasons"]
    assert "title_in_header" in entry_of(report, "eysen2010")["match_reasons"]


VIEW_TITLE = "Peer assessment in large engineering classes"


def test_a_viewer_page_framing_doi_pdfdirect(tmp_path: Path, world: World, cli: Any) -> None:
    body = make_pdf([VIEW_TITLE, "Aoife Byrne", "Abstract", "Peer assessment works."])
    world.route("/doi/10.5555/eng.1", redirect(world.url("/doi/epdf/10.5555/eng.1")))
    world.route(
        "/doi/epdf/10.5555/eng.1",
        html("<iframe src='/doi/pdfdirect/10.5555/eng.1?download=false'></iframe>"),
    )
    world.route(
        "/doi/pdfdirect/10.5555/eng.1", Reply(200, body, {"content-type": "application/pdf"})
    )
    key = "byrne2019"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(key, VIEW_TITLE, [{"family": "Byrne", "given": "Aoife"}], doi="10.5555/eng.1"),
    )
    assert result.code == 0, result.out
    assert "/doi/pdfdirect/10.5555/eng.1" in entry_of(report, key)["url"]


def test_a_repository_splash_page_with_a_plain_download_link(
    tmp_path: Path, world: World, cli: Any
) -> None:
    title = "Informal learning in rural libraries"
    body = make_pdf([title, "Tomás Ruiz", "Abstract", "Libraries host informal learning."])
    world.route(
        "/handle/123/456",
        html(
            f"<main><h1>{title}</h1><p>Ruiz, Tomás</p>"
            "<a href='/bitstream/123/456/thesis_final.pdf?sequence=1'>Download</a>"
            "<a href='/browse'>Browse the repository</a></main>"
        ),
    )
    world.route(
        "/bitstream/123/456/thesis_final.pdf", Reply(200, body, {"content-type": "application/pdf"})
    )
    key = "ruiz2018"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(
            key, title, [{"family": "Ruiz", "given": "Tomás"}], url=world.url("/handle/123/456")
        ),
    )
    assert result.code == 0, result.out
    assert "/bitstream/123/456/thesis_final.pdf" in entry_of(report, key)["url"]


def test_the_candidate_kept_is_the_one_with_the_most_evidence(
    tmp_path: Path, world: World, cli: Any
) -> None:
    title = "Quality culture in small private colleges"
    follow_up = make_pdf(
        [
            "Quality culture in small private colleges: ten years on",
            "Dewi Santoso",
            "Abstract",
            "We revisit our study Quality culture in small private colleges and its cases.",
        ]
    )
    target = make_pdf([title, "Dewi Santoso", "Abstract", "Five colleges were studied."])
    world.route(
        "/home/santoso/",
        html(
            f"<ul><li><a href='followup.pdf'>{title}: ten years on</a></li>"
            f"<li><a href='original.pdf'>{title}</a></li></ul>"
        ),
    )
    world.route(
        "/home/santoso/followup.pdf", Reply(200, follow_up, {"content-type": "application/pdf"})
    )
    world.route(
        "/home/santoso/original.pdf", Reply(200, target, {"content-type": "application/pdf"})
    )
    key = "santoso2015"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(key, title, [{"family": "Santoso", "given": "Dewi"}], year=2015),
        entry_homepages={key: world.url("/home/santoso/")},
    )
    assert result.code == 1  # the links tie: a human picks
    entry = entry_of(report, key)
    assert entry["status"] == "pending_user_action"
    kept = entry["candidates"][0]
    assert kept["url"].endswith("/home/santoso/original.pdf")
    assert "title_in_header" in kept["match_reasons"] and "candidate_tie" in kept["match_reasons"]
    assert (tmp_path / kept["path"]).read_bytes() == target


def test_one_openalex_403_with_a_key_is_retried_once(
    tmp_path: Path, world: World, cli: Any
) -> None:
    answers = [as_json({"error": "too fast"}, 403)]
    title = "Student housing and academic progress"
    body = make_pdf([title, "Ewa Nowak", "Abstract", "Commuting costs time."])
    world.route("/repo/housing.pdf", Reply(200, body, {"content-type": "application/pdf"}))
    found = {"title": title, "locations": [{"pdf_url": world.url("/repo/housing.pdf")}]}

    def openalex(_seen: Any) -> Reply:
        return answers.pop() if answers else as_json({"results": [found]})

    world.route("/openalex/works", openalex)
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml("nowak2017", title, [{"family": "Nowak", "given": "Ewa"}], year=2017),
        openalex_api_key="test-openalex-key",
        backoff=0,
    )
    assert result.code == 0, result.out
    entry = entry_of(report, "nowak2017")
    assert entry["channel"] == "scholar_all_versions"
    asked = [s for s in world.seen if s.path == "/openalex/works"]
    assert len(asked) == 2 and all(s.query["api_key"] == ["test-openalex-key"] for s in asked)


def test_a_second_openalex_403_ends_openalex_for_the_run(
    tmp_path: Path, world: World, cli: Any
) -> None:
    world.route("/openalex/works", as_json({"error": "forbidden"}, 403))
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml("first2017", "Student housing and academic progress", [{"family": "Nowak"}]),
        entry_yaml("second2018", "Commuting and dropout in large cities", [{"family": "Kowal"}]),
        openalex_api_key="test-openalex-key",
        backoff=0,
        concurrency=1,  # one entry after the other: the second sees OpenAlex ended
    )
    assert result.code == 1
    asked = [s for s in world.seen if s.path == "/openalex/works"]
    assert len(asked) == 2  # the first request and its one retry; then OpenAlex is over
    later = [a for a in attempts(entry_of(report, "second2018")) if a["service"] == "openalex"]
    assert later and all("not asked again in this run" in a["detail"] for a in later)


def test_a_doi_the_record_lists_as_a_notice_makes_the_file_another_document(
    tmp_path: Path, world: World, cli: Any
) -> None:
    title = "Microplastic ingestion by estuarine fish larvae"
    doi, notice_doi = "10.5555/mar.2020.311", "10.5555/mar.2020.311.eoc"
    statement = make_pdf(
        [
            "Marine Pollution Studies 2021",
            title,
            "Ines Costa",
            f"https://doi.org/{notice_doi}",
            "Abstract",
            "Concerns were raised about the sampling dates; the journal is investigating.",
        ]
    )
    world.route(f"/doi/{doi}", redirect(world.url("/mps/eoc.pdf")))
    world.route("/mps/eoc.pdf", Reply(200, statement, {"content-type": "application/pdf"}))
    world.route(
        f"/crossref/works/{doi}",
        as_json(
            {
                "message": {
                    "DOI": doi,
                    "updated-by": [{"DOI": notice_doi, "type": "expression_of_concern"}],
                }
            }
        ),
    )
    key = "costa2020"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(key, title, [{"family": "Costa", "given": "Ines"}], year=2020, doi=doi),
    )
    assert result.code == 1
    entry = entry_of(report, key)
    judged = next(a for a in attempts(entry) if (a["url"] or "").endswith("/mps/eoc.pdf"))
    assert judged["reason"] == "content_match_failed"
    assert {"doi_mismatch", "related_record_doi", "notice_document"} <= set(judged["match_reasons"])
    assert entry["candidates"] == []  # another document is not kept for the user


@pytest.mark.parametrize(
    ("text", "taken"),
    [
        ("Download", True),
        ("Download PDF", True),
        ("PDF (1.2 MB)", True),
        ("Full text", True),
        ("View/Open", True),
        ("Download the app", False),
        ("Downloads", False),
        ("Browse", False),
    ],
)
def test_which_splash_page_links_are_download_links(text: str, taken: bool) -> None:
    from ars_docs.retrieval.walk.pages import download_links

    assert download_links([("https://repo.example/f", text)]) == (
        ["https://repo.example/f"] if taken else []
    )


def test_the_record_lookup_matched_is_the_reference(tmp_path: Path, world: World, cli: Any) -> None:
    title = "Saltmarsh accretion under accelerating sea-level rise"
    matched, notice = "10.5555/coast.2019.77", "10.5555/coast.2021.5"
    statement = make_pdf(
        [
            title,
            "Hannah Lowe",
            f"https://doi.org/{notice}",
            "Abstract",
            "Questions were raised about the elevation data; the journal is looking into them.",
        ]
    )
    article = make_pdf(
        [
            "Estuarine Coasts 42 (2019) 77-90",
            title,
            "Hannah Lowe",
            f"https://doi.org/{matched}",
            "Abstract",
            "Marsh platforms kept pace with sea level at nine of twelve sites.",
        ]
    )
    world.route("/home/lowe/a.pdf", Reply(200, statement, {"content-type": "application/pdf"}))
    world.route("/home/lowe/b.pdf", Reply(200, article, {"content-type": "application/pdf"}))
    lookup = {
        "status": "found",
        "checked_at": "2026-11-30T10:00:00Z",
        "matched": {"service": "crossref", "doi": matched, "title": title, "year": 2019},
        "retraction": {
            "status": "concern",
            "notices": [{"type": "expression_of_concern", "doi": notice}],
        },
    }
    key = "lowe2019"
    text = entry_yaml(key, title, [{"family": "Lowe", "given": "Hannah"}], year=2019)
    text = text.replace(
        "    source_acquired: false",
        f"    lookup: {json.dumps(lookup)}\n    source_acquired: false",
    )
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        text,
        entry_homepages={key: [world.url("/home/lowe/a.pdf"), world.url("/home/lowe/b.pdf")]},
    )
    assert result.code == 0, result.out
    entry = entry_of(report, key)
    assert entry["url"].endswith("/home/lowe/b.pdf")
    assert {"doi_match", "doi_alias"} <= set(entry["match_reasons"])
    refused = next(a for a in attempts(entry) if (a["url"] or "").endswith("/home/lowe/a.pdf"))
    assert "related_record_doi" in refused["match_reasons"] and refused["match"] == "different"


@pytest.mark.parametrize(
    ("status", "record_title", "used"),
    [
        ("found", "Saltmarsh accretion", True),
        ("mismatch", "Saltmarsh accretion", False),  # the record is another work
        ("found", "A different title since the entry was edited", False),
    ],
)
def test_only_a_found_lookup_record_with_the_entrys_title_is_used(
    tmp_path: Path, status: str, record_title: str, used: bool
) -> None:
    from ars_docs.retrieval.target import Target

    lookup = {
        "status": status,
        "matched": {"doi": "10.5555/x.1", "title": record_title, "venue": "Coasts"},
        "retraction": {"notices": [{"doi": "10.5555/x.9"}]},
    }
    text = entry_yaml("k", "Saltmarsh accretion", [{"family": "Lowe"}]).replace(
        "    source_acquired: false",
        f"    lookup: {json.dumps(lookup)}\n    source_acquired: false",
    )
    passport = tmp_path / "passport.yaml"
    passport.write_text(passport_yaml(text), encoding="utf-8")
    entry = load_corpus(passport, use_cache=False).get("k")
    assert entry is not None
    work = Target.from_entry(entry).work()
    assert (work.aliases, work.related, work.venue) == (
        (("10.5555/x.1",), (("10.5555/x.9", "notice"),), "Coasts") if used else ((), (), "")
    )


@pytest.mark.parametrize(
    ("message", "level", "code"),
    [
        ({"type": "component", "DOI": "10.5555/geo.7.s1"}, "different", "related_record_doi"),
        ({"type": "peer-review", "DOI": "10.5555/geo.7.s1"}, "different", "related_record_doi"),
        (
            {"type": "journal-article", "update-to": [{"DOI": "10.5555/geo.7", "type": "erratum"}]},
            "different",
            "related_record_doi",
        ),
        (
            {
                "type": "posted-content",
                "relation": {"is-preprint-of": [{"id": "10.5555/geo.7", "id-type": "doi"}]},
            },
            "exact",
            "doi_alias",
        ),
    ],
    ids=["component", "peer-review", "update-to", "preprint-of"],
)
def test_the_record_of_a_doi_printed_on_the_file_says_whose_it_is(
    tmp_path: Path, world: World, cli: Any, message: dict[str, Any], level: str, code: str
) -> None:
    title = "Tectonic uplift and river incision in the Pamir"
    printed = "10.5555/geo.7.s1"
    body = make_pdf(
        [title, "Dilnoza Karimova", f"https://doi.org/{printed}", "Abstract", "Rivers cut down."]
    )
    world.route("/doi/10.5555/geo.7", redirect(world.url("/geo/7.pdf")))
    world.route("/geo/7.pdf", Reply(200, body, {"content-type": "application/pdf"}))
    world.route("/crossref/works/10.5555/geo.7", as_json({"message": {"DOI": "10.5555/geo.7"}}))
    world.route(f"/crossref/works/{printed}", as_json({"message": message}))
    key = "karimova2020"
    _result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(key, title, [{"family": "Karimova"}], doi="10.5555/geo.7"),
    )
    judged = next(
        a for a in attempts(entry_of(report, key)) if (a["url"] or "").endswith("/geo/7.pdf")
    )
    assert judged["match"] == level and code in judged["match_reasons"]
    assert world.hits(f"/crossref/works/{printed}") == 1


# -- after the held-out set's first run ---------------------------------------------------

PEAT_TITLE = "Nitrogen retention in restored peatland soils after rewetting"
PEAT_DOI = "10.4417/peat.2022.0051"
PEAT_AUTHORS = [{"family": "Kowalczyk", "given": "Anna"}, {"family": "Berg", "given": "Lars"}]


def test_a_supplement_served_by_a_download_action_as_media_n_is_never_the_work(
    tmp_path: Path, world: World, cli: Any
) -> None:
    # No supplement heading and no "Table S1": only the file name in the query says so.
    supplement = make_pdf(
        [
            PEAT_TITLE,
            "Anna Kowalczyk, Lars Berg",
            "Plot  Depth (cm)  Bulk density (g cm-3)",
            "P1    85          0.11",
            "P2    120         0.09",
        ]
    )
    article = make_pdf(
        [
            "Wetland Biogeochemistry (2022) 8:51",
            PEAT_TITLE,
            "Anna Kowalczyk1, Lars Berg2",
            f"https://doi.org/{PEAT_DOI}",
            "Abstract",
            "Rewetting drained peatlands is meant to restore their nitrogen sink.",
        ]
    )
    action = "/action/downloadSupplement"
    query = "?doi=10.4417%2Fpeat.2022.0051&file=peat51-sup-0001-media-1.pdf"
    world.route(action, Reply(200, supplement, {"content-type": "application/pdf"}))
    world.route("/peat/article.pdf", Reply(200, article, {"content-type": "application/pdf"}))
    world.route(
        "/openalex/works",
        as_json(
            {
                "results": [
                    {
                        "title": PEAT_TITLE,
                        "locations": [
                            {"pdf_url": world.url(action + query)},
                            {"pdf_url": world.url("/peat/article.pdf")},
                        ],
                    }
                ]
            }
        ),
    )
    key = "kowalczyk2022"
    result, report, _log = retrieve(
        cli, tmp_path, world, entry_yaml(key, PEAT_TITLE, PEAT_AUTHORS, year=2022)
    )
    assert result.code == 0, result.out
    entry = entry_of(report, key)
    assert entry["url"].endswith("/peat/article.pdf")
    refused = [a for a in attempts(entry) if "media-1.pdf" in (a["url"] or "")]
    assert refused and refused[0]["reason"] == "content_match_failed"
    assert "supplement_document" in refused[0]["match_reasons"]
    assert acquired_bytes(tmp_path, key) == article


ANDA_TITLE = "Desigualdad territorial y acceso a la atención primaria en Andalucía"
ANDA_DOI = "10.5555/gsp.2019.0331"


def test_a_correction_notice_printing_the_works_own_doi_is_not_the_work(
    tmp_path: Path, world: World, cli: Any
) -> None:
    # The DOI resolver lands on a Spanish correction notice that prints the work's DOI (as the
    # original article's); the registry record says nothing about it.
    notice = make_pdf(
        [
            "Gaceta Sanitaria Regional 35 (2021) 12",
            "Corrección de errores",
            f"Corrección de errores en «{ANDA_TITLE}»",
            "María José Ruiz-Ortega, Pablo Vidal",
            "Se ha detectado un error en la tabla 1 del artículo original.",
            f"DOI del artículo original: https://doi.org/{ANDA_DOI}",
        ]
    )
    article = make_pdf(
        [
            "Gaceta Sanitaria Regional 33 (2019) 331-339",
            ANDA_TITLE,
            "María José Ruiz-Ortega1, Pablo Vidal2",
            f"https://doi.org/{ANDA_DOI}",
            "Resumen",
            "Objetivo: describir la distancia a la atención primaria por provincia.",
        ]
    )
    world.route(f"/doi/{ANDA_DOI}", redirect(world.url("/gsr/notice.pdf")))
    world.route("/gsr/notice.pdf", Reply(200, notice, {"content-type": "application/pdf"}))
    world.route(
        f"/crossref/works/{ANDA_DOI}",
        as_json(
            {
                "message": {
                    "DOI": ANDA_DOI,
                    "link": [
                        {"URL": world.url("/gsr/article.pdf"), "content-type": "application/pdf"}
                    ],
                }
            }
        ),
    )
    world.route("/gsr/article.pdf", Reply(200, article, {"content-type": "application/pdf"}))
    key = "ruiz2019"
    result, report, _log = retrieve(
        cli,
        tmp_path,
        world,
        entry_yaml(
            key,
            ANDA_TITLE,
            [
                {"family": "Ruiz-Ortega", "given": "María José"},
                {"family": "Vidal", "given": "Pablo"},
            ],
            year=2019,
            doi=ANDA_DOI,
        ),
    )
    assert result.code == 0, result.out
    entry = entry_of(report, key)
    assert entry["url"].endswith("/gsr/article.pdf")
    first = attempts(entry)[0]
    assert first["reason"] == "content_match_failed"
    assert "notice_document" in first["match_reasons"]
    assert acquired_bytes(tmp_path, key) == article
