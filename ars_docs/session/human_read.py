"""The human-read signal commands, write side (§3.6, §4 Step 7).

``mark_read`` / ``unmark_read`` / ``list_read`` are what ``ars-docs mark-read``,
``unmark-read`` and ``list-read`` call; orchestrators can call them directly.
The user's explicit "I read this source" is the only thing that turns
LOW-WARN into ok, so these functions are strict:

* every key is checked against the passport's ``literature_corpus[]`` before
  anything is written; one unknown key refuses the whole batch;
* the log is append-only: a rescind adds ``rescinded_at`` to the active mark,
  a new mark is appended, nothing is ever deleted;
* a corrupt log is never overwritten; the passport is never written;
* each change is a read-modify-write under an exclusive ``flock`` on the
  log's folder (POSIX; no lock file is left behind), written atomically and
  verified by parsing the new text before it replaces the old; comments and
  layout survive (round-trip YAML).

Every refusal is a ``MarkReadError`` whose message has the canonical
``[ARS-MARK-READ ERROR: …]`` form; the checks made before anything is written
are in ``session.mark_checks``.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ars_docs.core.clock import Clock
from ars_docs.core.encoding import BOM, BOM_BYTES
from ars_docs.core.errors import ArsIOError, ExitCode, OutputError
from ars_docs.core.limits import not_utf8
from ars_docs.core.paths import regular_or_absent
from ars_docs.files.atomic import write_text_atomic
from ars_docs.files.locking import file_lock
from ars_docs.files.yaml.read import decode_utf8, read_bytes
from ars_docs.session.attest.log import append_attestations, check_attestations_writable
from ars_docs.session.attest.records import HOW, attestations_path, read_record
from ars_docs.session.corpus import Corpus
from ars_docs.session.mark_checks import (
    MarkReadError,
    check_writable,
    load_corpus_for_marks,
    load_log,
    refuse_earlier_than_latest,
    refuse_other_works,
    require_passport,
    validate_keys,
)
from ars_docs.session.readlog import (
    FULL_TEXT,
    READ_SCOPE_LEVELS,
    ReadMark,
    parse_read_log,
    read_log_path,
)

#: What ``ars_docs`` exports from here (``MarkReadError`` lives with the checks that raise it).
__all__ = ["MarkOutcome", "MarkReadError", "list_read", "mark_read", "unmark_read"]


@dataclass
class MarkOutcome:
    """What a call changed: keys written, and keys left alone with the reason."""

    log_path: Path
    written: list[str] = field(default_factory=list)
    unchanged: dict[str, str] = field(default_factory=dict)
    created: bool = False


# -- the lock and the round-trip document ------------------------------------------


@contextlib.contextmanager
def _locked(log: Path) -> Iterator[None]:
    """The session folder lock, with a failure to take it in the canonical form."""
    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(file_lock(log))
        except ArsIOError as exc:
            raise MarkReadError(exc.message, ExitCode.IO_ERR) from exc
        yield


def _yaml(text: str) -> YAML:
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    # Follow the file's own list indentation so untouched lines stay as they are.
    match = re.search(
        r"^human_read:[ \t]*(?:#.*)?\r?\n(?:[ \t]*(?:#.*)?\r?\n)*( *)-( +)", text, re.M
    )
    offset, gap = (len(match.group(1)), len(match.group(2))) if match else (2, 1)
    yaml.indent(mapping=2, sequence=offset + gap + 1, offset=offset)
    yaml.representer.add_representer(
        type(None), lambda rep, _: rep.represent_scalar("tag:yaml.org,2002:null", "null")
    )
    return yaml


def _header(passport: Path, corpus: Corpus, clock: Clock) -> CommentedMap:
    doc = CommentedMap()
    doc["session_id"] = corpus.session_id or passport.stem
    doc["created_at"] = clock.rfc3339()
    doc["human_read"] = CommentedSeq()
    doc.yaml_set_start_comment(
        f"Human-read log for {passport.name} (ARS §3.6), written by ars-docs mark-read.\n"
        "Append-only: unmark-read adds rescinded_at; no entry is ever deleted."
    )
    return doc


def _rewrite(
    log: Path, change: Any, *, header: CommentedMap | None, before_write: Any = None
) -> bool:
    """Load, apply ``change(marks)``, verify and write the log atomically.

    ``change`` returns ``None`` when there is nothing to write, else the set of
    indexes of the marks it rescinded (empty when it only appended).
    """
    # Bytes, not read_text(): universal-newline reading would hide a CRLF log.
    raw = (
        read_bytes(str(log), what="human-read log", hint="check its permissions")
        if regular_or_absent(log, what="human-read log")
        else b""
    )
    text = decode_utf8(raw, str(log))  # drops a BOM; put back below
    before = parse_read_log(text, str(log)).marks if text.strip() else []
    yaml = _yaml(text)
    doc = yaml.load(text) if text.strip() else header
    if doc is None:  # an empty log file: start it with the header
        doc = header
    if not isinstance(doc, dict):  # unreachable: parse_read_log below refuses it first
        raise MarkReadError(f"{log} is not a mapping", ExitCode.DATA_ERR)
    if doc.get("human_read") is None:
        doc["human_read"] = CommentedSeq()
    rescinded = change(doc["human_read"])
    if rescinded is None:
        return False
    out = io.StringIO()
    yaml.dump(doc, out)
    new_text = out.getvalue()
    newline = "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
    if newline != "\n":
        new_text = new_text.replace("\n", newline)
    if raw.startswith(BOM_BYTES):
        new_text = BOM + new_text
    after = parse_read_log(new_text, str(log)).marks
    _verify_append_only(log, before, after, rescinded)
    if before_write is not None:
        before_write()  # the attestation record: written ahead of the marks it describes
    try:
        write_text_atomic(log, new_text)
    except OutputError as exc:
        raise MarkReadError(
            f"read log {log} is not writable: {exc.message}", ExitCode.CANT_CREATE
        ) from exc
    return True


def _verify_append_only(
    log: Path, before: list[ReadMark], after: list[ReadMark], rescinded: set[int]
) -> None:
    """Earlier marks must come back unchanged, except ``rescinded_at`` on ``rescinded``."""

    def same(old: ReadMark, new: ReadMark, index: int) -> bool:
        fields = ("citation_key", "marked_at", "level", "locators", "note")
        if any(getattr(old, name) != getattr(new, name) for name in fields):
            return False
        if index in rescinded:
            return old.rescinded_at is None and new.rescinded_at is not None
        return old.rescinded_at == new.rescinded_at

    unchanged = len(after) >= len(before) and all(
        same(old, new, index) for index, (old, new) in enumerate(zip(before, after, strict=False))
    )
    if not unchanged:  # e.g. YAML aliases shared between marks: refuse, never lose a mark
        raise MarkReadError(
            f"refusing to write {log}: the update would also change earlier marks (does the "
            "log use YAML anchors/aliases? write each mark out in full)",
            ExitCode.DATA_ERR,
        )


@dataclass(frozen=True)
class _Call:
    """What mark-read and unmark-read check before touching anything."""

    passport: Path
    corpus: Corpus
    keys: list[str]
    clock: Clock
    log: Path

    @classmethod
    def prepare(
        cls, passport: str | os.PathLike[str] | None, keys: Sequence[str], clock: Clock | None
    ) -> _Call:
        path = require_passport(passport)
        corpus = load_corpus_for_marks(path)
        wanted = validate_keys(corpus, keys)
        log = read_log_path(path)
        check_writable(log)
        return cls(path, corpus, wanted, clock or Clock.from_env(), log)


# -- the three operations -------------------------------------------------------------


def mark_read(
    passport: str | os.PathLike[str] | None,
    keys: Sequence[str],
    *,
    scope: str = FULL_TEXT,
    locators: Sequence[str] = (),
    note: str | None = None,
    clock: Clock | None = None,
    attested: str | None = None,
) -> MarkOutcome:
    """Append a mark for each key (a key whose active mark has this scope is left alone).

    ``attested`` (``session.attest.records.HOW``): how the person confirmed it; recorded
    in the attestations log beside the read log, ahead of the marks. ``None`` records
    nothing (the marks then show as made in a way not recorded)."""
    if scope not in READ_SCOPE_LEVELS:
        raise MarkReadError(
            f"unknown read scope {scope!r}; use one of {', '.join(READ_SCOPE_LEVELS)}",
            ExitCode.USAGE,
        )
    for text in (note or "", *locators):
        shown = not_utf8(text)
        if shown is not None:
            raise MarkReadError(
                f"note or locator {shown!r} is not valid UTF-8 text; pass UTF-8", ExitCode.USAGE
            )
    if attested is not None and attested not in HOW:
        raise MarkReadError(
            f"unknown attestation {attested!r}; use one of {', '.join(HOW)}", ExitCode.USAGE
        )
    call = _Call.prepare(passport, keys, clock)
    path, corpus, wanted, clock, log = call.passport, call.corpus, call.keys, call.clock, call.log
    refuse_other_works(corpus, wanted)
    outcome = MarkOutcome(log)
    sidecar = attestations_path(path)
    if attested is not None:
        check_attestations_writable(sidecar)
    stamped: dict[str, str] = {}
    with _locked(log):
        current = load_log(log)
        outcome.created = not log.exists()
        refuse_earlier_than_latest(current, wanted, clock.rfc3339())

        def append(marks: CommentedSeq) -> set[int] | None:
            for key in wanted:
                active = current.active(key)
                if active is not None and active.level == scope:
                    outcome.unchanged[key] = f"already marked ({scope}) at {active.marked_at}"
                    continue
                mark = CommentedMap()
                mark["citation_key"] = key
                mark["marked_at"] = stamped[key] = clock.rfc3339()
                read_scope = CommentedMap()
                read_scope["level"] = scope
                read_scope["locators"] = CommentedSeq(locators)
                read_scope["note"] = note
                mark["read_scope"] = read_scope
                marks.append(mark)
                outcome.written.append(key)
            return set() if outcome.written else None

        def record() -> None:
            if attested is not None:
                at = clock.rfc3339()
                lines = [read_record(k, when, attested, at) for k, when in stamped.items()]
                append_attestations(sidecar, lines)

        _rewrite(log, append, header=_header(path, corpus, clock), before_write=record)
    return outcome


def unmark_read(
    passport: str | os.PathLike[str] | None,
    keys: Sequence[str],
    *,
    clock: Clock | None = None,
) -> MarkOutcome:
    """Add ``rescinded_at`` to each key's active mark; never delete anything."""
    call = _Call.prepare(passport, keys, clock)
    wanted, clock, log = call.keys, call.clock, call.log
    outcome = MarkOutcome(log)
    with _locked(log):
        current = load_log(log)  # refuse a corrupt log before touching it

        def rescind(marks: CommentedSeq) -> set[int] | None:
            indexes: set[int] = set()
            for key in wanted:
                # The mark the read side calls latest (by marked_at), not the last one.
                if len(current.marks) == len(marks):
                    latest = current.latest_index(key)
                else:  # cannot happen under the lock; the last mark in the file then
                    latest = next(
                        (
                            index
                            for index in reversed(range(len(marks)))
                            if isinstance(marks[index], dict)
                            and marks[index].get("citation_key") == key
                        ),
                        None,
                    )
                if latest is None or marks[latest].get("rescinded_at") is not None:
                    outcome.unchanged[key] = "no active mark; nothing to rescind"
                    continue
                marks[latest]["rescinded_at"] = clock.rfc3339()
                indexes.add(latest)
                outcome.written.append(key)
            return indexes if indexes else None

        if log.exists():
            _rewrite(log, rescind, header=None)
        else:
            outcome.unchanged.update(dict.fromkeys(wanted, "no active mark; nothing to rescind"))
    return outcome


def list_read(
    passport: str | os.PathLike[str] | None, *, include_all: bool = False
) -> tuple[Path, list[ReadMark]]:
    """Active marks (or the whole history with ``include_all``), in log order."""
    path = require_passport(passport)
    log = read_log_path(path)
    current = load_log(log)
    if include_all:
        return log, list(current.marks)
    keys = dict.fromkeys(m.citation_key for m in current.marks)
    active = [mark for key in keys if (mark := current.active(key)) is not None]
    return log, sorted(active, key=lambda m: m.line)
