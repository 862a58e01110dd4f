"""Where readers disagree about what is code: ars-docs against the real pandoc (issue 33).

Generates drafts with code (``tests/support/code_cases.py``: fences, indented code,
code spans, raw HTML code elements, metadata blocks … after every kind of
block, in quotes and lists), each holding a probe word and a probe marker,
reads them all with pandoc (``markdown``, ``commonmark_x``, ``gfm``; one
``pandoc lua`` process, ``tests/support/pandoc_reader.py``) and with ars-docs, and
counts, per reader, the cases where

* ars-docs exempts a probe as code (or metadata) that the reader shows as
  text, raw HTML, raw LaTeX or math: **exempt-but-shown**, the dangerous
  direction (the gate would not check what a reader shows);
* ars-docs checks a probe as text that the reader shows only as code:
  **checked-but-code**, the safe direction (ars-docs is stricter than needed).

Each exempt-but-shown case is put in a class by what this tree's ars-docs
records for its place (``document/parse/codeagree.py``'s ``Problem.kind``; ``other``
when it records nothing there).

    PYTHONPATH=.:tests python benchmarks/bench_code_readers.py [--set tuning] [--cases 3000]
    PYTHONPATH=.:tests python benchmarks/bench_code_readers.py --compare 43f7aa5
    PYTHONPATH=.:tests python benchmarks/bench_code_readers.py --set heldout --seed 33

``--compare REV`` runs the same cases against the package as it was at git
revision REV (``git archive`` into a temporary folder) and prints both.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.code_cases import Case, tuning_cases  # noqa: E402
from tests.support.pandoc_reader import READERS, ars_kinds, divergence, pandoc_kinds, read_all  # noqa: E402


def cases_of(which: str, seed: int, count: int) -> list[Case]:
    if which == "heldout":
        from tests.support.code_cases_heldout import heldout_cases

        return heldout_cases(seed, count)
    return tuning_cases(seed, count)


def measure(cases: list[Case]) -> dict[str, list[list[str]]]:
    """For each case index (as text): ``[reader, direction, probe]`` per divergence."""
    rows = read_all([case.text for case in cases])
    found: dict[str, list[list[str]]] = {}
    for index, (case, row) in enumerate(zip(cases, rows, strict=True)):
        ars = ars_kinds(case.text)
        for reader, ast in zip(READERS, row, strict=True):
            shown = pandoc_kinds(ast)
            for probe, kind in ars.items():
                direction = divergence(kind, shown.get(probe, set()))
                if direction is not None:
                    found.setdefault(str(index), []).append([reader, direction, probe])
    return found


def at_revision(rev: str, which: str, seed: int, count: int) -> dict[str, list[list[str]]]:
    """``measure`` with the package as it was at ``rev`` (the cases from this tree)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "ars_docs"], check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        env = {**os.environ, "PYTHONPATH": f"{tmp}{os.pathsep}{ROOT / 'tests'}"}
        argv = ["--set", which, "--seed", str(seed), "--cases", str(count), "--json"]
        run = subprocess.run(
            [sys.executable, __file__, *argv],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp,
        )
    result: dict[str, list[list[str]]] = json.loads(run.stdout)
    return result


def _place_kind(text: str, probe: str) -> str:
    """The class this tree records for the place of ``probe`` in ``text``."""
    from ars_docs.document.parse.mdparse import read
    from ars_docs.document.text import Document
    from tests.support.pandoc_reader import probes

    doc = Document(text, path="case.md")
    line = doc.position(probes(text)[probe][0])[0] - 1
    for place in read(doc).disputed:
        if place.first <= line < place.end:
            return place.problem.kind
    return "other"


def show(label: str, cases: list[Case], found: dict[str, list[list[str]]], verbose: bool) -> None:
    print(f"{label}: {len(cases)} cases, {len(READERS)} readers ({', '.join(READERS)})")
    for direction in ("exempt-but-shown", "checked-but-code"):
        per_reader: Counter[str] = Counter()
        per_family: Counter[str] = Counter()
        per_class: Counter[str] = Counter()
        any_reader = 0
        example: Case | None = None
        for index, rows in found.items():
            hits = [r for r in rows if r[1] == direction]
            if not hits:
                continue
            case = cases[int(index)]
            any_reader += 1
            per_family[case.family] += 1
            for reader in {r[0] for r in hits}:
                per_reader[reader] += 1
            if direction == "exempt-but-shown":
                per_class[_place_kind(case.text, hits[0][2])] += 1
                example = example or case
        print(f"  {direction}: {any_reader} cases (any reader); per reader {dict(per_reader)}")
        print(f"    by construct: {dict(sorted(per_family.items()))}")
        if per_class:
            print(f"    by class: {dict(sorted(per_class.items()))}")
        if verbose and example is not None:
            print(f"    e.g. ({example.params}):\n      " + example.text.replace("\n", "\n      "))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("tuning", "heldout"), default="tuning")
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--compare", metavar="REV", help="also measure git revision REV (before)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("-v", "--verbose", action="store_true", help="an example per direction")
    args = parser.parse_args()
    cases = cases_of(args.set, args.seed, args.cases)
    if args.json:
        print(json.dumps(measure(cases)))
        return 0
    if args.compare:
        before = at_revision(args.compare, args.set, args.seed, args.cases)
        show(f"before ({args.compare})", cases, before, args.verbose)
    show("after (this tree)", cases, measure(cases), args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
