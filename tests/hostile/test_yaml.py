"""Alias bombs and deep nesting cost a bounded time and memory (issue 16).

Every reader of structured input (passport, read log, events log, snapshot,
TOML config) refuses the bomb with exit 65 and ``file:line``, in one line, in
well under 10 s and 500 MB, and writes nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ars_docs.core.limits import ALIAS_BUDGET, MAX_NESTING
from tests.support.hostile import ars, files_outside, make_session


def laughs(levels: int = 9) -> list[str]:
    """A billion-laughs chain: each anchor is nine aliases of the one before."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]")
    return lines


def bomb_passport() -> str:
    return "\n".join(
        [
            *laughs(),
            "literature_corpus:",
            "  - citation_key: ok2020",
            "    title: t",
            "    notes: *a9",
        ]
    )


def bomb_read_log() -> str:
    return "\n".join(
        [
            *laughs(),
            "session_id: hostile",
            "human_read:",
            "  - citation_key: ok2020",
            "    marked_at: 2026-01-02T00:00:00Z",
            "    read_scope: {level: full_text, locators: *a9, note: null}",
        ]
    )


PASSPORT_COMMANDS = [
    ("lint", "corpus", "passport.yaml"),
    ("finalize", "draft.md", "--passport", "passport.yaml"),
    ("render", "draft.md", "--passport", "passport.yaml", "-o", "out.md"),
    ("mark-read", "--yes", "ok2020", "--passport", "passport.yaml"),
    ("scope-report", "--passport", "passport.yaml"),
    ("drift-log", "--passport", "passport.yaml"),
    ("session", "snapshot", "--passport", "passport.yaml"),
]


@pytest.mark.parametrize("argv", PASSPORT_COMMANDS, ids=lambda a: "-".join(a[:2]))
def test_passport_alias_bomb_is_refused_quickly(tmp_path: Path, argv: tuple[str, ...]) -> None:
    session = make_session(tmp_path)
    (session / "passport.yaml").write_text(bomb_passport(), encoding="utf-8")
    before = sorted(p.name for p in session.iterdir())
    run = ars(session, *argv)
    assert run.code == 65, run.err
    line = run.one_line_error()
    assert "passport.yaml:6:" in line and "alias bomb" in line
    run.within_bomb_bounds()
    assert sorted(p.name for p in session.iterdir()) == before
    assert files_outside(session) == []


@pytest.mark.parametrize(
    "argv",
    [
        ("list-read", "--passport", "passport.yaml"),
        ("finalize", "draft.md", "--passport", "passport.yaml"),
        ("mark-read", "--yes", "high2020", "--passport", "passport.yaml"),
    ],
    ids=lambda a: a[0],
)
def test_read_log_alias_bomb_is_refused_quickly(tmp_path: Path, argv: tuple[str, ...]) -> None:
    session = make_session(tmp_path)
    log = session / "passport_human_read_log.yaml"
    log.write_text(bomb_read_log(), encoding="utf-8")
    run = ars(session, *argv)
    assert run.code == 65, run.err
    line = run.one_line_error()
    assert "passport_human_read_log.yaml:6:" in line and "alias bomb" in line
    run.within_bomb_bounds()
    assert log.read_text(encoding="utf-8") == bomb_read_log()


def test_aliases_within_the_budget_still_work(tmp_path: Path) -> None:
    """Defaults merged into every entry are ordinary YAML, not a bomb."""
    session = make_session(tmp_path)
    entries = [
        "defaults: &d {authors: [{family: Author, given: A.}], year: 2020, "
        "source_acquired: false, source_verified_against_original: false, "
        "source_verification_method: none, description_last_audit: none}",
        "literature_corpus:",
    ]
    for i in range(300):
        entries += [
            f"  - citation_key: k{i}",
            "    <<: *d",
            f"    title: Title {i}",
            f"    source_pointer: sources/k{i}.pdf",
        ]
    (session / "passport.yaml").write_text("\n".join(entries) + "\n", encoding="utf-8")
    run = ars(session, "lint", "corpus", "passport.yaml")
    assert run.code == 0, run.err
    assert b"0 error(s)" in run.out


def test_alias_budget_counts_expansion_not_alias_events() -> None:
    """Nine aliases expanding to 9**7 values are refused; the budget is about size."""
    from ars_docs.core.errors import InputDataError
    from ars_docs.files.yaml.read import parse_yaml

    with pytest.raises(InputDataError, match=r"<t>:\d+:\d+: aliases expand to more than"):
        parse_yaml("\n".join(laughs(7)), "<t>")
    assert ALIAS_BUDGET < 9**7
    doc = parse_yaml("\n".join(laughs(4)), "<t>")  # 9**5 values: within the budget
    assert len(doc.data["a4"]) == 9


