"""The venue of an entry against a record's venues: same, different or unknown.

Part of the field-by-field comparison (``compare.py``, whose docstring says
what each agreement means). Conference venues are compared as identities
(``works/venues.py``: series and track); journals word by word, with ISO 4
abbreviations, acronyms and framing words ("Proceedings of the …") allowed;
anything else that does not agree is ``unknown``, never ``different``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz.fuzz import token_sort_ratio

from ars_docs.lookup.entry.agreement import Agreement, FieldCheck, stem
from ars_docs.lookup.entry.names import latin
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.works.fold import fold, has_cjk, plain, words
from ars_docs.works.venues import NEUTRAL, series_names, venue_identity

__all__ = ["venue_check"]


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


def venue_check(query: Query, record: WorkRecord) -> FieldCheck:
    entry = query.venue
    folded = _venue_key(entry)
    if not folded or any(w in _PREPRINT_VENUES for w in words(folded)[:2]):
        return FieldCheck("venue", Agreement.UNKNOWN, entry or None, None)
    options = [v for v in record.venues if fold(v)]
    if record.publisher and record.kind in ("book", "chapter", "report", "thesis", "standard"):
        options.append(record.publisher)
    if not options:
        return FieldCheck("venue", Agreement.UNKNOWN, entry, None)
    known = _known_series(entry, options)
    if known is not None:
        return known
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


def _known_series(entry: str, options: Sequence[str]) -> FieldCheck | None:
    """The verdict on a conference venue the series table knows (``works/venues.py``), or
    ``None`` to compare the strings word by word.

    Same series and track: same. The record names a known series and the entry another
    series, another track of it (a workshop is not the main conference), or a name that
    is none of the series' names (word by word not the same either): different. A
    platform (PMLR, OpenReview) on either side, a record that is a preprint only, or an
    entry series the record does not name in a form known here: left to the words."""
    mine = venue_identity(entry)
    if mine is NEUTRAL:
        return FieldCheck("venue", Agreement.UNKNOWN, entry, plain(options[0]))
    theirs = [(option, venue_identity(option)) for option in options]
    for option, identity in theirs:
        if mine is not None and identity == mine:
            return FieldCheck("venue", Agreement.SAME, entry, plain(option))
    named = [(o, i) for o, i in theirs if i is not None and i is not NEUTRAL]
    if not named:
        return None
    option, identity = named[0]
    if mine is None:
        # A form of the series' name the table lacks ("Intl. Conf. on Machine Learning")
        # is the series; another name ("… on Quantum Machine Learning") is not. Compared
        # with the series' written names, not its acronym: an acronym's letters are found
        # in too many names.
        key = _venue_key(_without_numbers(entry))
        for _, known in named:
            assert known is not None
            if any(_names_agree(key, name) for name in series_names(known.series)):
                return FieldCheck("venue", Agreement.SAME, entry, plain(option))
    assert identity is not None
    said = f"the record's venue is {identity.shown()}"
    if mine is not None:
        said += f", the entry's {mine.shown()}"
    return FieldCheck("venue", Agreement.DIFFERENT, entry, plain(option), said)


def _names_agree(a: str, b: str) -> bool:
    """Word for word the same name, up to framing words and ISO 4 abbreviation: no fuzzy
    ratio (``… on Quantum Machine Learning`` is 92 % like ``… on Machine Learning``)."""
    wa, wb = _lead_trimmed(_venue_words(a)), _lead_trimmed(_venue_words(b))
    if wa == wb:
        return True
    return _contained(wa, wb) or _contained(wb, wa) or _abbreviates(wa, wb) or _abbreviates(wb, wa)


def _lead_trimmed(names: list[str]) -> list[str]:
    """Without a leading "Proc." / "Proceedings" (of the …)."""
    while names and names[0] in ("proc", "proceedings", "in"):
        names = names[1:]
    return names


def _without_numbers(venue: str) -> str:
    return " ".join(w for w in venue.split() if not any(ch.isdigit() for ch in w))


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
    sa, sb = {stem(w) for w in wa} - _FRAME, {stem(w) for w in wb} - _FRAME
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
