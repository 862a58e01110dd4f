"""The works of the tuning world, described once and registry-neutrally (``build_tuning.W``).

They are split by kind; ``define()`` registers all of them. Besides the works the cases
cite, the world holds distractors a search can pick by mistake: other editions with the same
title, the same authors' other papers (often with near-identical titles and neighbouring
DOIs), statements co-published in several journals, the published versions of preprints and
the preprints of published papers, and the notices of retractions and corrections.
"""

from __future__ import annotations

import tuning_works_articles
import tuning_works_books
import tuning_works_cs
import tuning_works_intl
import tuning_works_retractions

MODULES = (
    tuning_works_articles,
    tuning_works_cs,
    tuning_works_books,
    tuning_works_intl,
    tuning_works_retractions,
)


def define() -> None:
    for module in MODULES:
        module.define()
