"""A draft's text as HTML, each citation shown in place with its status (issue 26 §1).

The draft is shown as written — its markdown source, block by block, with
the first line number of each block — not rendered, so that the line
numbers of the gate's reasons and the sources table point at what the page
shows. Each marker (a visible ``[UNVERIFIED CITATION …]`` prefix included)
is replaced by a badge that carries the status as an icon and a label and
the key; unmarked citation-shaped text is highlighted where it stands, with
its own badge. Everything from the draft is escaped. The badges carry no
listener: the page's one delegated handler shows the evidence of the row
the badge links to.
"""

from __future__ import annotations

import bisect
import re
from html import escape
from typing import Any

from ars_docs.reports.trust_report.statuses import UNMARKED

__all__ = ["draft_html"]

_BLANK_RUN = re.compile(r"(?:\r?\n[ \t]*){2,}")


def _esc(text: str) -> str:
    return escape(text.replace("\r\n", "\n").replace("\r", "\n"), quote=True)


def _badge(c: dict[str, Any], raw: str) -> str:
    # A citation of a key is a link to its row in the sources table (focusable, and
    # the evidence one click away). The icon comes from the stylesheet (``::before``,
    # from ``statuses.ICONS``); the label is text: colour is never the only signal.
    status = c["status"]
    shows = ""
    if c["draft_shows"] not in (status, "MALFORMED"):
        shows = f' data-d="{_esc(c["draft_shows"])}"'
    if c["slug"] is not None:
        slug = _esc(c["slug"])
        return f'<a class="c s-{status}" id="{c["id"]}" href="#s-{slug}"{shows}>{status} {slug}</a>'
    return (
        f'<mark class="c s-{status}" id="{c["id"]}" tabindex="0" '
        f'data-p="{_esc(c["problem"] or "")}">{status} <code>{_esc(raw)}</code></mark>'
    )


def _unmarked(u: dict[str, Any], inner: str) -> str:
    return (
        f'<mark class="c u" id="{u["id"]}" tabindex="0" data-u="{u["works"]}/{u["markers"]}">'
        f'{inner}<span class="b s-{UNMARKED}">{UNMARKED}</span></mark>'
    )


def _events(text: str, draft: dict[str, Any]) -> list[tuple[int, int, str]]:
    """``(start, end, html)``: markers replaced, unmarked texts wrapped; no overlaps."""
    found: list[tuple[int, int, int, dict[str, Any]]] = []
    for c in draft["citation_list"]:
        found.append((c["start"], c["end"], 0, c))
    for u in draft["unmarked"]:
        found.append((u["start"], u["end"], 1, u))
    found.sort(key=lambda f: (f[0], f[2]))
    # Markers never overlap one another, so their ends are sorted as their starts.
    spans = sorted((c["start"], c["end"]) for c in draft["citation_list"])
    ends = [end for _, end in spans]
    events: list[tuple[int, int, str]] = []
    cursor = 0
    for start, end, kind, item in found:
        if kind == 0:
            if start < cursor:
                continue  # cannot happen for markers; never emit overlapping html
            events.append((start, end, _badge(item, text[start:end])))
            cursor = end
        elif start >= cursor and not _overlaps(spans, ends, start, end):
            events.append((start, end, _unmarked(item, _esc(text[start:end]))))
            cursor = end
        else:  # a marker sits inside the text: flag it at its end instead
            at = max(end, cursor)
            events.append((at, at, _unmarked(item, "")))
            cursor = at
    events.sort(key=lambda e: (e[0], e[1]))
    return events


def _overlaps(spans: list[tuple[int, int]], ends: list[int], start: int, end: int) -> bool:
    at = bisect.bisect_right(ends, start)
    return at < len(spans) and spans[at][0] < end


def draft_html(text: str, draft: dict[str, Any]) -> str:
    """The draft's blocks as HTML (``p.p`` per block, ``id`` ``<draft>-L<line>``)."""
    events = _events(text, draft)
    # Block boundaries: runs of blank lines that no citation span crosses.
    cuts: list[tuple[int, int]] = []
    at = 0
    for match in _BLANK_RUN.finditer(text):
        while at < len(events) and events[at][1] <= match.start():
            at += 1
        if at < len(events) and events[at][0] < match.end() and events[at][1] > match.start():
            continue
        cuts.append((match.start(), match.end()))
    pieces: list[str] = []
    draft_id = draft["id"]
    line = 1
    position = 0
    event_at = 0
    bounds = [*cuts, (len(text), len(text))]
    for cut_start, cut_end in bounds:
        block_start, block_end = position, cut_start
        # Leading line breaks of the very first block.
        while block_start < block_end and text[block_start] in "\r\n":
            if text[block_start] == "\n":
                line += 1
            block_start += 1
        if block_start < block_end:
            out: list[str] = []
            cursor = block_start
            while event_at < len(events) and events[event_at][0] < block_end:
                start, end, html = events[event_at]
                out.append(_esc(text[cursor:start]))
                out.append(html)
                cursor = end
                event_at += 1
            out.append(_esc(text[cursor:block_end]))
            kind = "p h" if text.startswith("#", block_start) else "p"
            pieces.append(
                f'<p class="{kind}" id="{draft_id}-L{line}" data-n="{line}">{"".join(out)}</p>\n'
            )
        line += text.count("\n", block_start, cut_end)
        position = cut_end
    return "".join(pieces)
