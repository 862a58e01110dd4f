"""The gate policy: what a final document requires, defined once (issue 33).

``render --strict`` and every other door refuse a draft unless all of this
holds (docs/gate.md lists the reasons):

* every citation resolves to ``ok`` by the §3.3 matrix, computed from the
  passport and read log — never read from the draft;
* nothing a reader sees shows marker or warning text, and no citation-shaped
  text lacks its marker;
* every quotation attributed to a source matches the acquired original, or a
  person recorded a reviewed exception (``accept-quote``) — a quotation that
  cannot be checked is refused too;
* **existence**: every cited work has a current ``ars-docs lookup`` record
  (``passes.existence``) — unless the session opts out, explicitly, with

  .. code-block:: toml

      [gate]
      require_lookup = false       # default true
      lookup_max_age_days = 30     # default 30

  in the ``ars-docs.toml`` beside the passport, or the caller passes
  ``--no-require-lookup`` / ``require_lookup=False``. An opt-out is never
  silent: the verdict line, the handoff payload and the report say that
  existence was not checked.

Only the file beside the passport is read (the session's own settings): an
``ars-docs.toml`` in the working directory cannot weaken a session's gate.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ars_docs.core.settings import CONFIG_NAME, read_settings

if TYPE_CHECKING:
    from ars_docs.document.pipeline import Options

__all__ = ["DEFAULT_LOOKUP_MAX_AGE_DAYS", "GatePolicy", "load_policy", "policy_file"]

DEFAULT_LOOKUP_MAX_AGE_DAYS = 30
#: The longest age ``lookup_max_age_days`` may set (ten years).
MAX_LOOKUP_AGE_DAYS = 3650
_KEYS = {"require_lookup": bool, "lookup_max_age_days": int}


@dataclass(frozen=True)
class GatePolicy:
    """What the strict gate requires of a draft (see the module docstring)."""

    require_lookup: bool = True
    lookup_max_age_days: int = DEFAULT_LOOKUP_MAX_AGE_DAYS
    allow_no_citations: bool = False
    trust_draft_statuses: bool = False
    #: Where ``require_lookup`` was decided: ``default``, ``--no-require-lookup``,
    #: ``require_lookup=False`` or the settings file's path.
    lookup_source: str = "default"

    @property
    def existence_note(self) -> str | None:
        """What an opted-out session's verdict says, or ``None`` when existence is checked."""
        if self.require_lookup:
            return None
        where = self.lookup_source
        if where.endswith(CONFIG_NAME):
            where = f"require_lookup = false in {where}"
        return f"existence of the cited works not checked ({where})"

    def options(self, **extra: object) -> Options:
        """The draft pipeline's options under this policy (``extra``: the other knobs)."""
        from ars_docs.document.pipeline import Options

        return Options(
            require_lookup=self.require_lookup,
            lookup_max_age_days=self.lookup_max_age_days,
            allow_no_citations=self.allow_no_citations,
            trust_draft_statuses=self.trust_draft_statuses,
            **extra,  # type: ignore[arg-type]
        )


def policy_file(passport: str | os.PathLike[str] | None) -> Path | None:
    """The session's settings file: ``ars-docs.toml`` beside the passport, if it is there."""
    if passport is None:
        return None
    candidate = Path(passport).parent / CONFIG_NAME
    return candidate if os.path.lexists(candidate) else None


def load_policy(
    passport: str | os.PathLike[str] | None,
    *,
    require_lookup: bool | None = None,
    allow_no_citations: bool = False,
    trust_draft_statuses: bool = False,
    lookup_source: str = "--no-require-lookup",
) -> GatePolicy:
    """The policy of the session of ``passport``, with the caller's options over it.

    ``require_lookup=None`` keeps the session's setting (default: required);
    ``False`` opts out (``lookup_source`` says who did, for the verdict line).
    """
    policy = GatePolicy(
        allow_no_citations=allow_no_citations, trust_draft_statuses=trust_draft_statuses
    )
    found = policy_file(passport)
    if found is not None:
        policy = _from_file(policy, found)
    if require_lookup is not None and require_lookup != policy.require_lookup:
        source = lookup_source if not require_lookup else "--require-lookup"
        policy = replace(policy, require_lookup=require_lookup, lookup_source=source)
    return policy


def _from_file(policy: GatePolicy, path: Path) -> GatePolicy:
    settings = read_settings(path)
    table = settings.document.get("gate")
    if table is None:
        return policy
    if not isinstance(table, dict):
        raise settings.error((), "gate", "`gate` must be a table: write [gate]")
    values: dict[str, object] = {}
    for key, value in table.items():
        kind = _KEYS.get(key)
        if kind is None:
            known = ", ".join(_KEYS)
            raise settings.error(
                ("gate",), key, f"unknown key {key!r} in [gate]; the keys are {known}"
            )
        # bool is an int in Python: a count of days must not be `true`.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise settings.error(
                ("gate",),
                key,
                f"{key} must be {'true or false' if kind is bool else 'a whole number'}",
            )
        values[key] = value
    age = values.get("lookup_max_age_days", policy.lookup_max_age_days)
    assert isinstance(age, int)
    if not 1 <= age <= MAX_LOOKUP_AGE_DAYS:
        raise settings.error(
            ("gate",),
            "lookup_max_age_days",
            f"lookup_max_age_days must be between 1 and {MAX_LOOKUP_AGE_DAYS} days (is {age})",
        )
    required = values.get("require_lookup", policy.require_lookup)
    assert isinstance(required, bool)
    return replace(
        policy,
        require_lookup=required,
        lookup_max_age_days=age,
        lookup_source=str(path) if not required else policy.lookup_source,
    )
