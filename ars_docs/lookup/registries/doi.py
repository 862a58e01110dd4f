"""The DOI system itself (doi.org): is a DOI registered at all, and its CSL-JSON.

Crossref holds only Crossref DOIs; a DOI it does not know may be DataCite's,
mEDRA's, JaLC's … The handle API (``/api/handles/{doi}``) answers for every
DOI: ``responseCode`` 1 when it is registered, 100 (HTTP 404) when it is not.
Only that second answer proves a DOI resolves nowhere. For a registered DOI
outside Crossref, content negotiation on the resolver (``Accept:
application/vnd.citationstyles.csl+json``) gives its metadata as CSL-JSON,
from whichever agency registered it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from ars_docs.lookup.entry.record import Name, WorkRecord, kind_of
from ars_docs.works.fold import plain

__all__ = ["CSL_JSON", "csl_url", "handle_state", "handle_url", "is_handle_answer", "parse_csl"]

SERVICE = "doi.org"
CSL_JSON = "application/vnd.citationstyles.csl+json"
_SAFE = "/:;()<>[]@!$&'*+,=~"


def handle_url(base: str, doi: str) -> str:
    return f"{base}/api/handles/{quote(doi, safe=_SAFE)}"


def csl_url(base: str, doi: str) -> str:
    return f"{base}/{quote(doi, safe=_SAFE)}"


def is_handle_answer(body: bytes) -> bool:
    """Whether ``body`` is the handle API's own JSON (it carries a ``responseCode``), not a
    page a proxy or a CDN in front of it served."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, Mapping) and isinstance(data.get("responseCode"), int)


def handle_state(status: int, data: Any) -> str:
    """``registered``, ``unregistered`` or ``unknown`` from a handle API answer.

    Only the handle system's own ``responseCode`` counts: an HTML 404 from a proxy or a
    CDN in front of it proves nothing.
    """
    code = data.get("responseCode") if isinstance(data, Mapping) else None
    if status == 200 and code == 1:
        return "registered"
    if code == 100:
        return "unregistered"
    return "unknown"


def parse_csl(data: Any, url: str | None = None) -> WorkRecord | None:
    """A CSL-JSON item as a record (``None`` if it is not one)."""
    if isinstance(data, list) and len(data) == 1:
        data = data[0]
    if not isinstance(data, Mapping) or not (data.get("title") or data.get("DOI")):
        return None
    years = sorted(
        {
            y
            for name in ("issued", "published-print", "published-online", "created")
            if (y := _year(data.get(name)))
        }
    )
    doi = data.get("DOI")
    venues = [data.get("container-title"), data.get("collection-title")]
    return WorkRecord(
        service=SERVICE,
        titles=tuple(t for t in (_text(data.get("title")), _text(data.get("original-title"))) if t),
        authors=_names(data.get("author")),
        editors=_names(data.get("editor")),
        year=_year(data.get("issued")) or (years[0] if years else None),
        years=tuple(years),
        venues=tuple(v for v in (_text(x) for x in venues) if v),
        publisher=_text(data.get("publisher")),
        kind=kind_of(str(data.get("type") or "")),
        ids={"doi": doi.lower()} if isinstance(doi, str) and doi else {},
        url=url,
    )


def _text(value: Any) -> str:
    if isinstance(value, list):
        value = next((v for v in value if isinstance(v, str)), "")
    return plain(value) if isinstance(value, str) else ""


def _year(date: Any) -> int | None:
    if not isinstance(date, Mapping):
        return None
    parts = date.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        first = parts[0][0]
        if isinstance(first, int):
            return first
        if isinstance(first, str) and first.strip().isdecimal():
            return int(first)
    raw = date.get("raw") or date.get("literal")
    if isinstance(raw, str) and raw[:4].isdecimal():
        return int(raw[:4])
    return None


def _names(value: Any) -> tuple[Name, ...]:
    names = []
    for item in value if isinstance(value, list) else ():
        if isinstance(item, Mapping):
            family, given = _text(item.get("family")), _text(item.get("given"))
            literal = _text(item.get("literal") or item.get("name"))
            if family or literal:
                names.append(Name(family, given, "" if family else literal))
    return tuple(names)
