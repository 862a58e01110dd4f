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
    an issue's editorial board, masthead or "Issue Information" pages;
``presentation_document``
    a slide deck ("Slide 1/28", or pages of a few short lines with no prose):
    a talk about the work, not the work.

Notice headings are read in the languages journals print them in (Spanish
"Corrección de errores", "Fe de erratas", Portuguese "Errata", German
"Berichtigung", French "Rectificatif" …), and a DOI printed under a label
that says it is the *original article's* ("DOI del artículo original:") makes
the page a notice about the work: the work's own DOI on it is a reference,
not an identity.

Replies and comments keep their ``response_framing`` rule; citing papers
their ``title_only_in_references``. A rule does not fire when the entry's own
title carries its words (an entry that *is* a correction notice or a
supplement).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from urllib.parse import parse_qsl, unquote, urlsplit

from ars_docs.retrieval.judge.content import words

__all__ = ["document_kinds", "presentation_deck"]


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
    # Other languages (diacritics are folded before the comparison).
    "correccion de errores",
    "correccion de error",
    "fe de erratas",
    "fe de errores",
    "errata",
    "errata corrige",
    "retractacion",
    "nota de retractacion",
    "correcao",
    "errata corrigenda",
    "retratacao",
    "berichtigung",
    "korrektur",
    "widerruf",
    "rectificatif",
    "retractation",
    "avis de retractation",
    "rettifica",
    "ritrattazione",
    "correctie",
    "rattelse",
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
    "doi of the original article",
    "original article doi",
    "doi del articulo original",
    "en el articulo original",
    "doi do artigo original",
    "no artigo original",
    "doi de l article original",
    "dans l article original",
    "doi des originalartikels",
    "im originalartikel",
    "nell articolo originale",
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
    r"(?:^|[/=_-])media-\d+\.pdf$|/suppl/|/suppl_file/|/suppinfo|/DC\d+/|/supplementary[-_]?"
    r"(?:material|data|file|information)|_si(?:_\d+)?\.pdf$|[-_.]s\d{1,3}\.pdf$"
    r"|[-_]sup-\d{1,4}[-_.]|/downloadSupplement\b|/supplement(?:ary)?-?(?:file|material)s?/",
    re.I,
)
"""Where publishers keep supplements (medRxiv/Highwire ``DC1/…/media-1.pdf``, Wiley
``/doi/suppl/`` and ``downloadSupplement?…&file=…-sup-0001-media-1.pdf``,
``suppl_file``, ``…_si.pdf``, ``….s001.pdf``); a supplement *issue* (``/suppl_1/``)
holds real articles and is not matched. The path and every query value (a file
name handed to a download action) are checked."""

_SUPPLEMENT_ITEM = re.compile(
    r"^\W*(?:table|figure|fig|movie|video|data|appendix)\.?\s*S\d+\b", re.I
)
"""A supplement's own items ("Table S1.", "Figure S2", "Fig. S3"): several at line starts
on a page without an abstract make it a supplement."""

_SLIDE_MARK = re.compile(
    r"^\W*(?:slide|folie|diapositiva|diapo|dia)\s*\d+(?:\s*(?:/|of|von|de|di)\s*\d+)?\W*$", re.I
)
"""A slide counter on its own line ("Slide 1/28", "Folie 3 von 20")."""
_COUNTER = re.compile(r"^\d{1,3}\s*/\s*(\d{1,3})$")
_DECK_LINES = 12
"""At most this many lines on each page of a deck."""

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
    items = sum(1 for line in lines[:_PHRASE_LINES] if _SUPPLEMENT_ITEM.match(line.strip()))
    if (
        "supplement" in kinds
        or heading(_SUPPLEMENT_HEADS)
        or (url is not None and _supplement_url(url))
        or (not sections and items >= 2)
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


def _supplement_url(url: str) -> bool:
    """A supplement's address: its path, or a file name in its query (a download action)."""
    parts = urlsplit(url)
    places = [unquote(parts.path)] + [value for _key, value in parse_qsl(parts.query)]
    return any(_SUPPLEMENT_URL.search(place) for place in places)


def presentation_deck(pages: Sequence[Sequence[str]], *, sections: bool) -> bool:
    """Slides: a slide counter on a line, or (two pages or more) every page a few short lines
    ending in a bare counter ("2 / 18") with one total.

    A deck has no abstract and no prose: no line of a paragraph's length. A book's
    title and copyright pages are not a deck: the copyright page's lines are prose.
    """
    if sections:
        return False
    filled = [[line for line in page if line.strip()] for page in pages]
    if any(_SLIDE_MARK.match(line.strip()) for page in filled for line in page):
        return True
    if len(filled) < 2 or not all(filled):
        return False
    short = all(
        len(page) <= _DECK_LINES and not any(_prose(line) for line in page) for page in filled
    )
    # A book's half-title and title pages are short too; a deck numbers its slides
    # ("2 / 18" on every page, one total).
    totals = [
        {m.group(1) for line in page if (m := _COUNTER.match(line.strip()))} for page in filled
    ]
    return short and all(totals) and len(set.union(*totals)) == 1


def _prose(line: str) -> bool:
    return len(line) >= 60 and len(line.split()) >= 8
