"""A person's attestation, asked for (issue 40): the confirmation of ``mark-read`` and ``verify``.

On a terminal (standard input *and* standard error are terminals) the command
asks and only ``y``/``yes`` goes on; without one (a pipe, a script, an agent)
it needs ``--yes``, and says so. What happened is returned as one of
``session.attest.records.HOW`` and recorded beside the read log. This makes the
act deliberate and visible; it cannot prove who typed the answer (a program
holding a pseudo-terminal can answer too): docs/reference.md, "Human
attestations".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ars_docs.core.errors import ArsError, UsageError
from ars_docs.session.attest.records import CONFIRMED, YES_NO_TERMINAL, YES_ON_TERMINAL

__all__ = ["confirm", "read_question", "verify_question"]

_YES = ("y", "yes")


def read_question(keys: Sequence[str]) -> str:
    return f"Confirm you read {', '.join(dict.fromkeys(keys))} yourself"


def verify_question(keys: Sequence[str], method: str) -> str:
    shown = ", ".join(dict.fromkeys(keys))
    return f"Confirm {shown} was checked against the original ({method})"


def confirm(command: str, question: str, *, yes: bool, stdin: TextIO, stderr: TextIO) -> str:
    """How the attestation is made: asked on a terminal, else ``--yes`` or a refusal."""
    terminal = _is_terminal(stdin) and _is_terminal(stderr)
    if yes:
        return YES_ON_TERMINAL if terminal else YES_NO_TERMINAL
    if not terminal:
        raise UsageError(
            f"{command} records a person's word and there is no terminal to confirm it on "
            "(standard input or standard error is not a terminal); run it on a terminal, or "
            "pass --yes (recorded as made with --yes, no terminal); nothing was written"
        )
    stderr.write(f"{question} [y/N]: ")
    stderr.flush()
    answer = stdin.readline()
    if not answer.endswith("\n"):
        stderr.write("\n")  # end of input (Ctrl-D): the error goes on a line of its own
    if answer.strip().lower() not in _YES:
        said = repr(answer.strip()) if answer.strip() else "no answer"
        raise ArsError(
            f"{command}: not confirmed ({said}); nothing was written; run it again and "
            "answer y once you have done it yourself"
        )
    return CONFIRMED


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or stand-in stream
        return False
