"""The handoff payload of the deep-research dispatcher (§4 Step 3e, §3.3).

Three stages pass one JSON payload (``schemas/handoff_schema.json``) along;
each takes a payload, returns a new one, and fills only the fields the spec
allocates to it:

=====================  =========================================================
stage                  fields it owns
=====================  =========================================================
``compile_metadata``   ``draft_path`` or ``draft_text``, ``compilation_metadata``
``finalize_stage``     ``citation_resolution_summary``, ``unresolved_marker_count``
                       (and the *content* of ``draft_text``: the resolved draft)
``terminal_gate_stage`` ``terminal_gate_decision``
=====================  =========================================================

This module owns the payload: its schema check (a payload that fails it is an
``InputDataError``, exit 65, naming the field, never passed on), which stage
may change which field, and how a stage's *result* is written into it
(``with_resolution``, ``with_decision``). Running the stages — finalize and
the strict gate, under the session's gate policy — is the commands layer's
(``commands.dispatch``), like every other pipeline.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.core.errors import InputDataError, UsageError
from ars_docs.core.limits import MESSAGE_LIMIT, bound_message
from ars_docs.document.api import FinalizeResult, GateResult
from ars_docs.document.refusals import refused_text
from ars_docs.document.text import Document, read_document
from ars_docs.files.schema_check import schema_location
from ars_docs.files.schema_check import validator as schema_validator
from ars_docs.reports.handoff.metadata import compile_metadata_of
from ars_docs.session.corpus import Corpus
from ars_docs.session.provenance import LOOKUP_STATUSES, Status, count_statuses

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

HANDOFF_SCHEMA = "handoff_schema.json"
EMITTED = "EMITTED"
REFUSED = "REFUSED"

Payload = dict[str, Any]

_OWNED = {
    "compile_metadata": {"draft_path", "draft_text", "compilation_metadata"},
    "finalize_stage": {"citation_resolution_summary", "unresolved_marker_count", "draft_text"},
    "terminal_gate_stage": {"terminal_gate_decision"},
}


class HandoffError(InputDataError):
    """A payload that does not validate, or arrives at a stage too early."""


def _validator() -> Validator:
    return schema_validator(HANDOFF_SCHEMA)


def validate_payload(payload: Mapping[str, Any], *, where: str = "payload") -> None:
    """Raise ``HandoffError`` naming the first schema violation."""
    errors = sorted(_validator().iter_errors(payload), key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        field = "/".join(str(part) for part in error.absolute_path) or "(top level)"
        raise HandoffError(
            f"{where}: handoff payload field {field}: {error.message}; the payload must match "
            f"{schema_location(HANDOFF_SCHEMA)} and is not passed on"
        )


def _checked(stage: str, before: Mapping[str, Any], after: Payload) -> Payload:
    foreign = {
        key
        for key in set(before) | set(after)
        if key not in _OWNED[stage] and before.get(key) != after.get(key)
    }
    if foreign:  # a bug in ars-docs, never user input
        raise AssertionError(f"{stage} changed fields it does not own: {sorted(foreign)}")
    validate_payload(after, where=f"{stage} output")
    return after


def payload_draft(payload: Mapping[str, Any]) -> Document:
    if "draft_text" in payload:
        return Document(payload["draft_text"], path="<draft_text>")
    return read_document(payload["draft_path"])


# -- writing a stage's result into the payload ---------------------------------------


def compile_metadata(
    *, draft_path: str | Path | None = None, draft_text: str | None = None
) -> Payload:
    """Start a payload from the compiled report (exactly one of path or text)."""
    if (draft_path is None) == (draft_text is None):
        raise UsageError("compile_metadata needs exactly one of draft_path or draft_text")
    payload: Payload = (
        {"draft_text": draft_text} if draft_text is not None else {"draft_path": str(draft_path)}
    )
    payload["compilation_metadata"] = compile_metadata_of(payload_draft(payload)).to_dict()
    return _checked("compile_metadata", {}, payload)


def with_resolution(payload: Mapping[str, Any], result: FinalizeResult) -> Payload:
    """The finalizer's fields from its result; a ``draft_text`` becomes the resolved text."""
    out = copy.deepcopy(dict(payload))
    if "draft_text" in out:
        out["draft_text"] = result.text
    # The payload keeps the spec's status vocabulary: lookup's statuses (issue 21) are
    # HIGH-WARN rank and are counted as HIGH-WARN there (docs/gate.md).
    statuses = [_payload_status(c.status) for c in result.citations]
    refcodes: dict[str, list[str]] = {
        status.value: [] for status in Status if status not in LOOKUP_STATUSES
    }
    for citation, status in zip(result.citations, statuses, strict=True):
        name = citation.slug if citation.slug is not None else f"line {citation.line}"
        if name not in refcodes[status]:
            refcodes[status].append(name)
    counts = {k: v for k, v in count_statuses(statuses).items() if k in refcodes}
    out["citation_resolution_summary"] = {"counts": counts, "refcodes": refcodes}
    out["unresolved_marker_count"] = len(result.citations) - counts[Status.OK.value]
    return _checked("finalize_stage", payload, out)


