"""Many chapter-sized drafts: one batch call against one call per draft (issue 27).

One run generates ``--drafts`` chapters (default 200, ~60 KB and ~300 markers
each, the generator of ``bench_finalize.py``) over one 300-entry passport and
its read log, copies the folder twice, and times, whole process, once each:

1. ``ars-docs finalize FOLDER --jobs CORES`` (one batch call);
2. ``ars-docs finalize DRAFT`` once per draft, one after another (what an
   agent calling ars-docs per draft does);
3. the bare parse: one ``python`` process that imports markdown-it-py and
   parses every draft, its time divided by the number of cores (what a
   perfectly parallel parse-only tool would need).

It prints separate ÷ batch (issue target ≥ 1.7 on 2 cores) and batch ÷
(bare parse ÷ cores) (target ≤ 1.2), and checks that both ways wrote the same
bytes. The issue asks for 1,000 drafts; 200 keeps one run of the separate
calls to a few minutes on the shared development machine (the ratio is
per-draft and does not depend on the count once start-up is amortised).
A measurement, not a test: exit 0 unless ``--strict`` and a target is missed.

    pip install . && python benchmarks/bench_batch.py [--drafts N] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_finalize as gen  # noqa: E402  (the shared input generator)
from benchmarks.bench_startup import BARE_PARSE  # noqa: E402

TARGET_SPEEDUP = 1.7  # separate calls / batch call, at least (2 cores)
TARGET_VS_PARSE = 1.2  # batch / (bare parse / cores), at most

PARSE_ALL = BARE_PARSE.replace("text = open(sys.argv[1], encoding='utf-8').read()\n", "").replace(
    "markdown_it.MarkdownIt('commonmark').enable('table').use(front_matter_plugin).parse(text)\n",
    "md = markdown_it.MarkdownIt('commonmark').enable('table').use(front_matter_plugin)\n"
    "for name in sys.argv[1:]:\n"
    "    md.parse(open(name, encoding='utf-8').read())\n",
)


def timed(command: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env=env, check=False, cwd=cwd)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"command failed ({done.returncode}): {' '.join(command[:4])} …\n{done.stderr!r}")
    return elapsed


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drafts", type=int, default=200)
    parser.add_argument("--size-kb", type=float, default=60)
    parser.add_argument("--citations", type=int, default=300)
    parser.add_argument("--entries", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args(argv)

    ars_docs_cmd = shutil.which("ars-docs")
    if ars_docs_cmd is None:
        print("ars-docs is not on PATH: install the package first (pip install .)")
        return 2
    with tempfile.TemporaryDirectory(prefix="ars-bench-batch-") as tmp:
        work = Path(tmp)
        rng = random.Random(args.seed)
        entries = gen.make_entries(rng, args.entries)
        passport = work / "passport.yaml"
        passport.write_text(gen.passport_yaml(rng, entries), encoding="utf-8")
        (work / "passport_human_read_log.yaml").write_text(
            gen.read_log_yaml(rng, entries, args.entries // 4), encoding="utf-8"
        )
        # The same relative names both ways (the checklists name their draft).
        batch_dir, single_dir = work / "batch" / "chapters", work / "single" / "chapters"
        batch_dir.mkdir(parents=True)
        size = 0
        for number in range(args.drafts):
            text = gen.DraftWriter(rng, entries, int(args.size_kb * 1000), args.citations).build()
            (batch_dir / f"ch{number:04d}.md").write_text(text, encoding="utf-8")
            size += len(text.encode())
        shutil.copytree(batch_dir, single_dir)
        drafts = sorted(f"chapters/{p.name}" for p in single_dir.iterdir())
        env = {**os.environ, "ARS_DOCS_CACHE_DIR": str(work / "cache")}
        env.pop("ARS_DOCS_NO_CACHE", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        parse_script = work / "parse_all.py"
        parse_script.write_text(PARSE_ALL, encoding="utf-8")
        cores = os.cpu_count() or 1
        print(
            f"{args.drafts} drafts, {size / 1e6:.1f} MB in all ({size / args.drafts / 1000:.0f} KB "
            f"each), {args.entries}-entry passport; {cores} cores, --jobs {args.jobs}; one run each"
        )
        # Warm the passport cache and byte code once (users run warm).
        subprocess.run(
            [ars_docs_cmd, "finalize", drafts[0], "--passport", str(passport), "--check"],
            capture_output=True,
            env=env,
            check=False,
            cwd=single_dir.parent,
        )
        t_parse = timed([sys.executable, str(parse_script), *drafts], env, single_dir.parent)
        t_batch = timed(
            [
                ars_docs_cmd,
                "finalize",
                "chapters",
                "--passport",
                str(passport),
                "--jobs",
                str(args.jobs),
                "-q",
            ],
            env,
            batch_dir.parent,
        )
        start = time.perf_counter()
        for draft in drafts:
            timed(
                [ars_docs_cmd, "finalize", draft, "--passport", str(passport), "-q"],
                env,
                single_dir.parent,
            )
        t_single = time.perf_counter() - start

        same = files(batch_dir) == files(single_dir)
        speedup = t_single / t_batch
        ideal = t_parse / cores
        vs_parse = t_batch / ideal
        ok = speedup >= TARGET_SPEEDUP and vs_parse <= TARGET_VS_PARSE and same
        print(
            f"  bare parse, one process, all drafts  {t_parse:8.2f} s  "
            f"(/ {cores} cores: {ideal:.2f} s)"
        )
        print(f"  finalize, one batch call             {t_batch:8.2f} s")
        print(f"  finalize, one call per draft         {t_single:8.2f} s")
        print(
            f"separate / batch: {speedup:.2f}x (target >= {TARGET_SPEEDUP}) "
            f"{'ok' if speedup >= TARGET_SPEEDUP else 'MISSED'}"
        )
        print(
            f"batch / (bare parse / cores): {vs_parse:.2f} (target <= {TARGET_VS_PARSE}) "
            f"{'ok' if vs_parse <= TARGET_VS_PARSE else 'MISSED'}"
        )
        print(f"same bytes written both ways: {'yes' if same else 'NO'}")
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
