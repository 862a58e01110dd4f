"""The renderer of the lookup evaluation's worlds: a set's works, described once and
registry-neutrally (``Work``, loaded from ``<set>/works.yaml`` by ``build_sets.py``), become the
``world.json`` the simulator serves.

Each work is rendered into the records every registry would hold for it -- a Crossref work
message, a doi.org registration (with CSL-JSON for DataCite, mEDRA and JaLC DOIs),
an OpenAlex work, a Semantic Scholar paper, an arXiv e-print, a Europe PMC result --
each with that registry's own habits (title markup, name forms, dates, types,
MEDLINE's bracketed translated titles, arXiv's versions ...). Notices of retraction,
correction and concern become records of their own.

The world is a simulation: identifiers are consistent inside it, whether or not they
exist outside it.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

WORLD_FORMAT = "ars-docs scholarly world 1"
CASES_FORMAT = "ars-docs lookup cases 1"

JSON = dict[str, Any]
Date = tuple[int, ...]

# -- people ----------------------------------------------------------------------------------


def A(given: str | None, family: str, *, orcid: str | None = None, aff: str | None = None) -> JSON:
    """A person as the publisher deposited them."""
    person: JSON = {"family": family}
    if given is not None:
        person["given"] = given
    if orcid:
        person["orcid"] = orcid
    if aff:
        person["affiliation"] = aff
    return person


def ORG(name: str) -> JSON:
    """An organisation or consortium author."""
    return {"name": name}


def full_name(person: JSON) -> str:
    if "name" in person:
        return str(person["name"])
    return " ".join(x for x in (person.get("given"), person["family"]) if x)


def initials(given: str) -> str:
    parts = re.split(r"[\s.]+", given.strip())
    out = []
    for part in parts:
        if not part:
            continue
        out.append("-".join(p[:1] for p in part.split("-")))
    return "".join(out)


def ascii_fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    return (
        kept.replace("ß", "ss")
        .replace("ø", "o")
        .replace("Ø", "O")
        .replace("ł", "l")
        .replace("Ł", "L")
        .replace("đ", "d")
        .replace("ı", "i")
    )


# -- works ---------------------------------------------------------------------------------


@dataclass
class Update:
    """A retraction, correction, expression of concern ... of a work."""

    kind: str
    """Crossref update type: retraction, partial_retraction, withdrawal, expression_of_concern,
    correction, erratum, corrigendum."""
    date: Date
    source: str = "publisher"
    """``publisher`` (a notice record carries ``update-to``) or ``retraction-watch``."""
    notice: str | None = None
    """The notice's DOI."""
    record_id: int | None = None
    notice_pmid: str | None = None
    in_crossref: bool = True
    """False: the update is known only to Europe PMC (and OpenAlex)."""
    title: str | None = None
    """The notice's own title (default: one made from the work's, by kind)."""


@dataclass
class Arxiv:
    id: str
    versions: list[tuple[str, str | None]]
    """(date-time, title or None for "unchanged") per version, v1 first."""
    categories: list[str]
    summary: str = ""
    journal_ref: str | None = None
    doi: str | None = None
    comment: str | None = None
    names: list[str] | None = None
    """Author names as submitted (default: the work's authors)."""


@dataclass
class Work:
    key: str
    title: str
    authors: list[JSON]
    year: int
    type: str = "journal-article"
    venue: str | None = None
    short: str | None = None
    subtitle: str | None = None
    doi: str | None = None
    agency: str = "crossref"
    online: Date | None = None
    printed: Date | None = None
    volume: str | None = None
    issue: str | None = None
    page: str | None = None
    publisher: str | None = None
    issn: list[str] = field(default_factory=list)
    isbn: list[str] = field(default_factory=list)
    pmid: str | None = None
    pmcid: str | None = None
    arxiv: Arxiv | None = None
    lang: str = "en"
    editors: list[JSON] = field(default_factory=list)
    updates: list[Update] = field(default_factory=list)
    registries: tuple[str, ...] | None = None
    """Which registries hold it (default by kind): crossref, openalex, s2, epmc, arxiv."""
    oa_id: str | None = None
    oa_merged: tuple[str, ...] = ()
    oa_retracted: bool | None = None
    oa_title: str | None = None
    oa_year: int | None = None
    oa_doi: bool = True
    """False: OpenAlex holds the work without its DOI (it happens)."""
    oa_names: list[str] | None = None
    s2_title: str | None = None
    s2_venue: str | None = None
    s2_names: list[str] | None = None
    s2_year: int | None = None
    epmc_title: str | None = None
    epmc_journal: tuple[str, str] | None = None
    """(full title, ISO abbreviation)."""
    epmc_source: str = "MED"
    cr_title: str | None = None
    """The title as Crossref holds it (markup, LaTeX, MathML, all caps ...)."""
    cr_titles: list[str] | None = None
    """Extra Crossref ``title`` entries (translations deposited beside the original)."""
    cr_authors: list[JSON] | None = None
    original_title: str | None = None
    csl: JSON | None = None
    """CSL-JSON overrides for DataCite, mEDRA and JaLC DOIs."""
    csl_type: str | None = None
    institution: str | None = None
    relation: JSON | None = None
    subtype: str | None = None
    container_extra: list[str] = field(default_factory=list)
    abstract: str | None = None
    url: str | None = None
    cr_extra: JSON = field(default_factory=dict)
    citations: int = 0


