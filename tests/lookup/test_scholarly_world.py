"""The simulated scholarly web (tests/support/scholarly_world.py): every route, shape, search and
fault, asked with plain httpx; and the labelled evaluation set it serves."""

from __future__ import annotations

import copy
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

import httpx
import jsonschema
import pytest

from ars_docs.retrieval.config import load_config
from tests.support.layout import REPO
from tests.support.scholarly_world import (
    CSL_JSON,
    SERVICES,
    TUNING_DIR,
    Case,
    ScholarlyWorld,
    eval_builder,
    load_cases,
    load_world,
    norm_doi,
    passport_entries,
    passport_yaml,
    write_passport,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ATOM = "{http://www.w3.org/2005/Atom}"
ARXIV = "{http://arxiv.org/schemas/atom}"
OPENSEARCH = "{http://a9.com/-/spec/opensearch/1.1/}"

SICI = "10.1002/(SICI)1097-4636(199705)35:2<143::AID-JBM2>3.0.CO;2-C"
LANCET = "10.1016/s0140-6736(97)11096-0"
NOTICE = "10.1016/s0140-6736(10)60175-4"
DATACITE = "10.5281/zenodo.3509134"


def crossref_work(doi: str, title: str, family: str, year: int, **extra: Any) -> dict[str, Any]:
    return {
        "DOI": doi,
        "type": "journal-article",
        "title": [title],
        "author": [
            {"given": "A.", "family": family, "sequence": "first", "affiliation": []},
        ],
        "container-title": ["Journal of Tests"],
        "issued": {"date-parts": [[year, 3]]},
        "publisher": "Test Publisher",
        **extra,
    }


def build(world: ScholarlyWorld) -> None:
    """A small world with one record of every kind the routes serve."""
    world.add_crossref(
        crossref_work(
            LANCET,
            "Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive "
            "developmental disorder in children",
            "Wakefield",
            1998,
            **{
                "updated-by": [
                    {
                        "DOI": NOTICE,
                        "type": "retraction",
                        "label": "Retraction",
                        "source": "publisher",
                        "updated": {
                            "date-parts": [[2010, 2, 6]],
                            "date-time": "2010-02-06T00:00:00Z",
                            "timestamp": 1265414400000,
                        },
                    }
                ]
            },
        )
    )
    world.add_crossref(
        crossref_work(
            NOTICE,
            "Retraction—Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and "
            "pervasive developmental disorder in children",
            "Editors",
            2010,
            **{"update-to": [{"DOI": LANCET, "type": "retraction", "label": "Retraction"}]},
        )
    )
    world.add_crossref(crossref_work(SICI, "Wear of <i>ultra-high</i> polyethylene", "Kurtz", 1997))
    world.add_crossref(
        {
            "DOI": "10.1007/978-3-030-12345-6",
            "type": "monograph",
            "title": ["Deep Learning Basics"],
            "ISBN": ["9783030123456", "9783030123463"],
            "isbn-type": [{"type": "print", "value": "9783030123456"}],
            "author": [{"given": "Bo", "family": "Chen", "sequence": "first", "affiliation": []}],
            "issued": {"date-parts": [[2019]]},
        }
    )
    for n in range(4):
        world.add_crossref(
            crossref_work(f"10.9/noise.{n}", f"Children and colitis {n}", "Lee", 2001)
        )
    world.add_datacite(
        {
            "type": "software",
            "DOI": DATACITE.upper(),
            "title": "scikit-image: image processing in Python",
            "author": [{"family": "van der Walt", "given": "Stéfan"}],
            "issued": {"date-parts": [[2019, 10, 1]]},
            "publisher": "Zenodo",
        }
    )
    world.add_datacite(
        {"type": "article-journal", "DOI": "10.3280/ess2-2019oa8437", "title": "Un articolo"},
        agency="medra",
    )
    world.add_datacite(
        {"type": "article-journal", "DOI": "10.11501/3000000", "title": "日本語の論文"},
        agency="jalc",
    )
    world.add_openalex(
        {
            "id": "https://openalex.org/W2100000001",
            "doi": f"https://doi.org/{LANCET}",
            "title": "Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive "
            "developmental disorder in children",
            "display_name": "Ileal-lymphoid-nodular hyperplasia",
            "publication_year": 1998,
            "ids": {
                "openalex": "https://openalex.org/W2100000001",
                "pmid": "https://pubmed.ncbi.nlm.nih.gov/9500320",
                "pmcid": "https://www.ncbi.nlm.nih.gov/pmc/articles/1234567",
            },
            "type": "article",
            "is_retracted": True,
            "authorships": [
                {
                    "author": {"id": "https://openalex.org/A1", "display_name": "A. J. Wakefield"},
                    "raw_author_name": "A J Wakefield",
                }
            ],
        },
        merged_from=["W999"],
    )
    world.add_openalex(
        {
            "id": "https://openalex.org/W2100000002",
            "doi": None,
            "title": "Colitis in children: a review",
            "publication_year": 2003,
            "type": "review",
            "authorships": [],
        }
    )
    world.add_semantic_scholar(
        {
            "paperId": "a" * 40,
            "externalIds": {"DOI": LANCET.upper(), "PubMed": "9500320", "CorpusId": 7},
            "title": "Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive "
            "developmental disorder in children",
            "year": 1998,
            "venue": "The Lancet",
            "authors": [{"authorId": "1", "name": "A. Wakefield"}],
            "publicationTypes": ["JournalArticle"],
            "publicationDate": "1998-02-28",
            "journal": {"name": "The Lancet", "volume": "351", "pages": "637-641"},
        }
    )
    world.add_semantic_scholar(
        {
            "paperId": "b" * 40,
            "externalIds": {"ArXiv": "1706.03762", "CorpusId": 8},
            "title": "Attention is All you Need",
            "year": 2017,
            "venue": "Neural Information Processing Systems",
            "authors": [{"authorId": "2", "name": "Ashish Vaswani"}],
        }
    )
    world.add_arxiv(
        {
            "id": "1706.03762",
            "categories": ["cs.CL", "cs.LG"],
            "versions": [
                {
                    "version": 1,
                    "date": "2017-06-12T17:57:34Z",
                    "title": "Attention Is All You Need (draft)",
                    "summary": "The dominant sequence transduction models ...",
                    "authors": [{"name": "Ashish Vaswani"}, {"name": "Noam Shazeer"}],
                },
                {
                    "version": 2,
                    "date": "2017-06-19T17:57:34Z",
                    "title": "Attention Is All You Need",
                },
                {
                    "version": 5,
                    "date": "2017-12-06T03:30:32Z",
                    "title": "Attention Is All You Need",
                    "journal_ref": "NIPS 2017",
                    "comment": "15 pages, 5 figures",
                },
            ],
        }
    )
    world.add_arxiv(
        {
            "id": "hep-th/9711200",
            "categories": ["hep-th"],
            "versions": [
                {
                    "version": 1,
                    "date": "1997-11-27T19:27:13Z",
                    "title": "The Large N Limit of Superconformal Field Theories and Supergravity",
                    "summary": "We show that ...",
                    "authors": [{"name": "Juan M. Maldacena", "affiliation": "Harvard"}],
                    "doi": "10.1023/A:1026654312961",
                }
            ],
        }
    )
    world.add_europepmc(
        {
            "id": "9500320",
            "source": "MED",
            "pmid": "9500320",
            "doi": "10.1016/S0140-6736(97)11096-0",
            "title": "Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive "
            "developmental disorder in children.",
            "authorString": "Wakefield AJ, Murch SH.",
            "authorList": {"author": [{"fullName": "Wakefield AJ", "lastName": "Wakefield"}]},
            "pubYear": "1998",
            "journalInfo": {
                "journal": {"title": "Lancet (London, England)", "isoabbreviation": "Lancet"},
                "yearOfPublication": 1998,
            },
            "pubTypeList": {"pubType": ["Journal Article", "Retracted Publication"]},
            "commentCorrectionList": {
                "commentCorrection": [{"id": "20137807", "source": "MED", "type": "Retraction in"}]
            },
        }
    )
    world.add_europepmc(
        {"id": "PMC1234567", "source": "PMC", "pmcid": "PMC1234567", "title": "A PMC article"}
    )


@pytest.fixture
def world() -> Iterator[ScholarlyWorld]:
    with ScholarlyWorld() as w:
        build(w)
        yield w


@pytest.fixture
def client(world: ScholarlyWorld) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=world.base, timeout=5) as c:
        yield c


