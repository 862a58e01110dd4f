"""Each corpus entry's evidence chain, as plain data (issue 26 §1, sources table).

Nothing here decides trust: the status is ``TrustView.status`` (the §3.3
matrix with lookup's overlay), the facts are the corpus loader's conservative
reading, the human-read marks are the read log's, the lookup summary is
``lookup_record.describe``. What this module adds is *where each fact comes
from*: the retrieval attempt log's ``acquired`` record (path, bytes, SHA-256,
channel, date), whether that file is still on disk at the size the log
recorded (a ``stat``, no re-hash), the verification method and audit id, every
read mark with its scope and rescission, and the one command that would raise
the entry one level.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ars_docs.document.next_step import next_step
from ars_docs.session.attest.records import shown
from ars_docs.session.corpus import CorpusEntry
from ars_docs.session.lookup_record import describe
from ars_docs.session.provenance import Status
from ars_docs.session.readlog import ReadMark
from ars_docs.session.trust import TrustView

__all__ = ["entry_evidence", "missing_entry", "retrieval_records"]

#: Attempt-log events that close an entry's block (``docs/retrieval.md``).
_CLOSING = ("acquired", "pending_user_action", "unverifiable")


def retrieval_records(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The last closing record per citation key (a later run supersedes an earlier one)."""
    found: dict[str, dict[str, Any]] = {}
    for record in records:
        key = record.get("refcode")
        if isinstance(key, str) and record.get("event") in _CLOSING:
            found[key] = record
    return found


def _text(value: Any) -> str | None:
    if value is None or value == "":
        return None
    return str(value)


def _authors(data: Mapping[str, Any]) -> str | None:
    authors = data.get("authors")
    if not isinstance(authors, list):
        return _text(authors)
    names = []
    for author in authors[:6]:
        if isinstance(author, Mapping):
            name = author.get("family") or author.get("literal") or author.get("name")
            if name:
                names.append(str(name))
        elif author:
            names.append(str(author))
    if len(authors) > 6:
        names.append("et al.")
    return ", ".join(names) or None


def _on_disk(folder: Path, path: str | None, size: Any) -> dict[str, Any] | None:
    """Whether the acquired file is where the record says, at the size it recorded."""
    if path is None:
        return None
    target = Path(path) if Path(path).is_absolute() else folder / path
    try:
        actual = target.stat().st_size
    except OSError:
        return {"exists": False, "bytes": None, "matches_log": False}
    return {
        "exists": True,
        "bytes": actual,
        "matches_log": isinstance(size, int) and actual == size,
    }


def _acquired(entry: CorpusEntry, record: dict[str, Any] | None, folder: Path) -> dict[str, Any]:
    data = entry.data
    logged = record if record is not None and record.get("event") == "acquired" else None
    path = _text((logged or {}).get("path")) or _text(data.get("source_acquisition_path"))
    size = (logged or {}).get("bytes")
    return {
        "fact": entry.source_acquired,
        "path": path,
        "pointer": _text(data.get("source_pointer")),
        "date": _text(data.get("source_acquisition_date"))
        or _text((logged or {}).get("source_acquisition_date")),
        "bytes": size if isinstance(size, int) else None,
        "sha256": _text((logged or {}).get("sha256")),
        "channel": _text((logged or {}).get("channel")),
        "url": _text((logged or {}).get("url")),
        "match": _text((logged or {}).get("match")),
        "logged": logged is not None,
        "retrieval_outcome": _text(record.get("event")) if record is not None else None,
        "retrieval_detail": _text(record.get("detail")) if record is not None else None,
        "on_disk": _on_disk(folder, path, size) if entry.source_acquired else None,
    }


def entry_evidence(
    entry: CorpusEntry,
    trust: TrustView,
    retrieval: Mapping[str, dict[str, Any]],
    findings: list[str],
    passport: str,
    marks: Sequence[ReadMark] = (),
) -> dict[str, Any]:
    """One row of the sources table; ``findings`` are the loader's messages about the
    entry, ``marks`` its read-log marks in log order."""
    key = entry.citation_key
    data = entry.data
    status = trust.status(key)
    active = trust.read_log.active(key)
    lookup = trust.lookup(key)
    records = trust.attestations()
    verified_how = records.verification(
        key,
        _text(data.get("source_verification_method")),
        _text(data.get("description_last_audit")),
    )
    return {
        "key": key,
        "title": entry.title or None,
        "authors": _authors(data),
        "year": _text(data.get("year")),
        "status": status.value,
        "in_corpus": True,
        "passport_line": entry.line or None,
        "facts": {
            "source_acquired": entry.source_acquired,
            "source_verified_against_original": entry.source_verified_against_original,
            "human_read_source": trust.read_log.human_read(key),
        },
        "acquired": _acquired(entry, retrieval.get(key), Path(passport).parent),
        "verified": {
            "fact": entry.source_verified_against_original,
            "claimed": data.get("source_verified_against_original") is True,
            "method": _text(data.get("source_verification_method")),
            "audit": _text(data.get("description_last_audit")),
            "description_source": _text(data.get("description_source")),
            "attested": verified_how,
            "attested_shown": shown(verified_how),
        },
        "human_read": {
            "fact": trust.read_log.human_read(key),
            "active_level": active.level if active is not None else None,
            "recorded_by": "the read log's owner (the log records no name)" if marks else None,
            "marks": [
                {
                    "marked_at": m.marked_at,
                    "level": m.level,
                    "locators": list(m.locators),
                    "note": m.note,
                    "rescinded_at": m.rescinded_at,
                    "line": m.line or None,
                    "attested": records.read(key, m.marked_at),
                    "attested_shown": shown(records.read(key, m.marked_at)),
                }
                for m in marks
            ],
        },
        "lookup": {
            "status": lookup.status,
            "checked_at": lookup.checked_at or None,
            "blocking": lookup.blocking,
            "retraction": lookup.retraction,
            "acknowledged": lookup.acknowledged,
            "stale": lookup.stale,
            "summary": describe(lookup, key) or None,
        },
        "findings": findings,
        "cited_by": [],
        "next": next_step(key, status.value, passport),
    }


def missing_entry(key: str, passport: str) -> dict[str, Any]:
    """A row for a key the drafts cite that the corpus does not have."""
    return {
        "key": key,
        "title": None,
        "authors": None,
        "year": None,
        "status": Status.NOT_IN_CORPUS.value,
        "in_corpus": False,
        "passport_line": None,
        "facts": None,
        "acquired": None,
        "verified": None,
        "human_read": None,
        "lookup": None,
        "findings": [],
        "cited_by": [],
        "next": next_step(key, Status.NOT_IN_CORPUS.value, passport),
    }
