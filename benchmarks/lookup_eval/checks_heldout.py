"""The label checks of the held-out set (``heldout``): the rules every label of
``heldout/cases.yaml`` must pass against the held-out world before ``build_sets.py`` writes it.
They were written with the set, by its author, and are stricter than the tuning set's.

What ``check`` refuses (each rule is what a careful human checker would hold to):

- an identifier of a ``found`` entry (DOI in any written form, arXiv id or link, PMID,
  PMCID, ISBN) that is not its work's, an arXiv version the e-print does not have;
- a ``mismatch`` with ``identifier`` whose identifiers are all its work's, one without it
  whose identifiers are not;
- a ``not_found`` entry with an identifier the world knows, or whose title is close to any
  title in the world;
- a ``found`` title far from every title the work has (unless tagged ``translated_title``),
  a ``found`` year two or more from every date the work has, a ``found`` first author who is
  none of the work's (unless tagged ``non_latin_authors``) -- and the converse for the
  fields a ``mismatch`` names (a year two or more off, a first author who is not the work's,
  a venue unlike any name of the work's venue, a title the work does not have);
- a retraction label that is not what the work's notices say (``retracted`` for a
  retraction, partial retraction or withdrawal, or OpenAlex's ``is_retracted``; else
  ``expression_of_concern``; else ``correction``; else ``none``);
- an ``ambiguous`` entry that fewer than two works fit; a ``not_covered`` entry that is not a
  web page without identifiers; an invalid ISBN; a key used twice.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any
from urllib.parse import unquote

JSON = dict[str, Any]

STATUSES = ("found", "mismatch", "not_found", "ambiguous", "not_covered")
RETRACTIONS = ("retracted", "expression_of_concern", "correction", "none")
FIELDS = ("title", "authors", "identifier", "year", "venue")
ENTRY_ORDER = (
    "citation_key", "type", "title", "authors", "year", "venue", "volume", "issue", "pages",
    "publisher", "doi", "isbn", "arxiv_id", "pmid", "pmcid", "openalex_id", "url",
)  # fmt: skip
SUFFIXES = ("Jr.", "Jr", "Sr.", "II", "III", "IV")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


# -- normalising what entries and works say ---------------------------------------------------


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    for a, b in (("ß", "ss"), ("ø", "o"), ("ł", "l"), ("ı", "i"), ("đ", "d"), ("æ", "ae")):
        text = text.replace(a, b)
    return text


def words(text: str) -> set[str]:
    text = fold(re.sub(r"<[^>]+>", " ", text))
    out = set()
    for word in re.findall(r"\w+", text):
        if _CJK.search(word):
            out.update(_CJK.findall(word))
            out.update(_CJK.sub(" ", word).split())
        else:
            out.add(word)
    return out


def similarity(a: str, b: str) -> float:
    x, y = words(a), words(b)
    return len(x & y) / len(x | y) if x | y else 0.0


def close(a: str, b: str) -> bool:
    """The same title, give or take case, markup, a subtitle or a word or two."""
    x, y = words(a), words(b)
    return bool(x and y) and (similarity(a, b) >= 0.5 or x <= y or y <= x)


_VENUE_FILLER = {"of", "the", "and", "for", "on", "in", "de", "der", "des", "la"}


def abbreviates(short: str, full: str) -> bool:
    """``short`` is an abbreviation of ``full`` (``J. R. Stat. Soc. Ser. B`` of ``Journal of the
    Royal Statistical Society Series B``): each of its words begins a word of ``full``, in
    order, skipping only filler words."""
    mine = [w for w in re.findall(r"\w+", fold(short)) if w not in _VENUE_FILLER]
    theirs = [w for w in re.findall(r"\w+", fold(full)) if w not in _VENUE_FILLER]
    position = 0
    for word in mine:
        while position < len(theirs) and not theirs[position].startswith(word):
            position += 1
        if position == len(theirs):
            return False
        position += 1
    return bool(mine)


def norm_doi(text: str) -> str:
    doi = unquote(text.strip())
    doi = re.sub(r"^(?:https?://)?(?:dx\.)?doi\.org/", "", doi, flags=re.I)
    doi = re.sub(r"^doi:?\s*", "", doi, flags=re.I)
    return doi.rstrip(".,;").lower()


def split_arxiv(text: str) -> tuple[str, int | None]:
    ident = re.sub(r"^https?://arxiv\.org/(?:abs|pdf)/", "", text.strip(), flags=re.I)
    ident = re.sub(r"(?i)^arxiv:|\.pdf$", "", ident)
    match = re.match(r"^(.+?)v(\d+)$", ident)
    return (match.group(1).lower(), int(match.group(2))) if match else (ident.lower(), None)


def isbn_ok(isbn: str) -> bool:
    digits = re.sub(r"[^0-9Xx]", "", isbn).upper()
    if len(digits) == 13 and digits.isdigit():
        total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits[:12]))
        return (10 - total % 10) % 10 == int(digits[12])
    if len(digits) == 10:
        total = sum((10 - i) * (10 if d == "X" else int(d)) for i, d in enumerate(digits))
        return total % 11 == 0
    return False


def identifiers(entry: JSON) -> list[tuple[str, str]]:
    """(kind, normalised value) for every identifier an entry gives, links included."""
    out = []
    if entry.get("doi"):
        out.append(("doi", norm_doi(entry["doi"])))
    if entry.get("arxiv_id"):
        out.append(("arxiv", entry["arxiv_id"]))
    if entry.get("pmid"):
        out.append(("pmid", str(entry["pmid"])))
    if entry.get("pmcid"):
        out.append(("pmcid", "PMC" + str(entry["pmcid"]).upper().removeprefix("PMC")))
    if entry.get("isbn"):
        out.append(("isbn", re.sub(r"[^0-9Xx]", "", entry["isbn"]).upper()))
    url = entry.get("url", "")
    if re.match(r"^https?://(dx\.)?doi\.org/", url):
        out.append(("doi", norm_doi(url)))
    if re.match(r"^https?://arxiv\.org/(abs|pdf)/", url):
        out.append(("arxiv", url))
    return out


# -- what the world says about a work ---------------------------------------------------------


def titles(work: Any) -> list[str]:
    out = [work.title, work.cr_title or "", *(work.cr_titles or [])]
    out += [work.oa_title or "", work.s2_title or "", work.epmc_title or ""]
    if work.subtitle:
        out.append(f"{work.title}: {work.subtitle}")
    if work.arxiv:
        out += [t for _, t in work.arxiv.versions if t]
    return [t for t in out if t]


def years(work: Any) -> set[int]:
    out = {work.year, *(d[0] for d in (work.online, work.printed) if d)}
    out |= {y for y in (work.oa_year, work.s2_year) if y}
    if work.arxiv:
        out.add(int(work.arxiv.versions[0][0][:4]))
    return out


def family_names(work: Any) -> set[str]:
    people = [*work.authors, *(work.cr_authors or []), *work.editors]
    out = {fold(p.get("family") or p.get("name", "")) for p in people}
    for name in (*(work.oa_names or []), *(work.s2_names or [])):
        out.add(fold(name.split()[-1]))
    if work.arxiv and work.arxiv.names:
        out |= {fold(n) for n in work.arxiv.names}
    return {n for n in out if n}


_NOT_NAMES = {
    "the", "of", "and", "collaboration", "team", "group", "user", "consortium", "de", "van",
    "von", "der", "den", "la", "le", "da", "di", "du", "del", "dos",
}  # fmt: skip


def first_author_matches(entry: JSON, work: Any) -> bool:
    """The entry's first author (family name or literal) is one of the work's people."""
    first = entry["authors"][0]
    name = fold(first.get("family") or first.get("literal", ""))
    known = family_names(work)
    if not known:
        return True  # a work without authors (a standard): nothing to contradict
    mine = set(name.split()) - _NOT_NAMES
    return any(name == n or mine & (set(n.split()) - _NOT_NAMES) for n in known)


def venue_names(work: Any) -> list[str]:
    out = [work.venue or "", work.short or "", work.s2_venue or "", *work.container_extra]
    out += list(work.epmc_journal or ())
    return [v for v in out if v]


def retraction_truth(work: Any) -> str:
    kinds = {u.kind for u in work.updates}
    if kinds & {"retraction", "partial_retraction", "withdrawal"} or work.oa_retracted:
        return "retracted"
    if "expression_of_concern" in kinds:
        return "expression_of_concern"
    if kinds & {"correction", "erratum", "corrigendum"}:
        return "correction"
    return "none"


class Index:
    """Which work (or notice) every identifier of the world names."""

    def __init__(self, works: dict[str, Any]) -> None:
        self.names: dict[tuple[str, str], str] = {}
        self.versions: dict[str, int] = {}
        for key, work in works.items():
            if work.doi:
                self.names["doi", norm_doi(work.doi)] = key
            if work.pmid:
                self.names["pmid", work.pmid] = key
            if work.pmcid:
                self.names["pmcid", work.pmcid.upper()] = key
            for isbn in work.isbn:
                self.names["isbn", isbn.upper()] = key
            if work.arxiv:
                self.names["arxiv", work.arxiv.id.lower()] = key
                self.versions[work.arxiv.id.lower()] = len(work.arxiv.versions)
            for update in work.updates:
                if update.notice:
                    self.names["doi", norm_doi(update.notice)] = f"{key}~{update.kind}"
                if update.notice_pmid:
                    self.names["pmid", update.notice_pmid] = f"{key}~{update.kind}"

    def lookup(self, kind: str, value: str) -> str | None:
        """The key of the work an identifier names; ``None`` when the world has no such one."""
        if kind != "arxiv":
            return self.names.get((kind, value))
        base, version = split_arxiv(value)
        if ("arxiv", base) not in self.names:
            return None
        if version is not None and not 1 <= version <= self.versions[base]:
            return None
        return self.names["arxiv", base]


# -- the checks -----------------------------------------------------------------------------


def check(cases: list[JSON], works: dict[str, Any]) -> None:
    """Raise ``ValueError`` listing every label that contradicts the world."""
    index = Index(works)
    every_title = [(k, t) for k, w in works.items() for t in titles(w)]
    problems: list[str] = []
    seen: set[str] = set()
    for item in cases:
        key = item["entry"]["citation_key"]
        if key in seen:
            problems.append(f"{key}: key used twice")
        seen.add(key)
        problems += [f"{key}: {p}" for p in _problems(item, works, index, every_title)]
    if problems:
        raise ValueError("inconsistent cases:\n  " + "\n  ".join(problems))


def _problems(
    item: JSON, works: dict[str, Any], index: Index, every_title: list[tuple[str, str]]
) -> list[str]:
    entry, status, fields = item["entry"], item["expect_status"], item["expect_fields"]
    tags = set(item["tags"])
    out = []
    if status not in STATUSES or item["expect_retraction"] not in RETRACTIONS:
        return [f"status {status!r} / retraction {item['expect_retraction']!r}"]
    if set(fields) - set(FIELDS) or bool(fields) != (status == "mismatch"):
        return [f"fields {fields} for {status}"]
    allowed = ("found", "ambiguous", "not_covered") if item["truth"] == "real" else None
    if status not in (allowed or ("mismatch", "not_found")):
        return [f"{item['truth']} entry cannot be {status}"]
    if entry.get("isbn") and not isbn_ok(entry["isbn"]):
        out.append(f"invalid ISBN {entry['isbn']}")
    ids = identifiers(entry)
    group_keys = [k for k in [item["work"], *item.get("same_work", [])] if k]
    if any(k not in works for k in group_keys):
        return [*out, f"unknown work in {group_keys}"]
    if (status in ("found", "mismatch")) != bool(group_keys):
        return [*out, f"{status} with work {item['work']!r}"]
    if status in ("not_found", "ambiguous", "not_covered") and item["expect_retraction"] != "none":
        out.append("retraction label without a work")
    if status == "not_found":
        out += [f"{kind} {v} exists" for kind, v in ids if index.lookup(kind, v)]
        near = sorted({k for k, t in every_title if similarity(entry["title"], t) >= 0.5})
        if near:
            out.append(f"invented title close to {near}")
    if status == "not_covered" and (ids or entry.get("type") != "webpage" or not entry.get("url")):
        out.append("not_covered needs a web page with a URL and no identifiers")
    if status == "ambiguous":
        fits = [w.key for w in works.values() if _fits(entry, w)]
        if len(fits) < 2:
            out.append(f"ambiguous but only {fits} fit")
    if group_keys:
        out += _against_work(entry, status, fields, tags, [works[k] for k in group_keys], index)
        truth = retraction_truth(works[group_keys[0]])
        if item["expect_retraction"] != truth:
            out.append(f"retraction {item['expect_retraction']} but the work's is {truth}")
    return out


def _fits(entry: JSON, work: Any) -> bool:
    near = any(close(entry["title"], t) for t in titles(work))
    year = min(abs(int(str(entry["year"])[:4]) - y) for y in years(work)) <= 1
    return near and year and first_author_matches(entry, work)


def _against_work(
    entry: JSON, status: str, fields: list[str], tags: set[str], group: list[Any], index: Index
) -> list[str]:
    out = []
    work, group_keys = group[0], {w.key for w in group}
    ids = identifiers(entry)
    named = [(kind, v, index.lookup(kind, v)) for kind, v in ids]
    if status == "found" or "identifier" not in fields:
        out += [f"{kind} {v} names {k!r}" for kind, v, k in named if k not in group_keys]
    elif not any(k != work.key for _, _, k in named):
        out.append("identifier difference, but every identifier is the work's")
    near = any(close(entry["title"], t) for w in group for t in titles(w))
    if "title" in fields:
        same = {frozenset(words(t)) for w in group for t in titles(w)}
        if frozenset(words(entry["title"])) in same:
            out.append("title difference, but the work has this title")
    elif not near and "translated_title" not in tags:
        out.append(f"title far from {work.key}'s")
    gap = min(abs(int(str(entry["year"])[:4]) - y) for w in group for y in years(w))
    if ("year" in fields) != (gap >= 2):
        out.append(f"year {entry['year']} is {gap} from {work.key}'s, fields {fields}")
    author_ok = any(first_author_matches(entry, w) for w in group)
    if "authors" in fields and author_ok:
        out.append("authors difference, but the first author is the work's")
    if "authors" not in fields and not author_ok and "non_latin_authors" not in tags:
        out.append(f"first author is none of {work.key}'s")
    if "venue" in fields:
        if not entry.get("venue"):
            out.append("venue difference without a venue")
        elif any(
            close(entry["venue"], v) or abbreviates(entry["venue"], v)
            for w in group
            for v in venue_names(w)
        ):
            out.append("venue difference, but the venue is the work's")
    return out
