"""What the identity decision reads and what it ends in (``judge.identity``).

``Work`` is what the entry says the cited work is, ``Document`` what was found
and how it was reached (``url_drift`` reads the redirect chain), ``Identity``
the decision: one of the five ``Level``s with its reason codes. The rules that
lead from the first two to the third are in ``judge.identity``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from urllib.parse import urlsplit

from ars_docs.retrieval.judge.content import words

__all__ = ["ACQUIRING", "RANK", "Document", "Identity", "Level", "Work", "url_drift"]


class Level(str, Enum):
    EXACT = "exact"
    STRONG = "strong"
    WEAK = "weak"
    AMBIGUOUS = "ambiguous"
    DIFFERENT = "different"


ACQUIRING = frozenset({Level.EXACT, Level.STRONG})
RANK = {Level.DIFFERENT: 0, Level.AMBIGUOUS: 1, Level.WEAK: 2, Level.STRONG: 3, Level.EXACT: 4}


@dataclass(frozen=True)
class Work:
    """What the entry says the work is."""

    title: str
    authors: tuple[tuple[str, str], ...]
    """``(family or literal name, given name or "")`` per author."""
    year: int | None = None
    doi: str | None = None
    arxiv_id: str | None = None
    is_review: bool = False
    """The entry itself is a review (CSL ``review``/``review-book``): no review framing check."""
    venue: str = ""
    """The journal, proceedings or publisher the entry names."""
    aliases: tuple[str, ...] = ()
    """Other DOIs of the same work: the prime DOI an alias redirects to, a preprint's."""
    related: tuple[tuple[str, str], ...] = ()
    """``(doi, kind)`` of *other* documents the work's record lists: ``notice``,
    ``supplement``, ``review`` (a DOI of these printed on a file makes it ``different``)."""
    shared_title: bool = False
    """Several registry records carry this exact title: the title alone is weak evidence."""


@dataclass(frozen=True)
class Document:
    """What was found: the text of the checked pages and how it was reached."""

    pages: Sequence[str]
    unlinked: Sequence[str] | None = None
    """HTML only: the main text without link texts (self-links kept)."""
    requested_url: str | None = None
    final_url: str | None = None
    hops: Sequence[str] = ()
    """Redirecting URLs, in order (the requested one first)."""
    tie: bool = False


@dataclass(frozen=True)
class Identity:
    level: Level
    reasons: tuple[str, ...]
    detail: str
    version: str | None = None
    """``preprint``, ``accepted_manuscript`` or ``version_of_record`` when the text says so."""
    other_dois: tuple[str, ...] = ()
    """DOIs printed outside the reference list that are not the work's (nor a preprint
    server's): whose they are, a registry can say."""

    @property
    def acquires(self) -> bool:
        return self.level in ACQUIRING

    def summary(self) -> str:
        version = f"; version: {self.version}" if self.version else ""
        return f"{self.level.value}: {', '.join(self.reasons)}{version}"


def url_drift(requested: str | None, final: str | None, hops: Sequence[str] = ()) -> bool:
    """Did a redirect chain end on a section or home page above what was asked for?"""
    if not requested or not final or (requested == final and not hops):
        return False
    chain = [_original(u) for u in (*hops, final)]
    last = urlsplit(chain[-1])
    last_path = [s for s in last.path.split("/") if s]
    if last_path and last_path[-1].lower() in ("index.html", "index.php", "home", "default.aspx"):
        last_path = last_path[:-1]
    for earlier in chain[:-1]:
        parts = urlsplit(earlier)
        path = [s for s in parts.path.split("/") if s]
        if not last_path and path:
            return True  # to a home page (also straight from the DOI resolver)
        if _host(parts.netloc) != _host(last.netloc) or len(last_path) >= len(path):
            continue
        if path[: len(last_path)] == last_path:
            return True  # up to a parent: a section or the home page
        slug = {w for w in words(path[-1]) if len(w) > 3}
        if not slug & set(words(last_path[-1])):
            return True  # sideways to a shallower page that does not name the work
    return False


def _original(url: str) -> str:
    """The archived URL inside a Wayback snapshot URL, else ``url``."""
    match = re.search(r"/web/\d{1,14}(?:[a-z]{2}_)?/(https?://.+)$", url)
    return match.group(1) if match else url


def _host(netloc: str) -> str:
    return netloc.lower().removeprefix("www.")
