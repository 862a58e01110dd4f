"""Write the held-out set of the lookup evaluation: ``heldout/world.json`` and
``heldout/cases.json``.

    python benchmarks/lookup_eval/build_heldout.py          # rewrite both files
    python benchmarks/lookup_eval/build_heldout.py --check  # exit 1 if they are out of date
    python benchmarks/lookup_eval/build_heldout.py --summary  # the counts heldout/README.md gives

The held-out works (``heldout_works*.py``) are rendered into every registry's records by
``build_tuning``'s renderers (``build_world``), in a world of their own: nothing of the tuning
world is in it. The cases (``heldout_cases*.py``) are checked against that world by
``heldout_cases_lib.check`` before anything is written. Building leaves ``build_tuning.WORKS``
as it found it, so the tuning set and the held-out set can be built in one process.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "heldout"

if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import build_tuning  # noqa: E402

JSON = dict[str, Any]


@contextmanager
def _registry() -> Iterator[dict[str, Any]]:
    """``build_tuning.WORKS`` holding the held-out works only, restored afterwards."""
    saved = dict(build_tuning.WORKS)
    build_tuning.WORKS.clear()
    try:
        import heldout_works

        heldout_works.define()
        yield build_tuning.WORKS
    finally:
        build_tuning.WORKS.clear()
        build_tuning.WORKS.update(saved)


def works() -> dict[str, Any]:
    """The held-out works by key (``build_tuning.Work``)."""
    with _registry() as registered:
        return dict(registered)


def build() -> tuple[JSON, JSON]:
    """(world document, cases document)."""
    import heldout_cases

    with _registry() as registered:
        world = build_tuning.build_world()
        cases = heldout_cases.cases(dict(registered))
    return world, {"format": build_tuning.CASES_FORMAT, "cases": cases}


def summary(cases: list[JSON]) -> str:
    """The counts ``heldout/README.md`` reports, as Markdown tables."""
    from collections import Counter

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
    world, cases = build()
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
