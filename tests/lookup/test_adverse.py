"""``ars-docs lookup`` when the world misbehaves or the passport is odd.

Each test is a case where a careless lookup would over-claim: a source that
is down, a proxy's error page, a malformed answer, an identifier typed wrong,
an offline snapshot after an online proof, a title that says the opposite.
The services are the simulated scholarly web on 127.0.0.1 (``scholarly_world``).
"""

from __future__ import annotations

import io
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ars_docs.lookup.batch.run import LookupInterrupted, LookupOptions, LookupRuntime, lookup
from tests.support.lookup import (
    HARVEY,
    arxiv,
    crossref,
    entry,
    lookup_json,
    lookup_records,
    openalex,
    passport,
    update,
)
from tests.support.scholarly_world import ScholarlyWorld
from tests.support.sessions import CliResult

Cli = Callable[..., CliResult]

HS_TITLE = HARVEY["title"][0]
FAKE_DOI = "10.1111/ejed.99999"
FAKE = entry("fake", "Digital transformation of quality assurance agencies", ["Lindqvist"], 2022,
             doi=FAKE_DOI)  # fmt: skip


@pytest.fixture
def world(lookup_world: ScholarlyWorld) -> ScholarlyWorld:
    return lookup_world


run = lookup_json
records = lookup_records


def one(cli: Cli, path: Path, *args: str) -> tuple[int, dict[str, Any]]:
    done, report = run(cli, path, *args)
    (result,) = report["entries"]
    return done.code, result


def snapshot(tmp_path: Path, cli: Cli, *works: dict[str, Any]) -> Path:
    dump = tmp_path / "dump.jsonl"
    dump.write_text("".join(json.dumps(w) + "\n" for w in works), encoding="utf-8")
    index = tmp_path / "snap.idx"
    assert cli("lookup", "index", "build", dump, "-o", index).code == 0
    return index


# --- a source that is down is never an absence --------------------------------------------


