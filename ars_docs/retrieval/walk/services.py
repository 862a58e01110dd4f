"""Lookups in the scholarly metadata services the chain asks (§3.5 steps 4 and 5).

* OpenAlex — the work by DOI (``/works/doi:<doi>``) or, without a DOI, by
  exact title (``/works?filter=title.search:…``); ``mailto`` and, when
  configured, ``api_key`` go along.
* Unpaywall — ``/v2/<doi>?email=<contact_email>`` (DOI only).
* Crossref — ``/works/<doi>?mailto=…``: the full-text links the publisher
  deposited (``message.link[]``), PDFs first.
* CORE v3 — ``/search/works?q=doi:"…"`` (or ``title:"…"``) with
  ``Authorization: Bearer <core_api_key>``; without a key: ``not_configured``.

Each function returns candidate URLs in the service's order of preference,
or ``None`` after recording why there are none.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from ars_docs.retrieval.judge.content import name_key
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.walk.probe import Probe

__all__ = ["core_urls", "crossref_links", "openalex_oa_urls", "openalex_work", "unpaywall_urls"]

_SELECT = (
    "id,doi,title,display_name,locations,best_oa_location,open_access,authorships,publication_year"
)


def openalex_work(probe: Probe, channel: str) -> dict[str, Any] | None:
    """The OpenAlex work for the entry, or ``None`` (reason recorded)."""
    target, config = probe.target, probe.config
    params = {"select": _SELECT}
    if config.contact_email:
        params["mailto"] = config.contact_email
    if config.openalex_api_key:
        params["api_key"] = config.openalex_api_key
    base = config.endpoints["openalex"]
    if target.doi:
        url = f"{base}/works/doi:{quote(target.doi, safe='/')}?{urlencode(params)}"
        work = probe.get_json(channel, url, service="openalex")
        if work is None:
            return None
        if not isinstance(work, dict):
            probe.note(channel, url, Reason.BAD_RESPONSE, "not a work object", service="openalex")
            return None
        return work
    if not target.title.strip():
        probe.note(channel, None, Reason.NO_IDENTIFIER, "no DOI and no title", service="openalex")
        return None
    # Commas separate filters in OpenAlex syntax; they carry no meaning in a title search.
    params.update({"filter": f"title.search:{target.title.replace(',', ' ')}", "per_page": "5"})
    url = f"{base}/works?{urlencode(params)}"
    found = probe.get_json(channel, url, service="openalex")
    if found is None:
        return None
    results = found.get("results") if isinstance(found, dict) else None
    if not isinstance(results, list):
        probe.note(channel, url, Reason.BAD_RESPONSE, "no results list", service="openalex")
        return None
    wanted = name_key(target.title)
    exact = [
        work
        for work in results
        if isinstance(work, dict)
        and isinstance(title := work.get("title") or work.get("display_name"), str)
        and name_key(title) == wanted
    ]
    if len(exact) > 1:
        # Several works carry this title ("Editorial"): the title alone is weak evidence,
        # and the work whose authors and year agree with the entry's is the one to follow.
        probe.facts.shared_title = True
        exact.sort(key=lambda work: -_agreement(work, probe))
    if exact:
        return exact[0]
    probe.note(
        channel,
        url,
        Reason.NOT_INDEXED,
        "no OpenAlex work with exactly this title (and the entry has no DOI)",
        service="openalex",
    )
    return None


def _agreement(work: dict[str, Any], probe: Probe) -> int:
    """How many of the entry's surnames (and its year) an OpenAlex work shares."""
    names = {name_key(a).split()[-1] for a in probe.target.authors if name_key(a)}
    shown = " ".join(
        str((a.get("author") or {}).get("display_name", ""))
        for a in work.get("authorships") or ()
        if isinstance(a, dict) and isinstance(a.get("author"), dict)
    )
    said = set(name_key(shown).split())
    year = work.get("publication_year")
    return len(names & said) + (1 if year == probe.target.year and year else 0)


