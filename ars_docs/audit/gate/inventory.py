"""The gate's failure state inventory, read from package data (spec §5.6, closing table).

The spec's 24 rows (7 ``P-PA-`` and 17 ``P-PB-``) and the two ars-docs adds
(``P-PA-verdict-stream`` / ``P-PB-verdict-stream``: the verdict file against
the stream's last agent_message) live in ``inventory.json`` beside this
module: their step, kind (``silent`` / ``logged`` / ``block``),
what happens to the passport and the proposal, and the message the gate
prints. The gate formats its messages from here and the tests read the same
file, so a message changes in one place only.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["InventoryRow", "fragments", "inventory", "message", "row", "spec_rows"]

_FIELD = re.compile(r"\{[a-z_]+\}")


@dataclass(frozen=True, slots=True)
class InventoryRow:
    id: str
    step: str
    kind: str
    """``silent`` (recorded only), ``logged`` (a note, then Path B) or ``block``."""
    passport: str
    proposal: str
    message: str
    """Template with ``{placeholders}``."""
    then: str
    note: str = ""
    """A second, silent message for a row that can also end well (P-PB-dup-early)."""
    origin: str = "spec"
    """``spec`` for the §5.6 rows; why ars-docs added a row otherwise."""


@cache
def inventory() -> dict[str, InventoryRow]:
    """Every row by its phase ID, in the spec's order."""
    raw = resources.files("ars_docs.audit.gate").joinpath("inventory.json").read_text("utf-8")
    rows: list[dict[str, Any]] = json.loads(raw)["rows"]
    return {item["id"]: InventoryRow(**item) for item in rows}


def spec_rows() -> list[str]:
    """The phase IDs of the spec's own rows (``origin == "spec"``)."""
    return [key for key, item in inventory().items() if item.origin == "spec"]


def row(phase: str) -> InventoryRow:
    return inventory()[phase]


def message(phase: str, *, note: bool = False, **values: Any) -> str:
    """The row's message (or its ``note``) with its placeholders filled.

    A missing value leaves ``{name}`` in place.
    """
    template = row(phase).note if note else row(phase).message

    def fill(match: re.Match[str]) -> str:
        name = match.group(0)[1:-1]
        return str(values[name]) if name in values else match.group(0)

    return _FIELD.sub(fill, template).rstrip()


def fragments(phase: str) -> list[str]:
    """The literal pieces of a row's message, in order (what every instance of it contains)."""
    return [piece.strip() for piece in _FIELD.split(row(phase).message) if piece.strip()]
