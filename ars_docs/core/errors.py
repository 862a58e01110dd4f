"""Exceptions raised by ars-docs and the CLI exit code each maps to.

Hierarchy::

    ArsError                      (exit 1 unless a subclass says otherwise)
    ├── UsageError                64  wrong flags / arguments
    ├── InputDataError            65  malformed YAML, schema violation, duplicate key
    ├── InputMissingError         66  an input file does not exist
    ├── OutputError               73  an output cannot be created or written
    └── ArsIOError                74  reading failed for another reason

Every message names the file (and line, where known) and says what to do
next. Messages are bounded: one line, at most ``core.limits.MESSAGE_LIMIT``
characters, however long the input they quote. The CLI prints
``ars-docs: error: <message>`` and exits with ``exit_code``; library users
catch ``ArsError``.
"""

from __future__ import annotations

from enum import IntEnum

from ars_docs.core.limits import bound_message


class ExitCode(IntEnum):
    """The documented exit codes (ARCHITECTURE.md §5); defined once here."""

    OK = 0
    CHECK_FAILED = 1
    USAGE = 64
    DATA_ERR = 65
    NO_INPUT = 66
    UNAVAILABLE = 69
    """An optional part is not installed (``render --references`` without the CSL processor)."""
    SOFTWARE = 70
    """``audit run`` only: the audit failed (``AUDIT_FAILED`` written, spec §4.6)."""
    CANT_CREATE = 73
    IO_ERR = 74
    TEMP_FAIL = 75
    """Try again later: ``audit run``'s transient failure (rate limit, timeout,
    interruption; §4.6) and ``lookup``'s entry that could not be checked (unreachable)."""
    INTERRUPTED = 130
    """Ctrl-C (SIGINT): the run stopped; every file is either as it was or complete."""


class ArsError(Exception):
    """Base class of every error ars-docs raises on purpose."""

    exit_code: ExitCode = ExitCode.CHECK_FAILED

    def __init__(self, message: str) -> None:
        message = bound_message(message)
        super().__init__(message)
        self.message = message

    def format(self) -> str:
        """The line the CLI prints on standard error."""
        return f"ars-docs: error: {self.message}"


class UsageError(ArsError):
    """The command line or API call itself is wrong."""

    exit_code = ExitCode.USAGE


class InputDataError(ArsError):
    """An input exists but its content is invalid."""

    exit_code = ExitCode.DATA_ERR


class InputMissingError(ArsError):
    """An input file or directory does not exist."""

    exit_code = ExitCode.NO_INPUT


class OutputError(ArsError):
    """An output file cannot be created or written."""

    exit_code = ExitCode.CANT_CREATE


class UnavailableError(ArsError):
    """A feature needs an optional dependency that is not installed; the message names
    the ``pip install`` that adds it."""

    exit_code = ExitCode.UNAVAILABLE


class ArsIOError(ArsError):
    """Reading an input failed for a reason other than its absence."""

    exit_code = ExitCode.IO_ERR
