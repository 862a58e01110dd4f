"""Write the second held-out set of the lookup evaluation: ``heldout2/world.json`` and
``heldout2/cases.json``.

    python benchmarks/lookup_eval/build_heldout2.py            # rewrite both files
    python benchmarks/lookup_eval/build_heldout2.py --check    # exit 1 if they are out of date
    python benchmarks/lookup_eval/build_heldout2.py --summary  # the counts heldout2/README.md gives

The works (``heldout2_works.py``) are rendered into every registry's records by
``build_tuning``'s renderers (``build_world``), in a world of their own. Before anything is
written, the cases (``heldout2_cases.py``) are checked against that world by
``heldout2_cases.check``, and the world is checked to share no DOI, arXiv id, PMID, PMCID,
ISBN, OpenAlex id, title or person with the tuning and first held-out worlds. Building leaves
``build_tuning.WORKS`` as it found it.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "heldout2"
OTHER_WORLDS = (HERE / "tuning" / "world.json", HERE / "heldout" / "world.json")

if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import build_tuning  # noqa: E402

JSON = dict[str, Any]


@contextmanager
def _registry() -> Iterator[dict[str, Any]]:
    """``build_tuning.WORKS`` holding the heldout2 works only, restored afterwards."""
    saved = dict(build_tuning.WORKS)
    build_tuning.WORKS.clear()
    try:
        import heldout2_works

        heldout2_works.define()
        yield build_tuning.WORKS
    finally:
        build_tuning.WORKS.clear()
        build_tuning.WORKS.update(saved)


def works() -> dict[str, Any]:
    """The heldout2 works by key (``build_tuning.Work``)."""
    with _registry() as registered:
        return dict(registered)


def build() -> tuple[JSON, JSON]:
    """(world document, cases document); raises ValueError when a check fails."""
    import heldout2_cases

    with _registry() as registered:
        world = build_tuning.build_world()
        cases = heldout2_cases.cases(dict(registered))
    problems = disjoint(world)
    if problems:
        raise ValueError("heldout2 world overlaps another world:\n  " + "\n  ".join(problems))
    return world, {"format": build_tuning.CASES_FORMAT, "cases": cases}


# -- the world has nothing in common with the other sets' worlds --------------------------------


def _fold(text: str) -> str:
    kept = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.findall(r"\w+", kept.lower()))


def _keys(world: JSON) -> dict[str, set[str]]:
    """Identifiers, titles and people of a world document, normalised for comparison."""
    out: dict[str, set[str]] = {k: set() for k in
                                ("doi", "arxiv", "pmid", "pmcid", "isbn", "openalex", "title",
                                 "person")}  # fmt: skip
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


def disjoint(world: JSON) -> list[str]:
    """What this world shares with the tuning and first held-out worlds (nothing, we hope)."""
    mine = _keys(world)
    problems = []
    for path in OTHER_WORLDS:
        if not path.is_file():
            continue
        theirs = _keys(json.loads(path.read_text(encoding="utf-8")))
        for kind, values in mine.items():
            for shared in sorted(values & theirs[kind]):
                problems.append(f"{kind} {shared!r} is also in {path.parent.name}/world.json")
    return problems


# -- summary ------------------------------------------------------------------------------------


def summary(cases: list[JSON]) -> str:
    """The counts ``heldout2/README.md`` reports, as Markdown tables."""

    def table(head: str, rows: list[tuple[str, ...]]) -> list[str]:
        columns = head.count("|") - 1
        return [head, "|" + "---|" * columns, *("| " + " | ".join(r) + " |" for r in rows)]

    truth = Counter((c["truth"], c["expect_status"]) for c in cases)
    order = ("found", "ambiguous", "not_covered", "mismatch", "not_found")
    lines = [f"{len(cases)} cases.", ""]
    lines += table(
        "| truth | status | cases |",
        [(t, s, str(truth[t, s])) for t in ("real", "fabricated") for s in order if truth[t, s]],
    )
    retraction = Counter((c["expect_retraction"], c["truth"]) for c in cases)
    lines += ["", *table("| expect_retraction | real | fabricated |", [
        (r, str(retraction[r, "real"]), str(retraction[r, "fabricated"]))
        for r in ("retracted", "expression_of_concern", "correction", "none")
    ])]  # fmt: skip
    fields = Counter("+".join(c["expect_fields"]) for c in cases if c["expect_fields"])
    lines += ["", *table("| expect_fields (mismatch) | cases |", [
        (f"`{f}`", str(n)) for f, n in sorted(fields.items(), key=lambda x: (-x[1], x[0]))
    ])]  # fmt: skip
    categories: dict[str, Counter[str]] = {}
    for c in cases:
        categories.setdefault(c["category"], Counter())[c["expect_status"]] += 1
    lines += ["", *table("| category | cases | status |", [
        (f"`{k}`", str(sum(v.values())), ", ".join(f"{s} {v[s]}" for s in order if v[s]))
        for k, v in categories.items()
    ])]  # fmt: skip
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    try:
        world, cases = build()
    except ValueError as problem:
        print(problem, file=sys.stderr)
        return 2
    if "--summary" in argv:
        print(summary(cases["cases"]), end="")
        return 0
    targets = {
        OUT / "world.json": build_tuning.dump(world),
        OUT / "cases.json": build_tuning.dump(cases),
    }
    if "--check" in argv:
        stale = [
            p
            for p, text in targets.items()
            if not p.is_file() or p.read_text(encoding="utf-8") != text
        ]
        for path in stale:
            print(f"{path}: out of date; run {Path(__file__).name}", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(exist_ok=True)
    for path, text in targets.items():
        path.write_text(text, encoding="utf-8")
    print(
        f"wrote {len(cases['cases'])} cases and a world of {len(world['crossref'])} Crossref, "
        f"{len(world['openalex'])} OpenAlex, {len(world['semantic_scholar'])} Semantic "
        f"Scholar, {len(world['arxiv'])} arXiv and {len(world['europepmc'])} Europe PMC "
        f"records, {len(world['doi'])} DOIs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
