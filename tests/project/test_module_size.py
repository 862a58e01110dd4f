"""Size rules of the package layout (issue 34, "One house").

A module holds one concept and stays readable in one sitting: at most
``MAX_LINES`` lines. A room (or sub-room) holds at most ``MAX_MODULES``
modules besides its ``__init__``; past that its folder no longer shows what is
in it, and it wants sub-rooms. An exception is listed below with its reason;
a listed exception that no longer applies fails too, so the lists only shrink.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.layout import REPO

PACKAGE = REPO / "ars_docs"

MAX_LINES = 450
MAX_MODULES = 15

#: Modules allowed over ``MAX_LINES`` (paths relative to the package), with why.
LONG_MODULES: dict[str, str] = {}

#: Rooms allowed over ``MAX_MODULES`` modules (relative to the package), with why.
FULL_ROOMS: dict[str, str] = {}


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def rooms() -> list[Path]:
    return sorted(p.parent for p in PACKAGE.rglob("__init__.py"))


def modules_in(room: Path) -> list[Path]:
    return sorted(p for p in room.glob("*.py") if p.name != "__init__.py")


def relative(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix() or "."


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=relative)
def test_a_module_is_at_most_450_lines(path: Path) -> None:
    if relative(path) in LONG_MODULES:
        return
    lines = line_count(path)
    assert lines <= MAX_LINES, (
        f"ars_docs/{relative(path)} has {lines} lines (at most {MAX_LINES}): split it into "
        "modules of one concept each"
    )


@pytest.mark.parametrize("room", rooms(), ids=relative)
def test_a_room_holds_at_most_15_modules(room: Path) -> None:
    if relative(room) in FULL_ROOMS:
        return
    found = modules_in(room)
    assert len(found) <= MAX_MODULES, (
        f"ars_docs/{relative(room)}/ holds {len(found)} modules (at most {MAX_MODULES}): "
        "give it sub-rooms"
    )


def test_every_listed_exception_is_still_needed() -> None:
    # A split that lands must take its entry off the list, or the rule would not
    # notice the module (or room) growing back.
    stale = [
        name
        for name in LONG_MODULES
        if not (PACKAGE / name).is_file() or line_count(PACKAGE / name) <= MAX_LINES
    ]
    stale += [
        f"{name}/"
        for name in FULL_ROOMS
        if not (PACKAGE / name).is_dir() or len(modules_in(PACKAGE / name)) <= MAX_MODULES
    ]
    assert stale == [], f"take these off the lists in tests/project/test_module_size.py: {stale}"


def test_the_rules_see_the_package() -> None:
    # A wrong PACKAGE path would make every test above pass on nothing.
    assert len(MODULES) > 100
    assert PACKAGE / "document" / "parse" in rooms()


def test_lookup_keeps_nothing_on_its_floor() -> None:
    """lookup/ is its sub-rooms: entry/ (one entry checked), batch/ (a run), index/,
    registries/; a new module goes into the one whose part it is."""
    floor = sorted(p.name for p in (PACKAGE / "lookup").glob("*.py"))
    assert floor == ["__init__.py"]
