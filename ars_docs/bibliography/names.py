"""Person and organisation names as CSL name objects (``authors`` of an entry).

Names written as text (RIS ``AU``, a CSL name holding only text) are read in
the forms bibliographies use:

* ``Last, First`` and ``von Last, First`` (``van der Berg, Piet``);
* ``Last, First, Suffix`` (RIS) and ``von Last, Jr, First`` (BibTeX) — the
  part that looks like a suffix (``Jr``, ``Sr.``, ``III``) decides which;
* ``First von Last`` without a comma (``Ludwig van Beethoven``): the last word
  is the family name, lower-case words right before it the particle;
* one word (``Aristotle``) is a family name; a name ending in a comma with
  nothing after it (``World Health Organization,``, how EndNote marks a
  corporate author) is a ``literal``; more than three comma parts cannot be
  a single person and are kept whole as a ``literal``.

BibTeX names are split by bibtexparser (``bibtex.py``); CSL-JSON name objects
are kept, reduced to the members the entry schema allows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ars_docs.bibliography.model import Name
from ars_docs.bibliography.text import clean

__all__ = ["csl_name", "name_from_parts", "name_from_text"]

_SUFFIX = re.compile(r"\A(?:jr|sr|jun|sen|[ivx]{1,4}|[0-9](?:st|nd|rd|th))\.?\Z", re.IGNORECASE)
_CSL_MEMBERS = ("family", "given", "suffix", "dropping-particle", "non-dropping-particle")


def name_from_parts(first: str, von: str, last: str, jr: str) -> Name:
    """A CSL name from BibTeX's four parts (empty parts are left out)."""
    name: Name = {"family": clean(last)}
    for member, value in (("given", first), ("non-dropping-particle", von), ("suffix", jr)):
        if clean(value):
            name[member] = clean(value)
    return name


def name_from_text(text: str) -> Name | None:
    """A CSL name read from one name written as text (see the module docstring)."""
    value = clean(text)
    if not value.strip(" ,"):
        return None
    if value.endswith(",") and "," not in value[:-1]:
        return {"literal": value[:-1].strip()}
    parts = [part.strip() for part in value.split(",")]
    if len(parts) > 3 or any(not part for part in parts[:2]):
        return {"literal": value}
    if len(parts) == 1:
        return _first_von_last(parts[0])
    family, given, suffix = parts[0], parts[1], ""
    if len(parts) == 3:
        if not _SUFFIX.match(parts[2]) and _SUFFIX.match(parts[1]):
            given, suffix = parts[2], parts[1]  # BibTeX order: von Last, Jr, First
        else:
            suffix = parts[2]
    von, last = _split_von(family.split())
    return name_from_parts(given, von, last, suffix)


def _first_von_last(text: str) -> Name:
    words = text.split()
    if len(words) == 1:
        return {"family": words[0]}
    end = len(words) - 1
    start = end
    while start > 0 and words[start - 1][:1].islower():
        start -= 1
    return name_from_parts(" ".join(words[:start]), " ".join(words[start:end]), words[end], "")


def _split_von(words: list[str]) -> tuple[str, str]:
    """``(particle, family)``: leading lower-case words are the particle."""
    count = 0
    while count < len(words) - 1 and words[count][:1].islower():
        count += 1
    return " ".join(words[:count]), " ".join(words[count:])


def csl_name(value: object) -> Name | None:
    """A CSL-JSON name reduced to the schema's members; text is read as a name."""
    if isinstance(value, str):
        return name_from_text(value)
    if not isinstance(value, Mapping):
        return None
    literal = value.get("literal")
    if isinstance(literal, str) and clean(literal):
        return {"literal": clean(literal)}
    name: Name = {}
    for member in _CSL_MEMBERS:
        found = value.get(member)
        if isinstance(found, (str, int)) and not isinstance(found, bool) and clean(str(found)):
            name[member] = clean(str(found))
    if "family" not in name:
        # A name with a given name only (a mononym) is kept whole rather than dropped.
        return {"literal": name["given"]} if "given" in name else None
    return name
