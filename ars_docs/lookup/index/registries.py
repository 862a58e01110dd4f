"""``lookup --offline INDEX``: the ``Registries`` of ``check.py`` answered from a snapshot.

``IndexRegistries`` asks a snapshot index (``index_build.py`` writes one,
``index_store.py`` opens it) the questions lookup asks the registries online,
and answers in the same ``Answer``s, with service ``snapshot`` (each record
keeps the service it came from: ``crossref`` or ``openalex``):

* by identifier — every record holding it (Crossref's first), or an absence;
* by search — the records whose folded title words and author names match,
  ranked by the engine (BM25): Crossref's question is the title's words *and*
  the first author's name, OpenAlex's the title's words, Semantic Scholar's
  two of the title's rarer words (a title with a wrong or missing word is found
  too). A question names only the rarest words of the title (``words`` table):
  they say most about the work, and ranking costs what their lists cost;
* Semantic Scholar's paper by ``DOI:``/``ARXIV:``/``PMID:`` — the records with
  that identifier (an OpenAlex work keeps its e-print's arXiv id too);
* what only the DOI system can say (is a DOI registered, its CSL-JSON) fails:
  "not available offline".

An absence is never ``proof``: a snapshot is a selection of what the registries
hold, so not finding a work in it says nothing about whether the work exists
(``decide.py`` reports it as "not in the snapshot"). A snapshot that cannot be
read mid-run gives failed answers, never absences.
"""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Callable

from ars_docs.lookup.entry.answers import Answer, Outcome
from ars_docs.lookup.entry.query import Query, searched_title
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.lookup.index.codec import name_words
from ars_docs.lookup.index.store import SnapshotIndex, open_index
from ars_docs.works import identifiers as ids
from ars_docs.works.fold import content_words, fold, words

__all__ = ["SERVICE", "IndexRegistries", "SnapshotIndex", "open_index"]

SERVICE = "snapshot"
#: Candidates a search returns: as many as online for the strict questions, more for
#: the loose one, whose ranking has less to go on.
ROWS, LOOSE_ROWS = 5, 10
#: Title words a question uses at most (a pasted abstract is not a title).
MAX_WORDS = 24
#: The strict questions ask for this many of the title's rarest words, all present;
#: the loose one for two of its this many rarest words.
STRICT_WORDS, LOOSE_WORDS = 3, 4
_NOT_OFFLINE = "not available offline"


