"""`ars-docs session log-event` / `session snapshot`: the §3.4 session record, append-only."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from ars_docs.core.clock import Clock
from ars_docs.core.errors import InputDataError, InputMissingError
from ars_docs.files.schema_check import load_schema
from ars_docs.reports.drift.events import append_event, events_path, load_events, parse_events
from ars_docs.reports.drift.phases import DEFAULT_PHASES, classify_step, read_session_settings
from ars_docs.reports.drift.snapshot import load_snapshot
from tests.support.reports import fail_replace, tree
from tests.support.sessions import entry, passport_text

FIXED = Clock.from_env({"SOURCE_DATE_EPOCH": "1777539600"})  # 2026-04-30T09:00:00Z


@pytest.fixture
def passport(tmp_path: Path) -> Path:
    path = tmp_path / "passport.yaml"
    path.write_text(
        passport_text(
            entry("a1", acquired=True, verified=True), entry("b1", acquired=False, verified=False)
        ),
        encoding="utf-8",
    )
    return path


def lines_of(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


# -- the format --------------------------------------------------------------------------


def test_schema_is_draft_2020_12_and_matches_the_fields() -> None:
    schema = load_schema("session_events.schema.json")
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["required"] == ["ts", "action", "phase"]
    assert set(schema["properties"]) == {"ts", "action", "phase", "agent", "artifacts", "rationale"}


def test_events_path_is_beside_the_passport() -> None:
    assert events_path("s/passport.yaml") == Path("s/passport_session_events.jsonl")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"ts": "2026-04-30T09:00:00Z", "phase": "drafting"', "e.jsonl:2:51: malformed JSON"),
        ("[1, 2]", "e.jsonl:2:1: the event: [1, 2] is not of type 'object'"),
        ('{"ts": "2026-04-30T09:00:00Z", "phase": "drafting"}', "'action' is a required property"),
        ('{"ts": "yesterday", "phase": "x", "action": "y"}', "e.jsonl:2:1: ts: 'yesterday'"),
        ('{"ts": "2026-13-01T09:00:00Z", "phase": "x", "action": "y"}', "not a real date"),
        ('{"ts": "2026-04-30T09:00:00", "phase": "x", "action": "y"}', "ts: '2026-04-30T09:00:00'"),
        ('{"ts": "2026-04-30T09:00:00Z", "phase": "x", "action": " "}', "action: ' ' does not"),
        (
            '{"ts": "2026-04-30T09:00:00Z", "phase": "x", "action": "y", "artifact": ["a"]}',
            "Additional properties are not allowed ('artifact' was unexpected)",
        ),
        (
            '{"ts": "2026-04-30T09:00:00Z", "phase": "x", "action": "y", "artifacts": "a"}',
            "artifacts: 'a' is not of type 'array'",
        ),
        ('{"ts": "2026-04-30T09:00:00Z", "phase": "x", "phase": "y", "action": "z"}', "duplicate"),
    ],
)
def test_a_bad_line_is_named(line: str, message: str) -> None:
    good = '{"ts": "2026-04-30T08:00:00Z", "phase": "drafting", "action": "ok"}'
    with pytest.raises(InputDataError) as caught:
        parse_events(f"{good}\n{line}\n", "e.jsonl")
    assert message in caught.value.message
    assert "line 2" in caught.value.message


def test_blank_lines_and_crlf_are_tolerated() -> None:
    text = '\r\n{"ts": "2026-04-30T08:00:00+02:00", "phase": "drafting", "action": "a"}\r\n\r\n'
    [event] = parse_events(text, "e.jsonl")
    assert event.line == 2 and event.instant.hour == 6


# -- log-event ----------------------------------------------------------------------------


def test_log_event_appends_one_line_per_call(cli, passport: Path, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777539600")
    monkeypatch.chdir(passport.parent)
    (passport.parent / "chapter.md").write_text("x\n", encoding="utf-8")
    first = cli(
        "session", "log-event", "--passport", "passport.yaml", "--phase", "Drafting",
        "--action", "  Drafted 2.1  ", "--agent", "draft_writer_agent", "--artifact", "chapter.md",
    )  # fmt: skip
    assert first.code == 0, first.err
    assert (
        first.out == "passport_session_events.jsonl:1: 2026-04-30T09:00:00Z drafting (in-phase)\n"
    )
    second = cli(
        "session", "log-event", "--passport", "passport.yaml", "--phase", "retrieval",
        "--action", "Checked F3 in the archive", "--artifact", "scripts/a.py", "scripts/b.py",
        "--artifact", "notes.md", "--rationale", "publisher blocks robots",
    )  # fmt: skip
    assert second.code == 0, second.err
    assert "(backflow-to-retrieval)" in second.out
    assert "note: artifact scripts/a.py does not exist (yet)" in second.err
    log = passport.parent / "passport_session_events.jsonl"
    assert lines_of(log) == [
        {
            "ts": "2026-04-30T09:00:00Z",
            "phase": "drafting",
            "action": "Drafted 2.1",
            "agent": "draft_writer_agent",
            "artifacts": ["chapter.md"],
        },
        {
            "ts": "2026-04-30T09:00:00Z",
            "phase": "retrieval",
            "action": "Checked F3 in the archive",
            "artifacts": ["scripts/a.py", "scripts/b.py", "notes.md"],
            "rationale": "publisher blocks robots",
        },
    ]
    assert [e.line for e in load_events(log)] == [1, 2]


def test_artifacts_are_stored_relative_to_the_passport(cli, passport: Path, monkeypatch) -> None:
    monkeypatch.chdir(passport.parent.parent)
    rel = Path(passport.parent.name)
    result = cli(
        "session", "log-event", "--passport", rel / "passport.yaml", "--phase", "ad-hoc",
        "--action", "x", "--artifact", rel / "sub" / "f.txt", passport.parent / "g.txt",
    )  # fmt: skip
    assert result.code == 0, result.err
    [event] = lines_of(passport.parent / "passport_session_events.jsonl")
    assert event["artifacts"] == ["sub/f.txt", "g.txt"]


def test_passport_from_environment(cli, passport: Path, monkeypatch) -> None:
    monkeypatch.setenv("ARS_PASSPORT", str(passport))
    assert cli("session", "log-event", "--phase", "intake", "--action", "x").code == 0
    assert events_path(passport).exists()


def test_unknown_phase_is_refused_with_suggestions(cli, passport: Path) -> None:
    before = tree(passport.parent)
    result = cli("session", "log-event", "--passport", passport, "--phase", "retreival",
                 "--action", "x")  # fmt: skip
    assert result.code == 64
    assert "did you mean retrieval" in result.err and "'ad-hoc'" in result.err
    assert tree(passport.parent) == before


@pytest.mark.parametrize("flag", ["--action", "--agent", "--rationale"])
def test_empty_text_is_refused(cli, passport: Path, flag: str) -> None:
    args = {"--action": "x", flag: "   "}
    flat = [part for pair in args.items() for part in pair]
    result = cli("session", "log-event", "--passport", passport, "--phase", "intake", *flat)
    assert result.code == 64 and f"{flag} is empty" in result.err
    assert not events_path(passport).exists()


def test_missing_passport_exits_66(cli, tmp_path: Path) -> None:
    result = cli("session", "log-event", "--passport", tmp_path / "p.yaml", "--phase", "intake",
                 "--action", "x")  # fmt: skip
    assert result.code == 66 and "p.yaml: passport not found" in result.err
    assert list(tmp_path.iterdir()) == []


def test_missing_flags_are_usage_errors(cli, passport: Path) -> None:
    assert cli("session", "log-event", "--passport", passport, "--phase", "intake").code == 64
    assert cli("session").code == 64


def test_corrupt_log_is_refused_and_kept(cli, passport: Path) -> None:
    log = events_path(passport)
    log.write_bytes(b'{"ts": "2026-04-30T09:00:00Z", "phase": "intake", "action": "a"}\n{"ts": \n')
    before = tree(passport.parent)
    result = cli("session", "log-event", "--passport", passport, "--phase", "intake",
                 "--action", "b")  # fmt: skip
    assert result.code == 65
    assert f"{log}:2:8: malformed JSON" in result.err and "nothing was appended" in result.err
    assert tree(passport.parent) == before


def test_log_without_final_newline_gets_one(passport: Path) -> None:
    log = events_path(passport)
    log.write_bytes(b'{"ts": "2026-04-30T09:00:00Z", "phase": "intake", "action": "a"}')
    _, event, earlier = append_event(passport, phase="intake", action="b", clock=FIXED)
    assert len(earlier) == 1 and event.line == 2
    assert [e.action for e in load_events(log)] == ["a", "b"]


def test_unwritable_log_exits_73_and_keeps_it(cli, passport: Path, monkeypatch) -> None:
    log = events_path(passport)
    log.write_bytes(b'{"ts": "2026-04-30T09:00:00Z", "phase": "intake", "action": "a"}\n')
    before = tree(passport.parent)
    fail_replace(monkeypatch)
    result = cli("session", "log-event", "--passport", passport, "--phase", "intake",
                 "--action", "b")  # fmt: skip
    assert result.code == 73 and "left unchanged" in result.err
    assert tree(passport.parent) == before


def test_concurrent_appends_lose_nothing(passport: Path) -> None:
    def work(n: int) -> None:
        for i in range(10):
            append_event(passport, phase="drafting", action=f"w{n}-{i}", clock=FIXED)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    actions = sorted(e.action for e in load_events(events_path(passport)))
    assert actions == sorted(f"w{n}-{i}" for n in range(4) for i in range(10))


def test_append_requires_the_passport(tmp_path: Path) -> None:
    with pytest.raises(InputMissingError):
        append_event(tmp_path / "p.yaml", phase="intake", action="x", clock=FIXED)


# -- the phase order -----------------------------------------------------------------------


def test_passport_phase_order_is_used(cli, tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "pipeline_mode: deep-research\npipeline_phases: [Scoping, Source retrieval, Synthesis]\n"
        "literature_corpus: []\n",
        encoding="utf-8",
    )
    settings = read_session_settings(path)
    assert settings.phases == ("scoping", "source-retrieval", "synthesis")
    assert settings.pipeline_mode == "deep-research" and settings.session_id == "p"
    assert cli("session", "log-event", "--passport", path, "--phase", "drafting",
               "--action", "x").code == 64  # fmt: skip
    assert cli("session", "log-event", "--passport", path, "--phase", "synthesis",
               "--action", "x").code == 0  # fmt: skip


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("pipeline_phases: drafting", "pipeline_phases is a string"),
        ("pipeline_phases: [a, b, A]", "repeats a"),
        ("pipeline_phases: []", "is empty"),
        ("pipeline_phases: [a, ad-hoc]", "reserved"),
        ("pipeline_phases: [a, 3]", "a list of phase names"),
    ],
)
def test_bad_phase_order_is_refused(cli, tmp_path: Path, value: str, message: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(f"literature_corpus: []\n{value}\n", encoding="utf-8")
    result = cli("session", "log-event", "--passport", path, "--phase", "a", "--action", "x")
    assert result.code == 65 and f"{path}:2:1: pipeline_phases" in result.err
    assert message in result.err


@pytest.mark.parametrize(
    ("current", "phase", "expected"),
    [
        (None, "drafting", "in-phase"),
        ("drafting", "drafting", "in-phase"),
        ("retrieval", "metadata-audit", "in-phase"),
        ("drafting", "retrieval", "backflow-to-retrieval"),
        ("metadata-audit", "intake", "backflow-to-intake"),
        ("intake", "drafting", "crossphase-jump-to-drafting"),
        ("drafting", "ad-hoc", "ad-hoc"),
        ("drafting", "brainstorming", "ad-hoc"),
    ],
)
def test_classification(current, phase, expected) -> None:
    assert classify_step(DEFAULT_PHASES, current, phase) == expected


# -- snapshot --------------------------------------------------------------------------------


def test_snapshot_records_trust_and_files(cli, passport: Path, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777539600")
    root = passport.parent
    (root / "chapter.md").write_text("x\n", encoding="utf-8")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref\n", encoding="utf-8")
    (root / ".hidden_notes").write_text("kept\n", encoding="utf-8")
    events_path(passport).write_text("", encoding="utf-8")
    result = cli("session", "snapshot", "--passport", passport)
    assert result.code == 0, result.err
    snap = load_snapshot(root / "passport_session_snapshot.json")
    assert snap.taken_at == "2026-04-30T09:00:00Z" and snap.session_dir == "."
    assert snap.corpus["a1"].verified and not snap.corpus["b1"].acquired
    assert sorted(snap.files) == [".hidden_notes", "chapter.md", "passport.yaml"]
    assert all(v.startswith("sha256:") for v in snap.files.values())
    text = (root / "passport_session_snapshot.json").read_text("utf-8")
    again = root / "again.json"
    assert cli("session", "snapshot", "--passport", passport, "-o", again).code == 0
    assert json.loads(again.read_text("utf-8"))["files"] == json.loads(text)["files"] | {}


def test_snapshot_is_kept_unless_forced(cli, passport: Path) -> None:
    assert cli("session", "snapshot", "--passport", passport).code == 0
    path = passport.parent / "passport_session_snapshot.json"
    before = path.read_bytes()
    (passport.parent / "new.md").write_text("x\n", encoding="utf-8")
    refused = cli("session", "snapshot", "--passport", passport)
    assert refused.code == 73 and "already exists" in refused.err and "--force" in refused.err
    assert path.read_bytes() == before
    assert cli("session", "snapshot", "--passport", passport, "--force").code == 0
    assert "new.md" in load_snapshot(path).files


def test_snapshot_of_a_missing_session_dir_exits_66(cli, passport: Path) -> None:
    result = cli("session", "snapshot", "--passport", passport, "--session-dir", "/nonexistent/x")
    assert result.code == 66 and "session folder not found" in result.err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "malformed JSON"),
        ('{"format": "other/1", "taken_at": "2026-04-30T09:00:00Z", "corpus": {}, "files": {}}',
         "format"),
        ('{"format": "ars-docs-session-snapshot/1", "taken_at": "2026-02-30T09:00:00Z", '
         '"corpus": {}, "files": {}}', "not a real date"),
        ('{"format": "ars-docs-session-snapshot/1", "taken_at": "2026-04-30T09:00:00Z", '
         '"corpus": {"a1": {"source_acquired": "yes", "source_verified_against_original": true}},'
         ' "files": {}}', "corpus.a1.source_acquired"),
    ],
)  # fmt: skip
def test_bad_snapshot_is_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputDataError, match=message):
        load_snapshot(path)