def registries(work: Work) -> tuple[str, ...]:
    if work.registries is not None:
        return work.registries
    out = []
    if work.doi and work.agency == "crossref":
        out.append("crossref")
    out.append("openalex")
    if work.type in ("journal-article", "proceedings-article", "posted-content", "report"):
        out.append("s2")
    if work.pmid or (work.type == "posted-content" and work.epmc_source == "PPR"):
        out.append("epmc")
    if work.arxiv:
        out.append("arxiv")
    return tuple(out)


# -- dates -----------------------------------------------------------------------------------


def _h(text: str, digits: int = 8) -> int:
    return int(hashlib.sha1(text.encode()).hexdigest()[:digits], 16)


def issued(work: Work) -> Date:
    dates = [d for d in (work.online, work.printed) if d]
    return min(dates) if dates else (work.year,)


def parts(date: Date) -> JSON:
    return {"date-parts": [list(date)]}


def stamp(date: Date, seed: str) -> JSON:
    y, m, d = [*date, 1, 1][:3]
    hh, mm, ss = _h(seed, 4) % 24, _h(seed + "m", 4) % 60, _h(seed + "s", 4) % 60
    iso = f"{y:04d}-{m:02d}-{d:02d}T{hh:02d}:{mm:02d}:{ss:02d}Z"
    from datetime import datetime, timezone

    ts = int(datetime(y, m, d, hh, mm, ss, tzinfo=timezone.utc).timestamp() * 1000)
    return {"date-parts": [[y, m, d]], "date-time": iso, "timestamp": ts}


def iso_date(date: Date) -> str:
    y, m, d = [*date, 1, 1][:3]
    return f"{y:04d}-{m:02d}-{d:02d}"


def date_text(date: Date) -> str:
    return "-".join(f"{p:02d}" if i else f"{p:04d}" for i, p in enumerate(date))


# -- Crossref ----------------------------------------------------------------------------------

PUBLISHERS = {
    "10.1038": ("Springer Science and Business Media LLC", "297"),
    "10.1007": ("Springer Science and Business Media LLC", "297"),
    "10.1140": ("Springer Science and Business Media LLC", "297"),
    "10.1016": ("Elsevier BV", "78"),
    "10.1126": ("American Association for the Advancement of Science (AAAS)", "221"),
    "10.1103": ("American Physical Society (APS)", "16"),
    "10.1371": ("Public Library of Science (PLoS)", "340"),
    "10.1111": ("Wiley", "311"),
    "10.1002": ("Wiley", "311"),
    "10.1109": ("Institute of Electrical and Electronics Engineers (IEEE)", "263"),
    "10.1145": ("Association for Computing Machinery (ACM)", "320"),
    "10.1073": ("Proceedings of the National Academy of Sciences", "341"),
    "10.1056": ("Massachusetts Medical Society", "150"),
    "10.1017": ("Cambridge University Press (CUP)", "56"),
    "10.1037": ("American Psychological Association (APA)", "15"),
    "10.1177": ("SAGE Publications", "179"),
    "10.1080": ("Informa UK Limited", "301"),
    "10.1155": ("Wiley", "311"),
    "10.3390": ("MDPI AG", "1968"),
    "10.1186": ("Springer Science and Business Media LLC", "297"),
    "10.7717": ("PeerJ", "4443"),
    "10.1101": ("openRxiv", "246"),
    "10.18653": ("Association for Computational Linguistics", "1643"),
}


