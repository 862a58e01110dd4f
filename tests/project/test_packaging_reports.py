"""A plain wheel ships the Scope Report / drift log templates and schemas (issue 4)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.support.reports import REPO

DATA = (
    "ars_docs/templates/scope_report.md.j2",
    "ars_docs/templates/session_drift_log.md.j2",
    "ars_docs/templates/audit/codex_audit_multifile_template.md",
    "ars_docs/schemas/session_events.schema.json",
    "ars_docs/schemas/session_snapshot.schema.json",
)


def test_wheel_ships_report_templates_and_schemas(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(REPO)],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    [built] = tmp_path.glob("ars_docs-*.whl")
    names = set(zipfile.ZipFile(built).namelist())
    assert [name for name in DATA if name not in names] == []
