"""Render the report's data model as one self-contained HTML page (issue 26 §1).

The page is ``templates/report/report.html.j2`` rendered with autoescaping
on, so every string from the session's files is escaped wherever it lands;
the drafts' text views (``text_view``) escape their own text. The stylesheet
and the script are package files inlined into the page: nothing is fetched,
so the file works from ``file://`` and offline, and prints. The script adds
no listener per citation: one delegated handler per event type.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from markupsafe import Markup

from ars_docs.core.templating import html_environment
from ars_docs.reports.trust_report.model import Report
from ars_docs.reports.trust_report.statuses import ALWAYS_SHOWN, CATEGORIES, ICONS, MEANINGS, RANK
from ars_docs.reports.trust_report.text_view import draft_html

__all__ = ["render_page"]


def _asset(name: str) -> str:
    return resources.files("ars_docs").joinpath(f"templates/report/{name}").read_text("utf-8")


def _shown(counts: dict[str, int]) -> list[str]:
    return [name for name in CATEGORIES if counts.get(name) or name in ALWAYS_SHOWN]


def _segments(counts: dict[str, int]) -> list[dict[str, Any]]:
    total = sum(counts.values())
    return [
        {"name": name, "count": count, "percent": round(100 * count / total, 3)}
        for name, count in counts.items()
        if count and total
    ]


def icon_rules() -> str:
    """The status icons as stylesheet rules: one definition (``ICONS``), no markup per badge."""
    return "".join(
        f'.s-{name}::before {{ content: "{icon}\\a0"; font-weight: 700; }}\n'
        for name, icon in ICONS.items()
    )


def _by_draft(cited_by: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """A source's citations grouped by draft, drafts in the order they were given."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for cite in cited_by:
        groups.setdefault(cite["draft_id"], []).append(cite)
    return list(groups.values())


def render_page(report: Report) -> str:
    data = report.data
    texts = {part.data["id"]: Markup(draft_html(part.text, part.data)) for part in report.drafts}
    sources_shown = _shown(data["summary"]["sources_by_status"])
    page: str = (
        html_environment()
        .get_template("report/report.html.j2")
        .render(
            data=data,
            summary=data["summary"],
            texts=texts,
            icons=ICONS,
            meanings=MEANINGS,
            rank=RANK,
            categories=CATEGORIES,
            shown=_shown,
            segments=_segments,
            by_draft=_by_draft,
            sources_shown=sources_shown,
            css=Markup(_asset("report.css") + icon_rules()),
            js=Markup(_asset("report.js")),
        )
    )
    return page
