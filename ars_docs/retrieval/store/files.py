"""Saving a verified original under the sources folder (§3.5, §3.1 ``source_acquisition_path``).

The file is named after the citation key (``<key>.pdf`` or ``<key>.html``,
characters other than letters, digits, ``.``, ``_`` and ``-`` replaced by
``_``). An existing file is never overwritten: identical bytes are reused,
anything else gets the next free name (``<key>-2.pdf`` …). The write is
atomic and no-clobber: the bytes go to a temporary file in the same folder,
are fsynced, then hard-linked to the final name, which fails rather than
replacing a file that appeared meanwhile.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from ars_docs.core.errors import ArsError, OutputError
from ars_docs.core.paths import read_regular

__all__ = [
    "SOURCE_KINDS",
    "expected_files",
    "remove_stale_temporaries",
    "safe_name",
    "save_source",
]

SOURCE_KINDS = ("pdf", "html")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


_NAME_LIMIT = 120
"""Longest file-name stem made from a key: with ``-NNN.html`` and a temp file's
``.<name>.<random>.tmp`` it stays far below the usual 255-byte name limit."""


def safe_name(citation_key: str) -> str:
    """The file-name stem of ``citation_key``'s original; a long key keeps its first
    characters and a short digest of the whole key (issue 29: a 300-character key)."""
    name = _UNSAFE.sub("_", citation_key).lstrip(".") or "source"
    if len(name) <= _NAME_LIMIT:
        return name
    digest = hashlib.sha256(citation_key.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"{name[: _NAME_LIMIT - 13]}-{digest}"


def expected_files(sources_dir: Path, citation_key: str) -> list[Path]:
    """Where a user-supplied original for ``citation_key`` is looked for."""
    return [sources_dir / f"{safe_name(citation_key)}.{kind}" for kind in SOURCE_KINDS]


def save_source(
    sources_dir: Path,
    citation_key: str,
    kind: str,
    body: bytes,
    *,
    announce: Callable[[Path], None] | None = None,
) -> Path:
    """Write ``body`` under ``sources_dir`` without replacing anything; the path written.

    ``announce(path)`` runs just before the file appears under ``path`` (the
    attempt log records its provenance first), and not at all when identical
    bytes are already there.
    """
    try:
        sources_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(
            f"cannot create the sources folder {sources_dir}: {exc.strerror or exc}; choose "
            "another with --sources-dir"
        ) from exc
    base = safe_name(citation_key)
    for number in range(1, 1000):
        target = sources_dir / (f"{base}.{kind}" if number == 1 else f"{base}-{number}.{kind}")
        if os.path.lexists(target):
            with contextlib.suppress(ArsError):  # a FIFO or device there: not ours, skip it
                if read_regular(target, what="source file", hint="") == body:
                    return target
            continue
        if _write_new(target, body, announce):
            return target
    raise OutputError(f"{sources_dir}: no free file name for {citation_key}; tidy the folder")


def _write_new(target: Path, body: bytes, announce: Callable[[Path], None] | None) -> bool:
    """Create ``target`` with ``body`` atomically; ``False`` if the name got taken."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(body)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        if announce is not None:
            announce(target)
        try:
            os.link(tmp, target)
        except FileExistsError:
            return False
        except OSError:
            # No hard links on this file system: rename, after a last look.
            if target.exists():
                return False
            os.replace(tmp, target)
        return True
    except OSError as exc:
        raise OutputError(
            f"cannot write {target}: {exc.strerror or exc}; nothing was replaced"
        ) from exc
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def remove_stale_temporaries(sources_dir: Path) -> None:
    """Delete ``.<name>.<random>.tmp`` files a killed run left (never a finished file)."""
    for folder in (sources_dir, sources_dir / "candidates"):
        with contextlib.suppress(OSError):
            for leftover in folder.glob(".*.tmp"):
                if _TEMPORARY.fullmatch(leftover.name):
                    with contextlib.suppress(OSError):
                        leftover.unlink()


_TEMPORARY = re.compile(r"\.[A-Za-z0-9._-]+\.(?:pdf|html)\.[A-Za-z0-9_]+\.tmp")
