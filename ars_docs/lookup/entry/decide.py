"""From answers to a verdict: the rules of ``docs/lookup.md``, "How the verdict is reached".

In order:

1. An identifier whose record agrees identifies the work: ``found``, or
   ``mismatch`` for what still disagrees (another identifier of the entry
   naming another work or nothing at all — blocking; the year or the venue —
   not blocking).
2. An identifier whose record is another work (or a retraction notice):
   ``mismatch``, blocking, with the field-by-field differences; if a search
   finds the described work elsewhere, its identifier is named.
3. Otherwise a decisive search candidate: ``found`` (or ``mismatch`` when an
   identifier of the entry does not exist, or the year/venue differ).
4. A long title met exactly, by authors none of whom the entry names:
   ``mismatch`` on the authors.
5. Candidates close but not decisive: ``ambiguous``.
6. Nothing: ``not_found`` with proof when an identifier's authority said it
   does not exist; ``unreachable`` when an identifier could not be asked or
   fewer than two search services answered; ``not_covered`` for web pages and
   similar works without identifiers; else ``not_found`` by search.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ars_docs.lookup.entry.answers import Answer
from ars_docs.lookup.entry.caveats import with_caveats
from ars_docs.lookup.entry.check import (
    IdResult,
    IdState,
    Registries,
    Search,
    check_identifiers,
    search,
    soft_differences,
)
from ars_docs.lookup.entry.compare import Agreement, Comparison
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.lookup.entry.verdict import (
    Difference,
    Retraction,
    Status,
    Verdict,
    retraction_of,
)
from ars_docs.works.fold import content_words, fold

__all__ = ["NOT_COVERED_TYPES", "check_entry"]

#: CSL types the scholarly registries do not index: without an identifier, nothing
#: can be concluded from their absence.
NOT_COVERED_TYPES = frozenset(
    [
        "webpage",
        "post",
        "post-weblog",
        "software",
        "personal_communication",
        "interview",
        "broadcast",
        "legislation",
        "legal_case",
        "bill",
        "hearing",
        "regulation",
        "treaty",
        "motion_picture",
        "song",
        "graphic",
        "map",
        "musical_score",
        "performance",
        "event",
    ]
)
_MIN_SEARCH_SERVICES = 2
_DISTINCT_TITLE_WORDS = 6


def check_entry(query: Query, reg: Registries) -> Verdict:
    return with_caveats(query, _verdict(query, reg), offline=reg.offline)


def _verdict(query: Query, reg: Registries) -> Verdict:
    answers: list[Answer] = []
    ids = check_identifiers(query, reg, answers)
    matched = [r for r in ids if r.state is IdState.MATCHED]
    if matched:
        return _identified(query, matched[0], ids, answers, reg)
    found = search(query, reg)
    answers += found.answers
    contradicted = [r for r in ids if r.state in (IdState.CONTRADICTS, IdState.NOTICE)]
    best = found.best_decisive(query)
    if contradicted:
        return _contradicted(contradicted[0], best, found, answers, reg)
    if best is not None:
        return _searched(query, best, ids, found, answers, reg)
    return _nothing_decisive(query, ids, found, answers, offline=reg.offline)


def _identified(
    query: Query, result: IdResult, ids: list[IdResult], answers: list[Answer], reg: Registries
) -> Verdict:
    comparison = result.comparison
    assert comparison is not None
    record = comparison.record
    differences = [
        d for other in ids if other is not result for d in _identifier_problem(other, record)
    ]
    differences += _soft_differences(comparison)
    same_work = [r for r in _records(answers) if _same_work(r, record, result)]
    if not any(r.carries_updates for r in same_work) and record.doi and result.field != "doi":
        # The work's own DOI (an arXiv e-print's journal version, a PubMed paper's DOI)
        # is where its notices are: ask Crossref once.
        updates = reg.crossref_work(record.doi)
        answers.append(updates)
        same_work += list(updates.records)
    same_work += _pubmed_notices(same_work, answers, reg)
    return Verdict(
        Status.MISMATCH if differences else Status.FOUND,
        record,
        tuple(differences),
        detail=_notes(comparison, ids),
        retraction=retraction_of(same_work),
        answers=tuple(answers),
    )


def _contradicted(
    result: IdResult,
    best: Comparison | None,
    found: Search,
    answers: list[Answer],
    reg: Registries,
) -> Verdict:
    comparison = result.comparison
    assert comparison is not None
    record = comparison.record
    differences: list[Difference] = []
    if result.state is IdState.NOTICE:
        notice = record.notice_for[0]
        differences.append(
            Difference(
                "identifier",
                f"{result.field} {result.value}",
                f"a {notice.kind.replace('_', ' ')} notice for {notice.doi or 'another work'}",
                record.service,
            )
        )
    for check in (comparison.title, comparison.authors):
        if check.agreement is Agreement.DIFFERENT:
            differences.append(Difference(check.field, check.entry, check.record, record.service))
    if not differences:  # the title is unknown and the authors are not the same
        differences.append(
            Difference(
                "identifier", f"{result.field} {result.value}", _describe(record), record.service
            )
        )
    detail = f"{result.field} {result.value} names {_describe(record)}"
    if best is not None and _ident(best.record) and _ident(best.record) != result.value:
        other = _ident(best.record)
        differences.append(
            Difference("identifier", f"{result.field} {result.value}", other, best.record.service)
        )
        detail += f"; the entry's title and authors match {other}"
    # The retraction status of the work the entry describes, when the search found it; else
    # of the work its identifier names (the entry cites that one, after all).
    if best is not None:
        retraction = _retraction(best.record, found.comparisons, answers, reg)
    else:
        retraction = retraction_of([r for r in _records(answers) if _same_record(r, record)])
    return Verdict(
        Status.MISMATCH,
        record,
        tuple(differences),
        detail=detail,
        candidates=(best.record,) if best is not None else (),
        retraction=retraction,
        answers=tuple(answers),
    )


def _searched(
    query: Query,
    best: Comparison,
    ids: list[IdResult],
    found: Search,
    answers: list[Answer],
    reg: Registries,
) -> Verdict:
    record = best.record
    for result in ids:
        own = record.ids.get(_ID_KEYS.get(result.field, result.field))
        if result.state is IdState.FAILED and own and own.lower() != result.value.lower():
            # Found under another identifier while the entry's could not be checked: it may
            # be wrong, or an alias; never "found" on that.
            return Verdict(
                Status.UNREACHABLE,
                detail=f"{result.field} {result.value} could not be checked, and the work "
                f"search found has {result.field} {own}; run lookup again later",
                answers=tuple(answers),
            )
    differences = [d for result in ids for d in _identifier_problem(result, record)]
    differences += _soft_differences(best)
    return Verdict(
        Status.MISMATCH if differences else Status.FOUND,
        record,
        tuple(differences),
        detail=_notes(best, ids, searched=True),
        retraction=_retraction(record, found.comparisons, answers, reg),
        answers=tuple(answers),
    )


def _retraction(
    record: WorkRecord,
    comparisons: Iterable[Comparison],
    answers: list[Answer],
    reg: Registries,
) -> Retraction:
    """The retraction status of a work found by search: its records from every service
    asked, and OpenAlex's flag by its DOI when OpenAlex has not spoken for it yet."""
    same_work = [c.record for c in comparisons if _same_record(c.record, record)]
    if record.doi and not any(r.service == "openalex" for r in same_work):
        answer = reg.openalex_work(f"doi:{record.doi}")
        answers.append(answer)
        same_work += list(answer.records)
    same_work += _pubmed_notices(same_work, answers, reg)
    return retraction_of(same_work)


