"""``init``: a new session folder — passport skeleton, settings, ``sources/`` (issue 40).

Nothing is ever replaced: every target is checked before the first is written,
each file is created by a hard link from a finished temporary file (so a file
that appears meanwhile is not overwritten and no half-written file is left),
and a run that fails part-way removes what it created. ``sources/`` may
already exist as a folder (originals a person saved there are kept).
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.commands.policy import DEFAULT_LOOKUP_MAX_AGE_DAYS
from ars_docs.core.errors import OutputError, UsageError
from ars_docs.core.settings import CONFIG_NAME

__all__ = ["HOOKS", "PASSPORT_NAME", "InitRun", "init"]

PASSPORT_NAME = "passport.yaml"
SOURCES = "sources"
PRE_COMMIT = ".pre-commit-config.yaml"
#: The hooks of the repository's ``.pre-commit-hooks.yaml`` (a test keeps them equal):
#: id, entry. ``init`` writes them as local hooks running the installed ars-docs.
HOOKS = (
    ("ars-docs-finalize-check", "ars-docs finalize --check -q"),
    ("ars-docs-strict-gate", "ars-docs render --strict --check"),
)


@dataclass(frozen=True)
class InitRun:
    """What ``init`` wrote, in the order it wrote it, and what to run next."""

    folder: Path
    passport: Path
    written: Sequence[str] = ()
    kept: Sequence[str] = ()
    """Targets that were already there and are fine as they are (an existing ``sources/``)."""
    next: Sequence[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The ``--format json`` body of ``init``."""
        return {
            "folder": str(self.folder),
            "passport": str(self.passport),
            "written": list(self.written),
            "kept": list(self.kept),
            "next": list(self.next),
        }


def init(
    directory: str = ".", *, contact_email: str | None = None, pre_commit: bool = False
) -> InitRun:
    """Write a new session into ``directory`` (created if absent); refuse, writing
    nothing, when any file it would write is already there."""
    if contact_email is not None:
        _check_email(contact_email)
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise OutputError(
            f"{folder}: exists and is not a folder; give a folder for the new session; "
            "nothing was written"
        )
    passport = folder / PASSPORT_NAME
    files = {
        passport: _passport_text(folder),
        folder / CONFIG_NAME: _settings_text(contact_email),
    }
    if pre_commit:
        files[folder / PRE_COMMIT] = _pre_commit_text()
    sources = folder / SOURCES
    _refuse_existing([*files, sources.with_name(f"{passport.stem}_human_read_log.yaml")], sources)
    created: list[Path] = []
    made_folder = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for path, text in files.items():
            _create(path, text.encode("utf-8"))
            created.append(path)
        kept = [str(sources)] if sources.is_dir() else []
        if not kept:
            sources.mkdir()
    except BaseException:
        # All or nothing: what this run created goes again (Ctrl-C included).
        for path in reversed(created):
            with contextlib.suppress(OSError):
                path.unlink()
        if made_folder:
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    written = [str(path) for path in created] + ([] if kept else [f"{sources}{os.sep}"])
    return InitRun(folder, passport, written, kept, _next_steps(passport))


def _refuse_existing(files: Sequence[Path], sources: Path) -> None:
    """Every target checked before anything is written; the first one in the way named."""
    for path in files:
        if path.exists() or path.is_symlink():
            what = (
                "an earlier session's read log: a new passport beside it would inherit its marks"
                if path.name.endswith("_human_read_log.yaml")
                else "ars-docs init never replaces a file"
            )
            raise OutputError(
                f"{path}: already exists ({what}); move it away or init another folder; "
                "nothing was written"
            )
    if (sources.exists() or sources.is_symlink()) and not sources.is_dir():
        raise OutputError(
            f"{sources}: exists and is not a folder (originals are saved in {SOURCES}/); "
            "move it away; nothing was written"
        )


def _create(path: Path, data: bytes) -> None:
    """Create ``path`` holding ``data``; never replace it (a hard link fails if it exists)."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.link(tmp, path)
    except FileExistsError as exc:
        raise OutputError(
            f"{path}: appeared while ars-docs init ran; it was not replaced; nothing was written"
        ) from exc
    except OSError as exc:
        raise OutputError(
            f"cannot write {path}: {exc.strerror or exc}; check that the folder is writable; "
            "nothing was written"
        ) from exc
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _check_email(address: str) -> None:
    from ars_docs.retrieval.config_keys import scalar_problem

    problem = scalar_problem("contact_email", address)
    if problem:
        raise UsageError(f"--contact-email: {problem}; give the address registries may write to")


def _session_id(folder: Path) -> str:
    """The folder's name as a session id (letters, digits, ``._-``), else ``session``."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", folder.resolve().name).strip("-.")
    return name or "session"


def _passport_text(folder: Path) -> str:
    return (
        "# Material Passport of this session (docs/passport.md), written by ars-docs init.\n"
        "# Add sources with `ars-docs corpus import FILE.bib` (BibTeX, CSL-JSON or RIS) or\n"
        "# by hand; the trust fields are set by retrieve and verify, never by hand.\n"
        f"session_id: {_session_id(folder)}\n"
        "literature_corpus: []\n"
    )


def _settings_text(contact_email: str | None) -> str:
    email = (
        f'contact_email = "{contact_email}"'
        if contact_email
        else '# contact_email = "you@example.org"   # set it before lookup or retrieve go online'
    )
    return (
        "# ars-docs settings of this session (docs/reference.md), written by ars-docs init.\n"
        "\n"
        "[retrieval]\n"
        "# The address lookup and retrieve send to the registries' polite pools (Crossref,\n"
        "# OpenAlex) and to Unpaywall; both refuse to go online without one\n"
        "# ($ARS_RETRIEVAL_CONTACT_EMAIL also sets it).\n"
        f"{email}\n"
        "\n"
        "# The strict gate's settings, at their defaults (docs/gate.md):\n"
        "# [gate]\n"
        "# require_lookup = true      # every cited work needs a current `ars-docs lookup`\n"
        f"# lookup_max_age_days = {DEFAULT_LOOKUP_MAX_AGE_DAYS}   # how old that record may be\n"
    )


def _pre_commit_text() -> str:
    lines = [
        '# pre-commit hooks of ars-docs (docs/reference.md, "CI and pre-commit"), written\n',
        "# by ars-docs init. They run the ars-docs installed where you commit and write nothing.\n",
        "repos:\n",
        "  - repo: local\n",
        "    hooks:\n",
    ]
    for hook_id, entry in HOOKS:
        lines += [
            f"      - id: {hook_id}\n",
            f"        name: {entry.removesuffix(' -q')}\n",
            f"        entry: {entry}\n",
            "        language: system\n",
            "        always_run: true\n",
            "        pass_filenames: false\n",
            "        require_serial: true\n",
            f"        args: [--passport, {PASSPORT_NAME}]\n",
        ]
    return "".join(lines)


def _next_steps(passport: Path) -> list[str]:
    """The three commands of a session's start, with the passport as the user will type it."""
    where = f" --passport {shlex.quote(str(passport))}"
    return [
        f"ars-docs corpus import refs.bib{where} (your bibliography: BibTeX, CSL-JSON or RIS)",
        f"ars-docs lookup{where} (do the works exist, and are they what the entries say?)",
        f"ars-docs finalize chapter.md{where} (resolve the draft's citation markers)",
    ]
