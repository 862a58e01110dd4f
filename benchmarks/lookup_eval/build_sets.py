"""The one builder of the lookup evaluation's labelled sets: a set's data files
(``<set>/works.yaml``, ``<set>/cases.yaml``) become the ``<set>/world.json`` and
``<set>/cases.json`` that ``benchmarks/bench_lookup.py`` and the tests serve.

    python benchmarks/lookup_eval/build_sets.py                  # rewrite every set's files
    python benchmarks/lookup_eval/build_sets.py --set heldout2   # one set
    python benchmarks/lookup_eval/build_sets.py --check          # exit 1 if one is out of date
    python benchmarks/lookup_eval/build_sets.py --set heldout --summary  # its README's counts

Building a set: the data files are checked against their schemas (``schema/``), the works
are rendered into every registry's records (``render_world.build_world``), the cases are expanded
(author strings into CSL names, the default labels filled in) and held to the world by the
label checks the set was written with (``checks_<set>.py``); a set that must share nothing
with earlier worlds is checked for that too. Nothing is written unless all of it passes.
The build is deterministic, so the committed files are exactly what it writes.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SCHEMAS = HERE / "schema"

# The repository root, so benchmarks.* and tests.support import as packages.
if str(HERE.parents[1]) not in sys.path:
    sys.path.insert(0, str(HERE.parents[1]))

from benchmarks.lookup_eval import render_world  # noqa: E402
from benchmarks.lookup_eval.render_world import ORG, A, Arxiv, Update, Work  # noqa: E402

JSON = dict[str, Any]
WORKS_FORMAT = "ars-docs lookup works 1"
CASE_DATA_FORMAT = "ars-docs lookup case data 1"


@dataclass(frozen=True)
class LabelledSet:
    name: str
    role: str
    checks: str
    """The module of the label checks the set's author held the labels to."""
    disjoint_from: tuple[str, ...] = ()
    """Earlier sets whose worlds this one must share no identifier, title or person with."""

    @property
    def folder(self) -> Path:
        return HERE / self.name


SETS = {
    s.name: s
    for s in (
        LabelledSet(
            "tuning", "tuning: the matcher was tuned on it", "benchmarks.lookup_eval.checks_tuning"
        ),
        LabelledSet(
            "heldout", "held-out, written after the tuning", "benchmarks.lookup_eval.checks_heldout"
        ),
        LabelledSet(
            "heldout2",
            "held-out 2, written after two rounds of fixes",
            "benchmarks.lookup_eval.checks_heldout2",
            disjoint_from=("tuning", "heldout"),
        ),
    )
}


class DataError(ValueError):
    """A data file that breaks its schema (names the file and where)."""


# -- the two author grammars --------------------------------------------------------------------

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
SUFFIXES = ("Jr.", "Jr", "Sr.", "II", "III", "IV")


def people(spec: str) -> list[JSON]:
    """Authors of a work as publishers deposit them: ``"Family, Given; {Organisation};
    Mononym"`` -- family and given split at the first comma, an organisation in braces, a
    name without a comma a family name alone. Particles stay in the family name."""
    out = []
    for item in (x.strip() for x in spec.split(";")):
        if not item:
            continue
        if item.startswith("{") and item.endswith("}"):
            out.append(ORG(item[1:-1]))
        elif "," in item:
            family, given = (x.strip() for x in item.split(",", 1))
            out.append(A(given or None, family))
        else:
            out.append(A(None, item))
    return out


