"""docs/cli.md is generated from the argparse tree and kept in sync (issue 25 §10)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ars_docs.cli.docgen import REGENERATE, commands, main, render_reference
from ars_docs.cli.main import build_parser
from tests.support.layout import REPO

ROOT = REPO
CLI_DOC = ROOT / "docs" / "cli.md"


def test_docs_cli_md_is_up_to_date() -> None:
    current = CLI_DOC.read_text(encoding="utf-8") if CLI_DOC.is_file() else ""
    assert current == render_reference(), f"docs/cli.md is out of date; run: {REGENERATE}"


def test_every_command_and_option_is_in_the_reference() -> None:
    text = render_reference()
    for words, _help, parser in commands(build_parser([])):
        assert f"\n## ars-docs {words}\n" in text, words
        for action in parser._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}" in text or f", {option}" in text, (words, option)


def test_the_reference_does_not_depend_on_the_terminal_width(monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    narrow = render_reference()
    monkeypatch.setenv("COLUMNS", "200")
    assert render_reference() == narrow


def test_check_names_the_command_when_the_file_is_stale(tmp_path: Path, capsys) -> None:
    stale = tmp_path / "cli.md"
    stale.write_text("# old\n", encoding="utf-8")
    assert main(["-o", str(stale), "--check"]) == 1
    assert REGENERATE in capsys.readouterr().err
    assert main(["-o", str(stale)]) == 0
    assert main(["-o", str(stale), "--check"]) == 0
    assert stale.read_text(encoding="utf-8") == render_reference()


def test_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ars_docs.cli.docgen", "-o", str(CLI_DOC), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
