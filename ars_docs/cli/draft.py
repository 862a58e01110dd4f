"""``ars-docs finalize`` and ``ars-docs render``: the draft pipeline's commands (§3.3)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ars_docs.cli.common import (
    STDIO,
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
from ars_docs.diagnostics import Diagnostic, Severity
from ars_docs.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from ars_docs.draft import api
    from ars_docs.session.corpus import Corpus

#: Formats of ``render --to`` (``draft.api.RENDER_TARGETS``; a test keeps them equal).
RENDER_TARGETS = ("markdown", "html")


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
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
    p.add_argument("--to", choices=RENDER_TARGETS, default="markdown")
    p.add_argument("--allow-html", action="store_true", help="pass raw HTML through to HTML output")
    p.add_argument(
        "--allow-no-citations",
        action="store_true",
        help="--strict: accept a draft with no citation marker (refused by default)",
    )
    p.add_argument(
        "--trust-draft-statuses",
        action="store_true",
        help="--strict without a passport: accept the 'ok' statuses the draft claims, unchecked",
    )


def cmd_finalize(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    from ars_docs.draft import api
    from ars_docs.draft.document import read_document
    from ars_docs.session.atomic import ensure_writable, write_bytes_atomic
    from ars_docs.session.locking import folder_lock

    # The session folder lock, held from reading the trust inputs to the last write:
    # mark-read takes the same lock, so the draft always reflects one state of the
    # read log — the one before or the one after a concurrent mark-read, never a mix.
    with folder_lock(Path(passport).parent):
        doc = read_document(args.draft)
        corpus, read_log = load_trust_inputs(passport)
        result = api.finalize(doc.text, corpus, read_log, path=args.draft, passport=passport)
        diagnostics = [*_corpus_diagnostics(corpus), *result.diagnostics]
        report = sys.stderr if args.output == STDIO else sys.stdout
        if args.check:
            _report_finalize(args, result, diagnostics, report, wrote=None, checklist=None)
            return int(ExitCode.CHECK_FAILED if result.would_change else ExitCode.OK)
        checklist_path = (
            Path(args.checklist) if args.checklist else default_checklist_path(args.draft)
        )
        # Check both targets before writing either, so a bad path loses nothing.
        for target in (checklist_path, Path(args.output or args.draft)):
            if str(target) != STDIO:
                ensure_folder(target)
                ensure_writable(target)
        # The checklist first: a draft with new markers never lacks its checklist.
        _write_if_changed(checklist_path, result.checklist)
        if args.output:
            write_output(args.output, result.text)
            wrote = args.output
        elif result.would_change:
            write_bytes_atomic(Path(args.draft), result.text.encode("utf-8"))
            wrote = args.draft
        else:
            wrote = None
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
    from ars_docs.session.atomic import write_text_atomic

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
    from ars_docs.draft import api
    from ars_docs.draft.document import read_document

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
        allow_no_citations=args.allow_no_citations,
        trust_draft_statuses=args.trust_draft_statuses,
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
        if args.strict and corpus is None:
            mode += " on the statuses the draft claims (no passport: nothing was checked)"
        if args.strict and args.allow_no_citations and result.gate and not result.gate.citations:
            mode += "; no citations (accepted by --allow-no-citations)"
        print(f"{args.draft}: {mode}; wrote {output}", file=sys.stderr)
    return int(ExitCode.OK)
