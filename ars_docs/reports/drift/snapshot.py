"""The session-start snapshot the drift log compares against (§3.4 D4).

``ars-docs session snapshot`` writes ``<passport-stem>_session_snapshot.json``
beside the passport when a session starts. It records, per corpus entry, the
trust fields as ars-docs reads them (conservatively, see ``ars_docs.session.corpus``)
and, per file of the session folder, a SHA-256 fingerprint. At the end of the
session ``ars-docs drift-log`` compares both with the present: which sources
became verified against the original, which entries and files changed, and
which files are new. ``schemas/session_snapshot.schema.json`` is the format.

Only tool clutter is left out of the inventory (``IGNORED_NAMES``: version
control and cache folders, and ars-docs's own temp files, see
``files.atomic.is_temp_name``); every other file, hidden ones included,
counts. Only regular files are read: a symbolic link is recorded by its
target, and a FIFO, socket or device by its kind (``special:fifo``), never
opened — opening a FIFO would wait forever for a writer.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ars_docs.core.clock import Clock
from ars_docs.core.errors import ArsIOError, InputDataError
from ars_docs.core.limits import MAX_NESTING, line_col, nesting_too_deep, shorten
from ars_docs.core.paths import session_file
from ars_docs.files.atomic import is_temp_name
from ars_docs.files.schema_check import schema_location
from ars_docs.files.schema_check import validator as schema_validator
from ars_docs.files.yaml.read import decode_utf8, read_bytes
from ars_docs.reports.drift.events import parse_timestamp
from ars_docs.session.corpus import Corpus

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = [
    "IGNORED_NAMES",
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_SCHEMA",
    "Snapshot",
    "TrustState",
    "file_inventory",
    "load_snapshot",
    "snapshot_json",
    "snapshot_path",
    "trust_states",
]

SNAPSHOT_FORMAT = "ars-docs-session-snapshot/1"
SNAPSHOT_SCHEMA = "session_snapshot.schema.json"
IGNORED_NAMES = frozenset(
    {".git", ".hg", ".svn", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}
)
"""Folder names skipped by the inventory: tool clutter, never work of the session."""


def snapshot_path(passport: str | os.PathLike[str]) -> Path:
    """``<passport-parent>/<passport-stem>_session_snapshot.json``."""
    return session_file(passport, "_session_snapshot.json")


@dataclass(frozen=True, slots=True)
class TrustState:
    """The trust fields of one entry, as read conservatively."""

    acquired: bool
    verified: bool
    method: str | None

    def describe(self) -> str:
        if not self.acquired:
            return "no original on file"
        if not self.verified:
            return "original on file, not verified against it"
        return f"original on file, verified against it ({self.method})"


@dataclass(frozen=True, slots=True)
class Snapshot:
    path: str
    taken_at: str
    session_dir: str | None
    """The session folder, relative to the snapshot's own folder."""
    corpus: dict[str, TrustState]
    files: dict[str, str]
    """Relative POSIX path → ``sha256:<hex>`` (``symlink:<target>``, ``special:<kind>``)."""


def trust_states(corpus: Corpus) -> dict[str, TrustState]:
    states = {}
    for key, entry in corpus.entries.items():
        method = entry.data.get("source_verification_method")
        states[key] = TrustState(
            entry.source_acquired,
            entry.source_verified_against_original,
            method if isinstance(method, str) else None,
        )
    return states


def file_inventory(session_dir: Path, *, exclude: frozenset[Path] = frozenset()) -> dict[str, str]:
    """Fingerprint every file under ``session_dir`` (sorted; folders are not followed
    through symbolic links). ``exclude`` holds absolute paths to leave out."""
    found: dict[str, str] = {}

    def fail(exc: OSError) -> None:
        raise ArsIOError(
            f"{exc.filename}: cannot read it to take the session inventory: "
            f"{exc.strerror or exc}; check its permissions"
        ) from exc

    for folder, dirs, names in os.walk(session_dir, onerror=fail):
        kept = []
        for name in sorted(d for d in dirs if d not in IGNORED_NAMES):
            if (Path(folder) / name).is_symlink():
                names.append(name)  # listed as a link, never followed (no loops)
            else:
                kept.append(name)
        dirs[:] = kept
        for name in sorted(names):
            if is_temp_name(name):
                continue  # a write in progress, or one a kill interrupted
            full = Path(folder) / name
            if Path(os.path.abspath(full)) in exclude:
                continue
            relative = full.relative_to(session_dir).as_posix()
            found[relative] = _fingerprint(full)
    return dict(sorted(found.items()))


