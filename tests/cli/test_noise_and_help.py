"""Noise and help (issue 25 §8): each problem once, help that says what a command needs."""

from __future__ import annotations

import argparse
from pathlib import Path

from ars_docs.cli.main import build_parser
from tests.support.sessions import Session, entry, passport_text


def every_parser() -> list[tuple[str, argparse.ArgumentParser]]:
    found = []

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    found.append((" ".join([*path, name]), child))
                    walk(child, [*path, name])

    walk(build_parser([]), [])
    return found


def test_every_command_has_a_description() -> None:
    missing = [name for name, parser in every_parser() if not (parser.description or "").strip()]
    assert missing == []


def help_of(command: str) -> str:
    if not command:
        return build_parser([]).format_help()
    return dict(every_parser())[command].format_help()


def test_top_level_help_names_every_audit_command() -> None:
    text = help_of("")
    entry = " ".join(text.split("\n    audit ", 1)[1].split("\n\n", 1)[0].split())
    for command in ("run", "parse-verdict", "manifest", "gate", "ack", "template"):
        assert command in entry, command


def test_render_help_says_strict_needs_a_passport() -> None:
    text = " ".join(help_of("render").split())
    assert "is set)" not in text
    assert "required by --strict" in text
    assert "needs the passport (--passport or $ARS_PASSPORT) unless --trust-draft-statuses" in text


def test_render_strict_prints_each_unmarked_citation_once(session: Session, cli) -> None:
    session.write(
        "draft.md",
        "# Results\n\nMüller (2015) found it <!--ref:ok2020-->, as did Jones et al. (2019).\n",
    )
    result = cli("render", session.draft, "--strict", "--passport", session.passport)
    assert result.code == 1
    assert result.err.count("Jones et al. (2019)") == 1
    assert "unmarked-citation" in result.err


def test_finalize_sums_up_findings_about_uncited_entries_with_the_lint_command(
    session: Session, cli
) -> None:
    session.passport.write_text(
        passport_text(
            entry("cited_2020", acquired=True, verified=True),
            entry("other_2021", acquired=True, verified=True, surprise_field="x"),
            entry("more_2022", acquired=True, verified=True) + "    verified: yes\n",
        ),
        encoding="utf-8",
    )
    session.write("draft.md", "# A\n\nClaim <!--ref:cited_2020-->.\n")
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 0, result.err
    lines = [line for line in result.err.splitlines() if "passport finding" in line]
    assert len(lines) == 1
    assert lines[0].startswith(f"{session.passport}: 2 more passport finding(s)")
    assert lines[0].endswith(f"ars-docs lint corpus {session.passport})")
    assert "ARS111" not in result.err and "ARS112" not in result.err
    verbose = cli("finalize", session.draft, "--passport", session.passport, "-v")
    assert "ARS111" in verbose.err and "ARS112" in verbose.err


def test_finalize_check_names_the_command_to_run(session: Session, cli) -> None:
    session.write("draft.md", "# A\n\nClaim <!--ref:ok2020-->.\n")
    result = cli("finalize", session.draft, "--passport", session.passport, "--check", "-q")
    assert result.code == 1
    assert (
        f"; run ars-docs finalize {session.draft} --passport {session.passport}; "
        in (result.out.splitlines()[-1])
    )
    assert cli("finalize", session.draft, "--passport", session.passport).code == 0
    again = cli("finalize", session.draft, "--passport", session.passport, "--check", "-q")
    assert again.code == 0 and "run ars-docs finalize" not in again.out


def test_a_quoted_path_in_the_named_command(tmp_path: Path, cli) -> None:
    folder = tmp_path / "my drafts"
    folder.mkdir()
    passport = folder / "passport.yaml"
    passport.write_text(passport_text(entry("a_2020", acquired=True, verified=True)), "utf-8")
    draft = folder / "chapter one.md"
    draft.write_text("Claim <!--ref:a_2020-->.\n", encoding="utf-8")
    result = cli("finalize", draft, "--passport", passport, "--check", "-q")
    assert f"run ars-docs finalize '{draft}' --passport '{passport}'" in result.out


def test_lint_corpus_on_an_empty_corpus_says_how_many_entries(tmp_path: Path, cli) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    result = cli("lint", "corpus", folder)
    assert result.code == 0
    assert result.out == (
        f"{folder}: 0 entries checked (the folder holds no entry file), 0 error(s), 0 warning(s)\n"
    )
    empty = tmp_path / "passport.yaml"
    empty.write_text("session_id: s\nliterature_corpus: []\n", encoding="utf-8")
    assert cli("lint", "corpus", empty).out.endswith(
        ": 0 entries checked (literature_corpus[] is empty), 0 error(s), 0 warning(s)\n"
    )
