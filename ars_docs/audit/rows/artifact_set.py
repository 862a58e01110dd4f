"""One audit run's files, found from its entry (spec §4.3, §3.1 ``artifact_paths``).

An entry (a proposal file or a passport ledger entry) names its JSONL,
sidecar and verdict by repository-relative paths; ``load_artifact_set`` reads
them from the repository root. The verdict file is the source of truth for
the run's status (C1): when it says ``AUDIT_FAILED`` the JSONL is not read
(the run short-circuits before Layer 2 and 3, §5.6 B5; its stream may be an
empty placeholder).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ars_docs.audit.model.files import ArtifactFile, read_json_artifact, read_yaml_artifact
from ars_docs.audit.model.jsonl import JsonlScan, scan_jsonl
from ars_docs.audit.model.verdict import FAILED
from ars_docs.audit.rows.catalogue import Located
from ars_docs.core.paths import contained
from ars_docs.files.yaml.read import KeyPath

__all__ = ["PROPOSAL_SUFFIX", "ArtifactSet", "artifact_paths", "load_artifact_set"]

PROPOSAL_SUFFIX = ".audit_artifact_entry.json"
_HINT = "check the entry's artifact_paths and --root (paths are relative to the repository root)"


@dataclass(slots=True)
class ArtifactSet:
    """An entry with its three artifact files."""

    entry: Mapping[str, Any]
    entry_where: Located
    entry_prefix: KeyPath
    """Where the entry sits in its file (``()`` for a proposal file)."""
    proposal_file: str | None
    """The proposal file's path (proposal mode only)."""
    sidecar: ArtifactFile
    verdict: ArtifactFile
    jsonl: str
    scan: JsonlScan | None
    """The JSONL scan; ``None`` for an AUDIT_FAILED run."""

    @property
    def status(self) -> Any:
        data = self.verdict.data
        return data.get("verdict_status") if isinstance(data, Mapping) else None

    @property
    def failed(self) -> bool:
        return bool(self.status == FAILED)

    def located(self, artifact: ArtifactFile) -> Located:
        return Located(artifact.path, artifact.position)


def artifact_paths(entry: Any) -> dict[str, str] | None:
    """``artifact_paths`` when its three members are strings, else ``None``."""
    paths = entry.get("artifact_paths") if isinstance(entry, Mapping) else None
    if not isinstance(paths, Mapping):
        return None
    chosen = {key: paths.get(key) for key in ("jsonl", "sidecar", "verdict")}
    if not all(isinstance(value, str) and value for value in chosen.values()):
        return None
    return {key: str(value) for key, value in chosen.items()}


def load_artifact_set(
    root: Path,
    entry: Mapping[str, Any],
    where: Located,
    prefix: KeyPath = (),
    *,
    proposal_file: str | None = None,
) -> ArtifactSet | None:
    """Read an entry's files; ``None`` when its ``artifact_paths`` are unusable.

    A missing file raises ``InputMissingError``; a malformed one ``InputDataError``.
    """
    paths = artifact_paths(entry)
    if paths is None:
        return None
    sidecar = read_json_artifact(
        str(root / paths["sidecar"]), what="sidecar", hint=_HINT, root=root
    )
    verdict = read_yaml_artifact(
        str(root / paths["verdict"]),
        what="verdict file",
        hint=_HINT,
        timestamp_keys=[("generated_at",)],
        root=root,
    )
    jsonl = str(contained(root, paths["jsonl"], what="JSONL stream", folder="the repository"))
    status = verdict.data.get("verdict_status") if isinstance(verdict.data, Mapping) else None
    scan = None if status == FAILED else scan_jsonl(jsonl)
    return ArtifactSet(entry, where, prefix, proposal_file, sidecar, verdict, jsonl, scan)
