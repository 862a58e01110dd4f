"""Every git call of ars-docs, made without running the repository's own programs.

ars-docs reads repositories it does not trust (an audited deliverable's
repository may come from anyone). git's configuration can name programs that
ordinary read commands run: ``core.fsmonitor`` (run by ``diff`` and anything
that refreshes the index), hooks, a pager, an external diff driver
(``diff.external``, ``diff.<driver>.command``), textconv drivers,
``log.showSignature`` (runs ``gpg.program``), and clean filters
(``filter.<driver>.clean`` / ``.process``, run when a work-tree file is
hashed). ``run_git`` switches all of them off on the command line, which
overrides every configuration file:

- ``-c core.fsmonitor= -c core.hooksPath=/dev/null -c diff.external=
  -c log.showSignature=false -c core.pager=cat`` and ``--no-pager``;
- ``GIT_PAGER=cat``, ``GIT_TERMINAL_PROMPT=0``, ``GIT_OPTIONAL_LOCKS=0`` (a
  read never rewrites the index) and no ``GIT_EXTERNAL_DIFF``;
- ``diff`` / ``log`` / ``show`` get ``--no-ext-diff --no-textconv``;
- with ``no_filters=True`` (commands that hash work-tree files), every
  ``filter.<driver>`` the configuration defines is emptied and made optional
  first. A repository that relies on a clean filter (git-lfs) then looks
  modified to such a command; for ``runner.git_dirty`` that is the safer
  answer.

git missing from ``PATH`` raises ``FileNotFoundError`` as ``subprocess.run`` does.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["SAFE_CONFIG", "git_argv", "git_env", "run_git"]

SAFE_CONFIG = (
    "core.fsmonitor=",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "diff.external=",
    "log.showSignature=false",
)
"""The ``-c`` settings every call carries."""

_DIFF_LIKE = frozenset({"diff", "log", "show"})
_DROPPED_ENV = ("GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER")


def git_argv(
    root: str | os.PathLike[str], args: Sequence[str], *, extra: Sequence[str] = ()
) -> list[str]:
    """``git --no-pager -c … -C ROOT <args>`` with the diff options when the command needs them."""
    argv = ["git", "--no-pager"]
    for setting in (*SAFE_CONFIG, *extra):
        argv += ["-c", setting]
    argv += ["-C", os.fspath(root)]
    if args and args[0] in _DIFF_LIKE:
        argv += [args[0], "--no-ext-diff", "--no-textconv", *args[1:]]
    else:
        argv += list(args)
    return argv


def git_env(base: Mapping[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in (os.environ if base is None else base).items() if k not in _DROPPED_ENV}
    env.update(GIT_PAGER="cat", PAGER="cat", GIT_TERMINAL_PROMPT="0", GIT_OPTIONAL_LOCKS="0")
    return env


def run_git(
    root: str | os.PathLike[str] | Path,
    *args: str,
    input: bytes | None = None,
    no_filters: bool = False,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Run one git command in ``root`` with the repository's programs switched off (bytes out)."""
    extra: list[str] = []
    if no_filters:
        extra = _filter_overrides(root)
    return subprocess.run(
        git_argv(root, args, extra=extra),
        input=input,
        capture_output=True,
        check=False,
        stdin=None if input is not None else subprocess.DEVNULL,
        env=git_env(),
        timeout=timeout,
    )


def _filter_overrides(root: str | os.PathLike[str]) -> list[str]:
    """``filter.<driver>.{clean,smudge,process}=`` and ``required=false`` for every driver."""
    listed = subprocess.run(
        git_argv(root, ["config", "--null", "--name-only", "--get-regexp", r"^filter\."]),
        capture_output=True,
        stdin=subprocess.DEVNULL,
        check=False,
        env=git_env(),
    )
    drivers = set()
    for name in listed.stdout.split(b"\0"):
        text = name.decode("utf-8", "surrogateescape")
        if text.count(".") >= 2:
            drivers.add(text[len("filter.") : text.rindex(".")])
    out = []
    for driver in sorted(drivers):
        for key in ("clean", "smudge", "process"):
            out.append(f"filter.{driver}.{key}=")
        out.append(f"filter.{driver}.required=false")
    return out
