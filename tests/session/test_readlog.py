"""The human-read log, read side (§3.6)."""

from __future__ import annotations

import datetime as dt
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ars_docs.core import paths
from ars_docs.core.errors import ArsIOError, ExitCode, InputDataError
from ars_docs.files import schema_check
from ars_docs.session.readlog import (
    FULL_TEXT,
    READ_SCOPE_LEVELS,
    ReadLog,
    ReadMark,
    empty_read_log,
    load_read_log,
    read_log_from_data,
    read_log_path,
)

LOG = """\
# human-read log — appended by /ars-mark-read
session_id: sess-2026-04-30
created_at: 2026-04-30 09:00:00 +08:00
human_read:
  - citation_key: mueller2024      # spec's original format: no read_scope
    marked_at: 2026-04-30T10:00:00Z
  - citation_key: wang2023a
    marked_at: "2026-04-30T10:05:00+08:00"
    read_scope:
      level: sections
      locators: ["§2", "pp. 10–14"]
      note: Nur Kapitel 2 gelesen
  - citation_key: smith2020
    marked_at: 2026-04-30T10:10:00Z
    rescinded_at: 2026-04-30T11:00:00Z
"""

#: Two real times, in order (hand-written times are checked).
T1, T2 = "2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z"


def write(path: Path, text: str, *, crlf: bool = False, bom: bool = False) -> Path:
    data = text.replace("\n", "\r\n") if crlf else text
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data.encode("utf-8"))
    return path


def mark(key: str, at: Any, **extra: Any) -> dict[str, Any]:
    return {"citation_key": key, "marked_at": at, **extra}


def test_read_log_path_is_beside_the_passport() -> None:
    assert read_log_path("/s/passport.yaml") == Path("/s/passport_human_read_log.yaml")
    assert read_log_path(Path("run/pp.v2.yml")) == Path("run/pp.v2_human_read_log.yaml")
    assert read_log_path("passport.yaml") == Path("passport_human_read_log.yaml")


@pytest.mark.parametrize(("crlf", "bom"), [(False, False), (True, True)])
def test_load_real_log(tmp_path: Path, crlf: bool, bom: bool) -> None:
    path = write(tmp_path / "p_human_read_log.yaml", LOG, crlf=crlf, bom=bom)
    log = load_read_log(path)
    assert log.path == str(path)
    assert log.session_id == "sess-2026-04-30"
    assert log.created_at == "2026-04-30T09:00:00+08:00"  # normalised to RFC 3339
    assert log.marks == [
        ReadMark("mueller2024", "2026-04-30T10:00:00Z", FULL_TEXT, (), None, None, 5),
        ReadMark(
            "wang2023a",
            "2026-04-30T10:05:00+08:00",
            "sections",
            ("§2", "pp. 10–14"),
            "Nur Kapitel 2 gelesen",
            None,
            7,
        ),
        ReadMark(
            "smith2020", "2026-04-30T10:10:00Z", FULL_TEXT, (), None, "2026-04-30T11:00:00Z", 13
        ),
    ]
    assert log.human_read("mueller2024") is True
    assert log.human_read("wang2023a") is False  # only sections were read
    assert log.partial("wang2023a") is log.marks[1]
    assert log.partial("mueller2024") is None
    assert log.human_read("smith2020") is False  # rescinded
    assert log.active("smith2020") is None
    assert log.human_read("absent") is False
    assert log.active("absent") is None


def test_missing_log_is_empty(tmp_path: Path) -> None:
    log = load_read_log(tmp_path / "none_human_read_log.yaml")
    assert log.marks == []
    assert log.path == str(tmp_path / "none_human_read_log.yaml")
    assert log.human_read("anything") is False


@pytest.mark.parametrize("text", ["", "# only a comment\n", "session_id: s\n", "human_read:\n"])
def test_empty_logs(tmp_path: Path, text: str) -> None:
    assert load_read_log(write(tmp_path / "log.yaml", text)).marks == []


def test_empty_read_log() -> None:
    log = empty_read_log()
    assert (log.path, log.session_id, log.created_at, log.marks) == ("<none>", None, None, [])
    assert empty_read_log("x.yaml").path == "x.yaml"


# --- the active-mark rule -------------------------------------------------------


def test_mark_rescind_remark_latest_wins() -> None:
    history: list[dict[str, Any]] = [mark("k", "2026-01-01T00:00:00Z")]
    assert read_log_from_data({"human_read": history}).human_read("k") is True

    history.append(mark("k", "2026-01-02T00:00:00Z", rescinded_at="2026-01-02T00:00:00Z"))
    log = read_log_from_data({"human_read": history})
    assert log.human_read("k") is False
    assert log.active("k") is None

    history.append(mark("k", "2026-01-03T00:00:00Z", read_scope={"level": "abstract_only"}))
    log = read_log_from_data({"human_read": history})
    assert log.human_read("k") is False
    active = log.active("k")
    assert active is not None and active.marked_at == "2026-01-03T00:00:00Z"
    assert log.partial("k") is active

    history.append(mark("k", "2026-01-04T00:00:00Z", read_scope={"level": "full_text"}))
    log = read_log_from_data({"human_read": history})
    assert log.human_read("k") is True
    assert log.partial("k") is None


