"""Whole-process cost of ``ars-docs lookup`` on 1,000 entries: cold, warm cache, offline.

    pip install .                                  # `ars-docs` must be on PATH
    python benchmarks/bench_lookup_speed.py [--entries 1000] [--strict]

Builds a simulated scholarly web on 127.0.0.1 (``tests/support/scholarly_world.py``)
holding one Crossref work (with a 40-item reference list, as real records
carry) and one OpenAlex work per entry, and a YAML passport whose entries
cite them by DOI — a tenth of them with a DOI that is not registered, a
tenth without any identifier (found by search). Then, each as its own
process, as a user runs it:

1. ``lookup`` cold: every answer from the local services (no politeness
   pauses: ``min_interval = 0``), which fills the response cache;
2. ``lookup --all``: every entry again, every answer from the cache (target
   ≤ 2 s for 1,000 entries);
3. ``lookup --all --offline INDEX`` from a snapshot index built from the same
   records (target ≤ 10 s), once ``lookup index build`` exists;
4. the same on a passport without records, so every entry's record is
   written (the passport editor's cost, which grows with the passport);
5. ``ars-docs lookup --help``, the start-up every call pays, for the share of it
   in each run above.

Prints the times and the ratios to the targets; ``--strict`` exits 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.support.lookup import crossref, openalex  # noqa: E402
from tests.support.scholarly_world import ScholarlyWorld  # noqa: E402

WARM_TARGET = 2.0
OFFLINE_TARGET = 10.0
TOPICS = (
    "quality assurance teaching learning governance policy evaluation assessment student "
    "university higher education research culture reform accountability outcomes equity "
    "curriculum faculty leadership internationalisation funding mobility doctoral"
)
WORDS = TOPICS.split(" ")


def title(n: int) -> str:
    picks = [WORDS[(n * 7 + i * 13) % len(WORDS)] for i in range(6)]
    return f"{picks[0].title()} and {picks[1]} in {picks[2]} {picks[3]}: {picks[4]} {picks[5]} {n}"


def build(world: ScholarlyWorld, count: int) -> list[str]:
    entries = []
    for n in range(count):
        doi = f"10.5555/bench.{n}"
        family, given = f"Author{n % 97}", "Kim"
        message = crossref(
            doi, title(n), [(given, family), ("Lee", f"Coauthor{n % 53}")], 2000 + n % 25
        )
        message["reference"] = [
            {
                "key": f"ref{i}",
                "unstructured": f"Someone {i} (2001). A cited work {i}. Journal {i}.",
            }
            for i in range(40)
        ]
        world.add_crossref(message)
        world.add_openalex(
            openalex(f"W{n}", title(n), [f"{given} {family}"], 2000 + n % 25, doi=doi)
        )
        fields = {"doi": doi}
        if n % 10 == 3:
            fields = {"doi": f"10.5555/missing.{n}"}
        elif n % 10 == 7:
            fields = {}
        lines = [
            f"  - citation_key: e{n}",
            f"    title: {json.dumps(title(n))}",
            f"    authors: [{{family: {family}, given: {given}}}]",
            f"    year: {2000 + n % 25}",
            "    source_pointer: bibliography_v1.md",
        ] + [f"    {k}: {v}" for k, v in fields.items()]
        entries.append("\n".join(lines) + "\n")
    return entries


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1, 75):
        print(done.stderr[-2000:], file=sys.stderr)
        raise SystemExit(f"{' '.join(argv)} failed with exit {done.returncode}")
    return elapsed, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ars-lookup-bench-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["ARS_DOCS_CACHE_DIR"] = str(folder / "cache")
    missed = False
    with ScholarlyWorld() as world:
        entries = build(world, args.entries)
        passport = folder / "passport.yaml"
        pristine = "literature_corpus:\n" + "".join(entries)
        passport.write_text(pristine, encoding="utf-8")
        world.write_config(folder / "ars-docs.toml", concurrency=8)
        base = ["ars-docs", "lookup", "--passport", str(passport), "-q"]
        cold, _ = timed(base, env)
        print(f"cold ({world.count()} requests to the local services): {cold:.2f} s")
        warm, _ = timed([*base, "--all"], env)
        warm_again, _ = timed([*base, "--all"], env)
        best = min(warm, warm_again)
        ok = best <= WARM_TARGET * args.entries / 1000
        missed |= not ok
        share = best / WARM_TARGET * 1000 / args.entries
        print(
            f"warm cache, {args.entries} entries, whole process: {best:.2f} s "
            f"(target ≤ {WARM_TARGET:g} s per 1,000: {share:.2f}×)" + ("" if ok else " — MISSED")
        )
        dump = folder / "snapshot.jsonl"
        with dump.open("w", encoding="utf-8") as out:
            for record in world.crossref.values():
                out.write(json.dumps(record) + "\n")
            for work in world.openalex.values():
                out.write(json.dumps(work) + "\n")
    index = folder / "snapshot.sqlite3"
    build_cmd = ["ars-docs", "lookup", "index", "build", str(dump), "-o", str(index), "-q"]
    built = subprocess.run(build_cmd, env=env, capture_output=True, text=True, check=False)
    if built.returncode != 0:
        print(f"offline: index build failed ({built.stderr.strip()[:300]}); not measured")
        return 1 if args.strict else 0
    offline, _ = timed([*base, "--all", "--offline", str(index)], env)
    ok = offline <= OFFLINE_TARGET * args.entries / 1000
    missed |= not ok
    print(
        f"offline index, {args.entries} entries, whole process: {offline:.2f} s "
        f"(target ≤ {OFFLINE_TARGET:g} s per 1,000: "
        f"{offline / OFFLINE_TARGET * 1000 / args.entries:.2f}×)" + ("" if ok else " — MISSED")
    )
    fresh = folder / "fresh.yaml"
    fresh.write_text(pristine, encoding="utf-8")
    writing, _ = timed(
        ["ars-docs", "lookup", "--passport", str(fresh), "-q", "--offline", str(index)], env
    )
    ok = writing <= OFFLINE_TARGET * args.entries / 1000
    missed |= not ok
    print(
        f"offline index, writing all {args.entries} records, whole process: {writing:.2f} s "
        f"({writing / offline:.2f}× the run that writes nothing)" + ("" if ok else " — MISSED")
    )
    start = min(timed(["ars-docs", "lookup", "--help"], env)[0] for _ in range(3))
    print(
        f"start-up (ars-docs lookup --help): {start:.2f} s — {start / best:.0%} of the warm run, "
        f"{start / offline:.0%} of the offline one"
    )
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
