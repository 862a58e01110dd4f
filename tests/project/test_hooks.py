"""The shipped pre-commit hooks run ars-docs commands that exist, on several files (issue 10 §3)."""

from __future__ import annotations

import shlex

from ruamel.yaml import YAML

from tests.support.layout import REPO
from tests.support.sessions import Session

ROOT = REPO


def hooks() -> dict[str, list[str]]:
    data = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return {hook["id"]: shlex.split(hook["entry"]) for hook in data}


def test_hooks_are_the_two_checks() -> None:
    assert hooks() == {
        "ars-docs-finalize-check": ["ars-docs", "finalize", "--check", "-q"],
        "ars-docs-strict-gate": ["ars-docs", "render", "--strict", "--check"],
    }


def test_hooks_check_several_drafts_and_write_nothing(session: Session, cli) -> None:
    clean = session.write("clean.md", "# A\n\nVerified (2020) <!--ref:ok2020 ok-->.\n")
    dirty = session.write("dirty.md", "# B\n\nUnchecked (2020) <!--ref:high2020-->.\n")
    before = {p.name: p.read_bytes() for p in session.root.iterdir()}
    passport = ["--passport", str(session.passport)]
    for hook, entry in hooks().items():
        ok = cli(*entry[1:], *passport, clean)
        assert ok.code == 0, (hook, ok.err)
        both = cli(*entry[1:], *passport, clean, dirty)
        assert both.code == 1, hook
    assert {p.name: p.read_bytes() for p in session.root.iterdir()} == before
    refused = cli("render", "--strict", "--check", *passport, clean, dirty)
    assert refused.err.splitlines()[-2:] == [
        f"{dirty}: render refused: 1 problem(s); nothing written. Fix each as advised above, "
        "then render again.",
        "render: 2 drafts: 1 ok, 1 refused, 0 failed; exit 1",
    ]
    assert f"{clean}: strict gate passed; nothing written (--check)" in refused.err


def test_several_drafts_refuse_options_of_one_draft(session: Session, cli) -> None:
    a = session.write("a.md", "A <!--ref:ok2020-->.\n")
    b = session.write("b.md", "B <!--ref:ok2020-->.\n")
    result = cli("finalize", a, b, "--passport", session.passport, "-o", session.root / "x.md")
    assert result.code == 64
    assert "-o/--output names one draft's output" in result.err
    assert not (session.root / "x.md").exists()
    assert cli("render", a, "--check").code == 64
