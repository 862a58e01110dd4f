"""Render a nested value as block-style YAML lines, for in-place passport edits.

``passport_edit`` writes one-line scalars itself; a field whose value is a
mapping or a list of mappings (``lookup:``, ``retraction_acknowledgement:``)
becomes several lines here, indented under the field's key the way a person
would write it::

    lookup:
      status: mismatch
      sources: [crossref, openalex]
      differences:
        - field: title
          entry: "On X"
          blocking: true

Lists of scalars are written in flow style on one line (``[a, b]``); every
scalar goes through ``yaml_lines.render_scalar`` (plain when that reads back
as the same value, else double-quoted), so the text parses back to exactly
the value given. The caller checks that by parsing the edited file again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ars_docs.files.yaml.lines import render_scalar

__all__ = ["field_lines", "is_block_value"]

_STEP = 2


def is_block_value(value: Any) -> bool:
    """A non-empty mapping, or a list holding a mapping or a list: written as a block."""
    if isinstance(value, Mapping):
        return bool(value)
    if isinstance(value, list):
        return any(isinstance(item, (Mapping, list)) for item in value)
    return False


def field_lines(name: str, value: Any, indent: int) -> list[str]:
    """``name: value`` at column ``indent`` (0-based), as lines without line breaks."""
    pad = " " * indent
    if not is_block_value(value):
        return [f"{pad}{name}: {_inline(value)}"]
    lines = [f"{pad}{name}:"]
    if isinstance(value, Mapping):
        lines += mapping_lines(value, indent + _STEP)
    else:
        lines += _list_lines(value, indent + _STEP)
    return lines


def mapping_lines(mapping: Mapping[str, Any], indent: int) -> list[str]:
    """Each ``key: value`` of ``mapping`` at column ``indent``, as ``field_lines`` writes it."""
    lines: list[str] = []
    for key, value in mapping.items():
        lines += field_lines(_key(key), value, indent)
    return lines


def _list_lines(items: Sequence[Any], indent: int) -> list[str]:
    pad = " " * indent
    lines: list[str] = []
    for item in items:
        if isinstance(item, Mapping) and item:
            inner = mapping_lines(item, indent + _STEP)
            inner[0] = pad + "- " + inner[0].lstrip(" ")
            lines += inner
        elif isinstance(item, list) and is_block_value(item):
            inner = _list_lines(item, indent + _STEP)
            inner[0] = pad + "- " + inner[0].lstrip(" ")
            lines += inner
        else:
            lines.append(f"{pad}- {_inline(item)}")
    return lines


def _inline(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)}: {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    return render_scalar(value)


def _key(key: Any) -> str:
    return render_scalar(str(key))
