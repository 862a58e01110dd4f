"""`ars-docs drift-log`: the §3.4 session drift log, golden-tested on the spec's own session."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from syrupy.assertion import SnapshotAssertion

from ars_docs.reports.drift.lint import FORBIDDEN_WORDS_RE, lint_drift_log
from tests.support.layout import REPO
from tests.support.reports import EXAMPLES, FIXED_EPOCH, fail_replace, tree
from tests.support.sessions import entry, passport_text

DRIFT_EXAMPLE = EXAMPLES / "drift_session"
TEMPLATE = REPO / "ars_docs" / "templates"


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", FIXED_EPOCH)


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """A copy of the example session folder (the drift log must not write into examples/)."""
    shutil.copytree(DRIFT_EXAMPLE / "session", tmp_path / "session")
    return tmp_path / "session"


@pytest.fixture
def plain(tmp_path: Path) -> Path:
    """A session folder with a two-entry passport and nothing else."""
    root = tmp_path / "s"
    root.mkdir()
    (root / "passport.yaml").write_text(
        passport_text(
            entry("a1", acquired=True, verified=True), entry("b1", acquired=False, verified=False)
        ),
        encoding="utf-8",
    )
    return root


def event(ts: str, phase: str, action: str, **extra: object) -> str:
    return json.dumps({"ts": f"2026-04-30T{ts}:00Z", "phase": phase, "action": action, **extra})


def write_events(root: Path, *lines: str) -> Path:
    path = root / "passport_session_events.jsonl"
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def section(text: str, title: str) -> str:
    match = re.search(rf"^#+ {re.escape(title)}.*?$(.*?)(?=^#+ |\Z)", text, re.M | re.S)
    assert match, title
    return match.group(1)


def bullets(text: str, label: str) -> list[str]:
    after = text.split(f"**{label}**", 1)[1]
    block = after.split("\n\n", 2)[1]
    return [line[2:] for line in block.splitlines() if line.startswith("- ")]


# -- the spec's own session (golden) -----------------------------------------------------------


def test_example_session_golden(cli, example: Path, snapshot: SnapshotAssertion) -> None:
    result = cli("drift-log", "--passport", example / "passport.yaml")
    assert result.code == 0, result.err
    written = (example / "passport_drift_log.md").read_text("utf-8")
    assert written == (DRIFT_EXAMPLE / "expected" / "passport_drift_log.md").read_text("utf-8")
    assert written == snapshot
    assert list(lint_drift_log(written, "drift.md")) == []
    assert "10 steps (6 in-phase, 2 backflow, 1 crossphase-jump, 1 ad-hoc)" in result.out


def test_example_trajectory_follows_the_spec_story(cli, example: Path) -> None:
    text = cli("drift-log", "--passport", example / "passport.yaml", "-o", "-").out
    labels = re.findall(r"^- \d\d:\d\d “.*” \((.*)\)$", text, re.M)
    assert labels == [
        "in-phase", "in-phase", "backflow-to-retrieval", "in-phase", "ad-hoc", "in-phase",
        "in-phase", "backflow-to-intake", "crossphase-jump-to-drafting", "in-phase",
    ]  # fmt: skip
    assert "**Session start phase:** drafting" in text
    assert "**Session end phase:** drafting" in text
    assert "**Pipeline mode:** academic-paper" in text
    assert bullets(text, "Sources newly verified-against-original:") == ["`A3`, `E1`, `F3`"]
    assert bullets(text, "Sources still unverified-against-original:") == ["`B2`, `C4`, `D2`, `D5`"]


def test_example_lists_every_ad_hoc_artifact(cli, example: Path) -> None:
    text = cli("drift-log", "--passport", example / "passport.yaml", "-o", "-").out
    adhoc = [
        b.split(" ", 1)[0] for b in bullets(text, "Ad-hoc artifacts produced (NOT phase-standard):")
    ]
    assert adhoc == [
        "`notes/metadata_audit_case_lists.md`",
        "`scratch/case_list_diff.txt`",
        "`scripts/first_page_grep.sh`",
        "`scripts/wayback_cdx_probe.py`",
    ]
    for own in ("passport_session_events.jsonl", "passport_session_snapshot.json", "drift_log"):
        assert own not in section(text, "Session deliverables")


def test_readable_first(cli, example: Path) -> None:
    text = cli("drift-log", "--passport", example / "passport.yaml", "-o", "-").out
    top = text.index("### Top three actionable items")
    assert top < text.index("<details>") < text.index("- 09:05 ") < text.index("</details>")
    top_items = re.findall(r"^\d\. .*$", section(text, "Top three actionable items"), re.M)
    all_items = re.findall(r"^\d\. .*$", section(text, "Recommended next-session work"), re.M)
    assert len(top_items) == 3 and top_items == all_items[:3]
    assert all_items[0].startswith("1. Retrieve") and all_items[1].startswith("2. Verify")


# -- ad-hoc artifacts: every one enumerated -----------------------------------------------------

NAMES = st.lists(
    st.from_regex(r"[A-Za-z0-9_][A-Za-z0-9_ .é-]{0,10}", fullmatch=True).filter(
        lambda n: not n.endswith((".", " ")) and not n.startswith("passport")
    ),
    min_size=1,
    max_size=6,
    unique_by=str.lower,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(names=NAMES, nested=st.booleans())
def test_every_unrecorded_file_is_listed(cli, tmp_path_factory, names, nested) -> None:
    root = tmp_path_factory.mktemp("s")
    (root / "passport.yaml").write_text(passport_text(entry("a1", acquired=True, verified=True)))
    assert cli("session", "snapshot", "--passport", root / "passport.yaml").code == 0
    made = []
    for name in names:
        path = root / "sub" / name if nested else root / name
        path.parent.mkdir(exist_ok=True)
        path.write_text("x", encoding="utf-8")
        made.append(path.relative_to(root).as_posix())
    text = cli("drift-log", "--passport", root / "passport.yaml", "-o", "-").out
    listed = bullets(text, "Ad-hoc artifacts produced (NOT phase-standard):")
    assert sorted(made) == sorted(re.match(r"`(.*)` \(inferred", b).group(1) for b in listed)


def test_without_snapshot_every_file_is_listed(cli, plain: Path) -> None:
    (plain / ".notes").write_text("x", encoding="utf-8")
    (plain / "__pycache__").mkdir()
    (plain / "__pycache__" / "m.pyc").write_bytes(b"x")
    write_events(plain, event("09:00", "drafting", "d", agent="draft_writer_agent"))
    result = cli("drift-log", "--passport", plain / "passport.yaml", "-o", "-")
    assert result.code == 0
    adhoc = bullets(result.out, "Ad-hoc artifacts produced (NOT phase-standard):")
    assert [b.split(" ")[0] for b in adhoc] == ["`.notes`", "`passport.yaml`"]
    assert "note: no snapshot" in result.err
    assert bullets(result.out, "Sources newly verified-against-original:")[0].startswith(
        "not computed"
    )


def test_recorded_artifacts_person_agent_folder_and_missing(cli, plain: Path) -> None:
    (plain / "tools").mkdir()
    (plain / "tools" / "a.py").write_text("x", encoding="utf-8")
    (plain / "tools" / "b.py").write_text("x", encoding="utf-8")
    (plain / "ch.md").write_text("x", encoding="utf-8")
    write_events(
        plain,
        event("09:00", "drafting", "wrote", agent="draft_writer_agent", artifacts=["ch.md"]),
        event("09:10", "drafting", "helper", agent="user", artifacts=["tools"]),
        event("09:20", "retrieval", "fetch", agent="bibliography_agent", artifacts=["gone.pdf"]),
        event("09:30", "ad-hoc", "agent side work", agent="x_agent", artifacts=["ch.md"]),
    )
    text = cli("drift-log", "--passport", plain / "passport.yaml", "-o", "-").out
    standard = bullets(text, "Phase-standard artifacts produced:")
    assert standard == [
        "`ch.md` (phase: drafting, agent: draft_writer_agent)",
        "`gone.pdf` (phase: retrieval, agent: bibliography_agent); recorded, not in the session "
        "folder now",
    ]
    adhoc = bullets(text, "Ad-hoc artifacts produced (NOT phase-standard):")
    assert "`tools` (inferred: recorded with the step “helper”, by no pipeline agent)" in adhoc
    assert not any("tools/a.py" in line for line in adhoc)  # the recorded folder covers them


# -- what is compared with the snapshot -----------------------------------------------------------


def test_events_before_the_snapshot_belong_to_an_earlier_session(
    cli, plain: Path, monkeypatch
) -> None:
    write_events(
        plain,
        event("08:00", "drafting", "yesterday's work"),
        event("10:30", "retrieval", "today's work"),
    )
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777543200")  # 2026-04-30T10:00:00Z
    assert cli("session", "snapshot", "--passport", plain / "passport.yaml").code == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", FIXED_EPOCH)
    text = cli("drift-log", "--passport", plain / "passport.yaml", "-o", "-").out
    assert "today's work" in text and "yesterday's work" not in text
    assert "**Session start phase:** retrieval" in text


def test_trust_changes_are_diffed(cli, plain: Path) -> None:
    passport = plain / "passport.yaml"
    assert cli("session", "snapshot", "--passport", passport).code == 0
    passport.write_text(
        passport_text(
            entry("a1", acquired=True, verified=False),
            entry("b1", acquired=True, verified=True, method="vision_check"),
            entry("c1", acquired=True, verified=True),
        ),
        encoding="utf-8",
    )
    text = cli("drift-log", "--passport", passport, "-o", "-").out
    diff = section(text, "Phase status diff")
    assert "- literature_corpus[] entries: 2 → 3" in diff
    assert (
        "- `a1`: original on file, verified against it (codex_audit) → original on file, " in diff
    )
    assert (
        "- `b1`: no original on file → original on file, verified against it (vision_check)" in diff
    )
    assert "- `c1`: not in the corpus → original on file, verified against it (codex_audit)" in diff
    assert "- `passport.yaml`: as at session start → modified" in diff
    assert bullets(text, "Sources newly verified-against-original:") == ["`b1`, `c1`"]


def test_snapshot_of_another_folder_is_warned(cli, plain: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    passport = plain / "passport.yaml"
    assert cli("session", "snapshot", "--passport", passport, "--session-dir", other).code == 0
    result = cli("drift-log", "--passport", passport, "-o", "-")
    assert result.code == 0 and "ARS442" in result.err and "--session-dir" in result.err


# -- neutral language ---------------------------------------------------------------------------


def test_templates_and_generator_text_are_neutral() -> None:
    sources = [
        TEMPLATE / "session_drift_log.md.j2",
        REPO / "ars_docs" / "reports" / "drift",
    ]
    text = sources[0].read_text("utf-8")
    for module in ("log.py", "artifacts.py", "phases.py"):
        code = (sources[1] / module).read_text("utf-8")
        text += "\n".join(re.findall(r'f?"([^"\n]*)"', code))  # the string literals
    found = {m.group(0).lower() for m in FORBIDDEN_WORDS_RE.finditer(text)}
    assert found == set(), found


STEP = st.tuples(
    st.sampled_from(["intake", "retrieval", "metadata-audit", "drafting", "review", "ad-hoc"]),
    st.text(min_size=1, max_size=40).filter(str.strip),
    st.one_of(st.none(), st.sampled_from(["user", "draft_writer_agent", "bibliography_agent"])),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(STEP, max_size=8))
def test_generated_logs_always_pass_the_lint(cli, tmp_path_factory, steps) -> None:
    root = tmp_path_factory.mktemp("s")
    (root / "passport.yaml").write_text(passport_text(entry("a1", acquired=True, verified=True)))
    lines = []
    for minute, (phase, action, agent) in enumerate(steps):
        extra = {"agent": agent} if agent else {}
        lines.append(event(f"09:{minute:02d}", phase, action, **extra))
    write_events(root, *lines)
    result = cli("drift-log", "--passport", root / "passport.yaml", "-o", "-")
    assert result.code == 0, result.err
    assert list(lint_drift_log(result.out, "d.md")) == []
    assert result.out.count("<details>") == 1 and result.out.count("</details>") == 1


def test_recorded_words_are_quoted_and_escaped(cli, plain: Path) -> None:
    write_events(
        plain,
        event("09:00", "drafting", "fixed a metadata error </details> <b>x</b>\n  again"),
        event("09:05", "brainstorm", "free thinking"),
    )
    result = cli("drift-log", "--passport", plain / "passport.yaml", "-o", "-")
    assert (
        "- 09:00 “fixed a metadata error &lt;/details&gt; &lt;b&gt;x&lt;/b&gt; again” (in-phase)"
        in result.out
    )
    assert "- 09:05 “free thinking” (ad-hoc)" in result.out
    assert "ARS441" in result.err and "'brainstorm'" in result.err
    assert list(lint_drift_log(result.out, "d.md")) == []


# -- error paths ----------------------------------------------------------------------------------


def test_malformed_events_line_exits_65_and_writes_nothing(cli, plain: Path) -> None:
    write_events(plain, event("09:00", "drafting", "ok"), '{"ts": "2026-04-30T09:05:00Z",')
    old = plain / "passport_drift_log.md"
    old.write_text("previous drift log\n", encoding="utf-8")
    before = tree(plain)
    result = cli("drift-log", "--passport", plain / "passport.yaml")
    assert result.code == 65
    assert "passport_session_events.jsonl:2:" in result.err and "fix or remove line 2" in result.err
    assert "Traceback" not in result.err
    assert tree(plain) == before


def test_missing_passport_exits_66(cli, tmp_path: Path) -> None:
    result = cli("drift-log", "--passport", tmp_path / "passport.yaml")
    assert result.code == 66 and "passport not found" in result.err
    assert list(tmp_path.iterdir()) == []


def test_explicit_missing_events_or_snapshot_exit_66(cli, plain: Path) -> None:
    passport = plain / "passport.yaml"
    missing = cli("drift-log", "--passport", passport, "--events", plain / "e.jsonl")
    assert missing.code == 66 and "session events log not found" in missing.err
    missing = cli("drift-log", "--passport", passport, "--corpus-before", plain / "s.json")
    assert missing.code == 66 and "session snapshot not found" in missing.err
    assert not (plain / "passport_drift_log.md").exists()


def test_corrupt_snapshot_exits_65(cli, plain: Path) -> None:
    (plain / "passport_session_snapshot.json").write_text("{}", encoding="utf-8")
    result = cli("drift-log", "--passport", plain / "passport.yaml")
    assert result.code == 65 and "'format' is a required property" in result.err


def test_no_events_still_gives_a_complete_log(cli, plain: Path) -> None:
    result = cli("drift-log", "--passport", plain / "passport.yaml")
    assert result.code == 0, result.err
    assert "note: no events log" in result.out
    text = (plain / "passport_drift_log.md").read_text("utf-8")
    assert "**Session start phase:** not recorded" in text
    assert list(lint_drift_log(text, "d.md")) == []


def test_unwritable_output_exits_73_and_keeps_the_old_log(cli, plain: Path, monkeypatch) -> None:
    old = plain / "passport_drift_log.md"
    old.write_text("previous drift log\n", encoding="utf-8")
    before = tree(plain)
    fail_replace(monkeypatch)
    result = cli("drift-log", "--passport", plain / "passport.yaml")
    assert result.code == 73 and "cannot write" in result.err
    assert tree(plain) == before


def test_output_folder_missing_exits_73(cli, plain: Path) -> None:
    result = cli("drift-log", "--passport", plain / "passport.yaml", "-o", plain / "x" / "d.md")
    assert result.code == 73 and not (plain / "x").exists()


@pytest.mark.parametrize(
    ("command", "target"),
    [
        (("drift-log",), "passport.yaml"),
        (("drift-log",), "passport_session_events.jsonl"),
        (("session", "snapshot"), "passport.yaml"),
        (("session", "snapshot"), "passport_session_events.jsonl"),
    ],
)
def test_outputs_never_overwrite_inputs(cli, plain: Path, command, target: str) -> None:
    write_events(plain, event("09:00", "drafting", "d"))
    before = tree(plain)
    result = cli(*command, "--passport", plain / "passport.yaml", "-o", plain / target)
    assert result.code == 64 and "file itself" in result.err
    assert tree(plain) == before
