"""The text of the pre-finalization checklist (§3.3 LOW-WARN row, issue 10 must-fix rows).

Every ``finalize`` writes the checklist, so it is built here with plain string
joins rather than a Jinja template: importing Jinja and loading a compiled
template cost a typical one-chapter ``finalize`` process about 15 ms, a tenth
of its run (issue 9). The layout is fixed by the golden files in
``tests/__snapshots__``; the reports that are written rarely (Scope Report,
drift log) keep their templates.

Every string the checklist did not write itself (file names, keys, titles,
section headings, a malformed marker's text, waiver reasons) goes through
``md_escape`` here, where it is placed; ``action`` is the one field that arrives
as Markdown, built by the pass from fixed text and escaped pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ars_docs.document.md_escape import code, heading, text

__all__ = ["ChecklistInput", "Waiver", "render_checklist"]

if TYPE_CHECKING:  # the rows are the checklist pass's own objects; typing.Protocol costs
    # start-up time at run time, so the shapes exist for mypy only.
    from typing import Protocol

    class MustFixRow(Protocol):
        status: str
        slug: str
        title: str
        section: str
        action: str

        @property
        def line_list(self) -> str: ...

        @property
        def lines(self) -> list[int]: ...

    class LowWarnRow(Protocol):
        slug: str
        title: str
        command: str
        partial: str
        held: str
        see: str

        @property
        def lines(self) -> list[int]: ...


_MUST_FIX_INTRO = (
    "These citations carry a visible warning or cannot be resolved. The terminal gate "
    "refuses the draft while any remains: acquire and verify the original source, correct "
    "the key, or rewrite the sentence without the citation."
)
_NOTHING_TO_FIX = (
    "Nothing: no HIGH-WARN, MED-WARN, NOT-IN-CORPUS or malformed citation, and no warning "
    "text without a marker."
)
_LOW_WARN_INTRO = (
    "The AI has cross-checked these descriptions against the original; no human has read "
    "the source yet. Read each one, then acknowledge it with the command shown (only a "
    "full-text read promotes the citation to `ok`)."
)
_ATTESTED_INTRO = (
    "These marks were made with `--yes`, not confirmed by a person at the terminal prompt: "
    "a script or an agent may have run the command. Check that a person did it. To confirm "
    "a read yourself, run `ars-docs unmark-read KEY`, then `ars-docs mark-read KEY` on a "
    "terminal; a verification, `ars-docs verify KEY` on a terminal with a new `--audit-id`."
)
_WAIVER_INTRO = (
    "A person marked these as not being citations with `<!--not-a-citation-->`; the gate "
    "accepts them, so check each waiver is right."
)


@dataclass(frozen=True)
class Waiver:
    line: int
    text: str
    reason: str | None


@dataclass(frozen=True)
class ChecklistInput:
    """Everything the checklist shows; the pass builds it from the pipeline state."""

    draft: str
    passport: str | None
    total: int
    counts: Sequence[tuple[str, int]]
    must_fix: Sequence[MustFixRow]
    must_fix_more: Sequence[tuple[str, int]]
    row_cap: int
    low_warn: Sequence[tuple[str, Sequence[LowWarnRow]]]  # (section title, rows)
    low_warn_count: int
    low_warn_citations: int
    waived: Sequence[Waiver]
    waived_count: int
    attested: Sequence[tuple[str, str, str]] = ()
    """Cited sources read or verified with ``--yes``: ``(slug, title, what)`` (issue 40)."""


def _plural(count: int) -> str:
    return "s" if count > 1 else ""


def _counted(count: int, noun: str) -> str:
    """``0 sources``, ``1 source``, ``2 sources``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def render_checklist(data: ChecklistInput) -> str:
    out: list[str] = []
    add = out.append
    add(f"# Pre-finalization checklist — {heading(data.draft)}\n\n")
    passport = f" and passport {code(data.passport)}" if data.passport else ""
    add(f"Written by `ars-docs finalize` from {code(data.draft)}{passport}.\n")
    add("It lists what a human must still do before `ars-docs render --strict` will accept ")
    add("the draft.\nRerun finalize after each change; this file is rewritten every time.\n\n")
    counts = ", ".join(f"{name} {count}" for name, count in data.counts)
    # Counts here are citations (markers in the draft: a source cited twice counts
    # twice); the section headings count sources (issue 25 §6).
    add(f"**Citations:** {_counted(data.total, 'marker')} in the draft — {counts}\n\n")

    hidden = sum(count for _, count in data.must_fix_more)
    items = len(data.must_fix) + hidden
    add(f"## Must fix before rendering ({_counted(items, 'item')}: one per source or text)\n\n")
    if data.must_fix:
        add(f"{_MUST_FIX_INTRO}\n\n")
        for row in data.must_fix:
            title = f" — {text(row.title)}" if row.title else ""
            section = f" — {text(row.section)}" if row.section else ""
            lines = f"line{_plural(len(row.lines))} {row.line_list}"
            add(f"- **{row.status}** {code(row.slug)}{title} — {lines}{section}\n")
            add(f"  {row.action}\n")
        for status, count in data.must_fix_more:
            add(
                f"- … and {count} more **{status}** item{_plural(count)} (the first "
                f"{data.row_cap} are listed; the finalize report counts them all)\n"
            )
    else:
        add(f"{_NOTHING_TO_FIX}\n")

    sources, cited = data.low_warn_count, data.low_warn_citations
    add(
        f"\n## Sources a human must read (LOW-WARN: {_counted(sources, 'source')}, "
        f"{_counted(cited, 'citation')})\n\n"
    )
    if data.low_warn:
        add(f"{_LOW_WARN_INTRO}\n")
        for section_title, rows in data.low_warn:
            add(f"\n### {heading(section_title)}\n\n")
            for item in rows:
                title = f" — *{text(item.title)}*" if item.title else ""
                lines = ", ".join(str(n) for n in item.lines)
                add(f"- [ ] {code(item.slug)}{title} — line{_plural(len(item.lines))} {lines}\n")
                if item.command:
                    add(f"  - acknowledge: {code(item.command)}\n")
                else:
                    add(
                        f"  - acknowledge: one mark-read covers every citation of a source; "
                        f"the command is at its row for {text(item.see)} above\n"
                    )
                if item.held:
                    add(f"  - {text(item.held)}\n")
                if item.partial:
                    add(
                        f"  - partial read recorded ({text(item.partial)}): does not count until "
                        "the full text is read\n"
                    )
    else:
        add("Nothing: no LOW-WARN citation.\n")

    if data.attested:
        add(f"\n## Marked without the terminal prompt ({_counted(len(data.attested), 'source')})")
        add(f"\n\n{_ATTESTED_INTRO}\n\n")
        for slug, title, what in data.attested:
            shown = f" — *{text(title)}*" if title else ""
            add(f"- {code(slug)}{shown} — {text(what)}\n")

    if data.waived_count:
        add(f"\n## Citation-shaped text accepted without a marker ({data.waived_count})\n\n")
        add(f"{_WAIVER_INTRO}\n\n")
        for waiver in data.waived:
            reason = f" — {text(waiver.reason)}" if waiver.reason else ""
            add(f"- line {waiver.line}: {code(waiver.text)}{reason}\n")
        if data.waived_count > len(data.waived):
            add(f"- … and {data.waived_count - len(data.waived)} more\n")
    return "".join(out)