def names(spec: str) -> list[JSON]:
    """CSL names of a passport entry: ``"Müller, K.-R.; [van der] Maaten, L.; King, M. L., Jr.;
    {Open Science Collaboration}; 王小明; et al."`` -- family and given split at the first
    comma (a last comma before a suffix gives the CSL ``suffix``), a particle in brackets (CSL
    ``non-dropping-particle``), a literal name in braces, ``et al.`` and ``others`` as
    literals, a name without a comma a family name (in CJK script, a literal)."""
    out: list[JSON] = []
    for item in (x.strip() for x in spec.split(";")):
        if not item:
            continue
        bare = item.rstrip(".").lower()
        if bare in ("et al", "others"):
            out.append({"literal": "et al." if bare == "et al" else "others"})
        elif item.startswith("{") and item.endswith("}"):
            out.append({"literal": item[1:-1]})
        elif "," in item:
            family, given = (x.strip() for x in item.split(",", 1))
            name: JSON = {}
            particle = re.match(r"^\[(.+?)\]\s*(.+)$", family)
            if particle:
                name["non-dropping-particle"] = particle.group(1)
                family = particle.group(2)
            name["family"] = family
            suffix = None
            if "," in given:
                rest, last = (x.strip() for x in given.rsplit(",", 1))
                if last in SUFFIXES:
                    given, suffix = rest, last
            if given:
                name["given"] = given
            if suffix:
                name["suffix"] = suffix
            out.append(name)
        elif _CJK.search(item):
            out.append({"literal": item})
        else:
            out.append({"family": item})
    return out


# -- reading the data files ---------------------------------------------------------------------


def read_yaml(path: Path) -> Any:
    from ruamel.yaml import YAML

    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def validate(data: Any, schema_name: str, path: Path) -> None:
    """Raise ``DataError`` naming the file and the first places ``data`` breaks the schema."""
    import jsonschema

    schema = json.loads((SCHEMAS / schema_name).read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        shown = [
            f"at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errors
        ]
        raise DataError(f"{path}: breaks {schema_name}:\n  " + "\n  ".join(shown[:10]))


_TUPLES = ("online", "printed", "epmc_journal", "registries", "oa_merged")


def _persons(value: str | list[JSON]) -> list[JSON]:
    return people(value) if isinstance(value, str) else list(value)


def make_work(spec: JSON) -> Work:
    """A ``render_world.Work`` from one item of ``works.yaml``."""
    fields = dict(spec)
    for name in ("authors", "editors", "cr_authors"):
        if name in fields:
            fields[name] = _persons(fields[name])
    for name in _TUPLES:
        if name in fields:
            fields[name] = tuple(fields[name])
    if "arxiv" in fields:
        arxiv = dict(fields["arxiv"])
        arxiv["versions"] = [tuple(v) for v in arxiv["versions"]]
        fields["arxiv"] = Arxiv(**arxiv)
    if "updates" in fields:
        fields["updates"] = [Update(**{**u, "date": tuple(u["date"])}) for u in fields["updates"]]
    return Work(**fields)


def works(name: str) -> dict[str, Work]:
    """The works of a set by key, in the order of its ``works.yaml``."""
    path = SETS[name].folder / "works.yaml"
    data = read_yaml(path)
    validate(data, "works.schema.json", path)
    out: dict[str, Work] = {}
    for spec in data["works"]:
        if spec["key"] in out:
            raise DataError(f"{path}: work {spec['key']} twice")
        out[spec["key"]] = make_work(spec)
    return out


FIELDS = ("title", "authors", "identifier", "year", "venue")


def expand(raw: JSON, path: Path) -> JSON:
    """One case of ``cases.yaml`` as ``cases.json`` holds it."""
    entry = dict(raw["entry"])
    key = entry["citation_key"]
    if isinstance(entry["authors"], str):
        entry["authors"] = names(entry["authors"])
    fields = list(raw.get("expect_fields", []))
    if fields != [f for f in FIELDS if f in fields]:
        raise DataError(f"{path}: {key}: write expect_fields once each, in the order {FIELDS}")
    if bool(fields) != (raw["expect_status"] == "mismatch"):
        raise DataError(f"{path}: {key}: expect_fields are for a mismatch, and only for one")
    case: JSON = {
        "entry": entry,
        "truth": "real" if raw["category"].startswith("real_") else "fabricated",
        "category": raw["category"],
        "expect_status": raw["expect_status"],
        "expect_fields": fields,
        "expect_retraction": raw.get("expect_retraction", "none"),
        "why": raw["why"],
        "tags": list(raw.get("tags", [])),
        "work": raw.get("work"),
    }
    if raw.get("same_work"):
        case["same_work"] = list(raw["same_work"])
    return case


def cases(name: str) -> list[JSON]:
    """The cases of a set, expanded (not yet held to the world)."""
    path = SETS[name].folder / "cases.yaml"
    data = read_yaml(path)
    validate(data, "cases.schema.json", path)
    return [expand(raw, path) for raw in data["cases"]]


def label_checks(name: str) -> Any:
    """The module of the set's label checks (``check(cases, works)``)."""
    import importlib

    return importlib.import_module(SETS[name].checks)


def check_labels(name: str, built: list[JSON], by_key: dict[str, Work]) -> None:
    problems = label_checks(name).check(built, by_key)
    # heldout2's checks return their messages; the earlier sets' raise themselves
    if problems:
        raise ValueError(f"{name} labels contradict the world:\n  " + "\n  ".join(problems))


def build(name: str) -> tuple[JSON, JSON]:
    """(world document, cases document) of a set; raises ``ValueError`` when a check fails."""
    by_key = works(name)
    built = cases(name)
    check_labels(name, built, by_key)
    world = render_world.build_world(by_key)
    problems = disjoint(world, SETS[name].disjoint_from)
    if problems:
        raise ValueError(f"{name} world overlaps another world:\n  " + "\n  ".join(problems))
    return world, {"format": render_world.CASES_FORMAT, "cases": built}


# -- a held-out world has nothing in common with the earlier worlds ---------------------------


def _fold(text: str) -> str:
    kept = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.findall(r"\w+", kept.lower()))


