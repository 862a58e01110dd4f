"""What mark-read, unmark-read and list-read check before they write anything (§3.6).

The fail-fast modes of §3.6, each a ``MarkReadError`` whose message has the
canonical ``[ARS-MARK-READ ERROR: …]`` form and whose exit code says why: no
passport, a passport or corpus that cannot be read, unknown keys (one refused
key refuses the whole batch, ``UnknownKeysError``), a read of an entry lookup
says is not the cited work, a read log that cannot be written or read, and a
mark older than the key's latest. ``session.human_read`` runs them; nothing here
writes a file.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ars_docs.core.errors import ArsError, ExitCode, InputMissingError, OutputError
from ars_docs.core.limits import bound_message, shorten
from ars_docs.files.atomic import ensure_writable
from ars_docs.session.corpus import Corpus, load_corpus
from ars_docs.session.lookup_record import not_the_work
from ars_docs.session.readlog import ReadLog, load_read_log, mark_instant

_SHOWN_KEYS = 20
"""Unknown keys listed one per line; the rest are counted (messages stay bounded)."""


class MarkReadError(ArsError):
    """A refused mark-read/unmark-read/list-read call; nothing was written."""

    def __init__(self, problem: str, exit_code: ExitCode) -> None:
        super().__init__(f"[ARS-MARK-READ ERROR: {problem}]")
        self.exit_code = exit_code

    def format(self) -> str:
        # One prefix for every error; the spec's canonical text follows it unchanged.
        return f"ars-docs: error: {self.message}"


class UnknownKeysError(MarkReadError):
    """Keys not in ``literature_corpus[]``; one canonical line per key."""

    def __init__(self, keys: Sequence[str], suggestions: dict[str, list[str]]) -> None:
        lines = []
        for key in keys[:_SHOWN_KEYS]:
            shown = shorten(key)
            line = f"[ARS-MARK-READ ERROR: citation_key '{shown}' not in literature_corpus[]]"
            if suggestions.get(key):
                line += f" (closest keys: {', '.join(suggestions[key])})"
            lines.append(bound_message(line))
        if len(keys) > _SHOWN_KEYS:
            lines.append(f"... and {len(keys) - _SHOWN_KEYS} more unknown keys")
        # The outcome ends the last line: one key, one line (issue 25 §8).
        lines[-1] += "; nothing was written: the whole batch of keys is refused"
        ArsError.__init__(self, "")
        # One canonical line per key (§3.6), each bounded; the only multi-line message.
        self.message = "\n".join(lines)
        self.args = (self.message,)
        self.exit_code = ExitCode.DATA_ERR
        self.keys = tuple(keys)


def require_passport(passport: str | os.PathLike[str] | None) -> Path:
    """The passport's path; refused when none is given, its folder is unreadable or it is gone."""
    if passport is None or not os.fspath(passport):
        raise MarkReadError(
            "no active passport: pass --passport PASSPORT or set $ARS_PASSPORT",
            ExitCode.USAGE,
        )
    path = Path(passport)
    folder = path.parent
    try:
        os.listdir(folder)
    except FileNotFoundError:
        pass  # reported as "passport not found" below
    except OSError as exc:
        raise MarkReadError(
            f"cannot read the passport's folder {folder}: {exc.strerror or exc}; check its "
            "permissions",
            ExitCode.IO_ERR,
        ) from exc
    if not path.exists():
        raise MarkReadError(
            f"passport not found: {path}; check --passport / $ARS_PASSPORT",
            ExitCode.NO_INPUT,
        )
    return path


def load_corpus_for_marks(passport: Path) -> Corpus:
    """The passport's corpus, a failure to load it in the canonical form."""
    try:
        return load_corpus(passport)
    except InputMissingError as exc:
        raise MarkReadError(exc.message, ExitCode.NO_INPUT) from exc
    except ArsError as exc:
        raise MarkReadError(exc.message, exc.exit_code) from exc


def validate_keys(corpus: Corpus, keys: Sequence[str]) -> list[str]:
    """``keys`` without repeats; refused when empty or when one is not in the corpus."""
    if not keys:
        raise MarkReadError("no citation_key given", ExitCode.USAGE)
    unknown = [key for key in dict.fromkeys(keys) if key not in corpus]
    if unknown:
        raise UnknownKeysError(unknown, {key: corpus.closest_keys(key) for key in unknown})
    return list(dict.fromkeys(keys))


def refuse_other_works(corpus: Corpus, keys: Sequence[str]) -> None:
    """A read of an entry lookup says is not the work (or does not exist) proves nothing."""
    problems = []
    for key in keys:
        entry = corpus.get(key)
        problem = not_the_work(entry.data, key) if entry is not None else None
        if problem is not None:
            problems.append(problem)
    if problems:
        raise MarkReadError(
            "refused, nothing was written: what you read cannot be the cited work as the "
            "passport describes it:\n  " + "\n  ".join(problems),
            ExitCode.DATA_ERR,
        )


def check_writable(log: Path) -> None:
    """Refuse a read log (or its folder) that cannot be written."""
    # The one read-only rule of every writer (session.atomic.ensure_writable): a 0444
    # log is refused even for root, as finalize refuses a 0444 draft.
    folder = log.parent
    try:
        ensure_writable(log)
    except OutputError as exc:
        raise MarkReadError(f"read log {exc.message}", ExitCode.CANT_CREATE) from exc
    if not os.access(folder, os.W_OK):
        raise MarkReadError(
            f"read log {log} is not writable; check the permissions of {folder}",
            ExitCode.CANT_CREATE,
        )


def load_log(log: Path) -> ReadLog:
    """The read log, a failure to read it in the canonical form."""
    try:
        return load_read_log(log)
    except ArsError as exc:
        raise MarkReadError(exc.message, exc.exit_code) from exc


def refuse_earlier_than_latest(current: ReadLog, keys: Sequence[str], now: str) -> None:
    """A mark older than the key's latest would not count: refuse it, write nothing.

    The latest mark is the one with the latest ``marked_at`` (``ReadLog.latest``),
    so a clock (or ``SOURCE_DATE_EPOCH``) behind the log would append a mark
    that changes nothing, silently.
    """
    for key in keys:
        latest = current.latest(key)
        if latest is not None and mark_instant(latest.marked_at) > mark_instant(now):
            raise MarkReadError(
                f"{current.path}:{latest.line}: {key} already has a mark made at "
                f"{latest.marked_at}, later than now ({now}); a new mark would not count. "
                "Check the clock (or SOURCE_DATE_EPOCH) and run mark-read again",
                ExitCode.DATA_ERR,
            )