def publisher_of(work: Work) -> tuple[str, str]:
    if work.publisher and work.doi:
        prefix = work.doi.split("/", 1)[0]
        return work.publisher, str(_h(prefix, 4) % 20000 + 100)
    if work.doi:
        prefix = work.doi.split("/", 1)[0].lower()
        if prefix in PUBLISHERS:
            return PUBLISHERS[prefix]
        return "Unknown publisher", str(_h(prefix, 4) % 20000 + 100)
    return work.publisher or "", "0"


def cr_person(person: JSON, position: int) -> JSON:
    sequence = "first" if position == 0 else "additional"
    if "name" in person:
        return {"name": person["name"], "sequence": sequence, "affiliation": []}
    out: JSON = {}
    if person.get("given"):
        out["given"] = person["given"]
    out["family"] = person["family"]
    out["sequence"] = sequence
    out["affiliation"] = [{"name": person["affiliation"]}] if person.get("affiliation") else []
    if person.get("orcid"):
        out["ORCID"] = f"https://orcid.org/{person['orcid']}"
        out["authenticated-orcid"] = False
    return out


def crossref_title(work: Work) -> str:
    return work.cr_title if work.cr_title is not None else work.title


def crossref_message(work: Work) -> JSON:
    assert work.doi
    doi = work.doi.lower()
    prefix = doi.split("/", 1)[0]
    publisher, member = publisher_of(work)
    message: JSON = {
        "indexed": stamp((2025, 3, 1 + _h(work.key) % 27), work.key + "i"),
        "reference-count": work.citations % 57,
        "publisher": publisher,
    }
    if work.issue:
        message["issue"] = work.issue
    message["content-domain"] = {"domain": [], "crossmark-restriction": bool(work.updates)}
    if work.short:
        message["short-container-title"] = [work.short]
    if work.printed:
        message["published-print"] = parts(work.printed)
    if work.online:
        message["published-online"] = parts(work.online)
    if not work.printed and not work.online:
        message["published-print" if work.type != "posted-content" else "posted"] = parts(
            (work.year,)
        )
    if work.type == "posted-content":
        message["posted"] = parts(work.online or work.printed or (work.year,))
    message["DOI"] = doi
    message["type"] = work.type
    if work.subtype:
        message["subtype"] = work.subtype
    created = issued(work)
    message["created"] = stamp(tuple(list(created) + [1, 1][: 3 - len(created)]), work.key + "c")
    if work.page:
        message["page"] = work.page
    if work.updates:
        message["update-policy"] = f"https://doi.org/{prefix}/crossmark_policy"
    message["source"] = "Crossref"
    message["is-referenced-by-count"] = work.citations
    message["title"] = [crossref_title(work), *(work.cr_titles or [])]
    message["prefix"] = prefix
    if work.volume:
        message["volume"] = work.volume
    people = work.cr_authors if work.cr_authors is not None else work.authors
    if people:
        message["author"] = [cr_person(p, i) for i, p in enumerate(people)]
    if work.editors:
        message["editor"] = [cr_person(p, i) for i, p in enumerate(work.editors)]
    message["member"] = member
    containers = [work.venue] if work.venue else []
    message["container-title"] = containers + list(work.container_extra)
    message["original-title"] = [work.original_title] if work.original_title else []
    message["language"] = work.lang
    message["link"] = [
        {
            "URL": f"https://publisher.example/fulltext/{doi}",
            "content-type": "unspecified",
            "content-version": "vor",
            "intended-application": "similarity-checking",
        }
    ]
    message["deposited"] = stamp(
        (2024, 1 + _h(work.key, 3) % 12, 1 + _h(work.key) % 27), work.key + "d"
    )
    message["score"] = 1
    message["resource"] = {"primary": {"URL": work.url or f"https://publisher.example/{doi}"}}
    message["subtitle"] = [work.subtitle] if work.subtitle else []
    message["short-title"] = []
    message["issued"] = parts(issued(work))
    message["references-count"] = work.citations % 57
    if work.issue or work.volume:
        message["journal-issue"] = {"issue": work.issue} if work.issue else {}
        if work.printed:
            message["journal-issue"]["published-print"] = parts(work.printed)
    message["alternative-id"] = [doi.split("/", 1)[1].upper()]
    message["URL"] = f"https://doi.org/{doi}"
    message["relation"] = work.relation or {}
    if work.issn:
        message["ISSN"] = list(work.issn)
        message["issn-type"] = [
            {"type": "print" if i == 0 else "electronic", "value": v}
            for i, v in enumerate(work.issn)
        ]
    if work.isbn:
        message["ISBN"] = list(work.isbn)
        message["isbn-type"] = [
            {"type": "print" if i == 0 else "electronic", "value": v}
            for i, v in enumerate(work.isbn)
        ]
    if work.institution:
        message["institution"] = [{"name": work.institution}]
    message["subject"] = []
    message["published"] = parts(issued(work))
    if work.abstract:
        message["abstract"] = f"<jats:p>{work.abstract}</jats:p>"
    updated_by = [update_entry(u) for u in work.updates if u.in_crossref]
    if updated_by:
        message["updated-by"] = updated_by
    message.update(work.cr_extra)
    return message


