"""What an entry's ``lookup:`` record means for the trust chain (issue 21 §2).

``ars-docs lookup`` writes, into each entry it checks, what the registries
said about the work (``docs/lookup.md``). This module is the one reader of
that record for everything downstream — finalize, the gate, ``verify``,
``mark-read`` — and applies the rules of ``docs/gate.md``:

* *blocking*: ``not_found`` proved by the identifier's authority, or a
  ``mismatch`` on what the work is (title, authors, identifier);
* *retraction*: ``retracted`` or ``expression_of_concern`` blocks unless the
  entry carries a ``retraction_acknowledgement`` for that status (and that
  notice, when the acknowledgement names one);
* *stale*: the record's ``fingerprint`` no longer matches the entry's
  identifying fields. A stale record keeps blocking (the entry changed, but
  nothing says it is right now) and is reported; a stale ``found`` no longer
  counts as found.
* *existence checked* (``existence_problem``, issue 33): what ``render
  --strict`` asks of every cited entry unless the session opts out — a record
  that is not stale, whose retraction status a service answered (``none``,
  ``correction``, ``retracted`` or ``expression_of_concern``; not ``unknown``),
  made at most ``max_age_days`` before now. A record dated after the clock
  counts as current: ``SOURCE_DATE_EPOCH`` set to an earlier time (the commit
  time, as reproducible builds set it) must not refuse a lookup made since.

Blocking is recomputed from the record's status and fields, never read from
a flag in it. A record that does not follow the schema is reported by the
corpus loader (``ARS110``) and read for what can still be read, so that
damage never lifts a block: a status in another case (``NOT_FOUND``) is that
status, a missing or non-text fingerprint makes the record stale (a stale
blocking record keeps blocking), and a retraction status is read even when
the record's own status is not. A record with neither is no record: the
entry was never checked, and keeps its §3.3 status.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from ars_docs.core.limits import plain_line

__all__ = [
    "BLOCKING_FIELDS",
    "IDENTITY_FIELDS",
    "NEVER_CHECKED",
    "RETRACTING",
    "ExistenceProblem",
    "LookupFacts",
    "describe",
    "existence_problem",
    "fingerprint",
    "lookup_facts",
    "not_the_work",
]

#: The entry fields that say which work it is; a change to any makes a record stale.
IDENTITY_FIELDS = (
    "title",
    "authors",
    "year",
    "venue",
    "type",
    "doi",
    "arxiv_id",
    "pmid",
    "pmcid",
    "openalex_id",
    "isbn",
    "url",
)
#: Differences about which work the entry is (the rest — year, venue — do not block).
BLOCKING_FIELDS = frozenset({"title", "authors", "identifier"})
#: Notice kinds that withdraw the work: each makes its retraction status ``retracted``.
RETRACTING = frozenset({"retraction", "partial_retraction", "withdrawal", "removal"})
#: Longest description of a blocking record (it quotes the record's differences).
DESCRIBE_LIMIT = 2000
_STATUSES = frozenset({"found", "mismatch", "not_found", "ambiguous", "unreachable", "not_covered"})
_RETRACTIONS = frozenset({"retracted", "expression_of_concern"})
#: Retraction statuses a service answered (``unknown``: none that reports notices did).
ANSWERED_RETRACTION = frozenset({"none", "correction", *_RETRACTIONS})


def fingerprint(entry: Mapping[str, Any]) -> str:
    """16 hex digits of SHA-256 over the entry's identifying fields (canonical JSON)."""
    fields = {name: entry[name] for name in IDENTITY_FIELDS if entry.get(name) is not None}
    material = json.dumps(fields, sort_keys=True, ensure_ascii=False, default=str)
    import hashlib  # here: only lookup records need it

    return hashlib.sha256(material.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class LookupFacts:
    """The lookup record of one entry, read by the rules of the module docstring."""

    status: str | None = None
    """The record's status; ``None`` when the entry was never checked."""
    blocking: str | None = None
    """``not_found`` or ``mismatch`` when the record says the work is not the entry's."""
    retraction: str | None = None
    """``retracted`` / ``expression_of_concern`` when not acknowledged."""
    acknowledged: str | None = None
    """A retraction status the entry acknowledges (the gate lets it pass)."""
    stale: bool = False
    checked_at: str = ""
    proof: str = ""
    differences: tuple[Mapping[str, Any], ...] = ()
    notice_doi: str | None = None
    notice_date: str | None = None
    retraction_status: str | None = None
    """The retraction status as recorded (``none``, ``unknown``, ``retracted`` …)."""

    @property
    def blocks(self) -> bool:
        return self.blocking is not None or self.retraction is not None


NEVER_CHECKED = LookupFacts()
#: A ``lookup:`` mapping with no status ars-docs knows and no retraction: it keeps the
#: §3.3 status (like no record), is checked again by the next lookup run (stale), and
#: says nothing about existence.
UNREADABLE = LookupFacts(status="damaged", stale=True)


def lookup_facts(entry: Mapping[str, Any]) -> LookupFacts:
    record = entry.get("lookup")
    if not isinstance(record, Mapping):
        return NEVER_CHECKED
    # Read what can be read: a record that was damaged (a status in other case, a
    # fingerprint another YAML writer turned into a number) must not stop blocking. A
    # damaged fingerprint makes the record out of date, which keeps a blocking one blocking.
    status = str(record.get("status") or "").strip().lower().replace("-", "_")
    known = status in _STATUSES
    retraction = record.get("retraction")
    retracted = isinstance(retraction, Mapping) and str(retraction.get("status")) in _RETRACTIONS
    if not known and not retracted:
        return UNREADABLE
    listed = record.get("differences")
    differences = tuple(
        d
        for d in (listed if isinstance(listed, list) else ())
        if isinstance(d, Mapping) and isinstance(d.get("field"), str)
    )
    blocking = None
    if status == "not_found" and record.get("proof_kind") == "identifier":
        blocking = "not_found"
    elif status == "mismatch" and any(d["field"] in BLOCKING_FIELDS for d in differences):
        blocking = "mismatch"
    unacknowledged, acknowledged, notice_doi, notice_date = _retraction(entry, record)
    stale = record.get("fingerprint") != fingerprint(entry)
    answer = retraction.get("status") if isinstance(retraction, Mapping) else None
    return LookupFacts(
        status=status if known else "damaged",
        blocking=blocking,
        retraction=unacknowledged,
        acknowledged=acknowledged,
        stale=stale,
        checked_at=str(record.get("checked_at") or ""),
        proof=str(record.get("proof") or ""),
        differences=differences,
        notice_doi=notice_doi,
        notice_date=notice_date,
        retraction_status=str(answer).strip().lower() if isinstance(answer, str) else None,
    )


class ExistenceProblem(NamedTuple):
    """Why a record does not show that the work exists and is not retracted."""

    kind: str
    """``never``, ``damaged``, ``stale``, ``unanswered``, ``undated`` or ``old``."""
    text: str
    """Completes "nothing recent says the work exists and is not retracted:" in the
    gate's refusal and finalize's ARS012."""

    @property
    def rechecked_by_default(self) -> bool:
        """``ars-docs lookup`` without keys checks such an entry again (docs/lookup.md)."""
        return self.kind in ("never", "damaged", "stale")


def existence_problem(
    facts: LookupFacts, now: datetime, max_age_days: int
) -> ExistenceProblem | None:
    """Why the record does not show that the work exists and is not retracted, or ``None``."""
    if facts.status is None:
        return ExistenceProblem("never", "it was never looked up")
    if facts.status == "damaged":
        return ExistenceProblem(
            "damaged", "its lookup record cannot be read (no status ars-docs knows)"
        )
    if facts.stale:
        return ExistenceProblem(
            "stale", "the entry changed since its lookup (the record is out of date)"
        )
    if facts.retraction_status not in ANSWERED_RETRACTION:
        said = facts.retraction_status or "missing"
        return ExistenceProblem(
            "unanswered",
            f"its lookup could not say whether it is retracted (retraction status {said}: "
            "no service that reports retractions answered for the work)",
        )
    checked = _instant(facts.checked_at)
    if checked is None:
        return ExistenceProblem(
            "undated", f"its lookup record has no readable time (checked_at {facts.checked_at!r})"
        )
    days = int((now - checked).total_seconds() // 86400)
    if days > max_age_days:
        return ExistenceProblem(
            "old",
            f"its lookup of {facts.checked_at} is {days} days old (the gate accepts "
            f"{max_age_days})",
        )
    return None


def _instant(text: str) -> datetime | None:
    """``checked_at`` (RFC 3339, ``Z`` or an offset) as an aware instant, or ``None``."""
    raw = text.strip()
    if raw.endswith(("Z", "z")):
        raw = raw[:-1] + "+00:00"
    try:
        found = datetime.fromisoformat(raw)
    except ValueError:
        return None
    return found if found.tzinfo is not None else None


def not_the_work(entry: Mapping[str, Any], key: str) -> str | None:
    """Why ``verify`` and ``mark-read`` refuse the entry — lookup recorded that it is not
    the work it describes, or that the work does not exist — or ``None``."""
    facts = lookup_facts(entry)
    return f"'{key}': {describe(facts, key)}" if facts.blocking is not None else None


def describe(facts: LookupFacts, key: str) -> str:
    """One line saying why the record blocks the work, and what to do (gate, checklist);
    what it quotes from the record is made printable (it may have been edited by hand)."""
    return plain_line(_describe(facts, key), DESCRIBE_LIMIT)


def _describe(facts: LookupFacts, key: str) -> str:
    when = f" (lookup of {facts.checked_at})" if facts.checked_at else ""
    stale = (
        f"; the entry changed since, so run `ars-docs lookup {key}` again" if facts.stale else ""
    )
    if facts.blocking == "not_found":
        proof = facts.proof or "its identifier resolves nowhere"
        return (
            f"no source has this work{when}: {proof}; fix the identifier or remove the "
            f"citation{stale}"
        )
    if facts.blocking == "mismatch":
        shown = "; ".join(
            f"{d['field']}: entry {_quoted(d.get('entry'))}, record {_quoted(d.get('record'))}"
            for d in facts.differences
            if d["field"] in BLOCKING_FIELDS
        )
        return f"the registries' record is another work{when}: {shown}; fix the entry{stale}"
    if facts.retraction is not None:
        what = "retracted" if facts.retraction == "retracted" else "under an expression of concern"
        facts_shown = [
            f"notice {facts.notice_doi}" if facts.notice_doi else "",
            facts.notice_date or "",
            f"lookup of {facts.checked_at}" if facts.checked_at else "",
        ]
        info = ", ".join(part for part in facts_shown if part)
        return (
            f"the work is {what}{f' ({info})' if info else ''}; remove the citation, or if you "
            f'cite it to discuss that: ars-docs acknowledge-retraction {key} --reason "…"{stale}'
        )
    return ""


def _quoted(value: Any) -> str:
    if value is None:
        return "-"
    return f"'{plain_line(str(value), 121)}'"


def _retraction(
    entry: Mapping[str, Any], record: Mapping[str, Any]
) -> tuple[str | None, str | None, str | None, str | None]:
    """(unacknowledged status, acknowledged status, notice DOI, notice date)."""
    found = record.get("retraction")
    status = found.get("status") if isinstance(found, Mapping) else None
    if status not in _RETRACTIONS:
        return None, None, None, None
    assert isinstance(found, Mapping)
    listed = found.get("notices")
    notices = [n for n in (listed if isinstance(listed, list) else ()) if isinstance(n, Mapping)]
    kinds = RETRACTING if status == "retracted" else {"expression_of_concern"}
    notice = next((n for n in notices if n.get("type") in kinds), notices[0] if notices else {})
    doi = notice.get("doi") if isinstance(notice.get("doi"), str) else None
    date = notice.get("date") if isinstance(notice.get("date"), str) else None
    ack = entry.get("retraction_acknowledgement")
    if (
        isinstance(ack, Mapping)
        and ack.get("status") == status
        and isinstance(ack.get("reason"), str)
        and ack["reason"].strip()
        and isinstance(ack.get("acknowledged_at"), str)
        and (not ack.get("notice_doi") or str(ack["notice_doi"]).lower() == (doi or "").lower())
    ):
        return None, str(status), doi, date
    return str(status), None, doi, date
