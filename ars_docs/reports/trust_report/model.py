"""The report's data model: what ``report --format json`` writes and the page shows.

``build_report`` loads the session's files once — the passport's corpus, the
human-read log, the retrieval attempt log and, when the passport has one,
the ``audit_artifact[]`` ledger — and returns plain data, ``summary`` first
(the convention of every ``--format json``). The shape is documented in
``docs/report.md``; ``SCHEMA_VERSION`` changes when a field changes meaning.
Order is stable: drafts as given, sources worst status first and then in
passport order; timestamps come from ``Clock`` (``SOURCE_DATE_EPOCH``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ars_docs.core.clock import Clock
from ars_docs.core.diagnostics import Severity
from ars_docs.document.api import Inspection
from ars_docs.reports.trust_report.drafts import DraftPart, draft_part
from ars_docs.reports.trust_report.evidence import entry_evidence, missing_entry, retrieval_records
from ars_docs.reports.trust_report.statuses import RANK, empty_counts, legend
from ars_docs.session.corpus import load_corpus
from ars_docs.session.readlog import ReadMark, load_read_log, read_log_path
from ars_docs.session.trust import TrustView

__all__ = ["SCHEMA_VERSION", "Report", "build_report"]

SCHEMA_VERSION = 1


class Report:
    """``data`` is the JSON data model; ``drafts`` keep each draft's text for the page."""

    def __init__(self, data: dict[str, Any], drafts: list[DraftPart]) -> None:
        self.data = data
        self.drafts = drafts


#: How a draft is inspected: ``(path, text, trust)`` → finalize's statuses and the strict
#: gate's verdict. The commands layer passes the one it assembled under the session's
#: gate policy (``commands.report``), so the report says what ``render --strict`` says.
Inspector = Callable[[str, str, TrustView], Inspection]


def build_report(
    drafts: Sequence[tuple[str, str]],
    passport: str,
    *,
    inspect: Inspector,
    existence_note: str | None = None,
    clock: Clock | None = None,
) -> Report:
    """The report over ``drafts`` (``(path, text)`` pairs) and the session of ``passport``.

    ``existence_note`` is the gate policy's opt-out (``GatePolicy.existence_note``):
    the summary and the page say that existence was not checked.
    """
    clock = clock or Clock.from_env()
    corpus = load_corpus(passport)
    read_log = load_read_log(read_log_path(passport))
    trust = TrustView.of(corpus, read_log)
    parts = [
        draft_part(f"d{index}", path, text, inspect(path, text, trust))
        for index, (path, text) in enumerate(drafts, 1)
    ]
    sources = _sources(trust, parts, passport)
    totals = empty_counts()
    for part in parts:
        for name, count in part.data["counts"].items():
            totals[name] += count
    by_status = empty_counts()
    for source in sources:
        by_status[source["status"]] += 1
    audit = _audit(passport)
    summary = {
        "command": "report",
        "schema_version": SCHEMA_VERSION,
        "generated_at": clock.rfc3339(),
        "passport": passport,
        "read_log": str(read_log_path(passport)),
        "read_log_missing": read_log.missing,
        "session_id": corpus.session_id,
        "drafts": len(parts),
        "drafts_passing_strict": sum(1 for p in parts if p.data["strict"]["passed"]),
        "existence_checked": existence_note is None,
        "existence_note": existence_note,
        "citations": sum(p.data["citations"] for p in parts),
        "counts": totals,
        "sources": sum(1 for s in sources if s["in_corpus"]),
        "sources_by_status": by_status,
        "cited_keys_not_in_corpus": sum(1 for s in sources if not s["in_corpus"]),
        "audit_entries": len(audit) if audit is not None else None,
    }
    data = {
        "summary": summary,
        "legend": legend(),
        "drafts": [p.data for p in parts],
        "sources": sources,
        "audit": audit,
    }
    return Report(data, parts)


def _sources(trust: TrustView, parts: list[DraftPart], passport: str) -> list[dict[str, Any]]:
    from ars_docs.retrieval.store.attemptlog import attempt_log_path, read_attempt_log

    retrieval = retrieval_records(read_attempt_log(attempt_log_path(passport)))
    findings: dict[str, list[str]] = {}
    for d in trust.corpus.diagnostics:
        if d.slug is not None and d.severity is not Severity.INFO:
            findings.setdefault(d.slug, []).append(f"{d.code} {d.message}")
    marks: dict[str, list[ReadMark]] = {}
    for mark in trust.read_log.marks:
        marks.setdefault(mark.citation_key, []).append(mark)
    rows: dict[str, dict[str, Any]] = {}
    for key, entry in trust.corpus.entries.items():
        rows[key] = entry_evidence(
            entry, trust, retrieval, findings.get(key, []), passport, marks.get(key, [])
        )
    for part in parts:
        for c in part.data["citation_list"]:
            slug = c["slug"]
            if slug is None:
                continue
            row = rows.get(slug)
            if row is None:
                row = rows[slug] = missing_entry(slug, passport)
            row["cited_by"].append(
                {
                    "draft": part.data["path"],
                    "draft_id": part.data["id"],
                    "line": c["line"],
                    "citation": c["id"],
                }
            )
    order = {key: index for index, key in enumerate(rows)}
    return sorted(rows.values(), key=lambda r: (-RANK[r["status"]], order[r["key"]]))


def _audit(passport: str) -> list[dict[str, Any]] | None:
    """The ``audit_artifact[]`` ledger, or ``None`` when the passport has none."""
    path = Path(passport)
    try:
        if not path.is_file() or b"audit_artifact" not in path.read_bytes():
            return None
    except OSError:
        return None
    from ars_docs.audit.model.ledger import load_audit_ledger

    ledger = load_audit_ledger(passport)
    if not ledger.entries:
        return None
    return [_ledger_row(e.index, e.data, len(e.errors)) for e in ledger.entries]


def _ledger_row(index: int, data: Any, errors: int) -> dict[str, Any]:
    entry: Mapping[str, Any] = data if isinstance(data, Mapping) else {}
    verdict = entry.get("verdict") if isinstance(entry.get("verdict"), Mapping) else {}
    assert isinstance(verdict, Mapping)
    counts = verdict.get("finding_counts")
    ack = entry.get("acknowledgement")
    return {
        "index": index,
        "stage": entry.get("stage"),
        "agent": _str(entry.get("agent")),
        "deliverable": _str(entry.get("deliverable_path")),
        "run_id": _str(entry.get("run_id")),
        "bundle_id": _str(entry.get("bundle_id")),
        "round": verdict.get("round"),
        "target_rounds": verdict.get("target_rounds"),
        "verdict": _str(verdict.get("status")),
        "finding_counts": dict(counts) if isinstance(counts, Mapping) else None,
        "verified_at": _str(verdict.get("verified_at")),
        "verified_by": _str(verdict.get("verified_by")),
        "acknowledgement": {
            "finding_ids": [str(f) for f in ack.get("finding_ids") or []],
            "acknowledged_at": _str(ack.get("acknowledged_at")),
            "acknowledged_by": _str(ack.get("acknowledged_by")),
        }
        if isinstance(ack, Mapping)
        else None,
        "schema_errors": errors,
    }


def _str(value: Any) -> str | None:
    return None if value is None else str(value)
