"""Set fields on ``literature_corpus[]`` entries in place, keeping everything else (§3.1).

Used by retrieval (§3.5) to record ``source_acquired``,
``source_acquisition_date`` and ``source_acquisition_path``, by ``verify``, and
by ``lookup`` for its nested ``lookup:`` record. A passport is a
user's file with comments, blank lines, key order and quoting of their own,
so instead of re-serialising the whole document this module edits lines:

* a field that exists gets its value replaced on its own line (a trailing
  comment is kept);
* a missing field is inserted on a new line after the related field (or at
  the end of the entry), with the entry's indentation and the file's newline;
* a mapping value (or a list of mappings) is written in block style under its
  key (``yaml_block``), replacing every line of the old value;
* every other byte stays as it was (BOM and CRLF included).

Before anything is written, the new text is parsed again and must equal the
old data with exactly the requested fields changed; otherwise nothing is
written (exit 65). The write is atomic and serialised with ``mark-read``
by an exclusive ``flock`` on the passport's folder. Passports in JSON are
re-serialised with their detected indentation (JSON has no comments). An
entry written in YAML flow style (``- {citation_key: …}``) is refused with
a message saying how to fix it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ars_docs.core.encoding import BOM_BYTES
from ars_docs.core.errors import InputDataError
from ars_docs.files.atomic import write_bytes_atomic
from ars_docs.files.locking import file_lock
from ars_docs.files.yaml.block import field_lines, is_block_value
from ars_docs.files.yaml.lines import line_ending, render_scalar, replace_scalar, split_lines
from ars_docs.files.yaml.read import (
    KeyPath,
    YamlDocument,
    decode_utf8,
    location,
    parse_yaml,
    read_bytes,
)
from ars_docs.session.corpus import load_corpus
from ars_docs.session.json_edit import edit_json, json_entries

__all__ = ["set_entry_fields"]

Updates = Mapping[str, Mapping[str, Any]]
"""citation_key -> {field: new value}, fields in the order they should appear."""

_HINT = "rewrite it in block style (one `field: value` per line) and run the command again"


Merge = Callable[[str, Mapping[str, Any], Mapping[str, Any]], Mapping[str, Any] | None]
"""``merge(key, entry as it is in the file now, wanted fields)`` → the fields to write, or
``None`` to leave the entry alone; called under the folder lock, so what another process
wrote since the caller read the passport is seen (``lookup`` keeps stronger evidence)."""


#: The bytes of a passport file and its parsed YAML, from a caller that parsed it already.
Parsed = tuple[bytes, YamlDocument]


def set_entry_fields(
    passport: str | os.PathLike[str],
    updates: Updates,
    *,
    merge: Merge | None = None,
    parsed: Parsed | None = None,
) -> list[str]:
    """Apply ``updates``; returns the keys written (keys no longer in the corpus are left out).

    ``parsed``: the file's bytes and their YAML document as the caller read them; used
    instead of parsing again when the file still holds exactly those bytes (a 20,000-entry
    passport takes seconds to parse, issue 29 §12).
    """
    path = Path(passport)
    if not updates:
        return []
    with file_lock(path):
        if path.is_dir():
            corpus = load_corpus(path, use_cache=False)
            by_file: dict[str, dict[str, Mapping[str, Any]]] = {}
            for key, fields in updates.items():
                entry = corpus.get(key)
                if entry is not None:
                    by_file.setdefault(entry.path, {})[key] = fields
            done: list[str] = []
            for name, wanted in by_file.items():
                done += _edit_file(Path(name), wanted, merge)
            return [key for key in updates if key in done]
        return _edit_file(path, updates, merge, parsed)


def _edit_file(
    path: Path, updates: Updates, merge: Merge | None = None, parsed: Parsed | None = None
) -> list[str]:
    raw = read_bytes(str(path), what="passport", hint="check --passport")
    text = decode_utf8(raw, str(path))
    if text.lstrip().startswith(("{", "[")) and _is_json(text):
        if merge is not None:
            updates = _merged(updates, json_entries(json.loads(text))[0], merge)
        new_text, done = edit_json(text, updates) if updates else (text, [])
    else:
        # Only the caller's own parse of these very bytes, of a whole-file passport.
        same = parsed is not None and parsed[0] == raw and path.suffix != ".md"
        doc = parsed[1] if same and parsed is not None else None
        new_text, done = _edit_yaml(path, text, updates, merge, doc)
    if done and new_text != text:
        write_bytes_atomic(
            path, (BOM_BYTES if raw.startswith(BOM_BYTES) else b"") + new_text.encode()
        )
    return done


def _merged(updates: Updates, entries: Iterable[Any], merge: Merge) -> dict[str, Mapping[str, Any]]:
    """``updates`` as ``merge`` settles them against the entries as the file holds them now."""
    merged: dict[str, Mapping[str, Any]] = {}
    for entry in entries:
        key = entry.get("citation_key") if isinstance(entry, dict) else None
        if isinstance(key, str) and key in updates:
            chosen = merge(key, entry, updates[key])
            if chosen:
                merged[key] = chosen
    return merged


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


# --- YAML: line edits ---------------------------------------------------------------


def _yaml_part(path: Path, text: str) -> tuple[str, int]:
    """The YAML to parse and its line offset (front matter of a Markdown entry file)."""
    if path.suffix != ".md":
        return text, 0
    lines = text.split("\n")
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return "\n".join(lines[1:index]) + "\n", 1
    raise InputDataError(f"{path}: no YAML front matter between `---` lines")


def _entries(doc: YamlDocument) -> Iterator[tuple[KeyPath, dict[str, Any]]]:
    root = doc.data
    if isinstance(root, dict) and "citation_key" in root and "literature_corpus" not in root:
        yield (), root
        return
    items = root.get("literature_corpus") if isinstance(root, dict) else root
    prefix: KeyPath = ("literature_corpus",) if isinstance(root, dict) else ()
    for index, item in enumerate(items if isinstance(items, list) else ()):
        if isinstance(item, dict):
            yield (*prefix, index), item


def _edit_yaml(
    path: Path,
    text: str,
    updates: Updates,
    merge: Merge | None = None,
    parsed: YamlDocument | None = None,
) -> tuple[str, list[str]]:
    yaml_text, offset = _yaml_part(path, text)
    doc = parsed if parsed is not None else parse_yaml(yaml_text, str(path), line_offset=offset)
    if merge is not None:
        updates = _merged(updates, (entry for _, entry in _entries(doc)), merge)
        if not updates:
            return text, []
    lines = split_lines(text)
    newline = "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
    # What the file must parse to after the edit: the data with only the chosen entries
    # updated (containers on their paths copied; a deep copy of all was 1/8 of the time).
    expected = doc.data
    edits: list[tuple[int, int, list[str]]] = []
    done: list[str] = []
    chosen = [
        (keypath, entry)
        for keypath, entry in _entries(doc)
        if isinstance(entry.get("citation_key"), str) and entry["citation_key"] in updates
    ]
    ends = _last_positions(doc, [keypath for keypath, _ in chosen])
    for keypath, entry in chosen:
        key = entry["citation_key"]
        fields = updates[key]
        edits += _plan(path, doc, lines, keypath, entry, fields, newline, ends[keypath])
        expected = _updated(expected, keypath, fields)
        done.append(key)
    # Bottom-up, so earlier line numbers stay valid; at one line, replace before inserting.
    for start, end, new in sorted(edits, key=lambda edit: (edit[0], edit[1]), reverse=True):
        if start > 0 and start == len(lines) and not lines[-1].endswith(("\n", "\r")):
            lines[-1] += newline  # inserting after a last line without a line break
        lines[start:end] = new
    new_text = "".join(lines)
    new_yaml, _ = _yaml_part(path, new_text)
    try:
        after = parse_yaml(new_yaml, str(path), line_offset=offset).data
    except InputDataError:
        after = None
    if after != expected:
        raise InputDataError(
            f"{path}: refusing to rewrite the passport: the in-place edit would change more than "
            f"the fields {', '.join(next(iter(updates.values())))} (anchors, aliases or an "
            f"unusual layout?); set them by hand, or {_HINT}"
        )
    return new_text, done


def _updated(data: Any, keypath: KeyPath, fields: Mapping[str, Any]) -> Any:
    """``data`` with the mapping at ``keypath`` updated by ``fields``; copies only the
    containers on that path, so ``data`` itself is left as it was."""
    if not keypath:
        return {**data, **fields}
    step, rest = keypath[0], keypath[1:]
    copied = list(data) if isinstance(data, list) else dict(data)
    copied[step] = _updated(data[step], rest, fields)  # type: ignore[index]
    return copied


def _plan(
    path: Path,
    doc: YamlDocument,
    lines: list[str],
    keypath: KeyPath,
    entry: Mapping[str, Any],
    fields: Mapping[str, Any],
    newline: str,
    last_position: int,
) -> list[tuple[int, int, list[str]]]:
    """Line edits ``(start, end, new lines)`` (0-based, end exclusive) for one entry;
    ``last_position``: the 1-based line of its last parsed node (``_last_positions``)."""
    line, col = doc.position(*keypath)
    key = entry.get("citation_key")
    if not line or lines[line - 1][col - 1 : col] in ("{", "["):
        raise InputDataError(
            f"{location(str(path), (line, col))}: entry {key!r} is written in flow style; {_HINT}"
        )
    indent = col - 1
    last = _last_line(lines, last_position, indent)
    edits: list[tuple[int, int, list[str]]] = []
    anchor = last
    pending: list[str] = []
    for name, value in fields.items():
        block = [line + newline for line in field_lines(name, value, indent)]
        at = _own_line(doc, lines, keypath, name, col) if name in entry else None
        if at is None:
            pending += block
            continue
        if pending:
            edits.append((anchor + 1, anchor + 1, pending))
            pending = []
        end = _value_end(doc, lines, keypath, entry, at, last)
        if is_block_value(value):
            edits.append((at, end + 1, block))
        else:
            ending = line_ending(lines[at]) or newline
            replaced = replace_scalar(lines[at], col, render_scalar(value)) if end == at else None
            edits.append((at, end + 1, [replaced or block[0][: -len(newline)] + ending]))
        anchor = end
    if pending:
        edits.append((anchor + 1, anchor + 1, pending))
    return edits


def _own_line(
    doc: YamlDocument, lines: list[str], keypath: KeyPath, name: str, col: int
) -> int | None:
    """0-based line where ``name:`` is written in the entry (``None`` if it comes from a merge)."""
    line, key_col = doc.position(*keypath, name)
    text = lines[line - 1] if line else ""
    if key_col != col or not text[col - 1 :].lstrip("\"'").startswith(name):
        return None
    return line - 1


def _last_positions(doc: YamlDocument, keypaths: list[KeyPath]) -> dict[KeyPath, int]:
    """For each entry, the 1-based line of the last node parsed inside it: one pass over
    the document's positions, whatever the number of entries edited."""
    wanted = set(keypaths)
    sizes = {len(keypath) for keypath in keypaths}
    ends: dict[KeyPath, int] = {}
    for node, (line, _) in doc.positions.items():
        for size in sizes:
            entry = node[:size]
            if entry in wanted and line > ends.get(entry, 0):
                ends[entry] = line
    return ends


def _last_line(lines: list[str], last_position: int, indent: int) -> int:
    """0-based last line holding content of the entry (block scalars included)."""
    last = last_position - 1
    index = last + 1
    while index < len(lines):
        content = lines[index].rstrip("\r\n")
        stripped = content.strip()
        if stripped and not stripped.startswith("#"):
            if len(content) - len(content.lstrip(" ")) <= indent:
                break
            last = index
        index += 1
    return last


def _value_end(
    doc: YamlDocument,
    lines: list[str],
    keypath: KeyPath,
    entry: Mapping[str, Any],
    at: int,
    last: int,
) -> int:
    """0-based last line of the value whose key is on line ``at``."""
    later = [
        doc.position(*keypath, other)[0] - 1
        for other in entry
        if doc.position(*keypath, other)[0] - 1 > at
    ]
    end = min([*later, last + 1]) - 1
    while end > at and (
        not lines[end].strip() or lines[end].strip().startswith("#")
    ):  # trailing blank and comment lines belong to what follows
        end -= 1
    return end
