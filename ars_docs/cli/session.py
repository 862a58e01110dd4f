"""CLI for the session record: ``session log-event``, ``session snapshot``, ``drift-log`` (§3.4).

Registered by ``cli_reports.register``. Argument parsing, path defaults and
reporting only; see ``session_events``, ``session_snapshot`` and ``drift``.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from ars_docs.cli.common import (
    STDIO,
    Parser,
    Subparsers,
    add_passport,
    load_trust_inputs,
    passport_arg,
    print_diagnostics,
    refuse_stdio,
    same_file,
    write_output,
)
from ars_docs.core.clock import Clock
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import (
    ExitCode,
    InputDataError,
    InputMissingError,
    OutputError,
    UsageError,
)
from ars_docs.files.atomic import write_text_atomic
from ars_docs.reports.drift.artifacts import collect
from ars_docs.reports.drift.events import append_event, events_path, load_events
from ars_docs.reports.drift.log import (
    build_drift_log,
    drift_log_path,
    events_of_session,
    render_drift_log,
)
from ars_docs.reports.drift.phases import (
    AD_HOC,
    classify_steps,
    closest_phases,
    normalise_phase,
    read_session_settings,
)
from ars_docs.reports.drift.snapshot import (
    Snapshot,
    file_inventory,
    load_snapshot,
    snapshot_json,
    snapshot_path,
)
from ars_docs.session.corpus import load_corpus

__all__ = ["refuse_overwriting_inputs", "register"]

SNAPSHOT_ELSEWHERE = "ARS442"
"""The snapshot was taken of another session folder than the one compared."""


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "session",
        help="record session steps and the session-start state (§3.4)",
        description="The session's own record for the drift log (§3.4): `session log-event` "
        "appends one step to <passport-stem>_session_events.jsonl; `session snapshot` records "
        "the corpus trust fields and session files at the start. `ars-docs drift-log` turns "
        "both into the drift log.",
    )
    actions = p.add_subparsers(dest="session_action", metavar="ACTION", parser_class=Parser)
    actions.required = True

    q = actions.add_parser(
        "log-event",
        help="append one step to <passport-stem>_session_events.jsonl",
        description="Append one step (phase, action, agent, artifacts, rationale) to "
        "<passport-stem>_session_events.jsonl beside the passport. Append-only: nothing "
        "is rewritten. A phase outside the pipeline's order is kept and shown as ad-hoc "
        "(ARS441).",
    )
    q.set_defaults(handler=cmd_log_event)
    add_passport(q, required=True)
    q.add_argument("--phase", required=True, help=f"pipeline phase of the step, or '{AD_HOC}'")
    q.add_argument("--action", required=True, metavar="TEXT", help="what was done")
    q.add_argument("--agent", metavar="A", help="pipeline agent that did it (omit for a person)")
    q.add_argument(
        "--artifact",
        action="extend",
        nargs="+",
        default=[],
        metavar="PATH",
        help="file(s) the step produced or changed (repeatable)",
    )
    q.add_argument("--rationale", metavar="TEXT", help="why the step was taken")

    q = actions.add_parser(
        "snapshot",
        help="record corpus trust fields and session files at the start; writes "
        "<passport-stem>_session_snapshot.json",
        description="Record, at the start of a session, every entry's trust fields and the "
        "session folder's files, so the drift log can say what changed. Writes "
        "<passport-stem>_session_snapshot.json (refuses to replace one unless --force).",
    )
    q.set_defaults(handler=cmd_snapshot)
    add_passport(q, required=True)
    q.add_argument("--session-dir", metavar="DIR", help="session folder (default: the passport's)")
    q.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="default: <passport-stem>_session_snapshot.json ('-': standard output)",
    )
    q.add_argument("--force", action="store_true", help="replace an existing snapshot")

    q = sub.add_parser(
        "drift-log",
        help="write the session drift log (§3.4)",
        description="Write the session drift log (§3.4) from the session events, the "
        "session-start snapshot and the passport as it is now: what was done, in which "
        "phase, and how each entry's trust fields moved. Writes <passport-stem>_drift_log.md "
        "(-o OUT; '-' standard output); check it with `ars-docs lint drift-log`.",
    )
    q.set_defaults(handler=cmd_drift_log)
    add_passport(q, required=True)
    q.add_argument("--events", metavar="FILE", help="default: <passport-stem>_session_events.jsonl")
    q.add_argument("--session-dir", metavar="DIR", help="session folder (default: the passport's)")
    q.add_argument(
        "--corpus-before",
        metavar="SNAPSHOT",
        help="session-start snapshot (default: <passport-stem>_session_snapshot.json if present)",
    )
    q.add_argument(
        "-o", "--output", metavar="OUT", help="default: <passport-stem>_drift_log.md ('-': stdout)"
    )


def cmd_log_event(args: argparse.Namespace) -> int:
    passport = _passport(args)
    settings = read_session_settings(passport)
    phase = normalise_phase(args.phase)
    if phase != AD_HOC and phase not in settings.phases:
        near = closest_phases(phase, settings.phases)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        raise UsageError(
            f"--phase {args.phase!r} is not a phase of this pipeline{hint}; use one of "
            f"{', '.join(settings.phases)}, or '{AD_HOC}' for work outside the pipeline"
        )
    texts = {"--action": args.action, "--agent": args.agent, "--rationale": args.rationale}
    for flag, value in texts.items():
        if value is not None and not value.strip():
            raise UsageError(f"{flag} is empty; say what it is, or leave the option out")
    folder = os.path.abspath(os.path.dirname(passport) or ".")
    artifacts = [_relative(path, folder) for path in args.artifact]
    for path, shown in zip(args.artifact, artifacts, strict=True):
        if not os.path.lexists(path):
            print(
                f"note: artifact {path} does not exist (yet); recorded as {shown}", file=sys.stderr
            )
    log, event, earlier = append_event(
        passport,
        phase=phase,
        action=args.action.strip(),
        agent=args.agent.strip() if args.agent else None,
        artifacts=artifacts,
        rationale=args.rationale.strip() if args.rationale else None,
    )
    # Classified as the drift log will show it: among this session's steps only.
    session = events_of_session(earlier, _session_start(passport))
    steps = [normalise_phase(previous.phase) for previous in session] + [phase]
    classification = classify_steps(settings.phases, steps)[0][-1]
    print(f"{log}:{event.line}: {event.ts} {phase} ({classification})")
    return int(ExitCode.OK)


def cmd_snapshot(args: argparse.Namespace) -> int:
    passport = _passport(args)
    corpus = load_corpus(passport)
    session_dir = _session_dir(args.session_dir, passport)
    refuse_stdio(args.session_dir, "--session-dir", "it names a folder")
    to_stdout = args.output == STDIO
    out = snapshot_path(passport) if to_stdout or not args.output else Path(args.output)
    refuse_overwriting_inputs(
        str(out), {"passport": passport, "events": str(events_path(passport))}
    )
    if out.exists() and not args.force and not to_stdout:
        raise OutputError(
            f"{out} already exists: it records the start of a session and is kept. Pass --force "
            "to replace it when a new session starts, or -o to write another file"
        )
    exclude = _own_files(
        out, snapshot_path(passport), drift_log_path(passport), events_path(passport)
    )
    files = file_inventory(session_dir, exclude=exclude)
    text = snapshot_json(corpus, session_dir, out, files, Clock.from_env())
    if to_stdout:
        write_output(STDIO, text)
        where, stream = "standard output", sys.stderr
    else:
        write_text_atomic(out, text)
        where, stream = str(out), sys.stdout
    print(
        f"wrote {where}: {len(corpus)} corpus entries, {len(files)} files in {session_dir}",
        file=stream,
    )
    return int(ExitCode.OK)


def cmd_drift_log(args: argparse.Namespace) -> int:
    passport = _passport(args)
    settings = read_session_settings(passport)
    corpus, read_log = load_trust_inputs(passport)
    session_dir = _session_dir(args.session_dir, passport)
    events_file = Path(args.events) if args.events else events_path(passport)
    notes: list[str] = []
    if args.events or events_file.exists():
        events = load_events(events_file)
    else:
        events = []
        notes.append(f"no events log {events_file}; the trajectory is empty")
    before = Path(args.corpus_before) if args.corpus_before else snapshot_path(passport)
    snapshot = load_snapshot(before) if args.corpus_before or before.exists() else None
    if snapshot is None:
        notes.append(f"no snapshot {before}; newly verified sources and file changes not computed")
    out = args.output or str(drift_log_path(passport))
    inputs = {"passport": passport, "events": str(events_file), "snapshot": str(before)}
    refuse_overwriting_inputs(out, inputs)
    own = [before, snapshot_path(passport), events_file, events_path(passport)]
    own += [drift_log_path(passport), *([] if out == STDIO else [Path(out)])]
    exclude = _own_files(*own)
    files = file_inventory(session_dir, exclude=exclude)
    diagnostics: list[Diagnostic] = []
    if snapshot is not None:
        snapshot = _without_own_files(snapshot, session_dir, exclude, diagnostics)
    events = events_of_session(events, snapshot)
    collected = collect(
        settings,
        events,
        events_dir=Path(passport).parent,
        session_dir=session_dir,
        files=files,
        snapshot=snapshot,
    )
    log = build_drift_log(
        settings=settings,
        corpus=corpus,
        read_log=read_log,
        events=events,
        events_file=str(events_file),
        snapshot=snapshot,
        adhoc=collected.adhoc,
        standard=collected.standard,
        file_changes=collected.file_changes,
        clock=Clock.from_env(),
    )
    warnings = [d for d in corpus.diagnostics if d.severity is not Severity.INFO]
    print_diagnostics([*warnings, *diagnostics, *log.diagnostics], sys.stderr)
    write_output(out, render_drift_log(log))
    stream = sys.stderr if out == STDIO else sys.stdout
    for note in notes:
        print(f"note: {note}", file=stream)
    counts = ", ".join(f"{n} {kind}" for kind, n in log.counts().items())
    where = "written to standard output" if out == STDIO else f"wrote {out}"
    print(
        f"drift log: {len(log.trajectory)} steps ({counts}); {len(log.adhoc)} ad-hoc "
        f"artifact(s); {where}",
        file=stream,
    )
    return int(ExitCode.OK)


def refuse_overwriting_inputs(output: str, inputs: Mapping[str, str | None]) -> None:
    """An output path that names one of the inputs is a usage error (exit 64)."""
    for role, path in inputs.items():
        if output != STDIO and path and same_file(output, path):
            raise UsageError(
                f"output {output} is the {role} file itself; write the result elsewhere (-o OUT)"
            )


def _passport(args: argparse.Namespace) -> str:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    if not os.path.exists(passport):
        raise InputMissingError(
            f"{passport}: passport not found; check the --passport option or the ARS_PASSPORT "
            "environment variable"
        )
    return passport


def _session_dir(given: str | None, passport: str) -> Path:
    folder = Path(given) if given else Path(os.path.dirname(passport) or ".")
    if not folder.is_dir():
        raise InputMissingError(f"{folder}: session folder not found; check --session-dir")
    return folder


def _session_start(passport: str) -> Snapshot | None:
    """The passport's default snapshot, or ``None`` when there is none or it is unreadable."""
    path = snapshot_path(passport)
    if not path.exists():
        return None
    try:
        return load_snapshot(path)
    except InputDataError as exc:
        print(
            f"note: {exc.message}; the step is classified among all recorded steps",
            file=sys.stderr,
        )
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
    snapshot: Snapshot, session_dir: Path, exclude: frozenset[Path], diagnostics: list[Diagnostic]
) -> Snapshot:
    """The snapshot without ars-docs's own files, checked to be of ``session_dir``."""
    if snapshot.session_dir is not None:
        taken_of = Path(os.path.abspath(Path(snapshot.path).parent / snapshot.session_dir))
        if taken_of != Path(os.path.abspath(session_dir)):
            diagnostics.append(
                Diagnostic(
                    snapshot.path,
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
        for relative, fingerprint in snapshot.files.items()
        if Path(os.path.abspath(session_dir / relative)) not in exclude
    }
    return dataclasses.replace(snapshot, files=files)
