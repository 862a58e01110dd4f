"""Step 0 of the trust spec: v3.7.1 work leaves the v3.6.7 blocks byte-equivalent.

The v3.6.7 ``PATTERN PROTECTION`` blocks converged over many review rounds; a
later change may add new blocks to the same prompts but must not touch those.
The reference is derived, never stored: the commit that last changed the
v3.6.7 manifest (``git log -1 -- MANIFEST``). For every prompt that manifest
lists, the block's canonical range (``prompt_blocks.find_blocks``) at that
commit and in the working tree must have the same bytes (SHA-256).

A shallow clone would make that commit look like the newest one and the check
vacuous, so it is refused with the spec's message; ars-docs never fetches.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

from ars_docs.audit.prompts.blocks import find_blocks
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import InputDataError, InputMissingError, UsageError
from ars_docs.files.gitcmd import run_git

__all__ = ["SHALLOW_MESSAGE", "check_frozen_blocks"]

CODE = "STEP0"
HEADING = "PATTERN PROTECTION (v3.6.7)"
SHALLOW_MESSAGE = (
    "[ARS-V3.7.1 LINT ERROR: shallow clone detected; set fetch-depth: 0 in checkout step "
    "before running v3.7.1 byte-equivalence check]"
)


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return run_git(root, *args)
    except FileNotFoundError:
        raise UsageError("missing dependency: git (the Step 0 check reads history)") from None


def _block_digest(raw: bytes | None) -> str | None:
    if raw is None:
        return None
    blocks = find_blocks(raw, HEADING)
    return hashlib.sha256(b"".join(block.raw for block in blocks)).hexdigest() if blocks else ""


def check_frozen_blocks(root: Path, frozen_manifest: str) -> Iterator[Diagnostic]:
    """Yield a ``STEP0`` finding per prompt whose v3.6.7 block changed since the reference."""
    top = _git(root, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise InputDataError(
            f"{root}: not inside a git repository; the Step 0 check compares against history"
        )
    manifest_path = root / frozen_manifest
    if not manifest_path.is_file():
        raise InputMissingError(f"{manifest_path}: the v3.6.7 manifest to compare against")
    if _git(root, "rev-parse", "--is-shallow-repository").stdout.strip() == b"true":
        yield Diagnostic(frozen_manifest, 0, 0, CODE, Severity.ERROR, SHALLOW_MESSAGE)
        return
    base = _git(root, "log", "-1", "--format=%H", "--", frozen_manifest).stdout.decode().strip()
    if not base:
        yield Diagnostic(
            frozen_manifest, 0, 0, CODE, Severity.ERROR,
            f"[STEP0] {frozen_manifest}: never committed, so there is no v3.6.7 reference; "
            "commit the manifest first",
        )  # fmt: skip
        return
    try:
        files = json.loads(manifest_path.read_text(encoding="utf-8"))["files"]
    except (ValueError, KeyError, TypeError) as exc:
        raise InputDataError(f"{manifest_path}: not a manifest with 'files' ({exc})") from None
    for name in files:
        # ./ : relative to ROOT; cat-file prints the blob as stored (no textconv, no filter).
        shown = _git(root, "cat-file", "blob", f"{base}:./{name}")
        before = _block_digest(shown.stdout if shown.returncode == 0 else None)
        try:
            now = _block_digest((root / name).read_bytes())
        except FileNotFoundError:
            now = None
        if before != now:
            yield Diagnostic(
                name, 0, 0, CODE, Severity.ERROR,
                f"[STEP0] {name}: the {HEADING} block is not byte-equivalent to commit "
                f"{base[:12]} (the last change to {frozen_manifest}); v3.7.1 work must leave "
                "it untouched — add new blocks outside it",
            )  # fmt: skip
