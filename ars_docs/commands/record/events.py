"""``session log-event``, ``session snapshot``, ``drift-log``: the session's own record (§3.4).

Each function reads its inputs, picks the default paths beside the passport,
refuses an output over an input, writes, and returns what happened; the CLI
prints it. Notes meant for a person while the command runs (an artifact that
does not exist yet, an unreadable snapshot) go to the caller's ``note``
callback, so they appear before the command's outcome as they always have.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.commands.outputs import STDIO, same_file, write_output
from ars_docs.core.codes import SNAPSHOT_ELSEWHERE
from ars_docs.core.errors import InputDataError, InputMissingError, OutputError, UsageError

if TYPE_CHECKING:
    from ars_docs.core.diagnostics import Diagnostic
    from ars_docs.reports.drift.log import DriftLog
    from ars_docs.reports.drift.snapshot import Snapshot

__all__ = [
    "DriftLogRun",
    "LoggedEvent",
    "SnapshotRun",
    "drift_log",
    "existing_passport",
    "log_event",
    "refuse_overwriting_inputs",
    "snapshot",
]

Note = Callable[[str], None]


def _ignore(message: str) -> None:
    """The default ``note``: a library caller that passes none hears nothing."""


@dataclass(frozen=True)
class LoggedEvent:
    """One appended step: where it went and how the drift log will classify it."""

    log: Path
    line: int
    ts: str
    phase: str
    classification: str

    def to_dict(self) -> dict[str, Any]:
        """The ``--format json`` body of ``session log-event``."""
        fields = ("line", "ts", "phase", "classification")
        return {"log": str(self.log), **{name: getattr(self, name) for name in fields}}


@dataclass(frozen=True)
class SnapshotRun:
    """What ``session snapshot`` wrote (``written`` is ``-`` for standard output)."""

    written: str
    entries: int
    files: int
    session_dir: Path

    def to_dict(self) -> dict[str, Any]:
        """The ``--format json`` body of ``session snapshot``."""
        counts = {"entries": self.entries, "files": self.files}
        return {"written": self.written, **counts, "session_dir": str(self.session_dir)}


@dataclass(frozen=True)
class DriftLogRun:
    """What ``drift-log`` wrote, the findings to show, and the notes on missing inputs."""

    log: DriftLog
    written: str
    diagnostics: Sequence[Diagnostic]
    notes: Sequence[str]

    def to_dict(self) -> dict[str, Any]:
        """The ``--format json`` body of ``drift-log`` (its findings are the diagnostics)."""
        log = self.log
        counts = {"steps": len(log.trajectory), "adhoc": len(log.adhoc), "by_kind": log.counts()}
        return {"written": self.written, **counts, "notes": list(self.notes)}


def existing_passport(passport: str) -> str:
    """``passport``, or exit 66 when it does not exist."""
    if not os.path.exists(passport):
        raise InputMissingError(
            f"{passport}: passport not found; check the --passport option or the ARS_PASSPORT "
            "environment variable"
        )
    return passport


def refuse_overwriting_inputs(output: str, inputs: Mapping[str, str | None]) -> None:
    """An output path that names one of the inputs is a usage error (exit 64)."""
    for role, path in inputs.items():
        if output != STDIO and path and same_file(output, path):
            raise UsageError(
                f"output {output} is the {role} file itself; write the result elsewhere (-o OUT)"
            )


def log_event(
    passport: str,
    *,
    phase: str,
    action: str,
    agent: str | None = None,
    artifacts: Sequence[str] = (),
    rationale: str | None = None,
    note: Note = _ignore,
) -> LoggedEvent:
    """Append one step to the passport's session events log."""
    from ars_docs.reports.drift.events import append_event
    from ars_docs.reports.drift.log import events_of_session
    from ars_docs.reports.drift.phases import (
        AD_HOC,
        classify_steps,
        closest_phases,
        normalise_phase,
        read_session_settings,
    )

    existing_passport(passport)
    settings = read_session_settings(passport)
    chosen = normalise_phase(phase)
    if chosen != AD_HOC and chosen not in settings.phases:
        near = closest_phases(chosen, settings.phases)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        raise UsageError(
            f"--phase {phase!r} is not a phase of this pipeline{hint}; use one of "
            f"{', '.join(settings.phases)}, or '{AD_HOC}' for work outside the pipeline"
        )
    texts = {"--action": action, "--agent": agent, "--rationale": rationale}
    for flag, value in texts.items():
        if value is not None and not value.strip():
            raise UsageError(f"{flag} is empty; say what it is, or leave the option out")
    folder = os.path.abspath(os.path.dirname(passport) or ".")
    recorded = [_relative(path, folder) for path in artifacts]
    for path, shown in zip(artifacts, recorded, strict=True):
        if not os.path.lexists(path):
            note(f"artifact {path} does not exist (yet); recorded as {shown}")
    log, event, earlier = append_event(
        passport,
        phase=chosen,
        action=action.strip(),
        agent=agent.strip() if agent else None,
        artifacts=recorded,
        rationale=rationale.strip() if rationale else None,
    )
    # Classified as the drift log will show it: among this session's steps only.
    session = events_of_session(earlier, _session_start(passport, note))
    steps = [normalise_phase(previous.phase) for previous in session] + [chosen]
    classification = classify_steps(settings.phases, steps)[0][-1]
    return LoggedEvent(Path(log), event.line, event.ts, chosen, classification)


