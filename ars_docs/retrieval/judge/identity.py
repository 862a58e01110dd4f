"""Is this document the cited work? The ordered identity decision (§3.5, issue 15 §1).

§3.5 asks at least for "a title fragment and an author surname on page 1".
That accepts a paper that cites the work, a book review, a table of contents
and a news teaser, because all of them print the title and an author. The
decision here asks *where* the evidence sits (``judge.text``), lets
negative evidence win, and ends in one of five levels with the reason codes
that led there:

``exact``
    the entry's DOI (or arXiv id) is printed outside the reference list, the
    full title stands as a heading in the header of the title page, and an
    author is named near it;
``strong``
    the identifier and one of title/author, or — without an identifier — the
    full title as a heading in the header and an author near it;
``weak``
    some positive evidence, not enough (title only in the body, only the
    main title, no author near the title, a year far from the entry's);
``ambiguous``
    conflicting evidence (a different DOI beside the right title, a URL that
    drifted to a section or home page, a title only inside links, homepage
    links that tie) or no text at all (a scan);
``different``
    negative evidence (the title only inside a reference list or a table of
    contents, review, reply or programme framing, a different DOI and no
    title), or
    neither the title nor the identifier.

Only ``exact`` and ``strong`` acquire. ``weak`` and ``ambiguous`` keep the
file as a candidate for the human handoff; ``different`` is logged and the
chain moves on. The rules are ordered, so every level can be explained by
its codes (``REASON_CODES`` lists them; docs/retrieval.md documents each).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ars_docs.retrieval.judge.content import words
from ars_docs.retrieval.judge.kinds import document_kinds, presentation_deck
from ars_docs.retrieval.judge.names import (
    cjk_forms,
    fold_name,
    given_agrees,
    is_cjk,
    name_pattern,
    surname_keys,
)
from ars_docs.retrieval.judge.text import Layout, Occurrence, find_phrase, layout
from ars_docs.retrieval.judge.words import (
    ACCEPTED_WORDS,
    EVENT_WORDS,
    IMPRINT_SAFE,
    IMPRINT_WORDS,
    NAME_PARTICLES,
    PREPRINT_DOI,
    PREPRINT_WORDS,
    REASON_CODES,
    RELATIONAL_WORDS,
    RESPONSE_WORDS,
    REVIEW_WORDS,
    STOPWORDS,
)
from ars_docs.retrieval.judge.work import RANK, Document, Identity, Level, Work, url_drift
from ars_docs.works import identifiers as ids

__all__ = [
    "REASON_CODES",
    "Document",
    "Identity",
    "Level",
    "Work",
    "decide",
    "url_drift",
]


_NEAR = 6  # lines after the title where its author line may follow
_REPLY_LABEL = re.compile(r"^\W*(?:re|reply|response|comment|letter)\s*:", re.I)
"""A letter's label before a title ("Re: <title>"): a reply to the work."""


def decide(document: Document, work: Work) -> Identity:
    """The level and reasons for ``document`` being ``work`` (see the module docstring)."""
    if not any(page.strip() for page in document.pages):
        return Identity(Level.AMBIGUOUS, ("no_text_layer",), "no text on the checked pages")
    pages = [layout(page) for page in document.pages]
    evidence = _Evidence(pages, work)
    evidence.identifiers()
    evidence.title(document.unlinked)
    evidence.authors_and_year()
    evidence.framing()
    evidence.kinds(document.final_url)
    evidence.weak_title()
    if document.unlinked is not None and url_drift(
        document.requested_url, document.final_url, document.hops
    ):
        evidence.add("url_drift", cap=Level.AMBIGUOUS)
    if document.tie:
        evidence.add("candidate_tie", cap=Level.AMBIGUOUS)
    return evidence.verdict()


