"""Which conference series a venue string names, and which of its tracks (issue 37).

A conference is written every which way: ``ICML``, ``ICML'19``, ``Proc. ICML``,
``Proceedings of the 40th International Conference on Machine Learning``,
``Advances in Neural Information Processing Systems 33`` (= NeurIPS = NIPS),
``2023 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)``.
Comparing such strings word by word cannot say "another venue", so the
matcher used to say nothing about conference venues at all — and a paper
of AAAI cited at ICML, or a made-up "Symposium on Neural Scaling Laws",
passed. This module knows the major series by their acronyms and their
written-out names (facts: the names the series use), so that two strings
can be compared as *identities*:

* ``venue_identity(text)`` → ``Venue(series, track)`` or ``None`` (not a
  series known here) or ``NEUTRAL`` (a publisher's series that holds many
  conferences — PMLR, LNCS, OpenReview — which says nothing either way);
* the track: ``main``, ``workshop``, ``findings``, ``companion`` (extended
  abstracts, demos, posters, student sessions): a workshop of a conference
  is not the conference (the issue's rule), ``SOUPS @ USENIX Security`` is
  SOUPS (the event before ``@``/``at``/``co-located with`` is the one
  named; the host is used only when the event itself is unknown).

Journals are not here: their names are consistent enough for the word-level
comparison of ``lookup/entry/compare.py``. Where a series publishes in a
journal (SIGGRAPH in ACM TOG, VLDB in PVLDB, SIGMOD in PACMMOD), the journal
is an alias of the series.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ars_docs.works.fold import fold

__all__ = ["NEUTRAL", "Venue", "series_names", "venue_identity"]


@dataclass(frozen=True, slots=True)
class Venue:
    series: str
    track: str = "main"

    def shown(self) -> str:
        return self.series if self.track == "main" else f"{self.series} ({self.track})"


NEUTRAL = Venue("", "neutral")
"""A publisher's series or a platform that holds many venues (PMLR, LNCS, OpenReview)."""

#: series: (acronyms, written-out names). Acronyms are matched as whole words (a
#: trailing year is dropped: ``icml19``); names as word sequences of the folded text.
_SERIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "NeurIPS": ("neurips nips", ("neural information processing systems",)),
    "ICML": ("icml", ("international conference on machine learning",)),
    "ICLR": ("iclr", ("international conference on learning representations",)),
    "AAAI": ("aaai", ("aaai conference on artificial intelligence",)),
    "IJCAI": ("ijcai", ("international joint conference on artificial intelligence",)),
    "UAI": ("uai", ("uncertainty in artificial intelligence",)),
    "AISTATS": ("aistats", ("artificial intelligence and statistics",)),
    "COLT": ("colt", ("conference on learning theory", "annual conference on learning theory")),
    "CoRL": ("corl", ("conference on robot learning",)),
    "MLSys": ("mlsys sysml", ("machine learning and systems",)),
    "CVPR": ("cvpr", ("computer vision and pattern recognition",)),
    "ICCV": ("iccv", ("international conference on computer vision",)),
    "ECCV": ("eccv", ("european conference on computer vision",)),
    "WACV": ("wacv", ("winter conference on applications of computer vision",)),
    "ACCV": ("accv", ("asian conference on computer vision",)),
    "BMVC": ("bmvc", ("british machine vision conference",)),
    "MICCAI": ("miccai", ("medical image computing and computer assisted intervention",)),
    "ACL": ("acl", ("annual meeting of the association for computational linguistics",)),
    "NAACL": (
        "naacl",
        ("north american chapter of the association for computational linguistics",),
    ),
    "EACL": ("eacl", ("european chapter of the association for computational linguistics",)),
    "AACL": ("aacl", ("asia pacific chapter of the association for computational linguistics",)),
    "EMNLP": ("emnlp", ("empirical methods in natural language processing",)),
    "COLING": ("coling", ("international conference on computational linguistics",)),
    "CoNLL": ("conll", ("conference on computational natural language learning",)),
    "LREC": ("lrec", ("language resources and evaluation conference",)),
    "INTERSPEECH": ("interspeech", ()),
    "ICASSP": ("icassp", ("international conference on acoustics speech and signal processing",)),
    "KDD": ("kdd sigkdd", ("knowledge discovery and data mining",)),
    "ICDM": ("icdm", ("ieee international conference on data mining",)),
    "SDM": ("sdm", ("siam international conference on data mining",)),
    "WWW": ("www", ("the web conference", "world wide web conference")),
    "SIGIR": (
        "sigir",
        ("research and development in information retrieval",),
    ),
    "CIKM": ("cikm", ("conference on information and knowledge management",)),
    "WSDM": ("wsdm", ("web search and data mining",)),
    "RecSys": ("recsys", ("conference on recommender systems",)),
    "SIGMOD": (
        "sigmod pacmmod",
        ("management of data", "proc acm manag data"),
    ),
    "VLDB": ("vldb pvldb", ("very large data bases", "proc vldb endow")),
    "ICDE": ("icde", ("international conference on data engineering",)),
    "CHI": ("chi", ("human factors in computing systems",)),
    "UIST": ("uist", ("user interface software and technology",)),
    "CSCW": ("cscw", ("computer supported cooperative work",)),
    "SIGGRAPH": ("siggraph", ("acm trans graph", "acm transactions on graphics")),
    "ICRA": ("icra", ("international conference on robotics and automation",)),
    "IROS": ("iros", ("international conference on intelligent robots and systems",)),
    "RSS": ("rss", ("robotics science and systems",)),
    "OSDI": ("osdi", ("operating systems design and implementation",)),
    "SOSP": ("sosp", ("symposium on operating systems principles",)),
    "NSDI": ("nsdi", ("networked systems design and implementation",)),
    "EuroSys": ("eurosys", ()),
    "SIGCOMM": ("sigcomm", ()),
    "CCS": ("ccs", ("conference on computer and communications security",)),
    "USENIX Security": ("", ("usenix security",)),
    "IEEE S&P": ("", ("symposium on security and privacy",)),
    "NDSS": ("ndss", ("network and distributed system security",)),
    "SOUPS": ("soups", ("symposium on usable privacy and security",)),
    "ICSE": ("icse", ("international conference on software engineering",)),
    "FSE": ("fse esec", ("foundations of software engineering",)),
    "ASE": ("", ("automated software engineering",)),
    "PLDI": ("pldi", ("programming language design and implementation",)),
    "POPL": ("popl", ("principles of programming languages",)),
    "STOC": ("stoc", ("symposium on theory of computing",)),
    "FOCS": ("focs", ("foundations of computer science",)),
    "SODA": ("soda", ("symposium on discrete algorithms",)),
}

