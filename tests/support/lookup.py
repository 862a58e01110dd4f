"""Records in the registries' real shapes, for the lookup tests' small worlds.

Each builder returns what the service holds for one work (a Crossref work
message, an OpenAlex work, an arXiv e-print, a Europe PMC core result), with
the fields lookup does not read as well, so parsers meet the real clutter.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ars_docs.session.corpus import load_corpus
from tests.support.scholarly_world import ScholarlyWorld
from tests.support.sessions import CliResult

JSON = dict[str, Any]


def crossref(
    doi: str,
    title: str,
    authors: list[tuple[str, str]],
    year: int,
    *,
    venue: str = "Journal of Higher Education Studies",
    kind: str = "journal-article",
    online: int | None = None,
    updated_by: list[JSON] | None = None,
    update_to: list[JSON] | None = None,
    **extra: Any,
) -> JSON:
    message: JSON = {
        "indexed": {"date-parts": [[2026, 11, 2]], "date-time": "2026-11-02T10:11:12Z"},
        "reference-count": 42,
        "publisher": "Example Academic Press",
        "issue": "3",
        "license": [{"URL": "https://creativecommons.org/licenses/by/4.0/", "delay-in-days": 0}],
        "content-domain": {"domain": [], "crossmark-restriction": False},
        "short-container-title": [],
        "published-print": {"date-parts": [[year, 6]]},
        "DOI": doi,
        "type": kind,
        "created": {"date-parts": [[online or year, 1, 5]]},
        "page": "301-322",
        "source": "Crossref",
        "is-referenced-by-count": 17,
        "title": [title],
        "prefix": doi.split("/")[0],
        "volume": "12",
        "author": [
            {"given": given, "family": family, "sequence": "first" if n == 0 else "additional",
             "affiliation": [{"name": "University of Somewhere"}]}
            for n, (given, family) in enumerate(authors)
        ],
        "member": "311",
        "container-title": [venue],
        "link": [{"URL": f"https://publisher.example/pdf/{doi}", "content-type": "application/pdf"}],  # noqa: E501
        "issued": {"date-parts": [[year, 6]]},
        "URL": f"https://doi.org/{doi}",
        "relation": {},
        "ISSN": ["1234-5678"],
        "subject": [],
        "published": {"date-parts": [[online or year, 6]]},
    }  # fmt: skip
    if online:
        message["published-online"] = {"date-parts": [[online, 11, 30]]}
    if updated_by:
        message["updated-by"] = updated_by
    if update_to:
        message["update-to"] = update_to
    message.update(extra)
    return message


def update(doi: str, kind: str, date: tuple[int, int, int], source: str = "publisher") -> JSON:
    """An ``updated-by`` / ``update-to`` item as Crossref's production API writes it."""
    label = kind.replace("_", " ").title()
    item: JSON = {
        "DOI": doi,
        "type": kind,
        "label": label,
        "source": source,
        "updated": {
            "date-parts": [list(date)],
            "date-time": f"{date[0]:04d}-{date[1]:02d}-{date[2]:02d}T00:00:00Z",
            "timestamp": 1_600_000_000_000,
        },
    }
    if source == "retraction-watch":
        item["record-id"] = "20946"
    return item


def openalex(
    ident: str,
    title: str,
    names: list[str],
    year: int,
    *,
    doi: str | None = None,
    venue: str = "Journal of Higher Education Studies",
    kind: str = "article",
    retracted: bool = False,
) -> JSON:
    return {
        "id": f"https://openalex.org/{ident}",
        "doi": f"https://doi.org/{doi}" if doi else None,
        "title": title,
        "display_name": title,
        "publication_year": year,
        "publication_date": f"{year}-06-01",
        "ids": {"openalex": f"https://openalex.org/{ident}"} | (
            {"doi": f"https://doi.org/{doi}"} if doi else {}
        ),
        "language": "en",
        "primary_location": {
            "is_oa": False,
            "landing_page_url": f"https://doi.org/{doi}" if doi else None,
            "source": {"id": "https://openalex.org/S1", "display_name": venue, "type": "journal"},
        },
        "type": kind,
        "authorships": [
            {"author_position": "first" if n == 0 else "middle",
             "author": {"id": f"https://openalex.org/A{n}", "display_name": name, "orcid": None},
             "institutions": [], "raw_author_name": name}
            for n, name in enumerate(names)
        ],
        "is_retracted": retracted,
        "cited_by_count": 3,
        "biblio": {"volume": "12", "issue": "3", "first_page": "301", "last_page": "322"},
        "locations": [],
    }  # fmt: skip


