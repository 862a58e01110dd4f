"""Append one item to a top-level list of a YAML (or JSON) file, keeping every other byte.

Used for the passport's append-only ``audit_artifact[]`` ledger (audit spec
§4.9 step 8, §5.4). Like ``passport_edit``, the file is edited as lines, not
re-serialised: comments, blank lines, quoting, key order, a byte-order mark
and CRLF line ends stay as they were. The new item is written in block style
after the last line of the list, with the list's own indentation; a missing
list is added at the end of the file; an empty flow list (``key: []``) or a
bare ``key:`` becomes a block list. A non-empty flow list is refused with a
message saying how to fix it.

Before anything is written the new text is parsed again: it must be the old
document with exactly one item appended to that list and nothing else
changed (the existing items included: append-only), or ``InputDataError``.
JSON files (no comments to keep) are re-serialised with their indentation.

``append_items`` appends many items at once (``corpus import``) to a top-level
list ``key``, or with ``key=None`` to a file whose top level is the list, in
block style throughout (lists of mappings too, as ``authors`` are); the text is
parsed once before and once after, however many items there are.
``render_mapping`` writes one item as a file of its own (a passport folder).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ars_docs.core.errors import InputDataError
from ars_docs.files.yaml.block import mapping_lines
from ars_docs.files.yaml.lines import render_scalar, split_lines
from ars_docs.files.yaml.read import YamlDocument, parse_yaml

__all__ = ["append_item", "append_items", "render_block", "render_items", "render_mapping"]

_HINT = "write the list in block style (one `- ` item per entry) and run the command again"


def append_item(
    text: str,
    key: str,
    item: Mapping[str, Any],
    path: str,
    *,
    doc: YamlDocument | None = None,
) -> str:
    """``text`` with ``item`` appended to the top-level list ``key`` (checked, see above).

    ``doc`` (the parse of ``text``, not modified) saves the first parse.
    """
    if doc is None:
        doc = parse_yaml(text, path)
    if not isinstance(doc.data, dict):
        raise InputDataError(f"{path}: the top level is not a mapping; cannot add `{key}`")
    current = doc.data.get(key)
    if current is not None and not isinstance(current, list):
        raise InputDataError(f"{path}: `{key}` is not a list; make it a list of entries")
    # Compared with a fresh parse of the new text, so a shallow copy is enough.
    expected = {**doc.data, key: [*(current or []), copy.deepcopy(dict(item))]}
    if text.lstrip().startswith("{") and _is_json(text):
        new_text = _append_json(text, key, item)
    else:
        new_text = _append_yaml(
            text, doc.position(key) if key in doc.data else None, key, item, path
        )
    try:
        after = parse_yaml(new_text, path).data
    except InputDataError:
        after = None
    if after != expected:
        raise InputDataError(
            f"{path}: refusing to rewrite: appending to `{key}` in place would change more than "
            f"the new entry (anchors, a document end marker or an unusual layout?); {_HINT}"
        )
    return new_text


def render_block(item: Mapping[str, Any], dash: int, newline: str) -> str:
    """``item`` as a block-style list item whose ``-`` is at column ``dash`` (0-based)."""
    lines = _mapping_lines(item, dash + 2)
    lines[0] = " " * dash + "- " + lines[0].lstrip(" ")
    return "".join(line + newline for line in lines)


def _mapping_lines(mapping: Mapping[str, Any], indent: int) -> list[str]:
    pad = " " * indent
    lines: list[str] = []
    for name, value in mapping.items():
        if isinstance(value, Mapping):
            lines.append(f"{pad}{name}:")
            lines.extend(_mapping_lines(value, indent + 2))
        elif isinstance(value, list):
            lines.append(f"{pad}{name}:" + (" []" if not value else ""))
            lines.extend(f"{pad}  - {render_scalar(element)}" for element in value)
        else:
            lines.append(f"{pad}{name}: {render_scalar(value)}")
    return lines


def _append_yaml(
    text: str, at: tuple[int, int] | None, key: str, item: Mapping[str, Any], path: str
) -> str:
    lines = split_lines(text)
    newline = "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += newline
    if at is None:
        return "".join(lines) + f"{key}:{newline}" + render_block(item, 2, newline)
    index = at[0] - 1
    head = lines[index]
    body = head.rstrip("\r\n")
    match = re.match(rf"""(["']?){re.escape(key)}\1[ \t]*:[ \t]*(.*)\Z""", body)
    if match is None or at[1] != 1:
        raise InputDataError(
            f"{path}:{at[0]}: cannot find `{key}:` at the start of the line; {_HINT}"
        )
    rest = match.group(2)
    value, comment = _split_comment(rest)
    if value == "[]":
        lines[index] = (
            body[: len(body) - len(rest)].rstrip(" \t")
            + (f" {comment}" if comment else "")
            + head[len(body) :]
        )
        value = ""
    if value:
        raise InputDataError(f"{path}:{at[0]}: `{key}` is written in flow style; {_HINT}")
    dash, last = _list_extent(lines, index)
    return (
        "".join(lines[: last + 1]) + render_block(item, dash, newline) + "".join(lines[last + 1 :])
    )


def _split_comment(rest: str) -> tuple[str, str]:
    found = re.search(r"(^|[ \t])#", rest)
    if found is None:
        return rest.strip(), ""
    return rest[: found.start()].strip(), rest[found.start() :].strip()


def _list_extent(lines: list[str], index: int) -> tuple[int, int]:
    """``(dash column, last line of the list)`` for the list whose key is on line ``index``."""
    dash, last = None, index
    for number in range(index + 1, len(lines)):
        content = lines[number].rstrip("\r\n")
        stripped = content.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(content) - len(content.lstrip(" "))
        if dash is None and stripped.startswith("-"):
            dash = indent
        if indent == 0 and not (dash == 0 and stripped.startswith("-")):
            break
        if dash == 0 and indent == 0 and not stripped.startswith("-"):
            break
        last = number
    return (2 if dash is None else dash), last


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _append_json(text: str, key: str, item: Mapping[str, Any]) -> str:
    data = json.loads(text)
    data.setdefault(key, [])
    data[key].append(dict(item))
    indent_match = re.search(r"\n([ \t]+)\S", text)
    indent = indent_match.group(1) if indent_match else None
    newline = "\r\n" if "\r\n" in text else "\n"
    out = json.dumps(data, indent=indent, ensure_ascii=text.isascii() and "\\u" in text)
    if newline != "\n":
        out = out.replace("\n", newline)
    return out + (newline if text.endswith(("\n", "\r")) else "")


# --- many items at once (corpus import) ----------------------------------------------


def append_items(
    text: str,
    key: str | None,
    items: Sequence[Mapping[str, Any]],
    path: str,
    *,
    doc: YamlDocument | None = None,
) -> str:
    """``text`` with ``items`` appended to the list ``key`` (``None``: the top level), checked
    as ``append_item`` checks; ``doc`` (the parse of ``text``) saves the first parse."""
    new = [dict(item) for item in items]
    is_json = text.lstrip().startswith(("{", "[")) and _is_json(text)
    data = json.loads(text) if is_json else (doc or parse_yaml(text, path)).data
    if key is None:
        if not isinstance(data, list):
            raise InputDataError(f"{path}: the top level is not a list of entries")
        expected: Any = [*data, *new]
    else:
        if data is not None and not isinstance(data, dict):
            raise InputDataError(f"{path}: the top level is not a mapping; cannot add `{key}`")
        current = (data or {}).get(key)
        if current is not None and not isinstance(current, list):
            raise InputDataError(f"{path}: `{key}` is not a list; make it a list of entries")
        expected = {**(data or {}), key: [*(current or []), *new]}
    if is_json:
        new_text = _json_text(text, expected)
        after = json.loads(new_text)
    else:
        new_text = _append_yaml_items(text, key, data, new, path, doc)
        try:
            after = parse_yaml(new_text, path).data
        except InputDataError:
            after = None
    if after != expected:
        raise InputDataError(
            f"{path}: refusing to rewrite: appending {len(new)} entr"
            f"{'y' if len(new) == 1 else 'ies'} in place would change more than the new "
            f"entries (anchors, a document end marker or an unusual layout?); {_HINT}"
        )
    return new_text


def render_items(items: Sequence[Mapping[str, Any]], dash: int, newline: str) -> str:
    """``items`` as block-style list items whose ``-`` is at column ``dash`` (0-based)."""
    out = []
    for item in items:
        lines = mapping_lines(item, dash + 2)
        lines[0] = " " * dash + "- " + lines[0][dash + 2 :]
        out.append(newline.join(lines) + newline)
    return "".join(out)


def render_mapping(item: Mapping[str, Any], newline: str) -> str:  # a file of its own
    return newline.join(mapping_lines(item, 0)) + newline


def _append_yaml_items(
    text: str,
    key: str | None,
    data: Any,
    items: list[dict[str, Any]],
    path: str,
    doc: YamlDocument | None,
) -> str:
    lines = split_lines(text)
    newline = "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += newline
    document = doc or parse_yaml(text, path)
    if key is None:
        line, col = document.position(0) if data else (0, 0)
        before = lines[line - 1][: col - 1].rstrip(" \t") if line else ""  # up to the dash
        if not before.endswith("-") or before[:-1].strip():
            raise InputDataError(f"{path}:{line or 1}: the list is written in flow style; {_HINT}")
        last = max(i for i, row in enumerate(lines) if row.strip() and row.lstrip()[0] != "#")
        dash = len(before) - 1
        return "".join([*lines[: last + 1], render_items(items, dash, newline), *lines[last + 1 :]])
    if not isinstance(data, dict) or key not in data:
        return "".join(lines) + f"{key}:{newline}" + render_items(items, 2, newline)
    index = document.position(key)[0] - 1
    body = lines[index].rstrip("\r\n")
    match = re.match(rf"""(["']?){re.escape(key)}\1[ \t]*:[ \t]*(.*)\Z""", body)
    if match is None or document.position(key)[1] != 1:
        raise InputDataError(f"{path}:{index + 1}: cannot find `{key}:` at the start of a line")
    value, comment = _split_comment(match.group(2))
    if value == "[]":
        head = body[: len(body) - len(match.group(2))].rstrip(" \t")
        lines[index] = head + (f" {comment}" if comment else "") + lines[index][len(body) :]
    elif value:
        style = "has an anchor or a tag" if value[0] in "&!" else "is written in flow style"
        raise InputDataError(f"{path}:{index + 1}: `{key}` {style}; {_HINT}")
    dash, last = _list_extent(lines, index)
    return "".join([*lines[: last + 1], render_items(items, dash, newline), *lines[last + 1 :]])


def _json_text(text: str, data: Any) -> str:
    """``data`` as JSON in the layout of ``text`` (indentation, newline, final newline)."""
    found = re.search(r"\n([ \t]+)\S", text)
    indent, ascii_only = found.group(1) if found else None, text.isascii() and "\\u" in text
    out = json.dumps(data, indent=indent, ensure_ascii=ascii_only)
    newline = "\r\n" if "\r\n" in text else "\n"
    return out.replace("\n", newline) + (newline if text.endswith(("\n", "\r")) else "")
