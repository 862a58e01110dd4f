"""The citation-marker grammar (§3.3 Step 1 and Step 2), defined once.

Forms the finalizer writes (the *canonical* forms)::

    <!--ref:SLUG ok-->                                      ok
    <!--ref:SLUG LOW-WARN-->                                LOW-WARN
    [UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]<!--ref:SLUG-->   MED-WARN
    [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:SLUG-->      HIGH-WARN
    [UNVERIFIED CITATION — NOT IN CORPUS]<!--ref:SLUG-->    NOT-IN-CORPUS (ars-docs)

Agents write the bare form ``<!--ref:SLUG-->``. Readers are lenient where the
meaning is unambiguous: whitespace inside the comment (``<!-- ref: slug -->``),
status words in any letter case, and any ``[UNVERIFIED CITATION …]`` prefix
directly before a marker (optionally separated by spaces) belongs to it.
Everything else that starts like a marker is *malformed*: reported, never
rewritten, refused by the gate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ars_docs.draft.document import Span
from ars_docs.draft.provenance import Status

#: Characters allowed in a slug (citation_key): ASCII letters, digits, ``_ - : . /``.
SLUG_RE = re.compile(r"[A-Za-z0-9_\-:./]+")

#: A comment that is *meant* to be a marker: ``<!--`` then optional spaces then ``ref:``.
MARKER_START_RE = re.compile(r"<!--[ \t]*ref[ \t]*:", re.IGNORECASE)

#: Any warning text, attached to a marker or not (the gate refuses it in prose).
#: Whitespace between the words may be anything, a line break included (editors
#: reflow paragraphs).
WARNING_TEXT_RE = re.compile(r"\[UNVERIFIED\s+CITATION", re.IGNORECASE)
#: The part of a warning that always sits on one line: what offsets are counted by.
WARNING_ANCHOR_RE = re.compile(r"\[UNVERIFIED", re.IGNORECASE)

#: A whole visible prefix, from its ``[`` to the marker: no brackets or ``<`` inside
#: (so it can neither swallow another warning nor another marker), then optional
#: spaces or tabs before the ``<!--``.
PREFIX_RE = re.compile(r"\[UNVERIFIED\s+CITATION[^\[\]<]*\][ \t]*", re.IGNORECASE)
#: Prefix-shaped text to drop from heading titles.
PREFIX_IN_TEXT_RE = re.compile(r"\[UNVERIFIED\s+CITATION[^\[\]]*\]", re.IGNORECASE)

VISIBLE_PREFIX: dict[Status, str] = {
    Status.HIGH_WARN: "[UNVERIFIED CITATION — NO ORIGINAL]",
    Status.MED_WARN: "[UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]",
    Status.NOT_IN_CORPUS: "[UNVERIFIED CITATION — NOT IN CORPUS]",
}

#: Status words allowed inside the comment, by their lower-case spelling.
COMMENT_STATUS: dict[str, Status] = {"ok": Status.OK, "low-warn": Status.LOW_WARN}

_BODY_RE = re.compile(r"<!--[ \t]*ref[ \t]*:(?P<body>.*?)-->\Z", re.IGNORECASE | re.DOTALL)


#: What the draft shows for a marker with neither a status word nor a prefix.
CLAIM_BARE = "bare"
#: What the draft shows for a malformed marker.
CLAIM_MALFORMED = "MALFORMED"


@dataclass(frozen=True, slots=True)
class ParsedComment:
    """Result of reading one ``<!--ref:…-->`` comment.

    ``slug`` is ``None`` exactly when ``problem`` is set (the marker is malformed).
    ``status`` is the status word written in the comment, if any.
    """

    slug: str | None
    status: Status | None
    problem: str | None


def parse_comment(comment: str) -> ParsedComment:
    """Parse a complete HTML comment that starts like a marker."""
    match = _BODY_RE.match(comment)
    if match is None:
        return ParsedComment(None, None, "unterminated marker comment (missing '-->')")
    body = match.group("body")
    if "\n" in body or "\r" in body:
        return ParsedComment(None, None, "marker spans several lines; write it on one line")
    words = body.split()
    if not words:
        return ParsedComment(None, None, "empty slug in marker")
    slug, rest = words[0], words[1:]
    if not SLUG_RE.fullmatch(slug):
        bad = sorted({ch for ch in slug if not SLUG_RE.fullmatch(ch)})
        return ParsedComment(
            None,
            None,
            f"invalid character(s) {''.join(bad)!r} in slug {slug!r}; slugs use letters, "
            "digits and _ - : . /",
        )
    if len(rest) > 1:
        return ParsedComment(
            None, None, f"too many words in marker for slug {slug!r} (slugs cannot contain spaces)"
        )
    if rest:
        status = COMMENT_STATUS.get(rest[0].lower())
        if status is None:
            return ParsedComment(
                None,
                None,
                f"unknown status word {rest[0]!r} for slug {slug!r} (expected 'ok' or "
                "'LOW-WARN'; slugs cannot contain spaces)",
            )
        return ParsedComment(slug, status, None)
    return ParsedComment(slug, None, None)


def format_marker(slug: str, status: Status) -> str:
    """The canonical text the finalizer writes for ``slug`` at ``status``."""
    if status is Status.OK:
        return f"<!--ref:{slug} ok-->"
    if status is Status.LOW_WARN:
        return f"<!--ref:{slug} LOW-WARN-->"
    if status in VISIBLE_PREFIX:
        return f"{VISIBLE_PREFIX[status]}<!--ref:{slug}-->"
    raise ValueError(f"no canonical marker form for status {status}")


def claim_of(prefix: str, status_word: Status | None) -> str:
    """Name what the draft claims: ``bare``, ``ok``, ``LOW-WARN`` or a prefix status."""
    if prefix:
        label = prefix.strip().lstrip("\\").replace("\\]", "]").upper()
        for status, text in VISIBLE_PREFIX.items():
            if _normalise_prefix(text) == _normalise_prefix(label):
                return status.value
        return "UNVERIFIED"
    if status_word is not None:
        return status_word.value
    return CLAIM_BARE


def _normalise_prefix(text: str) -> str:
    # Agents write the dash as an em dash, en dash, hyphen or "--"; compare the words only.
    return " ".join(re.sub(r"[—–\-]+", " ", text.upper()).split())


@dataclass(frozen=True, slots=True)
class Marker:
    """One citation marker as found in the draft.

    ``span`` covers the visible ``[UNVERIFIED CITATION …]`` prefix when one is
    attached, so rewriting the span replaces prefix and comment together;
    ``comment_start`` is where the ``<!--`` begins. ``claim`` is what the draft
    shows (``bare``, ``ok``, ``LOW-WARN``, a prefix status or ``MALFORMED``),
    never trusted. ``slug`` is ``None`` for malformed markers.
    """

    slug: str | None
    claim: str
    span: Span
    comment_start: int
    line: int
    col: int
    section: tuple[str, ...]
    text: str
    problem: str | None = None

    @property
    def malformed(self) -> bool:
        return self.slug is None

    @property
    def has_prefix(self) -> bool:
        return self.comment_start > self.span.start