# -- configuration ---------------------------------------------------------------------------


def test_config_points_every_service_at_the_world(world: ScholarlyWorld, tmp_path: Path) -> None:
    path = world.write_config(tmp_path / "ars-docs.toml", semantic_scholar_api_key="k")
    data = tomllib.loads(path.read_text())
    settings = data["retrieval"]
    assert settings["contact_email"] == "researcher@example.org"
    assert (settings["min_interval"], settings["arxiv_min_interval"]) == (0, 0)
    assert (settings["timeout"], settings["max_retries"], settings["backoff"]) == (5, 2, 0)
    assert settings["semantic_scholar_api_key"] == "k"
    for service in SERVICES:
        assert data["retrieval"]["endpoints"][service] == f"{world.base}/{service}"
    config = load_config(str(path), tmp_path / "passport.yaml", environ={})
    assert config.endpoints["crossref"] == f"{world.base}/crossref"
    assert all(url.startswith(world.base) for url in config.endpoints.values())


# -- Crossref ----------------------------------------------------------------------------------


def test_crossref_work_by_doi_any_case_and_encoding(client: httpx.Client) -> None:
    for doi in (LANCET, LANCET.upper(), "10.1016/S0140-6736%2897%2911096-0"):
        reply = client.get(f"/crossref/works/{doi}", params={"mailto": "a@b.org"})
        assert reply.status_code == 200
        body = reply.json()
        assert (body["status"], body["message-type"], body["message-version"]) == (
            "ok",
            "work",
            "1.0.0",
        )
        assert body["message"]["DOI"] == LANCET
        assert body["message"]["updated-by"][0]["type"] == "retraction"
    reply = client.get(f"/crossref/works/{quote(SICI, safe='/')}")
    assert reply.status_code == 200 and reply.json()["message"]["DOI"] == SICI


