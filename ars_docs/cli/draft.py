"""``ars-docs finalize`` and ``ars-docs render``: the draft pipeline's commands (§3.3).

Reports follow ``cli.output``: short by default with the summary last, ``-q``
summary only, ``-v`` everything, ``--format json`` complete with a ``summary``
object first. ``-`` is standard input for DRAFT and standard output for the
outputs; whatever goes to standard output moves the report to standard error.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ars_docs.cli.batch import (
    add_batch_options,
    expand_drafts,
    refuse_single_draft_options,
    run_batch,
)
from ars_docs.cli.common import (
    STDIN_NAME,
    STDIO,
    Subparsers,
    add_format,
    add_passport,
    ensure_folder,
    load_trust_inputs,
    passport_arg,
    read_draft,
    refuse_outputs_over_inputs,
    same_file,
    write_output,
)
from ars_docs.cli.jsonout import payload, print_payload
from ars_docs.cli.offenders import offender_dict
from ars_docs.cli.output import (
    add_verbosity,
    capped,
    flush,
    print_hidden,
    severity_counts,
    severity_phrase,
    split_by_citation,
)
from ars_docs.codes import REFUSAL_ADVICE
from ars_docs.diagnostics import Diagnostic, Severity
from ars_docs.draft.provenance import shown_counts
from ars_docs.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from ars_docs.draft import api
    from ars_docs.draft.pipeline import Pipeline
    from ars_docs.session.corpus import Corpus
    from ars_docs.session.readlog import ReadLog

    Trust = tuple[Corpus, ReadLog] | None

#: Formats of ``render --to`` (``draft.api.RENDER_TARGETS``; a test keeps them equal).
RENDER_TARGETS = ("markdown", "html")


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "finalize",
        help="resolve every <!--ref:slug--> marker by the §3.3 matrix; edits DRAFT in place "
        "and writes <stem>_prefinalization_checklist.md",
        description="Resolve every <!--ref:slug--> marker by the §3.3 provenance matrix. "
        "Writes: DRAFT in place (only when a marker changes; -o writes elsewhere) and the "
        "checklist <stem>_prefinalization_checklist.md beside DRAFT. Never refuses: the "
        "gate is `render --strict`.",
    )
    p.set_defaults(handler=cmd_finalize)
    p.add_argument(
        "drafts",
        nargs="+",
        metavar="DRAFT",
        help="markdown draft ('-': standard input), or a folder of them (its *.md files); "
        "several run as one batch",
    )
    add_passport(p, required=True)
    p.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write the result here instead of in place ('-': standard output; the default "
        "when DRAFT is '-')",
    )
    p.add_argument(
        "--checklist",
        metavar="PATH",
        help="checklist path (default: <stem>_prefinalization_checklist.md beside DRAFT; "
        "'-': standard output; not written for DRAFT '-' unless given)",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if a DRAFT would change",
    )
    add_batch_options(p)
    add_format(p)
    add_verbosity(p)

    p = sub.add_parser(
        "render",
        help="the terminal gate (--strict) writes <stem>_final.md; without it a preview, "
        "<stem>_preview.md",
        description="Strip the markers and write the document. With --strict this is the "
        "terminal gate: it refuses (exit 1, nothing written) a draft with any unverified, "
        "unresolved or unacknowledged citation and otherwise writes <stem>_final.md (or "
        ".html). Without --strict it writes a preview, <stem>_preview.md, that never "
        "refuses and shows unresolved markers visibly. DRAFT is never overwritten.",
    )
    p.set_defaults(handler=cmd_render)
    p.add_argument(
        "drafts",
        nargs="+",
        metavar="DRAFT",
        help="markdown draft ('-': standard input), or a folder of them (its *.md files); "
        "several run as one batch",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="the terminal gate: refuse unverified/unresolved citations; needs the passport "
        "(--passport or $ARS_PASSPORT) unless --trust-draft-statuses",
    )
    p.add_argument(
        "--passport",
        metavar="PASSPORT",
        help="Material Passport YAML with literature_corpus[] (default: $ARS_PASSPORT; "
        "required by --strict, optional for a preview)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="output path ('-': standard output; the default when DRAFT is '-')",
    )
    p.add_argument(
        "--to", choices=RENDER_TARGETS, default="markdown", help="output format (default markdown)"
    )
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
    p.add_argument(
        "--check",
        action="store_true",
        help="with --strict: run the gate and write nothing (exit 1 if it refuses)",
    )
    p.add_argument(
        "--fragment",
        action="store_true",
        help="HTML: only the body, not a complete document with charset and title",
    )
    p.add_argument(
        "--css",
        metavar="FILE",
        help="HTML document: put this stylesheet inline in <head> (after the preview's own)",
    )
    add_batch_options(p)
    add_format(p)
    add_verbosity(p)


# --- finalize -----------------------------------------------------------------------


def cmd_finalize(args: argparse.Namespace) -> int:
    args.command_name = "finalize"
    drafts, batch = expand_drafts(args.drafts, recursive=args.recursive)
    if not batch:
        return _finalize_one(argparse.Namespace(**{**vars(args), "draft": drafts[0]}))
    refuse_single_draft_options(args, drafts)
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    from ars_docs.session.locking import file_lock
    from ars_docs.session.readlog import read_log_path

    # One lock and one load of the trust inputs for the whole batch (see _finalize_one).
    with file_lock(passport, read_log_path(passport)):
        return run_batch(args, drafts, _finalize_in_batch, load_trust_inputs(passport))


def _finalize_in_batch(args: argparse.Namespace, trust: Trust) -> int:
    """One draft of a batch: the lock is held and the trust inputs loaded by the caller."""
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    return _finalize_locked(args, passport, None, None, trust=trust)


def _finalize_one(args: argparse.Namespace) -> int:
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    output = args.output or (STDIO if args.draft == STDIO else None)
    checklist_arg = args.checklist
    if checklist_arg == STDIO and output == STDIO and not args.check:
        raise UsageError(
            "the draft and the checklist cannot both go to standard output; give -o OUT or "
            "--checklist PATH"
        )
    if not args.check:
        refuse_outputs_over_inputs([("-o", output)], passport=passport)
        refuse_outputs_over_inputs(
            [("--checklist", checklist_arg)],
            passport=passport,
            inputs=[("the draft", args.draft), ("the -o output", output)],
        )
    from ars_docs.session.locking import file_lock
    from ars_docs.session.readlog import read_log_path

    # The session folder lock, held from reading the trust inputs to the last write:
    # mark-read takes the same lock, so the draft always reflects one state of the
    # read log — the one before or the one after a concurrent mark-read, never a mix.
    # Links resolved: the lock is on the folders of the files themselves (issue 29).
    with file_lock(passport, read_log_path(passport)):
        return _finalize_locked(args, passport, output, checklist_arg)


def _finalize_locked(
    args: argparse.Namespace,
    passport: str,
    output: str | None,
    checklist_arg: str | None,
    *,
    trust: Trust = None,
) -> int:
    from ars_docs.draft import api
    from ars_docs.session.atomic import ensure_writable, write_bytes_atomic

    from_stdin = args.draft == STDIO
    args.passport_path = passport
    doc = read_draft(args.draft)
    corpus, read_log = trust if trust is not None else load_trust_inputs(passport)
    result = api.finalize(
        doc.text,
        corpus,
        read_log,
        path=doc.path,
        passport=passport,
        pipeline=_with_quotations(api.finalize_pipeline(), "checklist", corpus, passport),
    )
    corpus_findings = [d for d in corpus.diagnostics if d.severity is not Severity.INFO]
    stdout_busy = not args.check and STDIO in (output, checklist_arg)
    report = sys.stderr if stdout_busy else sys.stdout
    if args.check:
        _report_finalize(
            args, doc.path, result, corpus_findings, report, wrote=None, checklist=None
        )
        return int(ExitCode.CHECK_FAILED if result.would_change else ExitCode.OK)
    if checklist_arg:
        checklist_target: str | None = checklist_arg
    elif from_stdin:
        checklist_target = None
    else:
        checklist_target = str(default_checklist_path(args.draft))
    # Check every target before writing any, so a bad path loses nothing.
    for target in (checklist_target, output or args.draft):
        if target is not None and target != STDIO:
            ensure_folder(Path(target))
            ensure_writable(Path(target))
    # The checklist first: a draft with new markers never lacks its checklist.
    if checklist_target == STDIO:
        write_output(STDIO, result.checklist)
    elif checklist_target is not None:
        _write_if_changed(Path(checklist_target), result.checklist)
    if output:
        write_output(output, result.text)
        wrote: str | None = output
    elif result.would_change:
        write_bytes_atomic(Path(args.draft), result.text.encode("utf-8"))
        wrote = args.draft
    else:
        wrote = None
    _report_finalize(
        args, doc.path, result, corpus_findings, report, wrote=wrote, checklist=checklist_target
    )
    return int(ExitCode.OK)


def _with_quotations(
    pipeline: Pipeline, after: str, corpus: Corpus, passport: str | None
) -> Pipeline:
    """``pipeline`` with the quotation check (docs/quotes.md) after the pass ``after``."""
    from ars_docs.quotes.passes import QuotationPass

    step = QuotationPass(corpus, passport=passport, gate=after == "gate")
    pipeline.insert_after(after, "quotations", step)
    return pipeline


def default_checklist_path(draft: str) -> Path:
    path = Path(draft)
    return path.with_name(f"{path.stem}_prefinalization_checklist.md")


def _write_if_changed(path: Path, text: str) -> None:
    import stat

    try:
        # Compare only with a regular file: a FIFO or device named as the checklist
        # is written, never read (reading a FIFO would wait for a writer).
        if stat.S_ISREG(os.stat(path).st_mode) and path.read_bytes() == text.encode("utf-8"):
            return
    except OSError:
        pass
    from ars_docs.session.atomic import write_text_atomic

    write_text_atomic(path, text)


def _report_finalize(
    args: argparse.Namespace,
    draft: str,
    result: api.FinalizeResult,
    corpus_findings: list[Diagnostic],
    stream: TextIO,
    *,
    wrote: str | None,
    checklist: str | None,
) -> None:
    cited = {c.slug for c in result.citations if c.slug is not None}
    shown, hidden = split_by_citation(corpus_findings, cited)
    everything = [*corpus_findings, *result.diagnostics]
    total = len(result.citations)
    summary: dict[str, Any] = {
        "command": "finalize",
        "draft": draft,
        "citations": total,
        "counts": result.counts,
        "changed": result.changed,
        "would_change": result.would_change,
        "check": bool(args.check),
        "written": wrote,
        "checklist": checklist,
        "diagnostics": severity_counts(everything),
        "passport_findings_about_uncited_entries": len(hidden),
    }
    if args.format == "json":
        body: dict[str, Any] = result.to_dict()
        body["changes"] = [c.to_dict() for c in result.changes]
        body["written"] = wrote
        body["checklist"] = checklist
        body["would_change"] = result.would_change
        print_payload(payload("finalize", summary, everything, **body), stream)
        return
    verbosity = args.verbosity
    # Diagnostics first (standard error), then the changes, then the summary — last.
    findings = [d.format() for d in [*shown, *result.diagnostics]]
    capped(findings, verbosity, sys.stderr)
    print_hidden(hidden, verbosity, sys.stderr, passport=getattr(args, "passport_path", None))
    flush()
    changes = [
        f"  {draft}:{c.line}:{c.col}: {c.slug or '-'} {c.previous} -> {c.status}"
        for c in result.changes
    ]
    if changes and verbosity:
        print("changed since the last pass:", file=stream)
        capped(changes, verbosity, stream, indent="  ")
    counts = ", ".join(f"{name} {count}" for name, count in shown_counts(result.counts))
    noun = "citation" if total == 1 else "citations"
    if args.check:
        verdict = "would rewrite" if result.would_change else "up to date:"
        action = f"--check: {verdict} {result.changed} marker(s); nothing written"
        if result.would_change and draft not in (STDIO, STDIN_NAME):
            # A hook or CI log shows this line alone (-q): name the command that fixes it.
            passport = shlex.quote(str(getattr(args, "passport_path", None) or "PASSPORT"))
            action += f"; run ars-docs finalize {shlex.quote(draft)} --passport {passport}"
    else:
        where = f"wrote {'standard output' if wrote == STDIO else wrote}" if wrote else None
        print(f"checklist: {_checklist_phrase(checklist)}", file=stream)
        action = f"rewrote {result.changed} marker(s); {where or 'draft unchanged'}"
    print(f"{draft}: {total} {noun}: {counts}", file=stream)
    print(f"{action}; {severity_phrase(everything)}", file=stream)


def _checklist_phrase(checklist: str | None) -> str:
    if checklist is None:
        return "not written (the draft came from standard input; pass --checklist PATH)"
    return "standard output" if checklist == STDIO else checklist


# --- render ---------------------------------------------------------------------------


def default_render_path(draft: str, *, strict: bool, to: str) -> str:
    """``<stem>_final.md`` for the gate, ``<stem>_preview.md`` for a preview (``.html``)."""
    path = Path(draft)
    kind = "final" if strict else "preview"
    return str(path.with_name(f"{path.stem}_{kind}.{'html' if to == 'html' else 'md'}"))


def cmd_render(args: argparse.Namespace) -> int:
    if args.check and not args.strict:
        raise UsageError("--check runs the strict gate: give --strict too")
    _read_css(args)
    args.command_name = "render"
    drafts, batch = expand_drafts(args.drafts, recursive=args.recursive)
    if not batch:
        return _render_one(argparse.Namespace(**{**vars(args), "draft": drafts[0]}))
    refuse_single_draft_options(args, drafts)
    passport = passport_arg(args.passport, required=False)
    return run_batch(args, drafts, _render_one, load_trust_inputs(passport) if passport else None)


def _render_one(args: argparse.Namespace, trust: Trust = None) -> int:
    from ars_docs.draft import api

    passport = passport_arg(args.passport, required=False)
    doc = read_draft(args.draft)
    if not passport:
        corpus, read_log = None, None
    else:
        corpus, read_log = trust if trust is not None else load_trust_inputs(passport)
    args.passport_used = passport is not None
    args.corpus_used, args.passport_path, args.draft_text = corpus, passport, doc.text
    if args.output:
        output = args.output
    elif args.draft == STDIO:
        output = STDIO
    else:
        output = default_render_path(args.draft, strict=args.strict, to=args.to)
    if not args.check:
        refuse_outputs_over_inputs([("-o", output)], passport=passport)
    if output != STDIO and args.draft != STDIO and same_file(output, args.draft):
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
        path=doc.path,
        allow_no_citations=args.allow_no_citations,
        trust_draft_statuses=args.trust_draft_statuses,
        passport=passport,
        pipeline=(
            _with_quotations(api.render_pipeline(strict=True), "gate", corpus, passport)
            if args.strict and corpus is not None
            else None
        ),
    )
    text = result.output
    if text is not None and args.to == "html" and not args.fragment:
        from ars_docs.draft.renderers.html_document import document_title, html_document

        fallback = Path(args.draft).stem if args.draft != STDIO else "Document"
        title = document_title(doc.text, fallback)
        if not args.strict:
            title = f"Preview: {title}"
        text = html_document(text, title, _stylesheet(args))
    if args.check:
        output = ""  # the gate's verdict only: nothing is written
    elif text is not None:
        write_output(output, text)
    # Text reports go to standard error (as they always have); JSON goes to standard
    # output unless the document itself does.
    json_out = args.format == "json" and not (output == STDIO and text is not None)
    stream = sys.stdout if json_out else sys.stderr
    _report_render(args, doc.path, result, stream, (output or None) if text is not None else None)
    return int(ExitCode.OK if text is not None else ExitCode.CHECK_FAILED)


def _stylesheet(args: argparse.Namespace) -> str | None:
    """The preview's own styles, then the user's ``--css`` (checked before anything is read)."""
    parts = []
    if not args.strict:
        from ars_docs.draft.renderers.preview_html import preview_css

        parts.append(preview_css())
    if args.css:
        parts.append(args.user_css)
    return "\n".join(parts) or None


def _read_css(args: argparse.Namespace) -> None:
    """Read ``--css`` up front: a bad stylesheet must fail before anything is written."""
    args.user_css = None
    if not getattr(args, "css", None):
        return
    if args.to != "html" or args.fragment:
        raise UsageError(
            "--css styles a complete HTML document: give --to html (without --fragment)"
        )
    from ars_docs.draft.renderers.html_document import check_css
    from ars_docs.errors import InputDataError, InputMissingError

    try:
        css = Path(args.css).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise InputMissingError(f"{args.css}: stylesheet not found; check the --css path") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise InputDataError(
            f"{args.css}: cannot read the stylesheet as UTF-8 text: {exc}"
        ) from exc
    problem = check_css(css, args.css)
    if problem:
        raise InputDataError(problem)
    args.user_css = css


def _report_render(
    args: argparse.Namespace,
    draft: str,
    result: api.RenderResult,
    stream: TextIO,
    written: str | None,
) -> None:
    offenders = result.gate.offenders if result.gate is not None else ()
    summary: dict[str, Any] = {
        "command": "render",
        "draft": draft,
        "strict": bool(args.strict),
        "passed": result.passed,
        "written": written,
        "offenders": len(offenders),
        "citations": result.gate.citations if result.gate is not None else None,
        "diagnostics": severity_counts(result.diagnostics),
    }
    if args.format == "json":
        data = payload(
            "render",
            summary,
            result.diagnostics,
            offenders=[
                offender_dict(
                    o,
                    draft=draft,
                    text=getattr(args, "draft_text", None),
                    corpus=getattr(args, "corpus_used", None),
                    passport=getattr(args, "passport_path", None),
                )
                for o in offenders
            ],
        )
        print_payload(data, stream)
        return
    verbosity = args.verbosity
    # A finding the gate also refuses (an unmarked citation: ARS005 and
    # unmarked-citation) is printed once, as the refusal (issue 25 §8).
    refused_at = {(o.line, o.col) for o in offenders}
    findings = [d for d in result.diagnostics if (d.line, d.col) not in refused_at]
    capped([d.format() for d in findings], verbosity, sys.stderr)
    lines = []
    for o in offenders:
        detail = f" ({o.detail})" if o.detail else ""
        lines.append(f"{draft}:{o.line}:{o.col}: {o.reason} {o.slug}{detail}")
    capped(lines, verbosity, sys.stderr)
    flush()
    if not result.passed:
        # One line of advice per reason, in the order the reasons first occur.
        reasons = dict.fromkeys(o.reason for o in offenders)
        for reason in reasons:
            advice = REFUSAL_ADVICE.get(reason)
            if advice:
                print(f"{draft}: to fix {reason}: {advice}", file=sys.stderr)
        print(
            f"{draft}: render refused: {len(offenders)} problem(s); nothing written. "
            "Fix each as advised above, then render again.",
            file=sys.stderr,
        )
        return
    mode = "strict gate passed" if args.strict else "preview (not gated)"
    if args.strict and not args.passport_used:
        mode += " on the statuses the draft claims (no passport: nothing was checked)"
    gate = result.gate
    if args.strict and args.allow_no_citations and gate is not None and not gate.citations:
        mode += "; no citations (accepted by --allow-no-citations)"
    if not written:
        print(f"{draft}: {mode}; nothing written (--check)", file=stream)
        return
    where = "standard output" if written == STDIO else written
    print(f"{draft}: {mode}; wrote {where}", file=stream)
