"""Append imported entries to a passport, keeping every byte of what is there (§3.1).

Three passport shapes, as ``session.corpus`` reads them:

* a YAML/JSON file with ``literature_corpus:`` (or with no list yet: it is
  added), or a file whose top level is the list — the entries are appended
  by ``files.yaml.append.append_items`` (block style, the list's own
  indentation, the file's newline; a byte-order mark is kept; JSON is
  re-serialised with its indentation);
* a folder of entry files — one new ``<key>.yaml`` per entry (``/`` and ``:``
  of the key become ``_``; a name already taken gets ``_2``, ``_3`` …);
* no file yet — it is created (its folder must exist) as
  ``literature_corpus:`` with the entries (JSON when the name ends in
  ``.json``).

All of it happens under the session folder lock, from reading the passport
to the atomic write, so the plan is made against what is written over. The
result is parsed again and must be the old data plus exactly the new entries
(else ``InputDataError``, exit 65, nothing written); read-only targets are
refused before anything is written (``OutputError``, exit 73). A folder
whose entry files cannot all be written has the new files removed again.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ars_docs.bibliography.model import Bibliography
from ars_docs.bibliography.plan import Existing, Outcome, plan_import
from ars_docs.core.encoding import BOM_BYTES
from ars_docs.core.errors import ArsError, InputDataError, OutputError
from ars_docs.core.paths import read_regular
from ars_docs.files.atomic import ensure_writable, write_bytes_atomic
from ars_docs.files.locking import file_lock
from ars_docs.files.yaml.append import append_items, render_mapping
from ars_docs.files.yaml.read import decode_utf8, parse_yaml, read_bytes, type_name
from ars_docs.session.corpus import load_corpus

__all__ = ["ImportResult", "import_into_passport"]

_KEY = "literature_corpus"
_HINT = "check the --passport option or the ARS_PASSPORT environment variable"


@dataclass(slots=True)
class ImportResult:
    """What an import did (or, with ``dry_run``, would do) to the passport."""

    passport: str
    outcomes: list[Outcome]
    dry_run: bool
    written: list[str] = field(default_factory=list)
    """Files written (or that would be): the passport, or new entry files of a folder."""
    created: bool = False
    """The passport did not exist and was (or would be) created."""

    def count(self, outcome: str) -> int:
        return sum(1 for found in self.outcomes if found.outcome == outcome)


def import_into_passport(
    passport: str | os.PathLike[str], bibliographies: Sequence[Bibliography], *, dry_run: bool
) -> ImportResult:
    """Plan the import against the passport and append what is new (not with ``dry_run``)."""
    path = Path(passport)
    folder = path.parent if str(path.parent) else Path(".")
    if not path.exists() and not folder.is_dir():
        raise OutputError(
            f"cannot create the passport {path}: its folder {folder} does not exist; create the "
            "folder or give another --passport (nothing was written)"
        )
    with file_lock(path):
        if path.is_dir():
            return _into_folder(path, bibliographies, dry_run)
        return _into_file(path, bibliographies, dry_run)


def _into_file(path: Path, bibliographies: Sequence[Bibliography], dry_run: bool) -> ImportResult:
    name = str(path)
    created = not path.exists()
    raw = b"" if created else read_bytes(name, what="passport", hint=_HINT)
    text = decode_utf8(raw, name)
    doc = parse_yaml(text, name)
    data = doc.data
    key: str | None = _KEY
    prefix: tuple[str, ...] = ()
    if isinstance(data, list):
        key, items, prefix = None, data, ()
    elif isinstance(data, dict) or data is None:
        data = data or {}
        if "citation_key" in data and _KEY not in data:
            raise InputDataError(
                f"{name}: this file is one entry, not a passport; give the passport (or the "
                "folder of entry files) as --passport"
            )
        items, prefix = data.get(_KEY) or [], (_KEY,)
        if not isinstance(items, list):
            raise InputDataError(
                f"{name}:{doc.position(_KEY)[0]}: `{_KEY}` is {type_name(items)}, not a list; "
                "make it a list of entries"
            )
    else:
        raise InputDataError(
            f"{name}: the top level is {type_name(data)}; a passport is a mapping with "
            f"`{_KEY}:` or a list of entries"
        )
    existing = [
        Existing(item["citation_key"], item, f"{name}:{doc.position(*prefix, index)[0]}")
        for index, item in enumerate(items)
        if isinstance(item, dict) and isinstance(item.get("citation_key"), str)
    ]
    result = ImportResult(name, plan_import(existing, bibliographies), dry_run, created=created)
    new = [outcome.entry for outcome in result.outcomes if outcome.entry is not None]
    if not new:
        return result
    if created and path.suffix.lower() == ".json":
        new_text = json.dumps({_KEY: new}, indent=2, ensure_ascii=False) + "\n"
        if json.loads(new_text) != {_KEY: new}:  # as append_items checks its own result
            raise InputDataError(f"{name}: refusing to write: the new passport did not verify")
    else:
        new_text = append_items(text, key, new, name, doc=doc)
    result.written = [name]
    if not dry_run:
        target = Path(os.path.realpath(path))
        _ensure_folder_writable(target.parent)
        ensure_writable(target)
        write_bytes_atomic(
            path, (BOM_BYTES if raw.startswith(BOM_BYTES) else b"") + new_text.encode()
        )
    return result


def _into_folder(
    folder: Path, bibliographies: Sequence[Bibliography], dry_run: bool
) -> ImportResult:
    corpus = load_corpus(folder, use_cache=False)
    existing = [
        Existing(key, entry.data, f"{entry.path}:{entry.line}" if entry.line else entry.path)
        for key, entry in corpus.entries.items()
    ]
    result = ImportResult(str(folder), plan_import(existing, bibliographies), dry_run)
    new = [outcome.entry for outcome in result.outcomes if outcome.entry is not None]
    if not new:
        return result
    newline = _newline_of(corpus.entries[next(iter(corpus.entries))].path) if corpus else "\n"
    planned: list[tuple[Path, str]] = []
    taken: set[str] = set()
    for entry in new:
        target = folder / _file_name(str(entry["citation_key"]), folder, taken)
        text = render_mapping(entry, newline)
        if parse_yaml(text, str(target)).data != entry:
            raise InputDataError(
                f"{target}: refusing to write: the entry {entry['citation_key']!r} would not "
                "read back as written; import it into a passport file instead"
            )
        planned.append((target, text))
    result.written = [str(target) for target, _ in planned]
    if not dry_run:
        _ensure_folder_writable(folder)
        _write_all(planned)
    return result


def _file_name(key: str, folder: Path, taken: set[str]) -> str:
    stem = key.replace("/", "_").replace(":", "_")
    stem = "_" + stem[1:] if stem.startswith(".") else stem  # dot files are not read
    name, number = f"{stem}.yaml", 1
    while name in taken or os.path.lexists(folder / name):
        number += 1
        name = f"{stem}_{number}.yaml"
    taken.add(name)
    return name


def _newline_of(path: str) -> str:
    with contextlib.suppress(ArsError):
        head = read_regular(path, what="passport", hint="")[:65536]
        return "\r\n" if b"\r\n" in head else "\n"
    return "\n"


def _ensure_folder_writable(folder: Path) -> None:
    """Raise ``OutputError`` (73) unless new files can be made in ``folder``."""
    try:
        mode = folder.stat().st_mode
    except OSError:
        return  # the write itself will say why
    if not mode & stat.S_IWUSR or not os.access(folder, os.W_OK):
        raise OutputError(
            f"{folder} is read-only; ars-docs writes through a new file in that folder. Make it "
            "writable (chmod u+w) and import again; nothing was written"
        )


def _write_all(planned: list[tuple[Path, str]]) -> None:
    """Write each new entry file; on a failure remove the ones already written."""
    done: list[Path] = []
    try:
        for target, text in planned:
            write_bytes_atomic(target, text.encode())
            done.append(target)
    except BaseException:
        for target in done:
            with contextlib.suppress(OSError):
                target.unlink()
        raise
