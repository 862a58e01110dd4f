"""The offline snapshot index: SQLite FTS5 against DuckDB's fts, measured on one snapshot.

Run::

    PYTHONPATH=. python benchmarks/bench_lookup_index.py [--works 200000] [--keep DIR]
        [--duckdb-python PATH]

Generates N synthetic Crossref-shaped works (a gzip JSON-lines dump, Zipf-
distributed title words, 1-8 authors, short reference lists) and 1,000 typical
passport entries, then, each phase in a fresh process (peak memory is per
process): builds the index (``build_index``), looks up 1,000 DOIs and 1,000
titles through ``IndexRegistries``, and checks the 1,000 entries with lookup's
own ``check_entry`` in one process started from the shell (the ``≤ 10 s``
target). ``ars-docs lookup --offline`` is another module's; this measures the
part of it that is the index, in-process and as a whole process.

With ``--duckdb-python``, a Python that has ``duckdb==1.4.4``,
``duckdb-ext-fts==1.4.4.20260205`` and ``duckdb-ext`` (the fts extension is
not in DuckDB's wheel; these PyPI packages ship it for one DuckDB version), the
same rows are loaded into DuckDB and indexed with ``PRAGMA create_fts_index``.
Every number printed was measured in this run.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 10.0
ENTRIES = 1000


# --- the synthetic snapshot ------------------------------------------------------------


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    parts = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "ph", "str", "an", "el", "or"]
    found: dict[str, None] = {}
    while len(found) < size:
        found["".join(rng.choice(parts) for _ in range(rng.randint(2, 4)))] = None
    return list(found)


def generate(folder: Path, works: int, seed: int = 7) -> tuple[Path, Path]:
    rng = random.Random(seed)
    words = _vocabulary(rng, 40_000)
    cumulative, total = [], 0.0
    for rank in range(len(words)):  # Zipf: the n-th word is n times rarer than the first
        total += 1 / (rank + 1)
        cumulative.append(total)
    glue = ["of", "the", "and", "in", "for", "on", "a"]
    surnames = [w.capitalize() for w in _vocabulary(rng, 20_000)]
    dump, entries = folder / "crossref.jsonl.gz", folder / "entries.json"
    chosen: list[dict[str, Any]] = []
    with gzip.open(dump, "wt", encoding="utf-8", compresslevel=1) as out:
        for n in range(works):
            title = rng.choices(words, cum_weights=cumulative, k=rng.randint(5, 13))
            title.insert(rng.randint(1, len(title) - 1), rng.choice(glue))
            names = [rng.choice(surnames) for _ in range(rng.randint(1, 8))]
            year = rng.randint(1960, 2025)
            work = {
                "DOI": f"10.5555/bench.{n}",
                "type": "journal-article",
                "title": [" ".join(title).capitalize()],
                "author": [{"given": "A.", "family": s, "sequence": "additional"} for s in names],
                "container-title": [f"Journal of {rng.choice(words).capitalize()}"],
                "issued": {"date-parts": [[year, rng.randint(1, 12)]]},
                "publisher": "Synthetic Press",
                "reference": [
                    {"key": f"r{i}", "unstructured": " ".join(rng.choices(words, k=12))}
                    for i in range(rng.randint(0, 12))
                ],
            }
            out.write(json.dumps(work) + "\n")
            if len(chosen) < ENTRIES and rng.random() < ENTRIES / works * 1.2:
                chosen.append({"n": n, "title": work["title"][0], "family": names[0], "year": year})
    typical = []
    for i, pick in enumerate(chosen[:ENTRIES]):
        entry: dict[str, Any] = {
            "title": pick["title"],
            "authors": [{"family": pick["family"]}],
            "year": pick["year"],
        }
        share = i % 20
        if share < 10:  # half cite the DOI of a work in the snapshot
            entry["doi"] = f"10.5555/bench.{pick['n']}"
        elif share < 13:  # a DOI the snapshot does not have: found by search
            entry["doi"] = f"10.5555/elsewhere.{i}"
        elif share < 17:  # no identifier: found by search (one in four misspelt)
            if share == 16:
                entry["title"] = entry["title"][:-1]
        else:  # a work that does not exist
            entry["title"] = " ".join(rng.choices(words, k=8)).capitalize()
        typical.append(entry)
    entries.write_text(json.dumps(typical))
    lines = ["session_id: bench-lookup-index", "literature_corpus:"]
    for i, fields in enumerate(typical):
        lines += [
            f"  - citation_key: e{i:04d}",
            f"    title: {json.dumps(fields['title'])}",
            f"    authors: [{{family: {fields['authors'][0]['family']}}}]",
            f"    year: {fields['year']}",
        ] + ([f"    doi: {fields['doi']}"] if "doi" in fields else [])
    (folder / "passport.yaml").write_text("\n".join(lines) + "\n")
    return dump, entries


# --- phases (each in its own process) --------------------------------------------------


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_ms": 1000 * ordered[len(ordered) // 2],
        "p95_ms": 1000 * ordered[int(len(ordered) * 0.95)],
    }


def phase_sqlite_build(dump: str, index: str) -> dict[str, Any]:
    from ars_docs.lookup.index.build import build_index

    started = time.perf_counter()
    report = build_index([dump], index)
    return {
        "seconds": time.perf_counter() - started,
        "mb": report.size / 2**20,
        "peak_mb": _peak_mb(),
    }


def phase_sqlite_query(index: str, entries: str) -> dict[str, Any]:
    from ars_docs.lookup.entry.decide import check_entry
    from ars_docs.lookup.entry.query import Query
    from ars_docs.lookup.index.registries import IndexRegistries, open_index

    reg = IndexRegistries(open_index(index))
    queries = [
        Query.from_entry(f"e{i}", e) for i, e in enumerate(json.loads(Path(entries).read_text()))
    ]
    result: dict[str, Any] = {}
    for name, ask in (
        ("doi", lambda q: reg.crossref_work(q.doi or "10.5555/bench.1")),
        ("title_strict", reg.search_openalex),
        ("title_loose", reg.search_semantic_scholar),
    ):
        samples = []
        for q in queries:
            started = time.perf_counter()
            ask(q)
            samples.append(time.perf_counter() - started)
        result[name] = _percentiles(samples)
    started = time.perf_counter()
    verdicts = [check_entry(q, reg) for q in queries]
    result["check_entry_seconds"] = time.perf_counter() - started
    result["statuses"] = {
        s: sum(v.status.value == s for v in verdicts)
        for s in sorted({v.status.value for v in verdicts})
    }
    result["peak_mb"] = _peak_mb()
    return result


def phase_sqlite_entries(index: str, entries: str) -> dict[str, Any]:
    """What ``lookup --offline`` does per entry, and nothing else, in a fresh process."""
    from ars_docs.lookup.entry.decide import check_entry
    from ars_docs.lookup.entry.query import Query
    from ars_docs.lookup.index.registries import IndexRegistries, open_index

    reg = IndexRegistries(open_index(index))
    for i, fields in enumerate(json.loads(Path(entries).read_text())):
        check_entry(Query.from_entry(f"e{i}", fields), reg)
    return {"peak_mb": _peak_mb()}


def phase_duckdb(dump: str, db_path: str, entries: str) -> dict[str, Any]:
    import duckdb
    import duckdb_ext

    from ars_docs.lookup.entry.query import Query
    from ars_docs.lookup.index import codec
    from ars_docs.lookup.index.dumps import Dump, Parsed

    started = time.perf_counter()
    rows = Path(tempfile.mkdtemp()) / "rows.jsonl"
    with open(rows, "w", encoding="utf-8") as out:
        for n, item in enumerate(Dump(Path(dump)), start=1):
            assert isinstance(item, Parsed)
            record = codec.with_arxiv(item.record, item.raw)
            ids = [list(pair) for pair in codec.identifiers(record, item.raw)]
            out.write(
                json.dumps(
                    {
                        "id": n,
                        "service": record.service,
                        "record": codec.encode(record),
                        "ids": ids,
                        "title": codec.title_text(record),
                        "names": codec.name_text(record.authors),
                    }
                )
                + "\n"
            )
    prepared = time.perf_counter() - started
    con = duckdb.connect(db_path)
    con.execute("SET autoinstall_known_extensions = false")
    con.execute("SET extension_directory = ?", [duckdb_ext.get_extension_dir()])
    con.execute("LOAD fts")
    con.execute(
        f"CREATE TABLE staged AS SELECT * FROM read_json('{rows}', format='newline_delimited')"
    )
    con.execute("CREATE TABLE works AS SELECT id, service, record FROM staged")
    con.execute("CREATE TABLE texts AS SELECT id, title, names FROM staged")
    con.execute(
        "CREATE TABLE ids AS SELECT p[1] AS kind, p[2] AS value, id AS work "
        "FROM (SELECT id, unnest(ids) AS p FROM staged)"
    )
    con.execute("DROP TABLE staged")
    con.execute("CREATE INDEX ids_kv ON ids(kind, value)")
    con.execute("CREATE UNIQUE INDEX works_id ON works(id)")
    con.execute(
        "PRAGMA create_fts_index('texts', 'id', 'title', 'names', stemmer='none', "
        "stopwords='none', ignore='', strip_accents=0, lower=0)"
    )
    con.execute("CHECKPOINT")
    built = time.perf_counter() - started
    os.unlink(rows)
    queries = [
        Query.from_entry(f"e{i}", e) for i, e in enumerate(json.loads(Path(entries).read_text()))
    ]
    doi_samples, title_samples = [], []
    for q in queries:
        t0 = time.perf_counter()
        con.execute(
            "SELECT w.record FROM ids JOIN works w ON w.id = ids.work WHERE ids.kind = 'doi' "
            "AND ids.value = ?",
            [q.doi or "10.5555/bench.1"],
        ).fetchall()
        t1 = time.perf_counter()
        con.execute(
            "SELECT id, fts_main_texts.match_bm25(id, ?, fields := 'title') AS s FROM texts "
            "WHERE s IS NOT NULL ORDER BY s DESC LIMIT 5",
            [q.title],
        ).fetchall()
        doi_samples.append(t1 - t0)
        title_samples.append(time.perf_counter() - t1)
        if len(title_samples) >= 20:  # a scan of the whole table per question: 20 will do
            break
    con.close()
    return {
        "prepare_seconds": prepared,
        "seconds": built,
        "mb": Path(db_path).stat().st_size / 2**20,
        "doi": _percentiles(doi_samples),
        "title": _percentiles(title_samples),
        "peak_mb": _peak_mb(),
    }


def _run_phase(python: str, *argv: str) -> tuple[dict[str, Any], float]:
    env = dict(os.environ)
    paths = [str(ROOT), *[p for p in sys.path if p.endswith("site-packages")]]
    env["PYTHONPATH"] = os.pathsep.join([*env.get("PYTHONPATH", "").split(os.pathsep), *paths])
    started = time.perf_counter()
    done = subprocess.run(
        [python, __file__, "--phase", *argv], env=env, check=True, capture_output=True, text=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1]), time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--works", type=int, default=200_000)
    parser.add_argument("--keep", metavar="DIR", help="work in DIR and keep the files")
    parser.add_argument("--duckdb-python", metavar="PATH")
    parser.add_argument("--phase", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase:
        name, *rest = args.phase
        phases = {
            "sqlite-build": phase_sqlite_build,
            "sqlite-query": phase_sqlite_query,
            "sqlite-entries": phase_sqlite_entries,
            "duckdb": phase_duckdb,
        }
        print(json.dumps(phases[name](*rest)))
        return 0
    folder = Path(args.keep or tempfile.mkdtemp(prefix="bench-lookup-index-"))
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    dump, entries = generate(folder, args.works)
    print(
        f"snapshot: {args.works:,} works, {dump.stat().st_size / 2**20:.1f} MB gzip "
        f"(generated in {time.perf_counter() - started:.1f} s); {ENTRIES} typical entries"
    )
    index = folder / "snapshot.idx"
    build, _ = _run_phase(sys.executable, "sqlite-build", str(dump), str(index))
    print(
        f"SQLite FTS5  build {build['seconds']:.1f} s "
        f"({args.works / build['seconds']:,.0f} works/s), index {build['mb']:.1f} MB, "
        f"peak {build['peak_mb']:.0f} MB"
    )
    query, _ = _run_phase(sys.executable, "sqlite-query", str(index), str(entries))
    entries_only, whole = _run_phase(sys.executable, "sqlite-entries", str(index), str(entries))
    for name in ("doi", "title_strict", "title_loose"):
        q = query[name]
        print(f"SQLite FTS5  {name:<13} p50 {q['p50_ms']:.2f} ms, p95 {q['p95_ms']:.2f} ms")
    print(
        f"SQLite FTS5  check_entry x {ENTRIES}: {query['check_entry_seconds']:.2f} s in-process; "
        f"statuses {query['statuses']}; peak {query['peak_mb']:.0f} MB"
    )
    print(
        f"whole process (python start, imports, open, check_entry x {ENTRIES}): {whole:.2f} s, "
        f"peak {entries_only['peak_mb']:.0f} MB -> {whole / TARGET_SECONDS:.2f} x the "
        f"{TARGET_SECONDS:.0f} s target"
    )
    if importlib.util.find_spec("ars_docs.cli.groups.lookup") is not None:
        for extra, label in ((["--dry-run"], "--dry-run"), ([], "writing each lookup: record")):
            passport = folder / "run.yaml"
            passport.write_bytes((folder / "passport.yaml").read_bytes())
            started = time.perf_counter()
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "ars_docs",
                    "lookup",
                    "--offline",
                    str(index),
                    "--passport",
                    str(passport),
                    "--all",
                    "-q",
                    *extra,
                ],
                capture_output=True,
                text=True,
                check=False,
            )
            took = time.perf_counter() - started
            if done.returncode not in (0, 1):  # 1: some entries block the gate
                print(f"ars-docs lookup failed ({done.returncode}): {done.stderr.strip()}")
                continue
            print(
                f"ars-docs lookup --offline, {ENTRIES} entries, {label}: {took:.2f} s whole "
                f"process -> {took / TARGET_SECONDS:.2f} x the {TARGET_SECONDS:.0f} s target"
            )
            for leftover in folder.glob("run.yaml*"):
                leftover.unlink()
    if args.duckdb_python:
        duck, _ = _run_phase(
            args.duckdb_python, "duckdb", str(dump), str(folder / "snapshot.duckdb"), str(entries)
        )
        print(
            f"DuckDB fts   build {duck['seconds']:.1f} s (of which the same Python preparation "
            f"{duck['prepare_seconds']:.1f} s), index {duck['mb']:.1f} MB, "
            f"peak {duck['peak_mb']:.0f} MB"
        )
        for name in ("doi", "title"):
            print(
                f"DuckDB fts   {name:<13} p50 {duck[name]['p50_ms']:.2f} ms, "
                f"p95 {duck[name]['p95_ms']:.2f} ms"
            )
        ratio = duck["title"]["p50_ms"] / query["title_strict"]["p50_ms"]
        print(f"title search p50, DuckDB / SQLite: {ratio:.0f} x")
    if not args.keep:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
