"""Content verification of a retrieved document (spec §3.5 ``verify_content_match``).

HTTP 200 with ``application/pdf`` never proves the file is the cited work
(the spec's wrong-record case: a valid PDF of a Banjarmasin tax regulation
served for Permendikbudristek 53/2023). A document counts as the original only
when the text of its first page(s) — or an HTML page's main text — contains

* a significant fragment of the entry's title: the whole title when it has at
  most four words, else any run of at least ``max(4, ⌈n/2⌉)`` consecutive
  title words; and
* at least one author surname (CSL ``family``, or an organisation's
  ``literal`` name), as whole words.

Both sides are compared after the same normalisation: NFKC (ligatures such as
``ﬁ`` become ``fi``), soft hyphens and zero-width characters removed, words
hyphenated across a line break rejoined, diacritics dropped, special letters
written out (ß → ss, ø → o: ``works.fold.fold_text``), case folded, and
all punctuation and line breaks treated as word separators. Title fragments
are additionally matched with all separators removed, which tolerates PDF
text extraction that splits or glues words.

Text after a reference-list heading (a line reading just ``References``,
``Bibliography``, ``Works Cited`` …) is not searched: a document that merely
cites the work lists its title and authors there.

PDF text is the text a reader sees (``judge.ink``): text drawn invisibly —
render mode 3, clipped away, off the page, too small to read, in a layer
that is off — is left out, so a page that shows one work cannot pass as
another by hiding that work's title under it. A page whose text is all
invisible and which is mostly an image is a scan with an OCR layer: its text
is kept (``SCAN_SHARE``).

``match_content`` is the spec's minimum check, kept for library users; the
chain itself decides with ``identity.decide``, which is stricter (where the
evidence sits, negative evidence first, match levels with reason codes).
This module also provides the normalisation and PDF text both share.
"""

from __future__ import annotations

import io
import logging
import math
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ars_docs.works.fold import compose, fold_text

__all__ = [
    "SCAN_SHARE",
    "MatchResult",
    "TextResult",
    "match_content",
    "name_key",
    "normalise",
    "pdf_text",
    "words",
]

_LINE_HYPHEN = re.compile(r"(\w)[-\u2010\u2011]\s*(?:\r\n|\r|\n)\s*(\w)")
_WORD = re.compile(r"\w+")
_MIN_SQUASHED = 12  # shorter fragments must match as whole words
_REFERENCE_HEADINGS = frozenset(
    {
        "references",
        "reference list",
        "bibliography",
        "works cited",
        "literature cited",
        "cited literature",
        "literatur",
        "literaturverzeichnis",
        "daftar pustaka",
        "bibliografia",
        "referencias",
        "referencias bibliograficas",
    }
)
"""Headings (as ``name_key``) after which a page lists works it cites."""
_PYPDF_QUIET = threading.Lock()


def normalise(text: str) -> str:
    """Unicode-normalised, diacritic-free, case-folded text (see module docstring)."""
    return fold_text(_LINE_HYPHEN.sub(r"\1\2", compose(text)))


def words(text: str) -> list[str]:
    """The words of ``text`` after ``normalise``; punctuation and breaks separate words."""
    return [w.replace("_", "") for w in _WORD.findall(normalise(text)) if w.strip("_")]


def name_key(name: str) -> str:
    """The comparable form of a person's or organisation's name (config keys, matching)."""
    return " ".join(words(name))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The verdict on one document; ``detail`` says what was (not) found, for the log."""

    ok: bool
    detail: str


@dataclass(frozen=True, slots=True)
class TextResult:
    """Text extracted from a document, or why there is none."""

    text: str
    problem: str = ""
    pages: tuple[str, ...] = ()
    """The text of each checked page, in order."""
    no_text: bool = False
    """The PDF opened fine but has no visible text on the checked pages (a scan, or
    text drawn only invisibly)."""
    hidden: tuple[int, ...] = ()
    """The pages (0-based) whose invisible text was left out."""


def match_content(text: str, title: str, surnames: Sequence[str], *, where: str) -> MatchResult:
    """Does ``text`` contain a significant title fragment and an author surname?"""
    title_words = words(title)
    names = [n for n in (words(s) for s in surnames) if n]
    if not title_words or not names:
        return MatchResult(False, "the passport entry has no title or no author name to match")
    searched = _before_references(text, title)
    if len(searched) < len(text):
        where = f"{where} (before its reference list)"
    text_words = words(searched)
    spaced = f" {' '.join(text_words)} "
    squashed = "".join(text_words)
    fragment = _title_fragment(title_words, spaced, squashed)
    surname = next((" ".join(n) for n in names if _has_name(n, spaced, squashed)), None)
    shown = ", ".join(" ".join(n) for n in names[:4])
    if fragment is None and surname is None:
        return MatchResult(False, f"neither a title fragment nor an author ({shown}) in {where}")
    if fragment is None:
        return MatchResult(False, f"author {surname!r} found but no title fragment in {where}")
    if surname is None:
        return MatchResult(
            False, f"title fragment found but no author surname ({shown}) in {where}"
        )
    return MatchResult(True, f"title fragment {fragment!r} and author {surname!r} in {where}")


def _before_references(text: str, title: str) -> str:
    """``text`` up to its first reference-list heading (unless that line is the title)."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        heading = " ".join(w for w in words(line) if not w.isdigit())
        if heading in _REFERENCE_HEADINGS and heading != name_key(title):
            return "\n".join(lines[:index])
    return text


