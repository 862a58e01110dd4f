"""The bundle manifest and its SHA-256, ``bundle_manifest_sha`` (spec §3.6).

One line per bundle file, ``<role>:<repo-relative-path>:<sha256-hex>``, roles
``primary`` | ``supporting`` | ``template``, sorted by ``(role, path)`` (paths
compared as UTF-8 bytes, as ``LC_ALL=C`` would), joined with LF, with a
trailing LF; ``bundle_manifest_sha`` is the SHA-256 of that UTF-8 text. Paths
are repository-relative POSIX paths: the repository root is the git top level
of the current directory, or whatever the caller names.

Choices where §3.6 is loose: sorting is by the ``(role, path)`` pair, not by
the whole line (the two differ when one path is a prefix of another); a path
that contains ``:`` or a line break is refused, because the line format could
not be read back; the same (role, path) twice is refused.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ars_docs.core.errors import ArsIOError, UsageError
from ars_docs.files.gitcmd import run_git

__all__ = [
    "ROLES",
    "Manifest",
    "ManifestLine",
    "build_manifest",
    "manifest_for_files",
    "repo_path",
    "repo_root",
    "sha256_file",
]

ROLES = ("primary", "supporting", "template")


@dataclass(frozen=True, slots=True)
class ManifestLine:
    role: str
    path: str
    """Repository-relative POSIX path."""
    sha: str

    def format(self) -> str:
        return f"{self.role}:{self.path}:{self.sha}"


@dataclass(frozen=True, slots=True)
class Manifest:
    lines: tuple[ManifestLine, ...]
    text: str
    """The canonical manifest text (UTF-8, LF, trailing LF)."""
    sha: str
    """``bundle_manifest_sha``: SHA-256 hex of ``text``."""


def build_manifest(lines: Iterable[ManifestLine]) -> Manifest:
    """The canonical manifest of ``lines`` (any order in, sorted out)."""
    ordered = sorted(lines, key=lambda line: (line.role, line.path.encode("utf-8")))
    seen: set[tuple[str, str]] = set()
    for line in ordered:
        if line.role not in ROLES:
            raise UsageError(f"unknown manifest role {line.role!r}; use one of {', '.join(ROLES)}")
        if ":" in line.path or "\n" in line.path or "\r" in line.path:
            raise UsageError(
                f"{line.path!r}: a bundle path cannot contain ':' or a line break "
                "(the manifest line could not be read back); rename the file"
            )
        if (line.role, line.path) in seen:
            raise UsageError(f"{line.path} is listed twice as {line.role}; list it once")
        seen.add((line.role, line.path))
    text = "".join(line.format() + "\n" for line in ordered)
    return Manifest(tuple(ordered), text, hashlib.sha256(text.encode("utf-8")).hexdigest())


def manifest_for_files(
    root: Path,
    primary: Iterable[str],
    supporting: Iterable[str],
    template: Iterable[str],
) -> Manifest:
    """Hash the named files (repo-relative to ``root``) and build their manifest."""
    lines = []
    for role, paths in (("primary", primary), ("supporting", supporting), ("template", template)):
        for path in paths:
            lines.append(ManifestLine(role, path, sha256_file(root / path, root=root)))
    return build_manifest(lines)


def sha256_file(path: Path, *, root: Path | None = None) -> str:
    """SHA-256 hex of a regular file's bytes, read in chunks (``ars_docs.core.paths``).

    A FIFO, device or folder is refused (never opened in a way that blocks). With
    ``root``, a path that resolves outside it (a link out of the repository) is
    refused too (``UsageError``).
    """
    from ars_docs.core.paths import contained, open_regular

    if root is not None:
        contained(root, path, what="bundle file", folder="the repository")
    digest = hashlib.sha256()
    fd = open_regular(path, what="file")
    try:
        with os.fdopen(fd, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
    except OSError as exc:
        raise ArsIOError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return digest.hexdigest()


def repo_root(start: str | os.PathLike[str] | None = None) -> Path:
    """The git top level containing ``start`` (default: the current directory)."""
    where = Path(start) if start is not None else Path.cwd()
    try:
        proc = run_git(where, "rev-parse", "--show-toplevel")
    except OSError:
        proc = None
    top = os.fsdecode(proc.stdout).strip() if proc is not None else ""
    if proc is None or proc.returncode != 0 or not top:
        raise UsageError(
            f"{where} is not inside a git repository; pass --root DIR to name the repository root"
        )
    return Path(top)


def repo_path(root: Path, given: str | os.PathLike[str]) -> str:
    """``given`` (absolute, or relative to the current directory) as a path relative to ``root``.

    Refuses a path outside ``root``. Symbolic links are not resolved, so the
    manifest names the path the user gave.
    """
    absolute = Path(os.path.abspath(given))
    base = Path(os.path.abspath(root))
    try:
        relative = absolute.relative_to(base)
    except ValueError:
        raise UsageError(
            f"{given}: outside the repository root {base}; bundle files must be inside it"
        ) from None
    text = PurePosixPath(*relative.parts).as_posix()
    if text in ("", "."):
        raise UsageError(f"{given}: is the repository root itself; name a file")
    return text
