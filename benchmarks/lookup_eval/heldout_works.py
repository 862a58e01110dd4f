"""The works of the held-out world, described once and registry-neutrally (``build_tuning.W``).

The held-out set was written after the matcher had been tuned, by someone who had seen
neither the matcher nor the tuning cases; none of its works, people or notices is in the
tuning world. ``define()`` registers every work:

- ``heldout_works_articles``: journal articles, conference papers, preprints and their
  published versions, a statement co-published in four journals, a PMID-only paper;
- ``heldout_works_other``: books and editions, a chapter and its reprint, reports, a thesis,
  a standard and its previous revision, datasets (DataCite), works in German, Turkish,
  Persian and Ukrainian;
- ``heldout_works_retractions``: retracted works (publisher, Retraction Watch, OpenAlex only,
  Europe PMC only), a retraction and republication, an expression of concern followed by a
  retraction, corrections.

Each module also holds the distractors its cases need: the same authors' other papers, works
with the same or a near-identical title, other editions, the notices themselves.

``people("Family, Given; {Organisation}")`` writes author lists compactly: family and given
split at the first comma, an organisation in braces.
"""

from __future__ import annotations

from typing import Any

from build_tuning import ORG, A


def people(spec: str) -> list[dict[str, Any]]:
    out = []
    for item in (x.strip() for x in spec.split(";")):
        if not item:
            continue
        if item.startswith("{") and item.endswith("}"):
            out.append(ORG(item[1:-1]))
        elif "," in item:
            family, given = (x.strip() for x in item.split(",", 1))
            out.append(A(given or None, family))
        else:
            out.append(A(None, item))
    return out


def define() -> None:
    import heldout_works_articles
    import heldout_works_other
    import heldout_works_retractions

    for module in (heldout_works_articles, heldout_works_other, heldout_works_retractions):
        module.define()
