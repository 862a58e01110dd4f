"""A git repository with an audit bundle, scripts for ``fake_codex.py``, and checks of a run.

``make_repo`` writes a bundle (a non-ASCII deliverable with CRLF line ends,
two supporting files, a previous-round verdict, the audit template at the
path the sidecar schema pins, a passport the wrapper must never touch) and
commits it. ``script`` turns event rows and directives into a script the fake
auditor replays. ``check_set`` asserts what §4.6 says a run leaves behind.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ars_docs.audit.model.files import read_yaml_artifact
from ars_docs.audit.rows.lint import lint_audit_artifacts
from ars_docs.core.diagnostics import Severity
from tests.support.audit import TEMPLATE, TEMPLATE_PATH, agent_text, git, stream_rows
from tests.support.layout import TESTS

FAKE = TESTS / "support" / "fake_codex.py"
DELIVERABLE = "chapter_4/synthesis.md"
SUPPORTING = (
    "chapter_4/bibliography.json",
    "chapter_4/verification.md",
    "chapter_4/Überblick ä.md",
)
PREVIOUS = "reviews/round1.verdict.yaml"
OUT = "audit_artifacts"
RUN_ID = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}Z-[0-9a-f]{4}\Z")
USAGE = {
    "input_tokens": 900,
    "cached_input_tokens": 0,
    "output_tokens": 200,
    "reasoning_output_tokens": 10,
}
THREAD = "019de371-4c13-7521-8af7-fccf6bd23279"
P3 = {
    "id": "F-001",
    "severity": "P3",
    "dimension": "3.6",
    "file": DELIVERABLE,
    "line": 3,
    "description": "'currently' is not dated — ändern",
    "suggested_fix": "write 'as of 2026'",
}
P1 = dict(P3, id="F-002", severity="P1", dimension="3.2", description="claim beyond source")
FILES = {
    DELIVERABLE: "# Synthese — Kapitel 4\r\n\r\nCurrently the field agrees <!--ref:ji_2023-->.\r\n",
    SUPPORTING[0]: '{"entries": ["ji_2023"]}\n',
    SUPPORTING[1]: "# Verification\n\n```python\nprint('fenced')\n```\n",
    SUPPORTING[2]: "Ein Überblick.\n",
    PREVIOUS: 'verdict_status: "MINOR"\nfindings: []\n',
    "passport.yaml": "literature_corpus: []\n",
}


def make_repo(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    files = dict(FILES)
    files[TEMPLATE_PATH] = TEMPLATE.read_text(encoding="utf-8")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(text.encode("utf-8"))
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "bundle")
    return root


def copy_repo(template: Path, target: Path) -> Path:
    shutil.copytree(template, target, symlinks=True)
    return target


def no_tool_rows(findings: list[dict[str, Any]], status: str, round_: int = 1) -> list[Any]:
    """The §3.3 minimal stream: thread, turn, one agent_message, turn.completed."""
    return [
        {"type": "thread.started", "thread_id": THREAD},
        {"type": "turn.started"},
        {
            "type": "item.completed",
            "item": {
                "id": "item_0",
                "type": "agent_message",
                "text": agent_text(findings, status, round_, 3),
            },
        },
        {"type": "turn.completed", "usage": USAGE},
    ]


def tool_rows(findings: list[dict[str, Any]], status: str, round_: int = 1) -> list[Any]:
    """Tool pairs completing out of order, intermediate agent messages (§3.3, A7)."""
    return stream_rows("", agent_text(findings, status, round_, 3))


def script(
    path: Path, rows: Iterable[Any] = (), *, before: Iterable[str] = (), after: Iterable[str] = ()
) -> Path:
    lines = list(before)
    lines += [
        "emit " + (r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) for r in rows
    ]
    lines += list(after)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def argv(*extra: str, round_: int = 1, supporting: bool = True) -> list[str]:
    args = ["audit", "run", "--stage", "2", "--agent", "synthesis_agent"]
    args += ["--deliverable", DELIVERABLE, "--round", str(round_), "--codex", str(FAKE)]
    if supporting:
        args += ["--supporting", ",".join(SUPPORTING)]
    if round_ > 1:
        args += ["--previous-findings", PREVIOUS]
    return args + list(extra)


def run_ids(root: Path, out: str = OUT) -> list[str]:
    folder = root / out
    if not folder.is_dir():
        return []
    return sorted(
        {
            name.split(".", 1)[0]
            for name in os.listdir(folder)
            if RUN_ID.match(name.split(".", 1)[0])
        }
    )


def proposals(root: Path, out: str = OUT) -> list[Path]:
    folder = root / out
    return sorted(folder.glob("*.audit_artifact_entry.json")) if folder.is_dir() else []


def lint_errors(root: Path, proposal: Path) -> list[str]:
    found = lint_audit_artifacts("proposal", str(proposal), root=str(root))
    return [d.message for d in found if d.severity is Severity.ERROR]


def check_set(
    root: Path, *, status: str | None = None, exit_code: int | None = None
) -> dict[str, Any]:
    """Exactly one run with its four contract files, consistent and lint-clean."""
    ids = run_ids(root)
    assert len(ids) == 1, ids
    run_id = ids[0]
    folder = root / OUT
    names = sorted(os.listdir(folder))
    expected = [
        run_id + s
        for s in (
            ".audit_artifact_entry.json",
            ".jsonl",
            ".manifest.txt",
            ".meta.json",
            ".stderr",
            ".stdout",
            ".verdict.yaml",
        )
    ]
    assert names == expected, names
    entry = json.loads((folder / f"{run_id}.audit_artifact_entry.json").read_text(encoding="utf-8"))
    sidecar = json.loads((folder / f"{run_id}.meta.json").read_text(encoding="utf-8"))
    verdict = read_yaml_artifact(
        str(folder / f"{run_id}.verdict.yaml"), what="verdict", hint=""
    ).data
    assert entry["verdict"]["status"] == verdict["verdict_status"]
    if status is not None:
        assert verdict["verdict_status"] == status
    if exit_code is not None:
        assert sidecar["process"]["exit_code"] == exit_code
    assert lint_errors(root, folder / f"{run_id}.audit_artifact_entry.json") == []
    assert (folder / f"{run_id}.jsonl").read_bytes() == (folder / f"{run_id}.stdout").read_bytes()
    assert (root / "passport.yaml").read_text(encoding="utf-8") == FILES["passport.yaml"]
    return {"run_id": run_id, "entry": entry, "sidecar": sidecar, "verdict": verdict}


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (outside .git) with its bytes."""
    found = {}
    for path in sorted(root.rglob("*")):
        if ".git" not in path.relative_to(root).parts and path.is_file():
            found[path.relative_to(root).as_posix()] = path.read_bytes()
    return found
