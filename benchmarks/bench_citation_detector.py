"""Precision and recall of the unmarked-citation detector on labelled sets (issues 10, 24).

Two sets of realistic draft sentences, each labelled ``C`` (contains at least
one citation) or ``-`` (none), one sentence per line as ``LABEL<TAB>text``:

* ``tuning``: ``tests/data/citation_sentences.txt`` — the set the rules were
  tuned on (social science, medicine, law, humanities, computer science;
  English, German, French, Spanish, Portuguese, Russian, Chinese, Japanese,
  Korean), citations next to years, numbers, places, money and measurements;
* ``heldout``: ``tests/data/citation_sentences_heldout.txt`` — written after
  the tuning by someone who had not seen the tuning set (format and label
  rules: ``docs/gate.md``, "Measuring the detector"). Its first run is kept
  in ``FIRST_HELDOUT_RUN`` and printed beside the current numbers: after that
  run its errors were read and the rules fixed for their general causes, so
  it is TUNING data now and what this script prints for it is no longer a
  held-out number;
* ``heldout2``: ``tests/data/citation_sentences_heldout2.txt`` — a second
  held-out set, written after those fixes by someone who had not seen the
  other sets; the held-out number to quote;
* ``heldout-numeric``: ``tests/data/citation_sentences_numeric_heldout.txt`` —
  numeric and superscript citations as pandoc writes them (``\\[2\\]``, ``^1^``)
  and citation-free sentences with bracketed or raised numbers, written after
  the issue-36 tuning on real prose; its first run is kept, not tuned on since.
* ``heldout-authors``: ``tests/data/citation_sentences_authors_heldout.txt`` —
  author–date forms as bibliographies print them (capitals, organisations,
  ``n.d.``/``o. J.``/``s. d.``, quoted titles, ``A, B, et al.``) and look-alikes,
  written after the issue-36 author tuning; its first run is kept, not tuned on.

Every sentence is run through ``finalize`` as a one-paragraph draft *without*
markers; a sentence counts as detected when finalize reports ARS005 for it.

    PYTHONPATH=. python benchmarks/bench_citation_detector.py
        [--set tuning|heldout|heldout2|heldout-numeric|heldout-authors|both|all]
        [--show-errors]

Prints, per set, counts, precision, recall, per-language recall and
precision where a line names its language, and the time per sentence.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ars_docs.commands import drafts as api
from ars_docs.core import codes

DATA_DIR = Path(__file__).resolve().parent.parent / "tests" / "data"
DATA = DATA_DIR / "citation_sentences.txt"
HELDOUT = DATA_DIR / "citation_sentences_heldout.txt"
HELDOUT2 = DATA_DIR / "citation_sentences_heldout2.txt"
HELDOUT_NUMERIC = DATA_DIR / "citation_sentences_numeric_heldout.txt"
HELDOUT_AUTHORS = DATA_DIR / "citation_sentences_authors_heldout.txt"
SETS = {
    "tuning": DATA,
    "heldout": HELDOUT,
    "heldout2": HELDOUT2,
    "heldout-numeric": HELDOUT_NUMERIC,
    "heldout-authors": HELDOUT_AUTHORS,
}
TARGETS = {
    "heldout": (0.95, 0.90),
    "heldout2": (0.95, 0.90),
    "heldout-numeric": (0.95, 0.90),
    "heldout-authors": (0.95, 0.90),
}
#: Sets whose errors were read and fixed after their first run.
TUNED_AFTER = frozenset({"heldout", "heldout2"})
# The first run of each held-out set, before anyone looked at its errors
# (``heldout``: commit 9e5d7f8, 249 sentences, 127 with a citation, detector
# of commit 529f492). Kept so the honest number stays visible once a set has
# been tuned on.
FIRST_HELDOUT_RUN = {
    "heldout": "tp 90, fp 6, fn 37, tn 116: precision 0.938, recall 0.709 "
    "(249 sentences, detector of 529f492)",
    "heldout2": "tp 111, fp 8, fn 25, tn 126: precision 0.933, recall 0.816 "
    "(270 sentences, 136 citations, commit 7aa76d1; detector of c2a30e8)",
    "heldout-numeric": "tp 35, fp 4, fn 0, tn 31: precision 0.897, recall 1.000 "
    "(70 sentences, 35 citations; detector of 2b546ad)",
    "heldout-authors": "tp 32, fp 3, fn 0, tn 29: precision 0.914, recall 1.000 "
    "(64 sentences, 32 citations; detector of cb714c2; main's 97f15c7: tp 8, fp 2, fn 24)",
}


def load(path: Path = DATA) -> list[tuple[bool, str]]:
    """``(is_citation, sentence)`` for every labelled line."""
    return [(label, sentence) for label, sentence, _ in load_tagged(path)]


def load_tagged(path: Path) -> list[tuple[bool, str, str]]:
    """``(is_citation, sentence, tag)``: the tag is the text of the last
    ``# [tag]`` comment line before the sentence (a language or genre), or ``""``."""
    rows: list[tuple[bool, str, str]] = []
    tag = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if raw.startswith("# ["):
            tag = raw[3:].split("]", 1)[0].strip()
            continue
        if not raw.strip() or raw.startswith("#"):
            continue
        label, _, sentence = raw.partition("\t")
        if label not in ("C", "-") or not sentence.strip():
            raise ValueError(
                f"{path}:{number}: bad line {raw!r}; write C or - , a TAB, then the sentence"
            )
        rows.append((label == "C", sentence, tag))
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


