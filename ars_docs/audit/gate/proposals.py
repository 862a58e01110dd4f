"""Unmerged proposal files in the output folder: the B1 snapshot, B2 selection, consume (spec §5.6).

B1 reads every ``<run_id>.audit_artifact_entry.json`` directly in the output
folder (``consumed/`` is not looked into) and keeps those for this gate's
``(stage, agent, deliverable_sha)``, each with its file's and its sidecar's
modification time: B8c compares them again before the passport is written. A
file whose bytes hold neither that SHA nor a JSON ``\\u`` escape cannot name
it and is not parsed (an output folder may hold thousands of proposals).
A proposal that is not readable JSON cannot be matched to a gate and is
skipped (counted, when its bytes could name the SHA, so an empty result can
say so).

B2 (D2) picks the latest sidecar ``timing.started_at`` (millisecond RFC
3339), ``run_id`` lexicographic max only on a tie. A proposal whose sidecar
has no readable ``started_at`` sorts first; when two or more proposals share
the latest ``started_at`` and their sidecars fail the sidecar schema, the
choice would be a guess, and the gate blocks (P-PB-ambig).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath
from typing import Any

from ars_docs.audit.model.files import read_json_artifact
from ars_docs.audit.model.ledger import parse_ms
from ars_docs.audit.model.schemas import validate_sidecar
from ars_docs.audit.rows.artifact_set import PROPOSAL_SUFFIX
from ars_docs.core.errors import ArsError
from ars_docs.core.paths import inside, read_regular, resolve

__all__ = ["Candidate", "Scan", "consume", "scan_proposals", "select"]

CONSUMED = "consumed"
_EARLIEST = datetime.min.replace(tzinfo=timezone.utc)


@dataclass(slots=True)
class Candidate:
    path: Path
    data: Mapping[str, Any]
    mtime_ns: int
    sidecar: Path | None
    sidecar_mtime_ns: int | None

    @property
    def run_id(self) -> str:
        return str(self.data.get("run_id"))

    @property
    def round(self) -> int | None:
        verdict = self.data.get("verdict")
        value = verdict.get("round") if isinstance(verdict, Mapping) else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def unchanged(self) -> bool:
        """B8c: the file and its sidecar have the modification times of the snapshot."""
        return _mtime(self.path) == self.mtime_ns and (
            self.sidecar is None or _mtime(self.sidecar) == self.sidecar_mtime_ns
        )


@dataclass(slots=True)
class Scan:
    candidates: list[Candidate]
    unreadable: list[str]


def scan_proposals(root: Path, folder: Path, wanted: tuple[int, str, str]) -> Scan:
    """B1: the proposals for ``wanted`` = ``(stage, agent, deliverable_sha)``, by file name."""
    found: list[Candidate] = []
    unreadable: list[str] = []
    try:
        names = sorted(e.name for e in os.scandir(folder) if e.name.endswith(PROPOSAL_SUFFIX))
    except FileNotFoundError:
        return Scan([], [])
    except OSError:
        return Scan([], [str(folder)])
    sha = wanted[2].encode("ascii", "replace") if isinstance(wanted[2], str) else b""
    for name in names:
        path = folder / name
        mtime = _mtime(path)
        if sha and not _may_name(path, sha):
            continue  # another deliverable's proposal: not parsed (a folder may hold thousands)
        try:
            data = read_json_artifact(str(path), what="proposal", hint="", root=folder).data
        except ArsError:
            unreadable.append(name)
            continue
        if not isinstance(data, Mapping) or mtime is None:
            unreadable.append(name)
            continue
        if (data.get("stage"), data.get("agent"), data.get("deliverable_sha")) != wanted:
            continue
        paths = data.get("artifact_paths")
        rel = paths.get("sidecar") if isinstance(paths, Mapping) else None
        # Before B4 has validated the proposal, only a plain relative path is followed.
        sidecar = root / str(rel) if _inside(rel) and inside(root / str(rel), root) else None
        found.append(Candidate(path, data, mtime, sidecar, _mtime(sidecar) if sidecar else None))
    return Scan(found, unreadable)


def select(candidates: Iterable[Candidate]) -> tuple[Candidate | None, bool]:
    """B2: ``(chosen, ambiguous)``; ``ambiguous`` means P-PB-ambig."""
    keyed = []
    for candidate in candidates:
        started, valid = _started_at(candidate)
        keyed.append((started or _EARLIEST, candidate.run_id, valid, candidate))
    if not keyed:
        return None, False
    latest = max(key[0] for key in keyed)
    unverifiable = [key for key in keyed if key[0] == latest and not key[2]]
    if latest != _EARLIEST and len(unverifiable) >= 2:
        return None, True
    best = max(keyed, key=lambda key: (key[0], key[1]))
    return best[3], False


def consume(candidate_path: Path, folder: Path) -> str | None:
    """Move a proposal to ``<folder>/consumed/`` (best effort); why it failed, or ``None``."""
    target = folder / CONSUMED
    if os.path.lexists(target) and not inside(target, folder):
        # A link out of the output folder: the proposal would leave the repository.
        return (
            f"cannot move {candidate_path.name} to {target}: it is a link to {resolve(target)}, "
            f"outside {folder}; make {CONSUMED}/ a real folder"
        )
    try:
        target.mkdir(exist_ok=True)
        os.replace(candidate_path, target / candidate_path.name)
    except OSError as exc:
        return f"cannot move {candidate_path.name} to {target}: {exc.strerror or exc}"
    return None


def _started_at(candidate: Candidate) -> tuple[datetime | None, bool]:
    if candidate.sidecar is None:
        return None, False
    try:
        data = read_json_artifact(str(candidate.sidecar), what="sidecar", hint="").data
    except ArsError:
        return None, False
    timing = data.get("timing") if isinstance(data, Mapping) else None
    started = parse_ms(timing.get("started_at")) if isinstance(timing, Mapping) else None
    return started, not validate_sidecar(data)


def _may_name(path: Path, sha: bytes) -> bool:
    """Whether the file may be a proposal for ``sha``: it holds the SHA, or a JSON escape.

    A file that cannot be read (or is not a regular file: a FIFO is never opened
    in a way that blocks) is kept, so that reading it reports it.
    """
    try:
        raw = read_regular(path, what="audit artifact", hint="")
    except ArsError:  # not a regular file, too large, unreadable: reading it reports it
        return True
    return sha in raw or b"\\u" in raw


def _mtime(path: Path | None) -> int | None:
    if path is None:
        return None
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


def _inside(rel: Any) -> bool:
    if not isinstance(rel, str) or not rel or "\\" in rel:
        return False
    parts = PurePosixPath(rel).parts
    return not PurePosixPath(rel).is_absolute() and ".." not in parts
