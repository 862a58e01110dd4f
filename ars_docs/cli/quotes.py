"""``ars-docs quotes`` and ``accept-quote``: quotations checked against their originals.

``quotes DRAFT`` lists every quotation attached to a marker with its verdict
(``exact``, ``equivalent``, ``altered``, ``not_found``, ``cannot_check``,
``not_in_corpus``), the page of the original it is on and the passage there
(text: one block per quotation, summary last; ``--format json``: ``summary``
first). Exit 0 when ``render --strict`` would let every quotation pass (none
altered, not found or unchecked without a reviewed exception, every key in
the passport), 1 otherwise, the documented error codes on bad input.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ars_docs.cli.common import Subparsers, add_format, add_passport, passport_arg
from ars_docs.core.errors import ExitCode, InputMissingError

if TYPE_CHECKING:
    from ars_docs.core.diagnostics import Diagnostic
    from ars_docs.quotes.check import QuoteResult

__all__ = ["cmd_accept_quote", "cmd_quotes", "register"]


def register(sub: Subparsers, lint_sub: Subparsers) -> None:
    p = sub.add_parser(
        "quotes",
        help="check every quotation against the acquired original (exact / altered / not found)",
        description="Find the quotations attached to citation markers (inline in quotation "
        "marks in the marker's sentence, or block quotes next to a marker) and compare each "
        "with the text of the entry's acquired original (source_acquisition_path): exact, "
        "equivalent (ellipses, brackets, case), altered (with the word diff and page) or "
        "not_found, or cannot_check (no readable original). Prints the list (writes "
        "nothing; offline). Exit 1 when a quotation is altered, not found or cannot be "
        "checked and no reviewed exception (accept-quote) covers it, or its key is not in "
        "the passport.",
    )
    p.set_defaults(handler=cmd_quotes)
    p.add_argument("draft", metavar="DRAFT", help="the markdown draft")
    add_passport(p, required=True)
    add_format(p)

    a = sub.add_parser(
        "accept-quote",
        help="record a reviewed exception for an altered / not-found / unchecked quotation",
        description="Append {quote_sha, reason, accepted_at} to the entry's quote_acceptances, "
        "byte-preserving. The exception covers exactly that quotation (its id changes when "
        "its words do): one that differs from the original, is not in it, or cannot be "
        "checked because no readable original is on file (a person checked the printed "
        "source); quotes and render --strict then accept it.",
    )
    a.set_defaults(handler=cmd_accept_quote)
    a.add_argument("key", metavar="KEY", help="citation_key of the quoted work")
    add_passport(a, required=True)
    a.add_argument(
        "--quote-sha",
        metavar="SHA",
        required=True,
        help="the quotation's id (16 hex digits) as `ars-docs quotes` prints it",
    )
    a.add_argument(
        "--reason",
        metavar="TEXT",
        required=True,
        help="why the quotation stands as written (e.g. own translation)",
    )


def cmd_quotes(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ars_docs.cli.jsonout import payload, print_payload
    from ars_docs.document.text import read_document
    from ars_docs.quotes.check import check_quotations
    from ars_docs.session.corpus import load_corpus

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    if not Path(args.draft).exists():
        raise InputMissingError(f"draft not found: {args.draft}")
    if not Path(passport).exists():
        raise InputMissingError(f"passport not found: {passport}; check --passport / $ARS_PASSPORT")
    doc = read_document(args.draft)
    corpus = load_corpus(passport)
    results = check_quotations(doc, corpus)
    diagnostics = [d for r in results for d in _diagnostics(args.draft, r, passport)]
    counts: dict[str, int] = {}
    for r in results:
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    flagged = sum(1 for r in results if r.flagged)
    unchecked = sum(1 for r in results if r.unchecked or r.verdict == "not_in_corpus")
    accepted = sum(1 for r in results if r.accepted)
    refused = any(r.refused for r in results)
    code = ExitCode.CHECK_FAILED if refused else ExitCode.OK
    if args.format == "json":
        summary = {
            "quotations": len(results),
            "verdicts": counts,
            "flagged": flagged,
            "unchecked": unchecked,
            "accepted": accepted,
            "passed": not refused,
            "exit_code": int(code),
        }
        print_payload(
            payload("quotes", summary, diagnostics, quotations=[r.to_dict() for r in results])
        )
        return int(code)
    for r in results:
        print(_block(args.draft, r))
    verdicts = ", ".join(f"{n} {v}" for v, n in sorted(counts.items())) or "none"
    tail = f"; {unchecked} unchecked" if unchecked else ""
    tail += f"; {accepted} accepted after review" if accepted else ""
    print(f"{args.draft}: {len(results)} quotation(s): {verdicts}; {flagged} flagged{tail}")
    return int(code)


def _block(path: str, r: QuoteResult) -> str:
    q, m = r.quotation, r.match
    words = " ".join(q.text.split())
    shown = words if len(words) <= 160 else words[:157] + "…"
    head = f"{path}:{q.line}:{q.col}: {m.verdict.upper()} {q.slug} [{q.sha}] “{shown}”"
    lines = [head]
    if m.first_page is not None:
        pages = (
            str(m.first_page) if m.last_page == m.first_page else f"{m.first_page}–{m.last_page}"
        )
        loc = f" (draft says {q.locator.text})" if q.locator else ""
        bad = " — the locator does not match" if m.page_ok is False else ""
        lines.append(f"    page {pages} of {r.source}{loc}{bad}")
    if m.devices and m.verdict == "equivalent":
        lines.append(f"    by the quoting conventions: {', '.join(m.devices)}")
    if m.verdict == "not_found":
        lines.append(f"    not in {r.source}: nothing there comes close")
    if m.diff:
        lines.append(f"    diff: {' '.join(m.diff)}")
    if m.passage and m.verdict == "altered":
        lines.append(f"    original: “{m.passage[:300]}”")
    if r.reason:
        lines.append(f"    cannot be checked: {r.reason}")
    if r.accepted:
        lines.append(f"    accepted after review: {r.accepted}")
    return "\n".join(lines)


def _diagnostics(path: str, r: QuoteResult, passport: str) -> list[Diagnostic]:
    from ars_docs.core import codes
    from ars_docs.core.diagnostics import Diagnostic, Severity

    q, m = r.quotation, r.match
    out: list[Diagnostic] = []
    if r.flagged and m.verdict == "altered":
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_ALTERED,
                Severity.ERROR,
                f"quotation [{q.sha}] differs from {r.place}: "
                f"{' '.join(m.diff)}; correct it, or review and run accept-quote",
                q.slug,
            )
        )
    elif r.flagged:
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_NOT_FOUND,
                Severity.ERROR,
                f"quotation [{q.sha}] is not in {r.source}; check the wording, or "
                "review and run accept-quote",
                q.slug,
            )
        )
    elif r.unchecked:
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_UNCHECKED,
                Severity.ERROR,
                f"quotation [{q.sha}] cannot be checked: {r.reason}; acquire a readable "
                f"original (ars-docs retrieve {q.slug}), or check it against the printed "
                "source and run accept-quote",
                q.slug,
            )
        )
    elif m.verdict == "not_in_corpus":
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_UNCHECKED,
                Severity.ERROR,
                f"quotation [{q.sha}] cannot be checked: '{q.slug}' is not in {passport}; "
                "add the entry (render --strict refuses the citation as not-in-corpus)",
                q.slug,
            )
        )
    if m.page_ok is False and q.locator is not None:
        out.append(
            Diagnostic(
                path,
                q.line,
                q.col,
                codes.QUOTE_PAGE_MISMATCH,
                Severity.WARNING,
                f"locator {q.locator.text} but the passage is on page {m.first_page} of {r.source}",
                q.slug,
            )
        )
    return out


def cmd_accept_quote(args: argparse.Namespace) -> int:
    from ars_docs.quotes.accept import accept_quote

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    done = accept_quote(passport, args.key, args.quote_sha, args.reason)
    if done.written:
        print(
            f"{passport}: accepted quotation {done.quote_sha} of {done.key} after review; "
            "quotes and render --strict now let it pass"
        )
    else:
        print(f"{passport}: {done.key}: the same acceptance is already recorded; unchanged")
    return int(ExitCode.OK)
