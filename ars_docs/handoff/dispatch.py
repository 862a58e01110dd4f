"""The deep-research dispatcher and its handoff payload (§4 Step 3e, §3.3).

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

Every stage validates the payload it receives and the one it returns; a
payload that fails the schema is an ``InputDataError`` (exit 65) naming the
field, never passed on. ``dispatch`` chains the three. The terminal gate only
inspects: it never rewrites a marker, and writes the final report only when
it emits.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ars_docs.draft import api
from ars_docs.draft.document import Document, read_document
from ars_docs.draft.provenance import LOOKUP_STATUSES, Status, count_statuses
from ars_docs.draft.refusals import refused_text
from ars_docs.errors import InputDataError, UsageError
from ars_docs.handoff.metadata import compile_metadata_of
from ars_docs.limits import MESSAGE_LIMIT, bound_message
from ars_docs.session.atomic import write_text_atomic
from ars_docs.session.corpus import Corpus
from ars_docs.session.readlog import ReadLog
from ars_docs.session.schema_check import schema_location
from ars_docs.session.schema_check import validator as schema_validator

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


def _draft(payload: Mapping[str, Any]) -> Document:
    if "draft_text" in payload:
        return Document(payload["draft_text"], path="<draft_text>")
    return read_document(payload["draft_path"])


# -- the three stages -------------------------------------------------------------


def compile_metadata(
    *, draft_path: str | Path | None = None, draft_text: str | None = None
) -> Payload:
    """Start a payload from the compiled report (exactly one of path or text)."""
    if (draft_path is None) == (draft_text is None):
        raise UsageError("compile_metadata needs exactly one of draft_path or draft_text")
    payload: Payload = (
        {"draft_text": draft_text} if draft_text is not None else {"draft_path": str(draft_path)}
    )
    payload["compilation_metadata"] = compile_metadata_of(_draft(payload)).to_dict()
    return _checked("compile_metadata", {}, payload)


def finalize_stage(payload: Mapping[str, Any], corpus: Corpus, read_log: ReadLog | None) -> Payload:
    """Resolve every marker by the §3.3 matrix; fill the summary and unresolved count.

    A ``draft_path`` draft is rewritten in place (atomically, only if something
    changed); a ``draft_text`` draft is replaced by the resolved text.
    """
    validate_payload(payload, where="finalize_stage input")
    doc = _draft(payload)
    result = api.finalize(doc.text, corpus, read_log, path=doc.path)
    out = copy.deepcopy(dict(payload))
    if "draft_text" in out:
        out["draft_text"] = result.text
    elif result.would_change:
        write_text_atomic(Path(out["draft_path"]), result.text)
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


def terminal_gate_stage(
    payload: Mapping[str, Any],
    corpus: Corpus,
    read_log: ReadLog | None,
    *,
    final_out: str | Path | None = None,
) -> tuple[Payload, str | None]:
    """Inspect the resolved draft; emit the final report or refuse.

    Returns the payload and the final report text (``None`` when refused).
    The final report is written to ``final_out`` only when emitted.
    """
    out, text, _gate = _terminal_gate(payload, corpus, read_log, final_out=final_out)
    return out, text


def _terminal_gate(
    payload: Mapping[str, Any],
    corpus: Corpus,
    read_log: ReadLog | None,
    *,
    final_out: str | Path | None,
) -> tuple[Payload, str | None, api.GateResult | None]:
    validate_payload(payload, where="terminal_gate_stage input")
    if "citation_resolution_summary" not in payload:
        raise HandoffError(
            "terminal_gate_stage input: no citation_resolution_summary; run finalize_stage first"
        )
    doc = _draft(payload)
    rendered = api.render(doc.text, corpus, read_log, strict=True, path=doc.path)
    out = copy.deepcopy(dict(payload))
    if rendered.output is None:
        assert rendered.gate is not None
        out["terminal_gate_decision"] = {
            "decision": REFUSED,
            "reason": refusal_reason(rendered.gate, doc.text, corpus),
            "final_report_path": None,
        }
        return _checked("terminal_gate_stage", payload, out), None, rendered.gate
    if final_out is not None:
        write_text_atomic(Path(final_out), rendered.output)
    out["terminal_gate_decision"] = {
        "decision": EMITTED,
        "reason": None,
        "final_report_path": str(final_out) if final_out is not None else None,
    }
    return _checked("terminal_gate_stage", payload, out), rendered.output, rendered.gate


#: Refusals named in the payload's one-line reason; the rest are counted.
REASON_ITEMS = 20


def refusal_reason(
    gate: api.GateResult, text: str | None = None, corpus: Corpus | None = None
) -> str:
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


@dataclass(frozen=True)
class DispatchResult:
    payload: Payload
    final_text: str | None
    gate: api.GateResult | None = None
    """The terminal gate's result when it refused (every offender, uncapped)."""

    @property
    def emitted(self) -> bool:
        return bool(self.payload["terminal_gate_decision"]["decision"] == EMITTED)


def dispatch(
    corpus: Corpus,
    read_log: ReadLog | None = None,
    *,
    draft_path: str | Path | None = None,
    draft_text: str | None = None,
    final_out: str | Path | None = None,
) -> DispatchResult:
    """compile_metadata → finalize_stage → terminal_gate_stage."""
    payload = compile_metadata(draft_path=draft_path, draft_text=draft_text)
    payload = finalize_stage(payload, corpus, read_log)
    payload, final_text, gate = _terminal_gate(payload, corpus, read_log, final_out=final_out)
    return DispatchResult(payload, final_text, gate)


def payload_json(payload: Mapping[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
