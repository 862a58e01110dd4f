"""Every ARS code and every refusal reason is written once, in ``ars_docs.core.codes`` (issue 34).

A module that reports a code imports its constant; a second literal would let
the two drift apart (a renamed code, a reason the gate's advice table does not
know). The check reads string constants with ``ast``, so a code named in a
docstring or a comment ("ARS010 warnings for …") is prose, not a definition,
unless the string is the code alone.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ars_docs.core import codes
from tests.support.layout import REPO

PACKAGE = REPO / "ars_docs"
CODES_MODULE = PACKAGE / "core" / "codes.py"
CODE = re.compile(r"ARS\d{3}")
REASONS = frozenset(codes.REFUSAL_REASONS) | frozenset(codes.QUOTE_REFUSAL_REASONS)

#: Literals allowed outside core/codes.py, each with why: (path under ars_docs/, value).
ALLOWED: dict[tuple[str, str], str] = {
    # none today; add (path, literal): "why" only for a reader that cannot import core.codes
}


def _string_constants(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def _offenders() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == CODES_MODULE:
            continue
        name = path.relative_to(PACKAGE).as_posix()
        for line, value in _string_constants(path):
            if (name, value) in ALLOWED:
                continue
            if CODE.fullmatch(value) or value in REASONS:
                found.append(f"ars_docs/{name}:{line}: {value!r}")
    return found


def test_no_code_or_refusal_reason_is_written_outside_core_codes() -> None:
    offenders = _offenders()
    assert offenders == [], (
        "define these in ars_docs/core/codes.py and import the constant:\n" + "\n".join(offenders)
    )


def test_the_check_sees_a_code_and_a_reason(tmp_path: Path) -> None:
    # The checker itself must catch both kinds, or the test above proves nothing.
    module = tmp_path / "m.py"
    module.write_text(
        '"""Prose naming ARS001 is fine."""\nX = "ARS999"\nY = "not-in-corpus"\n', encoding="utf-8"
    )
    values = [value for _, value in _string_constants(module)]
    assert [v for v in values if CODE.fullmatch(v) or v in REASONS] == ["ARS999", "not-in-corpus"]


def test_every_exception_still_exists() -> None:
    # An allowance whose literal is gone is stale: drop it, so it cannot hide a new one.
    for (name, value), why in ALLOWED.items():
        values = {v for _, v in _string_constants(PACKAGE / name)}
        assert value in values, f"{name}: {value!r} is no longer there ({why}); drop the entry"


def test_codes_are_unique_and_well_formed() -> None:
    defined = {
        name: value
        for name, value in vars(codes).items()
        if name.isupper() and isinstance(value, str) and CODE.fullmatch(value)
    }
    assert len(set(defined.values())) == len(defined), "two constants share one code"
    assert len(REASONS) == len(codes.REFUSAL_REASONS) + len(codes.QUOTE_REFUSAL_REASONS)
