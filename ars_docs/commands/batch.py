"""Many drafts in one call: which drafts, which checks first, one load of the session (issue 27).

A batch of ``finalize`` or ``render`` runs each draft exactly as its own call
would. What a batch decides before its first draft runs is here:

* which drafts a list of files and folders names (``expand_drafts``: a folder
  is its ``*.md`` files in sorted name order, ``recursive`` adds subfolders;
  files ars-docs writes beside a draft are skipped; a draft named twice runs
  once);
* which options cannot serve several drafts (``refuse_single_draft_options``:
  standard input, ``-o``, ``--checklist``; exit 64);
* that no draft's output is another draft or another draft's output, and the
  one lock and one load of the trust inputs (``finalize_batch``,
  ``refuse_render_batch_outputs``);
* how the loaded trust inputs travel to worker processes (``pack_trust`` /
  ``unpack_trust``, the session cache codec).

Running the drafts — the worker pool, capturing each draft's report and
printing them in order — is the CLI's (``cli/groups/batch.py``): it only runs and prints.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from ars_docs.commands.outputs import refuse_batch_outputs_over_inputs
from ars_docs.commands.session_inputs import STDIO, Trust
from ars_docs.commands.setup.drafts import GENERATED_SUFFIXES, session_drafts
from ars_docs.core.errors import InputMissingError, UsageError

if TYPE_CHECKING:
    from ars_docs.commands.policy import GatePolicy

__all__ = [
    "Packed",
    "expand_drafts",
    "finalize_batch",
    "pack_trust",
    "refuse_render_batch_outputs",
    "refuse_single_draft_options",
    "unpack_trust",
]

Packed = tuple[bytes, bytes, str]
"""The trust inputs encoded for another process (corpus, read log, ``Corpus.held`` as
JSON: the cache codec leaves it out)."""


def expand_drafts(
    names: Sequence[str], *, recursive: bool, session: str | None = None
) -> tuple[list[str], bool]:
    """The drafts named by files and folders, and whether this is a batch.

    A batch is more than one draft or any folder (a folder of one draft still
    reports like a batch, so scripts see one shape). ``session``: a passport whose
    session's drafts (``commands.setup.drafts``) are added, also as a batch (the
    CLI passes it when no DRAFT is given).
    """
    drafts: list[str] = []
    seen: set[str] = set()
    folder_given = session is not None
    for name in [*names, *(session_drafts(session) if session is not None else ())]:
        if name != STDIO and os.path.isdir(name):
            folder_given = True
            found = _folder_drafts(Path(name), recursive)
            if not found:
                raise InputMissingError(
                    f"{name}: no *.md drafts in this folder"
                    + ("" if recursive else " (give --recursive to include its subfolders)")
                )
        else:
            found = [name]
        for draft in found:
            key = draft if draft == STDIO else os.path.realpath(draft)
            if key not in seen:
                seen.add(key)
                drafts.append(draft)
    return drafts, folder_given or len(drafts) > 1


def _folder_drafts(folder: Path, recursive: bool) -> list[str]:
    pattern = "**/*.md" if recursive else "*.md"
    return sorted(
        str(path)
        for path in folder.glob(pattern)
        if path.is_file() and not path.name.endswith(GENERATED_SUFFIXES)
    )


def refuse_single_draft_options(
    command: str, drafts: Sequence[str], *, output: str | None, checklist: str | None = None
) -> None:
    """Options that name one draft's input or output cannot serve several (exit 64)."""
    if STDIO in drafts:
        raise UsageError(
            f"{command}: standard input ('-') is one draft; give files or folders when "
            "running several"
        )
    for option, value in (("-o/--output", output), ("--checklist", checklist)):
        if value:
            raise UsageError(
                f"{command}: {option} names one draft's output; with several drafts each "
                "is written beside its draft (run the drafts one by one to place them)"
            )


@contextmanager
def finalize_batch(
    passport: str, drafts: Sequence[str], *, check: bool, require_lookup: bool | None
) -> Iterator[tuple[GatePolicy, Trust]]:
    """The policy and trust inputs of a finalize batch, its outputs checked first; the
    session lock is held (one lock, one load) until the block ends."""
    from ars_docs.commands.finalize import default_checklist_path
    from ars_docs.commands.policy import load_policy
    from ars_docs.commands.session_inputs import load_trust, session_lock

    if not check:
        refuse_batch_outputs_over_inputs(
            "finalize", drafts, lambda draft: [str(default_checklist_path(draft))]
        )
    policy = load_policy(passport, require_lookup=require_lookup)
    with session_lock(passport):
        yield policy, load_trust(passport)


def refuse_render_batch_outputs(
    drafts: Sequence[str], *, strict: bool, to: str, check: bool
) -> None:
    """Exit 64 before a render batch runs when a draft's output is another draft of it or
    another draft's output (``check`` writes nothing, so nothing to refuse)."""
    from ars_docs.commands.render import default_render_path

    if not check:
        refuse_batch_outputs_over_inputs(
            "render", drafts, lambda draft: [default_render_path(draft, strict=strict, to=to)]
        )


def pack_trust(trust: Trust | None) -> Packed | None:
    """The trust inputs as bytes a worker process decodes once (``unpack_trust``)."""
    if trust is None:
        return None
    import json

    from ars_docs.session.cache.codec import encode

    return encode(trust[0]), encode(trust[1]), json.dumps(trust[0].held)


def unpack_trust(packed: Packed | None) -> Trust | None:
    if packed is None:
        return None
    import json

    from ars_docs.session.cache.codec import decode
    from ars_docs.session.corpus import Corpus
    from ars_docs.session.readlog import ReadLog

    corpus = decode(packed[0], Corpus)
    corpus.held = json.loads(packed[2])
    return corpus, decode(packed[1], ReadLog)
