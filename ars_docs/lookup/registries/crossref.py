"""Crossref: a DOI's record (``/works/{doi}``), bibliographic search, ISBN filter.

Crossref's work messages carry the richest metadata of any registry and the
post-publication updates: ``updated-by`` on the updated work (publishers'
notices and, since 2025, Retraction Watch's), ``update-to`` on a notice. The
same parser reads a work from the REST API, from a search result and from a
snapshot line (``index.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote, urlencode

from ars_docs.lookup.entry.record import Name, Notice, WorkRecord, kind_of, notice_kind
from ars_docs.lookup.registries import text
from ars_docs.works.fold import plain

__all__ = ["isbn_url", "parse_work", "search_url", "work_url"]

SERVICE = "crossref"
_DATE_FIELDS = (
    "issued",
    "published",
    "published-print",
    "published-online",
    "posted",
    "accepted",
    "created",
)
#: Fields a search asks for (``select``): enough to compare and to see updates.
SELECT = (
    "DOI,title,subtitle,original-title,short-title,author,editor,container-title,"
    "short-container-title,issued,published,published-print,published-online,posted,created,"
    "type,ISBN,publisher,update-to,updated-by,relation,score"
)


def work_url(base: str, doi: str, mailto: str | None) -> str:
    query = f"?{urlencode({'mailto': mailto})}" if mailto else ""
    return f"{base}/works/{quote(doi, safe='/')}{query}"


_SELECT_QUERY = urlencode({"select": SELECT})  # encoded once: it is sent with every search


def search_url(base: str, text: str, rows: int, mailto: str | None) -> str:
    return _list_url(base, {"query.bibliographic": text, "rows": str(rows)}, mailto)


def isbn_url(base: str, isbn: str, rows: int, mailto: str | None) -> str:
    return _list_url(base, {"filter": f"isbn:{isbn}", "rows": str(rows)}, mailto)


def _list_url(base: str, params: dict[str, str], mailto: str | None) -> str:
    if mailto:
        params["mailto"] = mailto
    return f"{base}/works?{urlencode(params)}&{_SELECT_QUERY}"


def parse_work(message: Any, url: str | None = None) -> WorkRecord | None:
    """One work message as a record; ``None`` when it is not a work."""
    if not isinstance(message, Mapping):
        return None
    titles = _texts(message.get("title")) + _texts(message.get("original-title"))
    titles += _texts(message.get("short-title"))
    years = tuple(sorted({y for name in _DATE_FIELDS if (y := _year(message.get(name)))}))
    issued = (
        _year(message.get("issued"))
        or _year(message.get("published"))
        or (years[0] if years else None)
    )
    doi = message.get("DOI")
    ids: dict[str, str] = {}
    if isinstance(doi, str) and doi:
        ids["doi"] = doi.lower()
    isbns = _texts(message.get("ISBN"))
    if isbns:
        ids["isbn"] = isbns[0].replace("-", "")
    score = message.get("score")
    return WorkRecord(
        service=SERVICE,
        titles=tuple(dict.fromkeys(t for t in titles if t)),
        subtitle=(_texts(message.get("subtitle")) or [""])[0],
        authors=_names(message.get("author")),
        editors=_names(message.get("editor")),
        year=issued,
        years=years,
        venues=tuple(
            dict.fromkeys(
                _texts(message.get("container-title"))
                + _texts(message.get("short-container-title"))
            )
        ),
        publisher=text(message.get("publisher")),
        kind=kind_of(str(message.get("type") or "")),
        ids=ids,
        notices=tuple(_notices(message.get("updated-by"))),
        carries_updates=True,
        notice_for=tuple(_notices(message.get("update-to"))),
        score=float(score) if isinstance(score, (int, float)) else None,
        url=url,
    )


def parse_list(data: Any, url: str | None = None) -> list[WorkRecord] | None:
    """The works of a ``work-list`` answer; ``None`` when it is not one."""
    message = data.get("message") if isinstance(data, Mapping) else None
    items = message.get("items") if isinstance(message, Mapping) else None
    if not isinstance(items, list):
        return None
    found = (parse_work(item, url) for item in items)
    return [record for record in found if record is not None]


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        return []
    return [plain(v) for v in value if isinstance(v, str) and plain(v)]


def _year(date: Any) -> int | None:
    parts = date.get("date-parts") if isinstance(date, Mapping) else None
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        first = parts[0][0]
        if isinstance(first, int) and 1000 <= first <= 2999:
            return first
        if isinstance(first, str) and first.isdecimal():
            return int(first)
    return None


def _date(date: Any) -> str | None:
    parts = date.get("date-parts") if isinstance(date, Mapping) else None
    if not (isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]):
        return None
    numbers = [p for p in parts[0][:3] if isinstance(p, int)]
    if not numbers:
        return None
    return "-".join(f"{n:04d}" if i == 0 else f"{n:02d}" for i, n in enumerate(numbers))


def _names(value: Any) -> tuple[Name, ...]:
    names = []
    for item in value if isinstance(value, list) else ():
        if not isinstance(item, Mapping):
            continue
        family = text(item.get("family"))
        given = text(item.get("given"))
        literal = text(item.get("name") or item.get("literal"))
        if family or literal:
            names.append(Name(family, given, "" if family else literal))
    return tuple(names)


def _notices(value: Any) -> Iterable[Notice]:
    for item in value if isinstance(value, list) else ():
        if not isinstance(item, Mapping):
            continue
        kind = notice_kind(str(item.get("type") or item.get("label") or ""))
        if kind is None:
            continue
        doi = item.get("DOI")
        source = item.get("source")
        yield Notice(
            kind,
            doi.lower() if isinstance(doi, str) and doi else None,
            _date(item.get("updated")),
            str(source) if isinstance(source, str) and source else "publisher",
        )
