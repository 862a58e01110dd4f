"""User strings in generated reports stay on their line (issue 16): a file name,
session_id, phase or agent name with a line break cannot inject a heading into
the drift log, the Scope Report or the checklist, and ``lint drift-log`` finds
a heading that slipped in anyway."""

from __future__ import annotations

from pathlib import Path

from ars_docs.document.md_escape import code, one_line, text
from ars_docs.document.parse.mdscan import scan
from ars_docs.reports.drift.lint import lint_drift_log
from tests.support.hostile import ars, make_session

INJECTED = "x\n## Injected heading\n</details>"


def headings(markdown: str) -> list[str]:
    return [h.text for h in scan(markdown).headings]


def test_escape_functions_keep_strings_on_one_line() -> None:
    assert one_line("a\nb\r\tc\x1b\u2028") == "a\\nb\\r\\tc\\x1b\\u2028"
    assert code("a`b\nc") == "``a`b\\nc``"
    assert text("</details> *x* [l](u) snake_case _lead") == (
        "&lt;/details&gt; \\*x\\* \\[l\\](u) snake_case \\_lead"
    )
    for value in (INJECTED, "\x85# h", "a\u2029# h"):
        assert "\n" not in text(value) and "\n" not in code(value)
        assert headings(f"- {text(value)}\n- {code(value)}\n") == []


def test_drift_log_escapes_file_session_phase_and_agent_names(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    passport = session / "passport.yaml"
    passport.write_text(
        passport.read_text("utf-8").replace(
            "session_id: hostile",
            'session_id: "s1\\n## Fake heading"\npipeline_mode: "full\\n# Mode heading"',
        ),
        encoding="utf-8",
    )
    (session / "notes\n# File heading.md").write_text("x", encoding="utf-8")
    run = ars(
        session, "session", "log-event", "--passport", "passport.yaml",
        "--phase", "ad-hoc", "--action", "wrote notes",
        "--agent", "agent\n# Agent heading", "--artifact", "notes\n# File heading.md",
        "--rationale", "because\n# Rationale heading",
    )  # fmt: skip
    assert run.code == 0, run.err
    run = ars(session, "drift-log", "--passport", "passport.yaml")
    assert run.code == 0, run.err
    log = (session / "passport_drift_log.md").read_text("utf-8")
    assert headings(log) == [
        "Session s1\\\\n## Fake heading drift log",
        "Top three actionable items",
        "Phase trajectory",
        "Session deliverables",
        "Phase status diff (from session start to session end)",
        "Recommended next-session work (dependency-ordered)",
    ]
    assert "`notes\\n# File heading.md`" in log
    assert "agent\\\\n# Agent heading" in log
    run = ars(session, "lint", "drift-log", "passport_drift_log.md")
    assert run.code == 0, run.out.decode() + run.err


def test_lint_drift_log_catches_an_injected_heading(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    assert ars(session, "drift-log", "--passport", "passport.yaml").code == 0
    log = (session / "passport_drift_log.md").read_text("utf-8")
    forged = log.replace(
        "**Ad-hoc artifacts produced (NOT phase-standard):**\n\n",
        "**Ad-hoc artifacts produced (NOT phase-standard):**\n\n- `notes\n## Injected\n",
    ).replace("### Session deliverables", "### Session deliverables\n\n> ### Quoted one")
    findings = [d for d in lint_drift_log(forged, "log.md") if d.code == "ARS424"]
    assert [(d.line, d.message.split(" is ")[0]) for d in findings] == [
        (forged.splitlines().index("> ### Quoted one") + 1, "heading 'Quoted one'"),
        (forged.splitlines().index("## Injected") + 1, "heading 'Injected'"),
    ]
    assert not [d for d in lint_drift_log(log, "log.md") if d.code == "ARS424"]
    setext = log.replace("### Phase trajectory", "Injected\n===\n\n### Phase trajectory")
    assert [d.line for d in lint_drift_log(setext, "log.md") if d.code == "ARS424"] == [
        setext.splitlines().index("Injected") + 1
    ]
    second = log + "\n## Session other drift log\n"
    assert [d.code for d in lint_drift_log(second, "log.md")].count("ARS424") == 1


def test_scope_report_and_checklist_keep_names_on_one_line(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    odd = "draft\n# Checklist heading.md"
    (session / odd).write_text((session / "draft.md").read_text("utf-8"), encoding="utf-8")
    run = ars(session, "finalize", odd, "--passport", "passport.yaml")
    assert run.code == 0, run.err
    checklist = (session / "draft\n# Checklist heading_prefinalization_checklist.md").read_text(
        "utf-8"
    )
    # As text in the heading, the visible "\n" escape has its backslash escaped too.
    assert headings(checklist)[0] == "Pre-finalization checklist — draft\\\\n# Checklist heading.md"
    assert "Checklist heading" not in [h.strip("# ") for h in headings(checklist)]
    (session / "verdict.yaml").write_text(
        'round: 1\nfindings:\n  - id: "F1\\n# Finding heading"\n    severity: P1\n'
        "    refcode: ok2020\n    description: d\n",
        encoding="utf-8",
    )
    run = ars(session, "scope-report", "--passport", "passport.yaml", "--verdict", "verdict.yaml")
    assert run.code == 0, run.err
    report = run.out.decode("utf-8")
    assert "Finding heading" not in [h for h in headings(report)]
    assert "F1\\n# Finding heading" in report