def snapshot(
    passport: str,
    *,
    session_dir: str | None = None,
    output: str | None = None,
    force: bool = False,
) -> SnapshotRun:
    """Record the corpus trust fields and the session folder's files (``-``: standard output)."""
    from ars_docs.core.clock import Clock
    from ars_docs.files.atomic import write_text_atomic
    from ars_docs.reports.drift.events import events_path
    from ars_docs.reports.drift.log import drift_log_path
    from ars_docs.reports.drift.snapshot import file_inventory, snapshot_json, snapshot_path
    from ars_docs.session.corpus import load_corpus

    existing_passport(passport)
    corpus = load_corpus(passport)
    folder = _session_dir(session_dir, passport)
    if session_dir == STDIO:
        raise UsageError("--session-dir '-' is not supported: it names a folder; give a file path")
    to_stdout = output == STDIO
    out = snapshot_path(passport) if to_stdout or not output else Path(output)
    refuse_overwriting_inputs(
        str(out), {"passport": passport, "events": str(events_path(passport))}
    )
    if out.exists() and not force and not to_stdout:
        raise OutputError(
            f"{out} already exists: it records the start of a session and is kept. Pass --force "
            "to replace it when a new session starts, or -o to write another file"
        )
    exclude = _own_files(
        out, snapshot_path(passport), drift_log_path(passport), events_path(passport)
    )
    files = file_inventory(folder, exclude=exclude)
    text = snapshot_json(corpus, folder, out, files, Clock.from_env())
    if to_stdout:
        write_output(STDIO, text)
    else:
        write_text_atomic(out, text)
    return SnapshotRun(STDIO if to_stdout else str(out), len(corpus), len(files), folder)


