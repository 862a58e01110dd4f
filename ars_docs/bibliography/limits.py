"""How much one bibliography file may ask for (issue 38): field lengths, ``@string`` expansion.

A bibliography is an export of someone's references, so its fields are short:
a long title or abstract runs to a few thousand characters, the author list of
a large collaboration to a few hundred thousand. The readers refuse a file
that goes past these numbers with exit 65 and one line naming the file, the
entry (or ``@string`` macro) and the field, before the value is built or
decoded — so a crafted file costs about its own size, not a multiple of a
value it only describes:

* ``FIELD_CHARS``: the most characters one field may hold, as written and, in
  BibTeX, after ``@string`` macros and ``#`` joins are expanded (every field
  of every format, also the ones ars-docs does not import);
* ``EXPANSION_CHARS``: the most characters ``@string`` macros and ``#`` joins
  of one BibTeX file may produce in all (macro definitions and every field
  that uses a macro count, each time it is expanded);
* ``JOINS_PER_VALUE``: the most ``#`` joins in one BibTeX value.

The numbers are documented in docs/hostile-input.md ("Bibliographies
(issue 38)"); change them there too.
"""

from __future__ import annotations

from ars_docs.core.errors import InputDataError
from ars_docs.core.limits import shorten

__all__ = ["EXPANSION_CHARS", "FIELD_CHARS", "JOINS_PER_VALUE", "field_too_long", "named"]

FIELD_CHARS = 1_048_576
"""Longest field value (characters) of any bibliography entry: 1 Mi."""
EXPANSION_CHARS = 16 * 1_048_576
"""Characters all ``@string``/``#`` expansions of one BibTeX file may produce: 16 Mi."""
JOINS_PER_VALUE = 1_000
"""Most ``#`` joins in one BibTeX value."""

_ADVICE = "shorten or remove that field and import again"


def named(entry: str | None, field: str) -> str:
    """``entry 'KEY', field NAME`` (``field NAME`` for an entry without a key)."""
    field = shorten(field, 80)
    return f"entry {shorten(entry, 80)!r}, field {field}" if entry else f"field {field}"


def field_too_long(
    path: str, line: int, what: str, length: int, *, expanded: bool = False, read: bool = False
) -> InputDataError:
    """The refusal of a value longer than ``FIELD_CHARS``; ``what`` names it (``named``);
    ``expanded``: the length is what ``@string`` macros and ``#`` joins would build;
    ``read``: the length is what was read when reading stopped (the value goes on)."""
    if expanded:
        size = (
            f"would be {length:,} characters long once its @string macros and # joins are expanded"
        )
    else:
        size = f"is {'at least ' if read else ''}{length:,} characters long"
    return InputDataError(
        f"{path}:{line}: {what} {size}, more than the {FIELD_CHARS:,} characters ars-docs "
        f"reads in one bibliography field; {_ADVICE}"
    )
