"""Reports a person and an agent can use on a thesis-sized draft (issue 10 §2).

A 3,000-paragraph draft over a 2,000-entry legacy passport (every entry has
the legacy ``verified:`` field, ARS112) used to print ten thousand lines with
the counts on the first one. Now: short, summary last, ``-q``/``-v``, JSON
complete with a ``summary`` first, and ``-`` for standard input/output.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from ars_docs.cli.output import LIMIT
from ars_docs.core.codes import REFUSAL_ADVICE
from tests.support.sessions import Session

ENTRIES = 2000
PARAGRAPHS = 3000


def legacy_passport(count: int) -> str:
    lines = ["session_id: big", "literature_corpus:"]
    for i in range(count):
        lines += [
            f"  - citation_key: doi:10.5555/j.{i:05d}",
            f"    title: Study {i}",
            "    authors: [{family: Author}]",
            "    year: 2020",
            "    source_pointer: zotero",
            "    source_acquired: true",
            "    verified: 2024-01-01",
        ]
    return "\n".join(lines) + "\n"


def big_draft() -> str:
    parts = ["# Thesis\n"]
    for i in range(PARAGRAPHS):
        a, b = (i * 7) % 300, (i * 13) % 300  # cites 300 of the 2,000 entries
        typo = f" X <!--ref:doi:10.5555/j.{i:05d}x-->" if i % 100 == 0 else ""
        broken = " Y <!--ref:bad key-->" if i % 150 == 0 else ""
        parts.append(
            f"Finding {i} (A, 2020) <!--ref:doi:10.5555/j.{a:05d}--> and "
            f"(B, 2021) <!--ref:doi:10.5555/j.{b:05d}-->.{typo}{broken}\n"
        )
    return "\n".join(parts)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("big")
    (root / "passport.yaml").write_text(legacy_passport(ENTRIES), encoding="utf-8")
    (root / "draft.md").write_text(big_draft(), encoding="utf-8")
    return root


def lines(text: str) -> list[str]:
    return text.splitlines()


def test_big_draft_default_report_is_short_with_the_summary_last(big: Path, cli) -> None:
    draft, passport = big / "draft.md", big / "passport.yaml"
    result = cli("finalize", draft, "--passport", passport, "--check")
    assert result.code == 1, result.err
    out, err = lines(result.out), lines(result.err)
    assert len(out) <= LIMIT + 5 and len(err) <= LIMIT + 3, (len(out), len(err))
    assert out[-3].startswith(f"{draft}: 6050 citations: ok 0, LOW-WARN 0, MED-WARN 6000")
    # What render --strict will refuse once finalized: nobody looked these works up either.
    assert out[-2] == (
        f"{draft}: render --strict would refuse 12050 problem(s) (6030 unverified-citation, "
        "6000 existence-unchecked, 20 malformed-marker)"
    )
    assert out[-1].startswith("--check: would rewrite 6030 marker(s); nothing written; ")
    assert out[-1].endswith("350 errors, 2000 warnings")
    assert any(line.startswith("  … and ") and line.endswith(" more (--verbose)") for line in out)
    # Passport findings: only the 300 cited entries' ARS112, capped; one line for the rest.
    assert (
        f"{passport}: 1700 more passport finding(s) (0 errors, 1700 warnings) about 1700 "
        "entries this draft does not cite; they do not change this draft's statuses "
        f"(--verbose, or ars-docs lint corpus {passport})" in err
    )
    assert any(line.startswith("… and ") for line in err)


def test_big_draft_quiet_prints_the_summary_only(big: Path, cli) -> None:
    result = cli("finalize", big / "draft.md", "--passport", big / "passport.yaml", "--check", "-q")
    assert result.code == 1
    assert result.err == ""
    assert len(lines(result.out)) == 3
    assert "render --strict would refuse 12050 problem(s)" in lines(result.out)[1]
    assert lines(result.out)[-1].startswith("--check: would rewrite 6030 marker(s)")


def test_big_draft_verbose_prints_everything(big: Path, cli) -> None:
    draft = big / "draft.md"
    result = cli("finalize", draft, "--passport", big / "passport.yaml", "--check", "-v")
    assert result.code == 1
    assert sum(1 for line in lines(result.out) if line.startswith(f"  {draft}:")) == 6030
    assert sum(1 for line in lines(result.err) if " ARS112 " in line) == ENTRIES
    assert "more (--verbose)" not in result.out + result.err
    assert lines(result.out)[-1].startswith("--check: would rewrite")


def test_big_draft_strict_gate_output_is_capped_and_ends_with_the_verdict(big: Path, cli) -> None:
    draft = big / "draft.md"
    result = cli("render", draft, "--strict", "--passport", big / "passport.yaml")
    assert result.code == 1
    err = lines(result.err)
    assert len(err) <= 2 * LIMIT + 3 + len(REFUSAL_ADVICE)  # one advice line per reason
    assert err[-1] == (
        f"{draft}: render refused: 12050 problem(s); nothing written. Fix each as advised "
        "above, then render again."
    )
    assert not (big / "draft_final.md").exists()


def test_big_draft_json_is_complete_with_summary_first(big: Path, cli) -> None:
    result = cli(
        "finalize", big / "draft.md", "--passport", big / "passport.yaml", "--check",
        "--format", "json",
    )  # fmt: skip
    payload = json.loads(result.out)
    assert next(iter(payload)) == "summary"
    summary = payload["summary"]
    assert summary["command"] == "finalize"
    assert summary["citations"] == len(payload["citations"]) == 6050
    assert summary["passport_findings_about_uncited_entries"] == 1700
    assert summary["diagnostics"] == {"error": 350, "warning": 2000, "info": 0}
    assert len(payload["diagnostics"]) == 2350
    assert summary["gate_would_pass"] is False and summary["existence_checked"] is True
    forecast = payload["gate_forecast"]
    assert forecast["problems"] == len(forecast["offenders"]) == 12050
    assert sum(1 for d in payload["diagnostics"] if d["code"] == "ARS012") == 300
    legacy = [d for d in payload["diagnostics"] if d["code"] == "ARS112"]
    assert {d["slug"] for d in legacy} == {f"doi:10.5555/j.{i:05d}" for i in range(ENTRIES)}
    unknown = [d for d in payload["diagnostics"] if d["code"] == "ARS003"]
    assert unknown[0]["slug"] == "doi:10.5555/j.00000x"
    assert unknown[0]["suggestions"][0] == "doi:10.5555/j.00000"


def test_render_json_summary_and_offenders(session: Session, cli) -> None:
    session.write("draft.md", "# T\n\nA <!--ref:high2020--> and <!--ref:ok2020 ok-->.\n")
    result = cli(
        "render", session.draft, "--strict", "--passport", session.passport, "--format", "json"
    )
    assert result.code == 1
    payload = json.loads(result.out)  # JSON on standard output: the document is not there
    assert next(iter(payload)) == "summary"
    assert payload["summary"] == {
        "command": "render",
        "draft": str(session.draft),
        "strict": True,
        "passed": False,
        "written": None,
        "offenders": 1,
        "citations": 2,
        "existence_checked": True,
        "references": None,  # no --references (docs/json.md)
        "diagnostics": {"error": 0, "warning": 0, "info": 0},
    }
    assert payload["offenders"] == [
        {
            "line": 3,
            "col": 3,
            "reason": "unresolved-marker",
            "slug": "high2020",
            "text": None,
            "detail": "run ars-docs finalize",
            "suggestions": [],
            "fix": f"ars-docs finalize {session.draft} --passport {session.passport}",
            "advice": REFUSAL_ADVICE["unresolved-marker"],
        }
    ]
    passed = cli("render", session.draft, "--format", "json")
    assert passed.code == 0
    assert json.loads(passed.out)["summary"]["written"] == str(session.root / "draft_preview.md")


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))


DRAFT = "# T\n\nA (2020) <!--ref:ok2020--> and B <!--ref:low2020-->.\n"


def test_finalize_reads_stdin_and_writes_stdout(
    session: Session, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, DRAFT)
    before = sorted(p.name for p in session.root.iterdir())
    result = cli("finalize", "-", "--passport", session.passport)
    assert result.code == 0, result.err
    assert result.out == "# T\n\nA (2020) <!--ref:ok2020 ok--> and B <!--ref:low2020 LOW-WARN-->.\n"
    assert "checklist: not written (the draft came from standard input" in result.err
    assert lines(result.err)[-1].startswith("rewrote 2 marker(s); wrote standard output")
    assert sorted(p.name for p in session.root.iterdir()) == before  # no file named '-'


def test_finalize_checklist_to_stdout(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    result = cli("finalize", session.draft, "--passport", session.passport, "--checklist", "-")
    assert result.code == 0, result.err
    assert result.out.startswith("# Pre-finalization checklist")
    assert "ars-docs mark-read low2020" in result.out
    assert lines(result.err)[-1].startswith("rewrote 2 marker(s); wrote ")
    assert not (session.root / "-").exists()


def test_finalize_refuses_draft_and_checklist_both_on_stdout(
    session: Session, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, DRAFT)
    result = cli("finalize", "-", "--passport", session.passport, "--checklist", "-")
    assert result.code == 64
    assert "the draft and the checklist cannot both go to standard output" in result.err
    assert result.out == ""


def test_render_reads_stdin(session: Session, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "# T\n\nA (2020) <!--ref:ok2020 ok-->.\n")
    result = cli("render", "-", "--strict", "--passport", session.passport)
    assert result.code == 0, result.err
    assert result.out == "# T\n\nA (2020).\n"
    assert "<stdin>: strict gate passed; wrote standard output" in result.err


def test_passport_from_stdin_is_refused(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    before = session.draft.read_bytes()
    result = cli("finalize", session.draft, "--passport", "-")
    assert result.code == 64
    assert "the passport cannot be read from standard input ('-')" in result.err
    assert session.draft.read_bytes() == before


def test_other_commands_cap_the_passport_findings_too(big: Path, cli) -> None:
    result = cli("scope-report", "--passport", big / "passport.yaml")
    assert result.code == 0, result.err
    err = lines(result.err)
    assert len(err) == LIMIT + 2
    assert err[-2] == f"… and {ENTRIES - LIMIT} more finding(s)"
    assert err[-1].startswith("scope report: 2000 entries")
    lint = cli("lint", "corpus", big / "passport.yaml")
    assert lint.code == 0
    assert lines(lint.out)[-2:] == [
        f"  … and {ENTRIES - LIMIT} more (--verbose)"[2:],
        f"{big / 'passport.yaml'}: {ENTRIES} entries checked, 0 error(s), {ENTRIES} warning(s)",
    ]
    assert len(lines(cli("lint", "corpus", big / "passport.yaml", "-v").out)) == ENTRIES + 1
