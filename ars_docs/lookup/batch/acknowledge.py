"""``ars-docs acknowledge-retraction``: cite a retracted work on purpose, and say why.

Citing a retracted paper is legitimate when the text discusses the retraction
(or the work's place in a debate). The gate lets such a citation pass only
with an explicit, dated acknowledgement with a reason, written into the entry
as ``retraction_acknowledgement`` by the byte-preserving passport editor. The
entry's lookup record stays as it is (the work is still retracted); the
acknowledgement covers the status it names and, when lookup knew one, that
notice's DOI — a later retraction of a work acknowledged under an expression
of concern blocks again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ars_docs.core.clock import Clock
from ars_docs.core.errors import InputDataError, UsageError
from ars_docs.session.corpus import entry_to_edit
from ars_docs.session.lookup_record import lookup_facts

__all__ = ["MIN_REASON", "Acknowledgement", "acknowledge_retraction"]

MIN_REASON = 10
"""Characters a reason needs at least: "ok" is not a reason."""


@dataclass(frozen=True)
class Acknowledgement:
    key: str
    status: str
    notice_doi: str | None
    written: bool
    """False when the same acknowledgement was already there."""


def acknowledge_retraction(
    passport: str | os.PathLike[str],
    key: str,
    reason: str,
    *,
    clock: Clock | None = None,
) -> Acknowledgement:
    reason = " ".join(reason.split())
    if len(reason) < MIN_REASON:
        raise UsageError(
            f"--reason must say why the retracted work is cited (at least {MIN_REASON} "
            'characters), e.g. --reason "discussed as an example of a retracted study"'
        )
    corpus, entry = entry_to_edit(passport, key)
    record = entry.data.get("lookup")
    retraction = record.get("retraction") if isinstance(record, dict) else None
    status = retraction.get("status") if isinstance(retraction, dict) else None
    if status not in ("retracted", "expression_of_concern"):
        found = f"its lookup says {status!r}" if status else "it has no lookup record"
        raise InputDataError(
            f"{corpus.path}: '{key}' is not recorded as retracted or under an expression of "
            f"concern ({found}); nothing to acknowledge. Run `ars-docs lookup {key}` first"
        )
    facts = lookup_facts(entry.data)
    old = entry.data.get("retraction_acknowledgement")
    if (
        isinstance(old, dict)
        and facts.acknowledged == status
        and " ".join(str(old.get("reason", "")).split()) == reason
    ):
        return Acknowledgement(key, str(status), facts.notice_doi, written=False)
    value = {
        "status": status,
        "notice_doi": facts.notice_doi,
        "reason": reason,
        "acknowledged_at": (clock or Clock.from_env()).rfc3339(),
    }
    from ars_docs.session.passport_edit import set_entry_fields

    set_entry_fields(Path(passport), {key: {"retraction_acknowledgement": value}})
    return Acknowledgement(key, str(status), facts.notice_doi, written=True)
