"""Europe PMC: a biomedical paper by PMID, PMCID or DOI (``/search``, core results).

Europe PMC mirrors all of PubMed, so a PMID it does not know does not exist.
PubMed marks retracted papers with the publication type "Retracted
Publication" and links notices in ``commentCorrectionList`` ("Retraction in",
"Expression of concern in", "Erratum in").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlencode

from ars_docs.lookup.entry.record import Name, Notice, WorkRecord, notice_kind
from ars_docs.lookup.registries import text
from ars_docs.works.fold import plain

__all__ = ["parse_search", "search_url"]

SERVICE = "europepmc"


def search_url(base: str, query: str) -> str:
    params = {"query": query, "resultType": "core", "format": "json", "pageSize": "5"}
    return f"{base}/search?{urlencode(params)}"


def parse_search(data: Any, url: str | None = None) -> list[WorkRecord] | None:
    result_list = data.get("resultList") if isinstance(data, Mapping) else None
    results = result_list.get("result") if isinstance(result_list, Mapping) else None
    if not isinstance(results, list):
        return None
    found = (_record(item, url) for item in results)
    return [record for record in found if record is not None]


def _record(item: Any, url: str | None) -> WorkRecord | None:
    if not isinstance(item, Mapping) or not item.get("title") or not isinstance(item["title"], str):
        return None
    ids = {
        name: str(item[key]).lower() if name == "doi" else str(item[key])
        for key, name in (("pmid", "pmid"), ("pmcid", "pmcid"), ("doi", "doi"))
        if item.get(key) and isinstance(item[key], (str, int))
    }
    journal_info = item.get("journalInfo") if isinstance(item.get("journalInfo"), Mapping) else {}
    assert isinstance(journal_info, Mapping)
    journal = (
        journal_info.get("journal") if isinstance(journal_info.get("journal"), Mapping) else {}
    )
    assert isinstance(journal, Mapping)
    venues = [
        journal.get("title"),
        journal.get("isoabbreviation"),
        journal.get("medlineAbbreviation"),
    ]
    years = set()
    for value in (item.get("pubYear"), journal_info.get("yearOfPublication")):
        if isinstance(value, (int, str)) and str(value)[:4].isdecimal():
            years.add(int(str(value)[:4]))
    first = item.get("firstPublicationDate")
    if isinstance(first, str) and first[:4].isdecimal():
        years.add(int(first[:4]))
    types = _pub_types(item)
    pub_year = item.get("pubYear")
    return WorkRecord(
        service=SERVICE,
        titles=(plain(item["title"]).rstrip("."),),
        authors=_authors(item),
        year=int(pub_year) if isinstance(pub_year, str) and pub_year.isdecimal() else None,
        years=tuple(sorted(years)),
        venues=tuple(dict.fromkeys(plain(v) for v in venues if isinstance(v, str) and v)),
        kind="notice" if {"retraction of publication", "published erratum"} & types else "article",
        ids=ids,
        notices=tuple(_notices(item)),
        retracted="retracted publication" in types,
        carries_updates=True,
        url=url,
    )


def _pub_types(item: Mapping[str, Any]) -> set[str]:
    holder = item.get("pubTypeList")
    types = holder.get("pubType") if isinstance(holder, Mapping) else None
    if isinstance(types, str):
        types = [types]
    return {t.lower() for t in types or [] if isinstance(t, str)}


def _authors(item: Mapping[str, Any]) -> tuple[Name, ...]:
    holder = item.get("authorList")
    authors = holder.get("author") if isinstance(holder, Mapping) else None
    names = []
    for author in authors if isinstance(authors, list) else ():
        if not isinstance(author, Mapping):
            continue
        family = text(author.get("lastName"))
        given = text(author.get("firstName") or author.get("initials"))
        collective = text(author.get("collectiveName"))
        if family:
            names.append(Name(family, given))
        elif collective or text(author.get("fullName")):
            names.append(Name(literal=collective or text(author.get("fullName"))))
    if not names and isinstance(item.get("authorString"), str):
        for part in item["authorString"].rstrip(".").split(","):
            bits = part.split()
            if bits:
                names.append(
                    Name(" ".join(bits[:-1]) or bits[0], bits[-1] if len(bits) > 1 else "")
                )
    return tuple(names)


def _notices(item: Mapping[str, Any]) -> Iterable[Notice]:
    holder = item.get("commentCorrectionList")
    entries = holder.get("commentCorrection") if isinstance(holder, Mapping) else None
    for entry in entries if isinstance(entries, list) else ():
        if not isinstance(entry, Mapping):
            continue
        kind = notice_kind(str(entry.get("type") or ""))
        if kind is None or kind == "reinstatement":
            continue
        ident = entry.get("id")
        yield Notice(kind, None, None, f"europepmc:{ident}" if ident else "europepmc")
