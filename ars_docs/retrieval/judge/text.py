"""Where things sit on a document's first pages, for the identity decision (§3.5, issue 15 §1).

``identity.decide`` asks *where* the title, the authors and the identifiers
appear, not just *whether*: the same title means "this is the work" in the
header of page 1 and "this cites the work" inside a reference list. This
module reads the layout of each checked page as plain text lines:

* the **reference region** — from a reference-list heading in any of the
  languages below (also when the first entry follows on the same line), or
  from the first run of lines that look like reference entries (numbered
  ``[3]``/``3.`` or author–year ``Surname, A. (2008)``), whatever the heading;
* the **header region** — the lines before the abstract or the first section
  heading, at most ``HEADER_LINES`` lines, and never inside the references;
* **table-of-contents lines** — lines ending in a page number;
* **cite-as lines** — a cover sheet's "To cite this article: …" line, which
  looks like a reference entry but names the document itself;
* DOIs and arXiv identifiers printed outside the reference region.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ars_docs.retrieval.judge.content import normalise, words
from ars_docs.retrieval.judge.words import (
    CITE_AS,
    REFERENCE_HEADINGS,
    SECTION_STARTS,
    TOC_HEADINGS,
)
from ars_docs.works import identifiers as ids

__all__ = ["HEADER_LINES", "Layout", "Occurrence", "find_phrase", "layout", "split_lines"]

HEADER_LINES = 30
"""A title page's header (title, authors, affiliations) fits in this many lines."""

_NUMBERED_ENTRY = re.compile(r"^\s*(?:\[\d{1,3}\]|\(\d{1,3}\)|\d{1,3}[.)]?)\s+\S")
_AUTHOR_YEAR_ENTRY = re.compile(
    r"^\s*[^\W\d_][\w'’\-]+(?:\s[a-z]{1,4})*,\s*(?:[^\W\d_]\.|[^\W\d_][\w'’\-]+[,.])"
)
_YEAR = re.compile(r"(?<!\d)(1[6-9]\d{2}|20\d{2})(?!\d)")
_INITIALS = re.compile(r"\b[A-Z]\.\s?(?:[A-Z]\.)?|\bet al\b")
_TOC_LINE = re.compile(r"\S.*?(?:\.{2,}|…|\s)\s*(\d{1,4})\s*$")
_STAMP_LINE = re.compile(
    r"reprint|republish|download|accessed|retrieved|printed on|generated on|this content",
    re.I,
)
"""A line stamped by a repository or a reprint: its date is not the work's."""


def _keys(phrases: tuple[str, ...]) -> tuple[str, ...]:
    # Through ``words`` like the text they are compared with (Hangul decomposes, …).
    return tuple(" ".join(words(p)) for p in phrases)


_REFERENCE_KEYS = _keys(REFERENCE_HEADINGS)
_SECTION_KEYS = _keys(SECTION_STARTS)
_CITE_AS_KEYS = _keys(CITE_AS)


def split_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


@dataclass(frozen=True, slots=True)
class Occurrence:
    """Where a phrase was found: a page number (0-based) and a line number."""

    page: int
    line: int
    end_line: int
    standalone: bool
    """Nothing but punctuation before it on its first line, and nothing after it on its
    last line except a subtitle (after ``:``, ``—`` …): a heading, not a phrase in prose."""
    complete: bool = True
    """Nothing at all follows it on its last line (no subtitle the entry does not have)."""


@dataclass
class Layout:
    """The regions of one page (line numbers are indexes into ``lines``)."""

    lines: list[str]
    references_from: int
    """First line of the reference region (``len(lines)`` when there is none)."""
    header_to: int
    """The header region is ``lines[:header_to]``."""
    reference_lines: set[int] = field(default_factory=set)
    """Lines that look like reference entries (also outside the region: footnotes)."""
    cite_as_lines: set[int] = field(default_factory=set)
    toc_lines: set[int] = field(default_factory=set)
    has_section_start: bool = False

    toc_heading: bool = False

    @property
    def is_toc(self) -> bool:
        return len(self.toc_lines) >= (3 if self.toc_heading else 6)

    def front(self) -> str:
        """The text outside the reference region and reference-like lines."""
        return "\n".join(
            line
            for index, line in enumerate(self.lines[: self.references_from])
            if index not in self.reference_lines or index in self.cite_as_lines
        )

    def dois(self) -> set[str]:
        return ids.dois_in_text(self.front())

    def arxiv_ids(self) -> set[str]:
        return ids.arxiv_ids_in_text(self.front())

    def years(self, upto: int, skip: range = range(0)) -> set[int]:
        """Years printed on ``lines[:upto]``, except on the lines in ``skip`` (the title's)."""
        text = "\n".join(
            line
            for n, line in enumerate(self.lines[:upto])
            if n not in skip and not _STAMP_LINE.search(line)
        )
        return {int(y) for y in _YEAR.findall(text)}