def drift_log(
    passport: str,
    *,
    events: str | None = None,
    session_dir: str | None = None,
    corpus_before: str | None = None,
    output: str | None = None,
    warn: Callable[[Sequence[Diagnostic]], None] | None = None,
) -> DriftLogRun:
    """Build and write the drift log; ``warn`` hears the findings before the write."""
    from ars_docs.commands.session_inputs import load_trust
    from ars_docs.core.clock import Clock
    from ars_docs.core.diagnostics import Severity
    from ars_docs.reports.drift.artifacts import collect
    from ars_docs.reports.drift.events import events_path, load_events
    from ars_docs.reports.drift.log import (
        build_drift_log,
        drift_log_path,
        events_of_session,
        render_drift_log,
    )
    from ars_docs.reports.drift.phases import read_session_settings
    from ars_docs.reports.drift.snapshot import file_inventory, load_snapshot, snapshot_path

    existing_passport(passport)
    settings = read_session_settings(passport)
    corpus, read_log = load_trust(passport)
    folder = _session_dir(session_dir, passport)
    events_file = Path(events) if events else events_path(passport)
    notes: list[str] = []
    if events or events_file.exists():
        steps = load_events(events_file)
    else:
        steps = []
        notes.append(f"no events log {events_file}; the trajectory is empty")
    before = Path(corpus_before) if corpus_before else snapshot_path(passport)
    start = load_snapshot(before) if corpus_before or before.exists() else None
    if start is None:
        notes.append(f"no snapshot {before}; newly verified sources and file changes not computed")
    out = output or str(drift_log_path(passport))
    inputs = {"passport": passport, "events": str(events_file), "snapshot": str(before)}
    refuse_overwriting_inputs(out, inputs)
    own = [before, snapshot_path(passport), events_file, events_path(passport)]
    own += [drift_log_path(passport), *([] if out == STDIO else [Path(out)])]
    exclude = _own_files(*own)
    files = file_inventory(folder, exclude=exclude)
    diagnostics: list[Diagnostic] = []
    if start is not None:
        start = _without_own_files(start, folder, exclude, diagnostics)
    steps = events_of_session(steps, start)
    collected = collect(
        settings,
        steps,
        events_dir=Path(passport).parent,
        session_dir=folder,
        files=files,
        snapshot=start,
    )
    log = build_drift_log(
        settings=settings,
        corpus=corpus,
        read_log=read_log,
        events=steps,
        events_file=str(events_file),
        snapshot=start,
        adhoc=collected.adhoc,
        standard=collected.standard,
        file_changes=collected.file_changes,
        clock=Clock.from_env(),
    )
    warnings = [d for d in corpus.diagnostics if d.severity is not Severity.INFO]
    found = [*warnings, *diagnostics, *log.diagnostics]
    if warn is not None:
        warn(found)
    write_output(out, render_drift_log(log))
    return DriftLogRun(log, out, found, notes)


def _session_dir(given: str | None, passport: str) -> Path:
    folder = Path(given) if given else Path(os.path.dirname(passport) or ".")
    if not folder.is_dir():
        raise InputMissingError(f"{folder}: session folder not found; check --session-dir")
    return folder


def _session_start(passport: str, note: Note) -> Snapshot | None:
    """The passport's default snapshot, or ``None`` when there is none or it is unreadable."""
    from ars_docs.reports.drift.snapshot import load_snapshot, snapshot_path

    path = snapshot_path(passport)
    if not path.exists():
        return None
    try:
        return load_snapshot(path)
    except InputDataError as exc:
        note(f"{exc.message}; the step is classified among all recorded steps")
        return None


def _own_files(*paths: Path) -> frozenset[Path]:
    """ars-docs's own bookkeeping files: never artifacts of the session.

    The passport and the human-read log are session material and stay in.
    """
    return frozenset(Path(os.path.abspath(path)) for path in paths)


def _relative(path: str, folder: str) -> str:
    try:
        return Path(os.path.relpath(os.path.abspath(path), folder)).as_posix()
    except ValueError:  # another drive (Windows)
        return Path(os.path.abspath(path)).as_posix()


def _without_own_files(
    start: Snapshot, session_dir: Path, exclude: frozenset[Path], diagnostics: list[Diagnostic]
) -> Snapshot:
    """The snapshot without ars-docs's own files, checked to be of ``session_dir``."""
    from ars_docs.core.diagnostics import Diagnostic, Severity

    if start.session_dir is not None:
        taken_of = Path(os.path.abspath(Path(start.path).parent / start.session_dir))
        if taken_of != Path(os.path.abspath(session_dir)):
            diagnostics.append(
                Diagnostic(
                    start.path,
                    0,
                    0,
                    SNAPSHOT_ELSEWHERE,
                    Severity.WARNING,
                    f"the snapshot was taken of the folder {taken_of}, but the drift log looks "
                    f"at {session_dir}; file changes are compared as if they were the same. "
                    "Pass the snapshot's folder with --session-dir",
                )
            )
    files = {
        relative: fingerprint
        for relative, fingerprint in start.files.items()
        if Path(os.path.abspath(session_dir / relative)) not in exclude
    }
    return dataclasses.replace(start, files=files)
