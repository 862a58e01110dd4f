"""Field-by-field comparison of an entry with a registry's record.

Each field ends in an ``Agreement``:

* ``same`` — the record says what the entry says, up to what bibliographies
  legitimately vary: case, punctuation, markup, diacritics and their
  transliterations, a missing subtitle, typos within a word, abbreviated
  venues, "et al.", initials, a year off by one (online first, preprint);
* ``close`` — mostly the same (one title word dropped, some authors not on
  the record): worth a note, never a mismatch;
* ``different`` — the record contradicts the entry: a content word of the
  title replaced by another, no author in common, a year two or more apart,
  a venue sharing nothing with any of the record's;
* ``unknown`` — nothing to compare (a field missing on either side, names
  in scripts that cannot be compared, a preprint server given as venue).

Only ``different`` counts against an entry, and ``unknown`` never does: a
false "mismatch" on a real work is the failure users of citation checkers
complain about most.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz.fuzz import ratio, token_set_ratio

from ars_docs.lookup.entry.agreement import Agreement, FieldCheck, stem
from ars_docs.lookup.entry.names import latin, match_names, positions_in
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.record import Name, WorkRecord
from ars_docs.lookup.entry.venue import venue_check
from ars_docs.works.fold import content_words, deumlaut, fold, has_cjk, plain, words

__all__ = ["Agreement", "Comparison", "FieldCheck", "compare", "title_agreement"]


UNKNOWN_LIST = FieldCheck("author_list", Agreement.UNKNOWN)
"""Nothing said about the author list (``_author_list``)."""
UNKNOWN_WORDING = FieldCheck("title_wording", Agreement.UNKNOWN)
"""Nothing said about a close title's wording (``_wording``)."""


@dataclass(frozen=True)
class Comparison:
    record: WorkRecord
    title: FieldCheck
    authors: FieldCheck
    year: FieldCheck
    venue: FieldCheck
    similarity: float
    """0–1: how alike title, authors and year are, to rank search candidates."""

    author_list: FieldCheck = UNKNOWN_LIST
    """The same people, but not the record's list: authors left out without "et al.", or
    another first author. Never blocking: the work is the one cited, its list is wrong."""

    title_wording: FieldCheck = UNKNOWN_WORDING
    """A close title with a word of it replaced by another ("for" → "towards", "with" →
    "using"): not the title as published. Never blocking."""

    @property
    def checks(self) -> tuple[FieldCheck, ...]:
        return (self.title, self.authors, self.year, self.venue, self.author_list)


#: Characters of a title and names of an author list compared at most: a record is
#: compared as a bibliography would print it, not as a hostile answer could inflate it.
MAX_TITLE = 2000
MAX_NAMES = 1000


def compare(query: Query, record: WorkRecord) -> Comparison:
    title, title_score = _title(query.title, record)
    authors, author_score = _authors(query, record)
    year = _year(query, record)
    venue = venue_check(query, record)
    year_score = {Agreement.SAME: 1.0, Agreement.DIFFERENT: 0.0}.get(year.agreement, 0.5)
    similarity = 0.6 * title_score + 0.3 * author_score + 0.1 * year_score
    wording = _wording(query.title, title) if title.agreement is Agreement.CLOSE else None
    listed = _author_list(query, record) if authors.agreement is Agreement.SAME else None
    return Comparison(
        record,
        title,
        authors,
        year,
        venue,
        similarity,
        listed or UNKNOWN_LIST,
        wording or UNKNOWN_WORDING,
    )


# --- titles ---------------------------------------------------------------------------

_SEPARATORS = (":", " - ", " – ", " — ", "?", ". ")


def _title(entry: str, record: WorkRecord) -> tuple[FieldCheck, float]:
    if not fold(entry) or not record.titles:
        return FieldCheck("title", Agreement.UNKNOWN, entry or None, record.title or None), 0.5
    options = list(record.titles)
    if record.subtitle:
        options.insert(1, f"{record.title}: {record.subtitle}")
    best = Agreement.DIFFERENT
    best_score = 0.0
    shown = record.title
    for option in options:
        agreement, score = title_agreement(entry, option)
        if _rank(agreement) > _rank(best) or (agreement == best and score > best_score):
            best, best_score, shown = agreement, score, option
    return FieldCheck("title", best, entry, plain(shown)), best_score