UPDATE_LABELS = {
    "retraction": "Retraction",
    "partial_retraction": "Partial Retraction",
    "withdrawal": "Withdrawal",
    "expression_of_concern": "Expression of concern",
    "correction": "Correction",
    "erratum": "Erratum",
    "corrigendum": "Corrigendum",
}


def update_entry(update: Update) -> JSON:
    entry: JSON = {
        "DOI": (update.notice or "").lower(),
        "type": update.kind,
        "label": UPDATE_LABELS[update.kind],
        "source": update.source,
        "updated": stamp(update.date, f"{update.notice}{update.kind}")
        | {"date-time": f"{iso_date(update.date)}T00:00:00Z"},
    }
    entry["updated"]["timestamp"] = _midnight(update.date)
    if update.record_id is not None:
        entry["record-id"] = str(update.record_id)
    return entry


def _midnight(date: Date) -> int:
    from datetime import datetime, timezone

    y, m, d = [*date, 1, 1][:3]
    return int(datetime(y, m, d, tzinfo=timezone.utc).timestamp() * 1000)


NOTICE_TITLES: dict[str, Callable[[Work], str]] = {
    "retraction": lambda w: f"Retraction notice to “{w.title}”",
    "partial_retraction": lambda w: f"Partial retraction: {w.title}",
    "withdrawal": lambda w: f"WITHDRAWN: {w.title}",
    "expression_of_concern": lambda w: f"Expression of Concern: {w.title}",
    "correction": lambda w: f"Correction: {w.title}",
    "erratum": lambda w: f"Erratum to: {w.title}",
    "corrigendum": lambda w: f"Corrigendum to “{w.title}”",
}


def notice_works(work: Work) -> list[Work]:
    """Records of the notices (publisher-deposited, or known to Crossref without a link)."""
    out = []
    for update in work.updates:
        if not update.notice or not update.in_crossref:
            continue
        title = update.title or NOTICE_TITLES[update.kind](work)
        if work.key == "wakefield1998" and update.kind == "retraction":
            title = f"Retraction—{work.title}"
        notice = Work(
            key=f"{work.key}~{update.kind}",
            title=title,
            authors=[],
            year=update.date[0],
            venue=work.venue,
            short=work.short,
            doi=update.notice,
            printed=update.date,
            issn=work.issn,
            registries=("crossref", "openalex"),
            volume=None,
            page=None,
        )
        if update.source == "publisher":
            entry = update_entry(update)
            entry["DOI"] = work.doi.lower() if work.doi else ""
            notice.cr_extra = {"update-to": [entry]}
        out.append(notice)
    return out


# -- CSL-JSON for DataCite, mEDRA and JaLC ----------------------------------------------------

CSL_TYPES = {
    "journal-article": "article-journal",
    "dataset": "dataset",
    "report": "report",
    "dissertation": "thesis",
    "book": "book",
    "posted-content": "article",
    "proceedings-article": "paper-conference",
}


def csl_record(work: Work) -> JSON:
    assert work.doi
    authors = []
    for person in work.authors:
        if "name" in person:
            authors.append({"literal": person["name"]})
        else:
            authors.append({k: person[k] for k in ("family", "given") if k in person})
    record: JSON = {
        "type": work.csl_type or CSL_TYPES.get(work.type, "article"),
        "id": f"https://doi.org/{work.doi.lower()}",
        "language": work.lang,
        "author": authors,
        "issued": parts(issued(work)),
        "DOI": work.doi,
        "publisher": work.publisher or "",
        "title": work.title + (f": {work.subtitle}" if work.subtitle else ""),
        "URL": work.url or f"https://repository.example/{work.doi.lower()}",
    }
    if work.abstract:
        record["abstract"] = work.abstract
    if work.venue:
        record["container-title"] = work.venue
    if work.agency == "datacite":
        record["categories"] = ["FOS: Computer and information sciences"]
        record["copyright"] = "Creative Commons Attribution 4.0 International"
    record.update(work.csl or {})
    return {k: v for k, v in record.items() if v is not None}


