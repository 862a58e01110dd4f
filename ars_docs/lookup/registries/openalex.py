"""OpenAlex: a work by DOI, PMID, PMCID or OpenAlex id, and title search.

OpenAlex indexes Crossref, DataCite, PubMed, repositories and more, so it
knows many theses, reports and non-English works the others miss; its
``is_retracted`` flag is the second retraction source. Names come as
``display_name`` (not split), kept as literal names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlencode

from ars_docs.lookup.entry.record import Name, WorkRecord, kind_of
from ars_docs.works import identifiers as ids_
from ars_docs.works.fold import plain

__all__ = ["parse_results", "parse_work", "search_url", "work_url"]

SERVICE = "openalex"
SELECT = (
    "id,doi,title,display_name,publication_year,publication_date,type,ids,authorships,"
    "primary_location,locations,is_retracted,biblio"
)


_SELECT_QUERY = urlencode({"select": SELECT})  # encoded once: it is sent with every request


def _params(mailto: str | None, api_key: str | None, **more: str) -> str:
    params = dict(more)
    if mailto:
        params["mailto"] = mailto
    if api_key:
        params["api_key"] = api_key
    encoded = urlencode(params)
    return f"{encoded}&{_SELECT_QUERY}" if encoded else _SELECT_QUERY


def work_url(base: str, ident: str, mailto: str | None, api_key: str | None) -> str:
    """``ident``: ``doi:10.…``, ``pmid:…``, ``pmcid:…`` or ``W123``."""
    return f"{base}/works/{quote(ident, safe='/:')}?{_params(mailto, api_key)}"


def search_url(base: str, text: str, rows: int, mailto: str | None, api_key: str | None) -> str:
    # Commas separate filters in OpenAlex syntax and mean nothing in a search.
    params = _params(mailto, api_key, search=text.replace(",", " "), per_page=str(rows))
    return f"{base}/works?{params}"


def parse_work(work: Any, url: str | None = None) -> WorkRecord | None:
    if not isinstance(work, Mapping) or not (work.get("id") or work.get("title")):
        return None
    named = work.get("title") or work.get("display_name") or ""
    if not isinstance(named, str) or not isinstance(work.get("id") or "", str):
        return None  # not the shape OpenAlex documents: no record rather than a wrong one
    title = plain(named)
    ids: dict[str, str] = {}
    doi = ids_.comparable_doi(work.get("doi"))
    raw_ids = work.get("ids") if isinstance(work.get("ids"), Mapping) else {}
    assert isinstance(raw_ids, Mapping)
    doi = doi or ids_.comparable_doi(raw_ids.get("doi"))
    if doi:
        ids["doi"] = doi
    openalex = _strip(work.get("id") or raw_ids.get("openalex"), "https://openalex.org/")
    if openalex:
        ids["openalex"] = openalex.upper()
    pmid = _strip(raw_ids.get("pmid"), "https://pubmed.ncbi.nlm.nih.gov/").strip("/")
    if pmid:
        ids["pmid"] = pmid
    pmcid = _strip(raw_ids.get("pmcid"), "https://www.ncbi.nlm.nih.gov/pmc/articles/").strip("/")
    if pmcid:
        ids["pmcid"] = pmcid.upper()
    year = work.get("publication_year")
    years = {year} if isinstance(year, int) else set()
    date = work.get("publication_date")
    if isinstance(date, str) and date[:4].isdecimal():
        years.add(int(date[:4]))
    retracted = work.get("is_retracted")
    return WorkRecord(
        service=SERVICE,
        titles=(title,) if title else (),
        authors=_authors(work.get("authorships")),
        year=year if isinstance(year, int) else None,
        years=tuple(sorted(years)),
        venues=_venues(work),
        kind=kind_of(str(work.get("type") or "")),
        ids=ids,
        retracted=retracted if isinstance(retracted, bool) else None,
        url=url,
    )


def parse_results(data: Any, url: str | None = None) -> list[WorkRecord] | None:
    results = data.get("results") if isinstance(data, Mapping) else None
    if not isinstance(results, list):
        return None
    found = (parse_work(item, url) for item in results)
    return [record for record in found if record is not None]


def _strip(value: Any, prefix: str) -> str:
    if not isinstance(value, str):
        return ""
    return value[len(prefix) :] if value.lower().startswith(prefix.lower()) else value


def _authors(value: Any) -> tuple[Name, ...]:
    names = []
    for item in value if isinstance(value, list) else ():
        if not isinstance(item, Mapping):
            continue
        author = item.get("author") if isinstance(item.get("author"), Mapping) else {}
        assert isinstance(author, Mapping)
        shown = author.get("display_name") or item.get("raw_author_name")
        if isinstance(shown, str) and shown.strip():
            names.append(Name(literal=plain(shown)))
        raw = item.get("raw_author_name")
        if isinstance(raw, str) and raw.strip() and raw != shown:
            names.append(Name(literal=plain(raw)))
    return tuple(names)


def _venues(work: Mapping[str, Any]) -> tuple[str, ...]:
    found: list[str] = []
    locations = [work.get("primary_location"), *(work.get("locations") or [])]
    for location in locations:
        source = location.get("source") if isinstance(location, Mapping) else None
        name = source.get("display_name") if isinstance(source, Mapping) else None
        if isinstance(name, str) and name.strip():
            found.append(plain(name))
    venue = work.get("host_venue")
    if isinstance(venue, Mapping) and isinstance(venue.get("display_name"), str):
        found.append(plain(venue["display_name"]))
    return tuple(dict.fromkeys(found))
