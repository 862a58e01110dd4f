"""CLI for the session: ``init``, ``session log-event``, ``session snapshot``, ``drift-log`` (§3.4).

Argument parsing and printing only; ``commands.record.events`` picks the
paths, checks the outputs and writes.
"""

from __future__ import annotations

import argparse
import sys

from ars_docs.cli.common import (
    STDIO,
    Parser,
    Subparsers,
    add_format,
    add_passport,
    json_needs_a_file,
    passport_arg,
    print_diagnostics,
)
from ars_docs.cli.jsonout import payload, print_changes, print_payload
from ars_docs.core.errors import ExitCode

__all__ = ["register"]

#: ``reports.drift.phases.AD_HOC`` (for the help text; a test keeps them equal).
AD_HOC = "ad-hoc"


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "init",
        help="start a session in DIR: passport.yaml, ars-docs.toml, sources/; replaces nothing",
        description="Write a passport skeleton (an empty literature_corpus[]), ars-docs.toml "
        "(the registries' contact address, the gate's defaults commented) and sources/ into "
        "DIR (created if absent), then print the next commands. Refuses, writing nothing, "
        "when any file it would write is already there (exit 73).",
    )
    p.set_defaults(handler=cmd_init)
    p.add_argument("dir", nargs="?", default=".", metavar="DIR", help="default: .")
    p.add_argument("--contact-email", metavar="ADDR", help="contact_email in [retrieval]")
    p.add_argument("--pre-commit", action="store_true", help="also .pre-commit-config.yaml")
    add_format(p)

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
    add_format(q)

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
    add_format(q)

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
    add_format(q)


def cmd_init(args: argparse.Namespace) -> int:
    from ars_docs.commands.setup.init import init

    run = init(args.dir, contact_email=args.contact_email, pre_commit=args.pre_commit)
    if args.format == "json":
        return print_changes("init", run.to_dict(), "written", "kept")
    print(f"wrote: {', '.join(run.written)}" + "".join(f"; kept {k}" for k in run.kept))
    for step in run.next:
        print(f"next: {step}")
    return int(ExitCode.OK)


def cmd_log_event(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.events import log_event

    logged = log_event(
        _passport(args),
        phase=args.phase,
        action=args.action,
        agent=args.agent,
        artifacts=args.artifact,
        rationale=args.rationale,
        note=_note,
    )
    if args.format == "json":
        data = logged.to_dict()
        return print_changes("session log-event", data, *data)
    print(f"{logged.log}:{logged.line}: {logged.ts} {logged.phase} ({logged.classification})")
    return int(ExitCode.OK)


def cmd_snapshot(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.events import snapshot

    json_needs_a_file(args, args.output or "", "snapshot")
    run = snapshot(
        _passport(args), session_dir=args.session_dir, output=args.output, force=args.force
    )
    if args.format == "json":
        data = run.to_dict()
        return print_changes("session snapshot", data, *data)
    to_stdout = run.written == STDIO
    print(
        f"wrote {'standard output' if to_stdout else run.written}: {run.entries} corpus "
        f"entries, {run.files} files in {run.session_dir}",
        file=sys.stderr if to_stdout else sys.stdout,
    )
    return int(ExitCode.OK)


def cmd_drift_log(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.events import drift_log

    json_needs_a_file(args, args.output or "", "drift log")
    run = drift_log(
        _passport(args),
        events=args.events,
        session_dir=args.session_dir,
        corpus_before=args.corpus_before,
        output=args.output,
        warn=lambda found: print_diagnostics(found, sys.stderr),
    )
    log = run.log
    if args.format == "json":
        data = run.to_dict()
        print_payload(payload("drift-log", data, run.diagnostics, **data))
        return int(ExitCode.OK)
    stream = sys.stderr if run.written == STDIO else sys.stdout
    for note in run.notes:
        print(f"note: {note}", file=stream)
    counts = ", ".join(f"{n} {kind}" for kind, n in log.counts().items())
    where = "written to standard output" if run.written == STDIO else f"wrote {run.written}"
    print(
        f"drift log: {len(log.trajectory)} steps ({counts}); {len(log.adhoc)} ad-hoc "
        f"artifact(s); {where}",
        file=stream,
    )
    return int(ExitCode.OK)


def _passport(args: argparse.Namespace) -> str:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    return passport


def _note(message: str) -> None:
    print(f"note: {message}", file=sys.stderr)
