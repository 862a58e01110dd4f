"""Flags of ``ars-docs audit run`` → a checked request, and the preflight (spec §4.1, §4.2).

Everything here only reads: every rule that fails is a ``UsageError`` (exit
64) before the wrapper writes anything, as §4.6 row 64 says ("Files written:
None"). The rules, in order:

- ``--agent`` is one of the three gate agents; ``--stage`` is 1-6;
  ``--round`` and ``--target-rounds`` are >= 1 and round <= target (A3);
- ``--previous-findings`` is required when round > 1 and refused for round 1
  (there is no earlier round whose findings it could be);
- ``git`` is on PATH and the working directory is inside a repository with at
  least one commit (the sidecar records HEAD);
- the deliverable, every supporting file and the previous findings are
  readable regular files inside the repository (also once symbolic links
  are resolved); no file is named twice;
- the output folder is inside the repository (the proposal names its files by
  repository-relative paths) and, if it exists, is a folder;
- the repository holds the audit template at the path the sidecar schema
  pins (``shared/templates/codex_audit_multifile_template.md``);
- the auditor command is found, and ``AUDITOR --version`` prints a semver.
  A dry run only looks the command up on PATH: the auditor can be named by an
  ``ars-docs.toml`` in the working directory, so a dry run runs no program it
  names (issue 29 §11).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ars_docs.audit.model.manifest import repo_path, repo_root
from ars_docs.audit.run.config import AuditSettings
from ars_docs.core.errors import ArsError, UsageError
from ars_docs.core.paths import inside, resolve
from ars_docs.files.gitcmd import run_git

__all__ = [
    "AGENTS",
    "TEMPLATE_PATH",
    "RunRequest",
    "auditor_version",
    "check_request",
    "find_auditor",
    "shipped_template",
]

AGENTS = ("synthesis_agent", "research_architect_agent", "report_compiler_agent")
TEMPLATE_PATH = "shared/templates/codex_audit_multifile_template.md"
"""The template path the sidecar schema pins (§3.4 ``prompt.audit_template_path``)."""
_SEMVER = re.compile(r"[0-9]+\.[0-9]+\.[0-9]+")
_VERSION_TIMEOUT = 60.0


@dataclass(frozen=True, slots=True)
class RunRequest:
    stage: int
    agent: str
    deliverable: str
    """Repository-relative POSIX path of the primary deliverable."""
    supporting: tuple[str, ...]
    round: int
    target_rounds: int
    previous_findings: str | None
    """Repository-relative path of the prior round's verdict file."""
    output_dir: str
    """Repository-relative path of the output folder."""
    bundle_id: str | None
    root: Path
    """The repository root (git top level)."""
    codex: tuple[str, ...]
    model: str
    reasoning_effort: str
    timeout: float | None


def shipped_template() -> Path:
    """The audit template shipped inside ars-docs (to copy into a repository)."""
    return Path(__file__).resolve().parents[2] / "templates" / "audit" / Path(TEMPLATE_PATH).name


def check_request(
    *,
    stage: int,
    agent: str,
    deliverable: str,
    supporting: str | None,
    round_: int,
    target_rounds: int,
    previous_findings: str | None,
    output_dir: str,
    bundle_id: str | None,
    settings: AuditSettings,
) -> RunRequest:
    """Apply every §4.2 rule; the first that fails raises ``UsageError``."""
    if agent not in AGENTS:
        raise UsageError(f"--agent {agent!r}: must be one of {', '.join(AGENTS)}")
    if not 1 <= stage <= 6:
        raise UsageError(f"--stage {stage}: must be an integer from 1 to 6")
    if round_ < 1 or target_rounds < 1:
        raise UsageError("--round and --target-rounds must be integers >= 1")
    if round_ > target_rounds:
        raise UsageError(
            f"--round {round_} exceeds --target-rounds {target_rounds}; raise --target-rounds "
            "to audit another round (§5.4 another_round)"
        )
    if round_ > 1 and not previous_findings:
        raise UsageError(
            f"--round {round_} needs --previous-findings VERDICT.yaml (the verdict of round "
            f"{round_ - 1})"
        )
    if round_ == 1 and previous_findings:
        raise UsageError("--previous-findings is for round 2 and later; round 1 has none")
    if bundle_id is not None:
        _check_bundle_id(bundle_id)
    if shutil.which("git") is None:
        raise UsageError("missing dependency: git (install git; the sidecar records HEAD)")
    root = repo_root()
    _require_commit(root)
    primary = _bundle_file(root, deliverable, "--deliverable")
    others: list[str] = []
    if supporting is not None:
        items = supporting.split(",")
        if any(not item.strip() for item in items):
            raise UsageError(f"--supporting {supporting!r}: an empty path between commas")
        for item in items:
            path = _bundle_file(root, item, "--supporting")
            if path == primary or path in others:
                raise UsageError(f"--supporting {item}: {path} is already in the bundle")
            others.append(path)
    previous = None
    if previous_findings:
        previous = _bundle_file(root, previous_findings, "--previous-findings")
    out = _output_dir(root, output_dir)
    template = root / TEMPLATE_PATH
    if not template.is_file():
        raise UsageError(
            f"the repository has no audit template at {TEMPLATE_PATH}; write the shipped one "
            f"there and commit it: ars-docs audit template > {TEMPLATE_PATH}"
        )
    if TEMPLATE_PATH in (primary, *others):
        raise UsageError(f"{TEMPLATE_PATH} is the audit template; do not list it as a bundle file")
    return RunRequest(
        stage=stage,
        agent=agent,
        deliverable=primary,
        supporting=tuple(others),
        round=round_,
        target_rounds=target_rounds,
        previous_findings=previous,
        output_dir=out,
        bundle_id=bundle_id,
        root=root,
        codex=settings.codex,
        model=settings.model,
        reasoning_effort=settings.reasoning_effort,
        timeout=settings.timeout,
    )


