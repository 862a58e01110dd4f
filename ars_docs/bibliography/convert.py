"""A reader's ``Record`` → one ``literature_corpus[]`` entry (rules: docs/corpus-import.md).

What the file says is kept, cleaned to the schema's types; nothing is made up:
an entry without a title is skipped, one without authors takes its editors,
else its organisation / institution / publisher as a ``literal``, else it is
skipped. The year is an integer when the file gives one (``n.d.`` when it
gives none), identifiers are normalised or dropped with a warning, an ISBN is
kept for books and chapters only. Every imported entry starts at the most
conservative trust: no original on file, nothing verified, description from
the bibliography (``bibliography_v1``).
"""

from __future__ import annotations

from typing import Any

from ars_docs.bibliography.keys import allowed_key, closest_key, generated_key
from ars_docs.bibliography.model import BibEntry, Problem, Record
from ars_docs.bibliography.text import clean
from ars_docs.bibliography.vocab import BOOKISH
from ars_docs.works import identifiers as ids

__all__ = ["TRUST_DEFAULTS", "convert"]

#: The trust fields of every imported entry (§3.1: nothing acquired, nothing checked).
TRUST_DEFAULTS: dict[str, Any] = {
    "source_acquired": False,
    "source_verified_against_original": False,
    "source_verification_method": "none",
    "description_source": "bibliography_v1",
    "description_last_audit": "none",
}
_PLAIN_FIELDS = ("venue", "publisher", "volume", "issue", "pages")


def convert(record: Record, path: str) -> tuple[BibEntry | None, list[Problem]]:
    """The entry for ``record`` (None when it is unusable) and the problems found."""
    warnings = list(record.warnings)
    original = record.key.strip() if record.key is not None else None
    key = original if original and allowed_key(original) else None
    if original and key is None:
        key = closest_key(original)
        if key is not None:
            warnings.append(
                f"key {original!r} changed to {key!r} (a citation key may hold only ASCII "
                "letters, digits and _ - : . /, and no '--' or final '-')"
            )

    def problem(kind: Any, message: str) -> Problem:
        return Problem(path, record.line, kind, message, key=key, original_key=original)

    title = clean(record.title or "")
    if not title:
        return None, [problem("unusable", "no title; add one and import again")]
    authors, whose = _authors(record)
    if not authors:
        return None, [
            problem(
                "unusable",
                "no author, editor, organisation, institution or publisher; add the author "
                "and import again",
            )
        ]
    if whose:
        warnings.append(f"no author; {whose} written as the author(s)")
    year = ids.normal_year(record.date)
    if year is None:
        if record.date and clean(record.date):
            warnings.append(f"year {clean(record.date)!r} not understood; written as n.d.")
        year = "n.d."
    generated = key is None
    if key is None:
        key = generated_key(authors, year, title)
        if original:
            warnings.append(f"key {original!r} has no usable character; {key!r} is used")
    entry: dict[str, Any] = {
        "citation_key": key,
        "title": title,
        "authors": authors,
        "year": year,
        "type": record.csl_type,
    }
    for name in _PLAIN_FIELDS:
        value = clean(record.fields.get(name, ""))
        if value:
            entry[name] = value
    entry.update(_identifiers(record, warnings))
    url = clean(record.fields.get("url", ""))
    if url:
        entry["url"] = url
    entry["source_pointer"] = f"{path}:{record.line}"
    entry.update(TRUST_DEFAULTS)
    found = BibEntry(
        entry,
        path,
        record.line,
        original,
        generated_key=generated,
        key_base=key if generated else "",
    )
    return found, [problem("warning", text) for text in warnings]


def _authors(record: Record) -> tuple[list[dict[str, str]], str]:
    """The authors, else the editors, else one organisation; and which stood in."""
    if record.authors:
        return record.authors, ""
    if record.editors:
        return record.editors, "the editor(s)"
    for organisation in record.organisations:
        if clean(organisation):
            return [{"literal": clean(organisation)}], repr(clean(organisation))
    return [], ""


def _identifiers(record: Record, warnings: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    raw = record.identifiers
    checks = (
        ("doi", ids.normal_doi, "a DOI"),
        ("arxiv_id", ids.normal_arxiv, "an arXiv id"),
        ("pmid", ids.normal_pmid, "a PubMed id"),
        ("pmcid", ids.normal_pmcid, "a PubMed Central id"),
        ("isbn", ids.normal_isbn, "an ISBN"),
    )
    for name, normal, what in checks:
        text = clean(raw.get(name, ""))
        if not text:
            continue
        value = normal(text)
        if value is None:
            warnings.append(f"{name} {text!r} is not {what}; left out")
        elif name != "isbn" or record.csl_type in BOOKISH:
            found[name] = value
        else:
            warnings.append(f"isbn {value!r} left out: kept for books and chapters only")
    if "arxiv_id" not in found:
        for link in [found.get("doi", ""), *record.urls]:
            arxiv = ids.arxiv_from_url(link) if link else None
            if arxiv:
                found["arxiv_id"] = arxiv
                break
    order = ("doi", "arxiv_id", "pmid", "pmcid", "isbn")
    return {name: found[name] for name in order if name in found}
