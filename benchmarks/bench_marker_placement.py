"""False refusals of legitimate marker placements (issue 24 §2).

Generates realistic drafts in which every source is ``ok`` and every citation
carries its marker, placed the ways agents and people place them: right after
the citation, at the end of the sentence, after the sentence's period (with
or without a space), on the next line, before the citation, two citations
followed by their two markers. Sentences with a place, country or
organisation before a year (``Tokyo (2021) hosted the Games``) carry no
marker, as a writer would leave them. Each draft goes through the strict
gate (``api.render(strict=True)``); a refusal is a false refusal.

It also deletes one marker from each draft that has one and checks that the
gate then refuses it: the sentence rule must not let an uncovered citation
through.

    PYTHONPATH=. python benchmarks/bench_marker_placement.py [--drafts 5000] [--seed 24]
    PYTHONPATH=. python benchmarks/bench_marker_placement.py --compare 6a4971b

``--compare REV`` runs the same drafts (same seed) against the package as it
was at git revision REV (``git archive`` into a temporary folder) and prints
both refusal rates: before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

AUTHORS = [
    ("good2019", "Good", 2019),
    ("chen2018", "Chen", 2018),
    ("okafor2020", "Okafor", 2020),
    ("muller2017", "Müller", 2017),
    ("silva2021", "Silva", 2021),
    ("nakamura2015", "Nakamura", 2015),
    ("dubois2016", "Dubois", 2016),
    ("kowalski2022", "Kowalski", 2022),
    ("rossi2014", "Rossi", 2014),
    ("haddad2023", "Haddad", 2023),
    ("vanderberg2011", "van der Berg", 2011),
    ("obrien2013", "O'Brien", 2013),
]
VERBS = [
    "found that attention declines with age",
    "reported a moderate effect in older adults",
    "argued that the measure is biased",
    "showed that the estimate is stable across samples",
    "described the same pattern in rural schools",
    "observed no difference between conditions",
    "proposed a two-stage model of the process",
]
CLAIMS = [
    "Attention declines with age",
    "The effect is moderate in older adults",
    "The measure is biased against late responders",
    "Estimates are stable across samples",
    "The pattern also holds in rural schools",
    "No difference between conditions was observed",
    "A two-stage model fits the data best",
]
PLAIN = [
    "Tokyo (2021) hosted the Games without spectators.",
    "Turnout in Germany (2022) was higher than expected.",
    "Lagos (2019) grew by almost half a million people.",
    "Berlin (2015) took in the largest share of applicants.",
    "The survey ran from 2014 to 2019 in 12 countries.",
    "Each session lasted 45 minutes (with a 5-minute break).",
    "Costs rose from $5 to $7 per participant.",
    "We recruited 312 students (54 % women) in Spring 2020.",
    "Table 2 (2019 data) lists the sample by region.",
    "The response rate was 61 % in the third wave.",
    "Participants were paid €20 for a 40-minute session.",
    "The Paris Agreement (2015) set the policy context.",
]
PLACEMENTS = {
    "adjacent": 30,
    "sentence end": 20,
    "after period": 12,
    "after period, no space": 8,
    "next line": 8,
    "sentence start": 7,
    "before citation": 5,
    "two then two": 10,
}


def marker(key: str) -> str:
    return f"<!--ref:{key} ok-->"


def cite_text(rng: random.Random, author: tuple[str, str, int], narrative: bool) -> str:
    _, name, year = author
    if rng.random() < 0.2:
        name += " et al."
    if narrative:
        return f"{name[0].upper()}{name[1:]} ({year})"
    return f"({name}, {year})"


def cited_sentence(rng: random.Random, placement: str) -> tuple[str, str]:
    """One sentence with one or two citations and their markers placed by ``placement``."""
    two = placement == "two then two" or rng.random() < 0.15
    authors = rng.sample(AUTHORS, 2 if two else 1)
    narrative = rng.random() < 0.6
    texts = [cite_text(rng, a, narrative) for a in authors]
    marks = [marker(a[0]) for a in authors]
    if placement in ("adjacent", "before citation"):
        if placement == "adjacent":
            parts = [
                f"{t} {m}" if narrative else f"{t}{m}" for t, m in zip(texts, marks, strict=True)
            ]
        else:
            parts = [f"{m} {t}" for t, m in zip(texts, marks, strict=True)]
        marks_after, marks_end = "", ""
    else:
        parts = texts
        marks_after = "".join(marks)
        marks_end = ""
    if narrative:
        body = " and ".join(parts) + " " + rng.choice(VERBS)
        if len(parts) == 2:
            body = body.replace(" found that", " both found that")
    else:
        body = rng.choice(CLAIMS) + " " + "; ".join(parts).replace(");", "),")
        if len(parts) == 2:
            body = rng.choice(CLAIMS) + " " + parts[0] + ", as later work confirmed " + parts[1]
    if placement in ("sentence end", "two then two"):
        return body + " " + marks_after + ".", placement
    if placement == "after period":
        return body + ". " + marks_after, placement
    if placement == "after period, no space":
        return body + "." + marks_after, placement
    if placement == "next line":
        return body + ".\n" + marks_after, placement
    if placement == "sentence start":
        return marks_after + " " + body + ".", placement
    return body + marks_end + ".", placement


def draft(rng: random.Random) -> tuple[str, list[str]]:
    """A draft of a few sections, and the placements it uses."""
    names, weights = list(PLACEMENTS), list(PLACEMENTS.values())
    used: list[str] = []
    blocks = [f"# Chapter {rng.randint(1, 9)}"]
    for section in range(rng.randint(2, 4)):
        blocks.append(f"## Section {section + 1}")
        for _ in range(rng.randint(1, 3)):
            sentences: list[str] = []
            for _ in range(rng.randint(2, 5)):
                if rng.random() < 0.3:
                    sentences.append(rng.choice(PLAIN))
                    continue
                text, placement = cited_sentence(rng, rng.choices(names, weights)[0])
                used.append(placement)
                sentences.append(text)
            paragraph = " ".join(sentences)
            if rng.random() < 0.1:
                paragraph = "- " + paragraph.replace("\n", "\n  ")
            elif rng.random() < 0.05:
                paragraph = "> " + paragraph.replace("\n", "\n> ")
            blocks.append(paragraph)
    return "\n\n".join(blocks) + "\n", used


def corpus() -> tuple[dict[str, object], dict[str, object]]:
    entries = [
        {
            "citation_key": key,
            "title": "T",
            "authors": [{"family": name}],
            "year": year,
            "source_pointer": "p",
            "source_acquired": True,
            "source_verified_against_original": True,
            "source_verification_method": "codex_audit",
            "description_last_audit": "r1",
        }
        for key, name, year in AUTHORS
    ]
    read = {
        "human_read": [
            {"citation_key": key, "marked_at": "2026-01-01T00:00:00Z"} for key, _, _ in AUTHORS
        ]
    }
    return {"literature_corpus": entries}, read


def measure(count: int, seed: int) -> dict[str, object]:
    from ars_docs.commands import drafts as api

    rng = random.Random(seed)
    data, read = corpus()
    refused = 0
    reasons: Counter[str] = Counter()
    by_placement: Counter[str] = Counter()
    placements: Counter[str] = Counter()
    examples: list[str] = []
    deleted = caught = 0
    for _ in range(count):
        text, used = draft(rng)
        placements.update(set(used))
        result = api.render(text, data, read, strict=True)
        if result.output is None:
            refused += 1
            offenders = result.gate.offenders
            reasons.update({o.reason for o in offenders})
            by_placement.update(set(used))
            if len(examples) < 3:
                examples.append(text)
        start = text.find("<!--ref:")
        if start >= 0:
            end = text.index("-->", start) + 3
            deleted += 1
            if api.render(text[:start] + text[end:], data, read, strict=True).output is None:
                caught += 1
    plain = [s for s in PLAIN if _flagged(api.finalize(s + "\n", []))]
    return {
        "plain_flagged": plain,
        "drafts": count,
        "refused": refused,
        "reasons": dict(reasons),
        "by_placement": {k: [by_placement[k], placements[k]] for k in placements},
        "deleted": deleted,
        "caught": caught,
        "examples": examples,
    }


def _flagged(result: object) -> bool:
    return any(d.code == "ARS005" for d in result.diagnostics)  # type: ignore[attr-defined]


def at_revision(rev: str, count: int, seed: int) -> dict[str, object]:
    """The same measurement against the package as it was at ``rev``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "ars_docs"], check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        env = {**os.environ, "PYTHONPATH": tmp}
        run = subprocess.run(
            [sys.executable, __file__, "--drafts", str(count), "--seed", str(seed), "--json"],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp,
        )
    result: dict[str, object] = json.loads(run.stdout)
    return result


