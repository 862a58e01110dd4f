"""The held-out set of the lookup evaluation (benchmarks/lookup_eval/heldout/): the files are
what build_sets writes, every entry is a valid passport entry, the labels agree with the
world the simulator serves, the README's counts are the files', and the set shares no work,
identifier, title, person or key with the tuning set."""

from __future__ import annotations

import copy
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

import httpx
import jsonschema
import pytest

from tests.support.layout import REPO
from tests.support.scholarly_world import (
    EVAL_DIR,
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

HELDOUT_DIR = EVAL_DIR / "heldout"
SCHEMA = json.loads((REPO / "ars_docs/schemas/literature_corpus_entry.schema.json").read_text())
STATUSES = {"found", "mismatch", "not_found", "ambiguous", "not_covered"}
RETRACTIONS = {"retracted", "expression_of_concern", "correction", "none"}
FIELDS = {"title", "authors", "identifier", "year", "venue"}


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases(HELDOUT_DIR / "cases.json")


@pytest.fixture(scope="module")
def world() -> Iterator[ScholarlyWorld]:
    loaded = load_world(HELDOUT_DIR / "world.json")
    yield loaded
    loaded.close()


@pytest.fixture(scope="module")
def builder() -> Any:
    """The held-out set's build (``built``), with its works, its label checks and the summary."""
    build = eval_builder()
    before = build.works("tuning")
    held = SimpleNamespace(
        built=build.build("heldout"),
        held_works=build.works("heldout"),
        case_checks=build.label_checks("heldout"),
        summary=build.summary,
    )
    held.tuning_registry_kept = before == build.works("tuning")
    return held


def test_the_heldout_files_are_what_the_builder_writes(builder: Any) -> None:
    world, cases = builder.built
    assert json.loads((HELDOUT_DIR / "world.json").read_text(encoding="utf-8")) == world
    assert json.loads((HELDOUT_DIR / "cases.json").read_text(encoding="utf-8")) == cases
    assert builder.tuning_registry_kept  # building it leaves the tuning works alone


def test_the_builder_refuses_labels_that_contradict_the_world(builder: Any) -> None:
    cases = copy.deepcopy(builder.built[1]["cases"])
    builder.case_checks.check(cases, builder.held_works)
    by_key = {c["entry"]["citation_key"]: c for c in cases}
    wrong = {
        "zadeh1965fuzzy": lambda c: c["entry"].update(doi="10.1016/S0019-9958(68)90211-8"),
        "ho2020denoising": lambda c: c["entry"].update(arxiv_id="2006.11239v3"),
        "schon2001field": lambda c: c.update(expect_retraction="none"),
        "granovetter1973strength": lambda c: c["entry"].update(year=1975),
        "nguyen2022screening": lambda c: c["entry"].update(
            title="Denoising diffusion probabilistic models"
        ),
        "patel2024fasting": lambda c: c["entry"].update(pmid="26710491"),
        "bergstrom2021editorial": lambda c: c["entry"].update(year=2018),
        "cms2012observation": lambda c: c["entry"].update(
            authors=[{"literal": "ATLAS Collaboration"}]
        ),
        "robbins1951approximation": lambda c: c["entry"].update(venue="Ann. Math. Statist."),
    }
    for key, mutate in wrong.items():
        mutate(by_key[key])
    with pytest.raises(ValueError, match="inconsistent cases") as problem:
        builder.case_checks.check(cases, builder.held_works)
    for key in wrong:
        assert f"{key}:" in str(problem.value), key


def test_the_heldout_set_has_the_promised_size_and_labels(cases: list[Case]) -> None:
    truth = Counter(c.truth for c in cases)
    assert len(cases) >= 60 and truth["real"] >= 35 and truth["fabricated"] >= 25
    assert sum(1 for c in cases if c.truth == "real" and c.expect_retraction != "none") >= 8
    assert len({c.key for c in cases}) == len(cases)
    for case in cases:
        assert case.expect_status in STATUSES and case.expect_retraction in RETRACTIONS
        assert set(case.expect_fields) <= FIELDS
        assert bool(case.expect_fields) == (case.expect_status == "mismatch"), case.key
        assert case.why and case.tags and case.category.startswith(case.truth[:4]), case.key
        if case.truth == "fabricated":
            assert case.expect_status in ("mismatch", "not_found"), case.key
        else:
            assert case.expect_status in ("found", "ambiguous", "not_covered"), case.key
    assert {c.expect_status for c in cases} == STATUSES
    retractions = {c.expect_retraction for c in cases if c.truth == "real"}
    assert retractions == RETRACTIONS


def test_every_heldout_case_is_a_valid_passport_entry(cases: list[Case], tmp_path: Path) -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for entry in passport_entries(cases):
        errors = [e.message for e in validator.iter_errors(entry)]
        assert not errors, (entry["citation_key"], errors)
    from ruamel.yaml import YAML

    path = write_passport(cases, tmp_path / "passport.yaml")
    loaded = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    assert [e["citation_key"] for e in loaded["literature_corpus"]] == [c.key for c in cases]
    assert passport_yaml(cases) == path.read_text(encoding="utf-8")


def _notices(world: ScholarlyWorld, doi: str | None, pmid: str | None) -> set[str]:
    """What the registries say about a work: Crossref updates, OpenAlex's flag, Europe PMC's."""
    kinds: set[str] = set()
    if doi and norm_doi(doi) in world.crossref:
        kinds |= {u["type"] for u in world.crossref[norm_doi(doi)].get("updated-by", [])}
    for work in world.openalex.values():
        if doi and work.get("doi") == f"https://doi.org/{norm_doi(doi)}" and work["is_retracted"]:
            kinds.add("retraction")
    for result in world.europepmc:
        if pmid and result.get("pmid") == pmid:
            notes = result.get("commentCorrectionList", {}).get("commentCorrection", [])
            kinds |= {n["type"] for n in notes}
    return kinds


def test_the_heldout_cases_agree_with_the_world(
    builder: Any, cases: list[Case], world: ScholarlyWorld
) -> None:
    """Identifiers exist (or not) as the labels say, and the retraction labels are what the
    registries record about the work."""
    works = builder.held_works
    for case in cases:
        doi = case.entry.get("doi")
        # every written form (a "DOI " label, no scheme, percent-encoding, a full stop)
        doi = doi and builder.case_checks.norm_doi(doi)
        if doi and "identifier" not in case.expect_fields and case.expect_status != "not_found":
            assert doi in world.registrations, case.key
        if doi and case.expect_status == "not_found":
            assert doi not in world.registrations, case.key
        if case.expect_status == "not_covered":
            assert case.entry.get("type") == "webpage" and case.entry.get("url"), case.key
        pmid = case.entry.get("pmid")
        if pmid and case.expect_status == "found":
            assert any(r.get("pmid") == str(pmid) for r in world.europepmc), case.key
        if case.work is None:
            continue
        work = works[case.work]
        said = _notices(world, work.doi, work.pmid)
        if case.expect_retraction == "retracted":
            assert said & {"retraction", "Retraction in"}, case.key
        elif case.expect_retraction == "expression_of_concern":
            assert said & {"expression_of_concern", "Expression of concern in"}, case.key
            assert not said & {"retraction", "Retraction in"}, case.key
        elif case.expect_retraction == "correction":
            assert said and said <= {"correction", "erratum", "corrigendum", "Erratum in"}, case.key
        else:
            assert not said, case.key


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower().strip()


def _contents(world: dict[str, Any]) -> dict[str, set[str]]:
    people = set()
    for work in world["openalex"]:
        for authorship in work["authorships"]:
            name = _fold(authorship["raw_author_name"] or "")
            if len(name.split()) > 1:
                people.add(name)
    return {
        "doi": {r["doi"].lower() for r in world["doi"]},
        "arxiv": {r["id"] for r in world["arxiv"]},
        "pmid": {r["pmid"] for r in world["europepmc"] if r.get("pmid")},
        "title": {re.sub(r"\W+", " ", _fold(w["title"])) for w in world["openalex"]},
        "person": people,
    }


def test_the_heldout_world_shares_nothing_with_the_tuning_world() -> None:
    """No DOI, arXiv id, PMID, title or person of the held-out world is in the tuning world."""
    heldout = _contents(json.loads((HELDOUT_DIR / "world.json").read_text(encoding="utf-8")))
    tuning = _contents(json.loads((TUNING_DIR / "world.json").read_text(encoding="utf-8")))
    for kind, values in heldout.items():
        assert not values & tuning[kind], (kind, sorted(values & tuning[kind]))


def test_the_readme_gives_the_files_counts(builder: Any) -> None:
    readme = (HELDOUT_DIR / "README.md").read_text(encoding="utf-8")
    assert builder.summary(builder.built[1]["cases"]) in readme


def test_the_heldout_world_answers_over_http(cases: list[Case]) -> None:
    with (
        load_world(HELDOUT_DIR / "world.json") as world,
        httpx.Client(base_url=world.base, timeout=5) as client,
    ):
        crossref = []
        for doi in ("10.1175/1520-0469(1963)020<0130:DNF>2.0.CO;2", "10.15468/dl.8k2mzv"):
            reply = client.get(f"/doi_resolver/api/handles/{quote(doi, safe='/')}")
            assert reply.json()["responseCode"] == 1, doi
            crossref.append(client.get(f"/crossref/works/{quote(doi, safe='/')}").status_code)
        assert crossref == [200, 404]  # a Crossref DOI; a DataCite DOI Crossref does not hold
        unregistered = next(c for c in cases if c.key == "harrington2019platform")
        reply = client.get(f"/doi_resolver/api/handles/{unregistered.entry['doi']}")
        assert reply.json()["responseCode"] == 100
