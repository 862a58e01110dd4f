"""Precision and recall of the unmarked-citation detector on a labelled set (issue 10).

``tests/data/citation_sentences.txt`` holds realistic draft sentences, each
labelled ``C`` (contains at least one citation) or ``-`` (none): author–year
and numeric citations next to years, page numbers, equations, figure and
table references, money, versions, code spans and links. Every sentence is
run through ``finalize`` as a one-paragraph draft *without* markers; a
sentence counts as detected when finalize reports ARS005 for it.

    PYTHONPATH=. python benchmarks/bench_citation_detector.py [--show-errors]

Prints counts, precision, recall and the time per sentence.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ars_docs import codes
from ars_docs.draft import api

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "citation_sentences.txt"


def load(path: Path = DATA) -> list[tuple[bool, str]]:
    """``(is_citation, sentence)`` for every labelled line."""
    rows: list[tuple[bool, str]] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        label, _, sentence = raw.partition("\t")
        if label not in ("C", "-") or not sentence:
            raise ValueError(f"{path}: bad line {raw!r}")
        rows.append((label == "C", sentence))
    return rows


def detects(sentence: str) -> bool:
    result = api.finalize(sentence + "\n", [])
    return any(d.code == codes.UNMARKED_CITATION for d in result.diagnostics)


def evaluate(rows: list[tuple[bool, str]]) -> dict[str, list[str]]:
    """Sentences by outcome: ``tp``, ``fp``, ``fn``, ``tn``."""
    out: dict[str, list[str]] = {"tp": [], "fp": [], "fn": [], "tn": []}
    for is_citation, sentence in rows:
        found = detects(sentence)
        key = ("tp" if found else "fn") if is_citation else ("fp" if found else "tn")
        out[key].append(sentence)
    return out


def scores(outcome: dict[str, list[str]]) -> tuple[float, float]:
    tp, fp, fn = len(outcome["tp"]), len(outcome["fp"]), len(outcome["fn"])
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show-errors", action="store_true", help="list misclassified sentences")
    args = parser.parse_args()
    rows = load()
    started = time.perf_counter()
    outcome = evaluate(rows)
    elapsed = time.perf_counter() - started
    precision, recall = scores(outcome)
    counts = ", ".join(f"{key} {len(items)}" for key, items in outcome.items())
    print(f"labelled sentences: {len(rows)} ({sum(c for c, _ in rows)} with a citation)")
    print(f"outcome: {counts}")
    print(f"precision: {precision:.3f}")
    print(f"recall:    {recall:.3f}")
    print(f"time: {1000 * elapsed / len(rows):.2f} ms per sentence (finalize, one paragraph)")
    if args.show_errors:
        for key in ("fp", "fn"):
            for sentence in outcome[key]:
                print(f"{key}: {sentence}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
