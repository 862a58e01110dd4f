"""``ars-docs lint eval-fixtures DIR``: the pattern-evaluation fixture set (spec §7.1-§7.3, §7.5).

``DIR`` holds one folder per pattern (``A1`` … ``D4``, the micro-fixtures)
and ``integration/<name>/`` (the chapter-level fixture). The lint checks:

- every ``manifest.json`` against the schema its ``fixture_kind`` selects
  (``micro`` → ``pattern_eval_manifest.schema.json``, ``integration`` →
  ``pattern_eval_integration_manifest.schema.json``);
- coverage: each of the 17 enumerated patterns has exactly one fixture, in a
  folder named for it, and no folder names a pattern outside the inventory;
  there is an integration fixture;
- a micro manifest's agent, scope and stage are its §7.2 table row;
- every path a manifest names exists inside its fixture folder;
- each run (``ars_docs.audit.evalset.runs``) and the integration fixture
  (``ars_docs.audit.evalset.integration``).

Diagnostics are errors with the codes of ``ars_docs.audit.evalset.files.CODES``.
A missing ``DIR`` raises ``InputMissingError`` (66); a fixture file that is
not JSON / YAML raises ``InputDataError`` (65).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.audit.evalset.context import check_context
from ars_docs.audit.evalset.files import (
    INTEGRATION_SCHEMA,
    MICRO_SCHEMA,
    Checker,
    inside,
    read_json,
)
from ars_docs.audit.evalset.patterns import PATTERN_IDS, PATTERNS
from ars_docs.audit.evalset.runs import check_run
from ars_docs.audit.model.files import ArtifactFile
from ars_docs.core.diagnostics import Diagnostic
from ars_docs.core.errors import InputMissingError

__all__ = ["INTEGRATION_DIR", "ROLES", "FixtureSet", "lint_eval_fixtures", "scan_fixture_set"]

INTEGRATION_DIR = "integration"
ROLES = ("bad_run", "good_run")


@dataclass(slots=True)
class FixtureSet:
    """The fixture folders found under ``DIR`` (valid or not; see the diagnostics)."""

    root: Path
    micro: dict[str, Path] = field(default_factory=dict)
    """Pattern ID → the one folder whose manifest claims it."""
    integration: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def lint_eval_fixtures(root: str | os.PathLike[str]) -> Iterator[Diagnostic]:
    """Every problem of the fixture set under ``root``."""
    return iter(scan_fixture_set(root).diagnostics)


def scan_fixture_set(root: str | os.PathLike[str]) -> FixtureSet:
    """Find and check every fixture under ``root``."""
    base = Path(root)
    if not base.is_dir():
        raise InputMissingError(
            f"{base}: no such folder; pass the fixture set folder "
            "(e.g. tests/fixtures/v3_6_7_pattern_eval)"
        )
    out = Checker()
    found = FixtureSet(base)
    for folder in _folders(base):
        if folder.name == INTEGRATION_DIR:
            continue
        pattern = _check_micro(out, folder)
        if folder.name not in PATTERNS:
            out.add(
                "EVAL-COVERAGE",
                folder,
                f"folder {folder.name!r} is not one of the 17 "
                f"enumerated patterns ({', '.join(PATTERN_IDS)}); remove or rename it",
            )
        if pattern is None:
            continue
        if pattern in found.micro:
            out.add(
                "EVAL-COVERAGE",
                folder / "manifest.json",
                f"pattern {pattern} already has "
                f"the fixture {found.micro[pattern]}; each pattern has exactly one",
            )
            continue
        found.micro[pattern] = folder
    for pattern in PATTERN_IDS:
        if pattern not in found.micro:
            out.add(
                "EVAL-COVERAGE", base, f"pattern {pattern} has no fixture; add {base}/{pattern}/"
            )
    _check_integration_folder(out, base / INTEGRATION_DIR, found)
    found.diagnostics = out.diagnostics
    return found


def _folders(base: Path) -> list[Path]:
    return sorted(p for p in base.iterdir() if p.is_dir() and not p.name.startswith("."))


def _check_micro(out: Checker, folder: Path) -> str | None:
    """Check one micro-fixture; the pattern it claims, if its manifest names one."""
    manifest, valid = _manifest(out, folder, "micro")
    raw = manifest.data if manifest is not None else None
    pattern = raw.get("pattern_id") if isinstance(raw, dict) else None
    if not isinstance(pattern, str) or pattern not in PATTERNS:
        return None  # the schema has said why
    if not valid or manifest is None:
        return pattern  # it still covers its pattern; the schema errors are reported
    data = manifest.data
    if pattern != folder.name:
        out.at(
            "EVAL-COVERAGE",
            manifest,
            ("pattern_id",),
            f"pattern_id {pattern} in the folder "
            f"{folder.name!r}; a fixture's folder is named for its pattern",
        )
    row = PATTERNS[pattern]
    for key, want in (("agent", row.agent), ("pattern_scope", row.scope), ("stage", row.stage)):
        if data.get(key) != want:
            out.at(
                "EVAL-TABLE",
                manifest,
                (key,),
                f"{key} is {data.get(key)!r} but the §7.2 row of {pattern} says {want!r}",
            )
    upstream = data["upstream_context"]
    paths_ok = _exists(
        out,
        manifest,
        folder,
        ("upstream_context", "passport_snippet_path"),
        upstream["passport_snippet_path"],
        dir_=False,
    )
    paths_ok &= _exists(
        out,
        manifest,
        folder,
        ("upstream_context", "prior_artifacts_dir"),
        upstream["prior_artifacts_dir"],
        dir_=True,
    )
    for index, rel in enumerate(upstream.get("supporting_paths", [])):
        paths_ok &= _exists(
            out, manifest, folder, ("upstream_context", "supporting_paths", index), rel, dir_=False
        )
    run_ids: dict[str, Any] = {}
    for role in ROLES:
        run = data[role]
        ok = all(
            _exists(out, manifest, folder, (role, key), run[key], dir_=False)
            for key in (
                "deliverable_path",
                "expected_audit_findings_path",
                "expected_orchestrator_action_path",
            )
        )
        if ok:
            verdict = check_run(
                out,
                folder,
                folder / run["expected_audit_findings_path"],
                folder / run["expected_orchestrator_action_path"],
                bundle=(run["deliverable_path"], *upstream.get("supporting_paths", [])),
                role=role.removesuffix("_run"),
                signal=row.signal,
                pattern=pattern,
            )
            run_ids[role] = verdict.get("run_id")
    if run_ids.get("bad_run") is not None and run_ids.get("bad_run") == run_ids.get("good_run"):
        out.at(
            "EVAL-SIGNAL",
            manifest,
            ("good_run",),
            f"the BAD and GOOD runs share the run_id {run_ids['bad_run']}; each run is its "
            "own audit",
        )
    if paths_ok and all(_runs_present(folder, data[role]) for role in ROLES):
        check_context(
            out,
            folder / upstream["passport_snippet_path"],
            [folder / data[role]["deliverable_path"] for role in ROLES],
        )
    return pattern


def _runs_present(folder: Path, run: dict[str, str]) -> bool:
    target = inside(folder, run["deliverable_path"])
    return target is not None and target.is_file()


def _manifest(out: Checker, folder: Path, kind: str) -> tuple[ArtifactFile | None, bool]:
    """The manifest (``None`` if absent) and whether it is valid for ``kind``."""
    path = folder / "manifest.json"
    if not path.is_file():
        out.add("EVAL-MANIFEST", folder, f"no manifest.json in the fixture folder {folder}")
        return None, False
    manifest = read_json(path, "fixture manifest")
    declared = manifest.data.get("fixture_kind") if isinstance(manifest.data, dict) else None
    if declared not in ("micro", "integration"):
        out.at(
            "EVAL-MANIFEST",
            manifest,
            ("fixture_kind",),
            f"fixture_kind {declared!r}: use "
            "'micro' (a pattern folder) or 'integration' (under integration/)",
        )
        return manifest, False
    if declared != kind:
        out.at(
            "EVAL-MANIFEST",
            manifest,
            ("fixture_kind",),
            f"fixture_kind {declared!r} in {folder}: a {kind} fixture is expected here",
        )
        return manifest, False
    schema = MICRO_SCHEMA if kind == "micro" else INTEGRATION_SCHEMA
    return manifest, out.schema("EVAL-MANIFEST", manifest, schema)


def _exists(
    out: Checker,
    manifest: Any,
    folder: Path,
    keypath: tuple[str | int, ...],
    rel: str,
    *,
    dir_: bool,
) -> bool:
    target = inside(folder, rel)
    kind = "folder" if dir_ else "file"
    if target is None or not (target.is_dir() if dir_ else target.is_file()):
        out.at("EVAL-PATH", manifest, keypath, f"{rel}: no such {kind} in {folder}")
        return False
    return True


def _check_integration_folder(out: Checker, base: Path, found: FixtureSet) -> None:
    from ars_docs.audit.evalset.integration import check_integration

    if not base.is_dir():
        out.add("EVAL-COVERAGE", base.parent, f"no integration fixture; add {base}/<name>/ (§7.3)")
        return
    for folder in _folders(base):
        manifest, valid = _manifest(out, folder, "integration")
        found.integration.append(folder)
        if manifest is not None and valid:
            check_integration(out, folder, manifest)
    if not found.integration:
        out.add("EVAL-COVERAGE", base, "integration/ holds no fixture folder (§7.3)")