# -- OpenAlex ----------------------------------------------------------------------------------

OA_TYPES = {
    "journal-article": "article",
    "proceedings-article": "article",
    "posted-content": "preprint",
    "book": "book",
    "monograph": "book",
    "edited-book": "book",
    "reference-book": "book",
    "book-chapter": "book-chapter",
    "reference-entry": "reference-entry",
    "report": "report",
    "dissertation": "dissertation",
    "standard": "standard",
    "dataset": "dataset",
}
NOTICE_OA_TYPES = {
    "retraction": "retraction",
    "partial_retraction": "retraction",
    "withdrawal": "retraction",
    "expression_of_concern": "editorial",
    "correction": "erratum",
    "erratum": "erratum",
    "corrigendum": "erratum",
}


def oa_id(work: Work) -> str:
    if work.oa_id:
        return work.oa_id
    base = 4200000000 if work.year >= 2022 else (3000000000 if work.year >= 2019 else 2000000000)
    return f"W{base + _h(work.key) % 900000000}"


def oa_year(work: Work) -> int:
    return work.oa_year or issued(work)[0]


def oa_display(person: JSON) -> str:
    return full_name(person)


def openalex_work(work: Work) -> JSON:
    ident = oa_id(work)
    title = work.oa_title if work.oa_title is not None else strip_markup(crossref_title(work))
    if work.subtitle and work.oa_title is None:
        title = f"{title}: {work.subtitle}"
    date = issued(work)
    full_date = iso_date(date)
    ids: JSON = {"openalex": f"https://openalex.org/{ident}"}
    doi = work.doi.lower() if work.doi and work.oa_doi else None
    if doi:
        ids["doi"] = f"https://doi.org/{doi}"
    ids["mag"] = str(_h(work.key + "mag") % 3000000000)
    if work.pmid:
        ids["pmid"] = f"https://pubmed.ncbi.nlm.nih.gov/{work.pmid}"
    if work.pmcid:
        ids["pmcid"] = f"https://www.ncbi.nlm.nih.gov/pmc/articles/{work.pmcid[3:]}"
    source = None
    if work.venue:
        kind = (
            "conference"
            if work.type == "proceedings-article"
            else (
                "repository"
                if work.type in ("posted-content", "dataset")
                else ("book series" if work.type in ("book-chapter",) else "journal")
            )
        )
        source = {
            "id": f"https://openalex.org/S{_h(work.venue) % 4000000000}",
            "display_name": work.venue,
            "issn_l": work.issn[0] if work.issn else None,
            "issn": list(work.issn) or None,
            "is_oa": False,
            "is_in_doaj": False,
            "is_indexed_in_scopus": True,
            "is_core": True,
            "host_organization": f"https://openalex.org/P{_h(publisher_of(work)[0]) % 5000000000}",
            "host_organization_name": publisher_of(work)[0] or None,
            "type": kind,
        }
    location = {
        "is_oa": False,
        "landing_page_url": f"https://doi.org/{doi}" if doi else work.url,
        "pdf_url": None,
        "source": source,
        "license": None,
        "license_id": None,
        "version": "publishedVersion" if work.type != "posted-content" else "submittedVersion",
        "is_accepted": work.type != "posted-content",
        "is_published": work.type != "posted-content",
    }
    names = work.oa_names or [oa_display(p) for p in work.authors]
    authorships = []
    for position, (person, display) in enumerate(zip(work.authors, names, strict=False)):
        authorships.append(
            {
                "author_position": "first"
                if position == 0
                else ("last" if position == len(work.authors) - 1 else "middle"),
                "author": {
                    "id": f"https://openalex.org/A{5000000000 + _h(display) % 99999999}",
                    "display_name": display,
                    "orcid": f"https://orcid.org/{person['orcid']}"
                    if person.get("orcid")
                    else None,
                },
                "institutions": [],
                "countries": [],
                "is_corresponding": False,
                "raw_author_name": full_name(person),
                "raw_affiliation_strings": [person["affiliation"]]
                if person.get("affiliation")
                else [],
                "affiliations": [],
            }
        )
    retracted = work.oa_retracted
    if retracted is None:
        retracted = any(u.kind in ("retraction", "withdrawal") for u in work.updates)
    notice_kind = work.key.split("~", 1)[1] if "~" in work.key else None
    first_page, _, last_page = (work.page or "").partition("-")
    abstract = None
    if work.abstract:
        abstract = {}
        for position, word in enumerate(work.abstract.split()):
            abstract.setdefault(word, []).append(position)
    return {
        "id": f"https://openalex.org/{ident}",
        "doi": f"https://doi.org/{doi}" if doi else None,
        "title": title,
        "display_name": title,
        "publication_year": oa_year(work),
        "publication_date": full_date if oa_year(work) == date[0] else f"{oa_year(work)}-01-01",
        "ids": ids,
        "language": work.lang[:2],
        "primary_location": location,
        "type": NOTICE_OA_TYPES[notice_kind] if notice_kind else OA_TYPES.get(work.type, "other"),
        "type_crossref": work.type,
        "indexed_in": [
            x
            for x in ("crossref", "pubmed")
            if (x == "crossref" and doi and work.agency == "crossref")
            or (x == "pubmed" and work.pmid)
        ],
        "open_access": {
            "is_oa": False,
            "oa_status": "closed",
            "oa_url": None,
            "any_repository_has_fulltext": False,
        },
        "authorships": authorships,
        "institution_assertions": [],
        "countries_distinct_count": 0,
        "institutions_distinct_count": 0,
        "corresponding_author_ids": [],
        "corresponding_institution_ids": [],
        "apc_list": None,
        "apc_paid": None,
        "fwci": round((_h(work.key + "f") % 900) / 100, 3),
        "has_fulltext": False,
        "cited_by_count": work.citations,
        "biblio": {
            "volume": work.volume,
            "issue": work.issue,
            "first_page": first_page or None,
            "last_page": last_page or first_page or None,
        },
        "is_retracted": retracted,
        "is_paratext": False,
        "primary_topic": None,
        "locations_count": 1,
        "locations": [location],
        "best_oa_location": None,
        "sustainable_development_goals": [],
        "grants": [],
        "referenced_works_count": 0,
        "referenced_works": [],
        "related_works": [],
        "abstract_inverted_index": abstract,
        "cited_by_api_url": f"https://api.openalex.org/works?filter=cites:{ident}",
        "counts_by_year": [],
        "updated_date": "2025-03-14T05:12:44.118302",
        "created_date": f"{max(2016, date[0])}-06-24",
    }


