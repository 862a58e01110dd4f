"""``ars-docs lint corpus`` (§3.1 rules), ``pattern-protection`` (prompts), ``eval-fixtures``."""

from __future__ import annotations

import argparse
import sys

from ars_docs.cli.common import (
    Subparsers,
    add_format,
    add_passport,
    passport_arg,
    print_diagnostics,
)
from ars_docs.cli.jsonout import payload, print_payload
from ars_docs.cli.output import add_verbosity, capped
from ars_docs.core.errors import ExitCode, UsageError


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    q = lint_sub.add_parser(
        "corpus",
        help="schema + the three §3.1 firm rules; prints findings, writes nothing",
        description="Check every literature_corpus[] entry against the entry schema and the "
        "three §3.1 firm rules. Prints the findings; writes nothing. Exit 1 on any error.",
    )
    q.set_defaults(handler=cmd_lint_corpus)
    q.add_argument(
        "passport_path",
        metavar="PASSPORT",
        nargs="?",
        help="the passport (same as --passport; either may be left out when $ARS_PASSPORT is set)",
    )
    add_passport(q, required=True)
    add_format(q)
    add_verbosity(q)

    q = lint_sub.add_parser(
        "pattern-protection",
        help="agent prompts: partial inversion (INV-1..3) or two-layer emission (TL-1..3)",
        description="Check the protected block of every prompt a manifest lists. Writes nothing.",
    )
    q.set_defaults(handler=cmd_lint_pattern_protection)
    q.add_argument(
        "--manifest",
        required=True,
        metavar="MANIFEST",
        help="manifest JSON path, or a shipped one: v3.6.7 (partial inversion) or v3.7.1 "
        "(two-layer citation emission)",
    )
    q.add_argument(
        "root", metavar="ROOT", nargs="?", default=".", help="repository root (default: .)"
    )
    q.add_argument(
        "--frozen-manifest",
        metavar="PATH",
        help="with a v3.7.1 manifest: the v3.6.7 manifest in ROOT's git history; its prompts' "
        "PATTERN PROTECTION blocks must be byte-equivalent to the commit that last changed it",
    )
    add_format(q)

    q = lint_sub.add_parser(
        "eval-fixtures",
        help="the pattern-evaluation fixture set: 17 micro-fixtures + the integration fixture",
        description="Check the fixture set of spec §7: manifests, pattern coverage, expected "
        "verdicts and expected gate actions. Writes nothing.",
    )
    q.set_defaults(handler=cmd_lint_eval_fixtures)
    q.add_argument(
        "dir", metavar="DIR", help="the fixture set folder (tests/fixtures/v3_6_7_pattern_eval)"
    )
    add_format(q)


def cmd_lint_eval_fixtures(args: argparse.Namespace) -> int:
    from ars_docs.commands.lints import eval_fixtures

    found = eval_fixtures(args.dir)
    diagnostics = found.diagnostics
    if args.format == "json":
        summary = {
            "dir": args.dir,
            "micro_fixtures": len(found.micro),
            "integration_fixtures": len(found.integration),
            "errors": len(diagnostics),
        }
        print_payload(
            payload(
                "lint eval-fixtures",
                summary,
                diagnostics,
                micro_fixtures=sorted(found.micro),
                integration_fixtures=[str(p) for p in found.integration],
                errors=len(diagnostics),
            )
        )
    else:
        print_diagnostics(diagnostics, sys.stdout, limit=None)
        print(
            f"{args.dir}: {len(found.micro)} micro-fixture(s), {len(found.integration)} "
            f"integration fixture(s), {len(diagnostics)} error(s)"
        )
    return int(ExitCode.CHECK_FAILED if diagnostics else ExitCode.OK)


def cmd_lint_pattern_protection(args: argparse.Namespace) -> int:
    from ars_docs.commands.lints import pattern_protection

    manifest, diagnostics = pattern_protection(args.manifest, args.root, args.frozen_manifest)
    if args.format == "json":
        summary = {
            "manifest": manifest.path,
            "scope": manifest.scope,
            "prompts": len(manifest.files),
            "violations": len(diagnostics),
        }
        print_payload(
            payload(
                "lint pattern-protection",
                summary,
                diagnostics,
                manifest=manifest.path,
                scope=manifest.scope,
                files=list(manifest.files),
                violations=len(diagnostics),
            )
        )
    else:
        for diagnostic in diagnostics:
            print(diagnostic.message)  # the spec's own failure text, file and line included
        print(
            f"{manifest.path} ({manifest.scope}): {len(manifest.files)} prompt(s), "
            f"{len(diagnostics)} violation(s)"
        )
    return int(ExitCode.CHECK_FAILED if diagnostics else ExitCode.OK)


def cmd_lint_corpus(args: argparse.Namespace) -> int:
    if args.passport_path and args.passport and args.passport_path != args.passport:
        raise UsageError("give the passport once: as PASSPORT or as --passport, not both")
    passport = passport_arg(args.passport_path or args.passport, required=True)
    assert passport is not None
    from ars_docs.commands.lints import lint_corpus

    found = lint_corpus(passport)
    errors, warnings, entries = found.errors, found.warnings, found.entries
    if args.format == "json":
        summary = {"passport": passport, "entries": entries, "errors": errors, "warnings": warnings}
        print_payload(payload("lint corpus", summary, found.diagnostics, errors=errors))
    else:
        capped([d.format() for d in found.diagnostics], args.verbosity, sys.stdout)
        noun = "entry" if entries == 1 else "entries"
        empty = f" ({found.empty})" if found.empty else ""
        print(
            f"{passport}: {entries} {noun} checked{empty}, {errors} error(s), {warnings} warning(s)"
        )
    return int(ExitCode.CHECK_FAILED if errors else ExitCode.OK)
