"""The naming rows: one ``run_id`` for every file of a run (spec §3.7 B7, F2, F3; §3.4 rule 7).

How the three overlap rows are split, so one fault gives one diagnostic: F2
owns a file name that is not a bare ``<run_id><extension>`` (a stage or agent
prefix); F3 the sidecar's own file name vs its ``run_id``; B7 the remaining
agreement — entry ``run_id``, verdict ``run_id`` and the jsonl / verdict /
proposal file names — with the sidecar's ``run_id``, the canonical one. B7 is
suspended for an ``AUDIT_FAILED`` run (§3.4: rules 1-7).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from ars_docs.audit.rows.artifact_set import PROPOSAL_SUFFIX, ArtifactSet
from ars_docs.audit.rows.catalogue import Report

__all__ = ["BARE_RUN_ID", "name_rows", "stem"]

BARE_RUN_ID = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}Z-[0-9a-f]{4}\Z")
_EXTENSIONS = {"jsonl": ".jsonl", "sidecar": ".meta.json", "verdict": ".verdict.yaml"}


def stem(name: str, extension: str) -> str | None:
    """The bare run_id of ``<run_id><extension>``, or ``None`` if the name is not that."""
    base = PurePosixPath(name).name
    if not base.endswith(extension):
        return None
    head = base[: -len(extension)]
    return head if BARE_RUN_ID.match(head) else None


def name_rows(report: Report, aset: ArtifactSet) -> None:
    """F2 (bare names), F3 (sidecar name vs its run_id), B7 (one run_id everywhere)."""
    entry, where, prefix = aset.entry, aset.entry_where, aset.entry_prefix
    paths = entry.get("artifact_paths")
    assert isinstance(paths, Mapping)
    sidecar_id = aset.sidecar.data.get("run_id") if isinstance(aset.sidecar.data, Mapping) else None
    stems: dict[str, str | None] = {}
    for key, extension in _EXTENSIONS.items():
        stems[key] = stem(paths[key], extension)
        if stems[key] is None and paths[key].endswith(extension):
            report.add(
                "F2",
                where,
                (*prefix, "artifact_paths", key),
                f"{PurePosixPath(paths[key]).name} is not named <run_id>{extension} (no stage, "
                "agent or other prefix)",
            )
    if aset.proposal_file is not None:
        stems["proposal"] = stem(aset.proposal_file, PROPOSAL_SUFFIX)
        if stems["proposal"] is None:
            report.at_line(
                "F2",
                aset.proposal_file,
                0,
                0,
                f"{Path(aset.proposal_file).name} is not named <run_id>{PROPOSAL_SUFFIX}",
            )
    if aset.failed or not isinstance(sidecar_id, str) or not BARE_RUN_ID.match(sidecar_id):
        return  # F1 (schema) reports a malformed run_id; B7 is suspended for AUDIT_FAILED
    sidecar_where = aset.located(aset.sidecar)
    if stems["sidecar"] is not None and stems["sidecar"] != sidecar_id:
        report.add(
            "F3",
            sidecar_where,
            ("run_id",),
            f"run_id {sidecar_id} but the file is named {stems['sidecar']}.meta.json",
        )
    if (
        entry.get("run_id") != sidecar_id
        and isinstance(entry.get("run_id"), str)
        and BARE_RUN_ID.match(entry["run_id"])
    ):
        report.add(
            "B7",
            where,
            (*prefix, "run_id"),
            f"audit fake-detected: artifact filename mismatch: entry run_id {entry['run_id']} "
            f"!= sidecar run_id {sidecar_id}",
        )
    verdict_id = aset.verdict.data.get("run_id") if isinstance(aset.verdict.data, Mapping) else None
    if isinstance(verdict_id, str) and BARE_RUN_ID.match(verdict_id) and verdict_id != sidecar_id:
        report.add(
            "B7",
            aset.located(aset.verdict),
            ("run_id",),
            f"audit fake-detected: artifact filename mismatch: verdict run_id {verdict_id} "
            f"!= sidecar run_id {sidecar_id}",
        )
    for key in ("jsonl", "verdict", "proposal"):
        found = stems.get(key)
        if found is not None and found != sidecar_id:
            report.add(
                "B7",
                where,
                (*prefix, "artifact_paths", key) if key != "proposal" else (*prefix, "run_id"),
                f"audit fake-detected: artifact filename mismatch: the {key} file is named for "
                f"run {found}, the sidecar is run {sidecar_id}",
            )
