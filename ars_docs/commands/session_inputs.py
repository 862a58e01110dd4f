"""What every command on a session reads first: the passport's corpus, its read log, the draft.

``-`` names standard input for a draft (shown as ``<stdin>``), never for the
passport (its folder holds the session's other files).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from ars_docs.commands.outputs import STDIN_NAME, STDIO
from ars_docs.core.paths import HELD_SUFFIX, session_file
from ars_docs.document.text import Document, decode, read_document
from ars_docs.session.corpus import Corpus, load_corpus
from ars_docs.session.readlog import ReadLog, load_read_log, read_log_path

__all__ = ["STDIN_NAME", "STDIO", "Trust", "load_trust", "read_draft", "session_lock"]


Trust = tuple[Corpus, ReadLog]


def load_trust(passport: str) -> Trust:
    """The passport's corpus and its human-read log (an absent log is empty), with the
    originals a person holds on paper or as scans (``Corpus.held``) when recorded."""
    corpus = load_corpus(passport)
    if os.path.lexists(session_file(passport, HELD_SUFFIX)):  # the module loads only then
        from ars_docs.session.holdings import load_holdings

        corpus.held = {k: h.describe() for k, h in load_holdings(passport).current().items()}
    return corpus, load_read_log(read_log_path(passport))


def read_draft(name: str) -> Document:
    """The draft at ``name``, or standard input for ``-`` (shown as ``<stdin>``)."""
    if name != STDIO:
        return read_document(name)
    return Document(decode(sys.stdin.buffer.read(), STDIN_NAME), path=STDIN_NAME)


@contextmanager
def session_lock(passport: str) -> Iterator[None]:
    """The session folder lock, held from reading the trust inputs to the last write.

    mark-read takes the same lock, so a draft always reflects one state of the
    read log — the one before or after a concurrent mark-read, never a mix.
    Links resolved: the lock is on the folders of the files themselves (issue 29).
    """
    from ars_docs.files.locking import file_lock

    with file_lock(passport, read_log_path(passport)):
        yield
