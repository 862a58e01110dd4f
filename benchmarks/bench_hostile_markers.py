"""Cost of hostile marker runs (issue 16): unterminated ``<!--ref:`` and stray prefixes.

Every pass must be linear in the draft. For each input shape this builds a
draft of N and 4·N repetitions, times ``finalize`` + ``gate`` on both and
prints the ratio of the two times: about 4 means linear, about 16 quadratic.
It also prints the checklist size and the number of diagnostics, which must
stay bounded whatever N is (one cause is summarised, not repeated).

    PYTHONPATH=. python benchmarks/bench_hostile_markers.py [--n 6600] [--strict]

``--strict`` exits 1 when a ratio is above 6 or a checklist is above 64 KB.
"""

from __future__ import annotations

import argparse
import sys
import time

from ars_docs.commands import drafts as api

SHAPES = {
    # "x " keeps them in a paragraph: a line that starts with "<!--" opens an HTML
    # block, where the first unterminated comment swallows the rest (one marker).
    "unterminated, one line": "x <!--ref:k ",
    "unterminated, one per line": "x <!--ref:k\n",
    "unterminated, one html block": "<!--ref:k\n",
    "code elements in one html block": "<div><code><!--ref:k--></code> <? <![CDATA[ <b< ",
    "inline code elements": "a <code><!--ref:k--></code> <script>x</script> `c` ",
    "unclosed inline <code>": "a <code> ",
    "table cells in one html block": "<table><td><code>x</code>",
    "stray prefixes, one paragraph": "[UNVERIFIED CITATION — NO ORIGINAL] ",
    "prefix + marker pairs": "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:k--> ",
    "near-miss markers": "<!--ref k--> ",
}


def measure(text: str) -> tuple[float, int, int]:
    started = time.perf_counter()
    result = api.finalize(text, [])
    api.gate(result.text, [])
    return time.perf_counter() - started, len(result.checklist), len(result.diagnostics)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=6600, help="repetitions of the small draft")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a bound is missed")
    args = parser.parse_args()
    missed = False
    print(f"{'shape':32} {'small':>9} {'4x':>9} {'ratio':>6} {'checklist':>10} {'diags':>6}")
    for name, unit in SHAPES.items():
        small = measure(unit * args.n)
        large = measure(unit * (4 * args.n))
        ratio = large[0] / max(small[0], 1e-9)
        print(
            f"{name:32} {small[0]:8.2f}s {large[0]:8.2f}s {ratio:6.1f} "
            f"{large[1] / 1024:8.1f}KB {large[2]:6d}"
        )
        missed |= ratio > 6 or large[1] > 64_000
    print("ratio ~4: linear; ~16: quadratic")
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
