"""The forms a DOI is written in reach lookup AND retrieve (issue 34).

Before one reading of identifiers (``works.identifiers``), ``lookup`` found the
DOI of ``https://www.doi.org/10.1/x``, ``doi 10.1/x`` and ``10.1%2Fx`` links
while ``retrieve`` saw none and never asked the DOI resolver. Both commands run
here as a user runs them, against the simulated services on 127.0.0.1.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.lookup import entry, lookup_json, passport
from tests.support.retrieval import (
    E1,
    E1_DOI,
    E1_TITLE,
    World,
    entry_yaml,
    passport_yaml,
    sample_config,
    sample_world,
)
from tests.support.scholarly_world import ScholarlyWorld
from tests.support.sessions import CliResult

Cli = Callable[..., CliResult]

FORMS = [
    "https://www.doi.org/{doi}",
    "doi {doi}",
    "https://doi.org/{escaped}",
    "HTTP://DX.DOI.ORG/{doi}.",
]
LOOKUP_DOI = "10.1111/j.1465-3435.2008.00367.x"
"""The same work's DOI in the lookup world (``lookup_support.standard_world``)."""


def written_as(form: str, doi: str) -> str:
    return form.format(doi=doi, escaped=doi.replace("/", "%2F"))


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("ARS_RETRIEVAL_") or name.lower().endswith("_proxy"):
            monkeypatch.delenv(name)


@pytest.fixture
def retrieval_world() -> Iterator[World]:
    with World() as world:
        sample_world(world)
        yield world


@pytest.mark.parametrize("form", FORMS)
def test_lookup_finds_the_doi(
    form: str, lookup_world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "passport.yaml",
        entry(
            "hs",
            E1_TITLE,
            ["Harvey", "Stensaker"],
            2008,
            doi=written_as(form, LOOKUP_DOI),
            venue="Eur. J. Educ.",
        ),
    )
    done, report = lookup_json(cli, path)
    assert done.code == 0, done.err
    (hs,) = report["entries"]
    assert hs["status"] == "found"
    assert hs["evidence"]["matched"]["doi"] == LOOKUP_DOI
    assert lookup_world.count("crossref") >= 1


@pytest.mark.parametrize("form", FORMS)
def test_retrieve_asks_the_doi_resolver(
    form: str, retrieval_world: World, tmp_path: Path, cli: Cli
) -> None:
    path = tmp_path / "passport.yaml"
    path.write_text(
        passport_yaml(
            entry_yaml(
                E1,
                E1_TITLE,
                [{"family": "Harvey", "given": "Lee"}, {"family": "Stensaker", "given": "Bjørn"}],
                year=2008,
                type="article-journal",
                doi=written_as(form, E1_DOI),
            )
        ),
        encoding="utf-8",
    )
    (tmp_path / "ars-docs.toml").write_text(sample_config(retrieval_world), encoding="utf-8")
    done = cli("retrieve", "--passport", path, E1)
    assert done.code == 0, done.out + done.err
    assert retrieval_world.hits(f"/doi/{E1_DOI}") >= 1