def _payload_status(status: str) -> str:
    return Status.HIGH_WARN.value if status in LOOKUP_STATUSES else status


def check_gate_input(payload: Mapping[str, Any]) -> None:
    validate_payload(payload, where="terminal_gate_stage input")
    if "citation_resolution_summary" not in payload:
        raise HandoffError(
            "terminal_gate_stage input: no citation_resolution_summary; run finalize_stage first"
        )


def with_decision(
    payload: Mapping[str, Any],
    gate: GateResult,
    *,
    text: str,
    corpus: Corpus | None,
    final_report_path: str | None,
) -> Payload:
    """The terminal gate's decision from its result (``final_report_path`` when emitted).

    ``existence_checked`` records whether the gate asked every cited work for a
    current lookup record (false when the session opted out): a pipeline reading
    the payload sees that a passed gate did not check existence.
    """
    out = copy.deepcopy(dict(payload))
    if gate.passed:
        out["terminal_gate_decision"] = {
            "decision": EMITTED,
            "reason": None,
            "final_report_path": final_report_path,
            "existence_checked": gate.existence_checked,
        }
    else:
        out["terminal_gate_decision"] = {
            "decision": REFUSED,
            "reason": refusal_reason(gate, text, corpus),
            "final_report_path": None,
            "existence_checked": gate.existence_checked,
        }
    return _checked("terminal_gate_stage", payload, out)


#: Refusals named in the payload's one-line reason; the rest are counted.
REASON_ITEMS = 20


def refusal_reason(gate: GateResult, text: str | None = None, corpus: Corpus | None = None) -> str:
    """One line of at most ``MESSAGE_LIMIT`` characters naming the refusals.

    ``reason refcode (line N)``; a refusal of text with no key (an unmarked or
    hidden citation) quotes the text at its place; a key not in the corpus gets
    the closest keys. At most ``REASON_ITEMS`` are named, then ``and N more``.
    """
    items = []
    for o in gate.offenders:
        quoted = refused_text(o, text)
        what = repr(quoted) if quoted else o.slug
        note = ""
        if o.slug != "-" and corpus is not None and o.slug not in corpus:
            close = corpus.closest_keys(o.slug)
            note = f"; did you mean {', '.join(close)}?" if close else ""
        items.append(f"{o.reason} {what} (line {o.line}{note})")
    head = f"the terminal gate refused {len(items)} citation problem(s): "
    tail = "; run ars-docs render --strict on the report for every line"
    shown: list[str] = []
    for item in items[:REASON_ITEMS]:
        if len(head) + len("; ".join([*shown, item])) + len(tail) + 20 > MESSAGE_LIMIT:
            break
        shown.append(item)
    rest = len(items) - len(shown)
    more = f"; and {rest} more" if rest else ""
    return bound_message(head + "; ".join(shown) + more + (tail if rest else ""))


def payload_json(payload: Mapping[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