class IndexRegistries:
    """The ``Registries`` protocol over a ``SnapshotIndex``; thread-safe, read-only."""

    offline = True

    def __init__(self, index: SnapshotIndex) -> None:
        self.index = index

    # -- by identifier ---------------------------------------------------------------

    def crossref_work(self, doi: str) -> Answer:
        return self._by_id(f"doi {doi}", "doi", doi.strip().lower())

    def doi_handle(self, doi: str) -> Answer:
        return Answer(SERVICE, f"doi {doi}", Outcome.FAILED, detail=_NOT_OFFLINE)

    def doi_metadata(self, doi: str) -> Answer:
        return Answer(SERVICE, f"doi {doi} (CSL-JSON)", Outcome.FAILED, detail=_NOT_OFFLINE)

    def openalex_work(self, ident: str) -> Answer:
        """``W123`` (or its URL), ``doi:…``, ``pmid:…``, ``pmcid:…``: OpenAlex's records."""
        text = ident.strip().removeprefix("https://openalex.org/")
        scheme, _, rest = text.partition(":")
        kind = scheme.lower() if rest and scheme.lower() in ("doi", "pmid", "pmcid") else "openalex"
        value = rest if kind != "openalex" else text
        return self._by_id(ident, kind, _normal(kind, value), service="openalex")

    def arxiv(self, ident: str, version: str | None = None) -> Answer:
        answer = self._by_id(f"arxiv {ident}{version or ''}", "arxiv", ident.strip().lower())
        if version and answer.records:
            # A snapshot holds one description of an e-print, not one per version.
            return Answer(
                SERVICE,
                answer.asked,
                answer.outcome,
                answer.records,
                detail=f"the snapshot does not tell versions apart; {version} not checked",
            )
        return answer

    def europepmc(self, field: str, value: str) -> Answer:
        """``field``: ``pmid``, ``pmcid`` or ``doi``."""
        return self._by_id(f"{field} {value}", field, _normal(field, value))

    def semantic_scholar_paper(self, ident: str) -> Answer:
        """``DOI:…``, ``ARXIV:…``, ``PMID:…``: every record with that identifier. (OpenAlex,
        like Semantic Scholar, keeps an e-print's arXiv id on its published version.)"""
        scheme, _, value = ident.partition(":")
        kind = {"doi": "doi", "arxiv": "arxiv", "pmid": "pmid"}.get(scheme.strip().lower())
        if kind is None or not value.strip():
            return Answer(SERVICE, ident, Outcome.FAILED, detail=_NOT_OFFLINE)
        return self._by_id(ident, kind, _normal(kind, value))

    def crossref_isbn(self, isbn: str) -> Answer:
        normal = ids.isbn13(isbn) or isbn.strip()
        answer = self._by_id(f"isbn {isbn}", "isbn", normal)
        # Chapters carry their book's ISBN: the book itself first, as many as a search.
        ranked = sorted(answer.records, key=lambda r: r.kind != "book")[:LOOSE_ROWS]
        return Answer(SERVICE, answer.asked, answer.outcome, tuple(ranked), detail=answer.detail)

    # -- search ----------------------------------------------------------------------

    def search_crossref(self, query: Query) -> Answer:
        names = _first_author(query)
        return self._search(query, lambda title: self._all_of(title, names), ROWS)

    def search_openalex(self, query: Query) -> Answer:
        return self._search(query, lambda title: self._all_of(title, []), ROWS)

    def search_semantic_scholar(self, query: Query) -> Answer:
        return self._search(query, self._two_of, LOOSE_ROWS, label="match")

    def _all_of(self, title: list[str], names: list[str]) -> str | None:
        counts = self.index.term_counts(title)
        if len(counts) < len(title):
            return None  # a word no title holds: no record holds them all
        rare = sorted(title, key=lambda w: counts[w])[:STRICT_WORDS]
        expression = f"title : ({' '.join(map(_phrase, rare))})"
        if names:
            expression += f" AND names : ({' '.join(map(_phrase, names))})"
        return expression

    def _two_of(self, title: list[str]) -> str | None:
        counts = self.index.term_counts(title)
        # Words in no title (a typo, a word the record lacks) cannot help.
        rare = sorted((w for w in title if w in counts), key=lambda w: counts[w])[:LOOSE_WORDS]
        if len(rare) < 2:
            return f"title : {_phrase(rare[0])}" if rare else None
        return " OR ".join(
            f"title : ({_phrase(a)} {_phrase(b)})" for a, b in itertools.combinations(rare, 2)
        )

    # -- plumbing --------------------------------------------------------------------

    def _by_id(self, asked: str, kind: str, value: str, service: str | None = None) -> Answer:
        try:
            records = self.index.by_id(kind, value, service)
        except (sqlite3.Error, ValueError) as exc:
            return self._failed(asked, exc)
        return self._answer(asked, records)

    def _search(
        self,
        query: Query,
        expression: Callable[[list[str]], str | None],
        rows: int,
        label: str = "search",
    ) -> Answer:
        asked = f'{label} "{searched_title(query)}"'
        title = _title_words(searched_title(query))
        try:
            question = expression(title) if title else None
            records = self.index.search(question, rows) if question else []
        except (sqlite3.Error, ValueError) as exc:
            return self._failed(asked, exc)
        return self._answer(asked, records)

    def _answer(self, asked: str, records: list[WorkRecord]) -> Answer:
        if records:
            return Answer(SERVICE, asked, Outcome.FOUND, tuple(records))
        return Answer(
            SERVICE,
            asked,
            Outcome.ABSENT,
            proof=False,
            detail=f"not in the snapshot {self.index.name} (built {self.index.built_at}); "
            "a snapshot cannot show that a work does not exist",
        )

    def _failed(self, asked: str, exc: Exception) -> Answer:
        return Answer(
            SERVICE, asked, Outcome.FAILED, detail=f"cannot read {self.index.path}: {exc}"
        )


def _normal(kind: str, value: str) -> str:
    value = value.strip()
    if kind == "pmcid":
        return "PMC" + value.upper().removeprefix("PMC")
    if kind == "openalex":
        return value.upper()
    return value.lower()


def _title_words(title: str) -> list[str]:
    folded = fold(title)
    return list(dict.fromkeys(content_words(folded) or words(folded)))[:MAX_WORDS]


def _first_author(query: Query) -> list[str]:
    first = query.authors[0] if query.authors else None
    return name_words(first.family or first.literal)[:4] if first else []


def _phrase(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'
