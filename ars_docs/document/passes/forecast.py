"""forecast: finalize says what render --strict will refuse once the draft is finalized.

"What the gate refuses, the fixer reports first" (issue 25 §2, issue 33): every
refusal the strict gate would give on the draft finalize writes is collected in
``state.forecast``, decided by the gate's own functions on what finalize is
about to write — each marker's new status (``gate.marker_offence``), the text
outside markers (``gate.text_offences``), the places only the gate's scans see
(``foresee``, ARS011) and, added by their own finalize passes, the quotation and
existence checks. The CLI prints it as one line ("render --strict would
refuse …"), ``--format json`` as ``gate_forecast``; the door table test
(tests/commands/test_doors.py) requires it to name the same reasons as the gate.

Runs last: after ``foresee`` and after the passes that add to the forecast.
"""

from __future__ import annotations

from ars_docs.core import codes
from ars_docs.document.markers import VISIBLE_PREFIX
from ars_docs.document.passes.gate import marker_offence, text_offences
from ars_docs.document.pipeline import DocState, Offender

__all__ = ["forecast"]


def forecast(state: DocState) -> None:
    trust = state.trust
    found: list[Offender] = []
    for resolution in state.resolutions:
        marker = resolution.marker
        if resolution.replacement is None:  # malformed: left as the draft shows it
            offence = marker_offence(marker, trust)
        else:
            # What finalize writes: the status itself (ok, LOW-WARN) or its visible prefix.
            status = resolution.status
            offence = marker_offence(
                marker, trust, claim=status.value, warning=VISIBLE_PREFIX.get(status, "")
            )
        if offence is not None:
            found.append(offence)
    found.extend(text_offences(state))
    found.extend(state.forecast)
    # Where stripping changes how a line reads, finalize warns (ARS010; ``settle``).
    for d in state.diagnostics:
        if d.code == codes.READING_CHANGED:
            found.append(Offender(d.line, d.col, codes.REFUSE_READING_CHANGED, "-", d.message))
    # The gate's scans report one place per line, on lines nothing else refused.
    lines = {o.line for o in found if o.reason != codes.REFUSE_NO_CITATIONS}
    for offender in state.foreseen:
        if offender.line not in lines:
            lines.add(offender.line)
            found.append(offender)
    found.sort(key=lambda o: (o.line, o.col))
    state.forecast = found
