"""Old module names import for one release with a warning (issue 34; ``core.moved``)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from ars_docs.core.moved import GONE_PACKAGES, MOVED
from tests.support.layout import REPO

PROBE = textwrap.dedent(
    """
    import importlib, json, sys, warnings
    from ars_docs.core.moved import MOVED
    out = {}
    for old, new in sorted(MOVED.items()):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            module = importlib.import_module(old)
        out[old] = {
            "same": module is importlib.import_module(new),
            "warned": [str(w.message) for w in caught if w.category is DeprecationWarning],
        }
    from ars_docs.lint.audit_artifacts import lint_audit_artifacts  # a documented one
    out["documented"] = lint_audit_artifacts.__module__
    print(json.dumps(out))
    """
)


def test_every_old_name_is_the_new_module_and_says_where_it_went() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found.pop("documented") == "ars_docs.audit.rows.lint"
    assert set(found) == set(MOVED)
    for old, seen in found.items():
        assert seen["same"], old
        assert any(f"{old} moved to {MOVED[old]}" in w for w in seen["warned"]), old


def test_no_old_name_shadows_a_module_that_exists_now() -> None:
    from pathlib import Path

    root = REPO
    for old in [*MOVED, *GONE_PACKAGES]:
        path = root / Path(*old.split("."))
        assert not path.with_suffix(".py").exists() and not (path / "__init__.py").exists(), old
    assert set(MOVED.values()).isdisjoint(MOVED)
