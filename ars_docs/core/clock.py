"""One clock for every timestamp ars-docs writes; honours ``SOURCE_DATE_EPOCH``.

Reproducible-build convention: when ``SOURCE_DATE_EPOCH`` is set to an integer
number of seconds, "now" is that instant, so the same inputs give the same bytes.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone

from ars_docs.core.errors import UsageError
from ars_docs.core.limits import shorten


@dataclass(frozen=True, slots=True)
class Clock:
    """``fixed`` set means the clock always reads that instant."""

    fixed: datetime | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Clock:
        env = os.environ if environ is None else environ
        raw = env.get("SOURCE_DATE_EPOCH")
        if raw is None or raw == "":
            return cls()
        try:
            seconds = int(raw)
        except ValueError as exc:
            raise UsageError(
                f"SOURCE_DATE_EPOCH={shorten(raw)!r} is not an integer number of seconds; "
                "unset it or set it to e.g. 1700000000"
            ) from exc
        try:
            return cls(datetime.fromtimestamp(seconds, tz=timezone.utc))
        except (OverflowError, OSError, ValueError) as exc:
            raise UsageError(
                f"SOURCE_DATE_EPOCH={shorten(raw)!r} is outside the dates Python can represent "
                "(years 1-9999); unset it or set it to e.g. 1700000000"
            ) from exc

    def now(self) -> datetime:
        return self.fixed if self.fixed is not None else datetime.now(timezone.utc)

    def rfc3339(self) -> str:
        """Current time as RFC 3339 UTC with second precision, e.g. 2026-11-29T21:59:43Z."""
        return self.now().astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
