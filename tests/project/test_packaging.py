"""A plain (non-editable) wheel must ship the templates and schemas, and work."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import ars_docs
from tests.support.layout import REPO


def test_public_api_names() -> None:
    public = {name for name in dir(ars_docs) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(ars_docs, name)).__name__ == "module"}
    assert set(ars_docs.__all__) == (public - modules) | {"__version__"}
    for name in ars_docs.__all__:  # every lazy name resolves to a real object
        assert getattr(ars_docs, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        ars_docs.nope  # noqa: B018


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(REPO),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    [built] = out.glob("ars_docs-*.whl")
    return built


def test_wheel_contains_data_files(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for data in (
        "ars_docs/templates/scope_report.md.j2",
        "ars_docs/schemas/literature_corpus_entry.schema.json",
        "ars_docs/schemas/human_read_log.schema.json",
        "ars_docs/manifests/v3_6_7_inversion_manifest.json",
        "ars_docs/manifests/v3_6_8_inversion_manifest.json",
        "ars_docs/schemas/audit_artifact_entry.schema.json",
        "ars_docs/schemas/audit_jsonl.schema.json",
        "ars_docs/schemas/audit_sidecar.schema.json",
        "ars_docs/schemas/audit_verdict.schema.json",
        "ars_docs/schemas/pattern_eval_manifest.schema.json",
        "ars_docs/schemas/pattern_eval_integration_manifest.schema.json",
        "ars_docs/schemas/pattern_eval_action.schema.json",
        "ars_docs/templates/audit/codex_audit_multifile_template.md",
        "ars_docs/audit/gate/inventory.json",
        "ars_docs/audit/gate/__init__.py",
        "ars_docs/audit/model/__init__.py",
        "ars_docs/audit/rows/__init__.py",
        "ars_docs/audit/run/__init__.py",
        "ars_docs/py.typed",
    ):
        assert data in names


def test_installed_wheel_runs_finalize(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    session = tmp_path / "session"
    session.mkdir()
    shutil_copy = REPO / "examples"
    for name in ("chapter.md", "passport.yaml", "passport_human_read_log.yaml"):
        (session / name).write_bytes((shutil_copy / name).read_bytes())
    script = (
        "import ars_docs, sys; from ars_docs.cli.main import run; "
        "assert ars_docs.__file__.startswith(sys.argv[1]), ars_docs.__file__; "
        "sys.exit(run(['finalize', 'chapter.md', '--passport', 'passport.yaml']))"
    )
    env = {**os.environ, "PYTHONPATH": str(target), "ARS_DOCS_NO_CACHE": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", script, str(target)],
        cwd=session,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    checklist = (session / "chapter_prefinalization_checklist.md").read_text(encoding="utf-8")
    assert checklist.startswith("# Pre-finalization checklist — chapter.md")
    assert "[UNVERIFIED CITATION — NO ORIGINAL]" in (session / "chapter.md").read_text(
        encoding="utf-8"
    )
