"""The labelled cases of the held-out set: ``cases(works)`` is what ``build_heldout`` writes to
``heldout/cases.json``.

The labels are those of the tuning set (``README.md``): ``truth``, ``category``,
``expect_status``, ``expect_fields``, ``expect_retraction``, ``why``, ``tags``, ``work`` and,
rarely, ``same_work``. They were written after the matcher was tuned, without seeing the
matcher or the tuning cases, and say what a careful human checker would conclude.
"""

from __future__ import annotations

from typing import Any

import heldout_cases_fabricated
import heldout_cases_real
from heldout_cases_lib import JSON, check

MODULES = (heldout_cases_real, heldout_cases_fabricated)


def cases(works: dict[str, Any]) -> list[JSON]:
    every = [item for module in MODULES for item in module.cases()]
    check(every, works)
    return every
