"""existence: every cited work must be known to exist and not be retracted (issue 33).

The §3.3 matrix says whether a source is on file, checked and read; it says
nothing about whether the work exists or was retracted. ``ars-docs lookup``
records that in the entry (``session.lookup_record``). Unless the session opts
out (``Options.require_lookup``, set by ``commands.policy`` from ``[gate]
require_lookup = false`` in ``ars-docs.toml`` or ``--no-require-lookup``),
``render --strict`` asks every cited entry for a current record
(``lookup_record.existence_problem``): one that is not stale, whose retraction
status a service answered, made at most ``lookup_max_age_days`` ago.

Two passes:

* ``existence_gate`` (strict gate, after ``gate``): one ``existence-unchecked``
  refusal per marker whose entry has no such record. Markers refused for what a
  record *says* (not found, another work, retracted) and keys not in the
  corpus are left to their own refusal.
* ``existence_finalize`` (finalize, after ``checklist``): the same findings as
  ARS012 errors (one per key, at its first marker), a checklist section with
  the ``ars-docs lookup`` command, and the refusals in ``state.forecast``.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator

from ars_docs.core import codes
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.document.markers import Marker
from ars_docs.document.pipeline import DocState, Offender
from ars_docs.session.lookup_record import ExistenceProblem, existence_problem
from ars_docs.session.provenance import LOOKUP_STATUSES, Status

__all__ = ["CHECKLIST_HEADING", "existence_finalize", "existence_gate", "unchecked_markers"]

CHECKLIST_HEADING = "## Works not looked up"


def unchecked_markers(state: DocState) -> Iterator[tuple[Marker, ExistenceProblem]]:
    """Each marker whose entry lacks a current lookup record, with the reason."""
    trust = state.trust
    if trust is None or not state.options.require_lookup:
        return
    now = state.clock.now()
    max_age = state.options.lookup_max_age_days
    problems: dict[str, ExistenceProblem | None] = {}
    for marker in state.markers:
        slug = marker.slug
        if slug is None:
            continue
        if slug not in problems:
            status = trust.status(slug)
            if status is Status.NOT_IN_CORPUS or status in LOOKUP_STATUSES:
                problems[slug] = None
            else:
                problems[slug] = existence_problem(trust.lookup(slug), now, max_age)
        problem = problems[slug]
        if problem is not None:
            yield marker, problem


def existence_gate(state: DocState) -> None:
    for marker, problem in unchecked_markers(state):
        state.offenders.append(
            Offender(
                marker.line, marker.col, codes.REFUSE_EXISTENCE_UNCHECKED, marker.slug or "-",
                problem.text,
            )
        )  # fmt: skip
    state.offenders.sort(key=lambda o: (o.line, o.col))


def existence_finalize(state: DocState) -> None:
    first: dict[str, tuple[Marker, ExistenceProblem]] = {}
    for marker, problem in unchecked_markers(state):
        assert marker.slug is not None
        first.setdefault(marker.slug, (marker, problem))
        state.forecast.append(
            Offender(
                marker.line, marker.col, codes.REFUSE_EXISTENCE_UNCHECKED, marker.slug, problem.text
            )
        )
    if not first:
        return
    path = state.document.path
    passport = state.options.passport
    for slug, (marker, problem) in first.items():
        state.diagnostics.append(
            Diagnostic(
                path,
                marker.line,
                marker.col,
                codes.EXISTENCE_UNCHECKED,
                Severity.ERROR,
                f"render --strict will refuse '{slug}': nothing recent says the work exists "
                f"and is not retracted: {problem.text}; run {lookup_command([slug], passport)}",
                slug,
                fix=lookup_command([slug], passport),
            )
        )
    section = _checklist(list(first.items()), passport)
    current = state.artifacts.get("checklist", "")
    state.artifacts["checklist"] = f"{current.rstrip()}\n\n{section}" if current else section


def lookup_command(keys: list[str], passport: str | None) -> str:
    where = f" --passport {shlex.quote(passport)}" if passport else ""
    return f"ars-docs lookup {' '.join(shlex.quote(k) for k in keys)}{where}"


#: Keys named on the checklist's one lookup command; with more, the command selects them.
COMMAND_KEYS = 20
#: Keys listed one by one in the checklist section before the rest are counted.
CHECKLIST_CAP = 200


def checklist_command(items: list[tuple[str, ExistenceProblem]], passport: str | None) -> str:
    """One ``ars-docs lookup`` that covers every key: named, or (past ``COMMAND_KEYS``)
    the entries lookup checks by default, or ``--all`` when some record is only old."""
    if len(items) <= COMMAND_KEYS:
        return lookup_command([slug for slug, _ in items], passport)
    where = f" --passport {shlex.quote(passport)}" if passport else ""
    if all(problem.rechecked_by_default for _, problem in items):
        return f"ars-docs lookup{where}"
    return f"ars-docs lookup --all{where}"


def _checklist(
    items: list[tuple[str, tuple[Marker, ExistenceProblem]]], passport: str | None
) -> str:
    lines = [
        CHECKLIST_HEADING,
        "",
        "`render --strict` refuses a citation until `ars-docs lookup` has recorded that the "
        "work exists, is the work the entry describes and is not retracted (a record at "
        "most the configured number of days old). Run the command below (online, or "
        "`--offline SNAPSHOT`), then finalize again. A session that cannot look works up "
        "may opt out, visibly, with `require_lookup = false` under `[gate]` in its "
        "`ars-docs.toml`.",
        "",
        f"    {checklist_command([(slug, problem) for slug, (_, problem) in items], passport)}",
        "",
    ]
    for slug, (marker, problem) in items[:CHECKLIST_CAP]:
        lines.append(f"- [ ] `{slug}` (line {marker.line}): {problem.text}")
    if len(items) > CHECKLIST_CAP:
        lines.append(f"- … and {len(items) - CHECKLIST_CAP} more keys")
    return "\n".join(lines) + "\n"
