"""The label checks of the second held-out set (``heldout2``): ``check(cases, works)`` returns
every label the world contradicts (``build_sets.py`` refuses to write the set when there is
one).

The cases are ``heldout2/cases.yaml``, the works ``heldout2/works.yaml``. Labels say what a
careful human checker would conclude from that world, by the rules of ``README.md`` ("How a
fabricated entry is labelled"): a fabricated entry is judged against the work its title and
authors describe; when they describe nothing real, against the record its identifier leads to;
with nothing to lead anywhere it is ``not_found``. Years one off are not a difference; two or
more are. ``expect_retraction`` is the truth about the reference work.

These checks were written with the set, by its author; they import nothing of the earlier sets'
checks.
"""

from __future__ import annotations

import difflib
import html
import json
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from benchmarks.lookup_eval import render_world

JSON = dict[str, Any]
SCHEMA = (
    Path(__file__).resolve().parents[2] / "ars_docs" / "schemas"
    / "literature_corpus_entry.schema.json"
)  # fmt: skip

STATUSES = ("found", "mismatch", "not_found", "ambiguous", "not_covered")
FIELDS = ("title", "authors", "identifier", "year", "venue")
RETRACTIONS = ("retracted", "expression_of_concern", "correction", "none")
IDENTIFIERS = ("doi", "arxiv_id", "pmid", "pmcid", "isbn", "openalex_id")
ENTRY_ORDER = (
    "citation_key", "title", "authors", "year", "type", "venue", "volume", "issue", "pages",
    "publisher", "doi", "isbn", "arxiv_id", "pmid", "pmcid", "openalex_id", "url",
)  # fmt: skip


# -- normalisation ---------------------------------------------------------------------------------

SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.translate(SUBSCRIPTS))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    for a, b in (("ß", "ss"), ("ø", "o"), ("ł", "l"), ("đ", "d"), ("ı", "i"), ("æ", "ae")):
        text = text.replace(a, b)
    return text


def norm_title(text: str) -> str:
    """A title as a person compares it: markup, LaTeX and punctuation gone, folded."""
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    text = text.replace("\\ell", "ℓ").replace("\\$", "$")
    text = re.sub(r"[${}_^\\]", "", text)
    text = re.sub(r"^\[(.*)\]\.?$", r"\1", text.strip())
    return " ".join(re.findall(r"\w+", fold(text)))


def close(a: str, b: str) -> bool:
    x, y = norm_title(a), norm_title(b)
    if not x or not y:
        return False
    if x == y or difflib.SequenceMatcher(None, x, y).ratio() >= 0.85:
        return True
    shorter, longer = sorted((x, y), key=len)
    return len(shorter.split()) >= 4 and longer.startswith(shorter)


def same(a: str, b: str) -> bool:
    return norm_title(a) == norm_title(b)


UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def name_tokens(text: str) -> set[str]:
    """Folded name words, German umlauts both ways (Köhler is Kohler and Koehler)."""
    words = set(re.findall(r"\w+", fold(text)))
    words |= set(re.findall(r"\w+", fold(text.translate(UMLAUTS))))
    return words - {"et", "al"}


def norm_doi(text: str) -> str:
    text = text.strip()
    text = re.sub(r"^(?:doi:?\s*|https?://(?:dx\.)?doi\.org/|doi\.org/)", "", text, flags=re.I)
    return text.rstrip(".").lower()


def isbn13(text: str) -> str:
    digits = re.sub(r"[^0-9Xx]", "", text).upper()
    if len(digits) == 10:
        digits = "978" + digits[:9]
        total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits))
        return digits + str((10 - total % 10) % 10)
    return digits


def isbn_valid(text: str) -> bool:
    digits = re.sub(r"[^0-9Xx]", "", text).upper()
    if len(digits) == 10:
        total = sum((10 - i) * (10 if d == "X" else int(d)) for i, d in enumerate(digits))
        return total % 11 == 0
    if len(digits) == 13 and digits.isdigit():
        return sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits)) % 10 == 0
    return False


