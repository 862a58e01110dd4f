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
from enum import Enum

from rapidfuzz.fuzz import ratio, token_set_ratio, token_sort_ratio

from ars_docs.lookup.entry.names import latin, match_names
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.works.fold import content_words, deumlaut, fold, has_cjk, plain, words

__all__ = ["Agreement", "Comparison", "FieldCheck", "compare", "title_agreement"]


class Agreement(str, Enum):
    SAME = "same"
    CLOSE = "close"
    DIFFERENT = "different"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class FieldCheck:
    field: str
    agreement: Agreement
    entry: str | None = None
    record: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class Comparison:
    record: WorkRecord
    title: FieldCheck
    authors: FieldCheck
    year: FieldCheck
    venue: FieldCheck
    similarity: float
    """0–1: how alike title, authors and year are, to rank search candidates."""

    @property
    def checks(self) -> tuple[FieldCheck, ...]:
        return (self.title, self.authors, self.year, self.venue)


#: Characters of a title and names of an author list compared at most: a record is
#: compared as a bibliography would print it, not as a hostile answer could inflate it.
MAX_TITLE = 2000
MAX_NAMES = 1000


def compare(query: Query, record: WorkRecord) -> Comparison:
    title, title_score = _title(query.title, record)
    authors, author_score = _authors(query, record)
    year = _year(query, record)
    venue = _venue(query, record)
    year_score = {Agreement.SAME: 1.0, Agreement.DIFFERENT: 0.0}.get(year.agreement, 0.5)
    similarity = 0.6 * title_score + 0.3 * author_score + 0.1 * year_score
    return Comparison(record, title, authors, year, venue, similarity)


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
    stem = _stem(word)
    for index, other in enumerate(pool):
        if _stem(other) == stem or deumlaut(other) == deumlaut(word):
            return index
    if len(word) >= 5:
        for index, other in enumerate(pool):
            if len(other) >= 5 and ratio(word, other) >= 84:
                return index
    return None


def _stem(word: str) -> str:
    for ending in ("ies", "es", "s"):
        if len(word) > len(ending) + 2 and word.endswith(ending):
            return word[: -len(ending)] + ("y" if ending == "ies" else "")
    return word


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


# --- venue -----------------------------------------------------------------------------


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_PREPRINT_VENUES = _words(
    "arxiv biorxiv medrxiv ssrn preprint preprints research square osf psyarxiv socarxiv "
    "chemrxiv techrxiv eartharxiv edarxiv"
)
#: Words a longer name of the same venue may add ("Proceedings of the X", "X Journal").
_FRAME = _words(
    "journal proceedings conference international annual the of and on in for acm ieee "
    "workshop symposium series section part"
)
_EVENT = frozenset(["conference", "symposium", "workshop", "meeting", "congress"])


def _venue(query: Query, record: WorkRecord) -> FieldCheck:
    entry = query.venue
    folded = _venue_key(entry)
    if not folded or any(w in _PREPRINT_VENUES for w in words(folded)[:2]):
        return FieldCheck("venue", Agreement.UNKNOWN, entry or None, None)
    options = [v for v in record.venues if fold(v)]
    if record.publisher and record.kind in ("book", "chapter", "report", "thesis", "standard"):
        options.append(record.publisher)
    if not options:
        return FieldCheck("venue", Agreement.UNKNOWN, entry, None)
    found = [_venue_agreement(folded, _venue_key(option)) for option in options]
    # A venue's own subtitle or qualifier ("…: Series B (Methodological)", "…: Papers &
    # Proceedings") does not make it another venue: the main names are compared too.
    main = _venue_key(_main_name(entry))
    found += [_venue_agreement(main, _venue_key(_main_name(o))) for o in options]
    options = options + options
    if Agreement.SAME in found:
        return FieldCheck(
            "venue", Agreement.SAME, entry, plain(options[found.index(Agreement.SAME)])
        )
    shown = plain(options[0])
    # Only a journal is named consistently enough for "nothing in common" to mean "another
    # venue": series, publishers, proceedings and acronyms are written every which way.
    journal = record.kind in ("article", "review") and not any(
        _EVENT & set(words(_venue_key(o))) for o in options
    )
    if Agreement.UNKNOWN in found or not journal or _acronym_like(entry):
        return FieldCheck("venue", Agreement.UNKNOWN, entry, shown)
    return FieldCheck("venue", Agreement.DIFFERENT, entry, shown)


