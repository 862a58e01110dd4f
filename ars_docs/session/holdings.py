"""Originals held on paper or as image-only scans: ``<passport-stem>_originals_held.yaml``.

``retrieve`` can only record an original whose text it can check against the
entry; a book on a library shelf or a scan without a text layer has none. A
person records that they hold such an original with ``ars-docs hold-original``
(human-only: no MCP tool, never ``retrieve``). The corpus entry schema is
closed (``ARS-INTEROP.md`` §d: an unknown key fails upstream), so what is held
and where is kept in this sidecar beside the passport, as the read log is; the
entry itself only gets the acquisition fields the contract has
(``source_acquired``, ``source_acquisition_date``, ``source_acquisition_path``).

The file is append-only (one item per recording; for each key the last item in
the file is the one that counts) and is read strictly: an unknown key, a form
other than ``paper`` / ``image_scan`` or a missing ``where`` is an input error
(exit 65) naming the file and line. A missing file holds nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.core.errors import InputDataError
from ars_docs.core.paths import HELD_SUFFIX, session_file
from ars_docs.files.atomic import write_text_atomic
from ars_docs.files.locking import file_lock
from ars_docs.files.yaml.append import append_items, render_mapping
from ars_docs.files.yaml.read import decode_utf8, location, parse_yaml, read_bytes

__all__ = [
    "CONFIRMATIONS",
    "FORMS",
    "HELD_SUFFIX",
    "Holding",
    "Holdings",
    "held_path",
    "load_holdings",
    "record_holding",
]

#: What a person can hold that ``retrieve`` cannot read: paper, or a scan with no text.
FORMS = ("paper", "image_scan")
#: How the person confirmed: answered on a terminal, or passed ``--yes`` without one.
CONFIRMATIONS = ("terminal", "yes_flag")
_KEYS = frozenset(
    {"citation_key", "form", "where", "file", "file_sha256", "recorded_at", "confirmed"}
)
_HEADER = (
    "# Originals held on paper or as image-only scans, recorded by a person with\n"
    "# `ars-docs hold-original` (append-only; the last item for a key counts).\n"
)


def held_path(passport: str | os.PathLike[str]) -> Path:
    """``<passport-parent>/<passport-stem>_originals_held.yaml``."""
    return session_file(passport, HELD_SUFFIX)


@dataclass(frozen=True)
class Holding:
    """One recorded original: what form it is in and where it is kept."""

    citation_key: str
    form: str
    where: str
    file: str | None
    file_sha256: str | None
    recorded_at: str
    confirmed: str
    line: int = 0

    def describe(self) -> str:
        """``original held on paper at Library X, shelf 3`` (the words every view shows)."""
        if self.form == "paper":
            return f"original held on paper at {self.where}"
        scan = f" ({self.file})" if self.file else ""
        return f"original held as an image-only scan{scan} at {self.where}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "citation_key": self.citation_key,
            "form": self.form,
            "where": self.where,
            "file": self.file,
            "file_sha256": self.file_sha256,
            "recorded_at": self.recorded_at,
            "confirmed": self.confirmed,
            "shown": self.describe(),
        }


@dataclass(frozen=True)
class Holdings:
    path: Path
    items: tuple[Holding, ...] = ()

    def get(self, key: str) -> Holding | None:
        """The last recording for ``key`` (``None`` when none)."""
        for item in reversed(self.items):
            if item.citation_key == key:
                return item
        return None

    def current(self) -> dict[str, Holding]:
        """Each key's last recording, in the order the keys were first recorded."""
        found: dict[str, Holding] = {}
        for item in self.items:  # a later item replaces the value, not the key's place
            found[item.citation_key] = item
        return found


def load_holdings(passport: str | os.PathLike[str]) -> Holdings:
    path = held_path(passport)
    if not os.path.lexists(path):
        return Holdings(path)
    text = decode_utf8(
        read_bytes(str(path), what="originals-held record", hint="check the path"), str(path)
    )
    doc = parse_yaml(text, str(path))
    data = doc.data if doc.data is not None else {}
    if not isinstance(data, dict) or not isinstance(data.get("held", []), list):
        raise InputDataError(
            f"{path}: expected a mapping with a list `held:`; restore the file as "
            "ars-docs hold-original wrote it"
        )
    items = []
    for index, raw in enumerate(data.get("held") or []):
        where = location(str(path), doc.position("held", index))
        items.append(_holding(raw, where, doc.position("held", index)[0]))
    return Holdings(path, tuple(items))


def _holding(raw: Any, where: str, line: int) -> Holding:
    def bad(problem: str) -> InputDataError:
        return InputDataError(
            f"{where}: {problem}; restore the item as ars-docs hold-original wrote it"
        )

    if not isinstance(raw, dict):
        raise bad("an item of `held` must be a mapping")
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise bad(f"unknown key {unknown[0]!r}")
    for name in ("citation_key", "where", "recorded_at"):
        if not isinstance(raw.get(name), str) or not raw[name].strip():
            raise bad(f"`{name}` must be a non-empty string")
    if raw.get("form") not in FORMS:
        raise bad(f"`form` must be one of {', '.join(FORMS)}")
    if raw.get("confirmed") not in CONFIRMATIONS:
        raise bad(f"`confirmed` must be one of {', '.join(CONFIRMATIONS)}")
    for name in ("file", "file_sha256"):
        if raw.get(name) is not None and not isinstance(raw[name], str):
            raise bad(f"`{name}` must be a string or null")
    return Holding(
        raw["citation_key"],
        raw["form"],
        raw["where"],
        raw.get("file"),
        raw.get("file_sha256"),
        raw["recorded_at"],
        raw["confirmed"],
        line,
    )


def record_holding(passport: str | os.PathLike[str], item: Holding, session_id: str) -> Path:
    """Append ``item`` to the sidecar (created with a header when missing); the lock is
    taken here too (re-entrant), so a caller holding the session lock keeps it."""
    path = held_path(passport)
    fields = {k: v for k, v in item.to_dict().items() if k != "shown"}
    with file_lock(path):
        if not os.path.lexists(path):
            head = render_mapping({"session_id": session_id}, "\n")
            write_text_atomic(path, _HEADER + head + "held:\n" + _item_text(fields))
            return path
        text = decode_utf8(
            read_bytes(str(path), what="originals-held record", hint="check the path"), str(path)
        )
        load_holdings(passport)  # a damaged file is refused before anything is added
        write_text_atomic(path, append_items(text, "held", [fields], str(path)))
    return path


def _item_text(fields: dict[str, Any]) -> str:
    from ars_docs.files.yaml.append import render_block

    return render_block(fields, 2, "\n")