def layout(text: str) -> Layout:
    lines = split_lines(text)
    keyed = [" ".join(words(line)) for line in lines]
    reference_lines = {i for i, line in enumerate(lines) if _entry_like(line)}
    cite_lines = {i for i, key in enumerate(keyed) if _cite_as(key, lines[i])}
    cite_as = {i for i in range(len(lines)) if i in cite_lines or i - 1 in cite_lines}
    reference_lines -= cite_as
    start = len(lines)
    for index, key in enumerate(keyed):
        if _reference_heading(key, lines[index]):
            start = index
            break
    for index in sorted(reference_lines):
        if index + 1 in reference_lines or index + 2 in reference_lines:
            start = min(start, index)
            break
    section = next(
        (i for i, key in enumerate(keyed) if _section_start(key)),
        None,
    )
    header_to = min(start, HEADER_LINES, section if section is not None else len(lines))
    toc = {i for i, line in enumerate(lines) if _toc_line(line)}
    toc_heading = any(key in _TOC_KEYS for key in keyed)
    return Layout(
        lines, start, header_to, reference_lines, cite_as, toc, section is not None, toc_heading
    )


_TOC_KEYS = frozenset(_keys(tuple(TOC_HEADINGS)))


_CITATION = re.compile(r"^\W*citation\s*[:：]", re.I)


def _cite_as(key: str, raw: str) -> bool:
    """A "to cite this" line; "Citation" counts only as a label ("Citation:"), not as a
    title's first word ("Citation advantage of open access …")."""
    return key.startswith(_CITE_AS_KEYS) or key == "citation" or bool(_CITATION.match(raw))


def _toc_line(line: str) -> bool:
    match = _TOC_LINE.match(line)
    if match is None:
        return False
    number = int(match.group(1))
    before = line[: match.start(1)]
    # A trailing year ("Received 12 March 2007") is not a page number; dot leaders
    # ("Editorial ........ 1") make even a short line a contents line.
    leaders = bool(re.search(r"(?:\.\s?){3,}|…", before))
    return not 1600 <= number <= 2099 and (leaders or len(words(before)) >= 3)


def _entry_like(line: str) -> bool:
    """Does this line look like the start of a reference entry (with a year)?"""
    if not _YEAR.search(line):
        return False
    if _NUMBERED_ENTRY.match(line) and _INITIALS.search(line):
        return True
    return bool(_AUTHOR_YEAR_ENTRY.match(line))


def _reference_heading(key: str, raw: str) -> bool:
    bare = " ".join(w for w in key.split() if not w.isdigit() and w not in _ROMAN)
    for heading in _REFERENCE_KEYS:
        if bare == heading:
            return True
        if bare.startswith(heading + " "):
            # The heading with the first entry on the same line: "References 1. Harvey L, …"
            rest = re.sub(r"^\W*(?:\d+\W*)?", "", raw.strip(), count=1)
            rest = rest[_heading_length(rest, heading) :]
            if re.match(r"\s*[:.\-–—]?\s*(?:\[\d|\(\d|\d{1,3}[.)\s]|[^\W\d_][\w'’\-]+,)", rest):
                return True
    return False


def _heading_length(raw: str, heading: str) -> int:
    """Characters of ``raw`` taken by the words of ``heading``."""
    count = len(heading.split())
    match = re.match(r"\W*" + r"\W+".join([r"\w+"] * count), raw)
    return match.end() if match else 0


_ROMAN = frozenset({"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"})


def _section_start(key: str) -> bool:
    bare = " ".join(w for w in key.split() if not w.isdigit() and w not in _ROMAN)
    return any(bare == s or bare.startswith(s + " ") for s in _SECTION_KEYS)


def find_phrase(pages: list[Layout], phrase: str, *, loose: bool = False) -> list[Occurrence]:
    """Every place ``phrase`` occurs as whole words (spaces, glued or split words tolerated).

    When it does not occur as one run, the header of each page is searched once more
    allowing up to ``_GAP`` foreign words in between: title pages of regulations and
    books interleave lines such as "REPUBLIK INDONESIA" with the title. ``loose``
    (long names) also accepts a match glued to a neighbouring word ("LeeHarvey").
    """
    found = _runs(pages, phrase, loose)
    return found or _gapped(pages, words(phrase))


