"""Which files a session produced, and which of them are ad-hoc (§3.4 D4 firm rule 2).

A file is *phase-standard* when an event of a pipeline phase records it as
emitted by a pipeline agent (an ``agent`` other than ``user``/``human``; a
recorded folder covers the files in it). Every other file the session
produced is *ad-hoc* and is listed, with the rationale someone recorded for it
or with what ars-docs can infer: "this is fine but must be visible to the
user". Files a session produced are, with a snapshot from the session start,
the files created or changed since then, and without one every file of the
session folder — ars-docs cannot tell old from new then, so it hides nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ars_docs.document.md_escape import code as code_span
from ars_docs.document.md_escape import text as md_text
from ars_docs.reports.drift.events import SessionEvent
from ars_docs.reports.drift.phases import SessionSettings, normalise_phase
from ars_docs.reports.drift.snapshot import Snapshot

__all__ = ["PERSON_AGENTS", "ArtifactNote", "Collected", "collect", "sort_artifacts"]

PERSON_AGENTS = frozenset({"user", "human"})
"""``agent`` values that mean a person did the step (as does no ``agent`` at all)."""


@dataclass(frozen=True, slots=True)
class ArtifactNote:
    """One artifact line of the drift log."""

    path: str
    """POSIX path relative to the session folder (``..`` when outside it)."""
    origins: tuple[str, ...] = ()
    """``phase: …, agent: …`` for each pipeline agent that recorded it."""
    rationale: str | None = None
    """Why it was made, as recorded with the event (someone's own words)."""
    rationale_by: str | None = None
    recorded_action: str | None = None
    """The step that recorded it, when no rationale was given (someone's own words)."""
    inferred: str | None = None
    """What ars-docs infers about an artifact no event explains."""
    missing: bool = False
    """Recorded by an event but not in the session folder now."""


@dataclass(frozen=True, slots=True)
class Collected:
    standard: tuple[ArtifactNote, ...]
    adhoc: tuple[ArtifactNote, ...]
    file_changes: tuple[str, ...]
    """Phase status diff lines for files (empty without a snapshot)."""


def sort_artifacts(notes: Iterable[ArtifactNote]) -> tuple[ArtifactNote, ...]:
    return tuple(sorted(notes, key=lambda note: note.path))


def collect(
    settings: SessionSettings,
    events: list[SessionEvent],
    *,
    events_dir: Path,
    session_dir: Path,
    files: dict[str, str],
    snapshot: Snapshot | None,
) -> Collected:
    """Sort the session's artifacts into phase-standard and ad-hoc.

    ``files`` is the present inventory of ``session_dir`` and ``snapshot``
    the one from the session start, both without ars-docs's own files.
    """
    events_dir, session_dir = _absolute(events_dir), _absolute(session_dir)
    recorded: dict[Path, list[SessionEvent]] = {}
    for event in events:
        for artifact in event.artifacts:
            recorded.setdefault(_absolute(events_dir / artifact), []).append(event)
    standard: list[ArtifactNote] = []
    adhoc: list[ArtifactNote] = []
    for full, by in recorded.items():
        shown = _display(full, session_dir)
        missing = not os.path.lexists(full)
        origins = _origins(settings, by)
        if origins:
            standard.append(ArtifactNote(shown, origins=origins, missing=missing))
            continue
        explained = next((e for e in by if e.rationale), None)
        if explained is not None:
            who = explained.agent or "user"
            adhoc.append(
                ArtifactNote(
                    shown, rationale=explained.rationale, rationale_by=who, missing=missing
                )
            )
        else:
            adhoc.append(ArtifactNote(shown, recorded_action=by[0].action, missing=missing))
    before = snapshot.files if snapshot is not None else None
    for relative in files:
        if before is not None and before.get(relative) == files[relative]:
            continue  # not produced by this session
        if _covered(_absolute(session_dir / relative), recorded):
            continue
        how = ""
        if before is not None:
            how = "; created" if relative not in before else "; changed"
            how += " since the session started"
        adhoc.append(
            ArtifactNote(
                relative, inferred=f"in the session folder, recorded by no session event{how}"
            )
        )
    return Collected(sort_artifacts(standard), sort_artifacts(adhoc), _file_changes(before, files))


def _origins(settings: SessionSettings, events: list[SessionEvent]) -> tuple[str, ...]:
    found: list[str] = []
    for event in events:
        phase = normalise_phase(event.phase)
        agent = event.agent
        if agent is None or agent.strip().lower() in PERSON_AGENTS:
            continue
        if phase not in settings.phases:
            continue
        origin = f"phase: {md_text(phase)}, agent: {md_text(agent)}"
        if origin not in found:
            found.append(origin)
    return tuple(found)


def _covered(full: Path, recorded: dict[Path, list[SessionEvent]]) -> bool:
    return full in recorded or any(parent in recorded for parent in full.parents)


def _file_changes(before: dict[str, str] | None, files: dict[str, str]) -> tuple[str, ...]:
    if before is None:
        return ()
    lines = []
    for relative in sorted(set(before) | set(files)):
        old, new = before.get(relative), files.get(relative)
        if old == new:
            continue
        if old is None:
            lines.append(f"{code_span(relative)}: absent → created")
        elif new is None:
            lines.append(f"{code_span(relative)}: present → removed")
        else:
            lines.append(f"{code_span(relative)}: as at session start → modified")
    return tuple(lines)


def _absolute(path: Path) -> Path:
    return Path(os.path.normpath(os.path.abspath(path)))


def _display(full: Path, session_dir: Path) -> str:
    try:
        return full.relative_to(session_dir).as_posix()
    except ValueError:
        return Path(os.path.relpath(full, session_dir)).as_posix()
