"""Identity decision on the labelled sets (issues 15 and 22): confusion matrix per set.

Run: ``python benchmarks/bench_identity.py [--set tuning|heldout|heldout2|both|all]``
(default ``all``; ``both`` is tuning and heldout). The **tuning** set is every
document the decision was tuned on (``tests/data/identity/tuning*.yaml``, loaded by
``tests/support/identity_cases.py``). **heldout**
(``tests/data/identity/heldout.yaml``) was written after the first tuning by
someone who had not seen it; it has been used for tuning since commit d713ce8
(after its first run), so it is reported on its own but is no longer held-out.
**heldout2** (``tests/data/identity/heldout2.yaml``) is written after those
fixes by someone else, reported on its own. When a held-out file is missing,
the benchmark says so (and exits 2 when that set alone was asked for).

A held-out set's first run is its held-out number (``FIRST_HELDOUT_RUN``, printed
beside the current numbers); once fixes follow what it showed, what this script
prints for it now is no longer held-out (docs/retrieval.md says which fixes).

Rows are the truth (``same``: the document is the work; ``different``;
``unknown``: cannot be told from the file), columns the level the decision gave.
A false acquisition is a non-``same`` row in an ``exact``/``strong`` column (bar:
0); a false rejection a ``same`` row elsewhere (bar: at most 2 %), each listed with
its reasons. Also prints documents judged per second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ars_docs.retrieval.judge.identity import Level, decide
from tests.support.identity_cases import (
    CASES,
    HELDOUT2_FILE,
    HELDOUT_FILE,
    Case,
    document_of,
    heldout_cases,
)

#: Each held-out set's only held-out run, before any fix it prompted (docs/retrieval.md).
FIRST_HELDOUT_RUN = {
    "heldout": "68 documents (29 same, 36 different, 3 unknown), commit 01a8ec9: "
    "false acquisitions 3 (drought_supplement_media, andalucia_correction, "
    "conf_version_slides); false rejections 3 of 29 (10.3%: "
    "drought_biorxiv_other_wording, java_book_title_pages, "
    "nordic_discussion_preprint_egusphere)",
    "heldout2": "80 documents (31 same, 46 different, 3 unknown), commit 61bbb4f, written "
    "after the second tuning (d713ce8..056b043): false acquisitions 1 "
    "(spat_journal_extension); false rejections 5 of 31 (16.1%: schl_transliterated_pdf, "
    "curc_retracted_watermark, egod_psyarxiv_reworded, intr_right_chapter, "
    "salt_book_title_pages)",
}

#: What each held-out set is now.
STATUS = {
    "heldout": "written after the first tuning; used for tuning since d713ce8",
    "heldout2": "written after the second tuning; not tuned on",
}
HELDOUT_SETS = {"heldout": HELDOUT_FILE, "heldout2": HELDOUT2_FILE}


def report(name: str, cases: list[Case]) -> bool:
    """Print one set's matrix; ``True`` when it meets both bars."""
    documents = [(case, document_of(case)) for case in cases]
    started = time.perf_counter()
    verdicts = [(case, decide(doc, case.work)) for case, doc in documents]
    elapsed = time.perf_counter() - started
    levels = [level.value for level in Level]
    print(f"== {name} set: {len(cases)} documents")
    if name in FIRST_HELDOUT_RUN:
        print(f"({STATUS[name]}; first run, while held-out: {FIRST_HELDOUT_RUN[name]})")
    print(f"{'truth / level':<15}" + "".join(f"{lv:>11}" for lv in levels) + f"{'total':>8}")
    for truth in ("same", "different", "unknown"):
        row = [
            sum(1 for c, v in verdicts if c.truth == truth and v.level.value == lv) for lv in levels
        ]
        print(f"{truth:<15}" + "".join(f"{n:>11}" for n in row) + f"{sum(row):>8}")
    false_acq = [(c, v) for c, v in verdicts if c.truth != "same" and v.acquires]
    false_rej = [(c, v) for c, v in verdicts if c.truth == "same" and not v.acquires]
    same = sum(1 for c, _v in verdicts if c.truth == "same")
    share = len(false_rej) / same if same else 0.0
    print(f"false acquisitions: {len(false_acq)} (bar: 0)")
    print(f"false rejections: {len(false_rej)} of {same} right documents ({share:.1%}; bar: 2%)")
    for case, verdict in false_acq + false_rej:
        print(f"  {case.truth:<9} {case.name}: {verdict.summary()}")
    print(f"decisions per second: {len(verdicts) / elapsed:,.0f}\n")
    return not false_acq and share <= 0.02


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--set", choices=("tuning", "heldout", "heldout2", "both", "all"), default="all"
    )
    args = parser.parse_args(argv)
    chosen = {
        "both": ("tuning", "heldout"),
        "all": ("tuning", "heldout", "heldout2"),
    }.get(args.set, (args.set,))
    ok = True
    for name in chosen:
        if name == "tuning":
            ok = report("tuning", CASES) and ok
            continue
        path = HELDOUT_SETS[name]
        cases = heldout_cases(path)
        if cases is None:
            print(
                f"== {name} set: MISSING ({path} does not exist). It is written after "
                "tuning by someone who has not seen the tuning set; see docs/retrieval.md, "
                f'"The labelled sets", for its format. No {name} numbers can be reported.\n'
            )
            if len(chosen) == 1:
                return 2
        else:
            ok = report(name, cases) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