_GAP = 3


def _gapped(pages: list[Layout], title: list[str]) -> list[Occurrence]:
    if len(title) < 4:
        return []
    found = []
    for page_no, page in enumerate(pages):
        flat = [(w, n) for n, line in enumerate(page.lines[: page.header_to]) for w in words(line)]
        for start, (word, _line) in enumerate(flat):
            if word != title[0]:
                continue
            at, skipped, matched = start + 1, 0, 1
            while matched < len(title) and at < len(flat) and skipped <= _GAP:
                if flat[at][0] == title[matched]:
                    matched += 1
                else:
                    skipped += 1
                at += 1
            if matched == len(title) and skipped <= _GAP:
                first, last = flat[start][1], flat[at - 1][1]
                alone = words(page.lines[first])[0] == title[0] and (
                    words(page.lines[last])[-1] == title[-1]
                )
                found.append(Occurrence(page_no, first, last, alone))
    return found


def _runs(pages: list[Layout], phrase: str, loose: bool) -> list[Occurrence]:
    wanted = "".join(words(phrase))
    if not wanted:
        return []
    cjk = any(_is_cjk(ch) for ch in wanted)
    found = []
    for page_no, page in enumerate(pages):
        starts: set[int] = set()
        ends: set[int] = set()
        owner: list[int] = []
        line_at: dict[int, tuple[int, int]] = {}
        squashed = ""
        for line_no, line in enumerate(page.lines):
            line_at[line_no] = (len(squashed), 0)
            for word in words(line):
                starts.add(len(squashed))
                squashed += word
                owner.extend([line_no] * len(word))
                ends.add(len(squashed))
            line_at[line_no] = (line_at[line_no][0], len(squashed))
        at = squashed.find(wanted)
        while at >= 0:
            end = at + len(wanted)
            if cjk or (at in starts and end in ends) or (loose and (at in starts or end in ends)):
                first, last = owner[at], owner[end - 1]
                opens = line_at[first][0] == at or _label_before(
                    page.lines[first], at - line_at[first][0]
                )
                alone = opens and _ends_heading(page.lines[last], end, line_at[last])
                complete = end == line_at[last][1]
                found.append(Occurrence(page_no, first, last, alone, complete))
            at = squashed.find(wanted, at + 1)
    return found


_LABEL = re.compile(r"^\W*(?:[^\W\d_]+[ \t]+){0,2}[^\W\d_]+[ \t]*[:|—–][ \t]*$")


_NOT_OPENING = frozenset(
    {"review", "reviews", "reviewed", "rezension", "comment", "commentary", "reply"}
    | {"response", "re", "letter", "letters", "news", "highlight", "highlights", "summary"}
    | {"correction", "erratum", "corrigendum", "retraction", "notice", "concern", "see"}
    | {"keynote", "talk", "presentation", "poster", "slides", "abstract", "cited"}
    | {"discussion", "essay", "spotlight", "digest", "preview", "interview"}
)
"""Label words that say the page is *about* the title (a review, a reply, news)."""


def _label_before(line: str, letters: int) -> bool:
    """Is the text before a match (``letters`` word characters) a short label ending in
    ``:`` ("RETRACTED:", "Original Research:")? The title still opens the heading. A
    label that says the page is about the title ("Review:", "Re:", "News:") does not."""
    line = normalise(line)
    seen = 0
    for index, ch in enumerate(line):
        if not ch.isalnum():
            continue
        if seen == letters:
            label = line[:index]
            return bool(_LABEL.match(label)) and not set(words(label)) & _NOT_OPENING
        seen += 1
    return False


def _ends_heading(line: str, end: int, span: tuple[int, int]) -> bool:
    """Is the rest of the line after a match ending at ``end`` empty or a subtitle?"""
    if end == span[1]:
        return True
    rest_length = span[1] - end
    line = normalise(line)
    # Find where the remaining words begin in the line: the last ``rest`` letters.
    letters = 0
    for index in range(len(line) - 1, -1, -1):
        if line[index].isalnum():
            letters += 1
            if letters >= rest_length:
                before = line[:index].rstrip()
                tail = before[-1:] if before else ""
                return tail in ":—–-|.?!" or before.endswith(("--",))
    return False


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return 0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF
