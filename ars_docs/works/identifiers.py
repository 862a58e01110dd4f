"""Identifiers and years as bibliographies write them, in the passport's form.

Each function takes what a file holds (``https://doi.org/10.1/X``,
``arXiv:2101.00001v2``, ``PMID: 123``, ``ISBN 978-3-16-148410-0; …``,
``2019///``, ``2020-05``) and returns the value the entry schema accepts, or
``None`` when the text is not such an identifier; the caller reports what it
dropped. ``comparable_*`` give the forms duplicates are found by.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

__all__ = [
    "arxiv_from_url",
    "comparable_arxiv",
    "comparable_doi",
    "comparable_pmid",
    "normal_arxiv",
    "normal_doi",
    "normal_isbn",
    "normal_pmcid",
    "normal_pmid",
    "normal_year",
]

_DOI_PREFIX = re.compile(
    r"\A(?:(?:https?://)?(?:dx\.)?doi\.org/|doi:\s*|https?://(?:www\.)?doi\.org/)", re.IGNORECASE
)
_DOI = re.compile(r"\A10\.\d{4,9}/\S+\Z")
_ARXIV = re.compile(
    r"\A(?:\d{4}\.\d{4,5}|[a-z][a-z\-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?\Z", re.IGNORECASE
)
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([^?#\s]+?)(?:\.pdf)?/?(?:[?#]|\Z)", re.IGNORECASE)
_ARXIV_DOI = re.compile(r"\A10\.48550/arxiv\.(.+)\Z", re.IGNORECASE)
_PMID = re.compile(r"\A(?:pmid:?\s*)?([0-9]{1,9})\Z", re.IGNORECASE)
_PMCID = re.compile(r"\A(?:pmcid:?\s*)?(?:pmc)?([0-9]+)\Z", re.IGNORECASE)
_ISBN_CANDIDATE = re.compile(r"[0-9][0-9Xx \-]{8,20}")
_YEAR_WORDS = {"n.d.": "n.d.", "nd": "n.d.", "in press": "in press", "forthcoming": "forthcoming"}
_YEAR = re.compile(r"(?<![0-9])([0-9]{4})(?![0-9])([a-z](?![a-z]))?")


def normal_doi(text: str) -> str | None:
    """``10.…/…`` without resolver prefixes (``https://doi.org/``, ``doi:``)."""
    value = text.strip()
    if value.lower().startswith(("http://", "https://")):
        value = unquote(value)
    value = _DOI_PREFIX.sub("", value).strip()
    return value if _DOI.match(value) else None


def comparable_doi(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    found = normal_doi(value)
    return found.lower() if found else None


def normal_arxiv(text: str) -> str | None:
    """An arXiv id (``2101.00001v2``, ``hep-th/9901001``) without an ``arXiv:`` prefix."""
    value = text.strip()
    if value.lower().startswith("arxiv:"):
        value = value[6:].strip()
    return value if _ARXIV.match(value) else None


def arxiv_from_url(url: str) -> str | None:
    """The id in an ``arxiv.org/abs/…`` or ``/pdf/…`` link, or in an arXiv DOI."""
    found = _ARXIV_URL.search(url)
    if found:
        return normal_arxiv(found.group(1))
    doi = normal_doi(url)
    by_doi = _ARXIV_DOI.match(doi) if doi else None
    return normal_arxiv(by_doi.group(1)) if by_doi else None


def comparable_arxiv(value: object) -> str | None:
    """Lower case, without the version: v1 and v2 are the same work."""
    if not isinstance(value, str):
        return None
    found = normal_arxiv(value)
    return re.sub(r"v\d+\Z", "", found.lower()) if found else None


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
