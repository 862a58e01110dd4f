"""The content-hash cache of parsed session files; templates have no byte-code cache."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ars_docs.core import templating
from ars_docs.core.errors import InputDataError
from ars_docs.files import cache as cache_files
from ars_docs.session import readlog
from ars_docs.session.cache import store as cache
from ars_docs.session.readlog import load_read_log
from tests.support.sessions import read_log_text


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
    assert cache_files.cache_root() is None
    assert cache.cache_file("readlog", "x.yaml") is None


def test_private_folder_refuses_a_folder_others_can_write(tmp_path: Path) -> None:
    mine = cache_files.private_folder(tmp_path / "templates")
    assert mine == tmp_path / "templates"
    assert (mine.stat().st_mode & 0o777) == 0o700
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    assert cache_files.private_folder(shared) is None


def test_planted_template_byte_code_is_never_loaded(tmp_path: Path) -> None:
    """Issue 29 §9: byte code in the cache folder's ``templates/`` (as earlier versions
    wrote it, or as another user could plant it) is never loaded: ``drift-log``
    compiles its template from the package and writes nothing there."""
    import subprocess
    import sys

    import jinja2

    cache_dir = tmp_path / "cache"
    folder = cache_dir / "templates"
    folder.mkdir(parents=True)
    ran = tmp_path / "planted-code-ran"
    # A bucket Jinja would accept for the shipped drift-log template, holding other code.
    env = templating.environment()
    name = "session_drift_log.md.j2"
    source, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
    planted = jinja2.FileSystemBytecodeCache(str(folder))
    bucket = planted.get_bucket(env, name, filename, source)
    bucket.code = compile(f"open({str(ran)!r}, 'w').close()", "planted", "exec")
    planted.set_bucket(bucket)
    (folder / "__jinja2_interrupted.cache.tmp").write_bytes(b"half")
    before = sorted(p.name for p in folder.iterdir())
    session = tmp_path / "session"
    session.mkdir()
    (session / "passport.yaml").write_text(
        "session_id: s\nliterature_corpus: []\n", encoding="utf-8"
    )
    env_vars = dict(os.environ, ARS_DOCS_CACHE_DIR=str(cache_dir), ARS_DOCS_NO_CACHE="0")
    done = subprocess.run(
        [sys.executable, "-m", "ars_docs", "drift-log", "--passport", "passport.yaml", "-o", "-"],
        cwd=session, env=env_vars, capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert b"drift log" in done.stdout
    assert not ran.exists()
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing read back or added
    assert templating.environment().bytecode_cache is None