def test_crossref_unknown_doi_is_a_plain_text_404(client: httpx.Client) -> None:
    reply = client.get("/crossref/works/10.9999/not.registered")
    assert (reply.status_code, reply.text) == (404, "Resource not found.")
    assert reply.headers["content-type"].startswith("text/plain")
    # a DataCite DOI is registered, but not at Crossref
    assert client.get(f"/crossref/works/{DATACITE}").status_code == 404


def test_crossref_agency_and_validation_failures(client: httpx.Client) -> None:
    agency = client.get(f"/crossref/works/{LANCET}/agency").json()
    assert agency["message"]["agency"]["id"] == "crossref"
    bad = client.get("/crossref/works", params={"rows": "5000"})
    assert bad.status_code == 400
    failure = bad.json()
    assert failure["status"] == "failed" and failure["message-type"] == "validation-failure"
    assert isinstance(failure["message"], list) and failure["message"][0]["type"] == (
        "integer-not-valid"
    )
    assert (
        client.get("/crossref/works", params={"select": "bogus"}).json()["message"][0]["type"]
        == "select-not-available"
    )
    assert client.get("/crossref/works", params={"format": "bibtex"}).status_code == 400
    assert client.get("/crossref/works", params={"filter": "nonsense:1"}).status_code == 400


def test_crossref_search_ranks_and_includes_loosely_related_works(client: httpx.Client) -> None:
    reply = client.get(
        "/crossref/works",
        params={"query.bibliographic": "Wakefield 1998 colitis children hyperplasia", "rows": 3},
    )
    message = reply.json()["message"]
    assert reply.json()["message-type"] == "work-list"
    assert message["items-per-page"] == 3 and len(message["items"]) == 3
    assert message["total-results"] >= 6  # the noise shares "colitis" and "children"
    assert message["query"] == {
        "start-index": 0,
        "search-terms": "Wakefield 1998 colitis children hyperplasia",
    }
    scores = [item["score"] for item in message["items"]]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[1] > 0
    assert message["items"][0]["DOI"] == LANCET
    selected = client.get(
        "/crossref/works",
        params={"query.bibliographic": "colitis", "rows": 2, "select": "DOI,title"},
    ).json()["message"]["items"]
    assert all(set(item) <= {"DOI", "title"} for item in selected)
    nothing = client.get("/crossref/works", params={"query.bibliographic": "zzqx"}).json()
    assert nothing["message"]["items"] == [] and nothing["message"]["total-results"] == 0


def test_crossref_filters_isbn_and_updates(client: httpx.Client) -> None:
    for isbn in ("978-3-030-12345-6", "9783030123463"):
        items = client.get("/crossref/works", params={"filter": f"isbn:{isbn}"}).json()["message"][
            "items"
        ]
        assert [i["DOI"] for i in items] == ["10.1007/978-3-030-12345-6"]
    notices = client.get("/crossref/works", params={"filter": f"updates:{LANCET.upper()}"}).json()
    assert [i["DOI"] for i in notices["message"]["items"]] == [NOTICE]
    assert notices["message"]["query"]["search-terms"] is None


# -- doi.org ----------------------------------------------------------------------------------