def test_deep_yaml_passport_is_refused_with_its_line(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    depth = 100_000
    (session / "passport.yaml").write_text(
        "session_id: x\n\nliterature_corpus: " + "[" * depth + "]" * depth + "\n",
        encoding="utf-8",
    )
    run = ars(session, "finalize", "draft.md", "--passport", "passport.yaml")
    assert run.code == 65, run.err
    line = run.one_line_error()
    # The root mapping counts as the first level.
    assert f"passport.yaml:3:{19 + MAX_NESTING}: lists and mappings nest more than" in line
    run.within_bomb_bounds()


def test_deep_yaml_block_mappings_are_refused(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    lines = [f"{' ' * i}k{i}:" for i in range(MAX_NESTING + 5)]
    log = session / "passport_human_read_log.yaml"
    log.write_text("\n".join(lines) + " x\n", encoding="utf-8")
    run = ars(session, "list-read", "--passport", "passport.yaml")
    assert run.code == 65, run.err
    assert f"passport_human_read_log.yaml:{MAX_NESTING + 1}:" in run.one_line_error()


def test_nesting_at_the_limit_is_accepted() -> None:
    from ars_docs.files.yaml.read import parse_yaml

    depth = MAX_NESTING
    assert parse_yaml("[" * depth + "]" * depth, "<t>").data is not None


def test_deep_json_event_line_is_refused(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    good = '{"ts": "2026-01-02T10:00:00Z", "phase": "ad-hoc", "action": "x"}'
    deep = '{"ts": "2026-01-02T10:00:00Z", "phase": "ad-hoc", "action": "x", "agent": '
    deep += "[" * 1000 + "]" * 1000 + "}"
    events = session / "passport_session_events.jsonl"
    events.write_text(f"{good}\n{deep}\n", encoding="utf-8")
    run = ars(session, "drift-log", "--passport", "passport.yaml")
    assert run.code == 65, run.err
    line = run.one_line_error()
    assert f"passport_session_events.jsonl:2:{74 + MAX_NESTING}: the event nests more" in line
    run.within_bomb_bounds()
    run = ars(session, "session", "log-event", "--passport", "passport.yaml",
              "--phase", "ad-hoc", "--action", "y")  # fmt: skip
    assert run.code == 65 and "nothing was appended" in run.one_line_error()
    assert events.read_text(encoding="utf-8") == f"{good}\n{deep}\n"


def test_brackets_inside_json_strings_do_not_count() -> None:
    from ars_docs.core.limits import nesting_too_deep

    assert nesting_too_deep('{"a": "' + "[" * 500 + '"}') is None
    assert nesting_too_deep('{"a": "\\"' + "[" * 500 + '"}') is None
    assert nesting_too_deep("[" * 101) == 100


def test_deep_snapshot_is_refused(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    (session / "passport_session_snapshot.json").write_text(
        '{\n"files": ' + "[" * 5000 + "]" * 5000 + "}\n", encoding="utf-8"
    )
    run = ars(session, "drift-log", "--passport", "passport.yaml")
    assert run.code == 65, run.err
    assert "passport_session_snapshot.json:2:" in run.one_line_error()


def test_deep_toml_config_is_refused(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    (session / "ars-docs.toml").write_text(
        '# config\n[retrieval]\nemail = "a[b"  # [[[\nx = ' + "[" * 5000 + "]" * 5000 + "\n",
        encoding="utf-8",
    )
    run = ars(session, "retrieve", "--passport", "passport.yaml", "--dry-run")
    assert run.code == 65, run.err
    assert f"ars-docs.toml:4:{4 + MAX_NESTING + 1}: arrays or inline tables nest" in (
        run.one_line_error()
    )


def test_long_input_is_quoted_briefly(tmp_path: Path) -> None:
    """A 1 MB bad value gives a message of at most a few hundred characters."""
    session = make_session(tmp_path)
    huge = "x" * 1_000_000
    log = session / "passport_human_read_log.yaml"
    log.write_text(
        f"human_read:\n  - citation_key: ok2020\n    marked_at: !!int {huge}\n", encoding="utf-8"
    )
    run = ars(session, "list-read", "--passport", "passport.yaml")
    assert run.code == 65
    line = run.one_line_error()
    assert len(line) < 600 and "more characters" in line


def test_every_error_message_is_one_bounded_line() -> None:
    from ars_docs.core.errors import InputDataError
    from ars_docs.core.limits import MESSAGE_LIMIT

    error = InputDataError("f.yaml:1:1: " + "bad\n" * 100_000 + "; fix it")
    assert "\n" not in error.message
    assert len(error.message) <= MESSAGE_LIMIT
    assert error.message.startswith("f.yaml:1:1: bad") and error.message.endswith("; fix it")


def test_a_deep_audit_jsonl_line_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    """A reader without its own depth check (the audit JSONL stream) still ends in
    one line with exit 65, through the CLI's last-resort handler."""
    session = make_session(tmp_path)
    (session / "run.jsonl").write_text(
        '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}\n", encoding="utf-8"
    )
    run = ars(session, "lint", "audit-artifacts", "--mode", "jsonl-stream",
              "--jsonl", "run.jsonl", "--root", ".")  # fmt: skip
    assert run.code == 65, run.err
    assert "an input nests too deeply to be read" in run.one_line_error()
    run.within_bomb_bounds()


def test_recursion_and_memory_errors_become_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ars_docs.cli.groups import draft
    from ars_docs.cli.main import run

    cases = [(RecursionError, 65, "nests too deeply"), (MemoryError, 74, "out of memory")]
    for error, code, words in cases:

        def broken(_args: object, error: type[BaseException] = error) -> int:
            raise error()

        monkeypatch.setattr(draft, "cmd_render", broken)
        assert run(["render", "draft.md"]) == code
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err and err.startswith("ars-docs: error: ")
