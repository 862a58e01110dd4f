"""Which files are the drafts of a session: ``[drafts]`` in ``ars-docs.toml`` (issue 40).

The pre-commit hooks check every draft of the session on every commit (a
commit that changes only the passport, the read log or ``sources/`` can make a
chapter stale, and pre-commit never passes the hook a deleted file, so the
hook cannot tell from the changed names alone). ``finalize`` and ``render``
given no DRAFT take the drafts from here.

The drafts are the files under the passport's folder that match ``include``
(globs relative to that folder, default ``**/*.md``) and match no ``exclude``
glob (default ``**/README.md``, ``**/CHANGELOG.md`` and ``sources/**``: a
session folder's notes and its originals are not chapters; a glob that matches
a folder excludes everything in it). The globs are ``pathlib``'s. Never drafts,
whatever the globs say: what ars-docs writes beside a draft (its checklist,
``_final.md``, ``_preview.md``), anything in a folder whose name starts with
``.`` (``.git``, ``.venv``), symbolic links and anything that is not a
regular file. The list is in sorted path order; an empty list is an error
(exit 66), since a hook that checks nothing would pass a stale chapter.
"""

from __future__ import annotations

import os
from pathlib import Path

from ars_docs.core.errors import InputMissingError
from ars_docs.core.settings import CONFIG_NAME, SettingsFile, read_settings

__all__ = ["DEFAULT_EXCLUDE", "DEFAULT_INCLUDE", "GENERATED_SUFFIXES", "session_drafts"]

DEFAULT_INCLUDE: tuple[str, ...] = ("**/*.md",)
DEFAULT_EXCLUDE: tuple[str, ...] = ("**/README.md", "**/CHANGELOG.md", "sources/**")
#: Names ars-docs writes beside a draft; never a draft (also ``commands.batch``'s rule).
GENERATED_SUFFIXES = ("_prefinalization_checklist.md", "_final.md", "_preview.md")
_KEYS = ("include", "exclude")


def session_drafts(passport: str | os.PathLike[str]) -> list[str]:
    """The drafts of the session of ``passport``, as paths under its folder."""
    root = Path(passport).parent
    config = root / CONFIG_NAME
    include, exclude = DEFAULT_INCLUDE, DEFAULT_EXCLUDE
    if os.path.lexists(config):
        include, exclude = _globs(read_settings(config), include, exclude)
    excluded = {path for pattern in exclude for path in root.glob(pattern)}
    found = sorted(
        {
            path
            for pattern in include
            for path in root.glob(pattern)
            if not (excluded.intersection(path.parents) or path in excluded)
            and _may_be_draft(root, path)
        }
    )
    if not found:
        where = f"[drafts] of {config}" if os.path.lexists(config) else "the default globs"
        raise InputMissingError(
            f"{root / '*'}: no drafts of the session (include {list(include)}, exclude "
            f"{list(exclude)}, from {where}); write the drafts' globs under [drafts] in "
            f"{config}"
        )
    return [str(path) for path in found]


def _may_be_draft(root: Path, path: Path) -> bool:
    relative = path.relative_to(root)
    if any(part.startswith(".") for part in relative.parts[:-1]):
        return False
    if path.name.endswith(GENERATED_SUFFIXES):
        return False
    return path.is_file() and not path.is_symlink()


def _globs(
    settings: SettingsFile, include: tuple[str, ...], exclude: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    table = settings.document.get("drafts")
    if table is None:
        return include, exclude
    if not isinstance(table, dict):
        raise settings.error((), "drafts", "`drafts` must be a table: write [drafts]")
    values = {"include": include, "exclude": exclude}
    for key, value in table.items():
        if key not in _KEYS:
            raise settings.error(
                ("drafts",), key, f"unknown key {key!r} in [drafts]; the keys are include, exclude"
            )
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise settings.error(
                ("drafts",), key, f'`{key}` must be a list of glob strings, e.g. ["**/*.md"]'
            )
        for pattern in value:
            if Path(pattern).is_absolute() or ".." in Path(pattern).parts:
                raise settings.error(
                    ("drafts",),
                    key,
                    f"glob {pattern!r} leaves the session folder; write it relative to "
                    "the passport's folder, without '..'",
                )
        values[key] = tuple(value)
    return values["include"], values["exclude"]
