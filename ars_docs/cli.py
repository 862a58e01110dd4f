"""Command-line interface: argument parsing only; each command calls the API.

``run(argv) -> int`` never raises for bad input: an ``ArsError`` becomes
``ars-docs: error: <message>`` on standard error and its documented exit code.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import __version__, api, cli_dispatch, cli_reports, cli_retrieve
from .atomic import write_bytes_atomic, write_text_atomic
from .cli_common import (
    STDIO,
    Parser,
    Subparsers,
    add_format,
    add_passport,
    ensure_folder,
    load_trust_inputs,
    passport_arg,
    print_diagnostics,
    same_file,
    write_output,
)
from .corpus import Corpus
from .diagnostics import Diagnostic, Severity
from .document import read_document
from .errors import ArsError, ExitCode, UsageError
from .human_read import MarkOutcome, list_read, mark_read, unmark_read
from .lint.corpus import lint_corpus
from .readlog import FULL_TEXT, READ_SCOPE_LEVELS


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="ars-docs",
        description="Make citations in AI-written research drafts honest (ARS trust chain).",
    )
    parser.add_argument("--version", action="version", version=f"ars-docs {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    p = sub.add_parser("finalize", help="resolve every <!--ref:slug--> marker by the §3.3 matrix")
    p.set_defaults(handler=cmd_finalize)
    p.add_argument("draft", metavar="DRAFT")
    add_passport(p, required=True)
    p.add_argument(
        "-o", "--output", metavar="OUT", help="write here instead of in place ('-': stdout)"
    )
    p.add_argument("--checklist", metavar="PATH", help="checklist path (default: beside DRAFT)")
    p.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if DRAFT would change"
    )
    add_format(p)

    p = sub.add_parser("render", help="terminal gate (--strict), strip markers, write output")
    p.set_defaults(handler=cmd_render)
    p.add_argument("draft", metavar="DRAFT")
    p.add_argument("--strict", action="store_true", help="refuse unverified/unresolved citations")
    add_passport(p, required=False)
    p.add_argument("-o", "--output", metavar="OUT", help="output path ('-': stdout)")
    p.add_argument("--to", choices=api.RENDER_TARGETS, default="markdown")
    p.add_argument("--allow-html", action="store_true", help="pass raw HTML through to HTML output")

    p = sub.add_parser("mark-read", help="record that you read a source yourself (§3.6)")
    p.set_defaults(handler=cmd_mark_read)
    p.add_argument("keys", nargs="+", metavar="KEY", help="citation_key(s) from the passport")
    add_passport(p, required=True)
    p.add_argument(
        "--scope",
        choices=READ_SCOPE_LEVELS,
        default=FULL_TEXT,
        help="how much you read; only full_text turns LOW-WARN into ok (default: full_text)",
    )
    p.add_argument(
        "--locator",
        action="append",
        default=[],
        metavar="TEXT",
        help="which part you read (section, pages); repeat for several",
    )
    p.add_argument("--note", help="free-text note stored with the mark")

    p = sub.add_parser("unmark-read", help="rescind a mark (adds rescinded_at; deletes nothing)")
    p.set_defaults(handler=cmd_unmark_read)
    p.add_argument("keys", nargs="+", metavar="KEY")
    add_passport(p, required=True)

    p = sub.add_parser("list-read", help="print the human-read log's active marks")
    p.set_defaults(handler=cmd_list_read)
    add_passport(p, required=True)
    p.add_argument("--all", action="store_true", help="the whole history, rescinded marks too")
    add_format(p)

    p = sub.add_parser("lint", help="lint inputs against the firm rules")
    lint_sub = p.add_subparsers(dest="lint_target", metavar="TARGET", parser_class=Parser)
    lint_sub.required = True
    q = lint_sub.add_parser("corpus", help="schema + the three §3.1 firm rules")
    q.set_defaults(handler=cmd_lint_corpus)
    q.add_argument("passport", metavar="PASSPORT", nargs="?")
    add_format(q)
    for register in EXTENSIONS:
        register(sub, lint_sub)
    return parser


def run(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return int(args.handler(args))
    except ArsError as exc:
        print(exc.format(), file=sys.stderr)
        return int(exc.exit_code)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`); nothing to report.
        sys.stderr.close()
        return int(ExitCode.OK)


def main() -> NoReturn:
    sys.exit(run())


# -- commands ----------------------------------------------------------------


def cmd_finalize(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    doc = read_document(args.draft)
    corpus, read_log = load_trust_inputs(passport)
    result = api.finalize(doc.text, corpus, read_log, path=args.draft, passport=passport)
    diagnostics = [*_corpus_diagnostics(corpus), *result.diagnostics]
    report = sys.stderr if args.output == STDIO else sys.stdout
    if args.check:
        _report_finalize(args, result, diagnostics, report, wrote=None, checklist=None)
        return int(ExitCode.CHECK_FAILED if result.would_change else ExitCode.OK)
    checklist_path = Path(args.checklist) if args.checklist else default_checklist_path(args.draft)
    # Check both targets before writing either, so a bad path loses nothing.
    for target in (checklist_path, Path(args.output or args.draft)):
        if str(target) != STDIO:
            ensure_folder(target)
    if args.output:
        write_output(args.output, result.text)
        wrote = args.output
    elif result.would_change:
        write_bytes_atomic(Path(args.draft), result.text.encode("utf-8"))
        wrote = args.draft
    else:
        wrote = None
    _write_if_changed(checklist_path, result.checklist)
    _report_finalize(args, result, diagnostics, report, wrote=wrote, checklist=str(checklist_path))
    return int(ExitCode.OK)


def default_checklist_path(draft: str) -> Path:
    path = Path(draft)
    return path.with_name(f"{path.stem}_prefinalization_checklist.md")


def _write_if_changed(path: Path, text: str) -> None:
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    write_text_atomic(path, text)


def _corpus_diagnostics(corpus: Corpus) -> list[Diagnostic]:
    return [d for d in corpus.diagnostics if d.severity is not Severity.INFO]


def _report_finalize(
    args: argparse.Namespace,
    result: api.FinalizeResult,
    diagnostics: list[Diagnostic],
    stream: TextIO,
    *,
    wrote: str | None,
    checklist: str | None,
) -> None:
    if args.format == "json":
        payload: dict[str, Any] = result.to_dict()
        payload["diagnostics"] = [d.to_dict() for d in diagnostics]
        payload["changes"] = [c.to_dict() for c in result.changes]
        payload["written"] = wrote
        payload["checklist"] = checklist
        payload["would_change"] = result.would_change
        print(json.dumps(payload, ensure_ascii=False, indent=2), file=stream)
        return
    counts = ", ".join(f"{name} {count}" for name, count in result.counts.items())
    total = len(result.citations)
    noun = "citation" if total == 1 else "citations"
    print(f"{args.draft}: {total} {noun}: {counts}", file=stream)
    if args.check:
        verdict = "would rewrite" if result.would_change else "up to date:"
        print(f"--check: {verdict} {result.changed} marker(s); nothing written", file=stream)
    else:
        where = f"wrote {wrote}" if wrote else "draft unchanged"
        print(f"rewrote {result.changed} marker(s); {where}", file=stream)
        print(f"checklist: {checklist}", file=stream)
    if result.changes:
        print("changed since the last pass:", file=stream)
        for c in result.changes:
            print(
                f"  {args.draft}:{c.line}:{c.col}: {c.slug or '-'} {c.previous} -> {c.status}",
                file=stream,
            )
    print_diagnostics(diagnostics, sys.stderr)


def cmd_render(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=False)
    doc = read_document(args.draft)
    corpus, read_log = load_trust_inputs(passport) if passport else (None, None)
    ext = "html" if args.to == "html" else "md"
    output = args.output or str(Path(args.draft).with_name(f"{Path(args.draft).stem}_final.{ext}"))
    if output != STDIO and same_file(output, args.draft):
        raise UsageError(
            f"output {output} is the draft itself; rendering strips the markers, so write "
            "the final document elsewhere (-o OUT)"
        )
    result = api.render(
        doc.text,
        corpus,
        read_log,
        strict=args.strict,
        to=args.to,
        allow_html=args.allow_html,
        path=args.draft,
    )
    print_diagnostics(result.diagnostics, sys.stderr)
    if result.output is None:
        assert result.gate is not None
        for o in result.gate.offenders:
            detail = f" ({o.detail})" if o.detail else ""
            print(f"{args.draft}:{o.line}:{o.col}: {o.reason} {o.slug}{detail}", file=sys.stderr)
        print(
            f"ars-docs: render refused: {len(result.gate.offenders)} problem(s) in "
            f"{args.draft}; nothing written. Run ars-docs finalize and fix the checklist items.",
            file=sys.stderr,
        )
        return int(ExitCode.CHECK_FAILED)
    write_output(output, result.output)
    if output != STDIO:
        mode = "strict gate passed" if args.strict else "preview (not gated)"
        print(f"{args.draft}: {mode}; wrote {output}", file=sys.stderr)
    return int(ExitCode.OK)


def cmd_lint_corpus(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    diagnostics = list(lint_corpus(passport))
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    if args.format == "json":
        payload = {"errors": errors, "diagnostics": [d.to_dict() for d in diagnostics]}
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        print_diagnostics(diagnostics, sys.stdout)
        print(f"{passport}: {errors} error(s), {len(diagnostics) - errors} warning(s)")
    return int(ExitCode.CHECK_FAILED if errors else ExitCode.OK)


def cmd_mark_read(args: argparse.Namespace) -> int:
    outcome = mark_read(
        passport_arg(args.passport, required=False),
        args.keys,
        scope=args.scope,
        locators=args.locator,
        note=args.note,
    )
    _report_marks(outcome, f"marked ({args.scope})")
    return int(ExitCode.OK)


def cmd_unmark_read(args: argparse.Namespace) -> int:
    outcome = unmark_read(passport_arg(args.passport, required=False), args.keys)
    _report_marks(outcome, "rescinded")
    return int(ExitCode.OK)


def _report_marks(outcome: MarkOutcome, verb: str) -> None:
    if outcome.written:
        created = " (created the log)" if outcome.created else ""
        print(f"{verb}: {', '.join(outcome.written)} in {outcome.log_path}{created}")
    for key, why in outcome.unchanged.items():
        print(f"unchanged: {key}: {why}")
    if not outcome.written:
        print(f"nothing changed in {outcome.log_path}")


def cmd_list_read(args: argparse.Namespace) -> int:
    log, marks = list_read(
        passport_arg(args.passport, required=False),
        include_all=args.all,
    )
    if args.format == "json":
        payload = {"log": str(log), "all": args.all, "marks": [m.to_dict() for m in marks]}
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return int(ExitCode.OK)
    what = "mark(s) in history" if args.all else "active mark(s)"
    print(f"{log}: {len(marks)} {what}")
    for m in marks:
        extra = f"  rescinded {m.rescinded_at}" if m.rescinded_at else ""
        where = f"  [{'; '.join(m.locators)}]" if m.locators else ""
        print(f"  {m.citation_key}  {m.level}  marked {m.marked_at}{where}{extra}")
    return int(ExitCode.OK)


#: Command modules beyond the core ones; each adds its parsers (see cli_common).
EXTENSIONS: tuple[Callable[[Subparsers, Subparsers], None], ...] = (
    cli_dispatch.register,
    cli_reports.register,
    cli_retrieve.register,
)

__all__ = ["build_parser", "main", "run"]
