"""``ars-docs finalize`` and ``ars-docs render``: the draft pipeline's commands (§3.3).

Reports follow ``cli.output``: short by default with the summary last, ``-q``
summary only, ``-v`` everything, ``--format json`` complete with a ``summary``
object first. ``-`` is standard input for DRAFT and standard output for the
outputs; whatever goes to standard output moves the report to standard error.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from ars_docs.cli.common import (
    STDIN_NAME,
    STDIO,
    Subparsers,
    add_format,
    add_passport,
    add_references,
    add_require_lookup,
    passport_arg,
)
from ars_docs.cli.groups.batch import add_batch_options, run_batch
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
from ars_docs.core.codes import REFUSAL_ADVICE
from ars_docs.core.errors import UsageError
from ars_docs.session.provenance import shown_counts

if TYPE_CHECKING:
    from ars_docs.commands.finalize import FinalizeRun
    from ars_docs.commands.policy import GatePolicy
    from ars_docs.commands.render import RenderRun
    from ars_docs.commands.session_inputs import Trust
    from ars_docs.document.pipeline import Offender

#: Formats of ``render --to`` (``document.api.RENDER_TARGETS``; a test keeps them equal).
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
        nargs="*",
        metavar="DRAFT",
        help="markdown draft ('-': standard input), or a folder of them (its *.md files); "
        "several run as one batch; none: every draft of the passport's session ([drafts] "
        "in ars-docs.toml beside it)",
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
    add_require_lookup(p, what="the forecast of render --strict")
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
        nargs="*",
        metavar="DRAFT",
        help="markdown draft ('-': standard input), or a folder of them (its *.md files); "
        "several run as one batch; none: every draft of the passport's session ([drafts] "
        "in ars-docs.toml beside it)",
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
    add_require_lookup(p, what="--strict")
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
    add_references(p)
    add_batch_options(p)
    add_format(p)
    add_verbosity(p)


# --- finalize -----------------------------------------------------------------------


def cmd_finalize(args: argparse.Namespace) -> int:
    from ars_docs.commands.batch import (
        expand_drafts,
        finalize_batch,
        refuse_single_draft_options,
    )
    from ars_docs.commands.finalize import finalize_file

    args.command_name = "finalize"
    session = None if args.drafts else passport_arg(args.passport, required=True)
    drafts, batch = expand_drafts(args.drafts, recursive=args.recursive, session=session)
    require_lookup = False if args.no_require_lookup else None
    if not batch:
        passport = passport_arg(args.passport, required=True)
        assert passport is not None
        run = finalize_file(
            drafts[0],
            passport=passport,
            output=args.output,
            checklist=args.checklist,
            check=args.check,
            require_lookup=require_lookup,
        )
        _report_finalize(args, run)
        return int(run.exit_code)
    refuse_single_draft_options("finalize", drafts, output=args.output, checklist=args.checklist)
    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    with finalize_batch(passport, drafts, check=args.check, require_lookup=require_lookup) as (
        args.policy,
        trust,
    ):
        return run_batch(args, drafts, _finalize_in_batch, trust)


def _finalize_in_batch(args: argparse.Namespace, trust: Trust) -> int:
    """One draft of a batch: the lock is held and the trust inputs loaded by the caller."""
    from ars_docs.commands.finalize import finalize_locked

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    run = finalize_locked(
        args.draft, passport=passport, policy=args.policy, trust=trust, check=args.check
    )
    _report_finalize(args, run)
    return int(run.exit_code)


def _report_finalize(args: argparse.Namespace, run: FinalizeRun) -> None:
    result, draft = run.result, run.draft
    wrote, checklist = run.written, run.checklist
    corpus_findings = list(run.corpus_findings)
    stream = sys.stderr if STDIO in (wrote, checklist) else sys.stdout
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
        "gate_would_pass": result.gate_would_pass,
        "existence_checked": result.existence_checked,
        "diagnostics": severity_counts(everything),
        "passport_findings_about_uncited_entries": len(hidden),
    }
    if args.format == "json":
        body: dict[str, Any] = result.to_dict()
        body["changes"] = [c.to_dict() for c in result.changes]
        body["written"] = wrote
        body["checklist"] = checklist
        body["would_change"] = result.would_change
        body["gate_forecast"] = _forecast_json(run)
        print_payload(payload("finalize", summary, everything, **body), stream)
        return
    verbosity = args.verbosity
    # Diagnostics first (standard error), then the changes, then the summary — last.
    findings = [d.format() for d in [*shown, *result.diagnostics]]
    capped(findings, verbosity, sys.stderr)
    print_hidden(hidden, verbosity, sys.stderr, passport=run.passport)
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
            passport = shlex.quote(run.passport)
            action += f"; run ars-docs finalize {shlex.quote(draft)} --passport {passport}"
    else:
        where = f"wrote {'standard output' if wrote == STDIO else wrote}" if wrote else None
        print(f"checklist: {_checklist_phrase(checklist)}", file=stream)
        action = f"rewrote {result.changed} marker(s); {where or 'draft unchanged'}"
    print(f"{draft}: {total} {noun}: {counts}", file=stream)
    print(f"{draft}: {forecast_phrase(result.forecast, run.policy)}", file=stream)
    print(f"{action}; {severity_phrase(everything)}", file=stream)


def forecast_phrase(forecast: Sequence[Offender], policy: GatePolicy) -> str:
    """``render --strict would pass`` / ``… would refuse 3 problems (2 unverified-citation,
    1 existence-unchecked)``, with the policy's opt-out when there is one."""
    note = f"; {policy.existence_note}" if policy.existence_note else ""
    if not forecast:
        return f"render --strict would pass{note}"
    reasons = Counter(o.reason for o in forecast)
    listed = ", ".join(f"{count} {reason}" for reason, count in reasons.most_common())
    return f"render --strict would refuse {len(forecast)} problem(s) ({listed}){note}"


