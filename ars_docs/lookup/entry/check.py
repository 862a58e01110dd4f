"""One entry, checked: which questions, in which order, and what their answers mean.

1. **By identifier.** Each identifier the entry carries is asked of the
   service that is its authority — a DOI of Crossref (and, when Crossref does
   not know it, of the DOI system: registered elsewhere, or not at all), an
   arXiv id of arXiv (earlier versions too, when the latest's title differs),
   a PMID/PMCID of Europe PMC, an OpenAlex id of OpenAlex — and the record is
   compared with the entry (``compare.py``). OpenAlex is asked about a DOI too:
   its ``is_retracted`` is the second retraction source.
2. **By search**, when no identifier led to a record that agrees: Crossref's
   bibliographic search, OpenAlex's title search, Semantic Scholar's title
   match, in that order, stopping at the first decisive candidate.
3. **The verdict** (``decide.py``) weighs what was found against what was proved.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ars_docs.lookup.entry.answers import Answer, Outcome
from ars_docs.lookup.entry.compare import Agreement, Comparison, compare
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.works.fold import content_words, fold

__all__ = [
    "IdResult",
    "IdState",
    "Registries",
    "Search",
    "check_identifiers",
    "decisive",
    "search",
    "soft_differences",
]

#: Versions of an arXiv e-print tried when the latest's title differs from the entry's.
MAX_ARXIV_VERSIONS = 8
_NOTICE_WORDS = ("retraction", "retracted", "erratum", "correction", "corrigendum", "expression of")


class Registries(Protocol):
    offline: bool

    def crossref_work(self, doi: str) -> Answer: ...
    def doi_handle(self, doi: str) -> Answer: ...
    def doi_metadata(self, doi: str) -> Answer: ...
    def openalex_work(self, ident: str) -> Answer: ...
    def arxiv(self, ident: str, version: str | None = None) -> Answer: ...
    def europepmc(self, field: str, value: str) -> Answer: ...
    def crossref_isbn(self, isbn: str) -> Answer: ...
    def search_crossref(self, query: Query) -> Answer: ...
    def search_openalex(self, query: Query) -> Answer: ...
    def search_semantic_scholar(self, query: Query) -> Answer: ...
    def semantic_scholar_paper(self, ident: str) -> Answer: ...


class IdState(str, Enum):
    MATCHED = "matched"
    """A record agrees with the entry."""
    CONTRADICTS = "contradicts"
    """The identifier names another work (title or authors disagree)."""
    NOTICE = "notice"
    """The identifier names a retraction or correction notice, not the work."""
    PROVEN_ABSENT = "proven_absent"
    """The authority for the identifier says it does not exist."""
    ABSENT = "absent"
    """The services asked have no record; nothing proves it does not exist."""
    FAILED = "failed"
    """No service could be asked."""


@dataclass(frozen=True)
class IdResult:
    field: str
    """``doi``, ``arxiv_id``, ``pmid``, ``pmcid``, ``openalex_id``, ``isbn``."""
    value: str
    state: IdState
    comparison: Comparison | None = None
    proof: str = ""

    @property
    def record(self) -> WorkRecord | None:
        return self.comparison.record if self.comparison else None


def identifies(comparison: Comparison) -> bool:
    """The record is the entry's work: the title agrees, no author contradicts."""
    title, authors = comparison.title.agreement, comparison.authors.agreement
    if authors is Agreement.DIFFERENT:
        return False
    if title in (Agreement.SAME, Agreement.CLOSE):
        return True
    return title is Agreement.UNKNOWN and authors is Agreement.SAME


def decisive(query: Query, comparison: Comparison) -> bool:
    """A search candidate strong enough to say the work exists."""
    if not identifies(comparison) or comparison.title.agreement is Agreement.UNKNOWN:
        return False
    if comparison.authors.agreement in (Agreement.SAME, Agreement.CLOSE):
        return True
    # No comparable authors: only a long title met exactly, in a year that fits.
    return (
        comparison.title.agreement is Agreement.SAME
        and len(content_words(fold(query.title))) >= 4
        and comparison.year.agreement in (Agreement.SAME, Agreement.CLOSE)
    )


