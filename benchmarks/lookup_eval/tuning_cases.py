"""The labelled cases of the tuning set: ``cases(WORKS)`` is what ``build_tuning`` writes to
``tuning/cases.json``.

Each case is a passport entry as a bibliography writes it and its label:

- ``truth``: ``real`` (the entry describes a work of the world) or ``fabricated``;
- ``category``: ``real_*`` by kind of work, ``fabricated_*`` by kind of fabrication;
- ``expect_status``: what a careful checker answers (``found``, ``mismatch``, ``not_found``,
  ``ambiguous``, ``not_covered``);
- ``expect_fields``: for ``mismatch``, which of ``title``, ``authors``, ``identifier``,
  ``year``, ``venue`` the entry gets wrong (see ``tuning_cases_fabricated`` for how);
- ``expect_retraction``: ``retracted``, ``expression_of_concern``, ``correction`` or ``none``
  for the work the entry is taken to describe;
- ``why``, ``tags`` (the variations the case exercises), ``work`` (the world's key) and,
  rarely, ``same_work`` (other world keys of the same work: a preprint, its proceedings).

The cases are written without looking at the matcher they measure.
"""

from __future__ import annotations

from typing import Any

import tuning_cases_articles
import tuning_cases_fabricated
import tuning_cases_other
import tuning_cases_retractions
from tuning_cases_lib import JSON, check

MODULES = (
    tuning_cases_articles,
    tuning_cases_other,
    tuning_cases_retractions,
    tuning_cases_fabricated,
)


def cases(works: dict[str, Any]) -> list[JSON]:
    every = [case for module in MODULES for case in module.cases()]
    check(every, works)
    return every