def title_agreement(entry: str, record: str) -> tuple[Agreement, float]:
    """How the entry's title relates to one title of the record, and a 0–1 similarity."""
    entry, record = entry[:MAX_TITLE], record[:MAX_TITLE]
    a, b = fold(entry), fold(record)
    if not a or not b:
        return Agreement.UNKNOWN, 0.5
    score = max(ratio(a, b), token_set_ratio(a, b) * 0.98) / 100
    if a == b or a.replace(" ", "") == b.replace(" ", ""):
        return Agreement.SAME, 1.0
    if _NEGATIONS.intersection(words(a)) != _NEGATIONS.intersection(words(b)):
        return Agreement.DIFFERENT, score  # "No association …" is not "Association …"
    if _main_title_matches(entry, record):
        return Agreement.SAME, max(score, 0.95)
    if has_cjk(a) or has_cjk(b):
        return _cjk_title(a.replace(" ", ""), b.replace(" ", ""), score)
    if bool(_NON_LATIN.search(a)) != bool(_NON_LATIN.search(b)):
        # A Cyrillic or Greek title cited in transliteration: compare both in Latin letters.
        a, b = latin(entry), latin(record)
        score = max(score, max(ratio(a, b), token_set_ratio(a, b) * 0.98) / 100)
    wa, wb = content_words(a) or words(a), content_words(b) or words(b)
    left_a, left_b = _compounds(_unmatched(wa, wb), _unmatched(wb, wa))
    if not left_a and not left_b:
        return Agreement.SAME, max(score, 0.97)
    replaced = min(len(left_a), len(left_b))
    extra = max(len(left_a), len(left_b)) - replaced
    if replaced == 0 and extra <= max(1, len(max(wa, wb, key=len)) // 5):
        return Agreement.CLOSE, score
    return Agreement.DIFFERENT, score


def _wording(entry: str, check: FieldCheck) -> FieldCheck | None:
    """For a close title: the one word replaced by another in an otherwise identical
    title ("… Augmentation towards Model Debiasing" for "… for Model Debiasing"). Two or
    more words reworded is how translated titles are cited, and is left alone."""
    if check.record is None:
        return None
    a = words(fold(_NOTE.sub(" ", entry[:MAX_TITLE])))
    b = words(fold(_NOTE.sub(" ", check.record[:MAX_TITLE])))
    if len(a) != len(b) or len(a) < 3 or has_cjk(" ".join(a + b)):
        return None
    replaced = [(x, y) for x, y in zip(a, b, strict=True) if _find(x, [y]) is None]
    if len(replaced) != 1:
        return None
    mine, theirs = replaced[0]
    said = f"'{mine}' where the record has '{theirs}'"
    return FieldCheck("title_wording", Agreement.DIFFERENT, entry, check.record, said)


#: A bracketed note in a cited title ("[in Persian]", "[Translation of …]"): not the title.
_NOTE = re.compile(r"\[[^\]]*\]")


_NEGATIONS = frozenset(
    ["not", "no", "nor", "never", "without", "nicht", "kein", "keine", "pas", "non", "nao", "ni"]
)


def _cjk_title(a: str, b: str, score: float) -> tuple[Agreement, float]:
    """CJK titles have no word breaks: one containing the other (mostly) is close."""
    shorter, longer = (a, b) if len(a) <= len(b) else (b, a)
    if shorter in longer and len(shorter) >= 4 and len(shorter) * 2 >= len(longer):
        return Agreement.CLOSE, score
    if score >= 0.95:
        return Agreement.CLOSE, score
    return Agreement.DIFFERENT, score


def _main_title_matches(entry: str, record: str) -> bool:
    """One title is the other without its subtitle: the longer one continues, after a
    separator (``:``, ``–``, ``?``, ``.``, ``(``), where the shorter one ends. Other words
    added ("… in Chinese universities") make another title."""
    a, b = fold(entry), fold(record)
    shorter, longer_raw = (a, record) if len(a) <= len(b) else (b, entry)
    if not fold(longer_raw).startswith(shorter + " "):
        return False
    return any(
        fold(longer_raw.split(mark, 1)[0]) == shorter
        for mark in (*_SEPARATORS, " (", "!")
        if mark in longer_raw
    )


_NON_LATIN = re.compile(r"[\u0370-\u03ff\u0400-\u04ff]")


def _compounds(left_a: list[str], left_b: list[str]) -> tuple[list[str], list[str]]:
    """The words still unmatched, without compounds written apart in the other title
    ("birthweight" and "birth weight", "data set" and "dataset")."""
    for mine, theirs in ((left_a, left_b), (left_b, left_a)):
        for word in list(theirs):
            for i in range(len(mine) - 1):
                if mine[i] + mine[i + 1] == word:
                    del mine[i : i + 2]
                    theirs.remove(word)
                    break
    return left_a, left_b


def _unmatched(mine: Sequence[str], theirs: Sequence[str]) -> list[str]:
    pool = list(theirs)
    left = []
    for word in mine:
        hit = _find(word, pool)
        if hit is None:
            left.append(word)
        else:
            pool.pop(hit)
    return left


def _find(word: str, pool: list[str]) -> int | None:
    if word in pool:
        return pool.index(word)
    own = stem(word)
    for index, other in enumerate(pool):
        if stem(other) == own or deumlaut(other) == deumlaut(word):
            return index
    if len(word) >= 5:
        for index, other in enumerate(pool):
            if len(other) >= 5 and ratio(word, other) >= 84 and not _negated(word, other):
                return index
    return None


#: Prefixes that turn a word into its opposite: "unsupervised" is not a typo of
#: "supervised", nor "nonlinear" of "linear".
_NEGATING = ("un", "non", "in", "im", "ir", "il", "dis", "anti", "a")


def _negated(a: str, b: str) -> bool:
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return any(long == prefix + short for prefix in _NEGATING)


def _rank(agreement: Agreement) -> int:
    return {
        Agreement.SAME: 3,
        Agreement.CLOSE: 2,
        Agreement.UNKNOWN: 1,
        Agreement.DIFFERENT: 0,
    }[agreement]


# --- authors ---------------------------------------------------------------------------


def _authors(query: Query, record: WorkRecord) -> tuple[FieldCheck, float]:
    names = (record.authors + record.editors)[:MAX_NAMES]
    shown_entry = "; ".join(n.shown() for n in query.authors[:6]) or None
    shown_record = "; ".join(n.shown() for n in names[:6]) or None
    if len(names) > 6 and shown_record:
        shown_record += f"; … ({len(names)} in all)"
    result = match_names(query.authors[:MAX_NAMES], names)
    if result.comparable == 0:
        return FieldCheck("authors", Agreement.UNKNOWN, shown_entry, shown_record), 0.5
    share = result.matched / result.comparable
    if result.matched == 0:
        detail = "no author of the entry is on the record"
        return FieldCheck("authors", Agreement.DIFFERENT, shown_entry, shown_record, detail), 0.0
    if share >= 0.5 and (result.first_matched or share >= 0.75):
        return FieldCheck("authors", Agreement.SAME, shown_entry, shown_record), share
    detail = f"{result.comparable - result.matched} of {result.comparable} not on the record"
    if share < 0.5 and not result.first_matched:
        # Most of the authors, the first among them, are someone else's: not this work's list.
        return FieldCheck("authors", Agreement.DIFFERENT, shown_entry, shown_record, detail), 0.2
    return FieldCheck("authors", Agreement.CLOSE, shown_entry, shown_record, detail), share * 0.8


#: Longest record list a partial entry list is judged against: beyond it, bibliographies
#: legitimately print the first few (style rules) and registries' lists get unreliable.
MAX_LISTED = 30


def _author_list(query: Query, record: WorkRecord) -> FieldCheck | None:
    """The entry's people are all on the record; is its list the record's? ``None`` when
    that cannot be said (organisations, names in other scripts, no authors on a side)."""
    mine, theirs = query.authors, record.authors
    # An organisation the entry names is compared only when found (names.py); a record's
    # literal names are also the persons a service did not split (OpenAlex).
    if not mine or not theirs or any(n.literal and not n.family for n in mine):
        return None
    positions = positions_in(mine[:MAX_NAMES], theirs[:MAX_NAMES])
    if any(p is None for p in positions):
        return None  # someone not matched (another script, a typo): no claim about the list
    shown_entry = "; ".join(n.shown() for n in mine[:6])
    shown_record = "; ".join(n.shown() for n in theirs[:6])
    if positions[0] != 0 and len(theirs) > 1:
        detail = f"the record's first author is {theirs[0].shown()}"
        return FieldCheck(
            "author_list", Agreement.DIFFERENT, shown_entry, f"{shown_record} ({detail})", detail
        )
    people = [n for n in theirs if not _group(n)]
    missing = len(people) - len(positions)
    if missing > 0 and not query.truncated_authors and len(theirs) <= MAX_LISTED:
        detail = f"{missing} of the record's {len(people)} authors left out, without et al."
        return FieldCheck(
            "author_list", Agreement.DIFFERENT, shown_entry, f"{shown_record} ({detail})", detail
        )
    return FieldCheck("author_list", Agreement.SAME, shown_entry, shown_record)


#: Words of a group author a record lists beside the people ("CONSORT Group"): the
#: entry need not name it.
_GROUP_WORDS = frozenset(
    [
        "group",
        "consortium",
        "collaboration",
        "collaborators",
        "committee",
        "network",
        "initiative",
        "team",
        "investigators",
        "society",
        "association",
        "study",
        "working",
    ]
)


def _group(name: Name) -> bool:
    return (
        bool(name.literal)
        and not name.family
        and bool(_GROUP_WORDS.intersection(fold(name.literal).split()))
    )


# --- year ------------------------------------------------------------------------------


def _year(query: Query, record: WorkRecord) -> FieldCheck:
    years = set(record.years) | ({record.year} if record.year else set())
    shown = str(record.year) if record.year else (str(min(years)) if years else None)
    if query.year is None or not years:
        return FieldCheck("year", Agreement.UNKNOWN, query.year_text or None, shown)
    if query.year in years:
        return FieldCheck("year", Agreement.SAME, query.year_text, str(query.year))
    if any(abs(query.year - y) <= 1 for y in years):
        near = min(years, key=lambda y: abs(query.year - y if query.year else 0))
        return FieldCheck("year", Agreement.CLOSE, query.year_text, str(near))
    return FieldCheck(
        "year",
        Agreement.DIFFERENT,
        query.year_text,
        shown if len(years) == 1 else ", ".join(str(y) for y in sorted(years)),
    )
