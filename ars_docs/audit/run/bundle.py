"""The audit bundle: SHA snapshot before the prompt, recheck after the auditor (spec §3.6, §4.4).

F-060 (TOCTOU): the prompt embeds the files' content as read at render time,
so the SHAs the sidecar records must be of *that* content. ``snapshot`` reads
every bundle file once, hashes those bytes and keeps them; the prompt is then
rendered from the kept bytes, never from a second read. ``mutated`` re-hashes
the files after the auditor exits; any difference (or a file that vanished)
makes the run ``AUDIT_FAILED`` with "bundle file(s) mutated during audit run:
<paths>" (§4.6 row 70, case c).

The previous-round verdict (``--previous-findings``) is embedded in the prompt
but is not a manifest line (§3.6 lists primary, supporting and template
only); it is still rechecked, because the auditor saw its content too.

The prompt is ``templates/audit/audit_prompt.md.j2`` (Jinja) around the
repository's audit template, with the round filled in for the template's
``<N>`` placeholder and every bundle file quoted in a fence longer than any
backtick run inside it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from ars_docs.audit.model.manifest import Manifest, ManifestLine, build_manifest
from ars_docs.audit.run.request import TEMPLATE_PATH, RunRequest
from ars_docs.core.errors import ArsError, UsageError
from ars_docs.core.paths import contained, read_regular

__all__ = ["BundleFile", "Snapshot", "mutated", "render_prompt", "snapshot"]


@dataclass(frozen=True, slots=True)
class BundleFile:
    role: str
    """``primary`` | ``supporting`` | ``template`` | ``previous`` (not in the manifest)."""
    path: str
    sha: str
    content: bytes


@dataclass(frozen=True, slots=True)
class Snapshot:
    files: tuple[BundleFile, ...]
    manifest: Manifest

    def of_role(self, role: str) -> list[BundleFile]:
        return [f for f in self.files if f.role == role]


def snapshot(request: RunRequest) -> Snapshot:
    """Read and hash every bundle file once; build the §3.6 manifest from those bytes."""
    named = [("primary", request.deliverable)]
    named += [("supporting", path) for path in request.supporting]
    named.append(("template", TEMPLATE_PATH))
    if request.previous_findings:
        named.append(("previous", request.previous_findings))
    files = []
    for role, path in named:
        content = _read(request.root, path)
        files.append(BundleFile(role, path, hashlib.sha256(content).hexdigest(), content))
    manifest = build_manifest(
        ManifestLine(f.role, f.path, f.sha) for f in files if f.role != "previous"
    )
    return Snapshot(tuple(files), manifest)


def mutated(request: RunRequest, before: Snapshot) -> list[str]:
    """Paths whose content differs from the snapshot now (vanished files included)."""
    changed = []
    for item in before.files:
        try:
            digest = hashlib.sha256(_read(request.root, item.path)).hexdigest()
        except ArsError:
            digest = ""
        if digest != item.sha:
            changed.append(item.path)
    return changed


def render_prompt(request: RunRequest, shot: Snapshot) -> str:
    """The prompt the auditor reads on standard input."""
    from ars_docs.core.templating import render_template
    from ars_docs.document.md_escape import code

    template = shot.of_role("template")[0]
    instructions = _text(template.content).replace("<N>", str(request.round))
    previous = shot.of_role("previous")
    return render_template(
        "audit/audit_prompt.md.j2",
        code=code,
        instructions=instructions.rstrip("\n"),
        request=request,
        manifest_sha=shot.manifest.sha,
        files=[_quoted(f) for f in shot.files if f.role in ("primary", "supporting")],
        previous=_quoted(previous[0]) if previous else None,
    )


def _quoted(item: BundleFile) -> dict[str, str]:
    text = _text(item.content)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return {
        "role": item.role,
        "path": item.path,
        "sha": item.sha,
        "fence": "`" * max(3, longest + 1),
        "text": text if text.endswith("\n") or not text else text + "\n",
    }


def _text(content: bytes) -> str:
    # A bundle file that is not UTF-8 is still hashed byte for byte; the prompt
    # shows it with replacement characters rather than refusing the audit.
    return content.decode("utf-8", "replace").replace("\r\n", "\n")


def _read(root: Path, path: str) -> bytes:
    """A bundle file's bytes: a regular file inside the repository (``ars_docs.core.paths``)."""
    full = contained(root, path, what="bundle file", folder="the repository")
    try:
        return read_regular(full, what="bundle file", hint="check the path")
    except ArsError as exc:
        raise UsageError(f"{path}: cannot read: {exc.message}") from None