def check_identifiers(query: Query, reg: Registries, answers: list[Answer]) -> list[IdResult]:
    results: list[IdResult] = []
    if query.doi:
        results.append(_doi(query, query.doi, reg, answers))
    if query.arxiv:
        results.append(_arxiv(query, reg, answers))
    for name, value in (("pmid", query.pmid), ("pmcid", query.pmcid)):
        if value:
            answer = reg.europepmc(name, value)
            answers.append(answer)
            results.append(_judge(query, name, value, [answer], answer.records[:1]))
    if query.openalex:
        answer = reg.openalex_work(query.openalex)
        answers.append(answer)
        results.append(_judge(query, "openalex_id", query.openalex, [answer], answer.records))
    if query.isbn and not query.doi:
        answer = reg.crossref_isbn(query.isbn)
        answers.append(answer)
        best = _best(query, answer.records)
        books = [r for r in answer.records if r.kind == "book"]
        if best is not None and identifies(best):
            results.append(IdResult("isbn", query.isbn, IdState.MATCHED, best))
        elif query.kind == "book" and books:
            # The entry is a book and the ISBN is a book's, which is not the entry's.
            results.append(IdResult("isbn", query.isbn, IdState.CONTRADICTS, _best(query, books)))
        else:
            # A book's ISBN is on each of its chapters, and Crossref often knows only the
            # chapters: a chapter record, or a book record for a chapter entry, says
            # nothing against the entry.
            state = IdState.ABSENT if answer.answered else IdState.FAILED
            results.append(IdResult("isbn", query.isbn, state))
    return results


def _doi(query: Query, doi: str, reg: Registries, answers: list[Answer]) -> IdResult:
    asked = [reg.crossref_work(doi)]
    handle: Answer | None = None
    if asked[0].outcome is not Outcome.FOUND:
        handle = reg.doi_handle(doi)
        asked.append(handle)
        if handle.outcome is Outcome.FOUND:
            asked.append(reg.doi_metadata(doi))
    if not any(a.proof for a in asked):
        asked.append(reg.openalex_work(f"doi:{doi}"))
    answers.extend(asked)
    # The authority first: Crossref, then the DOI system's CSL-JSON, then OpenAlex. Every
    # registry's record of the DOI is the same work: a title only one of them holds (the
    # English title of a Japanese article, the original of a translated one) counts too.
    records = [r for a in asked for r in a.records]
    result = _judge(query, "doi", doi, asked, records[:1])
    if result.state is IdState.CONTRADICTS:
        for other in records[1:]:
            agreeing = _judge(query, "doi", doi, asked, [other])
            if agreeing.state is IdState.MATCHED:
                return agreeing
    if (
        result.state is IdState.ABSENT
        and not reg.offline
        and handle is not None
        and handle.outcome is Outcome.FAILED
    ):
        # Crossref (and OpenAlex) not knowing a DOI says nothing while the DOI system, its
        # authority, could not be asked: it may be registered elsewhere.
        return IdResult("doi", doi, IdState.FAILED)
    return result


def _arxiv(query: Query, reg: Registries, answers: list[Answer]) -> IdResult:
    assert query.arxiv is not None
    answer = reg.arxiv(query.arxiv, query.arxiv_version)
    answers.append(answer)
    if answer.proof and answer.status == 200 and not reg.offline:
        answer = _confirm_absence(query, answer, reg, answers)
    result = _judge(query, "arxiv_id", query.arxiv, [answer], answer.records[:1])
    record = result.record
    if result.state is not IdState.CONTRADICTS or record is None:
        return result
    # Titles change between versions: try the others (the latest, when a version was
    # given, tells how many there are).
    tried = {query.arxiv_version or f"v{record.latest_version}"}
    if query.arxiv_version:
        latest = reg.arxiv(query.arxiv)
        answers.append(latest)
        if latest.records:
            comparison = compare(query, latest.records[0])
            if identifies(comparison):
                return IdResult("arxiv_id", query.arxiv, IdState.MATCHED, comparison)
            record = latest.records[0]
            tried.add(f"v{record.latest_version}")
    for number in range(1, min(record.latest_version or 1, MAX_ARXIV_VERSIONS) + 1):
        if f"v{number}" in tried:
            continue
        earlier = reg.arxiv(query.arxiv, f"v{number}")
        answers.append(earlier)
        if earlier.records:
            comparison = compare(query, earlier.records[0])
            if identifies(comparison):
                return IdResult("arxiv_id", query.arxiv, IdState.MATCHED, comparison)
    return _published_version(query, result, reg, answers)