def report(name: str, path: Path, show_errors: bool) -> bool:
    """Print one set's numbers; False when the set's file is missing."""
    if not path.exists():
        print(f"{name}: {path} does not exist.")
        if name.startswith("heldout"):
            print(
                "  The held-out set is written after tuning, by someone who has not seen the\n"
                "  tuning set, following docs/gate.md ('Measuring the detector'). Until it\n"
                "  exists there is no held-out number: do not quote the tuning numbers instead."
            )
        return False
    tagged = load_tagged(path)
    rows = [(c, s) for c, s, _ in tagged]
    started = time.perf_counter()
    outcome = evaluate(rows)
    elapsed = time.perf_counter() - started
    precision, recall = scores(outcome)
    counts = ", ".join(f"{key} {len(items)}" for key, items in outcome.items())
    print(f"{name}: {path.name}")
    if name in FIRST_HELDOUT_RUN:
        print(f"  first run (held-out): {FIRST_HELDOUT_RUN[name]}")
        if name in TUNED_AFTER:
            print("  (no longer held-out: its errors were read and the rules fixed after that run)")
    print(f"  labelled sentences: {len(rows)} ({sum(c for c, _ in rows)} with a citation)")
    print(f"  outcome: {counts}")
    target = TARGETS.get(name)
    wanted = f"   (target >= {target[0]:.2f})" if target else ""
    print(f"  precision: {precision:.3f}{wanted}")
    wanted = f"   (target >= {target[1]:.2f})" if target else ""
    print(f"  recall:    {recall:.3f}{wanted}")
    print(f"  time: {1000 * elapsed / max(1, len(rows)):.2f} ms per sentence (finalize)")
    by_tag: dict[str, list[tuple[bool, str]]] = {}
    for is_citation, sentence, tag in tagged:
        by_tag.setdefault(tag or "(untagged)", []).append((is_citation, sentence))
    if len(by_tag) > 1:
        for tag, part in by_tag.items():
            p, r = scores(evaluate(part))
            print(f"    {tag:<24} n={len(part):<4} precision {p:.3f}  recall {r:.3f}")
    if show_errors:
        for key in ("fp", "fn"):
            for sentence in outcome[key]:
                print(f"  {key}: {sentence}")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--set",
        choices=(
            "tuning",
            "heldout",
            "heldout2",
            "heldout-numeric",
            "heldout-authors",
            "both",
            "all",
        ),
        default="both",
        help="which labelled set (both: tuning and heldout; all: the five)",
    )
    parser.add_argument("--show-errors", action="store_true", help="list misclassified sentences")
    args = parser.parse_args()
    groups = {
        "both": ["tuning", "heldout"],
        "all": ["tuning", "heldout", "heldout2", "heldout-numeric", "heldout-authors"],
    }
    names = groups.get(args.set, [args.set])
    found = [report(name, SETS[name], args.show_errors) for name in names]
    return 0 if all(found) or args.set in groups else 66


if __name__ == "__main__":
    sys.exit(main())
