"""What a lookup run found: per entry, the passport record and the report data.

``passport_record`` turns a verdict into the ``lookup:`` mapping written into
the entry (``docs/passport.md`` documents each field); ``EntryResult`` and
``LookupReport`` carry the same facts for the text and JSON reports. Strings
that come from the registries are made safe to write: control characters
removed, white space collapsed, at most ``CLIP`` characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ars_docs.core.limits import plain_line
from ars_docs.lookup.entry.record import WorkRecord
from ars_docs.lookup.entry.verdict import Status, Verdict
from ars_docs.session.lookup_record import LookupFacts, fingerprint, lookup_facts

__all__ = ["CLIP", "EntryResult", "LookupReport", "passport_record"]

CLIP = 300


def clean(text: str | None, limit: int = CLIP) -> str | None:
    return None if text is None else plain_line(text, limit)


def passport_record(
    verdict: Verdict, entry: Mapping[str, Any], checked_at: str, offline: str | None
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "status": verdict.status.value,
        "checked_at": checked_at,
        "fingerprint": fingerprint(entry),
    }
    if offline:
        record["offline"] = clean(offline)
    record["sources"] = list(verdict.sources)
    if verdict.proof:
        record["proof"] = clean(verdict.proof)
        record["proof_kind"] = verdict.proof_kind or "search"
    if verdict.detail:
        record["detail"] = clean(verdict.detail)
    if verdict.unanswered:
        record["unanswered"] = list(verdict.unanswered)
    if verdict.matched is not None:
        record["matched"] = matched_fields(verdict.matched)
    if verdict.differences:
        record["differences"] = [
            {
                "field": d.field,
                "entry": clean(d.entry),
                "record": clean(d.record),
                "source": d.source,
                "blocking": d.blocking,
            }
            for d in verdict.differences
        ]
    retraction = verdict.retraction.to_dict()
    if not retraction["notices"]:
        del retraction["notices"]
    else:
        retraction["notices"] = [
            {k: clean(v) if isinstance(v, str) else v for k, v in n.items()}
            for n in retraction["notices"]
        ]
    record["retraction"] = retraction
    return record


def matched_fields(work: WorkRecord) -> dict[str, Any]:
    found: dict[str, Any] = {"service": work.service}
    for key, name in (
        ("doi", "doi"),
        ("arxiv", "arxiv_id"),
        ("pmid", "pmid"),
        ("pmcid", "pmcid"),
        ("openalex", "openalex_id"),
        ("isbn", "isbn"),
    ):
        if work.ids.get(key):
            found[name] = clean(work.ids[key])
    found["title"] = clean(work.title)
    names = [n.family or n.literal for n in work.authors[:8]]
    if names:
        more = f"; … ({len(work.authors)} in all)" if len(work.authors) > 8 else ""
        found["authors"] = clean("; ".join(names) + more)
    if work.year:
        found["year"] = work.year
    if work.venues:
        found["venue"] = clean(work.venues[0])
    found["type"] = work.kind
    return found


@dataclass
class EntryResult:
    key: str
    status: str
    record: Mapping[str, Any]
    """The ``lookup:`` record now (written, or as it already was)."""
    facts: LookupFacts
    verdict: Verdict | None = None
    """``None`` when the entry was not checked in this run (its record is current)."""
    changed: bool = False
    requests: int = 0
    cached: int = 0
    note: str | None = None
    """Why the new verdict was not taken whole (``keep.settle``)."""

    @classmethod
    def current(cls, key: str, entry: Mapping[str, Any]) -> EntryResult:
        record = entry.get("lookup")
        assert isinstance(record, Mapping)
        return cls(key, str(record.get("status")), record, lookup_facts(entry))

    @property
    def retraction(self) -> str:
        found = self.record.get("retraction")
        status = found.get("status") if isinstance(found, Mapping) else None
        return str(status) if status else "unknown"

    @property
    def blocking(self) -> bool:
        """The gate refuses the work's citations (another work, none, an unacknowledged
        retraction or expression of concern)."""
        return self.facts.blocks

    @property
    def problem(self) -> bool:
        """Worth a line in the report: not a plain, current ``found``."""
        return (
            self.status != Status.FOUND.value
            or self.note is not None
            or self.facts.blocks
            or self.retraction in ("retracted", "expression_of_concern", "correction")
        )

    def to_dict(self) -> dict[str, Any]:
        verdict = self.verdict
        return {
            "key": self.key,
            "status": self.status,
            "blocking": self.blocking,
            "retraction": dict(self.record.get("retraction") or {"status": "unknown"}),
            "retraction_acknowledged": self.facts.acknowledged is not None,
            "differences": list(self.record.get("differences") or []),
            "evidence": {
                "sources": list(self.record.get("sources") or []),
                "proof": self.record.get("proof"),
                "proof_kind": self.record.get("proof_kind"),
                "matched": self.record.get("matched"),
                "detail": self.record.get("detail"),
                "offline": self.record.get("offline"),
                "answers": [a.to_dict() for a in verdict.answers] if verdict else None,
            },
            "checked_at": self.record.get("checked_at"),
            "checked_now": verdict is not None,
            "changed": self.changed,
            "requests": self.requests,
            "note": self.note,
        }


@dataclass
class LookupReport:
    source: str
    """The passport (or bibliography) checked."""
    writes: bool
    """The source is a passport lookup may write (not a bare bibliography, not a dry run)."""
    offline: str | None = None
    dry_run: bool = False
    results: list[EntryResult] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    requests: int = 0
    cache_note: str | None = None
    interrupted: bool = False
    no_network: str | None = None
    """Set when no service could be reached at all (``run.NO_NETWORK_AFTER``): the first
    failure, for the one line the report prints; nothing was written."""

    def counts(self) -> dict[str, int]:
        counts = {status.value: 0 for status in Status}
        for result in self.results:
            counts[result.status] = counts.get(result.status, 0) + 1
        return counts

    def summary(self) -> dict[str, Any]:
        checked = [r for r in self.results if r.verdict is not None]
        retractions = {"retracted": 0, "expression_of_concern": 0, "correction": 0}
        for result in self.results:
            if result.retraction in retractions:
                retractions[result.retraction] += 1
        return {
            "command": "lookup",
            "source": self.source,
            "entries": len(self.results),
            "checked": len(checked),
            "current": len(self.results) - len(checked),
            "counts": self.counts(),
            "blocking": sum(1 for r in self.results if r.blocking),
            "retractions": retractions,
            "retractions_unacknowledged": sum(
                1 for r in self.results if r.facts.retraction is not None
            ),
            "requests": self.requests,
            "answers_from_cache": sum(r.cached for r in checked),
            "offline": self.offline,
            "written": self.written,
            "interrupted": self.interrupted,
            "no_network": self.no_network,
        }

    def no_network_line(self) -> str:
        """The one line a run without a network prints instead of its report."""
        return (
            f"lookup: no service could be reached ({self.no_network}); nothing was checked "
            f"and {self.source} is unchanged; without a network, answer from a snapshot "
            "index: ars-docs lookup --offline INDEX (docs/lookup-index.md)"
        )

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary(), "entries": [r.to_dict() for r in self.results]}
