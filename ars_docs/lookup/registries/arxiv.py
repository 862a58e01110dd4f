"""arXiv's API: an e-print by id (``/query?id_list=…``), any of its versions.

The answer is an Atom feed. Asked without a version, the API describes the
latest version; titles can change between versions, so a title that does
not match the latest is tried against earlier versions (``v1`` …) before it
counts as different. An id the API does not know gives no ``entry``, and one that cannot be an id
(a month 13) an HTTP 400 with an ``Error`` entry: either is proof that the
e-print does not exist.
The feed is parsed by defusedxml with DTDs, entities and external references
forbidden: expat reports a document type declaration in whatever encoding the
feed is in (UTF-16 included), so the refusal does not depend on spotting its
bytes, and no entity is ever expanded.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import urlencode

import defusedxml
import defusedxml.ElementTree as safe_xml

from ars_docs.lookup.entry.record import Name, WorkRecord
from ars_docs.works import identifiers as work_ids
from ars_docs.works.fold import plain

__all__ = ["INVALID_ID", "FeedError", "is_feed", "parse_feed", "query_url"]

SERVICE = "arxiv"
_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"
#: In the body of arXiv's HTTP 400 answer for an id that cannot exist.
INVALID_ID = b"api/errors#incorrect_id_format"


class FeedError(ValueError):
    """The body is not an Atom feed this parser can read."""


def query_url(base: str, ident: str, version: str | None = None) -> str:
    return f"{base}/query?{urlencode({'id_list': ident + (version or ''), 'max_results': '1'})}"


def is_feed(body: bytes) -> bool:
    """Whether ``body`` is a feed :func:`parse_feed` reads: only such an answer is cached,
    so a feed refused for its DTD is asked again next time instead of for 30 days."""
    try:
        parse_feed(body)
    except (FeedError, ValueError, RecursionError):
        return False
    return True


def parse_feed(body: bytes, url: str | None = None) -> list[WorkRecord]:
    """The e-prints in the feed (an empty list: the API knows no such id)."""
    try:
        root = safe_xml.fromstring(
            body, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
    except defusedxml.DefusedXmlException:
        # Raised at the declaration itself, before any entity could grow.
        raise FeedError("the feed declares a DTD or entities; refused") from None
    except ET.ParseError as exc:
        raise FeedError(f"not XML: {exc}") from None
    if root.tag != f"{_ATOM}feed":
        raise FeedError("not an Atom feed")
    records = []
    for entry in root.findall(f"{_ATOM}entry"):
        record = _entry(entry, url)
        if record is not None:
            records.append(record)
    return records


def _entry(entry: ET.Element, url: str | None) -> WorkRecord | None:
    ident = (entry.findtext(f"{_ATOM}id") or "").strip()
    title = plain(entry.findtext(f"{_ATOM}title") or "")
    # The entry's id is its abs page (http://arxiv.org/abs/2101.00001v2).
    parts = work_ids.arxiv_parts(ident) if "arxiv.org/abs/" in ident else None
    if parts is None or "api/errors" in ident or not title or title.lower() == "error":
        return None
    years = set()
    for name in ("published", "updated"):
        stamp = (entry.findtext(f"{_ATOM}{name}") or "").strip()
        if stamp[:4].isdecimal():
            years.add(int(stamp[:4]))
    published = (entry.findtext(f"{_ATOM}published") or "").strip()
    doi = work_ids.comparable_doi(entry.findtext(f"{_ARXIV}doi") or "")
    ids = {"arxiv": parts[0]}
    if doi:
        ids["doi"] = doi
    authors = tuple(
        Name(literal=plain(name))
        for author in entry.findall(f"{_ATOM}author")
        if (name := (author.findtext(f"{_ATOM}name") or "").strip())
    )
    version = parts[1]
    return WorkRecord(
        service=SERVICE,
        titles=(title,),
        authors=authors,
        year=int(published[:4]) if published[:4].isdecimal() else None,
        years=tuple(sorted(years)),
        # A journal reference ("A&A 641, A6 (2020)") is free text, not a venue to compare.
        kind="preprint",
        ids=ids,
        version=version,
        latest_version=int(version[1:]) if version else None,
        url=url,
    )
