"""The HTML preview shows what it is (issue 26 §2): a badge per citation and a banner.

``render --to html`` without ``--strict`` renders the draft with every marker
replaced by a badge that carries the citation's status as an icon and a text
label, styled by its colour, with the evidence behind it in its ``title``:
what the corpus and the read log say (when a passport was given; otherwise
the status is what the draft claims, and the badge says so), and the next
command that would raise the source. A banner above the text says it is a
preview and what the strict gate would say.

Markers become placeholders made of private-use characters before the
markdown is rendered, so the parser never sees badge markup (and the
draft's own HTML is escaped as usual); after rendering, a placeholder in
text becomes the badge, one inside a tag (an image's ``alt``) a plain label.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from importlib import resources

from ars_docs.document.markers import CLAIM_BARE, Marker
from ars_docs.document.next_step import next_step
from ars_docs.document.renderers.html import render_html
from ars_docs.document.text import Edit, Span, apply_edits
from ars_docs.session.provenance import Status
from ars_docs.session.trust import TrustView

__all__ = ["Banner", "preview_body", "preview_css"]

#: Icon per status, so that colour is never the only signal.
ICONS: dict[str, str] = {
    Status.OK.value: "✓",
    Status.LOW_WARN.value: "!",
    Status.MED_WARN.value: "!!",
    Status.HIGH_WARN.value: "✗",
    Status.SOURCE_NOT_FOUND.value: "✗",
    Status.METADATA_MISMATCH.value: "≠",
    Status.RETRACTED.value: "⊘",
    Status.EXPRESSION_OF_CONCERN.value: "⊘",
    Status.NOT_IN_CORPUS.value: "?",
    Status.MALFORMED.value: "#",
}

_PAIRS = (("\ue000", "\ue001"), ("\uf8f0", "\uf8f1"), ("\U000f0000", "\U000f0001"))


def preview_css() -> str:
    """The preview document's stylesheet (a package file: ``templates/render/preview.css``)."""
    return resources.files("ars_docs").joinpath("templates/render/preview.css").read_text("utf-8")


@dataclass(frozen=True)
class Banner:
    """What the banner says: whether statuses were checked, and the gate's verdict."""

    checked: bool
    passed: bool | None = None
    problems: int = 0
    reasons: Sequence[str] = ()
    #: What the gate did not check under the session's policy (existence), if anything.
    note: str | None = None


def _status(marker: Marker, trust: TrustView | None) -> tuple[str, str]:
    """The badge's label and the one-line reason for it."""
    if marker.slug is None:
        return Status.MALFORMED.value, marker.problem or "malformed marker"
    if trust is not None:
        status = trust.status(marker.slug).value
        note = "" if marker.claim == status else f"; the draft shows {marker.claim}: run finalize"
        return status, f"computed from the passport and the read log{note}"
    if marker.claim == CLAIM_BARE:
        return "NOT-RESOLVED", "never finalized; pass --passport to see its status"
    return marker.claim, "as the draft claims it; unchecked (no --passport)"


def _title(
    marker: Marker, status: str, why: str, trust: TrustView | None, passport: str | None
) -> str:
    parts = [f"{status} — {marker.slug or 'malformed marker'}", why]
    if marker.slug is not None and trust is not None:
        entry = trust.entry(marker.slug)
        facts = trust.facts(marker.slug)
        if entry is not None and facts is not None:
            if entry.title:
                parts.append(f"title: {entry.title}")
            yes = {True: "yes", False: "no"}
            parts.append(
                f"acquired: {yes[facts.source_acquired]}; verified against the original: "
                f"{yes[facts.source_verified_against_original]}; read by a human: "
                f"{yes[facts.human_read_source]}"
            )
        step = next_step(marker.slug, status, passport)
        if step["command"]:
            parts.append(f"next: {step['command']} ({step['before']})")
        elif step["before"]:
            parts.append(f"next: {step['before']}")
    return "\n".join(parts)


def _badge(marker: Marker, trust: TrustView | None, passport: str | None) -> tuple[str, str]:
    status, why = _status(marker, trust)
    icon = ICONS.get(status, "…")
    label = f"{status} {marker.slug}" if marker.slug else status
    title = _title(marker, status, why, trust, passport)
    html = (
        f'<span class="ars-cite s-{escape(status)}" tabindex="0" title="{escape(title)}">'
        f'<span aria-hidden="true">{icon}</span> {escape(label)}</span>'
    )
    return html, f"[{label}]"


def _pair(text: str) -> tuple[str, str]:
    for pair in _PAIRS:
        if pair[0] not in text and pair[1] not in text:
            return pair
    raise ValueError("the draft uses every placeholder character ars-docs could use")


def banner_html(banner: Banner, passport: str | None) -> str:
    head = "<strong>Preview — not the final document.</strong> "
    if not banner.checked:
        return (
            f'<div class="ars-banner" role="note"><p>{head}Each citation shows the status the '
            "draft claims, <strong>unchecked</strong>: no passport was given. Render with "
            "<code>--passport PASSPORT</code> to see the computed statuses and what the gate "
            "would say.</p></div>\n"
        )
    where = f" <code>{escape(passport)}</code>" if passport else ""
    if banner.passed:
        verdict = (
            '<p><span aria-hidden="true">✓</span> <code>render --strict</code> would pass.</p>'
        )
    else:
        items = "".join(f"<li>{escape(r)}</li>" for r in banner.reasons)
        more = banner.problems - len(banner.reasons)
        tail = f"<p>… and {more} more.</p>" if more > 0 else ""
        noun = "problem" if banner.problems == 1 else "problems"
        verdict = (
            f'<p><span aria-hidden="true">✗</span> <code>render --strict</code> would refuse: '
            f"{banner.problems} {noun}.</p><ol>{items}</ol>{tail}"
        )
    note = f"<p>Note: {escape(banner.note)}.</p>" if banner.note else ""
    return (
        f'<div class="ars-banner" role="note"><p>{head}Each citation shows its status as '
        f"computed from the passport{where} and its read log; hover over or focus a badge for "
        f"the evidence.</p>{verdict}{note}</div>\n"
    )


def preview_body(
    text: str,
    markers: Sequence[Marker],
    trust: TrustView | None,
    banner: Banner,
    *,
    passport: str | None = None,
    allow_html: bool = False,
) -> str:
    """The preview's HTML body: the banner, then the draft with a badge per marker."""
    opening, closing = _pair(text)
    badges: list[tuple[str, str]] = []
    edits = []
    for index, marker in enumerate(markers):
        badges.append(_badge(marker, trust, passport))
        edits.append(Edit(Span(marker.span.start, marker.span.end), f"{opening}{index}{closing}"))
    rendered = render_html(apply_edits(text, edits), allow_html=allow_html)
    placeholder = re.compile(f"{re.escape(opening)}(\\d+){re.escape(closing)}")
    pieces = []
    for part in re.split(r"(<[^>]*>)", rendered):
        use = 1 if part.startswith("<") else 0  # inside a tag: the plain label
        pieces.append(placeholder.sub(lambda m, use=use: badges[int(m.group(1))][use], part))
    return banner_html(banner, passport) + "".join(pieces)