def test_handle_api_codes(client: httpx.Client) -> None:
    found = client.get(f"/doi_resolver/api/handles/{LANCET.upper()}")
    assert found.status_code == 200
    body = found.json()
    assert body["responseCode"] == 1 and body["handle"] == LANCET.upper()
    assert {v["type"] for v in body["values"]} == {"URL", "HS_ADMIN"}
    missing = client.get("/doi_resolver/api/handles/10.9999/not.registered")
    assert missing.status_code == 404
    assert missing.json() == {"responseCode": 100, "handle": "10.9999/not.registered"}
    no_values = client.get(f"/doi_resolver/api/handles/{LANCET}", params={"type": "EMAIL"})
    assert no_values.status_code == 200 and no_values.json()["responseCode"] == 200
    only_url = client.get(f"/doi_resolver/api/handles/{LANCET}", params={"type": "URL"}).json()
    assert [v["type"] for v in only_url["values"]] == ["URL"]
    agencies = client.get(f"/doi_resolver/ra/{DATACITE},10.9999/x").json()
    assert agencies == [
        {"DOI": DATACITE, "RA": "DataCite"},
        {"DOI": "10.9999/x", "status": "DOI does not exist"},
    ]


@pytest.mark.parametrize(
    ("doi", "service", "title"),
    [
        (LANCET, "crossref", "Ileal-lymphoid-nodular hyperplasia"),
        (DATACITE, "datacite", "scikit-image: image processing in Python"),
        ("10.3280/ess2-2019oa8437", "medra", "Un articolo"),
        ("10.11501/3000000", "jalc", "日本語の論文"),
    ],
)
def test_content_negotiation_redirects_to_the_agency(
    client: httpx.Client, world: ScholarlyWorld, doi: str, service: str, title: str
) -> None:
    headers = {"accept": CSL_JSON}
    first = client.get(f"/doi_resolver/{doi}", headers=headers)
    assert first.status_code == 302
    assert first.headers["location"].startswith(f"{world.base}/{service}/")
    final = client.get(f"/doi_resolver/{doi}", headers=headers, follow_redirects=True)
    assert final.status_code == 200
    assert final.headers["content-type"].startswith(CSL_JSON)
    csl = final.json()
    assert csl["title"].startswith(title) and norm_doi(csl["DOI"]) == norm_doi(doi)
    if service == "crossref":
        assert csl["type"] == "article-journal" and csl["container-title"] == "Journal of Tests"
    assert world.count(service) == 1


def test_doi_resolver_unregistered_and_plain_resolution(client: httpx.Client) -> None:
    missing = client.get("/doi_resolver/10.9999/nope", headers={"accept": CSL_JSON})
    assert missing.status_code == 404 and "DOI Not Found" in missing.text
    landing = client.get(f"/doi_resolver/{LANCET}")
    assert landing.status_code == 302 and "publisher.example" in landing.headers["location"]


# -- OpenAlex ----------------------------------------------------------------------------------


def test_openalex_singletons_by_every_id(client: httpx.Client) -> None:
    for ident in (
        f"doi:{LANCET.upper()}",
        f"https://doi.org/{LANCET}",
        "W2100000001",
        "w2100000001",
        "https://openalex.org/W2100000001",
        "pmid:9500320",
        "pmcid:PMC1234567",
        "pmcid:1234567",
    ):
        reply = client.get(f"/openalex/works/{ident}", params={"mailto": "a@b.org", "api_key": "x"})
        assert reply.status_code == 200, ident
        assert reply.json()["id"] == "https://openalex.org/W2100000001"
        assert reply.json()["is_retracted"] is True
    selected = client.get("/openalex/works/W2100000001", params={"select": "id,doi"}).json()
    assert set(selected) == {"id", "doi"}


def test_openalex_errors_and_merged_ids(client: httpx.Client, world: ScholarlyWorld) -> None:
    missing = client.get("/openalex/works/doi:10.9999/nope")
    assert missing.status_code == 404
    assert set(missing.json()) == {"error", "message"}
    assert client.get("/openalex/works/W1", params={"select": "nope"}).status_code == 400
    merged = client.get("/openalex/works/W999")
    assert merged.status_code == 301
    assert merged.headers["location"] == f"{world.base}/openalex/works/W2100000001"
    assert client.get("/openalex/works/W999", follow_redirects=True).json()["publication_year"] == (
        1998
    )
    world.openalex_require_key = True
    assert client.get("/openalex/works/W2100000001").status_code == 429
    assert client.get("/openalex/works/W2100000001", params={"api_key": "k"}).status_code == 200


def test_openalex_search_and_title_filter(client: httpx.Client) -> None:
    body = client.get(
        "/openalex/works", params={"search": "colitis children", "per_page": 5}
    ).json()
    assert set(body) == {"meta", "results", "group_by"}
    assert body["meta"]["count"] == 2 and body["meta"]["per_page"] == 5
    assert body["results"][0]["relevance_score"] >= body["results"][1]["relevance_score"]
    titled = client.get(
        "/openalex/works", params={"filter": "title.search:colitis children review"}
    ).json()
    assert [w["id"] for w in titled["results"]] == ["https://openalex.org/W2100000002"]
    assert client.get("/openalex/works", params={"filter": "author_name:x"}).status_code == 400
    assert client.get("/openalex/works", params={"per_page": 500}).status_code == 400


