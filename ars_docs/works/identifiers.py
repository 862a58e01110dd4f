"""Identifiers and years as bibliographies write them: the one reading of each.

Every room that reads a DOI, an arXiv id, an ISBN, a PMID or a PMCID reads it
here (``tests/project/test_one_concept.py`` fails on a second reading), so that what
``corpus import`` keeps, what ``lookup`` asks about and what ``retrieve``
fetches is the same identifier. Each ``normal_*`` takes what a file holds
(``https://www.doi.org/10.1/X``, ``doi 10.1/x``, ``https://doi.org/10.1%2Fx``,
``arXiv:2101.00001v2``, ``https://arxiv.org/pdf/2101.00001v2.pdf``,
``PMID: 123``, ``ISBN 978-3-16-148410-0; …``, ``2019///``, ``2020-05``) and
returns the value the entry schema accepts, or ``None`` when the text is not
such an identifier; the caller reports what it dropped. ``comparable_*`` give
the forms duplicates and matches are found by (lower case, no arXiv version);
``*_in_*`` find identifiers inside a URL or a document's text.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

__all__ = [
    "ARXIV_DOI_PREFIX",
    "arxiv_from_url",
    "arxiv_ids_in_text",
    "arxiv_parts",
    "comparable_arxiv",
    "comparable_doi",
    "comparable_pmid",
    "doi_in_url",
    "dois_in_text",
    "is_doi_prefix",
    "is_resolver_url",
    "isbn13",
    "isbn_digits",
    "normal_arxiv",
    "normal_doi",
    "normal_isbn",
    "normal_pmcid",
    "normal_pmid",
    "normal_year",
]

ARXIV_DOI_PREFIX = "10.48550/arxiv."
"""How arXiv's own DOIs begin (lower case): ``10.48550/arXiv.2101.00001``."""

