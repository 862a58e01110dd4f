"""One CLI a newcomer can follow (issue 10 §3): help everywhere, one error prefix, `-`."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from ars_docs import __version__
from ars_docs.cli.main import build_parser
from tests.support.sessions import Session

#: Words a command's help uses to say what it leaves behind.
WRITES = re.compile(r"\b(writes?|edits?|appends?|prints?|nothing)\b", re.IGNORECASE)


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser, str]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, child in action.choices.items():
                yield (*path, name), child, helps.get(name, "")
                yield from commands(child, (*path, name))


ALL = list(commands(build_parser([])))
LEAVES = [
    (path, parser, text)
    for path, parser, text in ALL
    if not any(isinstance(a, argparse._SubParsersAction) for a in parser._actions)
]


@pytest.mark.parametrize(
    ("path", "parser", "text"), LEAVES, ids=[" ".join(p) for p, _, _ in LEAVES]
)
def test_every_argument_has_help(path: tuple[str, ...], parser, text: str) -> None:
    missing = [
        "/".join(a.option_strings) or a.dest
        for a in parser._actions
        if not isinstance(a, argparse._HelpAction) and not a.help
    ]
    assert missing == [], f"ars-docs {' '.join(path)}: no help for {missing}"


@pytest.mark.parametrize(
    ("path", "parser", "text"), LEAVES, ids=[" ".join(p) for p, _, _ in LEAVES]
)
def test_every_command_says_what_it_writes(path: tuple[str, ...], parser, text: str) -> None:
    said = f"{text} {parser.description or ''}"
    assert WRITES.search(said), f"ars-docs {' '.join(path)}: help does not say what it writes"


def test_bare_command_prints_help(cli) -> None:
    result = cli()
    assert result.code == 64
    assert result.out.startswith("usage: ars-docs")
    for name in ("finalize", "render", "mark-read", "verify", "lint"):
        assert name in result.out


def test_version_short_and_long(cli, capsysbinary) -> None:
    for flag in ("-V", "--version"):
        with pytest.raises(SystemExit) as done:
            cli(flag)
        assert done.value.code == 0
        assert capsysbinary.readouterr().out.decode().strip() == f"ars-docs {__version__}"


@pytest.mark.parametrize(
    ("argv", "where"),
    [
        (("finalize", "d.md", "--bogus"), "ars-docs finalize --help"),
        (("lint", "corpus", "p.yaml", "--bogus"), "ars-docs lint corpus --help"),
        (("session", "snapshot", "--bogus"), "ars-docs session snapshot --help"),
        (("list-read", "extra"), "ars-docs list-read --help"),
    ],
)
def test_unknown_options_point_to_the_subcommand_help(cli, argv, where: str) -> None:
    result = cli(*argv)
    assert result.code == 64
    assert result.err.startswith("ars-docs: error: unrecognized arguments: ")
    assert f"(see '{where}')" in result.err


def test_lint_corpus_takes_passport_option_and_environment(
    session: Session, cli, monkeypatch
) -> None:
    by_option = cli("lint", "corpus", "--passport", session.passport)
    by_position = cli("lint", "corpus", session.passport)
    monkeypatch.setenv("ARS_PASSPORT", str(session.passport))
    by_env = cli("lint", "corpus")
    assert by_option.code == by_position.code == by_env.code == 0
    assert by_option.out == by_position.out == by_env.out
    assert by_env.out.endswith(f"{session.passport}: 4 entries checked, 0 error(s), 0 warning(s)\n")
    both = cli("lint", "corpus", session.passport, "--passport", session.root / "other.yaml")
    assert both.code == 64
    assert "give the passport once" in both.err


def test_errors_share_one_prefix(session: Session, cli) -> None:
    outcomes = [
        cli("mark-read", "--yes", "ghost", "--passport", session.passport),
        cli("finalize", session.root / "missing.md", "--passport", session.passport),
        cli("verify", "--yes", "ghost", "--method", "manual_grep", "--passport", session.passport),
    ]
    for result in outcomes:
        assert result.code in (65, 66)
        assert result.err.startswith("ars-docs: error: "), result.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("session", "snapshot", "-o", "-"), None),
        (("dispatch", "r.md", "--final-out", "-"), "--final-out needs a file path"),
        (("dispatch", "-"), "REPORT '-' is not supported"),
        (("lint", "audit-report", "-"), "FILE '-' (standard input/output) is not supported here"),
        (("drift-log", "--events", "-"), "--events '-' (standard input/output) is not supported"),
        (("scope-report", "--verdict", "-"), "--verdict '-' (standard input/output) is not"),
        (
            ("session", "log-event", "--phase", "drafting", "--action", "-", "--artifact", "-"),
            "--artifact '-' (standard input/output) is not supported",
        ),
    ],
)
def test_dash_works_or_is_refused(
    session: Session, cli, monkeypatch, argv, message: str | None
) -> None:
    monkeypatch.chdir(session.root)  # a file named '-' would appear here
    session.write("r.md", "# R\n\nA <!--ref:ok2020-->.\n")
    monkeypatch.setenv("ARS_PASSPORT", str(session.passport))
    result = cli(*argv)
    assert not (session.root / "-").exists()
    if message is None:
        assert result.code == 0, result.err
        assert result.out.lstrip().startswith("{")
    else:
        assert result.code == 64
        assert message in result.err