def test_rescinding_the_original_entry_in_place() -> None:
    # /ars-unmark-read may write rescinded_at onto the mark itself
    log = read_log_from_data({"human_read": [mark("a", T1, rescinded_at=T2), mark("b", T1)]})
    assert log.active("a") is None
    assert log.human_read("b") is True


def test_latest_mark_decides_even_if_a_later_one_is_partial() -> None:
    log = read_log_from_data(
        {"human_read": [mark("k", T1), mark("k", T2, read_scope={"level": "toc_only"})]}
    )
    assert log.human_read("k") is False


def test_index_follows_appended_marks() -> None:
    log = read_log_from_data({"human_read": [mark("k", T1)]})
    assert log.human_read("k") is True
    log.marks.append(ReadMark("k", T2, FULL_TEXT, (), None, T2, 0))
    assert log.human_read("k") is False


def test_latest_mark_is_decided_by_marked_at_not_file_order() -> None:
    # Issue 24: a hand-merged log whose newer mark comes first in the file.
    log = read_log_from_data(
        {
            "human_read": [
                mark("k", T2),
                mark("k", T1, rescinded_at="2026-01-02T12:00:00Z"),
                # The same instant in another offset, later in the file, wins the tie.
                mark("j", "2026-01-03T01:00:00+01:00", read_scope={"level": "toc_only"}),
                mark("j", T2),
            ]
        }
    )
    assert log.active("k") is not None and log.active("k").marked_at == T2
    assert log.human_read("k") is True
    assert log.human_read("j") is True


@pytest.mark.parametrize("level", READ_SCOPE_LEVELS)
def test_each_read_scope_level(level: str) -> None:
    log = read_log_from_data(
        {"human_read": [mark("k", T1, read_scope={"level": level, "locators": ["p. 3"]})]}
    )
    active = log.active("k")
    assert active is not None
    assert active.level == level
    assert active.locators == ("p. 3",)
    assert log.human_read("k") is (level == "full_text")
    assert (log.partial("k") is active) is (level != "full_text")


def test_read_scope_levels_are_the_schema_enum() -> None:
    schema = schema_check.load_schema("human_read_log.schema.json")
    enum = schema["$defs"]["mark"]["properties"]["read_scope"]["properties"]["level"]["enum"]
    assert tuple(enum) == READ_SCOPE_LEVELS
    assert READ_SCOPE_LEVELS[0] == FULL_TEXT == "full_text"


def test_datetimes_from_memory_become_rfc3339() -> None:
    at = dt.datetime(2026, 4, 30, 10, 0, tzinfo=dt.timezone.utc)
    log = read_log_from_data({"created_at": at, "human_read": [mark("k", at)]})
    assert log.created_at == "2026-04-30T10:00:00+00:00"
    assert log.marks[0].marked_at == "2026-04-30T10:00:00+00:00"
    assert log.marks[0].line == 0
    assert log.path == "<memory>"


def test_in_memory_errors_name_the_source() -> None:
    with pytest.raises(InputDataError) as info:
        read_log_from_data({"human_read": [{"marked_at": "t"}]}, path="api-log")
    assert info.value.message.startswith("api-log: human_read[0] has no citation_key")


# --- corrupt logs ---------------------------------------------------------------


def expect_error(tmp_path: Path, text: str, line: int, *fragments: str) -> None:
    path = write(tmp_path / "p_human_read_log.yaml", text)
    with pytest.raises(InputDataError) as info:
        load_read_log(path)
    error = info.value
    assert error.exit_code is ExitCode.DATA_ERR
    assert int(error.exit_code) == 65
    assert error.message.startswith(f"{path}:{line}:"), error.message
    for fragment in fragments:
        assert fragment in error.message, error.message


HEAD = "session_id: s\nhuman_read:\n"


def test_unknown_read_scope_level(tmp_path: Path) -> None:
    text = HEAD + "  - citation_key: k\n    marked_at: 2026-01-02\n    read_scope:\n"
    text += "      level: skimmed\n"
    expect_error(tmp_path, text, 6, "'skimmed'", "full_text, sections, abstract_only")


def test_read_scope_without_level(tmp_path: Path) -> None:
    text = HEAD + "  - citation_key: k\n    marked_at: 2026-01-02\n    read_scope: {locators: []}\n"
    expect_error(tmp_path, text, 5, "read_scope.level")