#: Platforms and publishers' series that hold many conferences: they name no one venue.
_NEUTRAL = (
    "proceedings of machine learning research",
    "pmlr",
    "jmlr workshop and conference proceedings",
    "lecture notes in computer science",
    "lncs",
    "openreview",
    "ceur workshop proceedings",
    "acl anthology",
    "curran associates",
)

_TRACKS = (
    ("findings", ("findings",)),
    ("workshop", ("workshop", "workshops", "wksp")),
    (
        "companion",
        ("extended abstracts", "companion", "demonstrations", "demo track", "posters",
         "student research", "tiny papers", "adjunct"),
    ),
)  # fmt: skip

#: Where one event is held at another: ``SOUPS @ USENIX Security``, ``… at NeurIPS``.
_HELD_AT = re.compile(
    r"\s(?:@|at|co-located with|colocated with|in conjunction with|held with)\s", re.I
)
_NUMBER_WORDS = frozenset([
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth", "twenty", "thirty", "forty",
    "fifty", "sixty", "seventy", "eighty", "ninety",
])  # fmt: skip
_NOT_LATIN = re.compile(r"[\u0370-\u03ff\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_ORDINAL = re.compile(r"^\d+(?:st|nd|rd|th)?$")


def _index() -> tuple[dict[str, str], list[tuple[str, str]]]:
    acronyms: dict[str, str] = {}
    names: list[tuple[str, str]] = []
    for series, (letters, written) in _SERIES.items():
        for acronym in letters.split():
            acronyms[acronym] = series
        names += [(f" {name} ", series) for name in written]
    names.sort(key=lambda pair: -len(pair[0]))  # "north american chapter of the acl" first
    return acronyms, names


_ACRONYMS, _NAMES = _index()


@lru_cache(maxsize=4096)
def venue_identity(text: str) -> Venue | None:
    """The series and track ``text`` names; ``NEUTRAL`` for a platform; ``None`` unknown."""
    if not text or not text.strip() or _NOT_LATIN.search(text):
        # Greek letters fold to their names ("χ" → "chi"): no acronym of this table is
        # written in another script, and such venues are compared word by word.
        return None
    padded = f" {_words(text)} "
    track = _track(padded)
    parts = _HELD_AT.split(text, maxsplit=1)
    for part in parts:
        series = _series(_words(part) if len(parts) > 1 else padded.strip())
        if series:
            return Venue(series, track)
    if any(f" {name} " in padded for name in _NEUTRAL):
        return NEUTRAL
    return None


def series_names(series: str) -> tuple[str, ...]:
    """The written-out names of a series (folded), for comparing a name the table lacks."""
    return _SERIES.get(series, ("", ()))[1]


def _words(text: str) -> str:
    kept = []
    for word in fold(text).split():
        if _ORDINAL.match(word) or word in _NUMBER_WORDS:
            continue
        kept.append(word)
    return " ".join(kept)


def _track(padded: str) -> str:
    for track, cues in _TRACKS:
        if any(f" {cue} " in padded for cue in cues):
            return track
    return "main"


def _series(folded: str) -> str | None:
    padded = f" {folded} "
    for name, series in _NAMES:
        if name in padded:
            return series
    for word in folded.split():
        found = _ACRONYMS.get(word) or _ACRONYMS.get(word.rstrip("0123456789"))
        if found:
            return found
    return None