# -- Semantic Scholar ------------------------------------------------------------------------


def test_s2_title_match(client: httpx.Client) -> None:
    reply = client.get(
        "/semantic_scholar/paper/search/match",
        params={"query": "attention is all you need", "fields": "title,year,authors,externalIds"},
    )
    assert reply.status_code == 200
    (paper,) = reply.json()["data"]
    assert paper["paperId"] == "b" * 40 and paper["year"] == 2017
    assert paper["matchScore"] > 100 and paper["authors"] == [
        {"authorId": "2", "name": "Ashish Vaswani"}
    ]
    assert set(paper) == {"paperId", "title", "year", "authors", "externalIds", "matchScore"}
    none = client.get("/semantic_scholar/paper/search/match", params={"query": "quantum gravity"})
    assert (none.status_code, none.json()) == (404, {"error": "Title match not found"})
    bad = client.get(
        "/semantic_scholar/paper/search/match", params={"query": "x", "fields": "matchScore"}
    )
    assert bad.status_code == 400 and "Unrecognized or unsupported fields" in bad.json()["error"]


def test_s2_paper_by_external_id(client: httpx.Client) -> None:
    for ident in (f"DOI:{LANCET}", "PMID:9500320", "CorpusId:7"):
        paper = client.get(f"/semantic_scholar/paper/{ident}", params={"fields": "title,venue"})
        assert paper.status_code == 200 and paper.json()["venue"] == "The Lancet", ident
    assert client.get("/semantic_scholar/paper/ARXIV:1706.03762v5").json()["paperId"] == "b" * 40
    missing = client.get("/semantic_scholar/paper/DOI:10.9999/nope")
    assert missing.status_code == 404
    assert missing.json() == {"error": "Paper with id DOI:10.9999/nope not found"}
    found = client.get("/semantic_scholar/paper/search", params={"query": "attention need"}).json()
    assert found["total"] == 1 and found["data"][0]["title"] == "Attention is All you Need"


def test_s2_keyless_429_and_keys(client: httpx.Client, world: ScholarlyWorld) -> None:
    world.s2_keyless_429_every = 2
    replies = [client.get(f"/semantic_scholar/paper/{'a' * 40}") for _ in range(4)]
    assert [r.status_code for r in replies] == [200, 429, 200, 429]
    refused = replies[1]
    assert refused.json()["code"] == "429" and "retry-after" not in refused.headers
    keyed = [
        client.get(f"/semantic_scholar/paper/{'a' * 40}", headers={"x-api-key": "k"}).status_code
        for _ in range(3)
    ]
    assert keyed == [200, 200, 200]
    world.s2_api_key = "right"
    wrong = client.get(f"/semantic_scholar/paper/{'a' * 40}", headers={"x-api-key": "k"})
    assert wrong.status_code == 403
    assert world.requests("semantic_scholar")[-1].headers["x-api-key"] == "k"


# -- arXiv -----------------------------------------------------------------------------------------


def feed(reply: httpx.Response) -> ET.Element:
    assert reply.headers["content-type"].startswith("application/atom+xml")
    return ET.fromstring(reply.content)


def test_arxiv_latest_and_versioned(client: httpx.Client) -> None:
    latest = feed(client.get("/arxiv_api/query", params={"id_list": "1706.03762"}))
    assert latest.findtext(f"{OPENSEARCH}totalResults") == "1"
    (entry,) = latest.findall(f"{ATOM}entry")
    assert entry.findtext(f"{ATOM}id") == "http://arxiv.org/abs/1706.03762v5"
    assert entry.findtext(f"{ATOM}title") == "Attention Is All You Need"
    assert entry.findtext(f"{ATOM}published") == "2017-06-12T17:57:34Z"
    assert entry.findtext(f"{ATOM}updated") == "2017-12-06T03:30:32Z"
    assert entry.findtext(f"{ARXIV}journal_ref") == "NIPS 2017"
    assert [a.findtext(f"{ATOM}name") for a in entry.findall(f"{ATOM}author")] == [
        "Ashish Vaswani",
        "Noam Shazeer",
    ]
    assert entry.find(f"{ARXIV}primary_category").get("term") == "cs.CL"  # type: ignore[union-attr]
    first = feed(client.get("/arxiv_api/query", params={"id_list": "1706.03762v1"}))
    assert first.find(f"{ATOM}entry").findtext(f"{ATOM}title") == (  # type: ignore[union-attr]
        "Attention Is All You Need (draft)"
    )
    old = feed(client.get("/arxiv_api/query", params={"id_list": "hep-th/9711200"}))
    entry = old.find(f"{ATOM}entry")
    assert entry is not None and entry.findtext(f"{ARXIV}doi") == "10.1023/A:1026654312961"
    assert entry.find(f"{ATOM}author/{ARXIV}affiliation") is not None