def test_read_scope_not_a_mapping(tmp_path: Path) -> None:
    text = HEAD + "  - citation_key: k\n    marked_at: 2026-01-02\n    read_scope: full_text\n"
    expect_error(tmp_path, text, 5, "read_scope", "not a mapping")


def test_bad_yaml(tmp_path: Path) -> None:
    expect_error(tmp_path, HEAD + "  - citation_key: [k\n", 4, "malformed YAML")


def test_duplicate_mapping_keys(tmp_path: Path) -> None:
    text = HEAD + "  - citation_key: a\n    citation_key: b\n    marked_at: 2026-01-02\n"
    expect_error(tmp_path, text, 4, "duplicate key 'citation_key'")


def test_mark_without_citation_key(tmp_path: Path) -> None:
    text = HEAD + "  - citation_key: a\n    marked_at: 2026-01-02\n  - marked_at: 2026-01-02\n"
    expect_error(tmp_path, text, 5, "human_read[1] has no citation_key")


def test_mark_without_marked_at(tmp_path: Path) -> None:
    expect_error(tmp_path, HEAD + "  - citation_key: a\n", 3, "has no marked_at")


@pytest.mark.parametrize("value", ["42", "''", "[a]", "null"])
def test_citation_key_of_wrong_type(tmp_path: Path, value: str) -> None:
    text = HEAD + f"  - marked_at: 2026-01-02\n    citation_key: {value}\n"
    expect_error(tmp_path, text, 4, "citation_key", "not a non-empty string")


def test_human_read_not_a_list(tmp_path: Path) -> None:
    expect_error(tmp_path, HEAD.replace("human_read:\n", "human_read: yes\n"), 2, "not a list")


def test_mark_not_a_mapping(tmp_path: Path) -> None:
    expect_error(tmp_path, HEAD + "  - just-a-key\n", 3, "human_read[0]", "not a mapping")


def test_top_level_not_a_mapping(tmp_path: Path) -> None:
    expect_error(tmp_path, "- citation_key: a\n", 1, "not a mapping")


@pytest.mark.parametrize(
    ("tail", "line", "fragment"),
    [
        ("    read_scope: {level: sections, locators: p. 3}\n", 5, "locators"),
        ("    read_scope: {level: sections, note: 5}\n", 5, "note"),
        ("    read_scope: {level: sections, extra: 1}\n", 5, "extra"),
        ("    rescinded_at: 2026\n", 5, "rescinded_at"),
        ("    rescinded_at: ''\n", 5, "rescinded_at"),
    ],
)
def test_schema_violations(tmp_path: Path, tail: str, line: int, fragment: str) -> None:
    text = HEAD + "  - citation_key: k\n    marked_at: 2026-01-02\n" + tail
    expect_error(tmp_path, text, line, fragment, "human_read_log.schema.json")


def test_session_id_of_wrong_type(tmp_path: Path) -> None:
    expect_error(tmp_path, "session_id: [a]\n", 1, "session_id")


def test_non_utf8_log(tmp_path: Path) -> None:
    path = tmp_path / "log.yaml"
    path.write_bytes(b"session_id: s\nhuman_read:\n  - citation_key: caf\xe9\n")
    with pytest.raises(InputDataError) as info:
        load_read_log(path)
    assert info.value.message.startswith(f"{path}:3:")


def test_log_that_is_a_directory(tmp_path: Path) -> None:
    folder = tmp_path / "log.yaml"
    folder.mkdir()
    with pytest.raises(ArsIOError) as info:
        load_read_log(folder)
    assert info.value.exit_code == 74
    assert str(folder) in info.value.message


def test_unreadable_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path / "log.yaml", LOG)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(paths, "_open_nonblocking", refuse)
    with pytest.raises(ArsIOError) as info:
        load_read_log(path)
    assert str(path) in info.value.message
    assert "Permission denied" in info.value.message


# --- the schema file -------------------------------------------------------------


def test_read_log_schema_ships_with_the_package() -> None:
    resource = resources.files("ars_docs") / "schemas" / "human_read_log.schema.json"
    schema = json.loads(resource.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert set(schema["properties"]) == {"session_id", "created_at", "human_read"}
    assert schema["$defs"]["mark"]["required"] == ["citation_key", "marked_at"]


def test_read_log_type() -> None:
    log = ReadLog("x")
    assert log.marks == [] and log.active("k") is None


def test_an_offset_across_the_calendar_edge_orders_without_crashing() -> None:
    """A hand-edited time whose offset reaches past year 1 or 9999 is read as that edge."""
    from ars_docs.session.readlog import mark_instant

    early = mark_instant("0001-01-01T00:30:00+01:00")
    late = mark_instant("9999-12-31T23:59:59-01:00")
    assert early < mark_instant("2026-01-01") < late