def _pubmed_notices(
    same_work: list[WorkRecord], answers: list[Answer], reg: Registries
) -> list[WorkRecord]:
    """Europe PMC's record of a PubMed-indexed work, when nobody asked it yet: PubMed links
    retractions and expressions of concern that the other services may lack."""
    if any(r.service == "europepmc" for r in same_work):
        return []
    pmid = next((r.ids["pmid"] for r in same_work if r.ids.get("pmid")), None)
    if pmid is None or not pmid.isdecimal():
        return []
    answer = reg.europepmc("pmid", pmid)
    answers.append(answer)
    return list(answer.records)


def _nothing_decisive(
    query: Query, ids: list[IdResult], found: Search, answers: list[Answer], *, offline: bool
) -> Verdict:
    proven = [r for r in ids if r.state is IdState.PROVEN_ABSENT]
    others = _other_authors(query, found.comparisons)
    if others is not None:
        check = others.authors
        differences = [Difference("authors", check.entry, check.record, others.record.service)]
        differences += [
            Difference("identifier", f"{r.field} {r.value}", r.proof, "registry") for r in proven
        ]
        return Verdict(
            Status.MISMATCH,
            others.record,
            tuple(differences),
            detail="a work with this exact title exists, by other authors: "
            + _describe(others.record),
            answers=tuple(answers),
        )
    near = [c for c in found.comparisons if c.title.agreement in (Agreement.SAME, Agreement.CLOSE)]
    if near:
        records = tuple(c.record for c in sorted(near, key=lambda c: -c.similarity)[:3])
        proofs = tuple(
            Difference("identifier", f"{r.field} {r.value}", r.proof, "registry") for r in proven
        )
        return Verdict(
            Status.MISMATCH if proofs else Status.AMBIGUOUS,
            None,
            proofs,
            detail="similar works, none decisive: " + "; ".join(_describe(r) for r in records),
            candidates=records,
            answers=tuple(answers),
        )
    if proven:
        return Verdict(
            Status.NOT_FOUND,
            proof="; ".join(r.proof for r in proven),
            proof_kind="identifier",
            detail=_searched_nothing(found),
            answers=tuple(answers),
        )
    failed = [r for r in ids if r.state is IdState.FAILED]
    answered = found.answered
    if failed or (len(set(answered)) < _MIN_SEARCH_SERVICES and not offline):
        what = [f"{r.field} {r.value} could not be checked" for r in failed]
        if len(set(answered)) < _MIN_SEARCH_SERVICES:
            what.append(
                f"only {len(set(answered))} of the search services answered "
                f"({', '.join(answered) or 'none'})"
            )
        return Verdict(
            Status.UNREACHABLE,
            detail="; ".join(what) + "; run lookup again later",
            answers=tuple(answers),
        )
    if query.csl_type in NOT_COVERED_TYPES and not query.has_identifier:
        return Verdict(
            Status.NOT_COVERED,
            detail=f"a {query.csl_type} without an identifier: the scholarly registries do not "
            "index such works; check it by its URL",
            answers=tuple(answers),
        )
    absent = [f"{r.field} {r.value}: no record" for r in ids if r.state is IdState.ABSENT]
    return Verdict(
        Status.NOT_FOUND,
        proof="; ".join([*absent, _searched_nothing(found)]),
        proof_kind="snapshot" if offline else "search",
        answers=tuple(answers),
    )