def arxiv(ident: str, versions: list[tuple[str, str]], names: list[str], **extra: Any) -> JSON:
    """An e-print: one (date, title) per version, v1 first."""
    return {
        "id": ident,
        "categories": ["cs.CL"],
        "versions": [
            {"version": n, "date": date, "title": title, "summary": "We study things.",
             "authors": [{"name": name} for name in names]} | extra
            for n, (date, title) in enumerate(versions, start=1)
        ],
    }  # fmt: skip


def europepmc(
    pmid: str, title: str, authors: list[tuple[str, str]], year: int, **extra: Any
) -> JSON:
    return {
        "id": pmid,
        "source": "MED",
        "pmid": pmid,
        "title": title + ".",
        "authorString": ", ".join(f"{f} {g[0]}" for g, f in authors) + ".",
        "authorList": {"author": [
            {"fullName": f"{f} {g[0]}", "firstName": g, "lastName": f, "initials": g[0]}
            for g, f in authors
        ]},
        "pubYear": str(year),
        "journalInfo": {"journal": {"title": "Journal of Clinical Things", "isoabbreviation": "J Clin Things"},  # noqa: E501
                        "yearOfPublication": year},
        "pubTypeList": {"pubType": ["Journal Article"]},
        "firstPublicationDate": f"{year}-03-01",
    } | extra  # fmt: skip


def passport(path: Path, *entries: str) -> Path:
    path.write_text(
        "# Material Passport (lookup test)\r\nsession_id: lookup-test\r\nliterature_corpus:\r\n"
        + "".join(e.replace("\n", "\r\n") for e in entries),
        encoding="utf-8",
    )
    return path


def entry(key: str, title: str, families: list[str], year: int | str, **fields: Any) -> str:
    authors = ", ".join(f"{{family: {f}}}" for f in families)
    lines = [
        f"  - citation_key: {key}   # {key}",
        f'    title: "{title}"',
        f"    authors: [{authors}]",
        f"    year: {year}",
        "    source_pointer: bibliography_v1.md",
    ]
    lines += [f'    {name}: "{value}"' for name, value in fields.items()]
    return "\n".join(lines) + "\n"


HARVEY = crossref(
    "10.1111/j.1465-3435.2008.00367.x",
    "Quality culture: understandings, boundaries and linkages",
    [("Lee", "Harvey"), ("Bjørn", "Stensaker")],
    2008,
    venue="European Journal of Education",
)


def standard_world(world: ScholarlyWorld) -> ScholarlyWorld:
    """A few works every lookup test can rely on."""
    world.add_crossref(HARVEY)
    world.add_openalex(
        openalex("W2008", HARVEY["title"][0], ["Lee Harvey", "Bjørn Stensaker"], 2008,
                 doi=HARVEY["DOI"], venue="European Journal of Education")
    )  # fmt: skip
    other = crossref(
        "10.1016/j.ijer.2019.04.002",
        "Teacher agency in curriculum reform: a longitudinal study",
        [("Mariana", "Ortega"), ("Kwame", "Mensah")],
        2019,
        venue="International Journal of Educational Research",
    )
    world.add_crossref(other)
    world.add_openalex(
        openalex("W2019", other["title"][0], ["Mariana Ortega", "Kwame Mensah"], 2019,
                 doi=other["DOI"], venue="International Journal of Educational Research")
    )  # fmt: skip
    return world


def lookup_json(
    cli: Callable[..., CliResult], path: Path, *args: str
) -> tuple[CliResult, dict[str, Any]]:
    """``ars-docs lookup --format json`` on ``path``: the result and the parsed report."""
    done = cli("lookup", "--passport", path, "--format", "json", *args)
    return done, json.loads(done.out) if done.out.strip().startswith("{") else {}


def lookup_records(path: Path) -> dict[str, Any]:
    """Each entry's ``lookup:`` record as the passport now holds it."""
    corpus = load_corpus(path, use_cache=False)
    return {key: e.data.get("lookup") for key, e in corpus.entries.items()}
