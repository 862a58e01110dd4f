"""``corpus import``: bibliography entries into the passport's ``literature_corpus``.

The command refuses inputs that cannot be pointed back to (standard input, a
pipe or a device: every entry records the file it came from), reads each
bibliography, and lets ``bibliography.passport`` judge and append the entries
(byte-preserving, under the session folder lock). Rules: docs/corpus-import.md.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from ars_docs.bibliography.passport import ImportResult, import_into_passport
from ars_docs.bibliography.read import read_bibliography
from ars_docs.core.errors import ExitCode, UsageError

__all__ = [
    "SKIPPED",
    "ImportResult",
    "import_corpus",
    "import_exit_code",
    "import_next_steps",
]

SKIPPED = ("conflict", "duplicate", "unusable")
"""The outcomes of entries that were skipped (each one makes the exit code 1)."""


def import_corpus(passport: str, files: Sequence[str], *, dry_run: bool = False) -> ImportResult:
    """Append the new entries of ``files`` to ``passport`` (``dry_run``: write nothing)."""
    for name in files:
        if name == "-" or _a_stream(name):
            what = "'-' (standard input)" if name == "-" else f"{name} (a pipe or a device)"
            raise UsageError(
                f"FILE {what} is not supported: the entries point back to the "
                "file they came from (source_pointer); save the bibliography and give its path"
            )
    bibliographies = [read_bibliography(name) for name in files]
    return import_into_passport(passport, bibliographies, dry_run=dry_run)


def import_exit_code(result: ImportResult) -> ExitCode:
    """1 when any entry was skipped (a conflict, a duplicate, an unusable entry)."""
    skipped = sum(result.count(kind) for kind in SKIPPED)
    return ExitCode.CHECK_FAILED if skipped else ExitCode.OK


def import_next_steps(result: ImportResult) -> list[str]:
    """What to run once entries were imported: check they exist, then fetch the originals."""
    if result.dry_run or not result.written or not result.count("imported"):
        return []
    passport = shlex.quote(str(result.passport))
    return [
        f"ars-docs lookup --passport {passport} (do the imported works exist, and are they "
        "what the entries say?)",
        f"ars-docs retrieve --passport {passport} (fetch and check their originals)",
    ]


def _a_stream(name: str) -> bool:
    """A path that exists but is no file or folder: a FIFO, ``<(…)``, a device."""
    path = Path(name)
    return path.exists() and not path.is_file() and not path.is_dir()
