"""Pipeline phases of a session and how a move between them is classified (§3.4 D4).

The drift log describes every recorded step of a session relative to the
pipeline's phase order, with the spec's neutral vocabulary:

* ``in-phase`` — the step stays in the current phase, or moves on to the next
  phase of the order (the path the pipeline expects);
* ``backflow-to-<phase>`` — the step returns to an earlier phase (for example
  from drafting back to retrieval to check a source: healthy, not a failure);
* ``crossphase-jump-to-<phase>`` — the step moves ahead past one or more phases;
* ``ad-hoc`` — work outside the pipeline (phase ``ad-hoc``).

The phase order comes from the passport's ``pipeline_phases:`` list when it
has one, else ``DEFAULT_PHASES``. Phase names are compared in a normal form:
lower case, spaces and underscores as hyphens ("Metadata audit" →
``metadata-audit``).
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ars_docs.core.errors import InputDataError
from ars_docs.files.yaml.read import load_yaml_file, location, type_name

__all__ = [
    "AD_HOC",
    "DEFAULT_PHASES",
    "IN_PHASE",
    "SessionSettings",
    "classify_step",
    "classify_steps",
    "closest_phases",
    "normalise_phase",
    "read_session_settings",
]

DEFAULT_PHASES = (
    "intake",
    "retrieval",
    "metadata-audit",
    "planning",
    "drafting",
    "review",
    "revision",
    "finalization",
)
"""ars-docs's default order when the passport names none (see docs/reports.md)."""
AD_HOC = "ad-hoc"
IN_PHASE = "in-phase"
_PASSPORT_HINT = "check the --passport option or the ARS_PASSPORT environment variable"


@dataclass(frozen=True, slots=True)
class SessionSettings:
    """What the passport says about the session as a whole."""

    passport: Path
    session_id: str
    """``session_id`` from the passport, else the passport's file name stem."""
    pipeline_mode: str | None
    phases: tuple[str, ...]
    phases_from_passport: bool


def normalise_phase(name: str) -> str:
    return re.sub(r"[\s_]+", "-", name.strip()).lower()


def read_session_settings(passport: str | os.PathLike[str]) -> SessionSettings:
    """Read ``session_id``, ``pipeline_mode`` and ``pipeline_phases`` from a passport.

    A directory of entry files or a bare entry list has none of them; the
    defaults apply. A missing passport raises ``InputMissingError`` (66).
    """
    path = Path(passport)
    if path.is_dir():
        return SessionSettings(path, path.name, None, DEFAULT_PHASES, False)
    document = load_yaml_file(str(path), what="passport", hint=_PASSPORT_HINT)
    root = document.data if isinstance(document.data, dict) else {}
    session_id = root.get("session_id")
    mode = root.get("pipeline_mode")
    phases = root.get("pipeline_phases")
    order: tuple[str, ...] = DEFAULT_PHASES
    if phases is not None:
        where = location(str(path), document.position("pipeline_phases"))
        if not isinstance(phases, list) or not all(
            isinstance(p, str) and p.strip() for p in phases
        ):
            raise InputDataError(
                f"{where}: pipeline_phases is {type_name(phases)}; it must be a list of phase "
                "names in pipeline order (e.g. [intake, retrieval, drafting])"
            )
        order = tuple(normalise_phase(p) for p in phases)
        repeated = sorted({p for p in order if order.count(p) > 1})
        if repeated or AD_HOC in order or not order:
            problem = (
                f"repeats {', '.join(repeated)}"
                if repeated
                else "is empty"
                if not order
                else f"names '{AD_HOC}', which is reserved for work outside the pipeline"
            )
            raise InputDataError(f"{where}: pipeline_phases {problem}; list each phase once")
    return SessionSettings(
        passport=path,
        session_id=str(session_id) if isinstance(session_id, (str, int)) else path.stem,
        pipeline_mode=mode if isinstance(mode, str) and mode.strip() else None,
        phases=order,
        phases_from_passport=phases is not None,
    )


def classify_step(phases: Sequence[str], current: str | None, phase: str) -> str:
    """The classification of a step in ``phase`` when the session is in ``current``."""
    if phase not in phases:
        return AD_HOC
    if current is None or current == phase:
        return IN_PHASE
    here, there = phases.index(current), phases.index(phase)
    if there < here:
        return f"backflow-to-{phase}"
    if there == here + 1:
        return IN_PHASE
    return f"crossphase-jump-to-{phase}"


def classify_steps(
    phases: Sequence[str], steps: Iterable[str]
) -> tuple[list[str], str | None, str | None]:
    """Classify a session's steps (normalised phase names, in order).

    Returns the classification of each step, the start phase and the end
    phase (``None`` without a step of a pipeline phase). The first pipeline
    step is in-phase; ad-hoc steps do not change the current phase.
    """
    found: list[str] = []
    start: str | None = None
    current: str | None = None
    for phase in steps:
        classification = classify_step(phases, current, phase)
        if classification != AD_HOC:
            current = phase
            start = start or phase
        found.append(classification)
    return found, start, current


def closest_phases(name: str, phases: Sequence[str]) -> list[str]:
    return difflib.get_close_matches(name, [*phases, AD_HOC], n=3, cutoff=0.5)