def test_arxiv_search_by_the_latest_title(client: httpx.Client, world: ScholarlyWorld) -> None:
    world.add_arxiv(
        {
            "id": "2106.04521",
            "categories": ["eess.AS"],
            "versions": [
                {
                    "version": 1,
                    "date": "2021-06-08T17:12:09Z",
                    "title": "Sparse routing for multilingual speech recognition",
                    "summary": "We route.",
                    "authors": [{"name": "Priya Raman"}],
                },
                {"version": 2, "date": "2021-10-14T09:41:55Z"},  # the title is unchanged
            ],
        }
    )
    found = feed(client.get("/arxiv_api/query", params={"search_query": "ti:sparse routing"}))
    assert found.findtext(f"{OPENSEARCH}totalResults") == "1"
    (entry,) = found.findall(f"{ATOM}entry")
    assert entry.findtext(f"{ATOM}id") == "http://arxiv.org/abs/2106.04521v2"
    assert entry.findtext(f"{ATOM}title") == "Sparse routing for multilingual speech recognition"
    several = feed(client.get("/arxiv_api/query", params={"search_query": "all:attention"}))
    assert [e.findtext(f"{ATOM}id") for e in several.findall(f"{ATOM}entry")] == [
        "http://arxiv.org/abs/1706.03762v5"
    ]


def test_arxiv_unknown_and_malformed_ids(client: httpx.Client) -> None:
    for ident in ("2101.99999", "1706.03762v9", "hep-th/9901001"):
        reply = client.get("/arxiv_api/query", params={"id_list": ident})
        assert reply.status_code == 200
        empty = feed(reply)
        assert empty.findtext(f"{OPENSEARCH}totalResults") == "0"
        assert empty.findall(f"{ATOM}entry") == []
    for ident in ("abc", "arXiv:1706.03762", "1234.5678", "https://arxiv.org/abs/1706.03762"):
        reply = client.get("/arxiv_api/query", params={"id_list": ident})
        assert reply.status_code == 400, ident
        error = feed(reply)
        entry = error.find(f"{ATOM}entry")
        assert entry is not None and entry.findtext(f"{ATOM}title") == "Error"
        assert entry.findtext(f"{ATOM}summary") == f"incorrect id format for {ident}"
        assert entry.findtext(f"{ATOM}id", "").startswith("https://arxiv.org/api/errors#")
    several = feed(
        client.get(
            "/arxiv_api/query", params={"id_list": "2101.99999,1706.03762", "max_results": 5}
        )
    )
    assert several.findtext(f"{OPENSEARCH}totalResults") == "1"


# -- Europe PMC ------------------------------------------------------------------------------------


def epmc(client: httpx.Client, query: str, result_type: str = "core") -> Any:
    reply = client.get(
        "/europepmc_rest/search",
        params={"query": query, "resultType": result_type, "format": "json"},
    )
    assert reply.status_code == 200
    return reply.json()


def test_europepmc_queries(client: httpx.Client) -> None:
    for query in (
        "EXT_ID:9500320 AND SRC:MED",
        "src:med and ext_id:9500320",
        'DOI:"10.1016/s0140-6736(97)11096-0"',
    ):
        body = epmc(client, query)
        assert set(body) == {"version", "hitCount", "nextCursorMark", "request", "resultList"}
        assert body["hitCount"] == 1 and body["request"]["queryString"] == query
        result = body["resultList"]["result"][0]
        assert "Retracted Publication" in result["pubTypeList"]["pubType"]
        assert result["commentCorrectionList"]["commentCorrection"][0]["type"] == "Retraction in"
    assert epmc(client, "PMCID:PMC1234567")["resultList"]["result"][0]["source"] == "PMC"
    lite = epmc(client, "EXT_ID:9500320 AND SRC:MED", "lite")["resultList"]["result"][0]
    assert "authorList" not in lite and lite["journalTitle"] == "Lancet"
    none = epmc(client, "EXT_ID:1 AND SRC:MED")
    assert none["hitCount"] == 0 and none["resultList"] == {"result": []}
    assert none["nextCursorMark"] == "*"
    assert epmc(client, 'DOI:"10.1016/unbalanced') == {"version": "6.9"}


# -- faults ---------------------------------------------------------------------------


