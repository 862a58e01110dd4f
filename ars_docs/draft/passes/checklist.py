"""checklist: the per-section pre-finalization checklist (§3.3 LOW-WARN row).

Each LOW-WARN slug is listed under the heading path where it occurs, with its
line numbers, the title from the corpus and the exact command that
acknowledges it; HIGH-WARN, MED-WARN, NOT-IN-CORPUS and malformed markers are
listed separately as must-fix. Rendered from
``templates/prefinalization_checklist.md.j2`` into ``state.artifacts["checklist"]``.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from ars_docs.draft.md_escape import one_line
from ars_docs.draft.pipeline import DocState
from ars_docs.draft.provenance import Status, count_statuses
from ars_docs.templating import render_template

NO_SECTION = "(before the first heading)"
#: Most serious first: a key nobody has, no original, not cross-checked, then syntax.
MUST_FIX_ORDER = (Status.NOT_IN_CORPUS, Status.HIGH_WARN, Status.MED_WARN, Status.MALFORMED)

_ACTIONS: dict[Status, str] = {
    Status.HIGH_WARN: "No original source on file: acquire it (e.g. `ars-docs retrieve`) and "
    "have it verified, or remove the citation.",
    Status.MED_WARN: "The original is on file but the AI has not cross-checked the description "
    "against it: run the verification, then finalize again.",
    Status.NOT_IN_CORPUS: "This key is not in literature_corpus[]: add the entry to the "
    "passport or correct the key.",
    Status.MALFORMED: "The marker is malformed: rewrite it as `<!--ref:SLUG-->`.",
}


@dataclass
class _Item:
    slug: str
    status: str
    title: str
    section: str
    action: str = ""
    command: str = ""
    partial: str = ""
    lines: list[int] = field(default_factory=list)


def section_title(section: tuple[str, ...]) -> str:
    return " › ".join(section) if section else NO_SECTION


def checklist(state: DocState) -> None:
    passport = state.options.passport
    must_fix: dict[tuple[str, str], _Item] = {}
    low_warn: dict[str, dict[str, _Item]] = {}
    for res in state.resolutions:
        marker = res.marker
        slug = marker.slug or marker.text
        title = _title(state, marker.slug)
        section = section_title(marker.section)
        if res.status is Status.LOW_WARN:
            items = low_warn.setdefault(section, {})
            item = items.get(slug)
            if item is None:
                item = items[slug] = _Item(slug, res.status.value, title, section)
                item.command = _command(slug, passport)
                item.partial = _partial(state, slug)
            item.lines.append(marker.line)
        elif res.status is not Status.OK:
            key = (res.status.value, slug)
            item = must_fix.get(key)
            if item is None:
                item = must_fix[key] = _Item(slug, res.status.value, title, section)
                item.action = _ACTIONS[res.status]
            item.lines.append(marker.line)
    counts = count_statuses(r.status for r in state.resolutions)
    state.artifacts["checklist"] = render_template(
        "prefinalization_checklist.md.j2",
        # File names are user strings: kept on one line (md_escape, issue 16).
        draft=one_line(state.document.path),
        passport=one_line(passport) if passport else passport,
        total=len(state.resolutions),
        counts=list(counts.items()),
        must_fix=sorted(
            must_fix.values(), key=lambda i: (MUST_FIX_ORDER.index(Status(i.status)), i.lines[0])
        ),
        low_warn=[
            {"title": title, "entries": list(items.values())} for title, items in low_warn.items()
        ],
        low_warn_count=len({slug for items in low_warn.values() for slug in items}),
    )


def _title(state: DocState, slug: str | None) -> str:
    if slug is None or state.trust is None:
        return ""
    entry = state.trust.entry(slug)
    return " ".join(entry.title.split()) if entry is not None else ""


def _command(slug: str, passport: str | None) -> str:
    where = f" --passport {shlex.quote(passport)}" if passport else ""
    return one_line(f"ars-docs mark-read {shlex.quote(slug)}{where}")


def _partial(state: DocState, slug: str) -> str:
    if state.trust is None:
        return ""
    mark = state.trust.partial_read(slug)
    return mark.level if mark is not None else ""