def _forecast_json(run: FinalizeRun) -> dict[str, Any]:
    forecast = run.result.forecast
    return {
        "passed": not forecast,
        "problems": len(forecast),
        "existence_checked": run.result.existence_checked,
        "offenders": [
            {
                "line": o.line,
                "col": o.col,
                "reason": o.reason,
                "slug": o.slug if o.slug != "-" else None,
                "detail": o.detail or None,
            }
            for o in forecast
        ],
    }


def _checklist_phrase(checklist: str | None) -> str:
    if checklist is None:
        return "not written (the draft came from standard input; pass --checklist PATH)"
    return "standard output" if checklist == STDIO else checklist


# --- render ---------------------------------------------------------------------------


def cmd_render(args: argparse.Namespace) -> int:
    from ars_docs.commands.batch import (
        expand_drafts,
        refuse_render_batch_outputs,
        refuse_single_draft_options,
    )
    from ars_docs.commands.render import read_css
    from ars_docs.commands.session_inputs import load_trust

    if args.check and not args.strict:
        raise UsageError("--check runs the strict gate: give --strict too")
    args.css_text = read_css(args.css, to=args.to, fragment=args.fragment) if args.css else None
    args.command_name = "render"
    session = None if args.drafts else passport_arg(args.passport, required=True)
    drafts, batch = expand_drafts(args.drafts, recursive=args.recursive, session=session)
    if not batch:
        return _render_one(argparse.Namespace(**{**vars(args), "draft": drafts[0]}))
    refuse_single_draft_options("render", drafts, output=args.output)
    refuse_render_batch_outputs(drafts, strict=args.strict, to=args.to, check=args.check)
    passport = passport_arg(args.passport, required=False)
    return run_batch(args, drafts, _render_one, load_trust(passport) if passport else None)


def _render_one(args: argparse.Namespace, trust: Trust | None = None) -> int:
    from ars_docs.commands.references import request
    from ars_docs.commands.render import render_file

    wanted = request(args.references, style=args.csl, heading=args.references_heading)
    run = render_file(
        args.draft,
        passport=passport_arg(args.passport, required=False),
        strict=args.strict,
        output=args.output,
        to=args.to,
        allow_html=args.allow_html,
        allow_no_citations=args.allow_no_citations,
        trust_draft_statuses=args.trust_draft_statuses,
        check=args.check,
        fragment=args.fragment,
        css=args.css_text,
        require_lookup=False if args.no_require_lookup else None,
        trust=trust,
        references=wanted,
    )
    # Text reports go to standard error (as they always have); JSON goes to standard
    # output unless the document itself does.
    json_out = args.format == "json" and run.written != STDIO
    _report_render(args, run, sys.stdout if json_out else sys.stderr)
    return int(run.exit_code)


def _report_render(args: argparse.Namespace, run: RenderRun, stream: TextIO) -> None:
    result, draft, written = run.result, run.draft, run.written
    offenders = result.gate.offenders if result.gate is not None else ()
    summary: dict[str, Any] = {
        "command": "render",
        "draft": draft,
        "strict": run.strict,
        "passed": result.passed,
        "written": written,
        "offenders": len(offenders),
        "citations": result.gate.citations if result.gate is not None else None,
        "existence_checked": result.gate.existence_checked if result.gate is not None else None,
        "references": len(run.references.keys) if run.references else None,
        "diagnostics": severity_counts(result.diagnostics),
    }
    listed = run.references
    if args.format == "json":
        data = payload(
            "render",
            summary,
            result.diagnostics,
            offenders=[
                offender_dict(
                    o, draft=draft, text=run.text, corpus=run.corpus, passport=run.passport
                )
                for o in offenders
            ],
            references={"style": listed.style, "keys": list(listed.keys)} if listed else None,
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
    mode = "strict gate passed" if run.strict else "preview (not gated)"
    if run.strict and run.passport is None:
        mode += " on the statuses the draft claims (no passport: nothing was checked)"
    elif run.strict and run.policy.existence_note:
        mode += f"; {run.policy.existence_note}"
    gate = result.gate
    if run.strict and args.allow_no_citations and gate is not None and not gate.citations:
        mode += "; no citations (accepted by --allow-no-citations)"
    if not written:
        print(f"{draft}: {mode}; nothing written (--check)", file=stream)
        return
    where = "standard output" if written == STDIO else written
    if listed:
        where += f" with a reference list of {len(listed.keys)} work(s) ({listed.style})"
    print(f"{draft}: {mode}; wrote {where}", file=stream)