def strip_markup(text: str) -> str:
    """What OpenAlex keeps of a marked-up Crossref title: tags dropped, LaTeX left alone."""
    text = re.sub(
        r"<mml:math.*?</mml:math>", lambda m: re.sub(r"<[^>]+>", "", m.group(0)), text, flags=re.S
    )
    return re.sub(r"<[^>]+>", "", text)


# -- Semantic Scholar ----------------------------------------------------------------------------

S2_TYPES = {
    "journal-article": ["JournalArticle"],
    "proceedings-article": ["Conference"],
    "posted-content": None,
    "report": None,
    "book": ["Book"],
    "book-chapter": ["BookSection"],
    "dataset": ["Dataset"],
}


def s2_paper(work: Work) -> JSON:
    paper_id = hashlib.sha1(("s2" + work.key).encode()).hexdigest()
    corpus = 1000000 + _h(work.key + "corpus") % 270000000
    external: JSON = {}
    if work.doi:
        external["DOI"] = work.doi
    if work.arxiv:
        external["ArXiv"] = work.arxiv.id
    if work.pmid:
        external["PubMed"] = work.pmid
    if work.pmcid:
        external["PubMedCentral"] = work.pmcid[3:]
    external["MAG"] = str(_h(work.key + "mag") % 3000000000)
    external["CorpusId"] = corpus
    names = work.s2_names or [
        full_name(p) if "name" in p else f"{p.get('given', '')} {p['family']}".strip()
        for p in work.authors
    ]
    date = issued(work)
    title = work.s2_title if work.s2_title is not None else strip_markup(crossref_title(work))
    if work.subtitle and work.s2_title is None:
        title = f"{title}: {work.subtitle}"
    venue = work.s2_venue if work.s2_venue is not None else (work.venue or "")
    journal = None
    if work.type == "journal-article" and work.venue:
        journal = {"name": venue}
        if work.volume:
            journal["volume"] = work.volume
        if work.page:
            journal["pages"] = work.page
    return {
        "paperId": paper_id,
        "corpusId": corpus,
        "externalIds": external,
        "url": f"https://www.semanticscholar.org/paper/{paper_id}",
        "title": title,
        "abstract": work.abstract,
        "venue": venue,
        "publicationVenue": None
        if not work.venue
        else {
            "id": str(hashlib.md5(venue.encode()).hexdigest()),
            "name": work.venue,
            "type": "journal" if work.type == "journal-article" else "conference",
            "alternate_names": [work.short] if work.short else [],
        },
        "year": work.s2_year if work.s2_year is not None else date[0],
        "referenceCount": work.citations % 57,
        "citationCount": work.citations,
        "influentialCitationCount": work.citations // 20,
        "isOpenAccess": False,
        "openAccessPdf": None,
        "fieldsOfStudy": None,
        "publicationTypes": S2_TYPES.get(work.type),
        "publicationDate": iso_date(date) if len(date) == 3 else None,
        "journal": journal,
        "authors": [{"authorId": str(1000000 + _h(n) % 300000000), "name": n} for n in names],
    }


