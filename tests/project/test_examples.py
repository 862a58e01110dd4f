"""The bundled example and the README's "Typical session" run as written (issue 10 §3)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.layout import REPO

ROOT = REPO
README = (ROOT / "README.md").read_text(encoding="utf-8")


def example_copy(tmp_path: Path) -> Path:
    target = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", target, ignore=shutil.ignore_patterns("out"))
    return target


def env_with_ars_docs() -> dict[str, str]:
    """PATH with the ars-docs of this interpreter's environment first."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "ars-docs").exists():
        pytest.fail(f"ars-docs is not installed beside {sys.executable}; pip install -e .")
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("ARS_PASSPORT", None)
    return env


def test_run_sh_passes_and_prints_no_escape_codes_when_piped(tmp_path: Path) -> None:
    examples = example_copy(tmp_path)
    done = subprocess.run(
        ["bash", str(examples / "run.sh")],
        capture_output=True,
        env=env_with_ars_docs(),
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert b"\x1b" not in done.stdout + done.stderr
    assert b"$ ars-docs verify piwowar_2018" in done.stdout
    # Each echoed command, pasted into a shell, runs the same words (issue 25 §9).
    echoed = [
        line[2:].rsplit("   # ", 1)[0]
        for line in done.stdout.decode().splitlines()
        if line.startswith("$ ars-docs ")
    ]
    assert len(echoed) > 20
    words = [shlex.split(line) for line in echoed]
    assert [
        "ars-docs", "verify", "piwowar_2018", "--yes", "--method", "manual_grep",
        "--note", "title, authors, table 2", "--passport", "passport.yaml",
    ] in words  # fmt: skip


def test_run_sh_clock_is_after_the_examples_marks() -> None:
    from datetime import datetime, timezone

    script = (ROOT / "examples" / "run.sh").read_text(encoding="utf-8")
    epoch = int(re.search(r"SOURCE_DATE_EPOCH=(\d+)", script).group(1))  # type: ignore[union-attr]
    log = (ROOT / "examples" / "passport_human_read_log.yaml").read_text(encoding="utf-8")
    stamps = re.findall(r"(?:marked_at|rescinded_at|created_at): (\S+Z)", log)
    latest = max(datetime.fromisoformat(t.replace("Z", "+00:00")) for t in stamps)
    assert datetime.fromtimestamp(epoch, tz=timezone.utc) > latest


def typical_session() -> list[str]:
    section = README.split("## Typical session", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "the Typical session has no sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_readme_typical_session_runs_as_written_on_the_example(
    tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = example_copy(tmp_path)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1795424400")  # after the example's marks
    seen = []
    for line in typical_session():
        command, _, comment = line.partition("#")
        words = shlex.split(command)
        expected = int(m.group(1)) if (m := re.search(r"exit (\d+)", comment)) else 0
        if "cp -r examples" in command:
            continue  # set-up: the test made its own fresh copy of examples/ (… cp … && cd …)
        if words[:1] == ["export"]:
            name, _, value = words[1].partition("=")
            monkeypatch.setenv(name, value)
            continue
        if words[:1] == ["cat"]:
            assert (folder / words[1]).is_file(), line
            continue
        assert words[0] == "ars-docs", line
        result = cli(*words[1:])
        assert result.code == expected, (line, result.out, result.err)
        seen.append(words[:2])
    assert ["ars-docs", "mark-read"] in seen and ["ars-docs", "verify"] in seen
    assert "<!--ref:ji_2023 ok-->" in (folder / "chapter.md").read_text(encoding="utf-8")
    assert "<!--ref:piwowar_2018 ok-->" in (folder / "chapter.md").read_text("utf-8")
    assert (folder / "chapter_preview.md").is_file()
    assert not (folder / "final.md").exists()
