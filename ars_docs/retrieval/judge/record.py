"""What the work's registry record says about *other* documents (issue 22).

The identity decision judges a file against the work. Crossref's record of
the entry's DOI knows things a file's words cannot show:

* the **prime DOI** when the entry's DOI is an alias (the record's ``DOI``
  differs from the one asked for), and the DOIs of other *versions* of the
  same work (``relation``: ``has-preprint``, ``is-preprint-of``,
  ``is-version-of`` …) — printed on a file, these are the work's own;
* the DOIs of **other documents about the work**: notices (``updated-by``:
  retractions, corrections, expressions of concern), reviews
  (``has-review``), supplements (``is-supplemented-by``/``has-supplement``),
  comments and replies — printed on a file, they make it ``different``;
* the **venue** (``container-title``), when the entry names none.

``RecordFacts`` gathers them (also the DOIs the DOI resolver redirected
through, and OpenAlex's "several works have this title"); ``Probe.work``
hands them to the decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ars_docs.works import identifiers as ids

__all__ = ["RecordFacts", "crossref_facts", "other_document_facts"]

_SAME_WORK = frozenset(
    {
        "has-preprint",
        "is-preprint-of",
        "is-version-of",
        "has-version",
        "is-identical-to",
        "is-same-as",
        "is-manifestation-of",
        "has-manifestation",
        "is-manuscript-of",
        "has-manuscript",
    }
)
_OTHER_DOCUMENT = {
    "has-review": "review",
    "is-reviewed-by": "review",
    "has-comment": "comment",
    "is-commented-on-by": "comment",
    "has-reply": "comment",
    "is-replied-to-by": "comment",
    "is-supplemented-by": "supplement",
    "has-supplement": "supplement",
    "has-component": "supplement",
    "has-related-material": "supplement",
}


@dataclass
class RecordFacts:
    """What the registries told this run about the entry's work (see the module docstring)."""

    aliases: set[str] = field(default_factory=set)
    related: dict[str, str] = field(default_factory=dict)
    venue: str = ""
    shared_title: bool = False
    asked_crossref: bool = False
    asked_dois: set[str] = field(default_factory=set)
    """Printed DOIs whose own Crossref record was asked for."""

    def add_alias(self, doi: str, own: str | None) -> None:
        doi = doi.strip().lower()
        if doi and doi != (own or "").lower():
            self.aliases.add(doi)


def crossref_facts(message: Mapping[str, Any], asked: str, facts: RecordFacts) -> None:
    """Read a Crossref ``/works/<doi>`` message into ``facts``."""
    prime = message.get("DOI")
    if isinstance(prime, str):
        facts.add_alias(prime, asked)
    for update in message.get("updated-by") or ():
        if isinstance(update, Mapping) and isinstance(update.get("DOI"), str):
            facts.related[update["DOI"].lower()] = "notice"
    relations = message.get("relation")
    if isinstance(relations, Mapping):
        for kind, items in relations.items():
            for item in items if isinstance(items, list) else ():
                if not isinstance(item, Mapping) or item.get("id-type") not in ("doi", None):
                    continue
                ident = item.get("id")
                if not isinstance(ident, str):
                    continue
                ident = ids.comparable_doi(ident) or ident.lower()
                if kind in _SAME_WORK:
                    facts.add_alias(ident, asked)
                elif kind in _OTHER_DOCUMENT:
                    facts.related.setdefault(ident, _OTHER_DOCUMENT[kind])
    venues = message.get("container-title")
    if not facts.venue and isinstance(venues, list) and venues and isinstance(venues[0], str):
        facts.venue = venues[0]


_POINTS_BACK = {
    "is-supplement-to": "supplement",
    "is-review-of": "review",
    "is-comment-on": "comment",
    "is-reply-to": "comment",
}
_OTHER_TYPES = {"component": "supplement", "peer-review": "review"}


def other_document_facts(
    message: Mapping[str, Any], doi: str, work_dois: set[str], facts: RecordFacts
) -> None:
    """Read the Crossref record of a DOI printed on a file (not the entry's): a
    ``component`` or ``peer-review``, a notice whose ``update-to`` names the work, a
    supplement, review or comment whose ``relation`` points back at it — another
    document; a preprint or version of the work — the work's own DOI."""
    doi = doi.lower()
    kind = message.get("type")
    if isinstance(kind, str) and kind in _OTHER_TYPES:
        facts.related.setdefault(doi, _OTHER_TYPES[kind])
    for update in message.get("update-to") or ():
        if isinstance(update, Mapping) and str(update.get("DOI", "")).lower() in work_dois:
            facts.related.setdefault(doi, "notice")
    relations = message.get("relation")
    if not isinstance(relations, Mapping):
        return
    for relation, items in relations.items():
        for item in items if isinstance(items, list) else ():
            ident = item.get("id") if isinstance(item, Mapping) else None
            if not isinstance(ident, str):
                continue
            ident = ids.comparable_doi(ident) or ident.lower()
            if ident not in work_dois:
                continue
            if relation in _POINTS_BACK:
                facts.related.setdefault(doi, _POINTS_BACK[relation])
            elif relation in _SAME_WORK:
                facts.aliases.add(doi)
