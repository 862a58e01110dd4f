"""The session drift log: what a session did, phase by phase (§3.4 D4, Step 4).

The drift log is a transparency artifact, not enforcement: leaving the
pipeline's phase to check a source is healthy behaviour (spec §1,
Observation 3), so every step is described with the neutral vocabulary of
``ars_docs.reports.drift.phases`` and the log never calls a step a mistake. It is built
from three records of the session:

* the events log (``ars_docs.reports.drift.events``): the trajectory, and which
  files a pipeline agent recorded as emitted (phase-standard artifacts);
* the session folder: every file no agent recorded is an ad-hoc artifact and
  is listed — with a snapshot, the files created or changed since the session
  started, without one, every file (none is hidden);
* the snapshot from the session start (``ars_docs.reports.drift.snapshot``) and the
  corpus now: sources newly verified against the original, the phase status
  diff.

Readable first (spec §8 Risk 3): the rendered log opens with the top three
actionable items; the full trajectory is in a collapsible section.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ars_docs.core.clock import Clock
from ars_docs.core.codes import UNKNOWN_PHASE
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.paths import session_file
from ars_docs.core.templating import render_template
from ars_docs.document.md_escape import code as code_span
from ars_docs.document.md_escape import text as md_text
from ars_docs.reports.drift.artifacts import ArtifactNote, sort_artifacts
from ars_docs.reports.drift.events import SessionEvent, parse_timestamp
from ars_docs.reports.drift.phases import AD_HOC, SessionSettings, classify_steps, normalise_phase
from ars_docs.reports.drift.snapshot import Snapshot, TrustState, trust_states
from ars_docs.reports.scope.report import refcode_order
from ars_docs.session.corpus import Corpus
from ars_docs.session.readlog import ReadLog

__all__ = [
    "UNKNOWN_PHASE",
    "DriftLog",
    "Step",
    "build_drift_log",
    "drift_log_path",
    "events_of_session",
    "quote",
    "render_drift_log",
]

TEMPLATE = "session_drift_log.md.j2"


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the phase trajectory."""

    when: str
    """``HH:MM`` UTC (``MM-DD HH:MM`` when the session spans several days)."""
    action: str
    phase: str
    classification: str
    agent: str | None


@dataclass(frozen=True, slots=True)
class DriftLog:
    """Everything the drift log says; ``render_drift_log`` turns it into Markdown."""

    session_id: str
    pipeline_mode: str | None
    phases: tuple[str, ...]
    phases_from_passport: bool
    start_phase: str | None
    end_phase: str | None
    trajectory: tuple[Step, ...]
    standard: tuple[ArtifactNote, ...]
    adhoc: tuple[ArtifactNote, ...]
    newly_verified: tuple[str, ...] | None
    """``None`` when there is no snapshot to compare with."""
    still_unverified: tuple[str, ...]
    status_diff: tuple[str, ...]
    recommendations: tuple[str, ...]
    window: str
    generated_at: str
    snapshot: str | None
    diagnostics: tuple[Diagnostic, ...] = field(default=())

    def counts(self) -> dict[str, int]:
        found = {"in-phase": 0, "backflow": 0, "crossphase-jump": 0, "ad-hoc": 0}
        for step in self.trajectory:
            kind = step.classification.rsplit("-to-", 1)[0]
            found[kind] = found.get(kind, 0) + 1
        return found


def build_drift_log(
    *,
    settings: SessionSettings,
    corpus: Corpus,
    read_log: ReadLog,
    events: list[SessionEvent],
    events_file: str,
    snapshot: Snapshot | None,
    adhoc: tuple[ArtifactNote, ...],
    standard: tuple[ArtifactNote, ...],
    file_changes: tuple[str, ...],
    clock: Clock,
) -> DriftLog:
    """Assemble the drift log.

    ``events`` are this session's (``events_of_session``); the artifacts and
    file changes come from ``drift_artifacts.collect``.
    """
    steps, start, end, diagnostics = _trajectory(settings, events, events_file)
    now = trust_states(corpus)
    unverified = tuple(sorted((k for k, s in now.items() if not s.verified), key=refcode_order))
    newly = None
    diff = [f"pipeline phase: {md_text(start)} → {md_text(end or '')}"] if start is not None else []
    if snapshot is None:
        diff.append(
            "literature corpus and session files: not computed; there is no snapshot from the "
            "session start to compare with (`ars-docs session snapshot`)"
        )
    else:
        before = snapshot.corpus
        newly = tuple(
            sorted(
                (k for k, s in now.items() if s.verified and not _was_verified(before, k)),
                key=refcode_order,
            )
        )
        diff += [*_corpus_diff(before, now), *file_changes]
    return DriftLog(
        session_id=settings.session_id,
        pipeline_mode=settings.pipeline_mode,
        phases=settings.phases,
        phases_from_passport=settings.phases_from_passport,
        start_phase=start,
        end_phase=end,
        trajectory=tuple(steps),
        standard=sort_artifacts(standard),
        adhoc=sort_artifacts(adhoc),
        newly_verified=newly,
        still_unverified=unverified,
        status_diff=tuple(diff),
        recommendations=tuple(_recommendations(now, read_log, adhoc, end, snapshot is None)),
        window=_window(events),
        generated_at=clock.rfc3339(),
        snapshot=os.path.basename(snapshot.path) if snapshot is not None else None,
        diagnostics=tuple(diagnostics),
    )


def drift_log_path(passport: str | os.PathLike[str]) -> Path:
    """``<passport-parent>/<passport-stem>_drift_log.md`` (spec: ``<session>_drift_log.md``)."""
    return session_file(passport, "_drift_log.md")


