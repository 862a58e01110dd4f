"""The passport's ``audit_artifact[]`` ledger: order and the next ``verified_at`` (spec §5.4, D3).

Every orchestrator-side ``verified_at`` write (a Path B merge, an
``another_round`` re-merge, a ``ship_with_known_residue`` acknowledgement)
takes its value from ``next_verified_at_ms``: strictly after every
``verified_at`` already in the ledger (not only the entries of one
deliverable), and "now" when the ledger is empty. The result has millisecond
precision, so two appends within one millisecond still get distinct,
increasing values. "Now" comes from the caller's clock
(``ars_docs.core.clock.Clock``, which honours ``SOURCE_DATE_EPOCH``): with a
fixed clock every append still moves forward by one millisecond.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta, timezone
from typing import Any

from ars_docs.core.errors import InputDataError

__all__ = ["format_ms", "next_verified_at_ms", "parse_ms"]

_MS_UTC = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z\Z")
_ONE_MS = timedelta(milliseconds=1)


def parse_ms(text: Any) -> datetime | None:
    """An RFC 3339 UTC millisecond timestamp (``2026-04-30T15:23:11.847Z``), else ``None``."""
    if not isinstance(text, str) or not _MS_UTC.match(text):
        return None
    try:  # by hand: strptime costs ~40 µs a call, and a ledger lint makes thousands
        return datetime(
            int(text[0:4]),
            int(text[5:7]),
            int(text[8:10]),
            int(text[11:13]),
            int(text[14:16]),
            int(text[17:19]),
            int(text[20:23]) * 1000,
            tzinfo=timezone.utc,
        )
    except ValueError:
        return None


def format_ms(moment: datetime) -> str:
    """``moment`` in UTC as ``YYYY-MM-DDTHH:MM:SS.mmmZ`` (sub-millisecond digits dropped)."""
    utc = moment.astimezone(timezone.utc) if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


def next_verified_at_ms(entries: Iterable[Mapping[str, Any]], now: datetime) -> str:
    """The ``verified_at`` for the next ledger append (§5.4 ``_next_verified_at_ms``).

    ``max(now, latest + 1 ms)`` over every entry's ``verdict.verified_at``, or
    ``now`` for an empty ledger. An entry whose ``verified_at`` is missing or
    not an RFC 3339 UTC millisecond string raises ``InputDataError``: the
    ledger's order cannot be trusted, so no value is handed out.
    """
    current = parse_ms(format_ms(now))
    assert current is not None
    latest: datetime | None = None
    for index, entry in enumerate(entries):
        verdict = entry.get("verdict") if isinstance(entry, Mapping) else None
        raw = verdict.get("verified_at") if isinstance(verdict, Mapping) else None
        stamp = parse_ms(raw)
        if stamp is None:
            raise InputDataError(
                f"audit_artifact[{index}].verdict.verified_at is {raw!r}, not an RFC 3339 UTC "
                "millisecond timestamp; fix that entry before appending to the ledger"
            )
        if latest is None or stamp > latest:
            latest = stamp
    if latest is None or current > latest:
        return format_ms(current)
    return format_ms(latest + _ONE_MS)