# -- what the world holds --------------------------------------------------------------------------


class World:
    """Every work and notice of the world, indexed by identifier."""

    def __init__(self, works: dict[str, Any]) -> None:
        self.works = dict(works)
        self.all: dict[str, Any] = {}
        for work in works.values():
            self.all[work.key] = work
            for notice in render_world.notice_works(work):
                self.all[notice.key] = notice
        self.index: dict[str, dict[str, set[str]]] = {k: {} for k in IDENTIFIERS}

        def add(kind: str, value: str, key: str) -> None:
            self.index[kind].setdefault(value, set()).add(key)

        for key, work in self.all.items():
            if work.doi:
                add("doi", work.doi.lower(), key)
            if work.arxiv:
                add("arxiv_id", work.arxiv.id, key)
            if work.pmid:
                add("pmid", work.pmid, key)
            if work.pmcid:
                add("pmcid", work.pmcid.upper(), key)
            for isbn in work.isbn:
                add("isbn", isbn13(isbn), key)
            add("openalex_id", render_world.oa_id(work), key)
            for update in work.updates:
                if update.notice_pmid:
                    add("pmid", update.notice_pmid, f"{key}~{update.kind}")

    def resolve(self, kind: str, value: Any) -> set[str] | None:
        """The world keys an identifier names (an empty set: it names nothing)."""
        text = str(value).strip()
        if kind == "doi":
            return set(self.index["doi"].get(norm_doi(text), set()))
        if kind == "arxiv_id":
            text = re.sub(r"^(?:arxiv:|https?://arxiv\.org/(?:abs|pdf)/)", "", text, flags=re.I)
            match = re.match(r"^(.*?)(?:v(\d+))?$", text)
            assert match
            keys = self.index["arxiv_id"].get(match.group(1), set())
            if match.group(2):
                keys = {
                    k for k in keys
                    if int(match.group(2)) <= len(self.all[k].arxiv.versions)
                }  # fmt: skip
            return set(keys)
        if kind == "pmid":
            return set(self.index["pmid"].get(text, set()))
        if kind == "pmcid":
            text = text.upper()
            return set(self.index["pmcid"].get(text if text.startswith("PMC") else "PMC" + text,
                                               set()))  # fmt: skip
        if kind == "isbn":
            return set(self.index["isbn"].get(isbn13(text), set()))
        if kind == "openalex_id":
            return set(self.index["openalex_id"].get(text.rsplit("/", 1)[-1].upper(), set()))
        return None

    def identifiers(self, entry: JSON) -> list[tuple[str, Any]]:
        """The entry's identifiers, including a DOI or arXiv id inside its URL."""
        found = [(k, entry[k]) for k in IDENTIFIERS if k in entry]
        url = entry.get("url", "")
        doi = re.search(r"(10\.\d{4,9}/[^\s?#]+)", url)
        if doi and "doi" not in entry:
            found.append(("doi", doi.group(1).rstrip("/")))
        pmid = re.search(r"pubmed\.ncbi\.nlm\.nih\.gov/(\d+)", url)
        if pmid and "pmid" not in entry:
            found.append(("pmid", pmid.group(1)))
        arxiv = re.search(r"arxiv\.org/(?:abs|pdf)/([\w.]+)", url)
        if arxiv and "arxiv_id" not in entry:
            found.append(("arxiv_id", arxiv.group(1)))
        return found

    def titles(self, key: str) -> list[str]:
        work = self.all[key]
        out = [work.title, render_world.crossref_title(work), *(work.cr_titles or [])]
        if work.subtitle:
            out.append(f"{work.title}: {work.subtitle}")
        out += [t for t in (work.oa_title, work.s2_title, work.epmc_title) if t]
        if work.arxiv:
            out += [t for _, t in work.arxiv.versions if t]
        return out

    def years(self, key: str) -> set[int]:
        work = self.all[key]
        out = {work.year, render_world.issued(work)[0], render_world.oa_year(work)}
        out |= {d[0] for d in (work.online, work.printed) if d}
        if work.arxiv:
            out |= {int(date[:4]) for date, _ in work.arxiv.versions}
        return out

    def people(self, key: str) -> list[set[str]]:
        work = self.all[key]
        people = list(work.authors) + list(work.cr_authors or []) + list(work.editors)
        out = [name_tokens(p.get("name") or p.get("family", "")) for p in people]
        out += [name_tokens(n) for n in (work.s2_names or []) + (work.oa_names or [])]
        return [p for p in out if p]

    def venues(self, key: str) -> list[str]:
        work = self.all[key]
        out = [work.venue, work.short, work.s2_venue, *work.container_extra]
        if work.epmc_journal:
            out += list(work.epmc_journal)
        return [v for v in out if v]

    def retraction(self, key: str) -> str:
        work = self.all[key]
        kinds = {u.kind for u in work.updates}
        if work.oa_retracted or kinds & {"retraction", "partial_retraction", "withdrawal"}:
            return "retracted"
        if "expression_of_concern" in kinds:
            return "expression_of_concern"
        if kinds & {"correction", "erratum", "corrigendum"}:
            return "correction"
        return "none"