# Every resolver form seen in passports and registry answers: the doi.org URL with
# or without a scheme, dx. or www., and the ``doi:``/``doi `` labels people write.
_DOI_PREFIX = re.compile(
    r"\A(?:(?:https?://)?(?:dx\.|www\.)?doi\.org/|doi:\s*|doi\s+)", re.IGNORECASE
)
_RESOLVER_HOSTS = frozenset({"doi.org", "dx.doi.org", "www.doi.org"})
_DOI = re.compile(r"\A10\.\d{4,9}/\S+\Z")
_DOI_REGISTRANT = re.compile(r"10\.\d{4,9}")
_DOI_IN_URL = re.compile(r"(?:doi\.org/|/doi/(?:abs/|full/|pdf/)?)(10\.\d{4,9}/[^\s?#]+)", re.I)
_DOI_IN_TEXT = re.compile(r"10\.\d{4,9}/[^\s\"<>]+", re.I)
_ARXIV_NEW = re.compile(r"(\d{4}\.\d{4,5})(v\d+)?\Z")
_ARXIV_OLD = re.compile(r"([a-z\-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?\Z", re.IGNORECASE)
_ARXIV_LABEL = re.compile(r"\Aarxiv:\s*", re.IGNORECASE)
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([^?#\s]+?)(?:\.pdf)?/?(?:[?#]|\Z)", re.IGNORECASE)
_ARXIV_IN_TEXT = re.compile(
    r"arxiv\s*:?\s*(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[a-z]{2})?/\d{7})(?:v\d+)?", re.I
)
_PMID = re.compile(r"\A(?:pmid:?\s*)?([0-9]{1,9})\Z", re.IGNORECASE)
_PMCID = re.compile(r"\A(?:pmcid:?\s*)?(?:pmc)?([0-9]+)\Z", re.IGNORECASE)
_ISBN_CANDIDATE = re.compile(r"[0-9][0-9Xx \-]{8,20}")
_ISBN_DIGITS = re.compile(r"\d{9}[\dX]|\d{13}")
_YEAR_WORDS = {"n.d.": "n.d.", "nd": "n.d.", "in press": "in press", "forthcoming": "forthcoming"}
_YEAR = re.compile(r"(?<![0-9])([0-9]{4})(?![0-9])([a-z](?![a-z]))?")


def normal_doi(text: str) -> str | None:
    """``10.…/…`` as written (case kept), from any form a file or registry holds.

    Resolver prefixes and labels go (``https://www.doi.org/``, ``dx.doi.org/``,
    ``doi:``, ``doi ``), percent-escapes are decoded (``10.1000%2Fabc``), and a
    sentence's full stop, comma or semicolon after the DOI is not part of it.
    """
    if not isinstance(text, str):
        return None
    value = unquote(text.strip())
    value = _DOI_PREFIX.sub("", value).strip().rstrip(".,;")
    return value if _DOI.match(value) else None


def comparable_doi(value: object) -> str | None:
    """The DOI in lower case (DOIs are case-insensitive), or ``None``."""
    if not isinstance(value, str):
        return None
    found = normal_doi(value)
    return found.lower() if found else None


def doi_in_url(url: str) -> str | None:
    """The DOI of a doi.org link or of a publisher's ``/doi/…`` page, as written."""
    found = _DOI_IN_URL.search(url)
    return normal_doi(found.group(1)) if found else None


def dois_in_text(text: str) -> set[str]:
    """Every DOI printed in ``text``, lower case, without the sentence's punctuation."""
    return {m.group(0).rstrip(".,;:)]}").lower() for m in _DOI_IN_TEXT.finditer(text)}


def is_doi_prefix(segment: str) -> bool:
    """Is ``segment`` (a URL path segment) a DOI's ``10.NNNN`` registrant part?"""
    return _DOI_REGISTRANT.fullmatch(segment) is not None


def is_resolver_url(url: str) -> bool:
    """Is ``url`` a link to the DOI resolver itself (doi.org, dx.doi.org, www.doi.org)?"""
    host = (urlsplit(url).hostname or "").lower()
    return host in _RESOLVER_HOSTS


def arxiv_parts(text: str) -> tuple[str, str | None] | None:
    """``(id, version)`` of an arXiv id in any written form (version ``v2`` or ``None``).

    Accepted: ``2101.00001``, ``hep-th/9901001`` (old form), an ``arXiv:`` label,
    an ``arxiv.org/abs/…`` or ``/pdf/….pdf`` link, and arXiv's own DOI
    (``10.48550/arXiv.2101.00001``).
    """
    value = text.strip()
    found = _ARXIV_URL.search(value)
    if found:
        value = found.group(1)
    value = _ARXIV_LABEL.sub("", value)
    doi = normal_doi(value)
    if doi and doi.lower().startswith(ARXIV_DOI_PREFIX):
        value = doi[len(ARXIV_DOI_PREFIX) :]
    for pattern in (_ARXIV_NEW, _ARXIV_OLD):
        match = pattern.match(value)
        if match:
            return match.group(1), match.group(2)
    return None


def normal_arxiv(text: str) -> str | None:
    """An arXiv id with its version as written (``2101.00001v2``, ``hep-th/9901001``)."""
    parts = arxiv_parts(text)
    return parts[0] + (parts[1] or "") if parts else None


def arxiv_from_url(url: str) -> str | None:
    """The id in an ``arxiv.org/abs/…`` or ``/pdf/…`` link, or in an arXiv DOI."""
    found = _ARXIV_URL.search(url)
    if found:
        return normal_arxiv(found.group(1))
    doi = comparable_doi(url)
    return normal_arxiv(url) if doi and doi.startswith(ARXIV_DOI_PREFIX) else None


def comparable_arxiv(value: object) -> str | None:
    """Lower case, without the version: v1 and v2 are the same work."""
    if not isinstance(value, str):
        return None
    parts = arxiv_parts(value)
    return parts[0].lower() if parts else None


def arxiv_ids_in_text(text: str) -> set[str]:
    """Every ``arXiv:…`` id printed in ``text``, lower case, without its version."""
    return {m.group(1).lower() for m in _ARXIV_IN_TEXT.finditer(text)}


def normal_pmid(text: str) -> str | None:
    found = _PMID.match(text.strip())
    return str(int(found.group(1))) if found and int(found.group(1)) else None


def comparable_pmid(value: object) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return normal_pmid(value) if isinstance(value, str) else None


def normal_pmcid(text: str) -> str | None:
    found = _PMCID.match(text.strip())
    return f"PMC{found.group(1)}" if found else None


def normal_isbn(text: str) -> str | None:
    """The first ISBN-10 or ISBN-13 in ``text`` (several may be listed), as written."""
    for candidate in _ISBN_CANDIDATE.findall(text):
        value = str(candidate).strip(" -")
        digits = value.replace("-", "").replace(" ", "")
        if len(digits) in (10, 13) and digits[:-1].isascii() and digits[:-1].isdigit():
            return value
    return None


def isbn_digits(text: str) -> str | None:
    """The digits of the ISBN in ``text`` (``X`` for a check digit of 10), or ``None``."""
    for candidate in (text, normal_isbn(text) or ""):
        digits = re.sub(r"[\s\-]", "", candidate).upper()
        if _ISBN_DIGITS.fullmatch(digits):
            return digits
    return None


def isbn13(text: str) -> str | None:
    """The ISBN-13 of an ISBN written either way (``None`` if it is not one)."""
    digits = isbn_digits(text)
    if digits is None or len(digits) == 13:
        return digits
    body = "978" + digits[:9]
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def normal_year(text: str | None) -> int | str | None:
    """2020 (an integer), ``2020a``, ``n.d.``/``in press``/``forthcoming``, or None.

    The first four-digit year of a date (``2020-05``, ``2019///``,
    ``2020/2021``) counts; ``None`` means the text says no year at all.
    """
    if text is None:
        return None
    value = text.strip().lower()
    if value in _YEAR_WORDS:
        return _YEAR_WORDS[value]
    found = _YEAR.search(value)
    if found is None:
        # isdigit() is true for "²⁰²⁰" too, which int() refuses: ASCII digits only.
        return int(value) if value.isascii() and value.isdigit() and len(value) <= 4 else None
    if found.group(2) and found.end() == len(value):
        return found.group(0)  # 2020a: a letter that tells two works of a year apart
    return int(found.group(1))
