"""Record that an original was checked: ``ars-docs verify`` (spec §3.1 D1, issue 10 §3).

``source_verified_against_original`` is the AI-owned trust field that turns
MED-WARN into LOW-WARN; nothing set it until now, and the checklist's advice
"run the verification" had no command. ``record_verification`` sets, on each
entry, by the byte-preserving passport editor (``passport_edit``):

* ``source_verified_against_original: true``;
* ``source_verification_method``: the method used — one of the affirmative
  methods of firm rule 1 (``manual_grep``, ``vision_check``, ``codex_audit``);
* ``description_last_audit``: the audit id (``<round_id>`` in §3.1); by
  default ``<method>-<UTC date>``, e.g. ``manual_grep-2026-11-30``, since a
  verification outside a codex round has no round id of its own.

Firm rule 1 needs ``source_acquired: true``: an entry without an acquired
original is refused, as is an unknown key — the whole batch, before anything
is written (exit 65). So is an entry whose ``source_acquisition_path`` names a
file that does not exist (read from the passport's folder): there is nothing
to verify against (exit 66 when that is the only problem; issue 25 §7).
Verifying never touches the human-read log: a person reading the source is a
separate signal (§3.6, ``mark-read``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.core.clock import Clock
from ars_docs.core.errors import InputDataError, InputMissingError, UsageError
from ars_docs.session.corpus import AFFIRMATIVE_METHODS, Corpus, load_corpus, parsed_passport
from ars_docs.session.lookup_record import not_the_work

__all__ = [
    "VERIFY_METHODS",
    "VerifyOutcome",
    "apply_verification",
    "plan_verification",
    "record_verification",
]

#: The methods ``verify`` accepts (the affirmative methods of firm rule 1), in help order.
VERIFY_METHODS = ("manual_grep", "vision_check", "codex_audit")
assert frozenset(VERIFY_METHODS) == AFFIRMATIVE_METHODS


@dataclass
class VerifyOutcome:
    """What ``record_verification`` did."""

    passport: Path
    audit_id: str
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    """Keys already recorded with this method and audit id."""
    pending: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Key -> the fields ``apply_verification`` writes (planned, not yet written)."""
    parsed: Any = None
    """The passport's bytes and YAML document as planned (the editor reuses them when the
    file is unchanged under its lock)."""


def record_verification(
    passport: str | os.PathLike[str],
    keys: Sequence[str],
    *,
    method: str,
    audit_id: str | None = None,
    clock: Clock | None = None,
) -> VerifyOutcome:
    """Set the verification fields on every entry of ``keys``, or refuse them all."""
    outcome = plan_verification(passport, keys, method=method, audit_id=audit_id, clock=clock)
    apply_verification(outcome)
    return outcome


def plan_verification(
    passport: str | os.PathLike[str],
    keys: Sequence[str],
    *,
    method: str,
    audit_id: str | None = None,
    clock: Clock | None = None,
) -> VerifyOutcome:
    """Check every key and work out what to write (``pending``); writes nothing."""
    if method not in AFFIRMATIVE_METHODS:
        raise UsageError(
            f"--method {method!r} cannot back a verification; use one of "
            f"{', '.join(VERIFY_METHODS)}"
        )
    path = Path(passport)
    if not path.exists():
        raise InputMissingError(f"passport not found: {path}; check --passport / $ARS_PASSPORT")
    audit = audit_id if audit_id is not None else _default_audit_id(method, clock)
    if not audit.strip() or audit.strip() == "none":
        raise UsageError("--audit-id must name the audit (not empty, not 'none')")
    # Parsed once: the editor reuses this parse when the file is unchanged under its lock
    # (it was parsed three times; a 20,000-entry passport took 11.7 s, issue 29 §12).
    parsed = None
    if path.is_dir():
        corpus = load_corpus(path, use_cache=False)
    else:
        corpus, raw, document = parsed_passport(path)
        parsed = (raw, document)
    _refuse_unusable(corpus, keys, path)
    outcome = VerifyOutcome(path, audit, parsed=parsed)
    for key in dict.fromkeys(keys):
        data = corpus.entries[key].data
        wanted = {
            "source_verified_against_original": True,
            "source_verification_method": method,
            "description_last_audit": audit,
        }
        if all(data.get(name) == value for name, value in wanted.items()):
            outcome.unchanged.append(key)
        else:
            outcome.pending[key] = wanted
    return outcome


def apply_verification(outcome: VerifyOutcome) -> list[str]:
    """Write ``outcome.pending`` into the passport; fills and returns ``outcome.written``."""
    if outcome.pending:
        from ars_docs.session.passport_edit import set_entry_fields

        outcome.written = set_entry_fields(outcome.passport, outcome.pending, parsed=outcome.parsed)
    return outcome.written


def _missing_original(data: Mapping[str, Any], passport: Path) -> Path | None:
    """The recorded original's path when it names a file that is not there.

    Relative paths are read from the passport's folder, as ``retrieve`` writes
    them; an entry without a path (or with a URL) is not checked here.
    """
    where = data.get("source_acquisition_path")
    if not isinstance(where, str) or not where.strip() or "://" in where:
        return None
    full = passport.parent / where
    return None if full.is_file() else full


def _default_audit_id(method: str, clock: Clock | None) -> str:
    now = (clock or Clock.from_env()).now()
    return f"{method}-{now.strftime('%Y-%m-%d')}"


def _refuse_unusable(corpus: Corpus, keys: Sequence[str], passport: Path) -> None:
    problems = []
    missing = 0
    for key in dict.fromkeys(keys):
        entry = corpus.get(key)
        if entry is None:
            close = corpus.closest_keys(key)
            hint = f" (closest keys: {', '.join(close)})" if close else ""
            problems.append(f"citation_key '{key}' not in literature_corpus[]{hint}")
        elif (problem := not_the_work(entry.data, key)) is not None:
            problems.append(problem)
        elif not entry.source_acquired:
            problems.append(
                f"'{key}' has no acquired original (source_acquired is not true), so it cannot "
                "be verified against one; acquire it first (ars-docs retrieve) — "
                "firm rule 1 of §3.1"
            )
        elif (gone := _missing_original(entry.data, passport)) is not None:
            missing += 1
            problems.append(
                f"'{key}' (line {entry.line}): source_acquisition_path "
                f"{entry.data['source_acquisition_path']!r} does not exist ({gone}), so there "
                "is no original to verify against; put the file there, correct the path, or "
                f"fetch it again (ars-docs retrieve {key})"
            )
    if problems and missing == len(problems):
        raise InputMissingError(
            f"{corpus.path}: verification refused; nothing was written:\n  " + "\n  ".join(problems)
        )
    if problems:
        raise InputDataError(
            f"{corpus.path}: verification refused; nothing was written:\n  " + "\n  ".join(problems)
        )
