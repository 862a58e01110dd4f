"""The citation-marker grammar (§3.3 Step 1 and Step 2), defined once.

Forms the finalizer writes (the *canonical* forms)::

    <!--ref:SLUG ok-->                                      ok
    <!--ref:SLUG LOW-WARN-->                                LOW-WARN
    [UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]<!--ref:SLUG-->   MED-WARN
    [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:SLUG-->      HIGH-WARN
    [UNVERIFIED CITATION — NOT IN CORPUS]<!--ref:SLUG-->    NOT-IN-CORPUS (ars-docs)
    [UNVERIFIED CITATION — SOURCE NOT FOUND]<!--ref:SLUG-->         SOURCE-NOT-FOUND
    [UNVERIFIED CITATION — METADATA MISMATCH]<!--ref:SLUG-->        METADATA-MISMATCH
    [UNVERIFIED CITATION — RETRACTED SOURCE]<!--ref:SLUG-->         RETRACTED
    [UNVERIFIED CITATION — EXPRESSION OF CONCERN]<!--ref:SLUG-->    EXPRESSION-OF-CONCERN

A marker that starts a line's content (after indentation and quote, list or
heading markers) is written with an empty comment in front of its warning::

    <!-- -->[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:SLUG-->

A line that starts with ``<!--`` is an HTML block to CommonMark and one that
starts with ``[`` is a paragraph, so a bare warning there would change how
markdown reads the rest of the line, and taking it away later would change it
back (issue 25). With the empty comment (CommonMark's own separator, invisible
in every reader) the line starts with ``<!--`` in every status, so every
status change is reversible and the reading never moves. The empty comment
belongs to the marker only there.

The last four come from ``ars-docs lookup`` (``provenance.with_lookup``); they
share the ``[UNVERIFIED CITATION`` head, so every scan of the gate covers them.

Agents write the bare form ``<!--ref:SLUG-->``. Readers are lenient where the
meaning is unambiguous: whitespace inside the comment (``<!-- ref: slug -->``),
status words in any letter case, and any ``[UNVERIFIED CITATION …]`` prefix
directly before a marker (optionally separated by spaces) belongs to it.
Warning text written with invisible or look-alike characters (``document.parse.visible``)
shows readers a warning but is never a marker's prefix: finalize reports it.
Everything else that starts like a marker is *malformed*: reported, never
rewritten, refused by the gate. So is a comment that looks like an attempted
marker (``<!--ref xie_2013-->``, ``<!-- ref=x -->``, ``<!--cite:x-->``), with a
"did you mean ``<!--ref:xie_2013-->``" hint, a marker naming several keys
(``<!--ref:a,b-->``: one marker per key), a marker over several lines, and a
slug ending in ``-`` or holding ``--`` (readers disagree where such a comment
ends, so the marker's extent would depend on the reader).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ars_docs.document.text import Span
from ars_docs.session.provenance import Status

#: Characters allowed in a slug (citation_key): ASCII letters, digits, ``_ - : . /``.
SLUG_RE = re.compile(r"[A-Za-z0-9_\-:./]+")

#: A comment that is *meant* to be a marker: ``<!--`` then optional spaces then ``ref:``
#: (a line break after ``<!--`` included: browsers read that as a comment too).
MARKER_START_RE = re.compile(r"<!--\s*ref\s*:", re.IGNORECASE)
#: A comment that looks like an *attempted* marker: ``<!--ref xie_2013-->``,
#: ``<!-- ref=xie_2013 -->``, ``<!--cite:ji_2023-->``. Malformed, with a hint.
NEAR_MISS_RE = re.compile(
    r"<!--\s*(?:ref|refs|cite|cites|citation|citekey|ref-?key)(?![A-Za-z])\s*[:=]?\s*"
    r"(?P<guess>[^\s:=<>\-][^\s<>]{0,200}?)?\s*-->",
    re.IGNORECASE,
)
#: Either of the two: every comment the extract pass reports.
MARKER_LIKE_RE = re.compile(
    r"<!--\s*(?:ref\s*:|(?:ref|refs|cite|cites|citation|citekey|ref-?key)(?![A-Za-z]))",
    re.IGNORECASE,
)
#: An unterminated marker covers ``<!--ref:`` and the key-like text after it, no
#: more: never the rest of the line, which may hold other markers (table cells).
UNTERMINATED_RE = re.compile(r"<!--\s*[A-Za-z\-]*\s*[:=]?[^\s<>|]{0,200}")

# Warning text anywhere, attached to a marker or not (the gate refuses it in prose),
# is matched as a reader sees it: ``document.parse.visible`` (``Patterns.warning_text``,
# ``warning_head``), white space between the words of any kind, a line break
# included (editors reflow paragraphs), and invisible or look-alike characters too.

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
    Status.SOURCE_NOT_FOUND: "[UNVERIFIED CITATION — SOURCE NOT FOUND]",
    Status.METADATA_MISMATCH: "[UNVERIFIED CITATION — METADATA MISMATCH]",
    Status.RETRACTED: "[UNVERIFIED CITATION — RETRACTED SOURCE]",
    Status.EXPRESSION_OF_CONCERN: "[UNVERIFIED CITATION — EXPRESSION OF CONCERN]",
}

#: Status words allowed inside the comment, by their lower-case spelling.
COMMENT_STATUS: dict[str, Status] = {"ok": Status.OK, "low-warn": Status.LOW_WARN}

_BODY_RE = re.compile(r"<!--\s*ref\s*:(?P<body>.*?)-->\Z", re.IGNORECASE | re.DOTALL)
#: Separators writers use between several keys in one marker.
_KEY_LIST_RE = re.compile(r"[,;]|\s+and\s+|\s+&\s+")


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
    """Parse a complete HTML comment that starts like a marker (or an attempted one)."""
    if "\n" in comment or "\r" in comment:
        return ParsedComment(None, None, "marker spans several lines; write it on one line")
    match = _BODY_RE.match(comment)
    if match is None:
        if not comment.endswith("-->"):
            return ParsedComment(None, None, "unterminated marker comment (missing '-->')")
        return ParsedComment(None, None, _near_miss_problem(comment))
    body = match.group("body")
    words = body.split()
    if not words:
        return ParsedComment(None, None, "empty slug in marker")
    if len(words) > 1 or not SLUG_RE.fullmatch(words[0]):
        keys = [k.strip() for k in _KEY_LIST_RE.split(body.strip()) if k.strip()]
        if len(keys) > 1 and all(SLUG_RE.fullmatch(k) for k in keys):
            several = "".join(f"<!--ref:{k}-->" for k in keys)
            return ParsedComment(None, None, f"one marker per key: write {several}")
    slug, rest = words[0], words[1:]
    if not SLUG_RE.fullmatch(slug):
        bad = sorted({ch for ch in slug if not SLUG_RE.fullmatch(ch)})
        return ParsedComment(
            None,
            None,
            f"invalid character(s) {''.join(bad)!r} in slug {slug!r}; slugs use letters, "
            "digits and _ - : . /",
        )
    if slug.endswith("-") or "--" in slug:
        # HTML ends a comment at "-->" and markdown readers disagree about "--" inside
        # one, so such a slug makes the marker's extent depend on the reader.
        return ParsedComment(
            None,
            None,
            f"slug {slug!r} ends with '-' or contains '--', which HTML comment rules make "
            "ambiguous; rename the key",
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


def _near_miss_problem(comment: str) -> str:
    match = NEAR_MISS_RE.match(comment)
    guess = (match.group("guess") or "") if match else ""
    guess = guess.strip("'\"`").rstrip("-")
    keys = [k.strip() for k in _KEY_LIST_RE.split(guess) if k.strip()]
    if len(keys) > 1 and all(SLUG_RE.fullmatch(k) for k in keys):
        several = "".join(f"<!--ref:{k}-->" for k in keys)
        return f"looks like a marker but is not one; one marker per key: did you mean {several}?"
    if guess and SLUG_RE.fullmatch(guess) and len(guess) <= 120:
        return f"looks like a marker but is not one; did you mean <!--ref:{guess}-->?"
    return "looks like a marker but is not one; did you mean <!--ref:SLUG-->?"


#: What may precede a line's content: indentation, ``>``, a list marker, an ATX ``#`` run.
LINE_PREFIX = re.compile(r"(?:[ \t>]|[-*+][ \t]|\d{1,9}[.)][ \t]|#{1,6}[ \t])*")
#: Written before the warning of a marker that starts a line's content (see above).
LINE_START_ANCHOR = "<!-- -->"


def starts_line(text: str, offset: int) -> bool:
    """Whether ``text[offset]`` is where its line's content starts (see ``LINE_PREFIX``)."""
    newline = text.rfind("\n", 0, offset)
    # A lone CR ends a line too; look for one only after the last LF (a whole-text
    # backward scan per marker made finalize quadratic on drafts without any CR).
    line_start = max(newline, text.rfind("\r", newline + 1, offset)) + 1
    return LINE_PREFIX.fullmatch(text, line_start, offset) is not None