def show(label: str, result: dict[str, object], verbose: bool) -> None:
    drafts, refused = int(result["drafts"]), int(result["refused"])  # type: ignore[call-overload]
    print(
        f"{label}: {refused} of {drafts} legitimate drafts refused ({100 * refused / drafts:.1f} %)"
    )
    print(f"  refusal reasons: {result['reasons']}")
    plain = result["plain_flagged"]
    assert isinstance(plain, list)
    print(f"  citation-free sentences read as citations: {len(plain)} of {len(PLAIN)} {plain}")
    deleted, caught = result["deleted"], result["caught"]
    print(f"  one marker deleted: {caught} of {deleted} drafts refused (must be all)")
    if verbose:
        by = result["by_placement"]
        assert isinstance(by, dict)
        for name, (bad, total) in sorted(by.items()):
            print(f"  drafts using {name!r}: {bad} of {total} refused")
        examples = result["examples"]
        assert isinstance(examples, list)
        for text in examples[:1]:
            print("  example of a refused draft:\n" + text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drafts", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--compare", metavar="REV", help="also measure git revision REV (before)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("-v", "--verbose", action="store_true", help="per placement, an example")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.drafts, args.seed)))
        return 0
    if args.compare:
        show(
            f"before ({args.compare})",
            at_revision(args.compare, args.drafts, args.seed),
            args.verbose,
        )
    show("after (this tree)", measure(args.drafts, args.seed), args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
