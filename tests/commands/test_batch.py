"""Many drafts in one call (issue 27): the same bytes and reports as one call per draft."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.support.sessions import read_log_text, standard_passport

CHAPTERS = {
    "01-intro.md": "# Einführung\n\nVerified (2020) <!--ref:ok2020--> and read.\n\n"
    "```python\nx = '<!--ref:high2020-->'  # code, not a marker\n```\n",
    "02-method.md": "# Method\r\n\r\n- Unchecked (2020) <!--ref:high2020-->\r\n"
    "- Partly (2020) <!--ref:med2020-->\r\n\r\n> Quoted (2020) <!--ref:low2020-->.\r\n",
    "03-table.md": "| a | b |\n| --- | --- |\n| 王 (2020) <!--ref:ok2020 ok--> | "
    "Missing (2020) <!--ref:nothere2020--> |\n",
    "04-clean.md": "# Clean\n\nVerified (2020) <!--ref:ok2020 ok-->.\n",
}


def _session(root: Path) -> Path:
    root.mkdir()
    (root / "passport.yaml").write_text(standard_passport(), encoding="utf-8")
    (root / "passport_human_read_log.yaml").write_text(read_log_text("ok2020"), "utf-8")
    chapters = root / "chapters"
    chapters.mkdir()
    for name, text in CHAPTERS.items():
        (chapters / name).write_bytes(text.encode("utf-8"))
    return root


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.suffix in (".md", ".html")
    }


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_finalize_batch_equals_one_call_per_draft(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    one, many = _session(tmp_path / "one"), _session(tmp_path / "many")
    names = [f"chapters/{name}" for name in sorted(CHAPTERS)]

    monkeypatch.chdir(one)
    singles = [cli("finalize", name, "--passport", "passport.yaml") for name in names]
    monkeypatch.chdir(many)
    batch = cli("finalize", "chapters", "--passport", "passport.yaml", "--jobs", jobs)

    assert _files(one) == _files(many)
    assert "chapters/01-intro_prefinalization_checklist.md" in _files(many)
    assert batch.code == max(r.code for r in singles) == 0
    summary = batch.out.splitlines()[-1]
    assert summary == "finalize: 4 drafts: 4 ok, 0 failed; exit 0"
    assert batch.out == "".join(r.out for r in singles) + summary + "\n"
    assert batch.err == "".join(r.err for r in singles)

    # A second run skips the checklists it wrote and changes nothing.
    again = cli("finalize", "chapters", "--passport", "passport.yaml", "--check", "-q")
    assert again.code == 0
    assert (
        again.out.splitlines()[-1] == "finalize: 4 drafts: 4 ok, 0 would change, 0 failed; exit 0"
    )
    assert len(again.out.splitlines()) == 4 * 3 + 1  # counts, gate forecast, action


def test_render_strict_batch_equals_one_call_per_draft(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, many = _session(tmp_path / "one"), _session(tmp_path / "many")
    names = [f"chapters/{name}" for name in sorted(CHAPTERS)]
    for root in (one, many):
        monkeypatch.chdir(root)
        assert cli("finalize", "chapters", "--passport", "passport.yaml").code == 0

    monkeypatch.chdir(one)
    singles = [cli("render", "--strict", n, "--passport", "passport.yaml") for n in names]
    monkeypatch.chdir(many)
    batch = cli("render", "--strict", *names, "--passport", "passport.yaml", "-j", "2")

    assert _files(one) == _files(many)
    assert (many / "chapters" / "04-clean_final.md").exists()
    assert not (many / "chapters" / "02-method_final.md").exists()  # refused
    assert [r.code for r in singles] == [0, 1, 1, 0]
    assert batch.code == 1
    summary = "render: 4 drafts: 2 ok, 2 refused, 0 failed; exit 1"
    assert batch.err == "".join(r.err for r in singles) + summary + "\n"
    assert batch.out == ""


def test_the_worst_exit_code_wins_and_the_other_drafts_still_run(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _session(tmp_path / "s")
    monkeypatch.chdir(root)
    (root / "chapters" / "05-latin1.md").write_bytes(
        "caf\xe9 <!--ref:ok2020-->\n".encode("latin-1")
    )
    result = cli(
        "finalize", "chapters", "missing.md", "--passport", "passport.yaml", "--format", "json"
    )
    assert result.code == 66  # missing (66) is worse than not UTF-8 (65)
    assert "missing.md" in result.err and "05-latin1.md" in result.err
    assert (root / "chapters" / "04-clean_prefinalization_checklist.md").exists()
    *_, last = result.out.split("\n{\n")
    summary = json.loads("{\n" + last)["summary"]
    assert summary["drafts"] == 6
    assert (summary["ok"], summary["failed"], summary["exit_code"]) == (4, 2, 66)
    assert summary["failed_drafts"] == ["chapters/05-latin1.md", "missing.md"]


@pytest.mark.parametrize(
    "extra",
    [["-o", "out.md"], ["--checklist", "list.md"], ["-"]],
    ids=["output", "checklist", "stdin"],
)
def test_options_of_one_draft_are_refused_with_several(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch, extra: list[str]
) -> None:
    root = _session(tmp_path / "s")
    monkeypatch.chdir(root)
    before = _files(root)
    result = cli("finalize", "chapters", *extra, "--passport", "passport.yaml")
    assert result.code == 64
    assert "several" in result.err
    assert _files(root) == before
    if extra[0] == "-o":
        assert cli("render", "chapters", "-o", "x.md").code == 64


def test_folders_are_not_recursive_unless_asked(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _session(tmp_path / "s")
    monkeypatch.chdir(root)
    sub = root / "chapters" / "appendix"
    sub.mkdir()
    (sub / "a1.md").write_text("Verified (2020) <!--ref:ok2020-->.\n", encoding="utf-8")
    (root / "chapters" / "notes.txt").write_text("not a draft <!--ref:ok2020-->\n", "utf-8")
    flat = cli("finalize", "chapters", "--passport", "passport.yaml", "-q")
    assert flat.out.splitlines()[-1].startswith("finalize: 4 drafts")
    assert not (sub / "a1_prefinalization_checklist.md").exists()
    deep = cli("finalize", "chapters", "-r", "--passport", "passport.yaml", "-q")
    assert deep.out.splitlines()[-1].startswith("finalize: 5 drafts")
    assert (sub / "a1_prefinalization_checklist.md").exists()
    # Named twice (a file and its folder): run once.
    twice = cli("finalize", "chapters/01-intro.md", "chapters", "--passport", "passport.yaml")
    assert twice.out.splitlines()[-1].startswith("finalize: 4 drafts")


def test_an_empty_folder_is_missing_input(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _session(tmp_path / "s")
    monkeypatch.chdir(root)
    (root / "empty").mkdir()
    result = cli("finalize", "empty", "--passport", "passport.yaml")
    assert result.code == 66
    assert "empty: no *.md drafts in this folder (give --recursive" in result.err


def test_jobs_must_be_a_positive_number(tmp_path: Path, cli) -> None:
    for bad in ("0", "x", "-2"):
        assert cli("finalize", "a.md", "--passport", "p.yaml", "--jobs", bad).code == 64


def test_a_single_file_reports_exactly_as_before(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _session(tmp_path / "s")
    monkeypatch.chdir(root)
    result = cli("finalize", "chapters/04-clean.md", "--passport", "passport.yaml")
    assert result.code == 0
    assert "drafts:" not in result.out  # no batch summary for one file
    shutil.rmtree(root / "chapters")


def test_spawned_workers_get_the_trust_inputs_too(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where fork is not available (macOS, Windows) workers start fresh and decode them."""
    import multiprocessing

    one, many = _session(tmp_path / "one"), _session(tmp_path / "many")
    for name in ("02-method.md", "04-clean.md"):
        (one / "chapters" / name).unlink()
        (many / "chapters" / name).unlink()
    monkeypatch.chdir(one)
    serial = cli("finalize", "chapters", "--passport", "passport.yaml", "-j", "1")
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    monkeypatch.chdir(many)
    spawned = cli("finalize", "chapters", "--passport", "passport.yaml", "-j", "2")
    assert (spawned.code, spawned.out, spawned.err) == (serial.code, serial.out, serial.err)
    assert _files(one) == _files(many)


