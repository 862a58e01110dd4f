"""The one command that raises a cited source one level, per status (issue 26).

Defined once for everything that tells a person what to do next about a
source: the session report's sources table and the preview's badges. The
command is exact (key and passport shell-quoted); ``before`` says what must
be true before running it, since ``verify`` and ``mark-read`` record what a
person did, they do not do it.
"""

from __future__ import annotations

import shlex

from ars_docs.session.provenance import Status

__all__ = ["next_step"]

_STEPS: dict[Status, tuple[str | None, str]] = {
    Status.HIGH_WARN: (
        "ars-docs retrieve --passport {p} {k}",
        "acquire the original (or save it yourself and record it with --record-unchecked)",
    ),
    Status.MED_WARN: (
        "ars-docs verify {k} --method manual_grep --passport {p}",
        "check the entry's description against the original first "
        "(method manual_grep, vision_check or codex_audit)",
    ),
    Status.LOW_WARN: (
        "ars-docs mark-read {k} --passport {p}",
        "read the source in full first; only a person can say so",
    ),
    Status.SOURCE_NOT_FOUND: (
        "ars-docs lookup {k} --passport {p}",
        "fix the entry's identifier (or remove the citation), then look it up again",
    ),
    Status.METADATA_MISMATCH: (
        "ars-docs lookup {k} --passport {p}",
        "correct the entry to describe the work you cite, then look it up again",
    ),
    Status.RETRACTED: (
        'ars-docs acknowledge-retraction {k} --passport {p} --reason "…"',
        "remove the citation, or cite it on purpose and say why",
    ),
    Status.EXPRESSION_OF_CONCERN: (
        'ars-docs acknowledge-retraction {k} --passport {p} --reason "…"',
        "remove the citation, or cite it on purpose and say why",
    ),
    Status.NOT_IN_CORPUS: (
        None,
        "add the entry to the passport's literature_corpus[] or correct the key",
    ),
    Status.MALFORMED: (None, "rewrite the marker as <!--ref:SLUG-->"),
    Status.OK: (None, "nothing: every fact of the trust chain holds"),
}


def next_step(key: str, status: str, passport: str | None) -> dict[str, str | None]:
    """``{"command": …, "before": …}`` for ``key`` at ``status`` (command ``None``: none)."""
    try:
        template, before = _STEPS[Status(status)]
    except ValueError:
        return {"command": None, "before": ""}
    if template is None:
        return {"command": None, "before": before}
    where = shlex.quote(passport) if passport else "PASSPORT"
    return {"command": template.format(k=shlex.quote(key), p=where), "before": before}
