"""Benchmark ``ars-docs report`` on a thesis-sized session, and the page in a real browser.

One run generates, deterministically (seeded ``random``), in a temporary
directory (or ``--keep DIR``):

* ``thesis.md``: a 3,000-paragraph draft (headings every 20 paragraphs,
  block quotes, lists, a table and fenced code now and then, non-ASCII
  prose), each paragraph with one to four citations: finalized ``ok`` /
  ``LOW-WARN`` markers, visible-prefix warnings, bare markers, a few keys not
  in the corpus, a few malformed markers and a few citations with no marker;
* ``passport.yaml``: 2,000 entries with varied trust fields, a human-read log
  marking about a third of them (some rescinded, some partial), and a
  retrieval attempt log with an ``acquired`` record for each acquired entry.

It prints, with their targets (issue 26 §3):

1. whole-process ``ars-docs report`` time (<= 3 s) and the in-process split
   (data model / page);
2. the HTML file's size (<= 5 MB) and the JSON data model's size;
3. with Debian's ``chromium`` on PATH: the page's load in headless chromium —
   ``domContentLoaded`` and ``load`` from the Navigation Timing API, and the
   wall time of ``chromium --dump-dom`` on the report against the same on a
   two-line page (the browser's own start-up) — plus DOM checks a person
   would make: citations per status equal the data model's counts, the
   status filter shows exactly the rows of that status, every citation
   carries a text label, focusing a citation shows its evidence. Without
   chromium that part is skipped with the reason printed.

A measurement, not a test: exit 0 whatever the numbers, unless ``--strict``
(exit 1 when a target is missed or a DOM check fails). Run it as::

    PYTHONPATH=. python benchmarks/bench_report.py
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

TARGET_SECONDS = 3.0
TARGET_BYTES = 5_000_000
SEED = 20261201


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


FAMILIES = _words(
    "Smith Müller García Nguyen Kowalski Øberg Chen Ishikawa O'Neil Dubois Rossi Petrov "
    "Haddad Björk Núñez Zhang Kim Okafor Fernández Sato Harvey Stensaker Biggs Newton"
)
WORDS = _words(
    "quality assurance culture teaching learning evaluation institution trust evidence "
    "accreditation review standards outcomes students academics policy practice framework "
    "monitoring audit feedback curriculum design assessment alignment governance autonomy "
    "the of and in to a that is for on with as by this which are be from at an not it "
    "Öffentlichkeit naïve façade Qualitätskultur résumé Zürich"
)


def make_session(folder: Path, *, paragraphs: int = 3000, entries: int = 2000) -> Path:
    """Write thesis.md, passport.yaml, its read log and retrieval log; return the passport."""
    rng = random.Random(SEED)
    keys = []
    lines = ["session_id: bench-thesis", "literature_corpus:"]
    log = ["session_id: bench-thesis", "human_read:"]
    retrieval = []
    for index in range(entries):
        family = rng.choice(FAMILIES)
        year = 1960 + index % 64
        key = f"{re.sub(r'[^a-z]', '', family.lower()) or 'x'}_{year}_{index}"
        keys.append((key, family, year))
        acquired = index % 5 != 0
        verified = acquired and index % 4 != 1
        lines += [
            f"  - citation_key: {key}",
            f'    title: "On {rng.choice(WORDS)} and {rng.choice(WORDS)}, part {index}"',
            f'    authors: [{{family: "{family}", given: A.}}]',
            f"    year: {year}",
            f"    source_pointer: sources/{key}.pdf",
            f"    source_acquired: {'true' if acquired else 'false'}",
            f"    source_verified_against_original: {'true' if verified else 'false'}",
            f"    source_verification_method: {'manual_grep' if verified else 'none'}",
        ]
        if acquired:
            lines += [
                f"    source_acquisition_path: sources/{key}.pdf",
                "    source_acquisition_date: 2026-11-01T10:00:00Z",
            ]
            retrieval.append(
                {
                    "time": "2026-11-01T10:00:00Z",
                    "refcode": key,
                    "event": "acquired",
                    "run_id": "bench",
                    "channel": "open_access_repository",
                    "url": f"https://example.org/{key}.pdf",
                    "path": f"sources/{key}.pdf",
                    "sha256": f"{index:064x}",
                    "bytes": 100_000 + index,
                    "match": "verified",
                    "source_acquisition_date": "2026-11-01T10:00:00Z",
                }
            )
        if verified and index % 3 == 0:
            log += [f"  - citation_key: {key}", "    marked_at: 2026-11-20T09:00:00Z"]
            if index % 27 == 0:
                log.append("    rescinded_at: 2026-11-21T09:00:00Z")
    passport = folder / "passport.yaml"
    passport.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "passport_human_read_log.yaml").write_text("\n".join(log) + "\n", encoding="utf-8")
    (folder / "passport_retrieval_log.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in retrieval), encoding="utf-8"
    )
    text = ["---", "title: A generated thesis", "---", ""]
    for index in range(paragraphs):
        if index % 20 == 0:
            text += [f"## {index // 20 + 1}. Chapter on {rng.choice(WORDS)}", ""]
        sentences = []
        for _ in range(rng.randint(1, 4)):
            key, family, year = rng.choice(keys)
            words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(12, 30)))
            roll = rng.random()
            if roll < 0.5:
                marker = f"<!--ref:{key} ok-->" if rng.random() < 0.5 else f"<!--ref:{key}-->"
            elif roll < 0.7:
                marker = f"<!--ref:{key} LOW-WARN-->"
            elif roll < 0.9:
                marker = f"[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:{key}-->"
            elif roll < 0.95:
                marker = f"<!--ref:missing_{index}-->"
            elif roll < 0.98:
                marker = f"<!--ref {key}-->"
            else:
                marker = ""
            sentences.append(f"{words.capitalize()} ({family}, {year}){marker}.")
        body = " ".join(sentences)
        if index % 50 == 7:
            text += ["> " + body, ""]
        elif index % 50 == 13:
            text += ["- " + body, ""]
        elif index % 100 == 42:
            text += ["```", "<!--ref:not_a_citation--> code", "```", "", body, ""]
        else:
            text += [body, ""]
    (folder / "thesis.md").write_text("\n".join(text), encoding="utf-8")
    return passport


PROBE = r"""
<script>
window.addEventListener("load", function () {
  setTimeout(function () {
    var nav = performance.getEntriesByType("navigation")[0] || {};
    var out = { dcl: nav.domContentLoadedEventEnd || null, load: nav.loadEventEnd || null,
                counts: {}, unlabeled: 0 };
    var marks = document.querySelectorAll(".c");
    out.marks = marks.length;
    Array.prototype.forEach.call(marks, function (m) {
      var s = m.hasAttribute("data-u") ? "UNMARKED" : (m.className.match(/\bs-(\S+)/) || [])[1];
      out.counts[s] = (out.counts[s] || 0) + 1;
      if (m.textContent.indexOf(s) === -1) { out.unlabeled += 1; }
    });
    var fs = document.getElementById("fs");
    var rows = document.querySelectorAll("#st tbody tr");
    var t0 = performance.now();
    fs.value = "HIGH-WARN";
    fs.dispatchEvent(new Event("change"));
    document.body.offsetHeight;  // the layout the filter causes
    out.filter_ms = performance.now() - t0;
    var visible = Array.prototype.filter.call(rows, function (r) { return !r.hidden; });
    out.filter_ok = visible.length > 0 && visible.every(function (r) {
      return r.getAttribute("data-s") === "HIGH-WARN"; }) &&
      visible.length === document.querySelectorAll('#st tbody tr[data-s="HIGH-WARN"]').length;
    fs.value = ""; fs.dispatchEvent(new Event("change"));
    var all = document.querySelectorAll("a.c");
    var last = all[all.length - 1];
    t0 = performance.now();
    if (last) { last.focus(); }
    var tip = document.getElementById("tip");
    document.body.offsetHeight;
    out.focus_ms = performance.now() - t0;
    out.tip_ok = !!last && !tip.hidden && tip.textContent.indexOf("Acquired") !== -1;
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }, 0);
});
</script>
"""


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def browser_args(binary: str) -> list[str]:
    return [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]


def probe_page(binary: str, page: Path) -> tuple[dict[str, Any], float]:
    """Load ``page`` with the probe script appended; its results and the wall time."""
    probed = page.with_name(page.stem + "_probe.html")
    probed.write_text(
        page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"), encoding="utf-8"
    )
    began = time.perf_counter()
    done = subprocess.run(
        [*browser_args(binary), "--virtual-time-budget=60000", "--dump-dom", probed.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    wall = time.perf_counter() - began
    found = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout, re.S)
    if not found:
        raise RuntimeError(f"the probe did not report; chromium said: {done.stderr[-400:]}")
    import html

    return json.loads(html.unescape(found.group(1))), wall


def blank_wall(binary: str, folder: Path) -> float:
    blank = folder / "blank.html"
    blank.write_text("<!DOCTYPE html><title>x</title><p>x</p>\n", encoding="utf-8")
    began = time.perf_counter()
    subprocess.run(
        [*browser_args(binary), "--dump-dom", blank.as_uri()],
        capture_output=True,
        timeout=120,
        check=False,
    )
    return time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", metavar="DIR", help="generate into DIR and keep it")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    folder = Path(args.keep or tempfile.mkdtemp(prefix="bench_report_"))
    folder.mkdir(parents=True, exist_ok=True)
    missed: list[str] = []
    try:
        passport = make_session(folder)
        draft = folder / "thesis.md"
        out = folder / "report.html"
        env = {**os.environ, "SOURCE_DATE_EPOCH": "1764400000"}
        command = [
            sys.executable,
            "-m",
            "ars_docs",
            "report",
            str(draft),
            "--passport",
            str(passport),
            "-o",
            str(out),
            "-q",
        ]
        subprocess.run(command, check=True, env=env)  # fills the passport cache, as a session has
        before = os.times()
        began = time.perf_counter()
        subprocess.run(command, check=True, env=env)
        whole = time.perf_counter() - began
        after = os.times()
        cpu = (after.children_user - before.children_user) + (
            after.children_system - before.children_system
        )
        baseline = [
            sys.executable,
            "-m",
            "ars_docs",
            "render",
            str(draft),
            "--strict",
            "--check",
            "--passport",
            str(passport),
            "-q",
        ]
        before = os.times()
        subprocess.run(baseline, env=env, capture_output=True, check=False)
        after = os.times()
        gate_cpu = (after.children_user - before.children_user) + (
            after.children_system - before.children_system
        )
        from ars_docs.reports.trust_report.model import build_report
        from ars_docs.reports.trust_report.page import render_page

        text = draft.read_text(encoding="utf-8")
        os.environ["SOURCE_DATE_EPOCH"] = env["SOURCE_DATE_EPOCH"]
        began = time.perf_counter()
        report = build_report([(str(draft), text)], str(passport))
        model_s = time.perf_counter() - began
        began = time.perf_counter()
        page = render_page(report)
        page_s = time.perf_counter() - began
        size = out.stat().st_size
        json_size = len(json.dumps(report.data, ensure_ascii=False, indent=2).encode())
        counts = report.data["summary"]["counts"]
        print(
            f"session: {text.count(chr(10))} lines, {report.data['summary']['citations']} "
            f"citations, {report.data['summary']['sources']} sources"
        )
        print(
            f"1. ars-docs report, whole process: {whole:.2f} s wall, {cpu:.2f} s CPU (target "
            f"<= {TARGET_SECONDS} s; load average now {os.getloadavg()[0]:.1f} on "
            f"{os.cpu_count()} CPUs); in process: data model {model_s:.2f} s + page "
            f"{page_s:.2f} s"
        )
        print(
            f"   the same draft through `render --strict --check` alone: {gate_cpu:.2f} s CPU "
            f"(report / gate: {cpu / gate_cpu:.2f})"
        )
        print(
            f"2. report.html: {size / 1e6:.2f} MB (target <= {TARGET_BYTES / 1e6:.0f} MB); "
            f"JSON data model {json_size / 1e6:.2f} MB; page == file: "
            f"{page == out.read_text(encoding='utf-8')}"
        )
        if whole > TARGET_SECONDS:
            missed.append("time")
        if size > TARGET_BYTES:
            missed.append("size")
        binary = chromium()
        if binary is None:
            print("3. skipped: no chromium on PATH (Debian: apt-get install chromium)")
        else:
            result, wall = probe_page(binary, out)
            base = blank_wall(binary, folder)
            marked = {k: v for k, v in counts.items() if v and k != "UNMARKED"}
            shown = {k: v for k, v in result["counts"].items() if k != "UNMARKED"}
            checks = {
                "citations per status == data model": shown == marked,
                "unmarked highlighted == data model": result["counts"].get("UNMARKED", 0)
                == counts["UNMARKED"],
                "every citation has a text label": result["unlabeled"] == 0,
                "status filter shows exactly its rows": result["filter_ok"],
                "focus shows the evidence": result["tip_ok"],
            }
            print(
                f"3. headless chromium: domContentLoaded {result['dcl']:.0f} ms, load "
                f"{result['load']:.0f} ms; status filter {result['filter_ms']:.0f} ms, "
                f"evidence card on focus {result['focus_ms']:.0f} ms; chromium --dump-dom "
                f"wall {wall:.2f} s against {base:.2f} s for a two-line page"
            )
            for name, ok in checks.items():
                print(f"   {'ok  ' if ok else 'FAIL'} {name}")
                if not ok:
                    missed.append(name)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    if missed:
        print(f"missed: {', '.join(missed)}")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