def test_a_doi_system_outage_is_unreachable_and_the_next_run_proves_not_found(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(tmp_path / "p.yaml", FAKE)
    world.fail("doi_resolver", 503, times=None)
    code, fake = one(cli, path)
    assert (code, fake["status"], fake["blocking"]) == (75, "unreachable", False)
    world.clear_faults()
    code, fake = one(cli, path)  # no --all: an unreachable record is due again
    assert (code, fake["status"], fake["blocking"]) == (1, "not_found", True)
    assert fake["evidence"]["proof_kind"] == "identifier"


def test_a_proxys_html_404_in_front_of_doi_org_proves_nothing_and_is_not_cached(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    csl = {"DOI": "10.5281/zenodo.1234567", "type": "dataset", "publisher": "Zenodo",
           "title": "Replication dataset for classroom observation study",
           "author": [{"family": "Okafor", "given": "Chidi"}],
           "issued": {"date-parts": [[2021]]}}  # fmt: skip
    world.add_datacite(csl)
    path = passport(tmp_path / "p.yaml", entry("z", csl["title"], ["Okafor"], 2021, doi=csl["DOI"]))
    world.fail("doi_resolver", 404, body="<html><h1>404 Not Found</h1>nginx</html>", times=1)
    code, z = one(cli, path)
    assert (code, z["status"]) == (75, "unreachable")
    code, z = one(cli, path)
    assert (code, z["status"]) == (0, "found")
    assert world.count("doi_resolver", "/api/handles/") == 2  # asked again, not served cached


def test_a_crossref_outage_leaves_the_retraction_unknown_and_the_entry_due(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    ret = crossref("10.5555/rw.1", "Effects of mindfulness training on adolescent memory",
                   [("Jane", "Doe")], 2019,
                   updated_by=[update("10.5555/rw.9", "retraction", (2021, 3, 4), "retraction-watch")])  # fmt: skip  # noqa: E501
    world.add_crossref(ret)
    world.add_openalex(openalex("W77", ret["title"][0], ["Jane Doe"], 2019, doi=ret["DOI"]))
    path = passport(tmp_path / "p.yaml", entry("r", ret["title"][0], ["Doe"], 2019, doi=ret["DOI"]))
    world.fail("crossref", 503, times=None)  # OpenAlex has not heard of the retraction
    code, r = one(cli, path)
    assert (code, r["status"], r["retraction"]["status"]) == (0, "found", "unknown")
    assert records(path)["r"]["unanswered"] == ["crossref"]
    world.clear_faults()
    code, r = one(cli, path)  # an ordinary run: the incomplete record is checked again
    assert (code, r["retraction"]["status"], r["blocking"]) == (1, "retracted", True)
    assert "unanswered" not in records(path)["r"]


def test_an_unanswered_doi_with_another_works_doi_found_by_search_is_unreachable(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "p.yaml",
        entry("chimera", HS_TITLE, ["Harvey", "Stensaker"], 2008, doi="10.1111/ejed.424242"),
    )
    world.fail("crossref", 503, times=None, path="/works/10.")
    world.fail("doi_resolver", 503, times=None)
    world.fail("openalex", 503, times=None, path="/works/doi:")
    code, chimera = one(cli, path)
    assert (code, chimera["status"]) == (75, "unreachable")  # never "found" under another DOI
    assert "10.1111/j.1465-3435.2008.00367.x" in chimera["evidence"]["detail"]
    world.clear_faults()
    code, chimera = one(cli, path)
    assert (code, chimera["status"], chimera["blocking"]) == (1, "mismatch", True)


@pytest.mark.parametrize(
    "body",
    [
        {"id": "https://openalex.org/W2008", "title": {"a": 1}, "authorships": [{"author": 5}]},
        {"id": 5, "title": HS_TITLE},
        {"meta": {"count": 1}},
        [1, 2, 3],
        "<html>maintenance</html>",
    ],
)
def test_an_openalex_answer_of_the_wrong_shape_is_a_failure_and_never_cached(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli, body: Any
) -> None:
    path = passport(
        tmp_path / "p.yaml", entry("hs", HS_TITLE, ["Harvey", "Stensaker"], 2008, doi=HARVEY["DOI"])
    )
    text = body if isinstance(body, str) else json.dumps(body)
    world.garble("openalex", text, content_type="application/json", times=1)
    code, hs = one(cli, path)
    assert (code, hs["status"]) == (0, "found")  # Crossref answered
    (answer,) = [a for a in hs["evidence"]["answers"] if a["service"] == "openalex"]
    assert answer["outcome"] == "failed"
    one(cli, path, "--all")
    assert world.count("openalex", "/works/doi:") == 2


@pytest.mark.parametrize(
    "body",
    [
        {"id": "https://openalex.org/W2008", "title": HS_TITLE, "locations": 5},
        {"id": "https://openalex.org/W2008", "title": HS_TITLE, "ids": {"pmid": 5, "doi": ["x"]}},
        {"id": "https://openalex.org/W2008", "title": HS_TITLE, "publication_year": True},
    ],
)
def test_odd_fields_in_an_openalex_work_are_ignored_not_a_crash(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli, body: Any
) -> None:
    path = passport(
        tmp_path / "p.yaml", entry("hs", HS_TITLE, ["Harvey", "Stensaker"], 2008, doi=HARVEY["DOI"])
    )
    world.garble("openalex", json.dumps(body), content_type="application/json", times=1)
    code, hs = one(cli, path)
    assert (code, hs["status"], hs["blocking"]) == (0, "found", False)


def test_json_nested_beyond_any_parser_is_a_failure_not_a_crash(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "p.yaml", entry("hs", HS_TITLE, ["Harvey", "Stensaker"], 2008, doi=HARVEY["DOI"])
    )
    for service in ("crossref", "openalex", "semantic_scholar"):
        world.garble(service, "[" * 200_000, content_type="application/json", times=None)
    code, hs = one(cli, path)
    assert (code, hs["status"]) == (75, "unreachable")
    world.clear_faults()
    code, hs = one(cli, path)
    assert (code, hs["status"]) == (0, "found")


def test_an_empty_arxiv_feed_is_confirmed_before_it_counts(tmp_path: Path, cli: Cli) -> None:
    title = "Sparse attention kernels for long-context retrieval models"
    empty = (
        '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
        "<title>arXiv Query</title></feed>"
    )
    with ScholarlyWorld() as world:
        world.add_arxiv(arxiv("2301.01234", [("2023-01-04T00:00:00Z", title)], ["Ana Souza"]))
        world.add_semantic_scholar(
            {"paperId": "abc", "title": title, "authors": [{"name": "Ana Souza"}], "year": 2023,
             "externalIds": {"ArXiv": "2301.01234"}, "venue": "arXiv.org"}
        )  # fmt: skip
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml", entry("ax", title, ["Souza"], 2023, arxiv_id="2301.01234")
        )
        world.garble("arxiv_api", empty, content_type="application/atom+xml", times=1)
        code, ax = one(cli, path)
    assert (code, ax["status"], ax["blocking"]) == (0, "found", False)


# --- what was proved is kept ---------------------------------------------------------------


def test_an_offline_run_never_replaces_an_online_proof_even_for_an_edited_entry(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(tmp_path / "p.yaml", FAKE.replace('"\n', '"\n    venue: "Eur J Educ"\n', 1))
    assert one(cli, path)[1]["status"] == "not_found"
    proved = records(path)["fake"]
    index = snapshot(
        tmp_path, cli, crossref("10.9/other", "Unrelated work on soil", [("A", "B")], 2001)
    )
    path.write_text(path.read_text("utf-8").replace("Eur J Educ", "Eur. J. Educ."), "utf-8")
    code, fake = one(cli, path, "--offline", str(index))
    assert (code, fake["status"], fake["blocking"]) == (1, "not_found", True)
    assert "a snapshot does not replace" in fake["note"]
    assert records(path)["fake"] == proved


def test_a_known_retraction_survives_an_offline_run_after_an_edit(tmp_path: Path, cli: Cli) -> None:
    doi = "10.5555/rw.2"
    with ScholarlyWorld() as world:
        world.add_crossref(
            crossref(doi, "Rainfall and school attendance", [("Ana", "Silva")], 2015,
                     updated_by=[update("10.5555/ret.9", "retraction", (2020, 2, 3))])
        )  # fmt: skip
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml",
            entry("silva", "Rainfall and school attendance", ["Silva"], 2015, doi=doi,
                  venue="Journal of Rain"),
        )  # fmt: skip
        assert one(cli, path)[1]["retraction"]["status"] == "retracted"
    index = snapshot(
        tmp_path, cli, crossref("10.9/other", "Unrelated work on soil", [("A", "B")], 2001)
    )
    path.write_text(path.read_text("utf-8").replace("Journal of Rain", "J. Rain"), "utf-8")
    code, silva = one(cli, path, "--offline", str(index))
    assert code == 1 and silva["retraction"]["status"] == "retracted"
    assert records(path)["silva"]["retraction"]["status"] == "retracted"


def test_a_snapshot_verdict_is_checked_again_by_the_next_online_run(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(tmp_path / "p.yaml", FAKE)
    index = snapshot(tmp_path, cli, HARVEY)
    code, fake = one(cli, path, "--offline", str(index))
    assert (code, fake["status"], fake["blocking"]) == (0, "not_found", False)  # no proof
    assert records(path)["fake"]["offline"]  # made from a snapshot
    code, fake = one(cli, path)  # online, no --all
    assert (code, fake["status"], fake["blocking"]) == (1, "not_found", True)
    assert "offline" not in records(path)["fake"]


class _StopOnFirstLine(io.StringIO):
    """A progress stream whose first line is Ctrl-C, pressed a moment after it came."""

    def write(self, text: str) -> int:
        if not self.getvalue():
            super().write(text)
            time.sleep(0.3)  # the other fast checks finish meanwhile
            raise KeyboardInterrupt
        return super().write(text)


def test_checks_that_finished_while_a_run_was_stopped_are_written(
    world: ScholarlyWorld, tmp_path: Path
) -> None:
    world.fault("crossref", delay=1.5, times=None, path="/works/10.5555/slow")
    path = passport(
        tmp_path / "p.yaml",
        entry("slow", "A study that takes long to answer", ["Moss"], 2020, doi="10.5555/slow"),
        *(entry(f"hs{n}", HS_TITLE, ["Harvey", "Stensaker"], 2008, doi=HARVEY["DOI"])
          for n in range(3)),
    )  # fmt: skip
    env = {**os.environ, "ARS_DOCS_NO_CACHE": "1"}
    runtime = LookupRuntime(environ=env, progress=_StopOnFirstLine())
    with pytest.raises(LookupInterrupted) as stopped:
        lookup(path, LookupOptions(concurrency=4), runtime)
    assert stopped.value.report.interrupted
    written = {key for key, record in records(path).items() if record}
    assert {"hs0", "hs1", "hs2"} <= written  # all three, not only the one being shown


# --- what the entry says -------------------------------------------------------------------


def test_a_malformed_identifier_in_the_entry_is_never_passed_over(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "p.yaml",
        entry("space", HS_TITLE, ["Harvey", "Stensaker"], 2008,
              doi="10.1111/j.1465-3435.2008.00367 x"),
        entry("short", HS_TITLE, ["Harvey", "Stensaker"], 2008, arxiv_id="0801.123"),
        entry("invented", "A wholly invented study of rural broadband adoption", ["Nobody"], 2021,
              doi="doi 10.9999/ invented"),
        entry("na", HS_TITLE, ["Harvey", "Stensaker"], 2008, doi="N/A"),
    )  # fmt: skip
    done, report = run(cli, path)
    assert done.code == 1
    by_key = {e["key"]: e for e in report["entries"]}
    assert by_key["space"]["status"] == "mismatch" and by_key["space"]["blocking"]
    assert by_key["space"]["differences"][-1]["record"] == "not a valid DOI"
    assert by_key["short"]["status"] == "mismatch" and by_key["short"]["blocking"]
    invented = by_key["invented"]
    assert invented["status"] == "not_found" and invented["blocking"]
    assert "'doi 10.9999/ invented' is not a valid DOI" in invented["evidence"]["proof"]
    assert by_key["na"]["status"] == "found"  # a placeholder is no attempt at an identifier


@pytest.mark.parametrize(
    ("cited", "record"),
    [
        ("No association between coffee intake and mortality in older adults",
         "Association between coffee intake and mortality in older adults"),
        ("Smoking without filters and lung cancer incidence in a national cohort",
         "Smoking with filters and lung cancer incidence in a national cohort"),
        ("Reading aloud does not improve comprehension in early grades",
         "Reading aloud does improve comprehension in early grades"),
    ],
)  # fmt: skip
def test_a_title_that_says_the_opposite_is_a_blocking_mismatch(
    tmp_path: Path, cli: Cli, cited: str, record: str
) -> None:
    doi = "10.5555/neg.1"
    with ScholarlyWorld() as world:
        world.add_crossref(crossref(doi, record, [("Ana", "Lopes")], 2018))
        world.add_openalex(openalex("W9", record, ["Ana Lopes"], 2018, doi=doi))
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(tmp_path / "p.yaml", entry("neg", cited, ["Lopes"], 2018, doi=doi))
        code, neg = one(cli, path)
    assert (code, neg["status"], neg["blocking"]) == (1, "mismatch", True)
    assert [d["field"] for d in neg["differences"]] == ["title"]


def test_names_imported_family_first_still_match(tmp_path: Path, cli: Cli) -> None:
    doi = "10.5555/cn.1"
    title = "Online learning engagement of undergraduates during the pandemic"
    with ScholarlyWorld() as world:
        world.add_crossref(crossref(doi, title, [("Wei", "Zhang"), ("Na", "Li")], 2020))
        world.write_config(tmp_path / "ars-docs.toml")
        path = tmp_path / "p.yaml"
        path.write_text(
            "session_id: s\nliterature_corpus:\n  - citation_key: zhang2020\n"
            f'    title: "{title}"\n    authors:\n      - {{family: Wei, given: Zhang}}\n'
            f'      - {{family: Na, given: Li}}\n    year: 2020\n    doi: "{doi}"\n'
            "    source_pointer: refs.bib\n",
            encoding="utf-8",
        )
        code, zhang = one(cli, path)
    assert (code, zhang["status"]) == (0, "found")


def test_an_isbn_contradicts_a_book_entry_only_when_it_names_another_book(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    book = "Handbook of Research on Teacher Education"
    for n, (title, family) in enumerate(
        [("Preparing teachers for diverse classrooms", "Banks"),
         ("Assessment literacy in initial teacher education", "Popham")]
    ):  # fmt: skip
        world.add_crossref(
            crossref(f"10.5555/hb-{n}", title, [("J", family)], 2008, venue=book,
                     kind="book-chapter", ISBN=["9780805847765"])
        )  # fmt: skip
    world.add_crossref(
        crossref("10.5555/esl", "The elements of statistical learning", [("Trevor", "Hastie")],
                 2009, kind="book", ISBN=["9780387848570"])
    )  # fmt: skip
    path = passport(
        tmp_path / "p.yaml",
        entry("book", book, ["Cochran-Smith"], 2008, isbn="978-0-8058-4776-5", type="book"),
        entry("invented", "Statistical learning for the working scientist", ["Hastie"], 2015,
              isbn="9780387848570", type="book"),
        entry("chapter", "Assessment literacy in initial teacher education", ["Popham"], 2008,
              isbn="978-0-8058-4776-5", type="chapter", venue=book),
    )  # fmt: skip
    done, report = run(cli, path)
    by_key = {e["key"]: e for e in report["entries"]}
    assert not by_key["book"]["blocking"] and by_key["book"]["status"] != "mismatch"
    assert by_key["chapter"]["status"] == "found"
    # A book entry with another book's ISBN: that ISBN names another work.
    invented = by_key["invented"]
    assert invented["status"] == "mismatch" and invented["blocking"]
    assert done.code == 1


def test_a_title_any_registry_holds_for_the_doi_identifies_the_work(
    tmp_path: Path, cli: Cli
) -> None:
    doi = "10.5555/jalc.42"
    english = "Social isolation among older survivors of an earthquake: a longitudinal study"
    with ScholarlyWorld() as world:
        world.add_datacite(
            {"DOI": doi, "type": "article-journal", "title": "地震後の高齢被災者における社会的孤立",
             "author": [{"family": "渡辺", "given": "健"}], "issued": {"date-parts": [[2020]]}},
            agency="jalc",
        )  # fmt: skip
        world.add_openalex(openalex("W42", english, ["Ken Watanabe"], 2020, doi=doi))
        world.write_config(tmp_path / "ars-docs.toml")
        path = passport(
            tmp_path / "p.yaml",
            entry("watanabe", english, ["Watanabe"], 2020, doi=doi),
            entry("other", "Housing prices after an earthquake in a mid-sized city", ["Watanabe"],
                  2020, doi=doi),
        )  # fmt: skip
        done, report = run(cli, path)
    by_key = {e["key"]: e for e in report["entries"]}
    assert by_key["watanabe"]["status"] == "found"
    assert by_key["other"]["status"] == "mismatch" and by_key["other"]["blocking"]
    assert done.code == 1


# --- exit codes ----------------------------------------------------------------------------


def test_only_what_blocks_fails_the_run_unless_fail_on_any(
    world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    # Found by nobody and with no identifier: not_found, but no proof.
    path = passport(
        tmp_path / "p.yaml",
        entry("ghost", "An essay nobody indexed on river towns", ["Moss"], 1931),
    )
    code, ghost = one(cli, path)
    assert (code, ghost["status"], ghost["blocking"]) == (0, "not_found", False)
    code, _ = one(cli, path, "--all", "--fail-on", "any")
    assert code == 1
    bad = cli("lookup", "--passport", path, "--fail-on", "some")
    assert bad.code == 64 and "invalid choice: 'some'" in bad.err


def test_a_title_of_thousands_of_characters_is_searched_by_its_first_300(
    tmp_path: Path, cli: Cli, world: ScholarlyWorld
) -> None:
    """A title under the import cap but far beyond any real one: the searches send a
    bounded title (a URL no registry accepts would make the work "unreachable")."""
    from ars_docs.lookup.entry.query import SEARCH_TITLE_CHARS

    long_title = " ".join(["Quality assurance in higher education"] * 200)  # ~7,800 chars
    path = passport(tmp_path / "p.yaml", entry("long", long_title, ["Lindqvist"], 2022))
    code, result = one(cli, path)
    assert code in (0, 1) and result["status"] != "unreachable", result
    searches = [r for r in world.requests() if r.service in ("crossref", "openalex")]
    assert searches, "no search was sent"
    for request in searches:
        assert len(request.raw_path) < 2 * SEARCH_TITLE_CHARS + 400, request.raw_path[:200]
    asked = json.dumps(records(path)["long"])
    assert long_title not in asked  # what was asked is recorded bounded too


def test_searched_title_cuts_at_a_word_and_keeps_short_titles_whole() -> None:
    from types import SimpleNamespace

    from ars_docs.lookup.entry.query import SEARCH_TITLE_CHARS, searched_title

    def q(title: str) -> Any:
        return SimpleNamespace(title=title)  # searched_title reads the title only

    assert searched_title(q("A short title")) == "A short title"
    cut = searched_title(q("word " * 100))
    assert len(cut) <= SEARCH_TITLE_CHARS and cut.endswith("word") and "  " not in cut
    assert searched_title(q("x" * 1000)) == "x" * SEARCH_TITLE_CHARS  # no space: a hard cut


def test_a_doi_nobody_knows_on_a_real_work_is_flagged_as_unconfirmed_not_blocking(
    tmp_path: Path, cli: Cli
) -> None:
    """HALLMARK's fabricated DOI: the work is real (found by search, with no DOI on its
    record), the DOI is made up. Offline nothing proves the DOI wrong: flagged, not refused."""
    work = openalex("W77", "Economic hyperparameter optimization with blended search strategy",
                    ["Chi Wang", "Qingyun Wu"], 2021, venue="ICLR")  # fmt: skip
    work.pop("doi", None)
    index = snapshot(tmp_path, cli, work)
    path = passport(tmp_path / "p.yaml", entry(
        "wang2021", "Economic Hyperparameter Optimization with Blended Search Strategy",
        ["Wang", "Wu"], 2021, doi="10.47281/bed.57189", venue="ICLR"))  # fmt: skip
    code, found = one(cli, path, "--offline", str(index))
    assert (code, found["status"], found["blocking"]) == (0, "mismatch", False)
    (difference,) = found["differences"]
    assert difference["field"] == "identifier_unconfirmed" and not difference["blocking"]
    assert difference["record"] == "no record of doi 10.47281/bed.57189; the work found has none"
