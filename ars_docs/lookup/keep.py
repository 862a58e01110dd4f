"""What a new check may replace: evidence only grows stronger, never quietly weaker.

A rerun must not undo what an earlier run proved because of a passing
failure or a weaker source (issue 21: "never over-claim"). With the entry
unchanged since the earlier check (same fingerprint):

* an ``unreachable`` verdict never replaces a record: the services being
  down now says nothing against what they said before (a DOI proved not to
  exist must not start passing the gate because doi.org timed out);
* a verdict from a snapshot index (``--offline``) never replaces a record the
  services gave: a snapshot is weaker evidence (it cannot prove absence);
* a retraction stays known: when the new verdict identifies the same work but
  no longer shows a retraction or expression of concern the earlier record
  had (the source that reported it did not answer this time, or lags), the
  earlier notices are kept.

A changed entry (another fingerprint) takes whatever the new check says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ars_docs.session.lookup_record import fingerprint

__all__ = ["settle"]

_STRENGTH = {"unknown": 0, "none": 1, "correction": 2, "expression_of_concern": 3, "retracted": 4}
_IDS = ("doi", "arxiv_id", "pmid", "pmcid", "openalex_id")


def settle(
    previous: Any, new: dict[str, Any], entry: Mapping[str, Any]
) -> tuple[Mapping[str, Any], str | None]:
    """(the record to keep, a note for the report when the new verdict was not taken whole)."""
    if not isinstance(previous, Mapping) or previous.get("fingerprint") != fingerprint(entry):
        return new, None
    old_status = previous.get("status")
    if new["status"] == "unreachable" and old_status != "unreachable":
        return previous, (
            f"kept the {old_status} record of {previous.get('checked_at')}: the services did not "
            "answer now"
        )
    if new.get("offline") and not previous.get("offline") and old_status != "unreachable":
        return previous, (
            f"kept the {old_status} record of {previous.get('checked_at')}: a snapshot does not "
            "replace what the services said"
        )
    return _sticky_retraction(previous, new)


def _sticky_retraction(
    previous: Mapping[str, Any], new: dict[str, Any]
) -> tuple[dict[str, Any], str | None]:
    old = previous.get("retraction")
    old_status = old.get("status") if isinstance(old, Mapping) else None
    if old_status not in ("retracted", "expression_of_concern"):
        return new, None
    assert isinstance(old, Mapping)
    found = new.get("retraction") or {}
    if _STRENGTH.get(str(found.get("status")), 0) >= _STRENGTH[str(old_status)]:
        return new, None
    if not _same_work(previous.get("matched"), new.get("matched")):
        return new, None
    merged = dict(found)
    merged["status"] = old_status
    notices = [dict(n) for n in old.get("notices") or () if isinstance(n, Mapping)]
    notices += [n for n in found.get("notices") or () if n not in notices]
    merged["notices"] = notices
    merged["sources"] = list(dict.fromkeys([*old.get("sources", []), *found.get("sources", [])]))
    return {**new, "retraction": merged}, (
        f"kept the {old_status.replace('_', ' ')} known since {previous.get('checked_at')}: "
        "the sources asked now do not show it"
    )


def _same_work(old: Any, new: Any) -> bool:
    if not isinstance(old, Mapping) or not isinstance(new, Mapping):
        return False
    return any(
        old.get(name) and str(old.get(name)).lower() == str(new.get(name, "")).lower()
        for name in _IDS
    )
