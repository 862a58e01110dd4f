"""Whole-process cost of ``ars-docs finalize`` on a typical chapter.

Users pay for interpreter start-up and imports on every call, so this measures
processes, not functions. One run generates (with the generator of
``bench_finalize.py``) a typical chapter — about 60 KB, about 300 markers, a
300-entry passport and its read log — and prints, measured in this run:

1. ``ars-docs finalize --check`` (warm: the passport cache is filled first)
   ÷ a bare ``python -c 'import markdown_it; …parse…'`` process on the same
   text (target ≤ 2);
2. ``pandoc --citeproc`` on the same content ÷ ``ars-docs finalize`` (target
   ≥ 3; skipped when pandoc is not installed);
3. ``python -c 'import ars_docs.document.api'`` less ``python -c pass`` (target
   <= 40 ms), beside markdown-it-py's own import, which it includes;
4. the top offenders of ``python -X importtime`` for that finalize.

Each time is the best of ``--repeat`` runs. It is a measurement, not a test:
exit 0 whatever the numbers, 1 with ``--strict`` when a target is missed.

    PYTHONPATH=. python benchmarks/bench_startup.py
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import bench_finalize as gen  # noqa: E402  (the shared input generator)

TARGET_VS_PARSE = 2.0  # finalize process / bare parse process, at most
TARGET_VS_PANDOC = 3.0  # pandoc --citeproc process / finalize process, at least
TARGET_IMPORT = 0.040  # seconds for `import ars_docs.document.api` over a bare interpreter

BARE_PARSE = (
    "import sys, markdown_it\n"
    "from mdit_py_plugins.front_matter import front_matter_plugin\n"
    "text = open(sys.argv[1], encoding='utf-8').read()\n"
    "markdown_it.MarkdownIt('commonmark').enable('table').use(front_matter_plugin).parse(text)\n"
)


def best_process_time(command: list[str], repeat: int, env: dict[str, str]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, env=env, check=False)
        elapsed = time.perf_counter() - start
        if done.returncode not in (0, 1):
            sys.exit(f"command failed ({done.returncode}): {' '.join(command)}\n{done.stderr!r}")
        best = min(best, elapsed)
    return best


def import_offenders(command: list[str], env: dict[str, str], top: int) -> list[tuple[int, str]]:
    """The modules with the largest self import time, in microseconds."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *command], capture_output=True, text=True, env=env
    )
    rows = []
    for line in done.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if not line.startswith("import time:") or len(fields) != 3 or "self" in fields[0]:
            continue
        rows.append((int(fields[0]), fields[2].strip()))
    rows.sort(reverse=True)
    return rows[:top]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-kb", type=float, default=60, help="chapter size (default 60)")
    parser.add_argument("--citations", type=int, default=300, help="markers (default 300)")
    parser.add_argument("--entries", type=int, default=300, help="passport entries (300)")
    parser.add_argument("--repeat", type=int, default=7, help="best-of-N (default 7)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)

    ars_docs_cmd = shutil.which("ars-docs")
    if ars_docs_cmd is None:
        print("ars-docs is not on PATH: install the package first (pip install .)")
        return 2
    with tempfile.TemporaryDirectory(prefix="ars-bench-startup-") as tmp:
        work = Path(tmp)
        rng = random.Random(args.seed)
        entries = gen.make_entries(rng, args.entries)
        passport = work / "passport.yaml"
        passport.write_text(gen.passport_yaml(rng, entries), encoding="utf-8")
        (work / "passport_human_read_log.yaml").write_text(
            gen.read_log_yaml(rng, entries, args.entries // 4), encoding="utf-8"
        )
        text = gen.DraftWriter(rng, entries, int(args.size_kb * 1000), args.citations).build()
        draft = work / "chapter.md"
        draft.write_text(text, encoding="utf-8")
        markers = text.count("<!--ref:")
        print(
            f"chapter: {len(text.encode()) / 1000:.0f} KB, {markers} markers, "
            f"{args.entries} passport entries; best of {args.repeat} runs each"
        )
        env = {**os.environ, "ARS_DOCS_CACHE_DIR": str(work / "cache")}
        env.pop("ARS_DOCS_NO_CACHE", None)
        # Users run with byte-code caches; without them every module is compiled
        # again on every call and the timings would mostly measure the compiler.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        parse_script = work / "bare_parse.py"
        parse_script.write_text(BARE_PARSE, encoding="utf-8")
        finalize = [ars_docs_cmd, "finalize", str(draft), "--passport", str(passport), "--check"]
        for warm_up in (finalize, [sys.executable, str(parse_script), str(draft)]):
            subprocess.run(warm_up, capture_output=True, env=env, check=False)  # caches, .pyc

        t_finalize = best_process_time(finalize, args.repeat, env)
        t_parse = best_process_time(
            [sys.executable, str(parse_script), str(draft)], args.repeat, env
        )
        t_python = best_process_time([sys.executable, "-c", "pass"], args.repeat, env)
        t_import = best_process_time(
            [sys.executable, "-c", "import ars_docs.document.api"], args.repeat, env
        )
        t_md_import = best_process_time(
            [sys.executable, "-c", "import markdown_it, mdit_py_plugins.front_matter"],
            args.repeat,
            env,
        )
        ratio = t_finalize / t_parse
        ok = ratio <= TARGET_VS_PARSE
        print(f"  python -c pass                 {t_python * 1000:7.1f} ms")
        print(f"  import markdown_it (+ plugin)  {t_md_import * 1000:7.1f} ms")
        print(
            f"  import ars_docs.document.api      {t_import * 1000:7.1f} ms  "
            f"(import alone: {(t_import - t_python) * 1000:.1f} ms over python; target <= "
            f"{TARGET_IMPORT * 1000:.0f} ms; markdown-it's own import: "
            f"{(t_md_import - t_python) * 1000:.1f} ms)"
        )
        print(f"  bare markdown-it parse process {t_parse * 1000:7.1f} ms")
        print(f"  ars-docs finalize (warm)       {t_finalize * 1000:7.1f} ms")
        print(
            f"finalize / bare parse: {ratio:.2f} (target <= {TARGET_VS_PARSE}) "
            f"{'ok' if ok else 'MISSED'}"
        )

        pandoc = shutil.which("pandoc")
        if pandoc is None:
            print("pandoc --citeproc: skipped (pandoc not found; apt-get install pandoc)")
        else:
            from ars_docs import load_corpus

            corpus = load_corpus(passport, use_cache=False)
            converted, _ = gen.pandoc_draft(text)
            (work / "chapter_pandoc.md").write_text(converted, encoding="utf-8")
            bib = work / "bibliography.json"
            bib.write_text(json.dumps(gen.csl_json(corpus)), encoding="utf-8")
            command = [
                pandoc,
                "--citeproc",
                "--bibliography",
                str(bib),
                "--from",
                "markdown",
                "--to",
                "html5",
                "-o",
                str(work / "out.html"),
                str(work / "chapter_pandoc.md"),
            ]
            t_pandoc = best_process_time(command, args.repeat, env)
            speedup = t_pandoc / t_finalize
            ok_pandoc = speedup >= TARGET_VS_PANDOC
            ok = ok and ok_pandoc
            print(f"  pandoc --citeproc              {t_pandoc * 1000:7.1f} ms")
            print(
                f"pandoc / finalize: {speedup:.2f}x (target >= {TARGET_VS_PANDOC}) "
                f"{'ok' if ok_pandoc else 'MISSED'}"
            )

        print("top self import times of that finalize (python -X importtime):")
        for self_us, name in import_offenders(["-m", "ars_docs", *finalize[1:]], env, 12):
            print(f"  {self_us / 1000:6.1f} ms  {name}")
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