# -- the checks ------------------------------------------------------------------------------------


def _author_ok(person: JSON, world: World, keys: Iterable[str]) -> bool:
    wanted = name_tokens(person.get("literal") or person.get("family", ""))
    if not wanted:
        return True
    return any(wanted <= p or p <= wanted for k in keys for p in world.people(k))


def check(cases: list[JSON], works: dict[str, Any]) -> list[str]:
    """Every label the world contradicts, as messages (empty: all hold)."""
    world = World(works)
    problems: list[str] = []
    seen: set[str] = set()
    validator = None
    try:
        import jsonschema

        schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
        validator = jsonschema.Draft202012Validator(schema)
    except ImportError:  # pragma: no cover - the project's venv has jsonschema
        pass

    all_titles = {k: world.titles(k) for k in world.all}
    for case in cases:
        entry = case["entry"]
        key = entry["citation_key"]

        def bad(message: str, key: str = key) -> None:
            problems.append(f"{key}: {message}")

        if key in seen:
            bad("duplicate citation key")
        seen.add(key)
        status, fields, work = case["expect_status"], case["expect_fields"], case["work"]
        tags = set(case["tags"])
        if status not in STATUSES or case["expect_retraction"] not in RETRACTIONS:
            bad("unknown status or retraction label")
        if case["truth"] == "real" and status not in ("found", "ambiguous", "not_covered"):
            bad("a real entry is found, ambiguous or not_covered")
        if case["truth"] == "fabricated" and status not in ("mismatch", "not_found"):
            bad("a fabricated entry is mismatch or not_found")
        if (status == "mismatch") != bool(fields):
            bad("expect_fields are for mismatch entries, and every mismatch has some")
        if not case["why"].strip() or not case["tags"]:
            bad("a case says why and has tags")
        if validator is not None:
            passport = (
                {"source_pointer": "bibliography_v1.md"}
                | entry
                | {
                    "source_acquired": False,
                    "source_verified_against_original": False,
                    "source_verification_method": "none",
                    "description_last_audit": "none",
                }
            )
            for error in validator.iter_errors(passport):
                bad(f"entry does not validate: {error.message}")
        for name in ("isbn",):
            if name in entry and not isbn_valid(entry[name]):
                bad(f"invalid ISBN check digit {entry[name]!r}")

        keys = [work, *case.get("same_work", [])] if work else []
        for k in keys:
            if k not in world.works:
                bad(f"unknown work {k!r}")
        if any(k not in world.works for k in keys):
            continue
        needs_work = status in ("found", "mismatch")
        if needs_work != bool(work):
            bad("found and mismatch entries name their work; others do not")
            continue

        # retraction labels
        expected = world.retraction(work) if work else "none"
        if case["expect_retraction"] != expected:
            bad(f"expect_retraction {case['expect_retraction']} but the world says {expected}")
        category = case["category"]
        for prefix, label in (("real_retracted", "retracted"),
                              ("real_expression_of_concern", "expression_of_concern"),
                              ("real_correction", "correction")):  # fmt: skip
            if category == prefix and expected != label:
                bad(f"{category} is for {label} works")

        # identifiers
        resolved = [(kind, value, world.resolve(kind, value))
                    for kind, value in world.identifiers(entry)]  # fmt: skip
        if status == "not_found":
            for kind, value, hit in resolved:
                if hit:
                    bad(f"not_found but {kind} {value!r} names {sorted(hit)}")
        if needs_work:
            wrong = [(kind, value) for kind, value, hit in resolved
                     if not hit or not hit & set(keys)]  # fmt: skip
            if "identifier" in fields and not wrong:
                bad("identifier in expect_fields, but every identifier names the work")
            if "identifier" not in fields and wrong:
                bad(f"{wrong} do not name the work")
        if status in ("ambiguous", "not_covered") and resolved:
            bad(f"{status} entries here carry no identifier")

        # titles
        if needs_work:
            titles = [t for k in keys for t in world.titles(k)]
            near = any(close(entry["title"], t) for t in titles)
            equal = any(same(entry["title"], t) for t in titles)
            if "title" in fields and equal:
                bad("title in expect_fields, but the title is the work's")
            if status == "found" and not near and "transliterated_title" not in tags:
                bad("found, but the title is far from every title of the work")
            if status == "mismatch" and "title" not in fields and not near:
                bad("the title is far from the work's, yet title is not in expect_fields")
        invented = status == "not_found" or category.startswith("fabricated_invented")
        if invented and (status != "mismatch" or "title" in fields):
            for k, titles in all_titles.items():
                if any(close(entry["title"], t) for t in titles):
                    bad(f"an invented title close to {k}'s")
                    break

        # authors
        if needs_work:
            people = [p for p in entry["authors"] if p.get("literal") != "et al."]
            missing = [p for p in people if not _author_ok(p, world, keys)]
            exempt = tags & {"native_script_names", "org_acronym"}
            if "authors" in fields and not missing:
                bad("authors in expect_fields, but every author is the work's")
            if "authors" not in fields and missing and not exempt:
                bad(f"authors {missing} are not the work's")

        # years
        year = entry["year"]
        if needs_work:
            if not isinstance(year, int):
                bad("found and mismatch entries here give an integer year")
            else:
                gap = min(abs(year - y) for k in keys for y in world.years(k))
                if "year" in fields and gap < 2:
                    bad(f"year in expect_fields, but it is {gap} from the work's")
                if "year" not in fields and gap > 1:
                    bad(f"the year is {gap} from the work's, yet year is not in expect_fields")

        # venues
        if needs_work and "venue" in fields:
            venue = entry.get("venue", "")
            if not venue or any(close(venue, v) for k in keys for v in world.venues(k)):
                bad("venue in expect_fields, but the entry's venue is the work's")

        # ambiguous and not_covered
        if status == "ambiguous":
            first = next(p for p in entry["authors"] if p.get("literal") != "et al.")
            fits = [k for k in world.works if any(close(entry["title"], t)
                    for t in world.titles(k)) and _author_ok(first, world, [k])]  # fmt: skip
            if len(fits) < 2:
                bad(f"ambiguous, but only {fits} fit")
        if status == "not_covered" and (entry.get("type") != "webpage" or "url" not in entry):
            bad("not_covered is for web pages with a URL and no identifier")
    return problems
