"""The cases of the second held-out set (``heldout2``): passport entries and their labels.

``cases(works)`` returns every case, after ``check`` has held each label to the world
(``heldout2_works``). Labels say what a careful human checker would conclude from that world,
by the rules of ``README.md`` ("How a fabricated entry is labelled"): a fabricated entry is
judged against the work its title and authors describe; when they describe nothing real,
against the record its identifier leads to; with nothing to lead anywhere it is
``not_found``. Years one off are not a difference; two or more are. ``expect_retraction`` is
the truth about the reference work.

This module has its own case helper and checks; it imports nothing of the tuning or first
held-out cases.
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

import build_tuning

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


# -- the case helper -----------------------------------------------------------------------------


def names(spec: str | list[Any]) -> list[JSON]:
    """CSL names from ``"Family, Given; Family, Given; et al.; {Organisation}"`` or a list
    mixing such strings and ready CSL name dicts (for particles)."""
    items: list[Any] = [x.strip() for x in spec.split(";")] if isinstance(spec, str) else spec
    out: list[JSON] = []
    for item in items:
        if isinstance(item, dict):
            out.append(item)
            continue
        if isinstance(item, list):
            out.extend(names(item))
            continue
        item = item.strip()
        if not item:
            continue
        if item == "et al.":
            out.append({"literal": "et al."})
        elif item.startswith("{") and item.endswith("}"):
            out.append({"literal": item[1:-1]})
        elif ";" in item:
            out.extend(names(item))
        elif "," in item:
            family, given = (x.strip() for x in item.split(",", 1))
            out.append({"family": family, "given": given} if given else {"family": family})
        else:
            out.append({"family": item})
    return out


def C(
    key: str,
    category: str,
    status: str,
    *,
    title: str,
    authors: str | list[Any],
    year: int | str,
    why: str,
    work: str | None = None,
    fields: Iterable[str] = (),
    retraction: str = "none",
    tags: Iterable[str] = (),
    same_work: Iterable[str] = (),
    **entry: Any,
) -> JSON:
    """One case: the passport entry (any extra keyword is a passport field) and its labels."""
    fields_entry: JSON = {"citation_key": key, "title": title, "authors": names(authors),
                          "year": year, **entry}  # fmt: skip
    unknown = set(fields_entry) - set(ENTRY_ORDER)
    if unknown:
        raise ValueError(f"{key}: unknown entry fields {sorted(unknown)}")
    ordered = {k: fields_entry[k] for k in ENTRY_ORDER if k in fields_entry}
    case: JSON = {
        "entry": ordered,
        "truth": "real" if category.startswith("real_") else "fabricated",
        "category": category,
        "expect_status": status,
        "expect_fields": [f for f in FIELDS if f in set(fields)],
        "expect_retraction": retraction,
        "why": why,
        "tags": list(tags),
        "work": work,
    }
    if list(fields) != case["expect_fields"]:
        raise ValueError(f"{key}: write expect_fields in the order {FIELDS}")
    same = list(same_work)
    if same:
        case["same_work"] = same
    return case


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
            for notice in build_tuning.notice_works(work):
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
            add("openalex_id", build_tuning.oa_id(work), key)
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
        out = [work.title, build_tuning.crossref_title(work), *(work.cr_titles or [])]
        if work.subtitle:
            out.append(f"{work.title}: {work.subtitle}")
        out += [t for t in (work.oa_title, work.s2_title, work.epmc_title) if t]
        if work.arxiv:
            out += [t for _, t in work.arxiv.versions if t]
        return out

    def years(self, key: str) -> set[int]:
        work = self.all[key]
        out = {work.year, build_tuning.issued(work)[0], build_tuning.oa_year(work)}
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


# -- the cases -------------------------------------------------------------------------------------


def cases(works: dict[str, Any]) -> list[JSON]:
    """Every case, checked against the world (raises ValueError on a contradiction)."""
    out = real(works) + fabricated(works)
    problems = check(out, works)
    if problems:
        raise ValueError("heldout2 labels contradict the world:\n  " + "\n  ".join(problems))
    return out


def real(works: dict[str, Any]) -> list[JSON]:
    oa = {k: f"https://openalex.org/{build_tuning.oa_id(w)}" for k, w in works.items()}
    # fmt: off
    return [
        # -- other languages -----------------------------------------------------------------------
        C("koehler2020schichtarbeit", "real_non_english", "found", work="koehler2020",
          title="Einfluss der Schichtarbeit auf die Schlafqualitaet von Pflegekraeften: eine "
                "Querschnittsstudie",
          authors=["Koehler, A.; Strassburger, J.",
                   {"family": "Pfeil", "given": "D.", "dropping-particle": "von"}],
          year=2020, venue="Zbl Arbeitsmed", volume="70", pages="61-69",
          why="Köhler et al.'s cross-sectional paper with umlauts written ae/oe, ß as ss and von "
              "as a dropping particle, cited by its print year (online first 2019); the same "
              "authors' 2022 longitudinal paper has a near-identical title.",
          tags=["umlaut_transliterated", "eszett", "dropping_particle", "online_first_year",
                "sibling_same_authors", "abbreviated_venue", "no_identifier"]),
        C("lefebvre2022representations", "real_non_english", "found", work="lefebvre2022",
          title="Representations sociales de la vaccination chez les etudiants en sante: une "
                "enquete qualitative",
          authors=["Lefebvre-Duchene, E.; N'Diaye, A.",
                   {"family": "Rochefoucauld", "given": "G.",
                    "non-dropping-particle": "de La"}],
          year=2022, venue="Sante Publique", volume="34", issue="4",
          doi="https://dx.doi.org/10.3917/SPUB.224.0511",
          why="A French article with every accent dropped, the French space before the colon "
              "gone and 'de La' as a particle; its DOI as an upper-case dx.doi.org link.",
          tags=["accents_dropped", "particle", "doi_dx_url", "doi_upper", "french"]),
        C("fernandez2020calidad", "real_non_english", "found", work="fernandez2020",
          title="Calidad del agua subterránea y contaminación por nitratos en acuíferos costeros "
                "de Almeria",
          authors="Fernández de Córdoba, I.; Pérez Llamas, J.; Sáez, N.", year=2020,
          venue="Boletín Geológico y Minero", volume="131", issue="3", pages="421-440",
          why="A Spanish article whose authors' compound surnames are shortened (the second "
              "surname dropped, a hyphen lost); no identifier.",
          tags=["spanish", "compound_surname_truncated", "hyphen_dropped", "no_identifier"]),
        C("conceicao2022desigualdades", "real_non_english", "found", work="conceicao2022",
          title="Desigualdades raciais na mortalidade materna no Brasil, 2010-2019: um estudo "
                "ecológico",
          authors=[{"family": "Santos", "given": "Luana Conceição dos"},
                   "Figueiredo Neto, A. C.; Guimarães, T. H."],
          year=2022, venue="Cad Saude Publica", pmid="35262596",
          why="A Portuguese article cited Brazilian-style by the first author's last surname "
              "(deposited as 'Conceição dos Santos'), with the PMID and an en dash as a hyphen.",
          tags=["portuguese", "brazilian_last_surname", "pmid", "en_dash"]),
        C("papadopoulou2021epidrasi", "real_non_english", "found", work="papadopoulou2021",
          title="Η επιδραση της οικονομικης κρισης στην ψυχικη υγεια των εφηβων: συστηματικη "
                "ανασκοπηση",
          authors="Papadopoulou, E.; Karagiannis, D.", year=2021, venue="Arch Hellen Med",
          doi="doi:10.55135/ahm.2021.38.5.612",
          why="A Greek title typed without its accents (tonos), romanised author names where "
              "Crossref holds Greek script, and a doi: DOI.",
          tags=["greek", "greek_accents_dropped", "romanised_names", "doi_prefix"]),
        C("sahin2021osteoporoz", "real_non_english", "found", work="sahin2021",
          title="Kirsal kesimde yasayan kadinlarda osteoporoz farkindaligi ve iliskili faktorler",
          authors="Sahin, G.; Ozturk, I.; Kilic, A.", year=2021,
          venue="Ankara Univ Tip Fak Mecm", doi="10.4274/ATFM.GALENOS.2021.07813",
          why="A Turkish title and names folded to ASCII (dotless ı, ş, ğ, ç, ö, İ) and the DOI "
              "in upper case.",
          tags=["turkish", "dotless_i", "ascii_folded", "doi_upper"]),
        C("wroblewska2019risk", "real_non_english", "found", work="wroblewska2019",
          title="Risk factors for occupational burnout among resident physicians in Poland",
          authors="Wroblewska, Z.; Szczesny, L.; Brzeczek, G.", year=2019, venue="Med Pr",
          pmid=31596237,
          why="A Polish article cited by the English title MEDLINE gives it (in brackets there), "
              "Polish letters dropped, with an integer PMID.",
          tags=["polish", "translated_title", "pmid_int", "diacritics_dropped"]),
        C("qin2021permafrost", "real_non_english", "found", work="qin2021",
          title="基于多源遥感数据的青藏高原多年冻土退化监测",
          authors=[{"family": "秦", "given": "文静"}, {"family": "欧阳", "given": "磊"},
                   {"family": "司马", "given": "倩"}],
          year=2021, venue="地理学报", volume="76", issue="4", pages="873-889",
          why="A Chinese article cited in Chinese with its authors in Chinese script (two "
              "compound surnames, Ouyang and Sima); the registries hold pinyin names.",
          tags=["chinese", "native_script_names", "compound_surname", "no_identifier"]),
        C("watanabe2020isolation", "real_non_english", "found", work="watanabe2020",
          title="Social isolation and depression among older survivors of the Kumamoto "
                "earthquake: a three-year longitudinal study",
          authors="Watanabe, K.; Ishikawa, M.; Fujimoto, T.", year=2020,
          venue="Japanese Journal of Gerontology", doi="https://doi.org/10.34393/rousha.42.1_23",
          why="A Japanese article with a JaLC DOI (its CSL record in Japanese, names in kanji) "
              "cited by the English title OpenAlex holds and an English journal name.",
          tags=["japanese", "jalc", "translated_title", "translated_venue", "doi_url"]),
        C("belousov2021vliyanie", "real_non_english", "found", work="belousov2021",
          title="Vliyanie klimaticheskikh izmenenii na urozhainost' zernovykh kul'tur v "
                "Zapadnoi Sibiri",
          authors="Belousov, A. V.; Zhuravleva, E. S.", year=2021,
          venue="Izv. RAN. Ser. Geogr.", doi="doi: 10.31857/S2587556621030043",
          why="A Russian article cited by a transliteration of its Cyrillic title (no registry "
              "holds it), 'E.' for Yekaterina, a 'doi: ' DOI that settles it.",
          tags=["russian", "transliterated_title", "transliterated_given_name",
                "doi_prefix_space"]),
        # -- English articles with odd forms -------------------------------------------------------
        C("mensah2021mobile", "real_article", "found", work="mensah2021",
          title="Mobile money adoption and household resilience to weather shocks in northern "
                "Ghana",
          authors="Mensah, K.; Abubakari, F.; Owusu Ansah, A.", year=2021, venue="Food Policy",
          volume="102", doi="https://doi.org/10.1016/j.foodpol.2021.102087.",
          why="The DOI link carries the sentence's full stop; a hyphenated surname without its "
              "hyphen; the same authors have a near-identical 2023 paper.",
          tags=["doi_trailing_period", "hyphen_dropped", "sibling_same_authors"]),
        C("tavakoli2019sparse", "real_article", "found", work="tavakoli2019",
          title="Sparse recovery via $\\ell_1$-minimization under heavy-tailed noise: sharp "
                "phase transitions",
          authors="Tavakoli, F.; Sundqvist, O.", year=2019, venue="IEEE Trans. Inf. Theory",
          volume="65", issue="9", pages="5501-5519",
          why="A LaTeX title ($\\ell_1$) where Crossref holds MathML and Semantic Scholar the "
              "Unicode ℓ1; no identifier.",
          tags=["latex_math", "mathml_in_crossref", "dollar_math", "no_identifier"]),
        C("kariuki2020poverty", "real_article", "found", work="kariuki2020",
          title="Is the \\$1.90-a-day poverty line still fit for purpose? Evidence from "
                "consumption surveys in 28 African countries",
          authors="Kariuki, W.; Henderson-Blake, R.", year=2020,
          venue="World Bank Economic Review", volume="34", issue="3",
          why="A title with a literal dollar sign, BibTeX-escaped as \\$ (not math), cited by "
              "the print year (online first 2019).",
          tags=["dollar_sign", "bibtex_escape", "online_first_year", "no_identifier"]),
        C("diallo2018insecticide", "real_article", "found", work="diallo2018",
          title="Insecticide resistance in Anopheles gambiae s.l. populations from rice-growing "
                "areas of southern Mali",
          authors="Diallo, M. L.; et al.", year=2018, venue="Malar J", pmcid="PMC6038277",
          why="Cited by its PMCID only, first author and et al.; Crossref's title italicises the "
              "species with <i>.",
          tags=["pmcid", "et_al", "html_in_crossref"]),
        C("lindstrom2022seasonal", "real_article", "found", work="lindstrom2022",
          title="Seasonal CO₂ fluxes from boreal peatland ditches under forestry drainage",
          authors="Lindstrom, S.; Hakkinen, O.-P.; Jarvinen, A.", year=2022,
          venue="Biogeosciences", volume="19", pages="2517–2534",
          url="https://bg.copernicus.org/articles/19/2517/2022/",
          why="A Unicode subscript (CO₂) where Crossref has CO<sub>2</sub>; Nordic letters "
              "dropped; only the publisher's article URL.",
          tags=["unicode_subscript", "sub_in_crossref", "diacritics_dropped", "publisher_url"]),
        C("prevail2023effectiveness", "real_article", "found", work="prevail2023",
          title="Effectiveness of a community health worker-led hypertension programme in rural "
                "Malawi and Tanzania: a cluster-randomised trial",
          authors="{PREVAIL-Africa Study Group}", year=2023, venue="Lancet Glob Health",
          pmid="37230117",
          why="A trial cited by its study group alone; the group is the last of four deposited "
              "authors.",
          tags=["consortium_only", "pmid", "abbreviated_venue"]),
        C("brennan2020aspirin", "real_article", "found", work="brennan2020",
          title="Daily aspirin reduces the recurrence of colorectal adenomas in adults with Lynch "
                "syndrome: a randomised controlled trial",
          authors=["Brennan, S.", {"family": "Conchuir", "given": "P.",
                                   "non-dropping-particle": "O"}, "Fitzgerald-Walsh, O."],
          year=2020, venue="Gut", doi="10.1136/GUTJNL-2019-319812",
          why="An Irish surname (Ó Conchúir) split into a particle and a family name without "
              "its accents; an upper-case DOI.",
          tags=["irish_particle", "accents_dropped", "doi_upper"]),
        C("mulugeta2016prevalence", "real_pmid_only", "found", work="mulugeta2016",
          title="Prevalence of hypertension and associated factors among adults in Gondar town, "
                "northwest Ethiopia",
          authors="Mulugeta, T.; Alemu, B.", year=2016, venue="Ethiop Med J", pmid="27191023",
          why="A paper without a DOI, in a journal only MEDLINE indexes, cited by its PMID with "
              "the subtitle dropped.",
          tags=["pmid_only", "no_doi", "subtitle_dropped"]),
        # -- conference papers and preprints -------------------------------------------------------
        C("abdullayev2022crosslingual", "real_conference", "found", work="abdullayev2022",
          title="Cross-lingual transfer for morphological inflection in low-resource Turkic "
                "languages",
          authors="Abdullayev, R.; et al.", year=2022, type="paper-conference",
          venue="ACL 2022",
          why="An ACL long paper cited by an acronym venue, first author and et al., no DOI.",
          tags=["acronym_venue", "et_al", "no_identifier"]),
        C("ferreira2023designing", "real_conference", "found", work="ferreira2023",
          title="Designing for older adults' trust in voice assistants: a participatory study in "
                "Lisbon",
          authors=[{"family": "Silva", "given": "Mariana Ferreira",
                    "non-dropping-particle": "da"}, "Costa, R.; Vasconcelos, I."],
          year=2023, type="paper-conference", venue="CHI '23",
          url="https://dl.acm.org/doi/10.1145/3544548.3581207",
          why="A CHI paper whose first author's Portuguese compound surname (Ferreira da Silva) "
              "is cited as 'da Silva'; the DOI only inside the ACM link.",
          tags=["portuguese_surname_split", "particle", "acronym_venue", "doi_in_publisher_url"]),
        C("tavakoli2018sharp", "real_preprint", "found", work="tavakoli2019",
          title="Sharp phase transitions for $\\ell_1$-minimization with heavy-tailed noise",
          authors="Tavakoli, Farnaz; Sundqvist, Olof", year=2018, venue="arXiv preprint",
          arxiv_id="arXiv:1811.02244v1",
          why="The arXiv e-print cited by its first version and that version's title; the "
              "latest version and the journal paper have another title.",
          tags=["arxiv_prefix", "arxiv_version", "arxiv_v1_title", "latex_math",
                "published_version_other_title"]),
        C("varela2022conformal", "real_preprint", "found", work="varela2022",
          title="Conformal prediction intervals for spatio-temporal air-quality forecasts",
          authors="Varela, N.; Kowalski-Brandao, H.", year=2022, venue="arXiv",
          url="https://arxiv.org/abs/2204.08813v2",
          why="An arXiv-only e-print cited by an arxiv.org link with a version.",
          tags=["arxiv_url", "arxiv_version", "arxiv_only", "diacritics_dropped"]),
        C("tshabalala2020single", "real_posted_content", "found", work="tshabalala2020",
          same_work=["tshabalala2022"],
          title="Single-cell atlas of the developing human thymus reveals a medullary epithelial "
                "progenitor population",
          authors="Tshabalala, N.; Pillay, K.; Okoye-Brand, D.; Maseko, T.", year=2020,
          venue="bioRxiv", doi="10.1101/2020.06.15.152421",
          why="A bioRxiv preprint; its 2022 Nature Immunology version has another title and a "
              "fifth author.",
          tags=["biorxiv", "preprint_with_published_version", "title_changed_on_publication"]),
        # -- books, chapters, reports, theses, data ----------------------------------------------
        C("siregar2021hydrology", "real_book", "found", work="siregar2021",
          title="Hydrology of Tropical Peatlands: Processes, Models and Management",
          authors=["Siregar, H.", {"family": "Heijden", "given": "M.",
                                   "non-dropping-particle": "van der"}],
          year=2021, type="book", publisher="Springer", isbn="978-3-030-61244-3",
          why="A Springer monograph cited by its hyphenated print ISBN (Crossref holds it with "
              "the e-book ISBN), 'van der' as a particle.",
          tags=["isbn_hyphens", "particle", "book_subtitle"]),
        C("echeverria2015historia", "real_book", "found", work="echeverria2015",
          title="Historia economica de la Patagonia (1880-1960)",
          authors="Echeverria de la Torre, R.", year=2015, type="book",
          publisher="Editorial Universitaria de la Patagonia", isbn="950-290-417-6",
          why="A Spanish book known only to OpenAlex (no DOI, no registry holds its ISBN), cited "
              "with its ISBN-10, accents dropped and the dates in parentheses.",
          tags=["isbn10", "book_without_doi", "accents_dropped", "spanish", "particle"]),
        C("marchetti2019principi", "real_book", "found", work="marchetti2019",
          title="Principi di idrologia urbana", authors="Marchetti, L.; Sbrana, G.", year=2019,
          type="book", publisher="McGraw-Hill", isbn="978 88 386 5744 3",
          why="The 2019 edition of an Italian textbook, told from the 2011 edition by its year "
              "(the ISBN, written with spaces, is in no registry).",
          tags=["italian", "edition", "isbn_spaces", "same_title_in_world"]),
        C("dang2020community", "real_chapter", "found", work="dang2020",
          title="Community-based flood early warning in the Mekong Delta: lessons from An Giang "
                "province",
          authors=["Dang, T. H. N.", {"family": "Abdullah", "given": "Faizal bin"}], year=2020,
          type="chapter", venue="Disaster Risk Reduction in Southeast Asia",
          publisher="Springer", pages="121-140",
          why="A chapter in an edited volume; a Vietnamese name without its diacritics (Đặng) "
              "and a Malay patronymic cited as 'Abdullah, Faizal bin' where the publisher has "
              "'Bin Abdullah'.",
          tags=["chapter_in_edited_volume", "vietnamese", "malay_bin", "no_identifier",
                "volume_subtitle_dropped"]),
        C("brandt2018buergerbeteiligung", "real_chapter", "found", work="brandt2018",
          title="Bürgerbeteiligung und lokale Energiegenossenschaften in Niedersachsen",
          authors="Brandt, K.; Yildirim, S.", year=2018, type="chapter",
          venue="Handbuch Energiewende und Partizipation", pages="735-748",
          doi="10.1007/978-3-658-09416-4_46",
          why="A German handbook chapter with its chapter DOI; a Turkish surname without its "
              "dotless ı.",
          tags=["german", "chapter_doi", "dotless_i"]),
        C("irena2022costs", "real_report", "found", work="irena2022",
          title="Renewable Power Generation Costs in 2021", authors="{IRENA}", year=2022,
          type="report", publisher="International Renewable Energy Agency, Abu Dhabi",
          isbn="978-92-9260-452-3",
          why="An agency report cited by the agency's acronym; the previous year's report "
              "differs by one number in its title.",
          tags=["org_acronym", "organisation_author", "isbn_hyphens", "sibling_report"]),
        C("ostrowski2021remote", "real_report", "found", work="ostrowski2021",
          same_work=["ostrowski2023"],
          title="Remote work and urban commercial real estate: evidence from lease renewals",
          authors="Ostrowski, M.; Haddad-Fontaine, L.", year=2021, type="report",
          venue="NBER Working Paper No. 28905",
          publisher="National Bureau of Economic Research",
          why="A working paper whose 2023 journal version has the same title.",
          tags=["working_paper", "journal_version_same_title", "no_identifier"]),
        C("haugen2023tide", "real_report", "found", work="haugen2023",
          title="Tide-gauge data processing pipelines: an open benchmark and recommendations",
          authors="Haugen, I. M.; Solberg, A.", year=2023, type="report", publisher="Zenodo",
          doi="10.5281/ZENODO.7654321",
          why="A report with a DataCite (Zenodo) DOI, unknown to Crossref, in upper case.",
          tags=["datacite", "doi_upper"]),
        C("bensaid2018modelisation", "real_thesis", "found", work="bensaid2018",
          title="Modelisation numerique des ecoulements diphasiques en milieu poreux fracture",
          authors="Ben Said, Y.", year=2018, type="thesis",
          publisher="Université Grenoble Alpes", url="https://theses.hal.science/tel-01987654",
          openalex_id=oa["bensaid2018"],
          why="A French doctoral thesis without a DOI, cited with its OpenAlex id and a HAL "
              "link; accents dropped.",
          tags=["thesis", "openalex_id", "accents_dropped", "french"]),
        C("schnyder2020robust", "real_thesis", "found", work="schnyder2020",
          title="Robust locomotion control for legged robots on deformable terrain",
          authors="Schnyder, M. L.", year=2020, type="thesis", publisher="ETH Zürich",
          doi="https://doi.org/10.3929/ETHZ-B-000437219",
          why="A doctoral thesis with a DataCite DOI, upper-cased inside a doi.org link.",
          tags=["thesis", "datacite", "doi_upper", "doi_url"]),
        C("npolar2022snow", "real_dataset", "found", work="npolar2022",
          title="Svalbard snow depth observations from automatic weather stations, 2015-2021",
          authors="{Norwegian Polar Institute}", year=2022, type="dataset",
          publisher="Norwegian Polar Institute", doi="10.21334/npolar.2022.5e8c7a1b",
          why="A dataset with a DataCite DOI by an institution as author.",
          tags=["dataset", "datacite", "organisation_author"]),
        # -- retracted, concerned, corrected ------------------------------------------------------
        C("castellanos2019curcumin", "real_retracted", "found", work="castellanos2019",
          retraction="retracted",
          title="Curcumin nanoparticles attenuate cisplatin-induced nephrotoxicity via the "
                "Nrf2/HO-1 pathway in rats",
          authors="Castellanos-Vega, D.; Ortiz, M.; Sotomayor, X.", year=2019,
          venue="Biomed Pharmacother", doi="10.1016/j.biopha.2019.108977",
          why="Retracted by its publisher in 2022 (notice in Crossref and Europe PMC); Crossref "
              "prefixes the title with RETRACTED:.",
          tags=["publisher_notice", "retracted_prefix", "europepmc_notice"]),
        C("mirzaei2020predicting", "real_retracted", "found", work="mirzaei2020",
          retraction="retracted",
          title="Predicting student dropout in online higher education with gradient-boosted "
                "trees",
          authors="Mirzaei, P.; Karimzadeh, R.", year=2020,
          venue="Education and Information Technologies", volume="25", pages="5011-5032",
          why="Retracted, known through a Retraction Watch update in Crossref only; cited "
              "without an identifier.",
          tags=["retraction_watch", "no_identifier"]),
        C("qiao2021intelligent", "real_retracted", "found", work="qiao2021",
          retraction="retracted",
          title="Intelligent evaluation of college English teaching quality based on an improved "
                "BP neural network",
          authors="Qiao, L.; Fang, Z.", year=2021, type="paper-conference",
          venue="BDACS 2021", doi="10.1109/bdacs53596.2021.00047",
          why="A conference paper whose retraction only OpenAlex records; a sibling paper in the "
              "same proceedings has a near-identical title and the next DOI.",
          tags=["openalex_only_retraction", "paper_mill_sibling", "doi_lower"]),
        C("kapoor2017green", "real_retracted", "found", work="kapoor2017",
          retraction="retracted",
          title="Green synthesis of silver nanoparticles using Terminalia arjuna bark extract: "
                "characterization and antibiofilm activity against Pseudomonas aeruginosa",
          authors="Kapoor, R.; Venkataraman, S.", year=2017, venue="Mater. Today: Proc.",
          doi="10.1016/j.matpr.2017.09.118",
          why="Withdrawn (an Elsevier withdrawal, WITHDRAWN: in Crossref's title), which counts "
              "as retracted.",
          tags=["withdrawal", "withdrawn_prefix"]),
        C("haddad2017vitamin", "real_retracted", "found", work="haddad2016",
          retraction="retracted",
          title="Vitamin D supplementation and glycaemic control in adolescents with type 1 "
                "diabetes: a randomised placebo-controlled trial",
          authors="Haddad, R.; Khoury-Nassar, L.; Salameh, G.", year=2017,
          venue="Pediatr Diabetes", pmid="27206487",
          why="A partial retraction known only to Europe PMC (a 'Partial retraction in' link; "
              "not marked retracted anywhere else); cited by its print year, online 2016.",
          tags=["partial_retraction", "europepmc_only", "online_first_year", "pmid"]),
        C("barragan2018efecto", "real_retracted", "found", work="barragan2018",
          retraction="retracted",
          title="Efecto del ejercicio aeróbico sobre la función cognitiva en adultos mayores con "
                "deterioro cognitivo leve: ensayo clínico aleatorizado",
          authors=[{"family": "Barragán Ocaña", "given": "L."}, "Iturriaga, X."], year=2018,
          venue="Rev Esp Geriatr Gerontol", url="https://pubmed.ncbi.nlm.nih.gov/29680254/",
          why="A Spanish trial retracted by its publisher (a Spanish 'Retractación de:' notice); "
              "its PMID only inside a PubMed link.",
          tags=["spanish", "publisher_notice", "non_english_notice", "pmid_in_url"]),
        C("delacroix2018prenatal", "real_expression_of_concern", "found", work="delacroix2018",
          retraction="expression_of_concern",
          title="Prenatal exposure to glyphosate and neurodevelopmental outcomes at 24 months: a "
                "birth cohort study",
          authors="Delacroix, A.; et al.", year=2018, venue="Environ Health Perspect",
          doi="doi:10.1289/ehp2890",
          why="Under an expression of concern deposited by the publisher; the DOI written in "
              "lower case where it is registered in upper case.",
          tags=["expression_of_concern", "publisher_notice", "doi_prefix", "et_al"]),
        C("mwale2021maternal", "real_correction", "found", work="mwale2021",
          retraction="correction",
          title="Maternal anemia and low birth weight in Zambia: a multilevel analysis of "
                "Demographic and Health Survey data",
          authors="Mwale, C.; Zulu, M.; Chanda-Kapata, P.", year=2021,
          venue="BMC Public Health", pmid=33902521,
          why="Corrected (a 'Correction to:' notice); cited with American spellings (anemia, "
              "birth weight) of a British title.",
          tags=["correction", "american_spelling", "pmid_int"]),
        # -- ambiguous and web pages ---------------------------------------------------------------
        C("marchetti_nd_principi", "real_ambiguous", "ambiguous",
          title="Principi di idrologia urbana", authors="Marchetti, L.; Sbrana, G.",
          year="n.d.", type="book", publisher="McGraw-Hill Education Italia",
          why="Two editions (2011, 2019) with the same title, authors and publisher; the entry "
              "has no year and no ISBN to choose between them.",
          tags=["edition", "no_year", "same_title_in_world", "italian"]),
        C("vasquez2019learning", "real_ambiguous", "ambiguous",
          title="Learning to rank clinical trials for patient eligibility screening",
          authors="Vasquez Rojas, C.; Oduya, E.; Lindgren-Achterberg, P.", year=2019,
          why="A SIGIR short paper and a journal article with the same title, authors and year; "
              "the entry names no venue.",
          tags=["conference_and_journal_same_title", "no_venue"]),
        C("metoffice2023heatwave", "real_webpage", "not_covered",
          title="Understanding the 2023 marine heatwave in the North Atlantic",
          authors="{Met Office}", year=2023, type="webpage",
          url="https://blog.metoffice.gov.uk/2023/06/22/understanding-the-marine-heatwave-in-"
              "the-north-atlantic/",
          why="A blog post of a national weather service: no identifier, no registry covers it.",
          tags=["webpage", "organisation_author"]),
        C("sanidad2021estrategia", "real_webpage", "not_covered",
          title="Estrategia de Salud Digital del Sistema Nacional de Salud",
          authors="{Ministerio de Sanidad}", year=2021, type="webpage",
          url="https://www.sanidad.gob.es/areas/saludDigital/estrategia.htm",
          why="A Spanish ministry's web page: no identifier, no registry covers it.",
          tags=["webpage", "organisation_author", "spanish"]),
    ]
    # fmt: on


def fabricated(works: dict[str, Any]) -> list[JSON]:
    # fmt: off
    return [
        # -- identifiers that do not exist ---------------------------------------------------------
        C("bellucci2021microplastic", "fabricated_unregistered_doi", "not_found",
          title="Microplastic ingestion by juvenile loggerhead turtles along the Ligurian coast",
          authors="Bellucci, G.; Ferrante, D.", year=2021, venue="Marine Pollution Bulletin",
          volume="171", doi="https://doi.org/10.1016/j.marpolbul.2021.112598",
          why="An invented paper with a well-formed DOI that no agency registered.",
          tags=["doi_url", "invented"]),
        C("sahin2021osteoporosis", "fabricated_unregistered_doi", "mismatch", work="sahin2021",
          fields=["identifier"],
          title="Osteoporosis awareness and associated factors among women living in rural "
                "areas",
          authors="Şahin, G.; Öztürk, İ.; Kılıç, A.", year=2021,
          venue="Ankara Üniversitesi Tıp Fakültesi Mecmuası",
          doi="10.4274/atfm.galenos.2021.07831",
          why="Şahin et al.'s Turkish article by its English title, with two digits of the DOI "
              "transposed: that DOI is not registered.",
          tags=["digits_transposed", "translated_title", "turkish"]),
        C("gao2021jiaotong", "fabricated_unregistered_doi", "not_found",
          title="基于深度强化学习的城市交通信号协同控制方法",
          authors="Gao, Haoran; Deng, Xiaoyu", year=2021, venue="自动化学报",
          doi="doi: 10.16383/j.aas.c200871",
          why="An invented Chinese paper with a plausible but unregistered DOI.",
          tags=["chinese", "doi_prefix_space", "invented"]),
        C("varga2023contrastive", "fabricated_arxiv", "not_found",
          title="Contrastive pretraining for tabular anomaly detection under distribution shift",
          authors="Varga, B.; Szalai, R.", year=2023, venue="arXiv preprint",
          arxiv_id="2306.14512",
          why="An invented e-print with an arXiv id that names nothing.",
          tags=["arxiv_nonexistent", "invented"]),
        C("abdullahi2018zinc", "fabricated_pmid", "not_found",
          title="Serum zinc levels and severity of community-acquired pneumonia in children in "
                "Kano, Nigeria",
          authors="Abdullahi, M.; Garba, H.", year=2018, venue="Niger J Clin Pract",
          pmid=30412987,
          why="An invented paper with a PMID that names nothing in the world.",
          tags=["pmid_nonexistent", "pmid_int", "invented"]),
        C("olmedo2017fundamentos", "fabricated_isbn", "not_found",
          title="Fundamentos de hidrogeología kárstica", authors="Olmedo Sanz, B.", year=2017,
          type="book", publisher="Ediciones Paraninfo", isbn="978-84-283-2719-0",
          why="An invented Spanish book with an ISBN whose check digit is valid but which no "
              "registry knows.",
          tags=["isbn_valid_checksum", "book", "spanish", "invented"]),
        C("lindgren2021federated", "fabricated_invented_title", "not_found",
          title="Federated learning for early sepsis prediction across heterogeneous ICU "
                "databases",
          authors="Lindgren-Achterberg, P.; Oduya, E.", year=2021,
          venue="Journal of Biomedical Informatics", openalex_id="W3198765432",
          why="Two real authors of the world under an invented title, with an OpenAlex id that "
              "names nothing.",
          tags=["real_authors", "openalex_nonexistent"]),
        # -- real identifiers of other works -------------------------------------------------------
        C("mensah2021mobile_otherdoi", "fabricated_doi_of_other_work", "mismatch",
          work="mensah2021", fields=["identifier"],
          title="Mobile money adoption and household resilience to weather shocks in northern "
                "Ghana",
          authors="Mensah, K.; Abubakari, F.; Owusu-Ansah, A.", year=2021, venue="Food Policy",
          doi="10.1007/s12571-022-01331-9",
          why="Mensah et al.'s 2021 paper with the DOI of their 2023 paper, whose title is "
              "almost the same.",
          tags=["doi_of_sibling", "sibling_same_authors"]),
        C("ssemakula2021digital", "fabricated_doi_of_other_work", "mismatch",
          work="mensah2021", fields=["title", "authors"],
          title="Digital payment platforms and smallholder credit access in rural Uganda",
          authors="Ssemakula, J.; Namutebi, G.", year=2021, venue="Food Policy",
          doi="10.1016/j.foodpol.2021.102087",
          why="An invented title and authors on a real DOI of the same journal and year: judged "
              "against the DOI's record, title and authors are wrong.",
          tags=["invented_title_real_doi", "same_venue_same_year"]),
        C("varela2022conformal_arxiv", "fabricated_arxiv", "mismatch", work="varela2022",
          fields=["identifier"],
          title="Conformal prediction intervals for spatio-temporal air-quality forecasts",
          authors="Varela, N.; Kowalski-Brandão, H.", year=2022, venue="arXiv preprint",
          arxiv_id="1811.02244",
          why="A real e-print's title and authors with another e-print's arXiv id (a "
              "compressed-sensing paper).",
          tags=["arxiv_of_other_work"]),
        C("prevail2023effectiveness_pmid", "fabricated_pmid", "mismatch", work="prevail2023",
          fields=["identifier"],
          title="Effectiveness of a community health worker-led hypertension programme in rural "
                "Malawi and Tanzania: a cluster-randomised trial",
          authors="Banda, C.; Mwakyusa, N.; Thornton-Hale, G.; {PREVAIL-Africa Study Group}",
          year=2023, venue="Lancet Glob Health", pmid="31937552",
          why="A real trial with the PMID of an unrelated aspirin trial.",
          tags=["pmid_of_other_work"]),
        C("echeverria2015historia_isbn", "fabricated_isbn", "mismatch", work="echeverria2015",
          fields=["identifier"],
          title="Historia económica de la Patagonia, 1880-1960",
          authors="Echeverría de la Torre, R.", year=2015, type="book",
          publisher="Editorial Universitaria de la Patagonia", isbn="978-3-030-61244-3",
          why="A real Spanish book (known to OpenAlex) with the ISBN of a Springer hydrology "
              "monograph, which Crossref holds.",
          tags=["isbn_of_other_book", "book", "spanish"]),
        C("castellanos2019curcumin_notice", "fabricated_notice_doi", "mismatch",
          work="castellanos2019", fields=["identifier"], retraction="retracted",
          title="Curcumin nanoparticles attenuate cisplatin-induced nephrotoxicity via the "
                "Nrf2/HO-1 pathway in rats",
          authors="Castellanos-Vega, D.; Ortiz, M.; Sotomayor, X.", year=2019,
          venue="Biomedicine & Pharmacotherapy", doi="10.1016/j.biopha.2022.112790",
          why="A retracted paper cited with the DOI of its own retraction notice.",
          tags=["notice_doi", "retracted_work"]),
        C("tavakoli2019robust", "fabricated_invented_title", "mismatch", work="tavakoli2019",
          fields=["title"],
          title="Robust compressed sensing with heavy-tailed measurement matrices",
          authors="Tavakoli, F.; Sundqvist, O.", year=2019,
          venue="IEEE Transactions on Information Theory", doi="10.1109/TIT.2019.2911473",
          why="Real authors, journal, year and DOI under an invented title on the same topic.",
          tags=["real_authors", "real_doi", "invented_title"]),
        # -- real works with a part invented -------------------------------------------------------
        C("keita2018insecticide", "fabricated_invented_authors", "mismatch", work="diallo2018",
          fields=["authors"],
          title="Insecticide resistance in Anopheles gambiae s.l. populations from rice-growing "
                "areas of southern Mali",
          authors="Keita, O.; Sangaré, A.; Dembélé, I.", year=2018, venue="Malaria Journal",
          volume="17",
          why="A real title, journal and year under three invented (plausibly Malian) authors.",
          tags=["invented_authors", "real_title"]),
        C("hutapea2021hydrology", "fabricated_invented_authors", "mismatch", work="siregar2021",
          fields=["authors"],
          title="Hydrology of Tropical Peatlands: Processes, Models and Management",
          authors="Hutapea, R.; Simanjuntak, M.", year=2021, type="book", publisher="Springer",
          why="A real monograph's title under invented authors.",
          tags=["invented_authors", "real_title", "book"]),
        C("okonjo2022medullary", "fabricated_invented_authors", "mismatch",
          work="tshabalala2022", fields=["authors"],
          title="A medullary epithelial progenitor in the developing human thymus identified by "
                "single-cell profiling",
          authors="Okonjo, A.; et al.", year=2022, venue="Nature Immunology",
          why="A real title, journal and year; the first author, the only one named before et "
              "al., is not among the paper's authors.",
          tags=["invented_first_author", "et_al", "real_title"]),
        C("mirzaei2020predicting_chimera", "fabricated_chimera", "mismatch", work="mirzaei2020",
          fields=["authors"], retraction="retracted",
          title="Predicting student dropout in online higher education with gradient-boosted "
                "trees",
          authors="Qiao, L.; Fang, Z.", year=2020, venue="Education and Information Technologies",
          why="A real (retracted) paper's title, journal and year under two real authors of "
              "another paper in the world.",
          tags=["chimera", "real_authors_elsewhere", "retracted_work"]),
        C("brennan2020aspirin_negated", "fabricated_altered_title", "mismatch",
          work="brennan2020", fields=["title"],
          title="Daily aspirin does not reduce the recurrence of colorectal adenomas in adults "
                "with Lynch syndrome: a randomised controlled trial",
          authors="Brennan, S.; Ó Conchúir, P.; Fitzgerald-Walsh, O.", year=2020, venue="Gut",
          doi="10.1136/gutjnl-2019-319812",
          why="The real trial with its finding negated in the title; everything else, DOI "
              "included, is right.",
          tags=["negation_added", "real_doi"]),
        C("lindstrom2022methane", "fabricated_altered_title", "mismatch", work="lindstrom2022",
          fields=["title"],
          title="Seasonal CH₄ fluxes from boreal peatland ditches under forestry drainage",
          authors="Lindström, S.; Häkkinen, O.-P.; Järvinen, A.", year=2022,
          venue="Biogeosciences", doi="https://doi.org/10.5194/bg-19-2517-2022",
          why="One word changed: methane (CH₄) for carbon dioxide (CO₂), with the real DOI.",
          tags=["word_changed", "unicode_subscript", "real_doi"]),
        C("kariuki2020poverty215", "fabricated_altered_title", "mismatch", work="kariuki2020",
          fields=["title"],
          title="Is the $2.15-a-day poverty line still fit for purpose? Evidence from "
                "consumption surveys in 28 African countries",
          authors="Kariuki, W.; Henderson-Blake, R.", year=2020,
          venue="The World Bank Economic Review",
          why="The real paper with the dollar amount in its title changed ($1.90 to the later "
              "$2.15 line); authors, journal and year right.",
          tags=["number_changed", "dollar_sign", "no_identifier"]),
        C("fernandez2016calidad", "fabricated_wrong_year", "mismatch", work="fernandez2020",
          fields=["year"],
          title="Calidad del agua subterránea y contaminación por nitratos en acuíferos costeros "
                "de Almería",
          authors="Fernández de Córdoba Ruiz, I.; Pérez-Llamas, J.; Sáez Villalobos, N.",
          year=2016, venue="Boletín Geológico y Minero",
          why="The real Spanish article four years early.",
          tags=["year_off_4", "spanish"]),
        C("ferreira2019designing", "fabricated_wrong_year", "mismatch", work="ferreira2023",
          fields=["year"],
          title="Designing for older adults' trust in voice assistants: a participatory study in "
                "Lisbon",
          authors="Ferreira da Silva, M.; Costa, R.; Vasconcelos, I.", year=2019,
          type="paper-conference",
          venue="Proceedings of the CHI Conference on Human Factors in Computing Systems",
          why="The real CHI paper four years early (the venue, without a year, is right).",
          tags=["year_off_4", "conference"]),
        C("koehler2015schichtarbeit", "fabricated_wrong_year", "mismatch", work="koehler2020",
          fields=["year", "venue"],
          title="Einfluss der Schichtarbeit auf die Schlafqualität von Pflegekräften: eine "
                "Querschnittsstudie",
          authors=["Köhler, A.; Straßburger, J.",
                   {"family": "Pfeil", "given": "D.", "dropping-particle": "von"}],
          year=2015, venue="Arbeitsmedizin, Sozialmedizin, Umweltmedizin",
          why="The real German paper five years early and in another (real-sounding) journal of "
              "occupational medicine.",
          tags=["year_off_5", "other_journal", "german"]),
        C("mwale2021maternal_venue", "fabricated_invented_venue", "mismatch", work="mwale2021",
          fields=["venue"], retraction="correction",
          title="Maternal anaemia and low birthweight in Zambia: a multilevel analysis of "
                "demographic and health survey data",
          authors="Mwale, C.; Zulu, M.; Chanda-Kapata, P.", year=2021,
          venue="African Journal of Maternal and Reproductive Epidemiology", volume="6",
          issue="2",
          why="A real (corrected) paper placed in an invented journal.",
          tags=["invented_journal", "corrected_work"]),
        C("wroblewska2019risk_venue", "fabricated_invented_venue", "mismatch",
          work="wroblewska2019", fields=["venue"],
          title="Risk factors for occupational burnout among resident physicians in Poland",
          authors="Wróblewska, Ż.; Szczęsny, Ł.; Brzęczek, G.", year=2019,
          venue="Annals of Agricultural and Environmental Medicine",
          why="A real Polish paper (by its English title) placed in a real journal it was never "
              "in.",
          tags=["real_journal_never_in", "translated_title", "polish"]),
        # -- nothing real --------------------------------------------------------------------------
        C("koehler2021nachtarbeit", "fabricated_invented_title", "not_found",
          title="Nachtarbeit und kardiovaskuläres Risiko bei Rettungssanitätern: eine "
                "Kohortenstudie",
          authors="Köhler, A.; Straßburger, J.", year=2021,
          venue="Zentralblatt für Arbeitsmedizin, Arbeitsschutz und Ergonomie",
          why="Real authors in their real journal under an invented title, with nothing to "
              "follow.",
          tags=["real_authors", "real_venue", "german"]),
        C("hartmann2022digitale", "fabricated_invented", "not_found",
          title="Digitale Gesundheitskompetenz von Auszubildenden in der Pflege: eine "
                "bundesweite Befragung",
          authors="Hartmann, F.; Karaca, C.", year=2022, venue="Das Gesundheitswesen",
          volume="84",
          why="An invented German survey paper.",
          tags=["german", "invented"]),
        C("morita2020tekiou", "fabricated_invented", "not_found",
          title="日本の地方自治体における気候変動適応策の実施状況と課題",
          authors="Morita, Y.; Hasegawa, R.", year=2020, venue="環境科学会誌",
          why="An invented Japanese paper.",
          tags=["japanese", "invented"]),
        C("unhabitat2022urban", "fabricated_invented", "not_found",
          title="Global Status Report on Urban Air Quality and Health 2022",
          authors="{United Nations Human Settlements Programme}", year=2022, type="report",
          publisher="UN-Habitat, Nairobi",
          why="An invented report attributed to a real UN agency.",
          tags=["organisation_author", "report", "invented"]),
        C("elamrani2019modeles", "fabricated_invented", "not_found",
          title="Modèles de substitution par apprentissage automatique pour la recharge des "
                "nappes en zone semi-aride marocaine",
          authors="El Amrani, Y.", year=2019, type="thesis",
          publisher="Université Mohammed V de Rabat",
          why="An invented French-language doctoral thesis.",
          tags=["thesis", "french", "invented"]),
        C("phan2020mangrove", "fabricated_invented", "not_found",
          title="Mangrove restoration and coastal livelihoods in the Mekong Delta",
          authors=["Phan, Q. H.", {"family": "Ismail", "given": "Ahmad bin"}], year=2020,
          type="chapter", venue="Disaster Risk Reduction in Southeast Asia",
          publisher="Springer", pages="141-158",
          why="An invented chapter in a real edited volume, under the volume's real co-editor: "
              "the volume exists, the chapter does not.",
          tags=["invented_chapter_real_volume", "real_editor", "malay_bin"]),
    ]
    # fmt: on
