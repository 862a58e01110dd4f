"""A person's confirmation of what they attest: asked on a terminal, ``--yes`` without one.

Some records are a person's word and nothing else can back them: that they
read a source, checked it, or hold its original on paper. An agent in the
same shell can run the same command, so the command asks on a terminal and,
run without one (a pipe, a script, an agent), needs ``--yes``. This does not
prove a person typed it; it makes an agent's run say so (``--yes`` is in its
command line, and the record keeps how it was confirmed: ``terminal`` or
``yes_flag``). ``hold-original`` uses it (issue 40); mark-read and verify are
meant to use the same helper, so there is one rule and one wording.
"""

from __future__ import annotations

import sys
from typing import TextIO

from ars_docs.core.errors import ArsError, UsageError

__all__ = ["CONFIRMED_BY_FLAG", "CONFIRMED_ON_TERMINAL", "confirm_attestation"]

CONFIRMED_ON_TERMINAL = "terminal"
CONFIRMED_BY_FLAG = "yes_flag"


def confirm_attestation(
    command: str,
    statement: str,
    *,
    yes: bool,
    stdin: TextIO | None = None,
    stderr: TextIO | None = None,
) -> str:
    """How the person confirmed ``statement``: ``terminal`` or ``yes_flag``.

    ``--yes`` confirms without asking. Otherwise standard input must be a
    terminal, where the statement is shown on standard error and only ``y`` or
    ``yes`` confirms; anything else (or end of input) ends the command with
    nothing written (exit 1). Without a terminal and without ``--yes``: exit 64.
    """
    stdin = stdin if stdin is not None else sys.stdin
    stderr = stderr if stderr is not None else sys.stderr
    if yes:
        return CONFIRMED_BY_FLAG
    if not _is_terminal(stdin):
        raise UsageError(
            f"{command} records a person's statement ({statement}) and asks you to confirm "
            "it on a terminal; there is none (standard input is not a terminal), so pass "
            "--yes to confirm that you, a person, make it"
        )
    print(f"{statement}\nConfirm that you, a person, state this [y/N]: ", end="", file=stderr)
    stderr.flush()
    answer = stdin.readline().strip().lower()
    if answer not in ("y", "yes"):
        raise ArsError(f"{command}: not confirmed (answered {answer!r}); nothing was written")
    return CONFIRMED_ON_TERMINAL


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed or replaced by something without a tty
        return False