def _keys(world: JSON) -> dict[str, set[str]]:
    """Identifiers, titles and people of a world document, normalised for comparison."""
    kinds = ("doi", "arxiv", "pmid", "pmcid", "isbn", "openalex", "title", "person")
    out: dict[str, set[str]] = {k: set() for k in kinds}
    for message in world["crossref"]:
        out["doi"].add(message["DOI"].lower())
        out["isbn"].update(re.sub(r"[^0-9X]", "", i.upper()) for i in message.get("ISBN", []))
        out["title"].update(_fold(t) for t in message.get("title", []))
        for person in message.get("author", []) + message.get("editor", []):
            name = person.get("name") or f"{person.get('given', '')} {person.get('family', '')}"
            out["person"].add(_fold(name))
    for registration in world["doi"]:
        out["doi"].add(registration["doi"].lower())
    for work in world["openalex"]:
        out["openalex"].add(work["id"].rsplit("/", 1)[-1])
        out["title"].add(_fold(work.get("title") or ""))
        for authorship in work["authorships"]:
            out["person"].add(_fold(authorship["author"]["display_name"]))
    for record in world["arxiv"]:
        out["arxiv"].add(record["id"])
    for result in world["europepmc"]:
        if result.get("pmid"):
            out["pmid"].add(str(result["pmid"]))
        if result.get("pmcid"):
            out["pmcid"].add(result["pmcid"].upper())
        out["title"].add(_fold(result.get("title") or ""))
    for paper in world["semantic_scholar"]:
        out["title"].add(_fold(paper.get("title") or ""))
    for kind in out.values():
        kind.discard("")
    return out


def disjoint(world: JSON, others: tuple[str, ...]) -> list[str]:
    """What ``world`` shares with the committed worlds of ``others`` (nothing, we hope)."""
    mine = _keys(world)
    problems = []
    for other in others:
        path = SETS[other].folder / "world.json"
        if not path.is_file():
            continue
        theirs = _keys(json.loads(path.read_text(encoding="utf-8")))
        for kind, values in mine.items():
            for shared in sorted(values & theirs[kind]):
                problems.append(f"{kind} {shared!r} is also in {other}/world.json")
    return problems


