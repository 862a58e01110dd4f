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
from ars_docs.cli.jsonout import payload, print_changes, print_payload
from ars_docs.cli.output import QUIET, add_quiet
from ars_docs.core.errors import ExitCode

if TYPE_CHECKING:
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
    add_quiet(p, what="print the summary line only")

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
    add_format(a)


def cmd_quotes(args: argparse.Namespace) -> int:
    from ars_docs.commands.evidence.quotes import check_quotes

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    run = check_quotes(args.draft, passport)
    code = run.exit_code
    if args.format == "json":
        summary = {
            "quotations": len(run.results),
            "verdicts": run.counts,
            "flagged": run.flagged,
            "unchecked": run.unchecked,
            "accepted": run.accepted,
            "passed": run.passed,
            "exit_code": int(code),
        }
        quotations = [r.to_dict() for r in run.results]
        print_payload(payload("quotes", summary, run.diagnostics, quotations=quotations))
        return int(code)
    for r in run.results if args.verbosity != QUIET else ():
        print(_block(args.draft, r))
    verdicts = ", ".join(f"{n} {v}" for v, n in sorted(run.counts.items())) or "none"
    tail = f"; {run.unchecked} unchecked" if run.unchecked else ""
    tail += f"; {run.accepted} accepted after review" if run.accepted else ""
    print(f"{args.draft}: {len(run.results)} quotation(s): {verdicts}; {run.flagged} flagged{tail}")
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


def cmd_accept_quote(args: argparse.Namespace) -> int:
    from ars_docs.commands.evidence.quotes import accept

    passport = passport_arg(args.passport, required=True)
    assert passport is not None
    done = accept(passport, args.key, args.quote_sha, args.reason)
    if args.format == "json":
        data = {"passport": passport, "key": done.key, "written": done.written}
        return print_changes("accept-quote", data | {"quote_sha": done.quote_sha}, *data)
    if done.written:
        print(
            f"{passport}: accepted quotation {done.quote_sha} of {done.key} after review; "
            "quotes and render --strict now let it pass"
        )
    else:
        print(f"{passport}: {done.key}: the same acceptance is already recorded; unchanged")
    return int(ExitCode.OK)
