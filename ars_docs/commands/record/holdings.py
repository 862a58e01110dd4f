"""``hold-original``: a person records that they hold the original on paper or as a scan.

For a work whose only original is print (a book on a library shelf) or a scan
with no text layer, ``retrieve`` cannot check the text against the entry and
refuses to record it. Here a person states what they hold and where
(``session.holdings`` keeps it beside the passport), confirmed on a terminal
or with ``--yes`` (``attestation``), and the entry gets the acquisition fields
the passport contract has: ``source_acquired: true``, the date, and
``source_acquisition_path`` (the scan, or null for paper). Nothing else is
claimed: the description still needs ``verify --method vision_check`` or
``manual_grep`` and the reading ``mark-read``, as for any acquired original.

Human-only: no MCP tool calls this and ``retrieve`` never writes the record.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.core.clock import Clock
from ars_docs.core.errors import InputDataError, InputMissingError, UsageError
from ars_docs.session.holdings import FORMS, Holding

__all__ = ["CLI_FORMS", "HoldRun", "hold_original", "hold_statement"]

#: ``--form`` as typed (``image-scan``) → as recorded (``image_scan``).
CLI_FORMS = {form.replace("_", "-"): form for form in FORMS}
_WHERE_LIMIT = 500


@dataclass(frozen=True)
class HoldRun:
    """What ``hold-original`` recorded."""

    holding: Holding
    passport: str
    held_file: Path
    passport_fields: dict[str, Any]
    reset_verification: bool
    next: list[str] = field(default_factory=list)

    def text_lines(self) -> list[str]:
        """The text report: what was recorded, the passport fields, the next steps."""
        holding = self.holding
        fields = ", ".join(f"{k}: {json.dumps(v)}" for k, v in self.passport_fields.items())
        return [
            f"recorded: {holding.citation_key}: {holding.describe()} in {self.held_file} "
            f"(confirmed: {holding.confirmed})",
            f"passport: {fields}",
            *(f"next: {step}" for step in self.next),
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.holding.citation_key,
            "held": self.holding.to_dict(),
            "record": str(self.held_file),
            "passport": self.passport,
            "passport_fields": self.passport_fields,
            "reset_verification": self.reset_verification,
            "next": self.next,
        }


def hold_statement(key: str, form: str, where: str, file: str | None) -> str:
    """The sentence a person confirms (shown on the terminal before anything is written)."""
    if CLI_FORMS.get(form, form) == "paper":
        return f"{key}: I hold the original of this work on paper, at {where}"
    scan = f" ({file})" if file else ""
    return f"{key}: I hold an image-only scan{scan} of the original of this work, at {where}"


def hold_original(
    passport: str,
    key: str,
    *,
    form: str,
    where: str,
    file: str | None,
    yes: bool,
    clock: Clock | None = None,
) -> HoldRun:
    """Check the arguments, ask the person to confirm (``attestation``: on a terminal, or
    ``yes``), then record the holding and the entry's acquisition under the session lock."""
    from ars_docs.commands.record.attestation import confirm_attestation
    from ars_docs.files.locking import file_lock
    from ars_docs.session.holdings import held_path, load_holdings, record_holding

    recorded_form = _form(form)
    where = _where(where)
    if file is not None and recorded_form == "paper":
        raise UsageError("--file names a scan; a paper original has none (use --form image-scan)")
    path = Path(passport)
    if not path.is_file():
        raise InputMissingError(f"passport not found: {path}; check --passport / $ARS_PASSPORT")
    relative, digest = _scan(path, file) if file is not None else (None, None)
    statement = hold_statement(key, form, where, relative)
    confirmed = confirm_attestation("hold-original", statement, yes=yes)
    now = (clock or Clock.from_env()).rfc3339()
    with file_lock(path, held_path(path)):
        corpus, entry = _entry(path, key)
        before = load_holdings(path).get(key)
        if before is None and entry.source_acquired:
            raise InputDataError(
                f"{path}: '{key}' (line {entry.line}) already has an acquired original "
                f"(source_acquisition_path {entry.data.get('source_acquisition_path')!r}); "
                "hold-original is for works whose only original is on paper or an image-only "
                "scan; nothing was written"
            )
        holding = Holding(key, recorded_form, where, relative, digest, now, confirmed)
        fields: dict[str, Any] = {
            "source_acquired": True,
            "source_acquisition_date": now,
            "source_acquisition_path": relative,
        }
        # A check made against another original does not carry over to this one.
        changed = before is not None and (before.form, before.file_sha256) != (
            holding.form,
            holding.file_sha256,
        )
        reset = changed and entry.source_verified_against_original
        if reset:
            fields["source_verified_against_original"] = False
            fields["source_verification_method"] = "none"
        # The sidecar first: if the passport write fails, running again completes it.
        held = record_holding(path, holding, corpus.session_id or path.stem)
        from ars_docs.session.passport_edit import set_entry_fields

        set_entry_fields(path, {key: fields})
    return HoldRun(holding, passport, held, fields, reset, _next(key, passport))


def _form(form: str) -> str:
    if form not in CLI_FORMS:
        raise UsageError(f"--form {form!r} is not one of {', '.join(CLI_FORMS)}")
    return CLI_FORMS[form]


def _where(where: str) -> str:
    text = " ".join(where.split())
    if not text:
        raise UsageError(
            "--where is empty; say where the original is kept (library and shelf mark, "
            "archive box, your office)"
        )
    if len(text) > _WHERE_LIMIT:
        raise UsageError(f"--where is {len(text)} characters; keep it under {_WHERE_LIMIT}")
    return text


def _scan(passport: Path, file: str) -> tuple[str, str]:
    """The scan's path as the passport records paths (relative to its folder) and its hash."""
    scan = Path(file)
    if not scan.is_file():
        raise InputMissingError(f"{file}: no such file; give the path of the scan you hold")
    folder = passport.resolve().parent
    try:
        relative = scan.resolve().relative_to(folder)
    except ValueError:
        raise UsageError(
            f"{file}: the scan is outside the session folder {folder}; copy it there "
            "(e.g. sources/) and give that path, so the passport's path stays valid"
        ) from None
    from ars_docs.audit.model.manifest import sha256_file

    return relative.as_posix(), sha256_file(scan)


def _entry(path: Path, key: str) -> tuple[Any, Any]:
    from ars_docs.session.corpus import entry_to_edit
    from ars_docs.session.lookup_record import not_the_work

    corpus, entry = entry_to_edit(path, key)
    problem = not_the_work(entry.data, key)
    if problem is not None:
        raise InputDataError(f"{path}: {problem}; nothing was written")
    return corpus, entry


def _next(key: str, passport: str) -> list[str]:
    where = f" --passport {shlex.quote(passport)}"
    quoted = shlex.quote(key)
    return [
        f"ars-docs verify {quoted} --method vision_check{where} (or manual_grep): check the "
        "entry against what you hold",
        f"ars-docs mark-read {quoted}{where}: once you have read it",
        f"ars-docs finalize DRAFT{where}",
    ]