# -- summary ------------------------------------------------------------------------------------


def summary(built: list[JSON]) -> str:
    """The counts a set's README reports, as Markdown tables."""

    def table(head: str, rows: list[tuple[str, ...]]) -> list[str]:
        columns = head.count("|") - 1
        return [head, "|" + "---|" * columns, *("| " + " | ".join(r) + " |" for r in rows)]

    truth = Counter((c["truth"], c["expect_status"]) for c in built)
    order = ("found", "ambiguous", "not_covered", "mismatch", "not_found")
    lines = [f"{len(built)} cases.", ""]
    lines += table(
        "| truth | status | cases |",
        [(t, s, str(truth[t, s])) for t in ("real", "fabricated") for s in order if truth[t, s]],
    )
    retraction = Counter((c["expect_retraction"], c["truth"]) for c in built)
    lines += ["", *table("| expect_retraction | real | fabricated |", [
        (r, str(retraction[r, "real"]), str(retraction[r, "fabricated"]))
        for r in ("retracted", "expression_of_concern", "correction", "none")
    ])]  # fmt: skip
    fields = Counter("+".join(c["expect_fields"]) for c in built if c["expect_fields"])
    lines += ["", *table("| expect_fields (mismatch) | cases |", [
        (f"`{f}`", str(n)) for f, n in sorted(fields.items(), key=lambda x: (-x[1], x[0]))
    ])]  # fmt: skip
    categories: dict[str, Counter[str]] = {}
    for c in built:
        categories.setdefault(c["category"], Counter())[c["expect_status"]] += 1
    lines += ["", *table("| category | cases | status |", [
        (f"`{k}`", str(sum(v.values())), ", ".join(f"{s} {v[s]}" for s in order if v[s]))
        for k, v in categories.items()
    ])]  # fmt: skip
    return "\n".join(lines) + "\n"


# -- command line -------------------------------------------------------------------------------


def targets(name: str) -> dict[Path, str]:
    """The generated files of a set and the text the builder gives them."""
    world, built = build(name)
    folder = SETS[name].folder
    return {
        folder / "world.json": render_world.dump(world),
        folder / "cases.json": render_world.dump(built),
    }


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=tuple(SETS), action="append", help="the set(s)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is out of date")
    parser.add_argument("--summary", action="store_true", help="print the counts of the cases")
    args = parser.parse_args(argv)
    chosen = args.set or list(SETS)
    try:
        if args.summary:
            for name in chosen:
                out(summary(build(name)[1]["cases"]).rstrip("\n"))
            return 0
        # build every chosen set before writing any, so a failed check leaves all files alone
        planned = {name: targets(name) for name in chosen}
    except ValueError as problem:
        print(problem, file=sys.stderr)
        return 2
    if args.check:
        stale = [
            path
            for files in planned.values()
            for path, text in files.items()
            if not path.is_file() or path.read_text(encoding="utf-8") != text
        ]
        for path in stale:
            print(f"{path}: out of date; run {Path(__file__).name}", file=sys.stderr)
        return 1 if stale else 0
    for name, files in planned.items():
        SETS[name].folder.mkdir(exist_ok=True)
        for path, text in files.items():
            path.write_text(text, encoding="utf-8")
        world = json.loads(files[SETS[name].folder / "world.json"])
        count = len(json.loads(files[SETS[name].folder / "cases.json"])["cases"])
        out(
            f"{name}: wrote {count} cases and a world of {len(world['crossref'])} Crossref, "
            f"{len(world['openalex'])} OpenAlex, {len(world['semantic_scholar'])} Semantic "
            f"Scholar, {len(world['arxiv'])} arXiv and {len(world['europepmc'])} Europe PMC "
            f"records, {len(world['doi'])} DOIs"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