def test_status_faults_next_n_and_outage(client: httpx.Client, world: ScholarlyWorld) -> None:
    world.fail("crossref", 503, times=2)
    world.fail("openalex", 500, times=None, start=3)
    assert [client.get(f"/crossref/works/{LANCET}").status_code for _ in range(3)] == [
        503,
        503,
        200,
    ]
    assert [client.get("/openalex/works/W2100000001").status_code for _ in range(5)] == [
        200,
        200,
        500,
        500,
        500,
    ]
    world.clear_faults("openalex")
    assert client.get("/openalex/works/W2100000001").status_code == 200


def test_429_with_retry_after_and_the_services_own_bodies(
    client: httpx.Client, world: ScholarlyWorld
) -> None:
    world.fail("crossref", 429, retry_after=7)
    world.fail("semantic_scholar", 429)
    world.fail("arxiv_api", 503)
    world.fail("crossref", 404, path="/works/10.9/")
    limited = client.get(f"/crossref/works/{LANCET}")
    assert limited.status_code == 429 and limited.headers["retry-after"] == "7"
    s2 = client.get("/semantic_scholar/paper/search/match", params={"query": "x"})
    assert s2.status_code == 429 and s2.json()["code"] == "429"
    arxiv = client.get("/arxiv_api/query", params={"id_list": "1706.03762"})
    assert (arxiv.status_code, arxiv.text) == (503, "Rate exceeded.")
    assert client.get(f"/crossref/works/{LANCET}").status_code == 200
    scoped = client.get("/crossref/works/10.9/noise.1")
    assert (scoped.status_code, scoped.text) == (404, "Resource not found.")


def test_delay_beyond_timeout_drop_and_garbage(client: httpx.Client, world: ScholarlyWorld) -> None:
    world.delay("europepmc_rest", 1.0)
    with pytest.raises(httpx.ReadTimeout):  # the client gave up before the answer came
        client.get(
            "/europepmc_rest/search", params={"query": "EXT_ID:1", "format": "json"}, timeout=0.2
        )
    assert world.count("europepmc_rest") == 1
    world.drop("doi_resolver")
    with pytest.raises(httpx.RemoteProtocolError):
        client.get(f"/doi_resolver/api/handles/{LANCET}")
    assert client.get(f"/doi_resolver/api/handles/{LANCET}").status_code == 200
    world.garble("openalex")
    garbage = client.get("/openalex/works/W2100000001")
    assert garbage.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        garbage.json()
    world.garble(
        "crossref",
        '{"status":"ok","message-type":"work","message":',
        content_type=("application/json"),
    )
    with pytest.raises(json.JSONDecodeError):
        client.get(f"/crossref/works/{LANCET}").json()
    with pytest.raises(ValueError, match="unknown service"):
        world.fail("crossref_api", 500)


# -- the request log ------------------------------------------------------------------------------


def test_request_log_counts_and_repeats(client: httpx.Client, world: ScholarlyWorld) -> None:
    client.get(
        f"/crossref/works/{LANCET}",
        params={"mailto": "a@b.org"},
        headers={"user-agent": "ars-docs/test"},
    )
    client.get("/crossref/works", params={"rows": 2, "query.bibliographic": "x y"})
    client.get("/crossref/works", params={"query.bibliographic": "x y", "rows": 2})
    client.get("/openalex/works/W2100000001")
    assert world.count("crossref") == 3 and world.count("crossref", "/works/10.") == 1
    assert world.count() == 4
    first = world.requests("crossref")[0]
    assert first.path == f"/works/{LANCET}" and first.query == {"mailto": ["a@b.org"]}
    assert first.headers["user-agent"] == "ars-docs/test"
    assert world.repeated() == [("crossref", "/works", "query.bibliographic=x y&rows=2")]
    world.reset_log()
    assert world.requests() == []


def test_world_round_trips_through_its_file_format(world: ScholarlyWorld, tmp_path: Path) -> None:
    path = tmp_path / "world.json"
    path.write_text(json.dumps(world.to_dict()))
    with load_world(path) as copy, httpx.Client(base_url=copy.base) as c:
        assert copy.to_dict() == world.to_dict()
        assert c.get(f"/crossref/works/{SICI}").status_code == 200
        assert c.get("/openalex/works/W999").status_code == 301
    path.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(ValueError, match="not a world file"):
        load_world(path)


# -- the labelled evaluation set ------------------------------------------------------------------

SCHEMA = json.loads((REPO / "ars_docs/schemas/literature_corpus_entry.schema.json").read_text())
STATUSES = {"found", "mismatch", "not_found", "ambiguous", "not_covered"}
RETRACTIONS = {"retracted", "expression_of_concern", "correction", "none"}
FIELDS = {"title", "authors", "identifier", "year", "venue"}


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


