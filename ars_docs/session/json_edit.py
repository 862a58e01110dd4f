"""Set fields on literature_corpus[] entries of a JSON passport (§3.1, used by §3.5).

JSON has no comments, so the document is re-serialised: key order is kept
(new fields follow the field they belong after), the indentation, final
newline and CRLF of the original are detected and reused, and non-ASCII text
stays as it was written. The result must parse back to the old data with
exactly the requested fields changed, or nothing is written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ars_docs.core.errors import InputDataError

__all__ = ["edit_json"]

Updates = Mapping[str, Mapping[str, Any]]


def json_entries(data: Any) -> tuple[list[Any], bool]:
    """The entry list of a JSON passport (or of one entry file: a one-item list) and
    whether it is one entry file."""
    single = isinstance(data, dict) and "citation_key" in data and "literature_corpus" not in data
    found = [data] if single else data.get("literature_corpus") if isinstance(data, dict) else data
    return (found if isinstance(found, list) else []), single


def edit_json(text: str, updates: Updates) -> tuple[str, list[str]]:
    data = json.loads(text)
    holder, single = json_entries(data)
    done = []
    for index, entry in enumerate(holder):
        key = entry.get("citation_key") if isinstance(entry, dict) else None
        if isinstance(key, str) and key in updates:
            holder[index] = _ordered(entry, updates[key])
            done.append(key)
    if single:
        data = holder[0]
    indent_match = re.search(r"\n([ \t]+)\S", text)
    indent = indent_match.group(1) if indent_match else None
    ascii_only = "\\u" in text and text.isascii()
    new_text = json.dumps(data, indent=indent, ensure_ascii=ascii_only)
    if text.endswith(("\n", "\r")):
        new_text += "\n"
    if "\r\n" in text:
        new_text = new_text.replace("\n", "\r\n")
    if json.loads(new_text) != _expected_json(text, updates):
        raise InputDataError("refusing to rewrite the JSON passport: the result did not verify")
    return new_text, done


def _expected_json(text: str, updates: Updates) -> Any:
    data = json.loads(text)
    entries = (
        [data]
        if isinstance(data, dict) and "citation_key" in data
        else (data.get("literature_corpus") if isinstance(data, dict) else data)
    )
    for entry in entries if isinstance(entries, list) else ():
        if isinstance(entry, dict) and entry.get("citation_key") in updates:
            entry.update(updates[entry["citation_key"]])
    return data


def _ordered(old: dict[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """``old`` with ``fields`` set; new fields follow their predecessor in ``fields``."""
    merged = {**old, **fields}
    order = list(old)
    previous: str | None = None
    for name in fields:
        if name not in order:
            place = order.index(previous) + 1 if previous in order else len(order)
            order.insert(place, name)
        previous = name
    return {name: merged[name] for name in order}
