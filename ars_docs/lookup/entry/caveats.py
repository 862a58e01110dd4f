"""What a verdict must also carry: broken identifiers in the entry, sources that were silent.

* **A malformed identifier** (``doi: 10.1111/j.1465 …00367 x``, ``arxiv_id:
  0801.123``) resolves nowhere, whatever else is right: the entry is a
  ``mismatch`` on its identifier (blocking), or ``not_found`` proved by it.
  Placeholders that are no attempt at an identifier (``N/A``, ``none``) are
  left alone.
* **A silent notice source**: when Crossref could not be asked about the DOI,
  or Europe PMC about the PMID, a verdict made from the other services cannot
  say "no retraction known" — the status is ``unknown`` — and the record
  lists them as ``unanswered``, so the next run checks the entry again.
"""

from __future__ import annotations

import dataclasses
import re

from ars_docs.lookup.entry.answers import Outcome
from ars_docs.lookup.entry.query import Query
from ars_docs.lookup.entry.verdict import Difference, Status, Verdict

__all__ = ["with_caveats"]

_ATTEMPTS = {
    "doi": re.compile(r"10\.\d|doi", re.IGNORECASE),
    "arxiv_id": re.compile(r"\d{4}\.\d|/\d{4}"),
    "pmid": re.compile(r"\d{4}"),
    "pmcid": re.compile(r"\d{4}"),
    "isbn": re.compile(r"\d{5}"),
    "openalex_id": re.compile(r"[Ww]\d{3}"),
}
_LABELS = {
    "doi": "DOI",
    "arxiv_id": "arXiv identifier",
    "pmid": "PubMed id",
    "pmcid": "PubMed Central id",
    "isbn": "ISBN",
    "openalex_id": "OpenAlex id",
}
#: Services whose answer about the entry's own identifier decides its notices.
_NOTICE_SOURCES = {"crossref": "doi ", "europepmc": "pmid "}


def with_caveats(query: Query, verdict: Verdict, *, offline: bool) -> Verdict:
    return _malformed(query, _silent_sources(verdict, offline=offline))


def _silent_sources(verdict: Verdict, *, offline: bool) -> Verdict:
    if offline or verdict.status not in (Status.FOUND, Status.MISMATCH):
        return verdict
    silent = tuple(
        dict.fromkeys(
            a.service
            for a in verdict.answers
            if a.outcome is Outcome.FAILED
            and a.asked.startswith(_NOTICE_SOURCES.get(a.service, "\0"))
        )
    )
    if not silent:
        return verdict
    retraction = verdict.retraction
    if retraction.status == "none":
        retraction = dataclasses.replace(retraction, status="unknown")
    return dataclasses.replace(verdict, unanswered=silent, retraction=retraction)


def _malformed(query: Query, verdict: Verdict) -> Verdict:
    broken = [
        (name, value)
        for name, value in query.malformed.items()
        if name in _ATTEMPTS and _ATTEMPTS[name].search(value)
    ]
    if not broken or verdict.status is Status.UNREACHABLE:
        return verdict
    what = [f"{name} {value!r} is not a valid {_LABELS[name]}" for name, value in broken]
    if verdict.status is Status.NOT_FOUND:
        proof = "; ".join([*what, *([verdict.proof] if verdict.proof else [])])
        return dataclasses.replace(verdict, proof=proof, proof_kind="identifier")
    differences = tuple(
        Difference("identifier", f"{name} {value}", f"not a valid {_LABELS[name]}", "entry")
        for name, value in broken
    )
    return dataclasses.replace(
        verdict, status=Status.MISMATCH, differences=verdict.differences + differences
    )