def _title_fragment(title: list[str], spaced: str, squashed: str) -> str | None:
    size = len(title) if len(title) <= 4 else max(4, math.ceil(len(title) / 2))
    for start in range(len(title) - size + 1):
        window = title[start : start + size]
        if f" {' '.join(window)} " in spaced:
            return " ".join(window)
        joined = "".join(window)
        if len(joined) >= _MIN_SQUASHED and joined in squashed:
            return " ".join(window)
    return None


def _has_name(name: list[str], spaced: str, squashed: str) -> bool:
    if f" {' '.join(name)} " in spaced:
        return True
    # PDF extraction sometimes splits a long name ("Sten saker"); only then squash.
    joined = "".join(name)
    return len(joined) >= 8 and _squashed_word_hit(joined, spaced)


def _squashed_word_hit(joined: str, spaced: str) -> bool:
    tokens = spaced.split()
    for i in range(len(tokens)):
        acc = ""
        for token in tokens[i : i + 4]:
            acc += token
            if acc == joined:
                return True
            if not joined.startswith(acc):
                break
    return False


def pdf_text(body: bytes, pages: int) -> TextResult:
    """Text of the first ``pages`` pages (pypdf), or the problem that prevented it."""
    # pypdf logs every recoverable oddity of real-world PDFs (to stderr when the
    # application configured no logging); the verdict is ours, so silence it. The
    # lock keeps concurrent workers from restoring each other's level; extraction
    # holds the GIL anyway, so it costs no parallelism.
    with _PYPDF_QUIET:
        logger = logging.getLogger("pypdf")
        previous = logger.level
        logger.setLevel(logging.CRITICAL)
        try:
            return _extract(body, pages)
        finally:
            logger.setLevel(previous)


def _extract(body: bytes, pages: int) -> TextResult:
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(body), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            return TextResult("", "the PDF is encrypted with a password")
        count = min(pages, len(reader.pages))
        texts: list[str] = []
        hidden: list[int] = []
        for index in range(count):
            text, left_out = _page_text(reader.pages[index], reader)
            texts.append(text)
            if left_out:
                hidden.append(index)
    except Exception as exc:  # pypdf raises many types on broken files
        return TextResult("", f"the PDF cannot be read ({type(exc).__name__}: {exc})"[:300])
    text = "\n".join(texts)
    if not text.strip():
        where = f"the first {count} page(s)" if count < len(reader.pages) else "any page"
        if hidden:
            problem = (
                f"no visible text on {where}: the only text is drawn invisibly (hidden, "
                "clipped away, off the page or too small to read), which is not evidence"
            )
        else:
            problem = f"no text layer on {where} (a scan?)"
        return TextResult("", problem, no_text=True, hidden=tuple(hidden))
    return TextResult(text, pages=tuple(texts), hidden=tuple(hidden))


SCAN_SHARE = 0.25
"""A page whose text is all invisible keeps it when images cover at least this share
of the page: a scan with its OCR layer."""


def _page_text(page: Any, reader: Any) -> tuple[str, bool]:
    """The page's visible text, and whether invisible text was left out (one extraction;
    a second, plain one only for a scan's OCR layer)."""
    from ars_docs.retrieval.judge.ink import PageInk

    ink = PageInk(page, reader)
    text = (
        page.extract_text(visitor_operand_before=ink.before, visitor_operand_after=ink.after) or ""
    )
    if ink.hidden and not ink.visible and ink.scan_share() >= SCAN_SHARE:
        return page.extract_text() or "", False
    return text, ink.hidden > 0
