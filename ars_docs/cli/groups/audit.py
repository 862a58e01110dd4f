"""``ars-docs audit run`` / ``parse-verdict`` / ``manifest``, ``lint audit-artifacts`` (spec §3-§4).

Argument parsing and printing; ``commands.audit`` and ``commands.lints`` do
the work (importing the audit stack inside, so other commands never load it).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ars_docs.cli.common import (
    STDIO,
    Subparsers,
    add_format,
    json_needs_a_file,
    passport_arg,
    print_diagnostics,
)
from ars_docs.cli.jsonout import payload, print_changes, print_payload
from ars_docs.commands.audit import (
    acknowledge,
    audit_template,
    audit_template_data,
    bundle_manifest,
    gate,
    parse_verdict,
    run,
)
from ars_docs.core.errors import ExitCode


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    audit = sub.add_parser(
        "audit",
        help="the audit flow (spec 004): run, parse-verdict, manifest, gate, ack, template",
        description="Audit artifacts as a contract (the v3.6.7 audit spec): `audit run` runs "
        "the external auditor over a bundle, `audit parse-verdict` turns its stream into a "
        "verdict, `audit manifest` prints a bundle manifest, `audit gate` decides a stage "
        "transition, `audit ack` acknowledges a MATERIAL verdict's findings, `audit template` "
        "prints the shipped audit template. See docs/audit.md.",
    )
    audit_sub = audit.add_subparsers(dest="audit_command", metavar="COMMAND")
    audit_sub.required = True
    _register_run(audit_sub)

    p = audit_sub.add_parser(
        "parse-verdict",
        help="JSONL stream → writes <run_id>.verdict.yaml (AUDIT_FAILED on any failure)",
    )
    p.set_defaults(handler=cmd_parse_verdict)
    p.add_argument("jsonl", metavar="JSONL", help="the codex stream, named <run_id>.jsonl")
    p.add_argument("--round", type=int, required=True, metavar="N", help="audit round, >= 1")
    p.add_argument(
        "--target-rounds", type=int, required=True, metavar="M", help="rounds planned in total"
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="VERDICT",
        help="default: <run_id>.verdict.yaml beside JSONL; '-': stdout",
    )
    p.add_argument("--probe", action="store_true", help="only check that a verdict can be parsed")
    add_format(p)
    register_gate(audit_sub)

    p = audit_sub.add_parser("manifest", help="print the bundle manifest and its SHA-256 (§3.6)")
    p.set_defaults(handler=cmd_manifest)
    p.add_argument(
        "--primary", action="append", required=True, metavar="PATH", help="primary file (repeat)"
    )
    p.add_argument(
        "--supporting", action="append", default=[], metavar="PATH", help="supporting file (repeat)"
    )
    p.add_argument(
        "--template", action="append", required=True, metavar="PATH", help="audit template (repeat)"
    )
    p.add_argument("--root", metavar="DIR", help="repository root (default: the git top level)")
    add_format(p)

    q = lint_sub.add_parser(
        "audit-artifacts",
        help="the §3.7 invariant rows A-F over audit files; prints findings, writes nothing",
    )
    q.set_defaults(handler=cmd_lint_audit_artifacts)
    q.add_argument(
        "--mode",
        required=True,
        choices=("proposal", "persisted", "jsonl-stream", "verdict"),
        help="which artifacts to check",
    )
    q.add_argument(
        "file", nargs="?", metavar="FILE", help="ENTRY.json (proposal) or VERDICT (verdict)"
    )
    q.add_argument(
        "--passport",
        metavar="PASSPORT",
        help="the passport (persisted mode; default $ARS_PASSPORT)",
    )
    q.add_argument("--jsonl", metavar="JSONL", help="the stream (jsonl-stream mode)")
    q.add_argument("--root", metavar="DIR", help="repository root (default: the git top level)")
    q.add_argument(
        "--ledger-only",
        action="store_true",
        help="persisted mode: check the passport entries only, not their artifact files",
    )
    add_format(q)


def cmd_parse_verdict(args: argparse.Namespace) -> int:
    if not args.probe:
        json_needs_a_file(args, args.output or "", "verdict")
    done = parse_verdict(
        args.jsonl,
        round_=args.round,
        target_rounds=args.target_rounds,
        output=args.output,
        probe=args.probe,
    )
    outcome, target = done.outcome, done.written
    if outcome.deprecated:
        print(f"ars-docs: warning: {args.jsonl}: {outcome.deprecated}", file=sys.stderr)
    if args.format == "json":
        data = done.to_dict(args.jsonl)
        print_payload(payload("audit parse-verdict", data, **data))
        return int(done.exit_code)
    if target is None:  # --probe
        if outcome.failure:
            print(f"ars-docs: error: {args.jsonl}: {outcome.failure}", file=sys.stderr)
        else:
            print(f"{args.jsonl}: verdict parses: {outcome.verdict['verdict_status']}")
        return int(done.exit_code)
    shown = "standard output" if target == STDIO else target
    if outcome.failure:
        print(
            f"ars-docs: error: {args.jsonl}: {outcome.failure}; wrote an AUDIT_FAILED verdict "
            f"to {shown}",
            file=sys.stderr,
        )
    elif target != STDIO:
        print(f"{target}: {outcome.verdict['verdict_status']}")
    return int(done.exit_code)


def cmd_manifest(args: argparse.Namespace) -> int:
    root, manifest = bundle_manifest(args.primary, args.supporting, args.template, root=args.root)
    if args.format == "json":
        summary = {
            "root": str(root),
            "files": len(manifest.lines),
            "bundle_manifest_sha": manifest.sha,
        }
        print_payload(
            payload(
                "audit manifest",
                summary,
                lines=[{"role": m.role, "path": m.path, "sha": m.sha} for m in manifest.lines],
                manifest=manifest.text,
                bundle_manifest_sha=manifest.sha,
            )
        )
    else:
        sys.stdout.write(manifest.text)
        print(f"bundle_manifest_sha: {manifest.sha}")
    return int(ExitCode.OK)


def cmd_lint_audit_artifacts(args: argparse.Namespace) -> int:
    from ars_docs.commands.lints import audit_artifacts

    passport = passport_arg(args.passport, required=False) if args.mode == "persisted" else None
    found = audit_artifacts(
        args.mode,
        file=args.file,
        passport=passport,
        jsonl=args.jsonl,
        root=args.root,
        check_files=not args.ledger_only,
    )
    target, errors, diagnostics = found.target, found.errors, found.diagnostics
    if args.format == "json":
        summary = {
            "mode": args.mode,
            "target": target,
            "errors": errors,
            "warnings": found.warnings,
        }
        print_payload(payload("lint audit-artifacts", summary, diagnostics, errors=errors))
    else:
        print_diagnostics(diagnostics, sys.stdout)
        print(f"{target}: {errors} error(s), {found.warnings} warning(s)")
    return int(ExitCode.CHECK_FAILED if errors else ExitCode.OK)


# --- audit gate / audit ack (§5) ---------------------------------------------------


def register_gate(audit_sub: Subparsers) -> None:
    for name, text in (
        (
            "gate",
            "the stage-transition audit gate: verify, merge, decide (§5.6); prints the "
            "decision, appends a merged entry to the passport's audit_artifact[]",
        ),
        (
            "ack",
            "ship_with_known_residue: acknowledge every finding of a MATERIAL verdict (§5.4); "
            "appends an acknowledgement entry to the passport",
        ),
    ):
        p = audit_sub.add_parser(name, help=text)
        p.set_defaults(handler=cmd_gate if name == "gate" else cmd_ack)
        p.add_argument(
            "--passport",
            required=True,
            metavar="PASSPORT",
            help="the passport with audit_artifact[]",
        )
        p.add_argument("--stage", type=int, required=True, metavar="N", help="destination stage")
        p.add_argument("--agent", required=True, metavar="AGENT", help="agent of the deliverable")
        p.add_argument(
            "--deliverable", required=True, metavar="PATH", help="the deliverable file audited"
        )
        p.add_argument(
            "--root",
            metavar="DIR",
            help="repository root (default: the deliverable's git top level)",
        )
        if name == "gate":
            p.add_argument(
                "--output-dir",
                metavar="DIR",
                help="proposals folder (default: ROOT/audit_artifacts)",
            )
        else:
            p.add_argument(
                "--findings",
                required=True,
                metavar="F-001,F-002,…",
                help="every finding id of the MATERIAL verdict, comma-separated",
            )
        p.add_argument(
            "-v",
            "--verbose",
            action="store_true",
            help="also name the gate's internal phases (P-PA-…, P-PB-…, A7, B10); "
            "--format json always does",
        )
        add_format(p)


def cmd_gate(args: argparse.Namespace) -> int:
    result = gate(
        args.passport,
        args.stage,
        args.agent,
        args.deliverable,
        output_dir=args.output_dir,
        root=args.root,
    )
    if result.exit_code == int(ExitCode.CANT_CREATE):
        # The passport could not be written: say so where errors go, as every command does.
        from ars_docs.core.limits import bound_message

        print(f"ars-docs: error: {bound_message(result.message)}", file=sys.stderr)
    data = result.to_dict()
    if data["deprecated"]:
        print(f"ars-docs: warning: {args.passport}: {data['deprecated']}", file=sys.stderr)
    if args.format == "json":
        summary = {
            key: data[key]
            for key in (
                "path",
                "phase",
                "outcome",
                "exit_code",
                "passport_appended",
                "next_command",
            )
        }
        print_payload(payload("audit gate", summary, **data))
        return result.exit_code
    # Phase IDs (P-PA-…, B10) are the spec's internal names: shown with -v, always in JSON.
    for event in result.events:
        if event.kind in ("block", "deprecated") or event.message in result.message:
            continue
        if args.verbose:
            print(f"  {event.phase}: {event.message}")
        elif event.kind == "logged" or event.phase in _SHOWN_SILENT:
            print(f"  {event.message}")
    print(result.message)
    appended = "appended to" if result.appended else "not changed:"
    where = f"path {result.path}, phase {result.phase}, " if args.verbose else ""
    print(
        f"audit gate: {where}{result.outcome} (exit {result.exit_code}); passport {appended} "
        f"{args.passport}"
    )
    return result.exit_code


_SHOWN_SILENT = frozenset({"P-PB-consume-fail", "P-PB-crash", "P-PB-dup-late"})
"""Silent rows still worth a line without -v: what happened to a proposal file."""


def cmd_ack(args: argparse.Namespace) -> int:
    result = acknowledge(
        args.passport,
        args.stage,
        args.agent,
        args.deliverable,
        args.findings.split(","),
        root=args.root,
    )
    if args.format == "json":
        summary = {
            "passport": args.passport,
            "passport_appended": result.appended,
            "finding_ids": list(result.entry["acknowledgement"]["finding_ids"]),
        }
        print_payload(
            payload("audit ack", summary, passport_appended=result.appended, entry=result.entry)
        )
    else:
        ids = ", ".join(result.entry["acknowledgement"]["finding_ids"])
        if not result.appended:
            print(
                f"{args.passport}: {ids} already acknowledged (run {result.entry['run_id']}, "
                f"acknowledged_at {result.acknowledged_at}); nothing appended; run "
                "`ars-docs audit gate` to proceed"
            )
            return int(ExitCode.OK)
        print(
            f"{args.passport}: appended an acknowledgement of {ids} (run "
            f"{result.entry['run_id']}, acknowledged_at {result.acknowledged_at}); run "
            "`ars-docs audit gate` again to proceed"
        )
    return int(ExitCode.OK)


def _register_run(audit_sub: Subparsers) -> None:
    p = audit_sub.add_parser(
        "run",
        help="run the external auditor over a bundle; write the four contract files (§4)",
        description="Never run this from the agent session that wrote the deliverable (§4.7): "
        "run it from CI, a hook or a separate terminal.",
        epilog="Settings: [audit] in ars-docs.toml (or $ARS_AUDIT_CONFIG), overridden by "
        "$ARS_CODEX, $ARS_AUDIT_MODEL, $ARS_AUDIT_REASONING_EFFORT, $ARS_AUDIT_TIMEOUT, then "
        "by --codex / --timeout. Exit: 0 PASS/MINOR/MATERIAL, 64 usage (nothing written), "
        "70 AUDIT_FAILED, 73 cannot write, 75 rate-limited/timeout/interrupted, else the "
        "auditor's own code. See docs/audit.md.",
    )
    p.set_defaults(handler=cmd_run)
    p.add_argument("--stage", type=int, required=True, metavar="N", help="pipeline stage, 1-6")
    p.add_argument(
        "--agent",
        required=True,
        metavar="AGENT",
        help="synthesis_agent, research_architect_agent or report_compiler_agent",
    )
    p.add_argument("--deliverable", required=True, metavar="PATH", help="the primary deliverable")
    p.add_argument("--supporting", metavar="P1,P2,...", help="comma-separated supporting files")
    p.add_argument("--round", type=int, required=True, metavar="N", help="audit round, >= 1")
    p.add_argument("--target-rounds", type=int, default=3, metavar="M", help="default 3")
    p.add_argument(
        "--previous-findings", metavar="VERDICT", help="the prior round's verdict (round > 1)"
    )
    p.add_argument(
        "--output-dir", default="audit_artifacts", metavar="DIR", help="default audit_artifacts"
    )
    p.add_argument("--bundle-id", metavar="ID", help="opaque tag shared by one bundle's entries")
    p.add_argument(
        "--dry-run",
        action="store_true",
        help=(
            "validate the inputs only: write nothing, run nothing (the auditor is only "
            "looked up on PATH)"
        ),
    )
    p.add_argument("--codex", metavar="CMD", help="auditor command (default $ARS_CODEX or codex)")
    p.add_argument("--timeout", metavar="SECONDS", help="kill the auditor after (0: no limit)")
    add_format(p)

    t = audit_sub.add_parser(
        "template",
        help="print the shipped audit template (commit it at "
        "shared/templates/codex_audit_multifile_template.md)",
    )
    t.set_defaults(handler=cmd_template)
    add_format(t)


def cmd_template(args: argparse.Namespace) -> int:
    if args.format == "json":
        return print_changes("audit template", audit_template_data(), "commit_at", "sha256")
    sys.stdout.write(audit_template())
    return int(ExitCode.OK)


def cmd_run(args: argparse.Namespace) -> int:
    def phase(message: str) -> None:
        print(f"audit run: {message}", file=sys.stderr, flush=True)

    outcome = run(
        stage=args.stage,
        agent=args.agent,
        deliverable=args.deliverable,
        supporting=args.supporting,
        round_=args.round,
        target_rounds=args.target_rounds,
        previous_findings=args.previous_findings,
        output_dir=args.output_dir,
        bundle_id=args.bundle_id,
        codex=args.codex,
        timeout=args.timeout,
        phase=phase,
        dry_run=args.dry_run,
    )
    if args.dry_run:
        if args.format == "json":
            dry: dict[str, Any] = {"dry_run": True, "exit_code": outcome.exit_code}
            print_payload(payload("audit run", dry, dry_run=True))
        else:
            print("dry run: inputs valid; no files written; the auditor was not run")
        return outcome.exit_code
    summary: dict[str, Any] = {
        "run_id": outcome.run_id,
        "status": outcome.status,
        "exit_code": outcome.exit_code,
        "auditor_exit_code": outcome.auditor_exit,
        "events": outcome.events,
        "finding_counts": outcome.finding_counts,
        "failure_reason": outcome.failure_reason,
        "files": outcome.files,
    }
    if args.format == "json":
        head = {"dry_run": False, **{k: v for k, v in summary.items() if k != "events"}}
        print_payload(payload("audit run", head, **summary))
    else:
        counts = outcome.finding_counts
        print(
            f"{outcome.run_id}: {outcome.status} (p1={counts.get('p1')} p2={counts.get('p2')} "
            f"p3={counts.get('p3')}), exit {outcome.exit_code}"
        )
        if outcome.failure_reason:
            print(f"  failure_reason: {outcome.failure_reason}")
        for kind, path in outcome.files.items():
            print(f"  {kind}: {path}")
    return outcome.exit_code
