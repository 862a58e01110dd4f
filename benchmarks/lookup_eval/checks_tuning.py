"""The label checks of the tuning set: ``check(cases, works)`` raises when a label of
``tuning/cases.yaml`` contradicts the tuning world (a typo in an identifier, a wrong work
key), before ``build_sets.py`` writes the set.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

JSON = dict[str, Any]

STATUSES = ("found", "mismatch", "not_found", "ambiguous", "not_covered")
RETRACTIONS = ("retracted", "expression_of_concern", "correction", "none")
FIELDS = ("title", "authors", "identifier", "year", "venue")
ENTRY_ORDER = (
    "citation_key", "type", "title", "authors", "year", "venue", "volume", "issue", "pages",
    "publisher", "doi", "isbn", "arxiv_id", "pmid", "pmcid", "openalex_id", "url",
)  # fmt: skip
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


# -- checks -------------------------------------------------------------------------------------


def norm_doi(doi: str) -> str:
    doi = doi.strip()
    doi = re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", "", doi, flags=re.I)
    return doi.lower()


def isbn_ok(isbn: str) -> bool:
    digits = re.sub(r"[^0-9Xx]", "", isbn).upper()
    if len(digits) == 13 and digits.isdigit():
        total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits[:12]))
        return (10 - total % 10) % 10 == int(digits[12])
    if len(digits) == 10:
        total = sum((10 - i) * (10 if d == "X" else int(d)) for i, d in enumerate(digits))
        return total % 11 == 0
    return False


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def title_words(text: str) -> set[str]:
    text = re.sub(r"<[^>]+>|\\[a-z]+|[{}$_]", " ", text)
    words = set(re.findall(r"\w+", _fold(text)))
    words |= set(_CJK.findall(text))
    return {w for w in words if not _CJK.fullmatch(w) or len(w) == 1}


def similarity(a: str, b: str) -> float:
    x, y = title_words(a), title_words(b)
    return len(x & y) / len(x | y) if x | y else 0.0


def contained(a: str, b: str) -> bool:
    """Every word of ``a`` is in ``b`` (a title without its subtitle)."""
    x = title_words(a)
    return bool(x) and x <= title_words(b)


def work_titles(work: Any) -> list[str]:
    titles = [work.title, work.cr_title or "", *(work.cr_titles or [])]
    titles += [work.oa_title or "", work.s2_title or "", work.epmc_title or ""]
    if work.subtitle:
        titles.append(f"{work.title}: {work.subtitle}")
    if work.arxiv:
        titles += [t for _, t in work.arxiv.versions if t]
    if work.csl and work.csl.get("title"):
        titles.append(work.csl["title"])
    return [t for t in titles if t]


def check(cases: list[JSON], works: dict[str, Any]) -> None:
    """Raise if a label contradicts the world (a typo in an identifier, a wrong work key)."""
    problems: list[str] = []
    keys = [c["entry"]["citation_key"] for c in cases]
    problems += [f"duplicate key {k}" for k in sorted({k for k in keys if keys.count(k) > 1})]
    registered = {norm_doi(w.doi) for w in works.values() if w.doi}
    registered |= {norm_doi(u.notice) for w in works.values() for u in w.updates if u.notice}
    arxiv_ids = {w.arxiv.id.lower() for w in works.values() if w.arxiv}
    pmids = {w.pmid for w in works.values() if w.pmid}
    pmids |= {u.notice_pmid for w in works.values() for u in w.updates if u.notice_pmid}
    for work in works.values():
        problems += [f"{work.key}: bad ISBN {i}" for i in work.isbn if not isbn_ok(i)]
    for case in cases:
        entry, key = case["entry"], case["entry"]["citation_key"]
        status, fields = case["expect_status"], case["expect_fields"]
        if entry.get("isbn") and not isbn_ok(entry["isbn"]):
            problems.append(f"{key}: bad ISBN {entry['isbn']}")
        if case["work"] is not None and case["work"] not in works:
            problems.append(f"{key}: no work {case['work']}")
            continue
        group = [works[k] for k in [case["work"], *case.get("same_work", [])] if k]
        ids = _identifiers(entry)
        if status == "found" or (status == "mismatch" and "identifier" not in fields):
            if not group and status == "found":
                problems.append(f"{key}: found without a work")
            for kind, value in ids:
                if group and not any(_names_work(kind, value, w) for w in group):
                    problems.append(f"{key}: {kind} {value} is not {case['work']}'s")
            if status == "found" and group:
                titles = [t for w in group for t in work_titles(w)]
                best = max(similarity(entry["title"], t) for t in titles)
                short = any(contained(entry["title"], t) for t in titles)
                if best < 0.4 and not short and "translated_title" not in case["tags"]:
                    problems.append(f"{key}: title far from {case['work']} ({best:.2f})")
        wrong = [v for kind, v in ids if group and not _names_work(kind, v, group[0])]
        if status == "mismatch" and "identifier" in fields and group and not wrong:
            problems.append(f"{key}: identifier difference but every id is the work's")
        if status == "not_found":
            for kind, value in ids:
                known = {"doi": registered, "arxiv_id": arxiv_ids, "pmid": pmids}.get(kind)
                if known is not None and _base(kind, value) in known:
                    problems.append(f"{key}: not_found but {kind} {value} exists")
            if case["truth"] == "fabricated":
                close = [
                    w.key
                    for w in works.values()
                    if max(similarity(entry["title"], t) for t in work_titles(w)) >= 0.6
                ]
                if close:
                    problems.append(f"{key}: invented title close to {close}")
        if status == "not_covered" and (ids or entry.get("type") != "webpage"):
            problems.append(f"{key}: not_covered needs a webpage without identifiers")
    if problems:
        raise ValueError("inconsistent cases:\n  " + "\n  ".join(problems))


def _identifiers(entry: JSON) -> list[tuple[str, str]]:
    out = [
        (k, str(entry[k]))
        for k in ("doi", "arxiv_id", "pmid", "pmcid", "isbn", "openalex_id")
        if entry.get(k)
    ]
    url = entry.get("url", "")
    if re.match(r"https?://(dx\.)?doi\.org/", url):
        out.append(("doi", url))
    match = re.match(r"https?://arxiv\.org/(?:abs|pdf)/(.+?)(?:\.pdf)?$", url)
    if match:
        out.append(("arxiv_id", match.group(1)))
    return out


def _base(kind: str, value: str) -> str:
    if kind == "doi":
        return norm_doi(value)
    if kind == "arxiv_id":
        return re.sub(r"(?i)^arxiv:|v\d+$", "", value.strip()).lower()
    return value.strip()


def _names_work(kind: str, value: str, work: Any) -> bool:
    from benchmarks.lookup_eval import render_world

    if kind == "doi":
        return bool(work.doi) and norm_doi(work.doi) == norm_doi(value)
    if kind == "arxiv_id":
        return bool(work.arxiv) and work.arxiv.id.lower() == _base(kind, value)
    if kind == "pmid":
        return work.pmid == value
    if kind == "pmcid":
        return bool(work.pmcid) and work.pmcid.upper() == ("PMC" + value.upper().lstrip("PMC"))
    if kind == "isbn":
        digits = re.sub(r"[^0-9Xx]", "", value)
        return digits in work.isbn
    if kind == "openalex_id":
        ident = value.rstrip("/").rsplit("/", 1)[-1].upper()
        return ident == render_world.oa_id(work) or ident in work.oa_merged
    return False