class _Evidence:
    def __init__(self, pages: list[Layout], work: Work) -> None:
        self.pages = pages
        self.work = work
        self.reasons: list[str] = []
        self.cap = Level.EXACT
        self.negative = False
        self.id_match = self.id_conflict = False
        self.in_header = self.in_body = self.partial = self.near = False
        self.reworded = False
        self.venue_match = False
        self.named_authors = 0
        self.dois: set[str] = set()
        self.version: str | None = None
        self.front = "\n".join(p.front() for p in pages[: self._front_pages()])
        self.front_words = f" {' '.join(words(self.front))} "

    def add(self, code: str, *, cap: Level | None = None, negative: bool = False) -> None:
        if code not in self.reasons:
            self.reasons.append(code)
        if cap is not None and RANK[cap] < RANK[self.cap]:
            self.cap = cap
        self.negative = self.negative or negative

    def _front_pages(self) -> int:
        """Page 1, and page 2 when page 1 is a cover sheet (short, no abstract)."""
        first = self.pages[0]
        return 2 if not first.has_section_start and len(first.lines) <= 25 else 1

    def identifiers(self) -> None:
        dois = set().union(*(p.dois() for p in self.pages[: self._front_pages()]))
        arxiv = set().union(*(p.arxiv_ids() for p in self.pages[: self._front_pages()]))
        if arxiv or any(d.startswith(PREPRINT_DOI[:-1]) for d in dois):
            self.version = "preprint"
        others = {d for d in dois if not d.startswith(PREPRINT_DOI)}
        doi = (self.work.doi or "").lower()
        aliases = {a.lower() for a in self.work.aliases} - {doi}
        self.dois = dois
        if doi and doi in dois:
            self.id_match = True
            self.add("doi_match")
        elif dois & aliases:  # also without an entry DOI: lookup's matched record's
            self.id_match = True
            self.add("doi_match")
            self.add("doi_alias")
        elif doi and others - aliases and self._says_preprint():
            # A preprint's own DOI (a discussion preprint, a server outside ``PREPRINT_DOI``)
            # differs from the journal DOI the entry cites: expected, not a conflict.
            self.add("doi_preprint")
            self.version = "preprint"
        elif doi and others - aliases:
            self.id_conflict = True
            self.add("doi_mismatch")
        wanted = ids.comparable_arxiv(self.work.arxiv_id)
        if wanted and wanted in arxiv:
            self.id_match = True
            self.add("arxiv_match")
        elif wanted and arxiv and not self.id_match:
            self.id_conflict = True
            self.add("arxiv_mismatch")
        if self.version is None and any(f" {w} " in self.front_words for w in PREPRINT_WORDS):
            self.version = "preprint"
        if any(f" {w} " in self.front_words for w in ACCEPTED_WORDS):
            self.version = "accepted_manuscript"
        if self.version is None and ((doi and doi in dois) or dois & aliases):
            self.version = "version_of_record"

    def _says_preprint(self) -> bool:
        """The page calls itself a preprint (and the work's record does not call it another
        document: a DOI the record lists as a notice or supplement stays that)."""
        related = {doi for doi, _kind in self.work.related}
        if self.dois & related:
            return False
        return self.version == "preprint" or any(
            f" {w} " in self.front_words for w in PREPRINT_WORDS
        )

    def title(self, unlinked: Sequence[str] | None) -> None:
        found = find_phrase(self.pages, self.work.title)
        self.title_at: list[Occurrence] = []
        cited = toc = False
        for occurrence in found:
            kind = self._kind(occurrence)
            cited = cited or kind == "cited"
            toc = toc or kind == "toc"
            if kind in ("header", "cover"):
                self.in_header = True
                self.title_at.append(occurrence)
                self.add("title_in_header" if kind == "header" else "title_on_cover_sheet")
            elif kind == "body":
                self.in_body = True
                self.title_at.append(occurrence)
        if (
            found
            and unlinked is not None
            and not find_phrase([layout(page) for page in unlinked], self.work.title)
        ):
            self.add("title_only_in_links", cap=Level.AMBIGUOUS)
        if toc:
            self.add("toc_page", negative=True)
        if self.in_header:
            headings = [o for o in self.title_at if self._kind(o) == "header"]
            if headings and not any(o.complete for o in headings):
                self.add("title_extended")  # "<title>: ten years on": a tie-breaker only
            return
        if self.in_body:
            self.add("title_in_body")
        elif cited:
            self.add("title_only_in_references", negative=True)
        elif not toc:
            reworded = self._reworded()
            if reworded is not None:
                self.reworded = True
                self.title_at.append(reworded)
                self.add("title_reworded")
                return
            self.partial = self._partial()
            self.add("title_partial" if self.partial else "title_missing")

    def _reworded(self) -> Occurrence | None:
        """A heading in the first page's header that carries the content words of the entry's
        title (at least five; from six on one relational word such as "under" may be
        missing), reordered, with at most two words more: a preprint's
        reworded title ("Repeated drought cycles dampen soil respiration …" for "Soil
        respiration under repeated drought cycles …"). Only a hint: ``verdict`` acquires it
        only on a preprint with an abstract that names every author near it."""
        wanted = {w for w in words(self.work.title) if w not in STOPWORDS}
        if len(wanted) < 5:
            return None
        page = self.pages[0]
        header = page.lines[: page.header_to]
        for start in range(len(header)):
            for end in range(start, min(start + 3, len(header))):
                got = {
                    w for line in header[start : end + 1] for w in words(line) if w not in STOPWORDS
                }
                missing = wanted - got
                # Only a relational word may go ("under", "after"): a missing noun is
                # another subject ("… after drainage" for "… after rewetting").
                dropped = not missing or (
                    len(missing) == 1 and len(wanted) >= 6 and missing <= RELATIONAL_WORDS
                )
                if dropped and len(got - wanted) <= 2:
                    return Occurrence(0, start, end, True)
        return None

    def _kind(self, at: Occurrence) -> str:
        page = self.pages[at.page]
        if at.line in page.cite_as_lines:
            return "cover"
        if at.line >= page.references_from or any(
            line in page.reference_lines for line in (at.line, at.line - 1)
        ):
            return "cited"
        if page.is_toc:
            return "toc"
        if at.page >= self._front_pages():
            return "body"
        return "header" if at.standalone and at.line < page.header_to else "body"

    def _partial(self) -> bool:
        title = words(self.work.title)
        main = re.split(r"[:?!—–]|\s-\s", self.work.title, maxsplit=1)[0]
        shorter = 3 <= len(words(main)) < len(title)
        if shorter and any(
            self._kind(o) in ("header", "body") for o in find_phrase(self.pages, main)
        ):
            return True
        size = max(4, -(-len(title) // 2))
        return len(title) > 4 and any(
            f" {' '.join(title[i : i + size])} " in self.front_words
            for i in range(len(title) - size + 1)
        )

    def authors_and_year(self) -> None:
        named: list[Occurrence] = []
        self.named_authors = 0
        given_votes: list[bool] = []
        for family, given in self.work.authors:
            found = [o for o in self._name(family, given, given_votes) if self._kind(o) != "cited"]
            named += found
            self.named_authors += bool(found)
        self.near = any(self._near(title, name) for title in self.title_at for name in named)
        if self.near:
            self.add("author_near_title")
        else:
            self.add("author_elsewhere" if named else "author_missing")
        if given_votes and not any(given_votes):
            # Every given name printed beside a surname is another person's initial: noted;
            # it decides where the title is weak evidence (``weak_title``).
            self.add("author_given_mismatch")
        self._venue()
        if self.work.year is None:
            return
        years: set[int] = set()
        for title in self.title_at:
            page = self.pages[title.page]
            # The header's years; past the abstract's first line, years are the paper's
            # subject ("the 2008 reform"), not its date.
            ends = page.header_to > title.end_line and page.has_section_start
            upto = page.header_to if ends else title.end_line + _NEAR + 1
            years |= page.years(upto, range(title.line, title.end_line + 1))
        if not years:
            return
        if any(abs(year - self.work.year) <= 1 for year in years):
            self.add("year_match")
        else:
            self.add("year_mismatch", cap=Level.WEAK)

    def _name(self, family: str, given: str, votes: list[bool]) -> list[Occurrence]:
        """Where an author is printed (marks, transliteration, particles, CJK order)."""
        if any(is_cjk(ch) for ch in family):
            found: list[Occurrence] = []
            for phrase in cjk_forms(family, given):
                found += find_phrase(self.pages, phrase)
            return found
        found = []
        for tokens in surname_keys(family, NAME_PARTICLES):
            if len("".join(tokens)) < 2:
                continue
            pattern = name_pattern(tuple(tokens))
            for page_no, page in enumerate(self.pages):
                for line_no, line in enumerate(page.lines):
                    folded = fold_name(line)
                    for match in pattern.finditer(folded):
                        found.append(Occurrence(page_no, line_no, line_no, False))
                        agrees = given_agrees(folded, match.start(), match.end(), given)
                        if agrees is not None and line_no < page.header_to:
                            votes.append(agrees)
            if found:
                break
        return found

    def _venue(self) -> None:
        venue = [w for w in words(self.work.venue) if w not in STOPWORDS]
        self.venue_match = bool(venue) and f" {' '.join(words(self.work.venue))} " in (
            self.front_words
        )
        if self.venue_match:
            self.add("venue_match")

    def _near(self, title: Occurrence, name: Occurrence) -> bool:
        if title.page != name.page:
            return False
        page = self.pages[title.page]
        if title.line in page.cite_as_lines:
            return abs(name.line - title.line) <= 1
        if self._kind(title) == "header":
            return name.line < max(page.header_to, title.end_line + _NEAR + 1)
        return abs(name.line - title.line) <= 2

    def framing(self) -> None:
        header = "\n".join(
            "\n".join(p.lines[: max(p.header_to, 1)]) for p in self.pages[: self._front_pages()]
        )
        spaced = f" {' '.join(words(header))} "
        spaced = spaced.replace(f" {' '.join(words(self.work.title))} ", " | ")
        # "Review of" frames a review only right before the reviewed title; elsewhere it
        # is a running head ("Review of Educational Research", "Review of Education").
        # An ISBN beside a copyright notice is a book's own imprint page, not a review's
        # bibliographic line.
        imprint = any(f" {w} " in spaced for w in IMPRINT_WORDS)
        review_words = [w for w in REVIEW_WORDS if not (imprint and w in IMPRINT_SAFE)]
        framed = " review of | " in spaced or any(f" {w} " in spaced for w in review_words)
        if not self.work.is_review and framed:
            self.add("review_framing", negative=True)
        replying = any(_REPLY_LABEL.match(line) for line in header.splitlines())
        if replying or any(f" {w} " in spaced for w in RESPONSE_WORDS):
            self.add("response_framing", negative=True)
        if any(f" {w} " in spaced for w in EVENT_WORDS):
            self.add("event_framing", negative=True)

    def kinds(self, url: str | None) -> None:
        """Notices, supplements, peer reviews, front matter: other documents, by rule."""
        first = self.pages[0]
        found = document_kinds(
            first.lines,
            sections=first.has_section_start,
            title=self.work.title,
            url=url,
            dois=self.dois,
            related=dict(self.work.related),
        )
        for code in found:
            self.add(code, negative=True)
        if presentation_deck(
            [p.lines for p in self.pages], sections=any(p.has_section_start for p in self.pages)
        ):
            self.add("presentation_document", negative=True)

    def weak_title(self) -> None:
        """A short title (<= 2 content words) or one several records share is weak evidence:
        without the identifier it needs the authors near it *and* the venue or the year."""
        content = [w for w in words(self.work.title) if w not in STOPWORDS]
        cjk = sum(1 for ch in self.work.title if is_cjk(ch))
        if max(len(content), cjk // 2) > 2 and not self.work.shared_title:
            return
        self.add("title_weak")
        backed = (
            self.near
            and (self.venue_match or "year_match" in self.reasons)
            and "author_given_mismatch" not in self.reasons
        )
        if not self.id_match and not backed:
            self.cap = Level.WEAK if RANK[self.cap] > RANK[Level.WEAK] else self.cap

    def _strong(self) -> bool:
        with_id = self.id_match and (self.in_header or self.in_body or self.near)
        return with_id or (self.in_header and self.near) or self._reworded_preprint()

    def _reworded_preprint(self) -> bool:
        """A reworded title is the work only on a preprint with an abstract, every author
        of the entry (two or more) named near it, and no date or name against it."""
        return (
            self.reworded
            and self.near
            and self.version == "preprint"
            and self.pages[0].has_section_start
            and len(self.work.authors) >= 2
            and self.named_authors == len(self.work.authors)
            and "author_given_mismatch" not in self.reasons
        )

    def verdict(self) -> Identity:
        found = self.in_header or self.in_body or self.partial or self.id_match or self.reworded
        if self.negative or (self.id_conflict and not self.in_header) or not found:
            level = Level.DIFFERENT  # negative evidence wins; nothing found is no evidence
        elif self.id_match and self.in_header and self.near:
            level = Level.EXACT
        elif self._strong():
            level = Level.STRONG
        else:
            level = Level.WEAK
        if self.id_conflict:
            self.cap = Level.AMBIGUOUS if RANK[self.cap] > 1 else self.cap
        if RANK[level] > RANK[self.cap]:
            level = self.cap
        shown = ", ".join(self.reasons)
        version = self.version if level is not Level.DIFFERENT else None
        own = {(self.work.doi or "").lower(), *(a.lower() for a in self.work.aliases)}
        others = tuple(sorted(d for d in self.dois - own if not d.startswith(PREPRINT_DOI)))
        return Identity(level, tuple(self.reasons), f"{level.value}: {shown}", version, others)
