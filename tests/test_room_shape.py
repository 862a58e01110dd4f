"""The shape issue 34 asks of works/, lookup/ and retrieval/: small floors, short modules.

A room's floor holds at most ``FLOOR`` modules (more, and its parts become
sub-rooms, as lookup/ became entry/ and batch/), and no module is longer than
``LINES`` lines (retrieval/judge/identity.py was 561). The other rooms are
being reshaped in the same issue; they join this list when they meet it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "ars_docs"
ROOMS = ("works", "lookup", "retrieval")
FLOOR = 15
LINES = 450


def _folders(room: str) -> list[Path]:
    top = PACKAGE / room
    return [top, *sorted(p for p in top.rglob("*") if p.is_dir() and p.name != "__pycache__")]


@pytest.mark.parametrize("room", ROOMS)
def test_no_floor_holds_more_than_fifteen_modules(room: str) -> None:
    crowded = {
        str(folder.relative_to(PACKAGE)): count
        for folder in _folders(room)
        if (count := len([p for p in folder.glob("*.py") if p.name != "__init__.py"])) > FLOOR
    }
    assert not crowded, f"group these into sub-rooms: {crowded}"


def test_lookup_keeps_nothing_on_its_floor() -> None:
    """lookup/ is its sub-rooms: entry/ (one entry checked), batch/ (a run), index/,
    registries/; a new module goes into the one whose part it is."""
    floor = sorted(p.name for p in (PACKAGE / "lookup").glob("*.py"))
    assert floor == ["__init__.py"]


@pytest.mark.parametrize("room", ROOMS)
def test_no_module_is_longer_than_450_lines(room: str) -> None:
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted((PACKAGE / room).rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LINES
    }
    assert not long, f"split these: {long}"
