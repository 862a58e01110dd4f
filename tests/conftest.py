"""The suite's shared fixtures: a session folder, the CLI, the lookup world, the gate bench.

The helpers they use (and tests import) live in ``tests/support/sessions.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from ars_docs.cli.main import run
from tests.support.sessions import CliResult, Session, read_log_text, standard_passport

if TYPE_CHECKING:
    from tests.support.gate import Bench
    from tests.support.scholarly_world import ScholarlyWorld


@pytest.fixture(autouse=True)
def _private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keep the corpus cache of every test out of the user's ~/.cache."""
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = Session(tmp_path)
    s.passport.write_text(standard_passport(), encoding="utf-8")
    s.read_log.write_text(read_log_text("ok2020"), encoding="utf-8")
    return s


@pytest.fixture
def cli(
    capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., CliResult]:
    monkeypatch.delenv("ARS_PASSPORT", raising=False)

    def invoke(*argv: str | Path) -> CliResult:
        code = run([str(a) for a in argv])
        captured = capsysbinary.readouterr()
        return CliResult(code, captured.out.decode("utf-8"), captured.err.decode("utf-8"))

    return invoke


@pytest.fixture
def lookup_world(tmp_path: Path) -> Iterator[ScholarlyWorld]:
    """The simulated scholarly web with ``lookup_support.standard_world``'s works, and an
    ``ars-docs.toml`` pointing at it in ``tmp_path`` (where the lookup tests run)."""
    from tests.support.lookup import standard_world
    from tests.support.scholarly_world import ScholarlyWorld

    with ScholarlyWorld() as world:
        standard_world(world)
        world.write_config(tmp_path / "ars-docs.toml")
        yield world


_GATE_BENCH: dict[str, Bench] = {}


@pytest.fixture
def bench(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Bench:
    """A fresh copy of one audit-gate git repository built once per run (git init is slow)."""
    import shutil

    from tests.support.gate import Bench

    if "bench" not in _GATE_BENCH:
        _GATE_BENCH["bench"] = Bench.create(tmp_path_factory.mktemp("template") / "repo")
    template = _GATE_BENCH["bench"]
    shutil.copytree(template.root, tmp_path / "repo", symlinks=True)
    return Bench(tmp_path / "repo", head=template.head)
