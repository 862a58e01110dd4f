"""The report's status vocabulary: order, text label, icon and meaning, defined once.

The names are ``provenance.Status`` values plus ``UNMARKED`` (citation-shaped
prose with no marker, issue 10). Each has an icon and a label so that colour
is never the only signal; the colours live in ``templates/report/report.css``.
"""

from __future__ import annotations

from ars_docs.document.renderers.preview_html import ICONS as STATUS_ICONS
from ars_docs.session.provenance import STATUS_ORDER, Status

UNMARKED = "UNMARKED"

#: Every category the report counts, most trusted first (the stacked bars' order).
CATEGORIES: tuple[str, ...] = (*(s.value for s in STATUS_ORDER), UNMARKED)

#: The preview's icons (colour is never the only signal), plus one for unmarked text.
ICONS: dict[str, str] = {**STATUS_ICONS, UNMARKED: "∅"}

MEANINGS: dict[str, str] = {
    Status.OK.value: "acquired, verified against the original, and read in full by a human",
    Status.LOW_WARN.value: "verified against the original; no human has read it in full",
    Status.MED_WARN.value: "original on file, but its description was not checked against it",
    Status.HIGH_WARN.value: "no original source on file",
    Status.SOURCE_NOT_FOUND.value: "lookup: no source has this work",
    Status.METADATA_MISMATCH.value: "lookup: the entry describes another work",
    Status.RETRACTED.value: "lookup: the work is retracted",
    Status.EXPRESSION_OF_CONCERN.value: "lookup: the work is under an expression of concern",
    Status.NOT_IN_CORPUS.value: "the key is not in the passport's literature_corpus[]",
    Status.MALFORMED.value: "the marker cannot be read",
    UNMARKED: "citation-shaped text with no marker: the gate cannot check it",
}

#: How far from ``ok`` a category is: the default sort puts the worst first.
RANK: dict[str, int] = {name: index for index, name in enumerate(CATEGORIES)}

#: Categories shown even when nothing has them (the lookup ones only when present).
ALWAYS_SHOWN: frozenset[str] = frozenset(
    {
        Status.OK.value,
        Status.LOW_WARN.value,
        Status.MED_WARN.value,
        Status.HIGH_WARN.value,
        Status.NOT_IN_CORPUS.value,
        Status.MALFORMED.value,
        UNMARKED,
    }
)

assert set(ICONS) == set(MEANINGS) == set(CATEGORIES)


def empty_counts() -> dict[str, int]:
    return {name: 0 for name in CATEGORIES}


def legend() -> list[dict[str, str | int]]:
    return [
        {"name": name, "icon": ICONS[name], "meaning": MEANINGS[name], "rank": RANK[name]}
        for name in CATEGORIES
    ]
