"""How a person's attestation was made: the attestations log beside the read log (issue 40).

``mark-read`` and ``verify`` are a person's word. On a terminal they ask for
confirmation; without one they need ``--yes``. Which of the two happened is
recorded here, not in the read log (its schema is closed, ARS-INTEROP §e) nor
in the passport (closed too, §d): ``<passport-stem>_attestations.jsonl``, one
JSON object a line, appended by ``session.attest.log``. A read is keyed by
``citation_key`` + ``marked_at`` (the read-log mark it belongs to), a
verification by ``citation_key`` + ``method`` + ``audit_id`` (what the passport
holds); the latest matching record wins. A mark with no record was made by
another tool, an older ars-docs, the Python API or an edit: its way is unknown.

This module reads; it writes nothing and takes no lock. A line it cannot read
(not JSON, another version, an unknown way) is skipped, never trusted: an
unreadable record cannot make a mark look confirmed.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.core.paths import read_regular, regular_or_absent, session_file

__all__ = [
    "CONFIRMED",
    "HOW",
    "SUFFIX",
    "YES_NO_TERMINAL",
    "YES_ON_TERMINAL",
    "Attestations",
    "attestations_beside",
    "attestations_path",
    "load_attestations",
    "read_record",
    "shown",
    "verify_record",
]

SUFFIX = "_attestations.jsonl"
#: A person answered y at the confirmation prompt on a terminal.
CONFIRMED = "confirmed_on_terminal"
#: ``--yes`` with no terminal on standard input or standard error (a pipe, a script, an agent).
YES_NO_TERMINAL = "yes_without_terminal"
#: ``--yes`` on a terminal: the prompt was skipped, nobody answered it.
YES_ON_TERMINAL = "yes_on_terminal"
HOW = (CONFIRMED, YES_NO_TERMINAL, YES_ON_TERMINAL)
#: How each way is shown in the checklist and the report.
SHOWN = {
    CONFIRMED: "confirmed on a terminal",
    YES_NO_TERMINAL: "marked with --yes, no terminal",
    YES_ON_TERMINAL: "marked with --yes on a terminal, the prompt skipped",
    None: "how it was made is not recorded",
}
VERSION = 1
_READ = "read"
_VERIFY = "verify"
_READ_LOG_SUFFIX = "_human_read_log.yaml"


def attestations_path(passport: str | os.PathLike[str]) -> Path:
    """``<passport-parent>/<passport-stem>_attestations.jsonl``."""
    return session_file(passport, SUFFIX)


def attestations_beside(read_log: str | os.PathLike[str]) -> Path | None:
    """The attestations log of the session whose read log is ``read_log`` (``None`` when
    the read log is not named the way a passport names it)."""
    name = Path(read_log).name
    if not name.endswith(_READ_LOG_SUFFIX):
        return None
    return Path(read_log).with_name(name[: -len(_READ_LOG_SUFFIX)] + SUFFIX)


def shown(how: str | None) -> str:
    """The words for ``how`` (an unknown value counts as not recorded)."""
    return SHOWN.get(how if how in HOW else None, SHOWN[None])


def read_record(key: str, marked_at: str, how: str, at: str) -> dict[str, Any]:
    """The line recording how the read-log mark ``key`` / ``marked_at`` was made."""
    return {"v": VERSION, "record": _READ, "citation_key": key, "marked_at": marked_at,
            "how": how, "recorded_at": at}  # fmt: skip


def verify_record(key: str, method: str, audit_id: str, how: str, at: str) -> dict[str, Any]:
    """The line recording how the verification ``key`` / ``method`` / ``audit_id`` was made."""
    return {"v": VERSION, "record": _VERIFY, "citation_key": key, "method": method,
            "audit_id": audit_id, "how": how, "recorded_at": at}  # fmt: skip


@dataclass(frozen=True)
class Attestations:
    """The records of one session, by what they attest (the latest line wins)."""

    path: Path | None = None
    reads: dict[tuple[str, str], str] = field(default_factory=dict)
    verifications: dict[tuple[str, str, str], str] = field(default_factory=dict)

    def read(self, key: str, marked_at: str) -> str | None:
        """How the mark ``key`` / ``marked_at`` was made (``None``: not recorded)."""
        return self.reads.get((key, marked_at))

    def verification(self, key: str, method: str | None, audit_id: str | None) -> str | None:
        """How the verification the passport records was made (``None``: not recorded)."""
        if method is None or audit_id is None:
            return None
        return self.verifications.get((key, method, audit_id))


def load_attestations(path: Path | None) -> Attestations:
    """The log at ``path``; absent or ``None``: no records."""
    if path is None:
        return Attestations()
    # A FIFO or device is refused (exit 74), never waited on; the size is capped.
    if not regular_or_absent(path, what="attestations log"):
        return Attestations(path)
    raw = read_regular(path, what="attestations log", hint="check its permissions")
    reads: dict[tuple[str, str], str] = {}
    verifications: dict[tuple[str, str, str], str] = {}
    for line in raw.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if not isinstance(item, dict) or item.get("v") != VERSION or item.get("how") not in HOW:
            continue
        fields = [item.get(name) for name in ("citation_key", "marked_at", "method", "audit_id")]
        key, marked_at, method, audit_id = (v if isinstance(v, str) else None for v in fields)
        if key is None:
            continue
        if item.get("record") == _READ and marked_at is not None:
            reads[(key, marked_at)] = item["how"]
        elif item.get("record") == _VERIFY and method is not None and audit_id is not None:
            verifications[(key, method, audit_id)] = item["how"]
    return Attestations(path, reads, verifications)