def _main_name(venue: str) -> str:
    for mark in (" (", ": ", ". ", " - "):
        venue = venue.split(mark, 1)[0]
    return venue


def _acronym_like(venue: str) -> bool:
    """One word written as an acronym (``NeurIPS``, ``FedCSIS``, ``ICML``): such names are
    too varied (and too often the series, not the journal) to contradict a record."""
    parts = venue.replace("-", " ").split()
    if len(parts) != 1:
        return False
    word = parts[0].strip(".'’0123456789")
    return sum(ch.isupper() for ch in word[1:]) >= 1 or word.isupper()


def _venue_key(text: str) -> str:
    return latin(text) if text else ""


def _venue_agreement(a: str, b: str) -> Agreement:
    if a == b:
        return Agreement.SAME
    if has_cjk(a) != has_cjk(b):
        return Agreement.UNKNOWN
    wa, wb = _venue_words(a), _venue_words(b)
    if _contained(wa, wb) or _contained(wb, wa):
        return Agreement.SAME
    if _abbreviates(wa, wb) or _abbreviates(wb, wa) or _acronym(wa, wb) or _acronym(wb, wa):
        return Agreement.SAME
    if token_sort_ratio(a, b) >= 90:
        return Agreement.SAME
    sa, sb = {_stem(w) for w in wa} - _FRAME, {_stem(w) for w in wb} - _FRAME
    if sa < sb or sb < sa:
        # One name inside the other with a word of its own: "Machine Learning" and
        # "Journal of Machine Learning Research", "Nature" and "Nature Communications".
        return Agreement.DIFFERENT
    if sa and sb and len(sa & sb) * 2 >= len(sa | sb):
        return Agreement.UNKNOWN
    return Agreement.DIFFERENT


#: Linking words ISO 4 abbreviations leave out, in the languages journals are named in.
_LINKS = _words(
    "of the and on in for de del la las los el y e et des du le les fur und der die das "
    "di della do da dos em och og van voor het"
)


def _venue_words(folded: str) -> list[str]:
    """A venue's words without its linking words ("of", "the" …): abbreviations drop them."""
    return [w for w in words(folded) if w not in _LINKS]


def _contained(short: Sequence[str], long: Sequence[str]) -> bool:
    """``long`` is ``short`` with only framing words around it (Proceedings of the …)."""
    if not short or len(short) >= len(long):
        return False
    text, longer = " ".join(short), " ".join(long)
    if f" {text} " not in f" {longer} ":
        return False
    extra = list(long)
    for word in short:
        extra.remove(word)
    return all(w in _FRAME or w.isdigit() for w in extra)


def _abbreviates(short: Sequence[str], long: Sequence[str]) -> bool:
    """``short`` is ``long`` abbreviated word by word, ISO 4 style (``J Am Chem Soc``): each
    word of ``long`` is met by the next word of ``short`` as a prefix, or is a framing word
    left out (words after the last one met may be left out too: "(Methodological)"); at
    least one word is shortened."""
    if not short or len(short) > len(long):
        return False
    at = 0
    shortened = False
    for word in long:
        if at == len(short):
            break
        if _contracts(short[at], word):
            shortened = shortened or short[at] != word
            at += 1
        elif word not in _FRAME:
            return False
    return at == len(short) and shortened


def _contracts(short: str, word: str) -> bool:
    """``short`` is ``word`` cut (``Stat``) or contracted (``Natl``, ``Jpn``, ``Govt``): its
    first letter, then its letters in order."""
    if word.startswith(short):
        return True
    if len(short) < 2 or short[0] != word[0] or len(short) > len(word):
        return False
    at = 0
    for letter in short:
        at = word.find(letter, at)
        if at < 0:
            return False
        at += 1
    return True


def _acronym(short: Sequence[str], long: Sequence[str]) -> bool:
    """A word of ``short`` is an acronym of ``long``: its letters are initials of nearby
    words of ``long``, in order (``EJE``, ``NBER``, ``NAACL`` in a proceedings title)."""
    initials = "".join(w[0] for w in long if w and w[0].isalpha())
    for word in short:
        letters = "".join(ch for ch in word if ch.isalpha())
        if not 2 <= len(letters) <= 10 or len(letters) > len(initials):
            continue
        for first in (i for i, ch in enumerate(initials) if ch == letters[0]):
            at = first
            for letter in letters[1:]:
                at = initials.find(letter, at + 1)
                if at < 0:
                    break
            else:
                if at - first + 1 <= 2 * len(letters):
                    return True
    return False
