"""Issue 10 §1: the strict gate needs a passport, and a draft with no citation is refused."""

from __future__ import annotations

import pytest

from tests.support.sessions import Session


def test_strict_without_passport_is_a_usage_error(session: Session, cli) -> None:
    session.write("draft.md", "A claim (2020) <!--ref:anything ok-->.\n")
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "-o", out)
    assert result.code == 64
    assert result.err.startswith("ars-docs: error: the strict gate needs the passport")
    assert "--trust-draft-statuses" in result.err
    assert not out.exists()


def test_unset_env_passport_is_not_a_silent_pass(session: Session, cli, monkeypatch) -> None:
    monkeypatch.setenv("ARS_PASSPORT", "")
    session.write("draft.md", "A claim (2020) <!--ref:anything ok-->.\n")
    assert cli("render", session.draft, "--strict", "-o", session.root / "f.md").code == 64


def test_trust_draft_statuses_says_so(session: Session, cli) -> None:
    session.write("draft.md", "A claim (2020) <!--ref:anything ok-->.\n")
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--trust-draft-statuses", "-o", out)
    assert result.code == 0, result.err
    assert "ARS004 1 'ok' marker(s) accepted as the draft claims them, unchecked" in result.err
    assert (
        "strict gate passed on the statuses the draft claims (no passport: nothing was checked)"
        in result.err
    )
    assert out.read_text("utf-8") == "A claim (2020).\n"


@pytest.mark.parametrize(
    ("text", "warning", "detail"),
    [
        ("", "the draft is empty", "no text at all (the draft is empty)"),
        ("\n\n", "the draft is empty", "no text at all (the draft is empty)"),
        (
            "# Title\n\nProse with no citation at all.\n",
            "the draft has no citation marker",
            "no citation markers",
        ),
    ],
    ids=["empty", "blank-lines", "prose"],
)
def test_draft_without_citations(session: Session, cli, text: str, warning: str, detail: str):
    session.write("draft.md", text, dedent=False)
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 0
    assert f"{session.draft}: ARS008 {warning}; render --strict refuses it" in result.err
    out = session.root / "final.md"
    refused = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    assert refused.code == 1
    assert f"{session.draft}:1:1: no-citations - ({detail}; if that is intended" in refused.err
    assert not out.exists()
    allowed = cli(
        "render",
        session.draft,
        "--strict",
        "--passport",
        session.passport,
        "--allow-no-citations",
        "-o",
        out,
    )
    assert allowed.code == 0, allowed.err
    assert "no citations (accepted by --allow-no-citations)" in allowed.err
    assert out.read_bytes() == text.encode("utf-8")


def test_preview_needs_no_passport_and_no_citations(session: Session, cli) -> None:
    session.write("draft.md", "Plain prose.\n")
    out = session.root / "preview.md"
    result = cli("render", session.draft, "-o", out)
    assert result.code == 0, result.err
    assert out.read_text("utf-8") == "Plain prose.\n"
