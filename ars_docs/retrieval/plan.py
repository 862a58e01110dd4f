"""What a retrieval run will do, decided before any request (§3.5, §4 Step 5).

Which entries (the named keys — unknown ones refused with the closest
existing keys — else every entry whose ``source_acquired`` is not true),
where originals go, and whether the results could be written at all: a run
that could not record its findings refuses before it asks anyone anything.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ars_docs.core.errors import InputDataError, OutputError, UsageError
from ars_docs.retrieval.config import CONFIG_NAME, ENV_PREFIX, RetrievalConfig
from ars_docs.session.corpus import Corpus, CorpusEntry

__all__ = ["acquired_at", "preflight", "require_contact", "select", "sources_dir"]


def select(corpus: Corpus, keys: Sequence[str]) -> tuple[list[CorpusEntry], list[CorpusEntry]]:
    """(entries to retrieve, named entries already acquired)."""
    if keys:
        wanted = list(dict.fromkeys(keys))
        unknown = [k for k in wanted if k not in corpus]
        if unknown:
            lines = []
            for key in unknown:
                close = corpus.closest_keys(key)
                hint = f" (closest keys: {', '.join(close)})" if close else ""
                lines.append(
                    f"{corpus.path}: citation_key {key!r} not in literature_corpus[]{hint}"
                )
            lines.append("nothing was retrieved: check the keys")
            raise InputDataError("\n".join(lines))
        chosen = [e for k in wanted if (e := corpus.get(k)) is not None]
    else:
        chosen = list(corpus.entries.values())
    todo = [e for e in chosen if e.data.get("source_acquired") is not True]
    already = [e for e in chosen if e.data.get("source_acquired") is True] if keys else []
    return todo, already


def acquired_at(entry: CorpusEntry) -> str:
    where = entry.data.get("source_acquisition_path")
    return f"source_acquired is already true ({where or 'no path recorded'}); nothing to do"


def require_contact(config: RetrievalConfig) -> None:
    if config.contact_email:
        return
    where = config.source if config.source != "defaults" else f"{CONFIG_NAME} beside the passport"
    raise UsageError(
        "no contact e-mail: polite retrieval sends one in the User-Agent and Unpaywall requires "
        f"it; set contact_email in the [retrieval] section of {where} or "
        f"${ENV_PREFIX}CONTACT_EMAIL"
    )


def sources_dir(explicit: str | None, config: RetrievalConfig, base: Path) -> Path:
    """``--sources-dir``, else ``sources_dir`` from the config, else ``sources`` beside it."""
    if explicit:
        return Path(explicit)
    if config.sources_dir:
        return Path(config.sources_dir)
    return base / "sources"


def preflight(passport: Path, sources: Path, log_path: Path) -> None:
    """Refuse before any request when results could not be written (exit 73)."""
    problems = []
    if not os.access(passport, os.W_OK):
        problems.append(f"the passport {passport} is not writable")
    if not os.access(log_path.parent, os.W_OK):
        problems.append(f"the folder {log_path.parent} (attempt log) is not writable")
    existing = sources
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if existing.exists() and (not existing.is_dir() or not os.access(existing, os.W_OK)):
        problems.append(f"the sources folder {sources} cannot be created or written")
    if problems:
        raise OutputError(
            "; ".join(problems) + "; fix the permissions or use --sources-dir / --dry-run"
        )
