"""``ars-docs corpus import``: bibliography entries into the passport's ``literature_corpus``.

Parsing and printing; ``commands.record.corpus`` reads the BibTeX/BibLaTeX, CSL-JSON
and RIS files and appends what is new (imported, already present, conflict,
duplicate, unusable). ``corpus`` is a command group so that more corpus
actions can follow ``import``. Rules and exit codes: docs/corpus-import.md.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ars_docs.cli.common import Parser, Subparsers, add_format, add_passport, passport_arg
from ars_docs.cli.jsonout import payload, print_payload
from ars_docs.cli.output import QUIET, add_verbosity, capped

if TYPE_CHECKING:
    from ars_docs.bibliography.plan import Outcome
    from ars_docs.commands.record.corpus import ImportResult


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    corpus = sub.add_parser(
        "corpus",
        help="work on the passport's literature_corpus[] (corpus import: append a bibliography)",
        description="Actions on the passport's literature_corpus[]. `corpus import FILE…` "
        "appends the entries of BibTeX, CSL-JSON or RIS files to the passport.",
    )
    actions = corpus.add_subparsers(dest="corpus_action", metavar="ACTION", parser_class=Parser)
    actions.required = True
    p = actions.add_parser(
        "import",
        help="append BibTeX/BibLaTeX, CSL-JSON or RIS entries to the passport; edits it in place",
        description="Read each FILE (format by extension, else by content), convert every "
        "entry into a literature_corpus[] entry with conservative trust fields, and append "
        "the new ones at the end of the list in place (comments, layout, CRLF and BOM kept; "
        "in a passport folder, one new <key>.yaml each). An entry already there is left "
        "alone; conflicts, duplicates and unusable entries are skipped and reported (exit 1). "
        "--dry-run writes nothing. Rules: docs/corpus-import.md.",
    )
    p.set_defaults(handler=cmd_import)
    p.add_argument(
        "bibliographies",
        nargs="+",
        metavar="FILE",
        help="bibliography file(s): .bib/.biblatex (BibTeX), .json (CSL-JSON) or .ris (RIS)",
    )
    add_passport(p, required=True)
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="judge every entry and check the edit, but write nothing",
    )
    add_format(p)
    add_verbosity(p)


def cmd_import(args: argparse.Namespace) -> int:
    from ars_docs.commands.record.corpus import import_corpus, import_exit_code, import_next_steps

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    result = import_corpus(passport, args.bibliographies, dry_run=args.dry_run)
    if args.format == "json":
        data = _as_json(result, args.bibliographies)
        next_steps = {"next": import_next_steps(result)}
        print_payload(payload("corpus import", data["summary"], **data, **next_steps))
    else:
        _report(result, args.verbosity, import_next_steps(result))
    return int(import_exit_code(result))


def _where(outcome: Outcome) -> str:
    return f"{outcome.path}:{outcome.line}"


def _report(result: ImportResult, verbosity: int, next_steps: list[str]) -> None:
    from ars_docs.commands.record.corpus import SKIPPED

    sections = [
        ("imported", [o for o in result.outcomes if o.outcome == "imported"]),
        ("already present", [o for o in result.outcomes if o.outcome == "already_present"]),
        ("skipped", [o for o in result.outcomes if o.outcome in SKIPPED]),
    ]
    if verbosity != QUIET:
        for title, found in sections:
            if not found:
                continue
            print(f"{title} ({len(found)}):")
            lines = []
            for outcome in found:
                key = outcome.key or "(no key)"
                if outcome.outcome in SKIPPED:
                    key = f"{outcome.outcome} {key}: {outcome.detail}"
                lines.append(f"  {_where(outcome)}: {key}")
            capped(lines, verbosity, sys.stdout, indent="  ")
        warnings = [
            f"  {_where(o)}: {o.key or '(no key)'}: {text}"
            for o in result.outcomes
            for text in o.warnings
        ]
        if warnings:
            print(f"warnings ({len(warnings)}):")
            capped(warnings, verbosity, sys.stdout, indent="  ")
        for step in next_steps:
            print(f"next: {step}")
    print(_summary(result))


def _summary(result: ImportResult) -> str:
    from ars_docs.commands.record.corpus import SKIPPED

    conflicts, duplicates, unusable = (result.count(kind) for kind in SKIPPED)
    counts = (
        f"imported {result.count('imported')}, already present "
        f"{result.count('already_present')}, skipped {conflicts + duplicates + unusable} "
        f"(conflicts {conflicts}, duplicates {duplicates}, unusable {unusable})"
    )
    verb = "would write" if result.dry_run else "wrote"
    if not result.written:
        done = f"{result.passport} unchanged"
    elif len(result.written) == 1 and result.written[0] == result.passport:
        done = f"{verb} {result.passport}" + (" (a new passport)" if result.created else "")
    else:
        done = f"{verb} {len(result.written)} new entry file(s) in {result.passport}"
    return f"{counts}; {done}"


def _as_json(result: ImportResult, files: list[str]) -> dict[str, Any]:
    from ars_docs.commands.record.corpus import SKIPPED

    conflicts, duplicates, unusable = (result.count(kind) for kind in SKIPPED)
    summary = {
        "command": "corpus import",
        "passport": result.passport,
        "files": files,
        "dry_run": result.dry_run,
        "imported": result.count("imported"),
        "already_present": result.count("already_present"),
        "skipped": conflicts + duplicates + unusable,
        "conflicts": conflicts,
        "duplicates": duplicates,
        "unusable": unusable,
        "warnings": sum(len(outcome.warnings) for outcome in result.outcomes),
        "written": [] if result.dry_run else result.written,
        "would_write": result.written if result.dry_run else [],
        "created": result.created and bool(result.written),
        "text": _summary(result),
    }
    entries = [
        {
            "key": outcome.key,
            "original_key": outcome.original_key,
            "file": outcome.path,
            "line": outcome.line,
            "outcome": outcome.outcome,
            "detail": outcome.detail,
            "warnings": outcome.warnings,
        }
        for outcome in result.outcomes
    ]
    return {"summary": summary, "entries": entries}
