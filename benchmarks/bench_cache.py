"""Benchmark the session cache codec on a 10,000-entry passport (issue 27).

Generates the passport of ``bench_finalize.py`` (seeded), loads it once, and
times, best of ``--repeat`` in this one process, decoding the same corpus with:

* ``msgspec msgpack, typed`` — the codec ars-docs uses (``session/cache/codec.py``);
* ``msgspec json, typed`` — the same schema as JSON;
* ``orjson + build`` — orjson parsing, then building the corpus objects in Python;
* ``JSON rows`` — what ars-docs stores below ``cache_codec.SMALL`` entries
  (stdlib json, every field's type checked in Python; no msgspec import);
* ``json + build`` — the standard library, the same build (the former tagged-JSON
  codec walked its result the same way);
* ``pickle`` — for reference only: it can execute code and is not a candidate.

then the whole cache read (``read_cache``: open, owner check, hash check,
header, decode)
and a warm ``load_corpus`` (adds hashing the passport bytes for the key).
Target: the cache read of 10,000 entries <= 0.1 s. Ratios are against the
chosen codec. A measurement, not a test: exit 0 unless ``--strict``.

    PYTHONPATH=. python benchmarks/bench_cache.py [--entries N] [--repeat N]
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import pickle
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_READ = 0.1  # seconds for the cache read of 10,000 entries


def best(repeat: int, fn: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
        gc.enable()
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args(argv)

    from benchmarks.bench_finalize import make_entries, passport_yaml

    with tempfile.TemporaryDirectory() as work_dir:
        work = Path(work_dir)
        os.environ["ARS_DOCS_CACHE_DIR"] = str(work / "cache")
        os.environ.pop("ARS_DOCS_NO_CACHE", None)
        import msgspec

        from ars_docs.core.diagnostics import Diagnostic, Severity
        from ars_docs.session.cache import codec as cache_codec
        from ars_docs.session.cache import msgpack as cache_msgpack
        from ars_docs.session.cache import store as cache
        from ars_docs.session.corpus import Corpus, CorpusEntry, load_corpus

        rng = random.Random(20261129)
        passport = work / "passport.yaml"
        passport.write_text(passport_yaml(rng, make_entries(rng, args.entries)), "utf-8")
        start = time.perf_counter()
        corpus = load_corpus(passport)  # cold: parses and writes the cache
        cold = time.perf_counter() - start

        plain = {
            "path": corpus.path,
            "session_id": corpus.session_id,
            "entries": [dataclasses.asdict(e) for e in corpus.entries.values()],
            "diagnostics": [dataclasses.asdict(d) for d in corpus.diagnostics],
        }

        def build(data: dict[str, Any]) -> Corpus:
            entries = {e["citation_key"]: CorpusEntry(**e) for e in data["entries"]}
            diagnostics = [
                Diagnostic(
                    **{
                        **d,
                        "severity": Severity(d["severity"]),
                        "suggestions": tuple(d["suggestions"]),
                    }
                )
                for d in data["diagnostics"]
            ]
            return Corpus(data["path"], data["session_id"], entries, diagnostics)

        packed = cache_codec.encode(corpus)
        wire = cache_msgpack._CorpusFile(
            corpus.path, corpus.session_id, list(corpus.entries.values()), corpus.diagnostics
        )
        as_json = msgspec.json.encode(wire)
        json_decoder = msgspec.json.Decoder(cache_msgpack._CorpusFile)
        std_json = json.dumps(plain, ensure_ascii=False).encode()
        pickled = pickle.dumps(corpus, protocol=5)
        rows_json = json.dumps(cache_codec._rows(corpus), ensure_ascii=False).encode()
        assert cache_codec.decode(packed, Corpus).entries == corpus.entries
        assert build(json.loads(std_json)).entries == corpus.entries

        rows: list[tuple[str, int, float]] = [
            (
                "msgspec msgpack, typed (chosen)",
                len(packed),
                best(args.repeat, lambda: cache_codec.decode(packed, Corpus)),
            ),
            (
                "msgspec json, typed",
                len(as_json),
                best(args.repeat, lambda: json_decoder.decode(as_json)),
            ),
        ]
        try:
            import orjson

            rows.append(
                (
                    "orjson + build",
                    len(std_json),
                    best(args.repeat, lambda: build(orjson.loads(std_json))),
                )
            )
        except ImportError:
            print("(orjson not installed: skipped)")
        rows.append(
            (
                "JSON rows (the codec below SMALL)",
                len(rows_json),
                best(args.repeat, lambda: cache_codec._from_rows(json.loads(rows_json), Corpus)),
            )
        )
        rows.append(
            ("json + build", len(std_json), best(args.repeat, lambda: build(json.loads(std_json))))
        )
        rows.append(
            (
                "pickle (unsafe, reference)",
                len(pickled),
                best(args.repeat, lambda: pickle.loads(pickled)),
            )
        )

        cache_path = cache.cache_file("corpus", str(passport))
        assert cache_path is not None
        key = cache_path.read_bytes().split(b"\n", 3)[2].decode()  # hash, version, key
        read = best(args.repeat, lambda: cache.read_cache(cache_path, key, Corpus))
        assert cache.read_cache(cache_path, key, Corpus) is not None, "the cache missed"
        warm = best(args.repeat, lambda: load_corpus(passport))

    chosen = rows[0][2]
    print(f"\n{args.entries:,}-entry passport; cold load {cold:.2f} s; best of {args.repeat}")
    print(f"{'decoder':34} {'bytes':>11} {'seconds':>8} {'x chosen':>8}")
    for name, size, seconds in rows:
        print(f"{name:34} {size:>11,} {seconds:>8.3f} {seconds / chosen:>8.2f}")
    ok = read <= TARGET_READ
    print(
        f"\ncache read (read_cache)  {read:.3f} s  target <= {TARGET_READ} s  "
        f"{'ok' if ok else 'MISSED'}"
    )
    print(f"warm load_corpus         {warm:.3f} s  (adds hashing the passport for the key)")
    print(f"cold / warm              {cold / warm:.1f}x")
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    raise SystemExit(main())