# -- arXiv ---------------------------------------------------------------------------------------


def arxiv_record(work: Work) -> JSON:
    assert work.arxiv
    record = work.arxiv
    names = record.names or [full_name(p) for p in work.authors]
    versions = []
    for number, (date, title) in enumerate(record.versions, 1):
        version: JSON = {"version": number, "date": date}
        if number == 1:
            version.update(
                title=title or work.title,
                summary=record.summary or f"We study {work.title.lower()}.",
                authors=[{"name": n} for n in names],
            )
        elif title:
            version["title"] = title
        if number == len(record.versions):
            if record.journal_ref:
                version["journal_ref"] = record.journal_ref
            if record.doi:
                version["doi"] = record.doi
            if record.comment:
                version["comment"] = record.comment
        versions.append(version)
    return {"id": record.id, "categories": record.categories, "versions": versions}


# -- Europe PMC ---------------------------------------------------------------------------------

EPMC_NOTES = {
    "retraction": "Retraction in",
    "withdrawal": "Retraction in",
    "partial_retraction": "Partial retraction in",
    "expression_of_concern": "Expression of concern in",
    "correction": "Erratum in",
    "erratum": "Erratum in",
    "corrigendum": "Erratum in",
}


def epmc_result(work: Work) -> JSON:
    source = work.epmc_source
    ident = work.pmid if source == "MED" else f"PPR{_h(work.key) % 900000 + 100000}"
    journal_title, abbreviation = work.epmc_journal or (work.venue or "", work.short or "")
    names = []
    authors = []
    for person in work.authors:
        if "name" in person:
            names.append(person["name"])
            authors.append({"collectiveName": person["name"]})
            continue
        given = ascii_fold(person.get("given", ""))
        letters = initials(given)
        names.append(f"{person['family']} {letters}".strip())
        authors.append(
            {
                "fullName": f"{person['family']} {letters}".strip(),
                "firstName": person.get("given", ""),
                "lastName": person["family"],
                "initials": letters,
            }
        )
    date = issued(work)
    types = ["Journal Article"] if source == "MED" else ["Preprint"]
    comments = []
    for update in work.updates:
        if update.kind in ("retraction", "withdrawal"):
            types.append("Retracted Publication")
        if update.notice_pmid:
            comments.append(
                {
                    "id": update.notice_pmid,
                    "source": "MED",
                    "reference": f"{abbreviation}. {update.date[0]}",
                    "type": EPMC_NOTES[update.kind],
                    "orderIn": 1000 + len(comments),
                }
            )
    title = work.epmc_title or (
        strip_markup(crossref_title(work)) + (f": {work.subtitle}" if work.subtitle else "") + "."
    )
    result: JSON = {"id": ident, "source": source}
    if source == "MED":
        result["pmid"] = work.pmid
    if work.pmcid:
        result["pmcid"] = work.pmcid
        result["fullTextIdList"] = {"fullTextId": [work.pmcid]}
    if work.doi:
        result["doi"] = work.doi
    result.update(
        {
            "title": title,
            "authorString": ", ".join(names) + ".",
            "authorList": {"author": authors},
            "journalInfo": {
                "issue": work.issue,
                "volume": work.volume,
                "journalIssueId": _h(work.key + "ji") % 3000000,
                "dateOfPublication": f"{date[0]}",
                "monthOfPublication": date[1] if len(date) > 1 else 0,
                "yearOfPublication": date[0],
                "printPublicationDate": iso_date(work.printed or date),
                "journal": {
                    "title": journal_title,
                    "isoabbreviation": abbreviation,
                    "medlineAbbreviation": abbreviation,
                    "nlmid": str(_h(journal_title) % 9000000 + 1000000),
                    "issn": work.issn[0] if work.issn else None,
                },
            },
            "pubYear": str(date[0]),
            "pageInfo": work.page,
            "language": {
                "en": "eng",
                "de": "ger",
                "fr": "fre",
                "es": "spa",
                "pt": "por",
                "ru": "rus",
                "zh": "chi",
                "ja": "jpn",
                "ko": "kor",
                "id": "ind",
            }.get(work.lang, "eng"),
            "pubModel": "Print",
            "pubTypeList": {"pubType": types},
            "isOpenAccess": "N",
            "inEPMC": "N",
            "inPMC": "Y" if work.pmcid else "N",
            "hasPDF": "N",
            "hasBook": "N",
            "hasSuppl": "N",
            "citedByCount": work.citations,
            "hasReferences": "N",
            "hasTextMinedTerms": "Y",
            "hasDbCrossReferences": "N",
            "hasLabsLinks": "N",
            "authMan": "N",
            "epmcAuthMan": "N",
            "nihAuthMan": "N",
            "hasTMAccessionNumbers": "N",
            "dateOfCreation": iso_date(date),
            "firstIndexDate": iso_date(date),
            "firstPublicationDate": iso_date(date),
        }
    )
    if comments:
        result["commentCorrectionList"] = {"commentCorrection": comments}
    return {k: v for k, v in result.items() if v is not None}


