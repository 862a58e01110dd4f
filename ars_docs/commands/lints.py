"""``ars-docs lint TARGET``: every linter behind one door; each prints findings, writes nothing.

Each function reads its inputs, runs the room's checks and returns the
findings with the counts the verdict rests on (``failed``: exit 1). The CLI
prints them as text or JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import InputMissingError, UsageError

if TYPE_CHECKING:
    from ars_docs.audit.evalset.fixtures import FixtureSet
    from ars_docs.audit.prompts.protection import Manifest

__all__ = [
    "CorpusLint",
    "Findings",
    "audit_artifacts",
    "eval_fixtures",
    "lint_corpus",
    "lint_files",
    "pattern_protection",
]


@dataclass(frozen=True)
class Findings:
    """The findings about one target, split into errors and the rest."""

    target: str
    diagnostics: Sequence[Diagnostic]

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors


@dataclass(frozen=True)
class CorpusLint(Findings):
    """``lint corpus``: the findings, and how many entries were checked."""

    entries: int = 0
    empty: str | None = None
    """Why nothing was checked (an empty corpus passes every rule), else ``None``."""


def lint_corpus(passport: str) -> CorpusLint:
    """The entry schema and the three §3.1 firm rules over every corpus entry."""
    from ars_docs.session.lint import lint_corpus_counted

    entries, diagnostics = lint_corpus_counted(passport)
    empty = None
    if not entries:
        empty = (
            "the folder holds no entry file"
            if Path(passport).is_dir()
            else "literature_corpus[] is empty"
        )
    return CorpusLint(passport, diagnostics, entries, empty)


def pattern_protection(
    manifest: str, root: str, frozen_manifest: str | None = None
) -> tuple[Manifest, list[Diagnostic]]:
    """The protected block of every prompt ``manifest`` lists (and, with
    ``frozen_manifest``, the v3.6.7 blocks against the commit that froze them)."""
    from ars_docs.audit.prompts.protection import lint_pattern_protection, load_manifest

    loaded = load_manifest(manifest)
    folder = Path(root)
    if not folder.is_dir():
        raise InputMissingError(f"{folder}: not a folder; ROOT is the repository root")
    if frozen_manifest and loaded.scope != "v3.7.1-only":
        raise UsageError("--frozen-manifest goes with a v3.7.1 manifest (the Step 0 check)")
    diagnostics = list(lint_pattern_protection(loaded, folder))
    if frozen_manifest:
        from ars_docs.audit.prompts.frozen import check_frozen_blocks

        diagnostics += check_frozen_blocks(folder, frozen_manifest)
    return loaded, diagnostics


def eval_fixtures(folder: str) -> FixtureSet:
    """The pattern-evaluation fixture set of spec §7 (manifests, coverage, verdicts)."""
    from ars_docs.audit.evalset.fixtures import scan_fixture_set

    return scan_fixture_set(folder)


def audit_artifacts(
    mode: str,
    *,
    file: str | None = None,
    passport: str | None = None,
    jsonl: str | None = None,
    root: str | None = None,
    check_files: bool = True,
) -> Findings:
    """The §3.7 invariant rows A-F over the audit files ``mode`` names."""
    from ars_docs.audit.rows.lint import lint_audit_artifacts

    target = {"proposal": file, "verdict": file, "persisted": passport}.get(mode, jsonl)
    if not target:
        flag = {
            "proposal": "ENTRY.json",
            "verdict": "VERDICT",
            "persisted": "--passport (or $ARS_PASSPORT)",
        }
        raise UsageError(
            f"--mode {mode} needs {flag.get(mode, '--jsonl')}; see "
            "`ars-docs lint audit-artifacts --help`"
        )
    diagnostics = list(lint_audit_artifacts(mode, target, root=root, check_files=check_files))
    return Findings(str(target), diagnostics)


def lint_files(kind: str, files: Sequence[str], *, template: bool = False) -> list[Findings]:
    """``audit-report`` (the §3.2 Scope Report rules) or ``drift-log`` (§3.4) over each
    file once, every file read before any finding is returned: a missing file stops
    the run before anything is printed."""
    if kind == "audit-report":
        from ars_docs.reports.scope.lint import lint_audit_report_file

        return [
            Findings(path, list(lint_audit_report_file(path, template=template)))
            for path in dict.fromkeys(files)
        ]
    from ars_docs.reports.drift.lint import lint_drift_log_file

    return [Findings(path, list(lint_drift_log_file(path))) for path in dict.fromkeys(files)]
