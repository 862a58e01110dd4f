"""What a new check may replace: evidence only grows stronger, never quietly weaker.

A rerun must not undo what an earlier run proved because of a passing
failure or a weaker source (issue 21: "never over-claim"). Whatever else
changed in the entry since:

* an ``unreachable`` verdict never replaces a record: the services being
  down now says nothing against what they said before (a DOI proved not to
  exist must not start passing the gate because doi.org timed out). If the
  entry changed, the old record stays out of date — blocking if it blocked —
  until the services answer;
* a verdict from a snapshot index (``--offline``) never replaces a record the
  services gave: a snapshot is weaker evidence (it cannot prove absence); the
  next online run checks the entry again;
* a retraction stays known: when the new verdict identifies the same work but
  no longer shows a retraction or expression of concern the earlier record
  had (the source that reported it did not answer this time, or lags), the
  earlier notices are kept.

``settle`` runs twice: when a verdict is made, and again under the passport's
lock right before it is written, against the record then in the file — so
two runs at once (or a long run and a ``lookup KEY``) cannot overwrite each
other's stronger evidence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["settle"]

_STRENGTH = {"unknown": 0, "none": 1, "correction": 2, "expression_of_concern": 3, "retracted": 4}
_IDS = ("doi", "arxiv_id", "pmid", "pmcid", "openalex_id")


def settle(previous: Any, new: Mapping[str, Any]) -> tuple[Mapping[str, Any], str | None]:
    """(the record to keep, a note for the report when the new verdict was not taken whole)."""
    if not isinstance(previous, Mapping) or not isinstance(previous.get("status"), str):
        return new, None
    old_status = str(previous.get("status"))
    when = previous.get("checked_at")
    if new.get("status") == "unreachable" and old_status != "unreachable":
        return previous, f"kept the {old_status} record of {when}: the services did not answer now"
    if new.get("offline") and not previous.get("offline") and old_status != "unreachable":
        return previous, (
            f"kept the {old_status} record of {when}: a snapshot does not replace what the "
            "services said"
        )
    return _sticky_retraction(previous, new)


def _sticky_retraction(
    previous: Mapping[str, Any], new: Mapping[str, Any]
) -> tuple[Mapping[str, Any], str | None]:
    old = previous.get("retraction")
    old_status = old.get("status") if isinstance(old, Mapping) else None
    if old_status not in ("retracted", "expression_of_concern"):
        return new, None
    assert isinstance(old, Mapping)
    found = new.get("retraction")
    found = found if isinstance(found, Mapping) else {}
    if _STRENGTH.get(str(found.get("status")), 0) >= _STRENGTH[str(old_status)]:
        return new, None
    if not _same_work(previous.get("matched"), new.get("matched")):
        return new, None
    merged = dict(found)
    merged["status"] = old_status
    notices = [dict(n) for n in old.get("notices") or () if isinstance(n, Mapping)]
    notices += [n for n in found.get("notices") or () if n not in notices]
    merged["notices"] = notices
    sources = [*(old.get("sources") or []), *(found.get("sources") or [])]
    merged["sources"] = list(dict.fromkeys(str(s) for s in sources))
    return {**new, "retraction": merged}, (
        f"kept the {str(old_status).replace('_', ' ')} known since "
        f"{previous.get('checked_at')}: the sources asked now do not show it"
    )


def _same_work(old: Any, new: Any) -> bool:
    if not isinstance(old, Mapping) or not isinstance(new, Mapping):
        return False
    return any(
        old.get(name) and str(old.get(name)).lower() == str(new.get(name, "")).lower()
        for name in _IDS
    )