def epmc_notices(work: Work) -> list[JSON]:
    out = []
    for update in work.updates:
        if not update.notice_pmid:
            continue
        label = {
            "retraction": "Retraction notice",
            "withdrawal": "Withdrawal notice",
            "expression_of_concern": "Expression of concern",
            "partial_retraction": "Partial retraction notice",
        }.get(update.kind, "Erratum")
        kind = {
            "retraction": "Retraction of Publication",
            "withdrawal": "Retraction of Publication",
            "partial_retraction": "Retraction of Publication",
            "expression_of_concern": "Expression of Concern",
        }.get(update.kind, "Published Erratum")
        back = {
            "retraction": "Retraction of",
            "withdrawal": "Retraction of",
            "partial_retraction": "Partial retraction of",
            "expression_of_concern": "Expression of concern for",
        }.get(update.kind, "Erratum for")
        out.append(
            {
                "id": update.notice_pmid,
                "source": "MED",
                "pmid": update.notice_pmid,
                "title": f"{label}: {strip_markup(crossref_title(work))}.",
                "authorString": "",
                "pubYear": str(update.date[0]),
                "pubTypeList": {"pubType": [kind]},
                "commentCorrectionList": {
                    "commentCorrection": [
                        {"id": work.pmid, "source": "MED", "type": back, "orderIn": 1}
                    ]
                },
                "firstPublicationDate": iso_date(update.date),
            }
            | ({"doi": update.notice} if update.notice else {})
        )
    return out


# -- the world and the cases --------------------------------------------------------------------


def build_world(works: Mapping[str, Work]) -> JSON:
    """The world document of ``works`` (in their order), their notices included."""
    crossref: list[JSON] = []
    registrations: list[JSON] = []
    openalex: list[JSON] = []
    merged: dict[str, str] = {}
    s2: list[JSON] = []
    arxiv: list[JSON] = []
    epmc: list[JSON] = []
    all_works = []
    for work in works.values():
        all_works.append(work)
        all_works.extend(notice_works(work))
    for work in all_works:
        where = registries(work)
        if work.doi and work.agency == "crossref" and "crossref" in where:
            message = crossref_message(work)
            crossref.append(message)
            registrations.append(
                {
                    "doi": message["DOI"],
                    "agency": "crossref",
                    "url": message["resource"]["primary"]["URL"],
                    "csl": None,
                }
            )
        elif work.doi and work.agency != "crossref":
            registrations.append(
                {
                    "doi": work.doi,
                    "agency": work.agency,
                    "url": work.url or f"https://repository.example/{work.doi.lower()}",
                    "csl": csl_record(work),
                }
            )
        if "openalex" in where:
            openalex.append(openalex_work(work))
            for old in work.oa_merged:
                merged[old] = oa_id(work)
        if "s2" in where:
            s2.append(s2_paper(work))
        if "arxiv" in where and work.arxiv:
            arxiv.append(arxiv_record(work))
        if "epmc" in where:
            epmc.append(epmc_result(work))
            epmc.extend(epmc_notices(work))
    return {
        "format": WORLD_FORMAT,
        "crossref": crossref,
        "doi": registrations,
        "openalex": openalex,
        "openalex_merged": merged,
        "semantic_scholar": s2,
        "arxiv": arxiv,
        "europepmc": epmc,
    }


def dump(data: JSON) -> str:
    """A world or cases document as the committed files hold it."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
