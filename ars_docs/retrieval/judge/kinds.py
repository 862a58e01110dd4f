"""Documents that are *about* the work, not the work: rules that say ``different`` (issue 22).

A retraction notice prints the work's title and authors ("Retraction:
Marchetti L, Ibáñez C. *title* … The above article has been retracted"); so
do a supplement ("Supplementary Materials for *title*", a medRxiv
``media-1.pdf``), a peer-review file, a reply, an issue's front matter and a
citing paper. However well their words match, they are other documents, and
the decision says so by rule, with a reason code (``judge.words.REASON_CODES``):

``notice_document``
    a retraction, correction, erratum, withdrawal or expression-of-concern
    notice (heading or wording), or a DOI the work's registry record lists as
    a notice about it (Crossref ``updated-by``);
``supplement_document``
    supplementary material ("Supplementary Materials for", "This PDF file
    includes", ``media-N.pdf``, ``/suppl/``), or a DOI the record lists as a
    supplement (``is-supplemented-by``, ``has-supplement``, ``type: component``);
``peer_review_document``
    a peer-review report, decision letter or response to reviewers, or a DOI the
    record lists as a review of the work (``has-review``);
``front_matter``
    an issue's editorial board, masthead or "Issue Information" pages.

Replies and comments keep their ``response_framing`` rule; citing papers
their ``title_only_in_references``. A rule does not fire when the entry's own
title carries its words (an entry that *is* a correction notice or a
supplement).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ars_docs.retrieval.judge.content import words

__all__ = ["document_kinds"]


_NOTICE_HEADS = (
    "retraction",
    "retraction note",
    "retraction notice",
    "retraction statement",
    "notice of retraction",
    "partial retraction",
    "correction",
    "correction to",
    "correction notice",
    "publisher correction",
    "author correction",
    "erratum",
    "corrigendum",
    "addendum",
    "expression of concern",
    "editorial expression of concern",
    "withdrawal",
    "withdrawal notice",
    "notice of withdrawal",
    "withdrawn",
)
_NOTICE_PHRASES = (
    "has been retracted",
    "have retracted",
    "is hereby retracted",
    "has been withdrawn",
    "the above article",
    "original article can be found",
    "the original version of this article",
    "an amendment to this paper",
    "this article has been corrected",
    "the publisher regrets",
    "the authors regret",
    "the editors have retracted",
    "issue an expression of concern",
)
_SUPPLEMENT_HEADS = (
    "supplementary materials for",
    "supplementary material for",
    "supplementary information for",
    "supplementary data for",
    "supplemental material for",
    "supplemental materials for",
    "supporting information for",
    "supporting information",
    "supplementary data",
    "supplementary file",
    "supplementary figures",
    "supplementary tables",
    "supplemental material",
    "supplemental materials",
    "supplemental information",
    "additional file",
    "supplementary materials",
    "supplementary material",
    "supplementary information",
    "supplementary appendix",
    "online supplement",
    "online appendix",
    "electronic supplementary material",
    "this pdf file includes",
    "the pdf file includes",
)
_SUPPLEMENT_URL = re.compile(
    r"/media-\d+\.pdf$|/suppl/|/suppl_file/|/suppinfo|/DC\d+/|/supplementary[-_]?"
    r"(?:material|data|file|information)|_si(?:_\d+)?\.pdf$|[-_.]s\d{1,3}\.pdf$",
    re.I,
)
"""Where publishers keep supplements (medRxiv/Highwire ``DC1/…/media-1.pdf``, Wiley
``/doi/suppl/``, ``suppl_file``, ``…_si.pdf``, ``….s001.pdf``); a supplement *issue*
(``/suppl_1/``) holds real articles and is not matched."""

_REVIEW_HEADS = (
    "peer review file",
    "peer review report",
    "peer review history",
    "transparent peer review",
    "reviewer report",
    "reviewers report",
    "reviewer s report",
    "referee report",
    "referee s report",
    "reviewer comments",
    "reviewers comments",
    "decision letter",
    "response to reviewers",
    "response to the reviewers",
    "author response",
    "authors response",
    "review history",
    "reviewer 1",
    "reviewer 2",
    "referee 1",
)
_FRONT_HEADS = (
    "editorial board",
    "issue information",
    "masthead",
    "front matter",
    "back matter",
    "cover and front matter",
    "inside front cover",
    "information for authors",
    "instructions for authors",
    "aims and scope",
)
_HEAD_LINES = 12
"""Lines at the top of the first page where a notice's or a supplement's heading stands."""
_PHRASE_LINES = 60


def _key(phrase: str) -> str:
    return " ".join(words(phrase))


def document_kinds(
    lines: Sequence[str],
    *,
    sections: bool,
    title: str,
    url: str | None,
    dois: set[str],
    related: Mapping[str, str],
) -> list[str]:
    """The ``KIND_REASONS`` codes for a document whose first page has ``lines``."""
    own = f" {_key(title)} "
    keyed = [" ".join(words(line)) for line in lines]
    top = keyed[:_HEAD_LINES]
    found: list[str] = []

    def heading(heads: Sequence[str]) -> bool:
        for head in heads:
            key = _key(head)
            if f" {key} " in own:
                continue
            if any(line == key or line.startswith(key + " ") for line in top):
                return True
        return False

    def phrase(phrases: Sequence[str]) -> bool:
        # A notice is short and has no abstract: a page with sections is a paper, whose
        # wording ("… has been retracted") is its subject, or the retracted work itself
        # ("This article has been retracted: please see …" above its abstract).
        if sections:
            return False
        text = f" {' '.join(keyed[:_PHRASE_LINES])} ".replace(own, " | ")
        return any(f" {_key(p)} " in text for p in phrases if f" {_key(p)} " not in own)

    kinds = {related.get(doi) for doi in dois} - {None}
    if kinds:
        found.append("related_record_doi")
    if "notice" in kinds or _notice_heading(lines, own) or phrase(_NOTICE_PHRASES):
        found.append("notice_document")
    if (
        "supplement" in kinds
        or heading(_SUPPLEMENT_HEADS)
        or (url is not None and _SUPPLEMENT_URL.search(url.split("?")[0]) is not None)
    ):
        found.append("supplement_document")
    if "review" in kinds or heading(_REVIEW_HEADS):
        found.append("peer_review_document")
    if heading(_FRONT_HEADS):
        found.append("front_matter")
    return found


def _notice_heading(lines: Sequence[str], own: str) -> bool:
    """A notice's heading: the word alone on its line, or followed by ``:``/``—`` and text.

    "RETRACTED ARTICLE" (the stamp on a retracted work itself) is not a notice; "WITHDRAWN:"
    is (a withdrawn article's page keeps only the statement).
    """
    for line in lines[:_HEAD_LINES]:
        key = " ".join(words(line))
        for head in _NOTICE_HEADS:
            head_key = _key(head)
            if f" {head_key} " in own:
                continue
            if key == head_key:
                return True
            pattern = (
                r"^\W*"
                + r"\W+".join(head_key.split())
                + r"(?:\s+(?:to|of|for|on|regarding|concerning)\b|\s*(?:[:：—–\"“«]|\s-\s))"
            )
            if re.match(pattern, line.strip(), re.I):
                return True
    return False