@pytest.fixture(scope="module")
def builder() -> Any:
    """The tuning set's build (``built``), its works (``WORKS``) and its label checks."""
    build = eval_builder()
    return SimpleNamespace(
        built=build.build("tuning"),
        WORKS=build.works("tuning"),
        case_checks=build.label_checks("tuning"),
    )


def test_the_tuning_files_are_what_the_builder_writes(builder: Any) -> None:
    world, cases = builder.built
    assert json.loads((TUNING_DIR / "world.json").read_text()) == world
    assert json.loads((TUNING_DIR / "cases.json").read_text()) == cases


def test_the_builder_refuses_labels_that_contradict_the_world(builder: Any) -> None:
    cases = copy.deepcopy(builder.built[1]["cases"])
    builder.case_checks.check(cases, builder.WORKS)
    found = next(c for c in cases if c["expect_status"] == "found" and c["entry"].get("doi"))
    found["entry"]["doi"] = "10.1038/nature14593"  # well-formed, registered nowhere
    invented = next(
        c for c in cases if c["truth"] == "fabricated" and c["expect_status"] == "not_found"
    )
    invented["entry"]["title"] = "Highly accurate protein structure prediction with AlphaFold"
    with pytest.raises(ValueError, match="inconsistent cases") as problem:
        builder.case_checks.check(cases, builder.WORKS)
    assert found["entry"]["citation_key"] in str(problem.value)
    assert invented["entry"]["citation_key"] in str(problem.value)


def test_the_tuning_set_has_the_promised_size_and_labels(cases: list[Case]) -> None:
    truth = Counter(c.truth for c in cases)
    assert len(cases) >= 200 and truth["real"] >= 120 and truth["fabricated"] >= 55
    assert sum(1 for c in cases if c.truth == "real" and c.expect_retraction != "none") >= 25
    assert len({c.key for c in cases}) == len(cases)
    for case in cases:
        assert case.truth in ("real", "fabricated")
        assert case.expect_status in STATUSES and case.expect_retraction in RETRACTIONS
        assert set(case.expect_fields) <= FIELDS
        assert bool(case.expect_fields) == (case.expect_status == "mismatch"), case.key
        assert case.why and case.category.startswith(case.truth[:4]), case.key
        if case.truth == "fabricated":
            assert case.expect_status in ("mismatch", "not_found"), case.key
    statuses = Counter(c.expect_status for c in cases)
    assert all(statuses[s] for s in STATUSES)


def test_every_case_is_a_valid_passport_entry(cases: list[Case], tmp_path: Path) -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for entry in passport_entries(cases):
        errors = [e.message for e in validator.iter_errors(entry)]
        assert not errors, (entry["citation_key"], errors)
    from ruamel.yaml import YAML

    path = write_passport(cases[:5], tmp_path / "passport.yaml")
    loaded = YAML(typ="safe").load(path.read_text())
    assert [e["citation_key"] for e in loaded["literature_corpus"]] == [c.key for c in cases[:5]]
    assert passport_yaml(cases[:5]) == path.read_text()


def test_the_cases_agree_with_the_world(cases: list[Case]) -> None:
    """Identifiers the labels rely on exist in the world (or are absent) as the labels say."""
    world = load_world()
    try:
        for case in cases:
            entry = case.entry
            doi = entry.get("doi")
            if doi and "identifier" not in case.expect_fields and case.expect_status != "not_found":
                assert norm_doi(doi) in world.registrations, case.key
            if doi and case.truth == "fabricated" and case.expect_status == "not_found":
                assert norm_doi(doi) not in world.registrations, case.key
            if case.expect_status == "not_covered":
                assert entry.get("type") == "webpage" and entry.get("url"), case.key
            arxiv = entry.get("arxiv_id")
            if arxiv and case.expect_status == "found":
                base = re.sub(r"(?i)^arxiv:|v\d+$", "", arxiv).lower()
                assert base in world.arxiv, case.key
            pmid = entry.get("pmid")
            if pmid and case.expect_status == "found":
                assert any(r.get("pmid") == str(pmid) for r in world.europepmc), case.key
    finally:
        world.close()


def test_the_tuning_world_answers_over_http(cases: list[Case]) -> None:
    with load_world() as world, httpx.Client(base_url=world.base, timeout=5) as c:
        real = [x for x in cases if x.truth == "real" and x.entry.get("doi")]
        for case in real[:10]:
            doi = case.entry["doi"]
            handle = c.get(f"/doi_resolver/api/handles/{norm_doi(doi)}")
            assert handle.json()["responseCode"] == 1, case.key
        assert world.count("doi_resolver") == 10
