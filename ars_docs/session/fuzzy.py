""" "Did you mean" suggestions for citation keys, at a bounded cost.

Unknown keys in a draft (ARS003), ``mark-read``/``verify`` refusals and
retrieval all suggest the closest existing keys. Real corpora defeat the
obvious approach: 2,000 keys that share a prefix (``doi:10.…``, ``author_…``)
and a few hundred typo keys made ``difflib`` over every key take most of a
finalize run (issue 10 §2).

Similarity is RapidFuzz's ``fuzz.ratio`` (normalised insertion/deletion
distance, 0–100, compiled, with an early cut-off). Small corpora are scanned
whole. In a larger one only candidates are scored: the keys next to the
unknown key in sorted order, forwards and with every key read backwards. A
mistyped key keeps either its start or its end, so its original sits beside
it in one of the two orders; the cost per unknown key is then a binary search
and ~60 comparisons instead of one per corpus key
(``benchmarks/bench_suggestions.py`` measures it against finalize). A key
that matches no corpus key at either end gets no suggestion there.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

__all__ = ["CUTOFF", "KeyIndex"]

#: Similarity (0–1) below which a key is not worth suggesting (difflib's usual cut-off).
CUTOFF = 0.6
#: Up to this many keys every key is compared; beyond, only the sorted neighbours.
SCAN_ALL = 256
#: Neighbours taken on each side of the unknown key, in each of the two orders.
WINDOW = 16


class KeyIndex:
    """The keys of one corpus, sorted both ways for candidate lookup."""

    def __init__(self, keys: Sequence[str]) -> None:
        self.keys = list(keys)
        self._order = {key: index for index, key in enumerate(self.keys)}
        self._forward = sorted((key.casefold(), key) for key in self.keys)
        self._backward = sorted((key.casefold()[::-1], key) for key in self.keys)

    def closest(self, word: str, n: int = 3, cutoff: float = CUTOFF) -> list[str]:
        """Up to ``n`` keys most similar to ``word``, best first (equal scores: key order)."""
        if not word or not self.keys or n <= 0:
            return []
        from rapidfuzz import fuzz, process

        choices = self.keys if len(self.keys) <= SCAN_ALL else self._candidates(word)
        found = process.extract(
            word, choices, scorer=fuzz.ratio, limit=n, score_cutoff=cutoff * 100
        )
        return [choice for choice, _score, _index in found]

    def _candidates(self, word: str) -> list[str]:
        folded = word.casefold()
        picked: set[str] = set()
        for table, probe in ((self._forward, folded), (self._backward, folded[::-1])):
            at = bisect.bisect_left(table, (probe, ""))
            picked.update(key for _, key in table[max(0, at - WINDOW) : at + WINDOW])
        return sorted(picked, key=self._order.__getitem__)