# --- helpers ----------------------------------------------------------------------------


def _identifier_problem(result: IdResult, work: WorkRecord) -> list[Difference]:
    """What another identifier of the entry says against the identified work."""
    entry = f"{result.field} {result.value}"
    if result.state is IdState.PROVEN_ABSENT:
        return [Difference("identifier", entry, result.proof, "registry")]
    if result.state is IdState.ABSENT:
        # The services had no record of it, yet the work has an identifier of that kind.
        own = work.ids.get(_ID_KEYS.get(result.field, result.field))
        if own and own.lower() != result.value.lower():
            return [Difference("identifier", entry, f"{result.field} {own}", work.service)]
        if not own and result.field in ("doi", "arxiv_id", "pmid", "pmcid"):
            # Nobody asked knows the identifier and the work found has none: a made-up DOI
            # on a real work, or one the snapshot lacks. Unconfirmed, not proved wrong:
            # flagged, never blocking (an online run asks the authority).
            return [
                Difference(
                    "identifier_unconfirmed",
                    entry,
                    f"no record of {result.field} {result.value}; the work found has none",
                    work.service,
                )
            ]
    if result.state in (IdState.CONTRADICTS, IdState.NOTICE):
        record = result.record
        assert record is not None
        if not _same_record(record, work):
            return [Difference("identifier", entry, _describe(record), record.service)]
    return []


def _soft_differences(comparison: Comparison) -> list[Difference]:
    checks = {
        "year": comparison.year,
        "venue": comparison.venue,
        "author_list": comparison.author_list,
        "title_wording": comparison.title_wording,
    }
    return [
        Difference(name, checks[name].entry, checks[name].record, comparison.record.service)
        for name in soft_differences(comparison)
    ]


def _notes(comparison: Comparison, ids: Sequence[IdResult], *, searched: bool = False) -> str:
    notes = []
    if searched:
        notes.append(f"found by search ({comparison.record.service})")
    for check in (comparison.title, comparison.authors):
        if check.agreement is Agreement.CLOSE:
            notes.append(
                f"{check.field} close: {check.record!r}"
                + (f" ({check.detail})" if check.detail else "")
            )
    notes += [f"{r.field} {r.value} could not be checked" for r in ids if r.state is IdState.FAILED]
    return "; ".join(notes)


def _other_authors(query: Query, comparisons: Iterable[Comparison]) -> Comparison | None:
    if len(content_words(fold(query.title))) < _DISTINCT_TITLE_WORDS:
        return None
    return next(
        (
            c
            for c in comparisons
            if c.title.agreement is Agreement.SAME and c.authors.agreement is Agreement.DIFFERENT
        ),
        None,
    )


def _searched_nothing(found: Search) -> str:
    if not found.answers:
        return "no title to search with"
    services = ", ".join(dict.fromkeys(found.answered))
    return f"searched {services}: no work with this title and these authors"


def _records(answers: Iterable[Answer]) -> list[WorkRecord]:
    return [r for a in answers for r in a.records]


def _same_work(candidate: WorkRecord, work: WorkRecord, result: IdResult) -> bool:
    return (
        candidate is work
        or _same_record(candidate, work)
        or (candidate.ids.get(_ID_KEYS.get(result.field, result.field)) == result.value)
    )


_ID_KEYS = {"arxiv_id": "arxiv", "openalex_id": "openalex"}


def _same_record(a: WorkRecord, b: WorkRecord) -> bool:
    return any(
        a.ids.get(key) and a.ids.get(key, "").lower() == b.ids.get(key, "").lower()
        for key in ("doi", "arxiv", "pmid", "openalex")
    )


def _ident(record: WorkRecord) -> str | None:
    for key in ("doi", "arxiv", "pmid", "openalex"):
        if record.ids.get(key):
            return record.ids[key]
    return None


def _describe(record: WorkRecord) -> str:
    names = [n.family or n.literal for n in record.authors[:2]]
    who = ", ".join(names) + (" et al." if len(record.authors) > 2 else "")
    bits = [f'"{record.title}"' if record.title else "an untitled record"]
    if who:
        bits.append(who)
    if record.year:
        bits.append(str(record.year))
    ident = _ident(record)
    return " — ".join(bits) + (f" [{ident}]" if ident else "")