def _check_bundle_id(bundle_id: str) -> None:
    """One line of text: no control character and no line or paragraph separator.

    ``str.splitlines`` (and YAML) break lines at U+0085, U+2028 and U+2029 as
    well as at ASCII controls; such a tag would be refused only later, when the
    gate appends the entry to the passport.
    """
    if not bundle_id.strip():
        raise UsageError("--bundle-id must be a non-empty one-line string")
    for index, char in enumerate(bundle_id):
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            shown = bundle_id.encode("unicode_escape").decode("ascii")
            name = unicodedata.name(char, "a control character")
            raise UsageError(
                f"--bundle-id {shown!r}: character {index + 1} is U+{ord(char):04X} ({name}); a "
                "bundle id is one line of text without control characters or line separators"
            )


def find_auditor(codex: Sequence[str]) -> str:
    """Where the auditor command's program is, without running it (``--dry-run``)."""
    found = shutil.which(codex[0])
    if found is None:
        raise UsageError(
            f"missing dependency: {codex[0]} (install the codex CLI, or name the auditor with "
            "--codex CMD or $ARS_CODEX)"
        )
    return found


def auditor_version(codex: Sequence[str]) -> str:
    """The first ``X.Y.Z`` that ``AUDITOR --version`` prints (§4.4 ``_codex_version``)."""
    find_auditor(codex)
    try:
        proc = subprocess.run(
            [*codex, "--version"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=_VERSION_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise UsageError(f"cannot run `{codex[0]} --version`: {exc}") from None
    found = _SEMVER.search(proc.stdout.decode("utf-8", "replace"))
    if proc.returncode != 0 or found is None:
        raise UsageError(
            f"`{codex[0]} --version` printed no version X.Y.Z (exit {proc.returncode}); "
            "check the auditor installation"
        )
    return found.group(0)


def _require_commit(root: Path) -> None:
    proc = run_git(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    if proc.returncode != 0:
        raise UsageError(f"{root}: the repository has no commit yet; the sidecar records HEAD")


def _bundle_file(root: Path, given: str, flag: str) -> str:
    if not given:
        raise UsageError(f"{flag}: empty path")
    try:
        relative = repo_path(root, given)
    except ArsError as exc:
        raise UsageError(f"{flag} {exc.message}") from None
    if (
        any(part == ".." for part in relative.split("/"))
        or any(c in relative for c in ":\\")
        or any(ord(c) < 32 for c in relative)
    ):
        # The manifest line and the schemas' repository paths could not hold it.
        raise UsageError(
            f"{flag} {given!r}: a bundle path cannot contain '..', ':', '\\' or control "
            "characters; rename the file"
        )
    path = Path(given)
    if not path.is_file():
        what = "is not a regular file" if path.exists() else "does not exist"
        raise UsageError(f"{flag} {given}: {what}")
    if not inside(path, root):
        # A link out of the repository: the gate could not recheck that file.
        raise UsageError(
            f"{flag} {given}: a symbolic link to {resolve(path)}, outside the repository"
        )
    if not os.access(path, os.R_OK):
        raise UsageError(f"{flag} {given}: not readable")
    try:
        with open(path, "rb") as handle:
            handle.read(1)
    except OSError as exc:
        raise UsageError(f"{flag} {given}: cannot read: {exc.strerror or exc}") from None
    return relative


def _output_dir(root: Path, given: str) -> str:
    if not given:
        raise UsageError("--output-dir: empty path")
    try:
        relative = repo_path(root, given)
    except ArsError as exc:
        raise UsageError(
            f"--output-dir {exc.message} (artifact paths are repository-relative)"
        ) from None
    path = Path(given)
    if path.exists() and not path.is_dir():
        raise UsageError(f"--output-dir {given}: exists and is not a folder")
    for folder in (path, path / "consumed"):
        if os.path.lexists(folder) and not inside(folder, root):
            # A link out of the repository: the run's files would be written there.
            raise UsageError(
                f"--output-dir {given}: {folder} resolves to {resolve(folder)}, outside the "
                "repository; audit artifacts stay inside it — make it a real folder"
            )
    return relative