def events_of_session(events: list[SessionEvent], snapshot: Snapshot | None) -> list[SessionEvent]:
    """The events since the snapshot was taken (all of them without a snapshot).

    The events log of a passport keeps growing across sessions; the snapshot
    marks where this session began.
    """
    if snapshot is None:
        return list(events)
    since = parse_timestamp(snapshot.taken_at)
    return [event for event in events if event.instant >= since]


def _trajectory(
    settings: SessionSettings, events: list[SessionEvent], events_file: str
) -> tuple[list[Step], str | None, str | None, list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    phases = [normalise_phase(event.phase) for event in events]
    classifications, start, end = classify_steps(settings.phases, phases)
    for event, phase in zip(events, phases, strict=True):
        if phase != AD_HOC and phase not in settings.phases:
            diagnostics.append(
                Diagnostic(
                    events_file,
                    event.line,
                    1,
                    UNKNOWN_PHASE,
                    Severity.WARNING,
                    f"phase {event.phase!r} is not in the pipeline's phase order "
                    f"({', '.join(settings.phases)}); the step is shown as ad-hoc. Correct the "
                    "phase or list it in the passport's pipeline_phases",
                )
            )
    several_days = len({e.instant.date() for e in events}) > 1
    steps = [
        Step(
            event.instant.strftime("%m-%d %H:%M" if several_days else "%H:%M"),
            event.action,
            phase,
            classification,
            event.agent,
        )
        for event, phase, classification in zip(events, phases, classifications, strict=True)
    ]
    return steps, start, end, diagnostics


def _window(events: list[SessionEvent]) -> str:
    if not events:
        return "no events recorded"
    first, last = events[0].instant, events[-1].instant
    end = last.strftime("%H:%M") if first.date() == last.date() else f"{last:%Y-%m-%d %H:%M}"
    return f"{first:%Y-%m-%d %H:%M} → {end} UTC"


def _was_verified(before: dict[str, TrustState], key: str) -> bool:
    state = before.get(key)
    return state is not None and state.verified


def _corpus_diff(before: dict[str, TrustState], now: dict[str, TrustState]) -> list[str]:
    def tally(states: dict[str, TrustState]) -> tuple[int, int, int]:
        values = states.values()
        return len(states), sum(s.acquired for s in values), sum(s.verified for s in values)

    (n0, a0, v0), (n1, a1, v1) = tally(before), tally(now)
    lines = [
        f"literature_corpus[] entries: {n0} → {n1}",
        f"entries with the original on file: {a0} → {a1}",
        f"entries verified against the original: {v0} → {v1}",
    ]
    for key in sorted(set(before) | set(now), key=refcode_order):
        old, new = before.get(key), now.get(key)
        if old == new:
            continue
        was = old.describe() if old else "not in the corpus"
        is_ = new.describe() if new else "removed from the corpus"
        lines.append(f"{code_span(key)}: {was} → {is_}")
    return lines


def _recommendations(
    now: dict[str, TrustState],
    read_log: ReadLog,
    adhoc: tuple[ArtifactNote, ...],
    end: str | None,
    no_snapshot: bool,
) -> list[str]:
    """Next-session work, ordered so that each item's prerequisites come first."""

    def keys(found: list[str]) -> str:
        return ", ".join(code_span(key) for key in found)

    missing = sorted((k for k, s in now.items() if not s.acquired), key=refcode_order)
    unchecked = sorted(
        (k for k, s in now.items() if s.acquired and not s.verified), key=refcode_order
    )
    unread = sorted(
        (k for k, s in now.items() if s.verified and not read_log.human_read(k)),
        key=refcode_order,
    )
    items = []
    if missing:
        items.append(
            f"Retrieve the original sources of {len(missing)} description-only "
            f"entr{'y' if len(missing) == 1 else 'ies'} (verifying them needs the original): "
            f"{keys(missing)}"
        )
    if unchecked:
        items.append(
            f"Verify {len(unchecked)} entr{'y' if len(unchecked) == 1 else 'ies'} against the "
            f"original already on file: {keys(unchecked)}"
        )
    if adhoc:
        which = (
            "the ad-hoc artifact"
            if len(adhoc) == 1
            else f"each of the {len(adhoc)} ad-hoc artifacts"
        )
        items.append(
            f"Decide for {which} listed under Session deliverables whether to promote it to "
            "a phase-standard artifact or set it aside"
        )
    if unread:
        items.append(
            f"Read {len(unread)} verified source{'' if len(unread) == 1 else 's'} yourself and "
            f"record each with `ars-docs mark-read KEY`: {keys(unread)}"
        )
    if end is not None:
        items.append(f"Continue in {md_text(end)}, where this session ended")
    if no_snapshot:
        items.append(
            "Run `ars-docs session snapshot` when the next session starts, so that its drift "
            "log can show which sources became verified and which files changed"
        )
    return items


def render_drift_log(log: DriftLog) -> str:
    """The drift log as Markdown (ends with one newline)."""
    return render_template(
        TEMPLATE, log=log, counts=log.counts(), code=code_span, text=md_text, quote=quote
    )


def quote(text: str) -> str:
    """Someone's recorded words, on one line, in curly quotes.

    The quotes mark the text as the recorder's own (``lint drift-log`` leaves
    it alone); inside them it is literal text (``md_escape.text``): it cannot
    open HTML such as a closing ``</details>`` or a comment, nor a code span,
    link or emphasis that would run past the closing quote.
    """
    flat = " ".join(text.split()).replace("“", '"').replace("”", '"')
    return "“" + md_text(flat) + "”"
