"""``ars-docs lookup`` against a simulated scholarly web (local HTTP, real response shapes).

Each test builds a small world on 127.0.0.1 (``scholarly_world``), a real YAML
passport (comments, CRLF), runs the command in-process as a user would, and
checks the verdict, what was written into the passport, the report and the
requests the services received.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.lookup import (
    HARVEY,
    arxiv,
    crossref,
    entry,
    europepmc,
    lookup_json,
    lookup_records,
    openalex,
    passport,
    update,
)
from tests.support.scholarly_world import ScholarlyWorld
from tests.support.sessions import CliResult

Cli = Callable[..., CliResult]

HS_TITLE = "Quality culture: understandings, boundaries and linkages"
HS_AUTHORS = ["Harvey", "Stensaker"]


@pytest.fixture
def world(lookup_world: ScholarlyWorld) -> ScholarlyWorld:
    return lookup_world


run = lookup_json
records = lookup_records


def test_found_by_doi_with_the_record_written_in_place(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "passport.yaml",
        entry("hs", HS_TITLE, HS_AUTHORS, 2008, doi="10.1111/J.1465-3435.2008.00367.X",
              venue="Eur. J. Educ."),
    )  # fmt: skip
    before = path.read_bytes()
    done, report = run(cli, path)
    assert done.code == 0, done.err
    assert list(report) == ["summary", "entries", "diagnostics"]  # docs/json.md
    assert report["summary"]["counts"]["found"] == 1
    (hs,) = report["entries"]
    assert hs["status"] == "found" and hs["retraction"]["status"] == "none"
    assert hs["evidence"]["matched"]["doi"] == "10.1111/j.1465-3435.2008.00367.x"
    assert [a["service"] for a in hs["evidence"]["answers"]] == ["crossref", "openalex"]
    after = path.read_bytes()
    assert after.startswith(before)  # the record is appended to the (last) entry only
    assert b"\r\n    lookup:\r\n      status: found\r\n" in after
    assert b"\n" not in after.replace(b"\r\n", b"")  # CRLF kept
    assert records(path)["hs"]["sources"] == ["crossref", "openalex"]


def test_a_doi_that_is_not_registered_is_proved_not_found(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "passport.yaml",
        entry("fake", "Digital transformation of quality assurance agencies", ["Lindqvist"], 2022,
              doi="10.1111/ejed.99999"),
    )  # fmt: skip
    done, report = run(cli, path)
    assert done.code == 1
    (fake,) = report["entries"]
    assert fake["status"] == "not_found" and fake["blocking"]
    assert fake["evidence"]["proof_kind"] == "identifier"
    assert "10.1111/ejed.99999 is not a registered DOI" in fake["evidence"]["proof"]
    assert world.count("doi_resolver", "/api/handles/") == 1
    assert world.count("openalex", "/works/doi:") == 0  # not asked about a DOI that does not exist
    text = cli("lookup", "--passport", path, "fake")  # text report, named key: asked again
    assert "fake: not_found (blocks the gate) — no source has this work" in text.out
    assert text.out.rstrip().endswith("unchanged")


def test_a_real_doi_of_another_paper_is_a_blocking_mismatch(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "passport.yaml",
        entry("chimera", HS_TITLE, HS_AUTHORS, 2008, doi="10.1016/j.ijer.2019.04.002"),
    )
    done, report = run(cli, path)
    assert done.code == 1
    (found,) = report["entries"]
    assert found["status"] == "mismatch" and found["blocking"]
    fields = {d["field"]: d for d in found["differences"]}
    assert set(fields) == {"title", "authors", "identifier"}
    assert fields["title"]["record"] == "Teacher agency in curriculum reform: a longitudinal study"
    assert fields["identifier"]["record"] == "10.1111/j.1465-3435.2008.00367.x"
    assert (
        "the entry's title and authors match 10.1111/j.1465-3435.2008.00367.x"
        in (found["evidence"]["detail"])
    )


def test_a_retraction_from_retraction_watch_is_reported_with_its_notice(
    tmp_path: Path, cli: Cli
) -> None:
    with ScholarlyWorld() as world:
        doi = "10.1021/am300292v"
        world.add_crossref(
            crossref(doi, "Self-healing polymer coatings for steel", [("Wei", "Zhang")], 2012,
                     updated_by=[update("10.1021/acsami.9b11759", "retraction", (2019, 7, 26),
                                        "retraction-watch")])
        )  # fmt: skip
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "passport.yaml",
            entry("zhang", "Self-healing polymer coatings for steel", ["Zhang"], 2012, doi=doi),
        )
        done, report = run(cli, path)
    assert done.code == 1
    (zhang,) = report["entries"]
    assert zhang["status"] == "found" and zhang["blocking"]  # the gate refuses it, unacknowledged
    assert zhang["retraction"]["status"] == "retracted"
    assert zhang["retraction"]["notices"] == [
        {"type": "retraction", "doi": "10.1021/acsami.9b11759", "date": "2019-07-26",
         "source": "retraction-watch"}
    ]  # fmt: skip
    assert zhang["retraction_acknowledged"] is False


def test_openalex_alone_can_say_retracted(tmp_path: Path, cli: Cli) -> None:
    with ScholarlyWorld() as world:
        doi = "10.5555/retracted.oa"
        world.add_crossref(
            crossref(doi, "Cooling effects of urban lakes", [("Ana", "Silva")], 2016)
        )
        world.add_openalex(
            openalex("W77", "Cooling effects of urban lakes", ["Ana Silva"], 2016, doi=doi,
                     retracted=True)
        )  # fmt: skip
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml",
            entry("silva", "Cooling effects of urban lakes", ["Silva"], 2016, doi=doi),
        )
        _, report = run(cli, path)
    retraction = report["entries"][0]["retraction"]
    assert retraction["status"] == "retracted"
    assert retraction["notices"] == [
        {"type": "retraction", "doi": None, "date": None, "source": "openalex"}
    ]
    assert retraction["sources"] == ["crossref", "openalex"]


def test_a_datacite_doi_is_found_through_the_doi_system(tmp_path: Path, cli: Cli) -> None:
    with ScholarlyWorld() as world:
        world.add_datacite(
            {
                "type": "dataset",
                "id": "https://doi.org/10.5281/zenodo.1234567",
                "DOI": "10.5281/zenodo.1234567",
                "title": "Survey responses of European quality officers, 2019 wave",
                "author": [{"family": "Kovács", "given": "Eszter"}],
                "issued": {"date-parts": [[2019, 11, 2]]},
                "publisher": "Zenodo",
            }
        )
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml",
            entry("kovacs", "Survey responses of European quality officers, 2019 wave", ["Kovacs"],
                  2019, doi="https://doi.org/10.5281/ZENODO.1234567", type="dataset"),
        )  # fmt: skip
        done, report = run(cli, path)
    assert done.code == 0, done.err
    (kovacs,) = report["entries"]
    assert kovacs["status"] == "found"
    assert kovacs["evidence"]["matched"]["service"] == "doi.org"
    assert kovacs["evidence"]["sources"] == ["crossref", "doi.org", "openalex"]


def test_an_arxiv_title_changed_in_v2_is_found_in_v1(tmp_path: Path, cli: Cli) -> None:
    with ScholarlyWorld() as world:
        world.add_arxiv(
            arxiv("2101.00001", [("2021-01-01T00:00:00Z", "Graphs of quality in audits"),
                                 ("2021-06-01T00:00:00Z", "Audit networks: a graph view")],
                  ["Maria Rossi", "Jin Park"])
        )  # fmt: skip
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml",
            entry(
                "rossi",
                "Graphs of quality in audits",
                ["Rossi", "Park"],
                2021,
                arxiv_id="arXiv:2101.00001",
            ),
            entry(
                "ghost", "A study that was never posted", ["Nobody"], 2021, arxiv_id="2101.99999"
            ),
        )
        done, report = run(cli, path)
        asked = [r.query.get("id_list") for r in world.requests("arxiv_api")]
    by_key = {e["key"]: e for e in report["entries"]}
    assert by_key["rossi"]["status"] == "found"
    assert by_key["rossi"]["evidence"]["matched"]["arxiv_id"] == "2101.00001"
    assert by_key["ghost"]["status"] == "not_found"
    assert by_key["ghost"]["evidence"]["proof_kind"] == "identifier"
    assert ["2101.00001v1"] in asked  # the earlier version was asked for its title
    assert done.code == 1


def test_a_pubmed_paper_retracted_in_europe_pmc(tmp_path: Path, cli: Cli) -> None:
    with ScholarlyWorld() as world:
        world.add_europepmc(
            europepmc("31234567", "Vitamin D and exam stress in medical students",
                      [("Lars", "Berg"), ("Eva", "Holm")], 2018,
                      pubTypeList={"pubType": ["Journal Article", "Retracted Publication"]},
                      commentCorrectionList={"commentCorrection": [
                          {"id": "33333333", "source": "MED", "type": "Retraction in",
                           "reference": "J Clin Things. 2021;4:1", "orderIn": 1}]})
        )  # fmt: skip
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml",
            entry("berg", "Vitamin D and exam stress in medical students", ["Berg", "Holm"], 2018,
                  pmid="31234567"),
            entry("nopmid", "Sleep and grades", ["Nobody"], 2018, pmid="99999999"),
        )  # fmt: skip
        _done, report = run(cli, path)
    by_key = {e["key"]: e for e in report["entries"]}
    assert by_key["berg"]["status"] == "found"
    assert by_key["berg"]["retraction"]["status"] == "retracted"
    assert by_key["nopmid"]["status"] == "not_found"
    assert by_key["nopmid"]["evidence"]["proof_kind"] == "identifier"


def test_search_finds_a_work_without_identifiers(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "p.yaml",
        entry("hs", "Quality culture: understandings, boundaries and linkages", HS_AUTHORS, 2008),
        entry("web", "Guidelines page", ["ENQA"], 2015, type="webpage"),
        entry("ghost", "Entangled quantum auditors in medieval guild schools", ["Zarkov"], 2020),
    )
    done, report = run(cli, path)
    by_key = {e["key"]: e for e in report["entries"]}
    assert by_key["hs"]["status"] == "found"
    assert by_key["hs"]["evidence"]["matched"]["doi"] == HARVEY["DOI"]
    assert by_key["web"]["status"] == "not_covered"
    ghost = by_key["ghost"]
    assert ghost["status"] == "not_found" and not ghost["blocking"]
    assert ghost["evidence"]["proof_kind"] == "search"
    assert done.code == 0  # nothing blocks the gate: a not_found by search is shown, not fatal
    strict = cli("lookup", "--passport", path, "--all", "--fail-on", "any", "-q")
    assert strict.code == 1


def test_retry_after_is_honoured_and_not_counted_as_absence(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    world.fail("crossref", 429, times=1, retry_after=0)
    world.fail("openalex", 503, times=1)
    path = passport(tmp_path / "p.yaml", entry("hs", HS_TITLE, HS_AUTHORS, 2008, doi=HARVEY["DOI"]))
    done, report = run(cli, path)
    assert done.code == 0, done.err
    assert report["entries"][0]["status"] == "found"
    assert world.count("crossref") == 2 and world.count("openalex") == 2


def test_an_outage_mid_run_is_unreachable_and_a_rerun_asks_only_what_failed(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    dois = [HARVEY["DOI"], "10.1016/j.ijer.2019.04.002"]
    path = passport(
        tmp_path / "p.yaml",
        entry("a", HS_TITLE, HS_AUTHORS, 2008, doi=dois[0]),
        entry("b", "Teacher agency in curriculum reform: a longitudinal study",
              ["Ortega", "Mensah"], 2019, doi=dois[1]),
    )  # fmt: skip
    # Crossref and OpenAlex go down after their first answer; the DOI system never answers.
    world.fail("crossref", 503, times=None, start=2)
    world.fail("openalex", 503, times=None, start=2)
    world.fail("doi_resolver", 503, times=None)
    done, report = cli("lookup", "--passport", path, "--concurrency", "1"), None
    assert done.code == 75, done.out
    assert "unreachable" in done.out
    statuses = {k: r and r["status"] for k, r in records(path).items()}
    assert statuses == {"a": "found", "b": None}  # no unreachable record over nothing
    world.clear_faults()
    world.reset_log()
    done, report = run(cli, path)
    assert done.code == 0
    assert report["summary"]["checked"] == 1 and report["summary"]["current"] == 1
    assert {k: r["status"] for k, r in records(path).items()} == {"a": "found", "b": "found"}
    assert world.count("crossref") == 1  # only b's DOI
    assert not world.repeated()


def test_timeouts_never_become_not_found(world: ScholarlyWorld, tmp_path: Path, cli: Cli) -> None:
    for service in ("crossref", "openalex", "doi_resolver", "semantic_scholar"):
        world.delay(service, 3, times=None)
    world.write_config(tmp_path / "ars-docs.toml", timeout=0.5, max_retries=0)
    path = passport(
        tmp_path / "p.yaml", entry("x", "Anything at all here", ["Smith"], 2020, doi="10.5555/x.1")
    )
    done, report = run(cli, path)
    assert done.code == 75
    assert report["entries"][0]["status"] == "unreachable"
    assert "could not be checked" in report["entries"][0]["evidence"]["detail"]


def test_a_warm_cache_answers_everything_and_changes_nothing(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "p.yaml",
        entry("hs", HS_TITLE, HS_AUTHORS, 2008, doi=HARVEY["DOI"]),
        entry("fake", "Invented title of a paper", ["Nobody"], 2022, doi="10.1111/ejed.99999"),
    )
    run(cli, path)
    written = path.read_bytes()
    world.reset_log()
    _, report = run(cli, path, "--all")
    assert world.count() == 0
    assert report["summary"]["requests"] == 0 and report["summary"]["answers_from_cache"] > 0
    assert path.read_bytes() == written
    assert report["summary"]["written"] == []
    _done, report = run(cli, path, "--all", "--refresh")
    assert world.count() > 0
    assert report["summary"]["requests"] == world.count()


def test_a_dry_run_writes_nothing(world: ScholarlyWorld, tmp_path: Path, cli: Cli) -> None:
    path = passport(tmp_path / "p.yaml", entry("hs", HS_TITLE, HS_AUTHORS, 2008, doi=HARVEY["DOI"]))
    before = path.read_bytes()
    done = cli("lookup", "--passport", path, "--dry-run")
    assert done.code == 0
    assert "nothing written (dry run)" in done.out
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("**/lookup.sqlite3"))
    cache = Path(__import__("os").environ["ARS_DOCS_CACHE_DIR"])
    assert not (cache / "lookup.sqlite3").exists()


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["nosuchkey"], 65, "citation_key(s) not in literature_corpus[]: 'nosuchkey'"),
        (["harvey_2009"], 65, "'harvey_2009' (did you mean harvey_2008?)"),
        (["--concurrency", "0"], 64, "out of range (1-32)"),
        (["--bibliography", "refs.bib"], 64, "give --passport or --bibliography, not both"),
    ],
)
def test_usage_and_data_errors_ask_nothing_and_write_nothing(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli, args: list[str], code: int, message: str
) -> None:
    path = passport(
        tmp_path / "p.yaml", entry("harvey_2008", HS_TITLE, HS_AUTHORS, 2008, doi=HARVEY["DOI"])
    )
    before = path.read_bytes()
    done = cli("lookup", "--passport", path, *args)
    assert done.code == code
    assert message in done.err
    assert world.count() == 0
    assert path.read_bytes() == before


def test_no_passport_no_contact_email_missing_files(tmp_path: Path, cli: Cli) -> None:
    done = cli("lookup")
    assert done.code == 64 and "--bibliography FILE" in done.err
    done = cli("lookup", "--passport", tmp_path / "missing.yaml")
    assert done.code == 66
    path = passport(tmp_path / "p.yaml", entry("hs", HS_TITLE, HS_AUTHORS, 2008))
    done = cli("lookup", "--passport", path)
    assert done.code == 64 and "no contact e-mail" in done.err
    done = cli("lookup", "--passport", path, "--offline", tmp_path / "missing.sqlite3")
    assert done.code == 66


def test_a_read_only_passport_is_refused_before_any_request(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(tmp_path / "p.yaml", entry("hs", HS_TITLE, HS_AUTHORS, 2008, doi=HARVEY["DOI"]))
    path.chmod(0o444)
    done = cli("lookup", "--passport", path)
    assert done.code == 73
    assert world.count() == 0


def test_the_text_report_ends_with_the_summary(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "p.yaml",
        entry("hs", HS_TITLE, HS_AUTHORS, 2008, doi=HARVEY["DOI"]),
        entry("fake", "Invented title of a paper", ["Nobody"], 2022, doi="10.1111/ejed.99999"),
    )
    done = cli("lookup", "--passport", path)
    lines = done.out.rstrip().splitlines()
    assert lines[0].startswith(f"{path}: 2 entries; checked 2 now")
    assert lines[1].startswith("fake: not_found (blocks the gate)")
    assert not any(line.startswith("hs:") for line in lines)  # found entries only with -v
    assert lines[-2].startswith("lookup: found 1, mismatch 0, not_found 1,")
    assert lines[-1].startswith("requests sent ") and lines[-1].endswith("(2 entries)")
    quiet = cli("lookup", "--passport", path, "--all", "-q")
    assert len(quiet.out.rstrip().splitlines()) == 2
    verbose = cli("lookup", "--passport", path, "--all", "-v")
    assert any(line.startswith("hs: found — crossref: doi ") for line in verbose.out.splitlines())


def test_a_bare_bibliography_is_checked_and_never_written(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "% exported by a reference manager\n"
        "@article{harvey2008,\n"
        "  author = {Harvey, Lee and Stensaker, Bj{\\o}rn},\n"
        "  title = {Quality culture: understandings, boundaries and linkages},\n"
        "  journal = {European Journal of Education}, year = {2008},\n"
        "  doi = {10.1111/j.1465-3435.2008.00367.x}\n}\n"
        "@article{invented2022,\n"
        "  author = {Lindqvist, Karin},\n"
        "  title = {Digital transformation of quality assurance agencies},\n"
        "  journal = {Quality in Higher Education}, year = {2022},\n"
        "  doi = {10.1111/ejed.99999}\n}\n",
        encoding="utf-8",
    )
    before = bib.read_bytes()
    done = cli("lookup", "--bibliography", bib, "--format", "json")
    assert done.code == 1, done.err
    report = json.loads(done.out)
    statuses = {e["key"]: e["status"] for e in report["entries"]}
    assert statuses == {"harvey2008": "found", "invented2022": "not_found"}
    assert bib.read_bytes() == before
    text = cli("lookup", "--bibliography", bib)
    assert "nothing written (a bibliography is only read)" in text.out
    csl = tmp_path / "refs.json"
    csl.write_text(
        json.dumps(
            [{"id": "hs", "type": "article-journal", "title": HS_TITLE,
              "author": [{"family": "Harvey", "given": "Lee"}, {"family": "Stensaker"}],
              "issued": {"date-parts": [[2008]]}, "DOI": HARVEY["DOI"]}]
        ),
        encoding="utf-8",
    )  # fmt: skip
    done = cli("lookup", "--bibliography", csl, "-q")
    assert done.code == 0, done.err
    assert done.out.startswith("lookup: found 1,")


def test_a_rerun_while_the_services_are_down_keeps_what_was_proved(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "p.yaml",
        entry("fake", "Digital transformation of quality agencies", ["Lindqvist"], 2022,
              doi="10.1111/ejed.99999"),
    )  # fmt: skip
    run(cli, path)
    proved = path.read_bytes()
    for service in ("crossref", "doi_resolver", "openalex", "semantic_scholar"):
        world.fail(service, 503, times=None)
    done, report = run(cli, path, "--all", "--refresh")
    (fake,) = report["entries"]
    assert fake["status"] == "not_found" and fake["blocking"]
    assert fake["note"].startswith("kept the not_found record of ")
    assert path.read_bytes() == proved
    assert done.code == 1


def test_a_retraction_once_known_is_not_forgotten(tmp_path: Path, cli: Cli) -> None:
    doi = "10.5555/sticky.1"
    with ScholarlyWorld() as world:
        world.add_crossref(
            crossref(doi, "Rainfall and school attendance", [("Ana", "Silva")], 2015,
                     updated_by=[update("10.5555/ret.9", "retraction", (2020, 2, 3))])
        )  # fmt: skip
        world.add_openalex(
            openalex("W9", "Rainfall and school attendance", ["Ana Silva"], 2015, doi=doi)
        )
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml",
            entry("silva", "Rainfall and school attendance", ["Silva"], 2015, doi=doi),
        )
        run(cli, path)
        world.fail("crossref", 503, times=None)  # the source that knew it is down
        _, report = run(cli, path, "--all", "--refresh")
    (silva,) = report["entries"]
    assert silva["status"] == "found"
    assert silva["retraction"]["status"] == "retracted"
    assert silva["retraction"]["notices"][0]["doi"] == "10.5555/ret.9"
    assert "kept the retracted known since" in silva["note"]


def test_a_reprint_in_one_registry_does_not_hide_the_cited_version(
    tmp_path: Path, cli: Cli
) -> None:
    title = "MapReduce: simplified data processing on large clusters"
    with ScholarlyWorld() as world:
        # Crossref knows only the later journal reprint; OpenAlex has the conference paper.
        world.add_crossref(
            crossref("10.1145/1327452.1327492", title, [("Jeffrey", "Dean"), ("Sanjay", "Ghemawat")],  # noqa: E501
                     2008, venue="Communications of the ACM")
        )  # fmt: skip
        world.add_openalex(
            openalex("W2004", title, ["Jeffrey Dean", "Sanjay Ghemawat"], 2004,
                     venue="Operating Systems Design and Implementation", kind="article")
        )  # fmt: skip
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml", entry("dean2004", title, ["Dean", "Ghemawat"], 2004, venue="OSDI")
        )
        done, report = run(cli, path)
    (dean,) = report["entries"]
    assert dean["status"] == "found", dean
    assert dean["evidence"]["matched"]["openalex_id"] == "W2004"
    assert done.code == 0


def test_an_arxiv_id_whose_published_version_has_the_cited_title(tmp_path: Path, cli: Cli) -> None:
    with ScholarlyWorld() as world:
        world.add_arxiv(
            arxiv("2203.15556", [("2022-03-29T00:00:00Z", "Training compute-optimal language models")],  # noqa: E501
                  ["Jordan Hoffmann", "Sebastian Borgeaud"])
        )  # fmt: skip
        world.add_semantic_scholar(
            {"paperId": "abc123", "title": "An empirical analysis of compute-optimal training",
             "year": 2022, "authors": [{"authorId": "1", "name": "Jordan Hoffmann"},
                                       {"authorId": "2", "name": "Sebastian Borgeaud"}],
             "venue": "Neural Information Processing Systems",
             "externalIds": {"ArXiv": "2203.15556", "CorpusId": 1}, "publicationTypes": ["Conference"]}  # noqa: E501
        )  # fmt: skip
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml",
            entry("hoffmann", "An empirical analysis of compute-optimal training",
                  ["Hoffmann", "Borgeaud"], 2022, arxiv_id="2203.15556"),
            entry("other", "An empirical analysis of compute-optimal training",
                  ["Nobody", "Else"], 2022, arxiv_id="2203.15556v1"),
        )  # fmt: skip
        _done, report = run(cli, path)
    by_key = {e["key"]: e for e in report["entries"]}
    assert by_key["hoffmann"]["status"] == "found"
    assert by_key["hoffmann"]["evidence"]["matched"]["service"] == "semantic_scholar"
    assert by_key["other"]["status"] == "mismatch" and by_key["other"]["blocking"]


def test_api_keys_are_sent_where_they_belong_and_never_shown(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    world.s2_api_key = "s2-secret"
    world.write_config(
        tmp_path / "ars-docs.toml",
        semantic_scholar_api_key="s2-secret",
        openalex_api_key="oa-secret",
    )
    path = passport(
        tmp_path / "p.yaml", entry("ghost", "An unknown title about nothing much", ["Nobody"], 2020)
    )
    done, _ = run(cli, path)
    (s2,) = world.requests("semantic_scholar")
    assert s2.headers["x-api-key"] == "s2-secret"
    assert all(r.query.get("api_key") == ["oa-secret"] for r in world.requests("openalex"))
    assert "secret" not in done.out + done.err + path.read_text("utf-8")
    assert "api_key=REDACTED" in done.out
