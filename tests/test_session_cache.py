"""The content-hash cache of parsed session files, and the template byte-code cache."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import read_log_text

from ars_docs import templating
from ars_docs.errors import InputDataError
from ars_docs.session import cache, readlog
from ars_docs.session.readlog import load_read_log


def _boom(*args: object, **kwargs: object) -> None:
    raise AssertionError("parsed again although the bytes did not change")


def test_read_log_is_served_from_the_cache_until_its_bytes_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "p_human_read_log.yaml"
    log.write_text(read_log_text("a2020"), encoding="utf-8")
    first = load_read_log(log)
    with monkeypatch.context() as m:
        m.setattr(readlog, "parse_read_log", _boom)
        again = load_read_log(log)
    assert [mark.citation_key for mark in again.marks] == ["a2020"]
    assert again.marks == first.marks
    log.write_text(read_log_text("a2020", "b2020"), encoding="utf-8")
    assert [m.citation_key for m in load_read_log(log).marks] == ["a2020", "b2020"]


def test_a_corrupt_read_log_is_never_cached(tmp_path: Path) -> None:
    log = tmp_path / "p_human_read_log.yaml"
    log.write_text("session_id: 7\nhuman_read: []\n", encoding="utf-8")
    for _ in range(2):  # the second load must fail the same way, not hit a cache
        with pytest.raises(InputDataError, match="session_id"):
            load_read_log(log)


def test_cache_off_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARS_DOCS_NO_CACHE", "1")
    assert cache.cache_folder() is None
    assert cache.cache_file("readlog", "x.yaml") is None


def test_private_folder_refuses_a_folder_others_can_write(tmp_path: Path) -> None:
    mine = cache.private_folder(tmp_path / "templates")
    assert mine == tmp_path / "templates"
    assert (mine.stat().st_mode & 0o777) == 0o700
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    assert cache.private_folder(shared) is None


def _template_source() -> str:
    # A report template that every Scope Report renders; loading compiles it.
    return templating.environment().get_template("scope_report.md.j2").render.__qualname__


def test_templates_compile_once_into_a_private_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(tmp_path / "c"))
    templating.environment.cache_clear()
    try:
        _template_source()
        assert len(list((tmp_path / "c" / "templates").iterdir())) == 1
        # A fresh environment (a new process) loads the byte code instead of compiling.
        templating.environment.cache_clear()
        monkeypatch.setattr(templating.environment(), "compile", _boom)
        _template_source()
        # A cache folder others may write to is not used at all.
        templating.environment.cache_clear()
        os.chmod(tmp_path / "c" / "templates", 0o777)
        assert templating.environment().bytecode_cache is None
    finally:
        templating.environment.cache_clear()
