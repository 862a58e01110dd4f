"""``corpus import`` usage and error paths: exit codes, messages, nothing (half-)written."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from ars_docs.bibliography import passport as passport_module
from tests.bibliography.test_import_report import CRLF_BIB, entry, passport_with


def test_usage_errors(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    no_passport = cli("corpus", "import", CRLF_BIB)
    assert no_passport.code == 64
    assert no_passport.err == (
        "ars-docs: error: no passport given: pass --passport PASSPORT or set $ARS_PASSPORT "
        "(no passport yet? `ars-docs init` writes one)\n"
    )
    dash = cli("corpus", "import", "-", "--passport", "p.yaml")
    assert dash.code == 64
    assert dash.err.startswith("ars-docs: error: FILE '-' (standard input) is not supported")
    assert cli("corpus", "import", CRLF_BIB, "--passport", "-").code == 64
    no_action = cli("corpus")
    assert no_action.code == 64 and "ars-docs: error: " in no_action.err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_pipe_is_refused_like_standard_input(cli, tmp_path: Path) -> None:
    pipe = tmp_path / "refs.bib"
    os.mkfifo(pipe)  # what `corpus import <(cat refs.bib)` names
    passport = tmp_path / "p.yaml"
    passport.write_text("session_id: s\nliterature_corpus: []\n", encoding="utf-8")
    before = passport.read_bytes()
    done = cli("corpus", "import", pipe, "--passport", passport)
    assert done.code == 64
    assert done.err.startswith(
        f"ars-docs: error: FILE {pipe} (a pipe or a device) is not supported"
    )
    assert passport.read_bytes() == before


def test_environment_passport_and_the_flag_wins(cli, tmp_path: Path, monkeypatch) -> None:
    env, flag = tmp_path / "env.yaml", tmp_path / "flag.yaml"
    monkeypatch.setenv("ARS_PASSPORT", str(env))
    assert cli("corpus", "import", CRLF_BIB).code == 0
    assert cli("corpus", "import", CRLF_BIB, "--passport", flag).code == 0
    assert env.exists() and flag.exists()


@pytest.mark.parametrize(
    ("make", "code", "message"),
    [
        (lambda d: d / "missing.bib", 66, "missing.bib: bibliography not found; check the file"),
        (lambda d: d, 74, ": bibliography is a directory; give the path of a file"),
        (
            lambda d: (d / "bad.bib").write_bytes(b"@article{k, title={\xff}}") and d / "bad.bib",
            65,
            "bad.bib:1:20: not valid UTF-8 (byte 0xff); re-save the file with UTF-8 encoding",
        ),
    ],
    ids=["missing", "directory", "not-utf8"],
)
def test_bibliography_errors_leave_the_passport_alone(
    cli, tmp_path: Path, make: Any, code: int, message: str
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    path = passport_with(tmp_path, entry("a", "A", "A", 2000))
    before = path.read_bytes()
    result = cli("corpus", "import", CRLF_BIB, make(folder), "--passport", path)
    assert result.code == code
    assert result.err.startswith("ars-docs: error: ") and message in result.err
    assert result.err.count("\n") == 1 and result.out == ""
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "literature_corpus: [{citation_key: a}]\n",
            "`literature_corpus` is written in flow style",
        ),
        ("literature_corpus:\n  - a: [\n", "malformed YAML"),
        ("literature_corpus: 3\n", "`literature_corpus` is an integer, not a list"),
        ("citation_key: a\ntitle: T\n", "this file is one entry, not a passport"),
    ],
)
def test_passports_that_cannot_be_edited_in_place(
    cli, tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "passport.yaml"
    path.write_text(text)
    result = cli("corpus", "import", CRLF_BIB, "--passport", path)
    assert result.code == 65
    assert result.err.startswith(f"ars-docs: error: {path}") and message in result.err
    assert path.read_text() == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["passport.yaml"]


def test_read_only_passport_and_folder(cli, tmp_path: Path) -> None:
    path = passport_with(tmp_path, entry("a", "A", "A", 2000))
    before = path.read_bytes()
    path.chmod(0o444)
    result = cli("corpus", "import", CRLF_BIB, "--passport", path)
    assert result.code == 73
    assert "is read-only; ars-docs never replaces a read-only file" in result.err
    assert path.read_bytes() == before
    path.chmod(0o644)
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        for target in (folder / "new.yaml", folder):
            locked = cli("corpus", "import", CRLF_BIB, "--passport", target)
            assert locked.code == 73, locked.err
            assert f"ars-docs: error: {folder} is read-only" in locked.err
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)
    missing = cli("corpus", "import", CRLF_BIB, "--passport", tmp_path / "no" / "p.yaml")
    assert missing.code == 73 and "its folder" in missing.err and "does not exist" in missing.err


def test_a_folder_import_that_fails_midway_removes_what_it_wrote(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    real = passport_module.write_bytes_atomic
    written: list[Path] = []

    def failing(path: Path, data: bytes, **kwargs: Any) -> None:
        if written:
            from ars_docs.core.errors import OutputError

            raise OutputError(f"cannot write {path}: No space left on device")
        real(path, data, **kwargs)
        written.append(path)

    monkeypatch.setattr(passport_module, "write_bytes_atomic", failing)
    result = cli("corpus", "import", CRLF_BIB, "--passport", folder)
    assert result.code == 73
    assert written and not written[0].exists()
    assert list(folder.iterdir()) == []


def test_nothing_is_half_written_when_the_write_fails(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = passport_with(tmp_path, entry("a", "A", "A", 2000))
    before = path.read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    result = cli("corpus", "import", CRLF_BIB, "--passport", path)
    assert result.code == 73
    assert "the original was left unchanged" in result.err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["passport.yaml"]
    assert stat.S_IMODE(path.stat().st_mode) & 0o200