def openalex_oa_urls(probe: Probe, channel: str) -> list[str] | None:
    """OpenAlex's open-access copies: best location, ``oa_url``, other OA locations."""
    work = openalex_work(probe, channel)
    if work is None:
        return None
    urls: list[str] = []
    best = work.get("best_oa_location")
    if isinstance(best, dict):
        urls += _strings(best, "pdf_url", "landing_page_url")
    access = work.get("open_access")
    if isinstance(access, dict):
        urls += _strings(access, "oa_url")
    for location in work.get("locations") or ():
        if isinstance(location, dict) and location.get("is_oa") is True:
            urls += _strings(location, "pdf_url")
    return _or_note(probe, channel, "openalex", urls, "OpenAlex lists no open-access copy")


def unpaywall_urls(probe: Probe, channel: str) -> list[str] | None:
    target, config = probe.target, probe.config
    if not target.doi:
        probe.note(
            channel, None, Reason.NO_IDENTIFIER, "Unpaywall needs a DOI", service="unpaywall"
        )
        return None
    email = urlencode({"email": config.contact_email or ""})
    url = f"{config.endpoints['unpaywall']}/v2/{quote(target.doi, safe='/')}?{email}"
    record = probe.get_json(channel, url, service="unpaywall")
    if record is None:
        return None
    if not isinstance(record, dict):
        probe.note(channel, url, Reason.BAD_RESPONSE, "not a DOI record", service="unpaywall")
        return None
    urls: list[str] = []
    best = record.get("best_oa_location")
    if isinstance(best, dict):
        urls += _strings(best, "url_for_pdf", "url")
    for location in record.get("oa_locations") or ():
        if isinstance(location, dict):
            urls += _strings(location, "url_for_pdf", "url")
    return _or_note(probe, channel, "unpaywall", urls, "Unpaywall knows no open-access copy")


def core_urls(probe: Probe, channel: str) -> list[str] | None:
    target, config = probe.target, probe.config
    if not config.core_api_key:
        probe.note(
            channel,
            None,
            Reason.NOT_CONFIGURED,
            "CORE needs an API key: set core_api_key in [retrieval] or $ARS_RETRIEVAL_CORE_API_KEY",
            service="core",
        )
        return None
    if target.doi:
        query = f'doi:"{target.doi}"'
    elif target.title.strip():
        query = f'title:"{target.title.replace(chr(34), " ")}"'
    else:
        probe.note(channel, None, Reason.NO_IDENTIFIER, "no DOI and no title", service="core")
        return None
    url = f"{config.endpoints['core']}/search/works?{urlencode({'q': query, 'limit': '5'})}"
    auth = {"authorization": f"Bearer {config.core_api_key}"}
    found = probe.get_json(channel, url, service="core", headers=auth)
    if found is None:
        return None
    results = found.get("results") if isinstance(found, dict) else None
    if not isinstance(results, list):
        probe.note(channel, url, Reason.BAD_RESPONSE, "no results list", service="core")
        return None
    urls: list[str] = []
    for work in results:
        if not isinstance(work, dict):
            continue
        urls += _strings(work, "downloadUrl")
        urls += [u for u in work.get("sourceFulltextUrls") or () if isinstance(u, str)]
        for link in work.get("links") or ():
            if isinstance(link, dict) and link.get("type") == "download":
                urls += _strings(link, "url")
    return _or_note(probe, channel, "core", urls, "CORE holds no full text for this work")


def crossref_links(probe: Probe, channel: str) -> list[str] | None:
    """Full-text links of the DOI's Crossref record (PDF first), or ``None`` (reason noted).

    The record's facts about other documents (aliases, notices, reviews) are kept
    for the identity decision (``Probe.crossref_record``)."""
    if not probe.target.doi:
        return None
    message = probe.crossref_record(channel)
    if message is None:
        return None
    links = [link for link in message.get("link") or () if isinstance(link, dict)]
    pdfs = [link for link in links if "pdf" in str(link.get("content-type", "")).lower()]
    others = [link for link in links if link not in pdfs]
    urls = [link["URL"] for link in pdfs + others if isinstance(link.get("URL"), str)]
    return _or_note(probe, channel, "crossref", urls, "Crossref lists no full-text link")


def _strings(mapping: dict[str, Any], *keys: str) -> list[str]:
    return [mapping[k] for k in keys if isinstance(mapping.get(k), str) and mapping[k]]


def _or_note(
    probe: Probe, channel: str, service: str, urls: list[str], none: str
) -> list[str] | None:
    unique = list(dict.fromkeys(urls))
    if unique:
        return unique
    probe.note(channel, None, Reason.NOT_INDEXED, none, service=service)
    return None
