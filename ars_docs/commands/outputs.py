"""Where a command may write: the one output rule, for one draft and for a batch.

* An output never resolves to one of the command's inputs, the passport or a
  file kept beside it, or another output (``core.paths.refuse_output_over_inputs``,
  exit 64, before anything is read or written; issue 29).
* A batch is checked as a whole before its first draft runs (issue 33): no
  draft's output may be another draft of the same batch (``render --strict
  a.md a_final.md`` would write a.md's result over the draft ``a_final.md``),
  and no two drafts may write the same file.
* ``-`` is standard output; everything else is written atomically.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ars_docs.core.errors import OutputError, UsageError

__all__ = [
    "ensure_folder",
    "refuse_batch_outputs_over_inputs",
    "refuse_outputs_over_inputs",
    "same_file",
    "write_output",
]

STDIO = "-"
"""The path that means standard input (a draft) or standard output (an output)."""
STDIN_NAME = "<stdin>"
"""How a draft read from standard input is named in messages."""


def write_output(target: str, text: str) -> None:
    """Write ``text`` to a file atomically, or to standard output for ``-``."""
    if target == STDIO:
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.flush()
    else:
        from ars_docs.files.atomic import write_text_atomic

        write_text_atomic(Path(target), text)


def refuse_outputs_over_inputs(
    outputs: Sequence[tuple[str, str | None]],
    *,
    passport: str | None,
    inputs: Sequence[tuple[str, str | None]] = (),
) -> None:
    """Exit 64 when an output (``(option, path)``) resolves to one of the command's
    ``inputs`` (``(role, path)``), to the passport or a file kept beside it, or to
    another output — before anything is read or written (issue 29, one rule for every
    command)."""
    from ars_docs.core.paths import refuse_output_over_inputs, session_files

    protected: list[tuple[str, str | os.PathLike[str] | None]] = [
        *inputs,
        *session_files(passport),
    ]
    for option, target in outputs:
        refuse_output_over_inputs(target, protected, option=option)
        protected.append((f"the {option} output", target))


def refuse_batch_outputs_over_inputs(
    command: str, drafts: Sequence[str], outputs_of: Callable[[str], Sequence[str]]
) -> None:
    """Exit 64, before any draft runs, when a draft's output is another draft of the
    batch or the output of another draft (``outputs_of(draft)``: the files it writes
    besides itself)."""
    from ars_docs.core.paths import resolve

    def key(path: str) -> str:
        return str(resolve(path))

    inputs = {key(draft): draft for draft in drafts}
    written: dict[str, str] = {}
    for draft in drafts:
        for target in outputs_of(draft):
            where = key(target)
            other = inputs.get(where)
            if other is not None and where != key(draft):
                raise UsageError(
                    f"{command}: {draft} would write {target}, which is also a draft of this "
                    f"batch ({other}); nothing was run. Leave {other} out of the drafts (it "
                    "is what ars-docs writes), or rename it"
                )
            earlier = written.get(where)
            if earlier is not None and earlier != draft:
                raise UsageError(
                    f"{command}: {earlier} and {draft} would both write {target}; nothing "
                    "was run. Run them one by one with -o, or rename one"
                )
            written[where] = draft


def same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def ensure_folder(target: Path) -> None:
    """Fail early (exit 73) when ``target``'s folder does not exist or is not a folder."""
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(
            f"cannot write {target}: {folder} is not an existing folder; create it or choose "
            "another path (nothing was written)"
        )