# -- outputs never over inputs across a batch (issue 33) -----------------------------------


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_render_batch_refuses_a_draft_that_is_another_drafts_output(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _session(tmp_path / "s")
    monkeypatch.chdir(root)
    (root / "a.md").write_text(CHAPTERS["04-clean.md"], encoding="utf-8")
    # a_final.md is a draft of its own here (someone named it so), and a.md's output
    (root / "a_final.md").write_text("# Other\n\nKept (2020) <!--ref:ok2020 ok-->.\n", "utf-8")
    before = _tree(root)
    done = cli("render", "a.md", "a_final.md", "--strict", "--passport", "passport.yaml")
    assert done.code == 64
    assert (
        "render: a.md would write a_final.md, which is also a draft of this batch "
        "(a_final.md); nothing was run" in done.err
    )
    assert _tree(root) == before  # nothing written, nothing lost


def test_finalize_batch_refuses_a_draft_that_is_another_drafts_checklist(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _session(tmp_path / "s")
    monkeypatch.chdir(root)
    (root / "b.md").write_text(CHAPTERS["02-method.md"], encoding="utf-8")
    (root / "b_prefinalization_checklist.md").write_text(CHAPTERS["01-intro.md"], "utf-8")
    before = _tree(root)
    done = cli("finalize", "b.md", "b_prefinalization_checklist.md", "--passport", "passport.yaml")
    assert done.code == 64
    assert "finalize: b.md would write b_prefinalization_checklist.md, which is also a draft" in (
        done.err
    )
    assert _tree(root) == before
    # --check writes nothing, so it may look at both
    checked = cli(
        "finalize", "b.md", "b_prefinalization_checklist.md", "--passport", "passport.yaml",
        "--check", "-q",
    )  # fmt: skip
    assert checked.code == 1 and _tree(root) == before


def test_render_batch_refuses_two_drafts_with_one_output(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _session(tmp_path / "s")
    monkeypatch.chdir(root)
    (root / "notes").mkdir()
    (root / "notes" / "a.md").write_text(CHAPTERS["04-clean.md"], encoding="utf-8")
    (root / "notes" / "a.txt").write_text(CHAPTERS["04-clean.md"], encoding="utf-8")
    before = _tree(root)
    done = cli("render", "notes/a.md", "notes/a.txt", "--strict", "--passport", "passport.yaml")
    assert done.code == 64
    assert "render: notes/a.md and notes/a.txt would both write notes/a_final.md" in done.err
    assert _tree(root) == before
