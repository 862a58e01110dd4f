"""checklist: the per-section pre-finalization checklist (§3.3 LOW-WARN row).

Each LOW-WARN slug is listed under the heading path where it occurs, with its
line numbers, the title from the corpus and the exact command that
acknowledges it; HIGH-WARN, MED-WARN, NOT-IN-CORPUS and malformed markers are
listed separately as must-fix. The text is built by ``document/checklist_text.py``
into ``state.artifacts["checklist"]``.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field

from ars_docs.document.checklist_text import ChecklistInput, Waiver, render_checklist
from ars_docs.document.md_escape import code, one_line, text_with_comments
from ars_docs.document.md_escape import text as md_text
from ars_docs.document.parse.visible import disguise
from ars_docs.document.passes.foresee import fix_for
from ars_docs.document.pipeline import DocState
from ars_docs.session.attest.records import CONFIRMED, shown
from ars_docs.session.lookup_record import describe
from ars_docs.session.provenance import LOOKUP_STATUSES, Status, count_statuses, shown_counts

NO_SECTION = "(before the first heading)"
_GUESS_RE = re.compile(r"did you mean (<!--ref:[^\s<>]+-->)\?")
#: Must-fix rows that are not a marker status: warning text with no marker (ARS002).
WARNING_TEXT = "WARNING-TEXT"
#: Must-fix rows for citation-shaped text with no marker (ARS005).
UNMARKED = "UNMARKED"
#: Must-fix rows for what only the gate's scans find (ARS011): hidden marker text.
GATE_REFUSES = "GATE-REFUSES"
#: Most serious first: a key nobody has, no original, not cross-checked, then syntax,
#: then warning text left in the prose.
MUST_FIX_ORDER: tuple[str, ...] = (
    Status.NOT_IN_CORPUS.value,
    Status.SOURCE_NOT_FOUND.value,
    Status.METADATA_MISMATCH.value,
    Status.RETRACTED.value,
    Status.EXPRESSION_OF_CONCERN.value,
    Status.HIGH_WARN.value,
    Status.MED_WARN.value,
    Status.MALFORMED.value,
    UNMARKED,
    WARNING_TEXT,
    GATE_REFUSES,
)
METHOD, AUDIT = "source_verification_method", "description_last_audit"
#: Rows per kind of must-fix item, and line numbers per row, before "… and N more".
ROW_CAP = 100
LINE_CAP = 20

_ACTIONS: dict[Status, str] = {
    Status.HIGH_WARN: "No original source on file: acquire it ({retrieve}), check its "
    "description against it and record that ({verify}), or remove the citation.",
    Status.MED_WARN: "The original is on file but the AI has not cross-checked the description "
    "against it: check it, record the check with {verify} (the method you used: "
    "manual_grep, vision_check or codex_audit), then finalize again.",
    Status.NOT_IN_CORPUS: "This key is not in literature_corpus[]: add the entry to the "
    "passport or correct the key.",
    Status.MALFORMED: "The marker is malformed: rewrite it as `<!--ref:SLUG-->`.",
    Status.SOURCE_NOT_FOUND: "`ars-docs lookup` found no trace of this work:",
    Status.METADATA_MISMATCH: "`ars-docs lookup` found that the entry describes another work:",
    Status.RETRACTED: "`ars-docs lookup` found a retraction:",
    Status.EXPRESSION_OF_CONCERN: "`ars-docs lookup` found an expression of concern:",
}
_UNMARKED_ACTION = (
    "Citation-shaped text with no marker (ARS005): the gate cannot check it. Add the "
    "marker `<!--ref:SLUG-->` directly after it, or, if it is not a citation, write "
    "`<!--not-a-citation: REASON-->` after it (the waiver is listed below)."
)
_WARNING_TEXT_ACTION = (
    "`[UNVERIFIED CITATION` text with no marker after it (ARS002): remove the warning, or "
    "put the citation's marker `<!--ref:SLUG-->` directly after it and finalize again."
)


def _disguised_action(shown: str) -> str:
    return (
        "`[UNVERIFIED CITATION` text written with invisible or look-alike characters "
        f"(ARS002; the first: {md_text(shown)}): readers see a warning, but finalize "
        "reads only warnings written plainly as its own. Delete it; finalize writes "
        "the warning a marker needs."
    )


@dataclass
class _Item:
    slug: str
    status: str
    title: str
    section: str
    action: str = ""
    command: str = ""
    partial: str = ""
    held: str = ""
    """"original held on paper at …" (``hold-original``), shown with the row."""
    see: str = ""
    """LOW-WARN rows after the first of a source: where the row with the command is."""
    lines: list[int] = field(default_factory=list)

    @property
    def line_list(self) -> str:
        shown = ", ".join(str(n) for n in self.lines[:LINE_CAP])
        more = len(self.lines) - LINE_CAP
        return f"{shown} and {more} more" if more > 0 else shown


def section_title(section: tuple[str, ...]) -> str:
    return " › ".join(section) if section else NO_SECTION


def checklist(state: DocState) -> None:
    passport = state.options.passport
    must_fix: dict[tuple[str, str], _Item] = {}
    low_warn: dict[str, dict[str, _Item]] = {}
    first_line: dict[str, int] = {}
    for res in state.resolutions:
        marker = res.marker
        slug = marker.slug or marker.text or marker.cited
        title = _title(state, marker.slug)
        section = section_title(marker.section)
        if res.status is Status.LOW_WARN:
            items = low_warn.setdefault(section, {})
            item = items.get(slug)
            if item is None:
                item = items[slug] = _Item(slug, res.status.value, title, section)
                # One mark-read covers every citation of the source: its command is
                # shown once, in the first section citing it (issue 25 §6).
                if slug in first_line:
                    item.see = f"line {first_line[slug]}"
                else:
                    first_line[slug] = marker.line
                    item.command = _command(slug, passport)
                    item.partial = _partial(state, slug)
                    item.held = state.trust.held(slug) if state.trust is not None else ""
            item.lines.append(marker.line)
        elif res.status is not Status.OK:
            key = (res.status.value, slug)
            item = must_fix.get(key)
            if item is None:
                item = must_fix[key] = _Item(slug, res.status.value, title, section)
                item.action = _action(state, res.status, slug, passport)
                if marker.cited and res.status is Status.MALFORMED:
                    item.action = f"The {marker.syntax} citation's key cannot be resolved."
                if res.status in LOOKUP_STATUSES and state.trust is not None:
                    found = describe(state.trust.lookup(slug), slug)
                    item.action = f"{item.action} {md_text(found)}."
                held = state.trust.held(slug) if state.trust is not None else ""
                if held:  # no file to grep, or a scan with no text: a person checks it
                    item.action = _held_action(res.status, slug, passport, held, item.action)
                if marker.problem:  # quotes the marker's text: escaped like any user string
                    item.action = _with_problem(item.action, marker.problem)
            item.lines.append(marker.line)
    text = state.document.text
    for orphan in state.orphan_warnings:
        shown = disguise(text[orphan.start : orphan.end])
        key = (WARNING_TEXT, "-" if shown is None else "disguised")
        item = must_fix.get(key)
        if item is None:
            item = must_fix[key] = _Item(
                "[UNVERIFIED CITATION …]", WARNING_TEXT, "", section_title(orphan.section)
            )
            item.action = _WARNING_TEXT_ACTION if shown is None else _disguised_action(shown)
        item.lines.append(state.document.position(orphan.start)[0])
    for offender in state.foreseen:
        key = (GATE_REFUSES, f"{offender.line}:{offender.col}")
        item = must_fix[key] = _Item(offender.reason, GATE_REFUSES, "", "")
        item.action = (
            f"render --strict will refuse this ({offender.reason}, ARS011): "
            f"{one_line(offender.detail)}; {fix_for(offender)}."
        )
        item.lines.append(offender.line)
    waived: list[Waiver] = []
    for cite in state.citation_texts:
        if cite.waived:
            if len(waived) < ROW_CAP:
                waived.append(Waiver(cite.line, cite.excerpt, cite.waiver_reason))
            continue
        key = (UNMARKED, cite.excerpt)
        item = must_fix.get(key)
        if item is None:
            item = must_fix[key] = _Item(cite.excerpt, UNMARKED, "", "")
            item.action = _UNMARKED_ACTION
            if cite.markers:
                item.action += f" It cites {cite.works} works but has {cite.markers} marker(s)."
        item.lines.append(cite.line)
    rows, more = _capped(must_fix.values())
    counts = count_statuses(r.status for r in state.resolutions)
    data = ChecklistInput(
        # File names are user strings: kept on one line (md_escape, issue 16).
        draft=one_line(state.document.path),
        passport=one_line(passport) if passport else passport,
        total=len(state.resolutions),
        counts=shown_counts(counts),
        must_fix=rows,
        must_fix_more=more,
        row_cap=ROW_CAP,
        low_warn=[(title, list(items.values())) for title, items in low_warn.items()],
        low_warn_count=len({slug for items in low_warn.values() for slug in items}),
        low_warn_citations=counts.get(Status.LOW_WARN.value, 0),
        waived=waived,
        waived_count=sum(1 for c in state.citation_texts if c.waived),
        attested=_without_the_prompt(state),
    )
    state.artifacts["checklist"] = render_checklist(data)


def _without_the_prompt(state: DocState) -> list[tuple[str, str, str]]:
    """Cited sources whose active read mark or current verification was recorded as made
    with ``--yes`` (issue 40): ``(slug, title, what)``. A mark with no record is not
    listed (another tool's marks have none; the report shows them as not recorded)."""
    trust = state.trust
    if trust is None:
        return []
    rows: dict[str, str] = {}
    for res in state.resolutions:
        slug = res.marker.slug
        entry = trust.entry(slug) if slug is not None else None
        if slug is None or entry is None or slug in rows:
            continue
        records = trust.attestations()
        what = []
        mark = trust.read_log.active(slug)
        how = records.read(slug, mark.marked_at) if mark is not None else None
        if how is not None and how != CONFIRMED:
            what.append(f"read ({shown(how)})")
        if entry.source_verified_against_original:
            method, audit = (entry.data.get(k) for k in (METHOD, AUDIT))
            how = records.verification(slug, _str(method), _str(audit))
            if how is not None and how != CONFIRMED:
                what.append(f"verified ({shown(how)})")
        rows[slug] = "; ".join(what)
    return [(slug, _title(state, slug), what) for slug, what in rows.items() if what]


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _capped(items: Iterable[_Item]) -> tuple[list[_Item], list[tuple[str, int]]]:
    """Rows in order of seriousness, at most ``ROW_CAP`` per kind; the rest counted."""
    ordered = sorted(items, key=lambda i: (MUST_FIX_ORDER.index(i.status), i.lines[0]))
    rows: list[_Item] = []
    more: dict[str, int] = {}
    for item in ordered:
        shown = sum(1 for row in rows[-ROW_CAP:] if row.status == item.status)
        if shown >= ROW_CAP:
            more[item.status] = more.get(item.status, 0) + 1
        else:
            rows.append(item)
    return rows, list(more.items())


def _title(state: DocState, slug: str | None) -> str:
    if slug is None or state.trust is None:
        return ""
    entry = state.trust.entry(slug)
    return " ".join(entry.title.split()) if entry is not None else ""


def _action(state: DocState, status: Status, slug: str, passport: str | None) -> str:
    """The row's advice with the exact commands for this key (issue 25 §6)."""
    where = f" --passport {shlex.quote(passport)}" if passport else ""
    key = shlex.quote(slug)
    text = _ACTIONS[status].format(
        retrieve=f"`ars-docs retrieve {key}{where}`",
        verify=f"`ars-docs verify {key} --method manual_grep{where}`",
    )
    if status is Status.NOT_IN_CORPUS and state.trust is not None:
        close = state.trust.corpus.closest_keys(slug)
        if close:
            named = ", ".join(f"`{k}`" for k in close)
            text += f" Did you mean {named}? Then write `<!--ref:{close[0]}-->` instead."
    return one_line(text)


def _with_problem(action: str, problem: str) -> str:
    """A malformed marker's problem; "did you mean" names the marker to write."""
    guess = _GUESS_RE.search(problem)
    if guess is not None and guess.group(1) != "<!--ref:SLUG-->":
        action = action.replace("`<!--ref:SLUG-->`", code(guess.group(1)))
    problem = problem.rstrip(".")
    end = "" if problem.endswith("?") else "."
    return f"{action} Problem: {text_with_comments(problem)}{end}"


def _held_action(status: Status, slug: str, passport: str | None, held: str, action: str) -> str:
    """A held original's row says what is held and where, not "on file" (issue 40)."""
    shown = md_text(held[:1].upper() + held[1:])
    if status is not Status.MED_WARN:
        return f"{action} ({shown}.)"
    where = f" --passport {shlex.quote(passport)}" if passport else ""
    command = f"ars-docs verify {shlex.quote(slug)} --method vision_check{where}"
    return one_line(
        f"{shown}; the AI has not cross-checked the description against it: check the entry "
        f"against it yourself and record the check with `{command}` (or --method "
        "manual_grep), then finalize again."
    )


def _command(slug: str, passport: str | None) -> str:
    where = f" --passport {shlex.quote(passport)}" if passport else ""
    return one_line(f"ars-docs mark-read {shlex.quote(slug)}{where}")


def _partial(state: DocState, slug: str) -> str:
    if state.trust is None:
        return ""
    mark = state.trust.partial_read(slug)
    return mark.level if mark is not None else ""