def snapshot_json(
    corpus: Corpus, session_dir: Path, snapshot: Path, files: dict[str, str], clock: Clock
) -> str:
    """The text of a snapshot file (sorted keys, so the same state gives the same bytes)."""
    data = {
        "format": SNAPSHOT_FORMAT,
        "taken_at": clock.rfc3339(),
        "passport": os.path.relpath(corpus.path, snapshot.parent),
        "session_id": corpus.session_id,
        "session_dir": os.path.relpath(session_dir, snapshot.parent).replace(os.sep, "/"),
        "corpus": {
            key: {
                "source_acquired": state.acquired,
                "source_verified_against_original": state.verified,
                "source_verification_method": state.method,
            }
            for key, state in sorted(trust_states(corpus).items())
        },
        "files": files,
    }
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def load_snapshot(path: str | os.PathLike[str]) -> Snapshot:
    """Read and validate a snapshot; ``InputMissingError`` / ``InputDataError`` on bad input."""
    name = os.fspath(path)
    raw = read_bytes(name, what="session snapshot", hint=_HINT)
    text = decode_utf8(raw, name)
    too_deep = nesting_too_deep(text)
    if too_deep is not None:
        line, col = line_col(text, too_deep)
        raise InputDataError(
            f"{name}:{line}:{col}: the snapshot nests more than {MAX_NESTING} levels deep; take "
            "a new snapshot with `ars-docs session snapshot --force` or restore the file"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputDataError(
            f"{name}:{exc.lineno}:{exc.colno}: malformed JSON ({exc.msg}); take a new snapshot "
            "with `ars-docs session snapshot --force` or restore the file"
        ) from exc
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        field = ".".join(str(p) for p in errors[0].absolute_path) or "the snapshot"
        raise InputDataError(
            f"{name}: {field}: {errors[0].message} "
            f"(format: {schema_location(SNAPSHOT_SCHEMA)}); take a new "
            "snapshot with `ars-docs session snapshot --force` or restore the file"
        )
    try:
        parse_timestamp(data["taken_at"])
    except ValueError as exc:
        raise InputDataError(
            f"{name}: taken_at {shorten(data['taken_at'])!r} is not a real date and time "
            f"({exc}); take a new snapshot with `ars-docs session snapshot --force` or "
            "restore the file"
        ) from exc
    corpus = {
        key: TrustState(
            value["source_acquired"],
            value["source_verified_against_original"],
            value.get("source_verification_method"),
        )
        for key, value in data["corpus"].items()
    }
    return Snapshot(name, data["taken_at"], data.get("session_dir"), corpus, dict(data["files"]))


_HINT = "check the --corpus-before path (take one with `ars-docs session snapshot`)"


def _fingerprint(path: Path) -> str:
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            return f"symlink:{os.readlink(path)}"
        if not stat.S_ISREG(info.st_mode):
            return f"special:{_kind(info.st_mode)}"
        # O_NONBLOCK: should the file become a FIFO after lstat, opening it still
        # returns at once; fstat then shows what was opened.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        with open(fd, "rb") as handle:
            opened = os.fstat(handle.fileno()).st_mode
            if not stat.S_ISREG(opened):
                return f"special:{_kind(opened)}"
            digest = hashlib.sha256()
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise ArsIOError(
            f"{path}: cannot read it to take the session inventory: {exc.strerror or exc}; "
            "check its permissions"
        ) from exc
    return f"sha256:{digest.hexdigest()}"


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode):
        return "char-device"
    if stat.S_ISBLK(mode):
        return "block-device"
    return "other"


def _validator() -> Validator:
    return schema_validator(SNAPSHOT_SCHEMA)
