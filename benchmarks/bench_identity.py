"""Identity decision on the labelled evaluation set (issue 15 §1): confusion matrix.

Run: ``python benchmarks/bench_identity.py``. Rows are the truth (``same``: the
document is the work; ``different``; ``unknown``: a scan), columns the level
the decision gave. A false acquisition is a non-``same`` row in an
``exact``/``strong`` column (the bar is 0); a false rejection a ``same`` row
elsewhere (listed with its reasons). Also prints documents judged per second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from identity_cases import CASES, document_of

from ars_docs.retrieval.identity import Level, decide


def main() -> int:
    documents = [(case, document_of(case)) for case in CASES]
    started = time.perf_counter()
    verdicts = [(case, decide(doc, case.work)) for case, doc in documents]
    elapsed = time.perf_counter() - started
    levels = [level.value for level in Level]
    truths = ["same", "different", "unknown"]
    print(f"{'truth / level':<15}" + "".join(f"{name:>11}" for name in levels) + f"{'total':>8}")
    for truth in truths:
        row = [
            sum(1 for c, v in verdicts if c.truth == truth and v.level.value == lv) for lv in levels
        ]
        print(f"{truth:<15}" + "".join(f"{n:>11}" for n in row) + f"{sum(row):>8}")
    false_acq = [(c, v) for c, v in verdicts if c.truth != "same" and v.acquires]
    false_rej = [(c, v) for c, v in verdicts if c.truth == "same" and not v.acquires]
    same = sum(1 for c, _v in verdicts if c.truth == "same")
    print(f"\ndocuments: {len(verdicts)}; false acquisitions: {len(false_acq)} (bar: 0)")
    print(f"false rejections: {len(false_rej)} of {same} right documents")
    for case, verdict in false_acq + false_rej:
        print(f"  {case.truth:<9} {case.name}: {verdict.summary()}")
    print(f"decisions per second: {len(verdicts) / elapsed:,.0f}")
    return 1 if false_acq else 0


if __name__ == "__main__":
    raise SystemExit(main())