def format_marker(slug: str, status: Status, *, line_start: bool = False) -> str:
    """The canonical text the finalizer writes for ``slug`` at ``status``.

    ``line_start``: the marker starts a line's content and is written so that
    the line keeps starting with ``<!--`` (``LINE_START_ANCHOR``).
    """
    if status is Status.OK:
        return f"<!--ref:{slug} ok-->"
    if status is Status.LOW_WARN:
        return f"<!--ref:{slug} LOW-WARN-->"
    if status in VISIBLE_PREFIX:
        anchor = LINE_START_ANCHOR if line_start else ""
        return f"{anchor}{VISIBLE_PREFIX[status]}<!--ref:{slug}-->"
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
    #: ``marker`` for ``<!--ref:KEY-->``; ``pandoc`` or ``latex`` for a key of such a
    #: citation that no marker right after it names (``document.citekeys``): then the
    #: span is empty, at the citation's end, where finalize inserts the status.
    syntax: str = "marker"
    #: The marker follows a pandoc or LaTeX citation (directly, or after the markers
    #: of its other keys): its warning is written after ``LINE_START_ANCHOR`` there
    #: too, or pandoc would read ``@key[UNVERIFIED …]`` as the citation's suffix.
    after_cite: bool = False
    #: The key as the pandoc or LaTeX citation writes it (``""`` for ``<!--ref:-->``).
    cited: str = ""

    @property
    def malformed(self) -> bool:
        return self.slug is None

    @property
    def has_prefix(self) -> bool:
        return self.comment_start > self.span.start

    @property
    def anchored(self) -> bool:
        """The marker's span starts with ``LINE_START_ANCHOR`` (it starts a line)."""
        return self.has_prefix and self.text.startswith(LINE_START_ANCHOR)

    @property
    def warning(self) -> str:
        """The visible warning the draft shows before the comment ("" if none)."""
        prefix = self.text[: self.comment_start - self.span.start]
        return prefix[len(LINE_START_ANCHOR) :] if self.anchored else prefix
