"""``render --references``: which works go in the reference list, and where it goes.

The list is built from the keys the gate accepted, never from the passport as a
whole: under ``--strict`` a refused draft writes nothing at all, so a list
exists only for a passed draft, and it holds the keys that draft cites. The
preview never refuses, so there the gate is asked once more and a key any of
whose citations it would refuse is left out (the preview shows the list the
final document would have). Formatting is ``bibliography.references``'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ars_docs.bibliography.references import (
    DEFAULT_HEADING,
    Style,
    as_html,
    as_markdown,
    csl_item,
    format_references,
    load_style,
)
from ars_docs.core.errors import UsageError
from ars_docs.session.corpus import Corpus

__all__ = [
    "ReferenceList",
    "ReferenceRequest",
    "accepted_keys",
    "build",
    "check_request",
    "placed",
    "request",
]


@dataclass(frozen=True)
class ReferenceRequest:
    """What ``--references``, ``--csl`` and ``--references-heading`` asked for."""

    style: str | None = None
    heading: str | None = None


@dataclass(frozen=True)
class ReferenceList:
    """A formatted list: the style used, its heading, the keys listed (in list order)
    and their entries (the processor's HTML: escaped text, the style's emphasis)."""

    style: str
    heading: str
    keys: tuple[str, ...]
    entries: tuple[str, ...]


def request(references: bool, *, style: str | None, heading: str | None) -> ReferenceRequest | None:
    """The request of ``--references`` (``None`` without it); its options alone are refused."""
    if not references:
        if style is not None or heading is not None:
            raise UsageError(
                "--csl and --references-heading shape the reference list: give --references too"
            )
        return None
    return ReferenceRequest(style, heading)


def check_request(request: ReferenceRequest, *, passport: str | None) -> Style:
    """Refuse what cannot work before anything is read or written; the loaded style."""
    if not passport:
        raise UsageError(
            "--references formats the list from the passport's entries: give --passport "
            "(or set $ARS_PASSPORT)"
        )
    heading = request.heading
    if heading is not None and (not heading.strip() or "\n" in heading or "\r" in heading):
        raise UsageError("--references-heading must be one non-empty line")
    return load_style(request.style)


def accepted_keys(cited: Iterable[str], refused: Iterable[str | None]) -> tuple[str, ...]:
    """The cited keys, in citation order, without any key the gate refused."""
    out = set(refused)
    return tuple(key for key in cited if key not in out)


def build(
    keys: Sequence[str], corpus: Corpus, request: ReferenceRequest, style: Style
) -> ReferenceList:
    """Format ``keys``' passport entries. A key not in the corpus is not listed (the
    gate refuses such a citation, so a passed draft has none)."""
    items = []
    for key in keys:
        entry = corpus.get(key)
        if entry is not None:
            items.append(csl_item({**entry.data, "citation_key": key}))
    formatted = format_references(items, style)
    heading = request.heading.strip() if request.heading else DEFAULT_HEADING
    return ReferenceList(
        style.name,
        heading,
        tuple(key for key, _ in formatted),
        tuple(entry for _, entry in formatted),
    )


def placed(text: str, references: ReferenceList, *, to: str, newline: str) -> str:
    """The output with the list at its end, the output's own bytes unchanged before it:
    a markdown section after a blank line (in the draft's line endings), or an HTML
    section after the body."""
    if to == "html":
        section = as_html(references.entries, references.heading)
        return text + ("\n" if text and not text.endswith("\n") else "") + section
    if text and not text.endswith(("\n", "\r")):
        text += newline
    if text and not text.endswith((newline * 2, "\n\n", "\r\n\r\n")):
        text += newline
    return text + as_markdown(references.entries, references.heading, newline)
