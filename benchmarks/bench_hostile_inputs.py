"""Cost of hostile and huge inputs, measured in separate processes (issue 16).

For each draft size, runs ``finalize``, ``render`` (markdown and HTML) and the
refusing ``render --strict`` as real ``ars-docs`` processes and prints the
wall time, the child's peak resident memory, the ratio of that peak to the
draft size and the stated bound (``ars_docs.core.limits.MEMORY_BOUNDS``). Then
runs the YAML alias bomb, 10^5-deep YAML and 1,000-deep JSON and the hostile
bibliographies of issue 38 (``@string`` bomb, ``#`` joins, 50 MB titles, RIS
continuation lines) and prints their time and peak memory next to the
10 s / 500 MB acceptance bounds.

Usage (from the repository root)::

    PYTHONPATH=. python benchmarks/bench_hostile_inputs.py               # 5 and 20 MB
    PYTHONPATH=. python benchmarks/bench_hostile_inputs.py --sizes 5 50  # larger
    PYTHONPATH=. python benchmarks/bench_hostile_inputs.py --strict      # exit 1 on a miss

The time ratio between sizes shows whether a command is linear: 4× the draft
should take about 4× the time.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ars_docs.core.limits import MEMORY_BOUND_ANY, MEMORY_BOUNDS

# The same two-entry passport the hostile-input tests use (one source of truth).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.support.hostile import PASSPORT, ars

MB = 1024 * 1024


@dataclass
class Measured:
    code: int
    seconds: float
    peak: int


def run(folder: Path, *args: str, timeout: float = 3600) -> Measured:
    """One ``python -m ars_docs`` process in ``folder``; its own peak memory.

    ``tests.support.hostile.ars`` runs it: the peak is the ``VmHWM`` the child
    reports at exit (``os.wait4``'s ``ru_maxrss`` would include this process's
    resident set at ``fork``). A run past ``timeout`` is killed and shown as -9.
    """
    started = time.monotonic()
    try:
        done = ars(folder, *args, timeout=timeout, stdout=subprocess.DEVNULL)
    except AssertionError:  # killed at the deadline
        return Measured(-9, time.monotonic() - started, 0)
    return Measured(done.code, done.seconds, done.peak_bytes)


def write_draft(path: Path, size: int) -> int:
    para = (
        "Results from the cohort — größer than expected <!--ref:ok2020--> and a "
        "second claim that still needs its source <!--ref:high2020-->. "
    ) * 3
    with open(path, "w", encoding="utf-8") as handle:
        written = handle.write("# Large draft\n\n")
        number = 0
        while written < size:
            number += 1
            block = f"## Section {number}\n\n" if number % 20 == 0 else para + "\n\n"
            handle.write(block)
            written += len(block.encode("utf-8"))
    return path.stat().st_size


COMMANDS = [
    ("finalize", "finalize", ("finalize", "draft.md", "--passport", "passport.yaml", "-o", "o.md")),
    ("render markdown", "render-markdown", ("render", "draft.md", "-o", "o.md")),
    ("render html", "render-html", ("render", "draft.md", "--to", "html", "-o", "o.html")),
    ("render --strict (refuses)", "render-markdown",
     ("render", "draft.md", "--passport", "passport.yaml", "--strict", "-o", "o.md")),
]  # fmt: skip


def bombs(folder: Path) -> list[tuple[str, tuple[str, ...]]]:
    from tests.support.raw_http import server_bombs  # issue 38: hostile servers

    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]")
    lines += ["literature_corpus:", "  - citation_key: k", "    title: t", "    notes: *a9"]
    (folder / "bomb.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    depth = 100_000
    (folder / "deep.yaml").write_text(
        "literature_corpus: " + "[" * depth + "]" * depth + "\n", encoding="utf-8"
    )
    (folder / "deep_session_events.jsonl").write_text(
        '{"ts": "2026-01-01T00:00:00Z", "phase": "ad-hoc", "action": "x", "agent": '
        + "[" * 1000
        + "]" * 1000
        + "}\n",
        encoding="utf-8",
    )
    bibliography_bombs(folder)
    data_bombs(folder)
    imported = ("--passport", "passport.yaml")
    return [
        ("alias bomb passport (lint corpus)", ("lint", "corpus", "bomb.yaml")),
        *server_bombs(folder),  # issue 38: hostile servers on 127.0.0.1 (lookup exits 75)
        ("10^5-deep YAML (lint corpus)", ("lint", "corpus", "deep.yaml")),
        ("1,000-deep JSON event (drift-log)",
         ("drift-log", "--passport", "passport.yaml", "--events", "deep_session_events.jsonl",
          "-o", "-")),
        ("@string bomb, 1 KB (corpus import)",
         ("corpus", "import", "string_bomb.bib", *imported)),
        ("200k # joins, 800 KB (corpus import)", ("corpus", "import", "joins.bib", *imported)),
        ("50 MB BibTeX title (corpus import)", ("corpus", "import", "title.bib", *imported)),
        ("50 MB CSL-JSON title (corpus import)", ("corpus", "import", "title.json", *imported)),
        ("50 MB RIS title (corpus import)", ("corpus", "import", "title.ris", *imported)),
        ("RIS 500k continuation lines (import)",
         ("corpus", "import", "continued.ris", *imported)),
        ("14 MB UTF-16 arXiv entity feed (75)",
         ("lookup", "--passport", "arxiv_passport.yaml", "--config", "feed.toml", "--dry-run")),
        ("index with an endless ids view",
         ("lookup", "--passport", "doi_passport.yaml", "--offline", "endless.idx", "--dry-run")),
        ("2 MB gzip of newlines (index build)",
         ("lookup", "index", "build", "newlines.jsonl.gz", "-o", "newlines.idx")),
    ]  # fmt: skip


def bibliography_bombs(folder: Path) -> None:
    """Issue 38 items 1, 8, 9: the crafted bibliographies, each refused with exit 65."""
    who = "author = {Smith, Jane}, year = 2020"
    lines = ['@string{m0 = "0123456789"}']
    lines += [f"@string{{m{i} = m{i - 1} # m{i - 1}}}" for i in range(1, 40)]
    lines.append(f"@article{{k, title = m39, {who}}}")
    (folder / "string_bomb.bib").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "joins.bib").write_text(
        '@string{m = "' + "x" * 1000 + '"}\n@article{k, ' + who + ", title = "
        + " # ".join(["m"] * 200_000) + "}\n",
        encoding="utf-8",
    )  # fmt: skip
    title = "word " * 10_000_000
    (folder / "title.bib").write_text(
        f"@article{{k, {who}, title = {{{title}}}}}\n", encoding="utf-8"
    )
    (folder / "title.json").write_text(
        '[{"id": "k", "type": "article-journal", "title": "' + title + '", "author": '
        '[{"family": "Smith"}], "issued": {"date-parts": [[2020]]}}]\n',
        encoding="utf-8",
    )
    head = "TY  - JOUR\nAU  - Smith, Jane\nPY  - 2020\n"
    (folder / "title.ris").write_text(f"{head}TI  - {title}\nER  - \n", encoding="utf-8")
    # 100 abstracts of 5,000 continuation lines are read (quadratic before issue 38:
    # minutes), then the last record's title, over the field cap, refuses the file.
    record = head + "TI  - A title\nAB  - start\n" + "continued abstract line\n" * 5000
    (folder / "continued.ris").write_text(
        (record + "ER  - \n") * 100 + head + "TI  - " + "t" * 1_100_000 + "\nER  - \n",
        encoding="utf-8",
    )


def data_bombs(folder: Path) -> None:
    """Issue 38 items 5 and 6: an arXiv feed of nested entities in UTF-16, served on
    127.0.0.1 for as long as this process runs (lookup's answer: exit 75, arXiv failed),
    a snapshot index whose ``ids`` is a view over an endless query, and 2 MB of gzipped
    newlines given to ``lookup index build`` (both refused with exit 65)."""
    import gzip
    import sqlite3

    from ars_docs.lookup.index.build import build_index
    from tests.support.lookup import arxiv, entry, passport
    from tests.support.scholarly_world import ScholarlyWorld

    title = "Sparse attention kernels for long-context retrieval models"
    entity = f'<!ENTITY e0 "{title} "><!ENTITY e1 "{"&e0;" * 10}">'
    feed = (
        f'<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE feed [{entity}]>'
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry>'
        "<id>http://arxiv.org/abs/2301.01234v1</id><title>" + "&e1;" * 1_800_000 +
        "</title><published>2023-01-04T00:00:00Z</published></entry></feed>"
    ).encode("utf-16")  # fmt: skip
    world = ScholarlyWorld().start()  # a daemon thread: it ends with this process
    world.add_arxiv(arxiv("2301.01234", [("2023-01-04T00:00:00Z", title)], ["Ana Souza"]))
    world.garble("arxiv_api", feed, content_type="application/atom+xml", times=None)
    world.write_config(folder / "feed.toml")
    passport(folder / "arxiv_passport.yaml",
             entry("ax", title, ["Souza"], 2023, arxiv_id="2301.01234"))  # fmt: skip
    doi = "10.1000/xyz123"
    (folder / "work.jsonl").write_text(
        f'{{"DOI": "{doi}", "title": ["A study"], "author": [{{"family": "Doe"}}], '
        '"issued": {"date-parts": [[2020]]}, "type": "journal-article"}\n',
        encoding="utf-8",
    )
    build_index([folder / "work.jsonl"], folder / "endless.idx")
    with sqlite3.connect(folder / "endless.idx") as db:
        db.execute("DROP TABLE ids")
        db.execute(
            "CREATE VIEW ids(kind, value, work) AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL "
            f"SELECT n + 1 FROM r) SELECT 'doi', '{doi}', 1 FROM r WHERE n < 0"
        )
    db.close()
    passport(folder / "doi_passport.yaml", entry("a", "A study", ["Doe"], 2020, doi=doi))
    with gzip.open(folder / "newlines.jsonl.gz", "wb", compresslevel=9) as out:
        for _ in range(2048):
            out.write(b"\n" * MB)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[5, 20], metavar="MB")
    parser.add_argument("--dense-mb", type=float, default=2, metavar="MB")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a bound is missed")
    args = parser.parse_args(argv)
    missed = False
    with tempfile.TemporaryDirectory(prefix="ars-bench-hostile-") as tmp:
        folder = Path(tmp) / "session"  # ``ars`` keeps HOME and caches in a sibling
        folder.mkdir()
        (folder / "passport.yaml").write_text(PASSPORT, encoding="utf-8")
        times: dict[str, list[tuple[int, float]]] = {}
        print(f"{'command':28} {'draft':>8} {'time':>8} {'peak':>8} {'peak/size':>10} {'bound':>9}")
        for mb in args.sizes:
            size = write_draft(folder / "draft.md", int(mb * 1_000_000))
            for label, bound, argv in COMMANDS:
                measured = run(folder, *argv)
                factor, base = MEMORY_BOUNDS[bound]
                limit = factor * size + base
                ok = measured.peak <= limit and measured.code in (0, 1)
                missed |= not ok
                times.setdefault(label, []).append((size, measured.seconds))
                print(
                    f"{label:28} {size / MB:7.1f}M {measured.seconds:7.1f}s "
                    f"{measured.peak / MB:7.0f}M {measured.peak / size:9.1f}× "
                    f"{limit / MB:8.0f}M{'' if ok else '  MISSED'}"
                )
        if len(args.sizes) > 1:
            print("\ntime ratio largest ÷ smallest draft, against the size ratio (linear ≈ equal):")
            for label, points in times.items():
                (s0, t0), (s1, t1) = points[0], points[-1]
                print(f"  {label:28} time ×{t1 / t0:5.1f}   size ×{s1 / s0:5.1f}")
        print(f"\n{'dense markup (any-draft bound)':28} {'draft':>8} {'time':>8} {'peak':>8}")
        dense = "*a* _b_ `c` [d](e) <!--ref:ok2020-->\n"
        for label, _, argv in COMMANDS[:3]:
            text = dense * int(args.dense_mb * 1_000_000 / len(dense))
            (folder / "draft.md").write_text(text, encoding="utf-8")
            size = len(text.encode("utf-8"))
            measured = run(folder, *argv)
            factor, base = MEMORY_BOUND_ANY
            ok = measured.peak <= factor * size + base and measured.code == 0
            missed |= not ok
            print(
                f"{label:28} {size / MB:7.1f}M {measured.seconds:7.1f}s "
                f"{measured.peak / MB:7.0f}M {measured.peak / size:9.1f}× "
                f"{(factor * size + base) / MB:8.0f}M{'' if ok else '  MISSED'}"
            )
        print(f"\n{'hostile input':36} {'exit':>4} {'time':>7} {'peak':>7}  (bound 10 s, 500 MB)")
        for label, argv in bombs(folder):
            measured = run(folder, *argv, timeout=120)
            # 75: a lookup whose registry answer was refused (the arXiv feed) carries on.
            ok = measured.code in (65, 75) and measured.seconds <= 10 and measured.peak <= 500 * MB
            missed |= not ok
            print(
                f"{label:36} {measured.code:4} {measured.seconds:6.2f}s "
                f"{measured.peak / MB:6.0f}M{'' if ok else '  MISSED'}"
            )
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
