"""The vocabulary of the field-by-field comparison: one field's agreement and its check.

``compare.py`` says what each agreement means; ``venue.py`` and ``compare.py``
both build ``FieldCheck`` values.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Agreement", "FieldCheck", "stem"]


class Agreement(str, Enum):
    SAME = "same"
    CLOSE = "close"
    DIFFERENT = "different"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class FieldCheck:
    field: str
    agreement: Agreement
    entry: str | None = None
    record: str | None = None
    detail: str = ""


def stem(word: str) -> str:
    """A plural's singular, roughly (``studies`` → ``study``): enough to match words."""
    for ending in ("ies", "es", "s"):
        if len(word) > len(ending) + 2 and word.endswith(ending):
            return word[: -len(ending)] + ("y" if ending == "ies" else "")
    return word
