"""Citation keys for imported entries: kept when allowed, else the closest allowed key.

A passport key may hold ASCII letters, digits and ``_ - : . /`` and, since
drafts cite keys inside HTML comments (``<!--ref:key-->``), must not end in
``-`` nor contain ``--``. A key outside that set is changed, and the change is
reported: letters are transliterated (``Müller`` → ``Muller``, ``Чехов`` →
``Chekhov``), every run of other characters becomes one ``_``, ``--`` becomes
``-`` and a trailing ``-`` is dropped. An entry without a key (RIS, CSL-JSON)
gets ``<family><year><first title word>`` in lower case (``plan`` makes it
unique).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

from ars_docs.bibliography.model import Name
from ars_docs.bibliography.text import ascii_slug
from ars_docs.works.fold import ascii_words

__all__ = ["allowed_key", "closest_key", "generated_key", "key_candidates"]

_ALLOWED = re.compile(r"[A-Za-z0-9_\-:./]+\Z")
_OTHER = re.compile(r"[^A-Za-z0-9_\-:./]+")
# Articles are skipped so that "The making of …" does not give every key "the".
_ARTICLES = frozenset({"a", "an", "the", "der", "die", "das", "le", "la", "les", "el", "il"})


def allowed_key(key: str) -> bool:
    """True when ``key`` can be a passport ``citation_key`` as it is."""
    return bool(_ALLOWED.match(key)) and not key.endswith("-") and "--" not in key


def closest_key(key: str) -> str | None:
    """The allowed key closest to ``key``; None when nothing of it is left."""
    value = _OTHER.sub("_", ascii_words(key.strip()))
    while "--" in value:
        value = value.replace("--", "-")
    value = value.rstrip("-")
    return value if value.strip("_") else None


def generated_key(authors: list[Name], year: int | str, title: str) -> str:
    """``<family><year><first title word>``, lower-case ASCII (``smith2020study``)."""
    family = ""
    if authors:
        first = authors[0]
        family = first.get("family") or first.get("literal", "").split(" ")[0]
    year_part = ascii_slug(str(year)) if year != "n.d." else "nd"
    words = [ascii_slug(word) for word in title.split()]
    words = [word for word in words if word]
    word = next((w for w in words if w not in _ARTICLES), words[0] if words else "")
    return f"{ascii_slug(family)}{year_part}{word}" or "ref"


def key_candidates(base: str) -> Iterator[str]:
    """``base``, then ``base`` + b … z, then ``base_27``, ``base_28`` … (never ending)."""
    yield base
    for letter in string.ascii_lowercase[1:]:
        yield base + letter
    number = 27
    while True:
        yield f"{base}_{number}"
        number += 1