def _confirm_absence(
    query: Query, answer: Answer, reg: Registries, answers: list[Answer]
) -> Answer:
    """An empty feed from arXiv is proof only when Semantic Scholar does not know the id
    either: the API is known to answer empty feeds for real e-prints for minutes at a time.
    (An id arXiv calls malformed, answered with an HTTP 400, needs no second opinion.)"""
    second = reg.semantic_scholar_paper(f"ARXIV:{query.arxiv}")
    answers.append(second)
    if second.outcome is Outcome.ABSENT:
        return answer
    if second.outcome is Outcome.FOUND:
        return second
    return dataclasses.replace(
        answer,
        proof=False,
        detail=f"{answer.detail}; Semantic Scholar could not confirm it ({second.detail})",
    )


def _published_version(
    query: Query, result: IdResult, reg: Registries, answers: list[Answer]
) -> IdResult:
    """An e-print by the entry's authors whose journal version has the entry's title.

    Semantic Scholar keeps an e-print and its published version as one paper, under
    the published title: when it names the entry's title for this arXiv id, the id is
    the preprint of the cited work (the title changed on publication).
    """
    comparison = result.comparison
    if comparison is None or comparison.authors.agreement is not Agreement.SAME:
        return result
    answer = reg.semantic_scholar_paper(f"ARXIV:{query.arxiv}")
    answers.append(answer)
    for record in answer.records:
        merged = compare(query, record)
        if identifies(merged) and merged.title.agreement is not Agreement.UNKNOWN:
            return IdResult("arxiv_id", result.value, IdState.MATCHED, merged)
    return result


def _judge(
    query: Query,
    name: str,
    value: str,
    asked: Sequence[Answer],
    records: Sequence[WorkRecord],
) -> IdResult:
    if records:
        comparison = compare(query, records[0])
        if records[0].notice_for and not _cites_a_notice(query):
            return IdResult(name, value, IdState.NOTICE, comparison)
        state = IdState.MATCHED if identifies(comparison) else IdState.CONTRADICTS
        return IdResult(name, value, state, comparison)
    proofs = [a.detail for a in asked if a.proof and a.outcome is Outcome.ABSENT]
    if proofs:
        return IdResult(name, value, IdState.PROVEN_ABSENT, proof="; ".join(proofs))
    # "Registered, but no metadata could be read" (the DOI system) is not an absence.
    if any(a.outcome is Outcome.FOUND for a in asked):
        return IdResult(name, value, IdState.FAILED)
    if any(a.outcome is Outcome.ABSENT for a in asked):
        return IdResult(name, value, IdState.ABSENT)
    return IdResult(name, value, IdState.FAILED)


def _cites_a_notice(query: Query) -> bool:
    title = fold(query.title)
    return any(title.startswith(word) for word in _NOTICE_WORDS) or query.kind == "notice"


# --- search ---------------------------------------------------------------------------


@dataclass
class Search:
    answers: list[Answer]
    comparisons: list[Comparison]

    @property
    def answered(self) -> list[str]:
        return [a.service for a in self.answers if a.answered]

    def best_decisive(self, query: Query) -> Comparison | None:
        found = [c for c in self.comparisons if decisive(query, c)]
        if not found:
            return None
        return max(found, key=lambda c: (not soft_differences(c), c.similarity))


def search(query: Query, reg: Registries) -> Search:
    """Ask the search services in order until one gives a decisive candidate."""
    result = Search([], [])
    if not fold(query.title):
        return result
    for ask in (reg.search_crossref, reg.search_openalex, reg.search_semantic_scholar):
        answer = ask(query)
        result.answers.append(answer)
        result.comparisons += [compare(query, record) for record in answer.records]
        best = result.best_decisive(query)
        # A candidate that fits except for its year or venue may be a reprint or another
        # edition: the next service may know the version the entry cites.
        if best is not None and not soft_differences(best):
            break
    return result


def soft_differences(comparison: Comparison) -> list[str]:
    """The fields (year, venue, the author list, a close title's wording) on which an
    otherwise agreeing record differs."""
    return [
        c.field
        for c in (
            comparison.year,
            comparison.venue,
            comparison.author_list,
            comparison.title_wording,
        )
        if c.agreement is Agreement.DIFFERENT
    ]


def _best(query: Query, records: Sequence[WorkRecord]) -> Comparison | None:
    if not records:
        return None
    return max((compare(query, r) for r in records), key=lambda c: c.similarity)
