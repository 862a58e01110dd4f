"""Attempt-log records and the ResearchGate human handoff (§3.5 firm rule 3, F-007).

When the five auto-steps are exhausted, retrieval emits
``pending_user_action: researchgate_request_<refcode>`` as a log record and
prints what the user can do: ask the authors through their own ResearchGate
account, save the file under the sources folder, and run ``retrieve`` again,
which verifies the saved file before recording it. ars-docs itself never
sends anything to ResearchGate.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ars_docs.core.clock import Clock
from ars_docs.retrieval.chain import EntryOutcome
from ars_docs.retrieval.reasons import CHANNELS, RESEARCHGATE_REQUEST, EntryStatus
from ars_docs.retrieval.store.files import safe_name

__all__ = ["entry_records", "handoff_instructions"]


def entry_records(
    outcome: EntryOutcome, clock: Clock, *, passport: Path, sources: Path
) -> list[dict[str, Any]]:
    """The attempt-log lines of one entry: its attempts, then how it ended."""
    now = clock.rfc3339()
    head = {"time": now, "refcode": outcome.citation_key}
    records: list[dict[str, Any]] = [
        {**head, "event": "attempt", **attempt.to_dict()} for attempt in outcome.attempts
    ]
    if outcome.status is EntryStatus.ACQUIRED:
        records.append(
            {
                **head,
                "event": "acquired",
                "channel": outcome.channel,
                "url": outcome.url,
                "path": outcome.path,
                "sha256": outcome.sha256,
                "bytes": outcome.size,
                "match": outcome.match,
                "match_reasons": list(outcome.match_reasons),
                "version": outcome.version,
                "source_acquisition_date": now,
            }
        )
    elif outcome.status is EntryStatus.PENDING_USER_ACTION:
        records.append(
            {
                **head,
                "event": "pending_user_action",
                "pending_user_action": outcome.pending_user_action,
                "action": RESEARCHGATE_REQUEST,
                "channels_tried": list(CHANNELS),
                "candidates": outcome.candidates,
                "detail": outcome.detail,
                "instructions": handoff_instructions(outcome, passport=passport, sources=sources),
            }
        )
    elif outcome.status is EntryStatus.NETWORK_UNAVAILABLE:
        records.append({**head, "event": "network_unavailable", "detail": outcome.detail})
    elif outcome.status is EntryStatus.UNVERIFIABLE:
        records.append({**head, "event": "unverifiable", "detail": outcome.detail})
    return records


def handoff_instructions(outcome: EntryOutcome, *, passport: Path, sources: Path) -> str:
    """What the user can do for a ``researchgate_request_<refcode>`` (plain text)."""
    key = outcome.citation_key
    target = outcome.target
    title = target.title if target else key
    authors = ", ".join(target.authors) if target else ""
    file = sources / f"{safe_name(key)}.pdf"
    kept = []
    for candidate in outcome.candidates:
        suffix = Path(candidate["path"] or "x.pdf").suffix or ".pdf"
        kept += [
            f"  A candidate is kept at {candidate['path'] or '(dry run: not saved)'} "
            f"(from {candidate['url']}): {candidate['match']} — "
            f"{', '.join(candidate['match_reasons'])}.",
            f"  If you check that it is the work, move it to "
            f"{sources / (safe_name(key) + suffix)} and run: "
            f"ars-docs retrieve --passport {passport} --record-unchecked {key}",
        ]
        if "no_text_layer" in candidate["match_reasons"]:  # a scan: a person says what it is
            kept.append(
                f"  It has no text layer (a scan): if it is the original you hold, record it "
                f"with ars-docs hold-original {key} --form image-scan --where TEXT --file "
                f"{sources / (safe_name(key) + suffix)} --passport {passport}"
            )
    return "\n".join(
        [
            f"pending_user_action: {outcome.pending_user_action}",
            f"  No automatic channel found a copy of “{title}” ({authors}) whose identity is "
            "certain.",
            *kept,
            "  ars-docs never contacts ResearchGate. To ask the authors yourself:",
            "    1. Open an author's ResearchGate profile in your browser and find this work.",
            "    2. Use “Request full-text”; the request goes out from your own account.",
            f"    3. When the file arrives, save it as {file}",
            f"    4. Run: ars-docs retrieve --passport {passport} {key}",
            "       (its first page is checked against the title and authors before the "
            "passport records it)",
        ]
    )
