"""One module per scholarly registry: the requests it answers and its records, parsed."""

from typing import Any

from ars_docs.works.fold import plain

__all__ = ["text"]


def text(value: Any) -> str:
    """``value`` as readable text when the service sent text; anything else (a number, a
    map where a name belongs) is no text — never its Python spelling."""
    return plain(value) if isinstance(value, str) else ""
