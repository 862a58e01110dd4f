"""The attestations log's writer: records appended, the earlier bytes kept (issue 40).

The format and the reader are ``session.attest.records``. Each append reads the
file's bytes, adds the new lines after them and replaces the file atomically
under the session folder lock, so a reader sees the old file or the new one,
never half a line, and what was there comes back byte for byte. Callers write
the record before the read log or the passport it describes (a write-ahead
record): a run stopped between the two leaves a record of a mark that does
not exist, which matches nothing and is harmless.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ars_docs.core.paths import regular_or_absent
from ars_docs.files.atomic import ensure_writable, write_bytes_atomic
from ars_docs.files.locking import file_lock
from ars_docs.files.yaml.read import read_bytes

__all__ = ["append_attestations", "check_attestations_writable"]


def check_attestations_writable(path: Path) -> None:
    """Refuse (exit 73) before anything is written when the log could not be replaced."""
    ensure_writable(path)


def append_attestations(path: Path, records: Sequence[Mapping[str, Any]]) -> None:
    """Append ``records`` (one JSON object a line) to the log at ``path``."""
    if not records:
        return
    with file_lock(path):
        raw = (
            read_bytes(str(path), what="attestations log", hint="check its permissions")
            if regular_or_absent(path, what="attestations log")
            else b""
        )
        if raw and not raw.endswith(b"\n"):
            raw += b"\n"  # a last line without its newline (an edit) stays whole
        lines = b"".join(
            json.dumps(dict(record), ensure_ascii=False).encode("utf-8") + b"\n"
            for record in records
        )
        write_bytes_atomic(path, raw + lines)
