"""The CLI contract: commands, flags, exit codes, messages, and no silent loss."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.sessions import Session, entry, passport_text

DRAFT = "# Intro\n\nA (2020) <!--ref:ok2020-->, B <!--ref:low2020-->, C <!--ref:high2020-->.\n"


def files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(root.iterdir()) if p.is_file()}


def test_finalize_in_place_and_report(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 0, result.err
    assert session.draft.read_text(encoding="utf-8") == (
        "# Intro\n\nA (2020) <!--ref:ok2020 ok-->, B <!--ref:low2020 LOW-WARN-->, "
        "C [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020-->.\n"
    )
    assert "3 citations: ok 1, LOW-WARN 1, MED-WARN 0, HIGH-WARN 1" in result.out
    assert "rewrote 3 marker(s)" in result.out
    assert f"{session.draft}:3:10: ok2020 bare -> ok" in result.out
    checklist = session.root / "draft_prefinalization_checklist.md"
    assert "ars-docs mark-read low2020 --passport" in checklist.read_text(encoding="utf-8")


def test_second_pass_writes_nothing(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    assert cli("finalize", session.draft, "--passport", session.passport).code == 0
    before = session.draft.stat().st_mtime_ns, files(session.root)
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 0
    assert "rewrote 0 marker(s); draft unchanged" in result.out
    assert (session.draft.stat().st_mtime_ns, files(session.root)) == before


def test_check_exits_1_and_writes_nothing(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    before = files(session.root)
    result = cli("finalize", session.draft, "--passport", session.passport, "--check")
    assert result.code == 1
    assert "would rewrite 3 marker(s); nothing written" in result.out
    assert files(session.root) == before


def test_check_exits_0_when_up_to_date(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    cli("finalize", session.draft, "--passport", session.passport)
    assert cli("finalize", session.draft, "--passport", session.passport, "--check").code == 0


def test_output_to_stdout_keeps_draft_and_moves_report_to_stderr(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    result = cli("finalize", session.draft, "--passport", session.passport, "-o", "-")
    assert result.code == 0
    assert result.out.startswith("# Intro\n\nA (2020) <!--ref:ok2020 ok-->")
    assert "3 citations" in result.err
    assert session.draft.read_text(encoding="utf-8") == DRAFT


def test_output_file(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    out = session.root / "out.md"
    assert cli("finalize", session.draft, "--passport", session.passport, "-o", out).code == 0
    assert "<!--ref:ok2020 ok-->" in out.read_text(encoding="utf-8")
    assert session.draft.read_text(encoding="utf-8") == DRAFT


def test_custom_checklist_path(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    target = session.root / "todo.md"
    cli("finalize", session.draft, "--passport", session.passport, "--checklist", target)
    assert target.read_text(encoding="utf-8").startswith("# Pre-finalization checklist")
    assert not (session.root / "draft_prefinalization_checklist.md").exists()


def test_json_report(session: Session, cli) -> None:
    session.write("draft.md", DRAFT + "<!--ref:bad key-->\n")
    result = cli("finalize", session.draft, "--passport", session.passport, "--format", "json")
    assert result.code == 0
    report = json.loads(result.out)
    assert set(report) >= {"counts", "citations", "changed", "diagnostics"}
    assert report["counts"] == {
        "ok": 1,
        "LOW-WARN": 1,
        "MED-WARN": 0,
        "HIGH-WARN": 1,
        "SOURCE-NOT-FOUND": 0,
        "METADATA-MISMATCH": 0,
        "RETRACTED": 0,
        "EXPRESSION-OF-CONCERN": 0,
        "NOT-IN-CORPUS": 0,
        "MALFORMED": 1,
    }
    assert report["changed"] == 3
    assert report["citations"][0] == {
        "slug": "ok2020",
        "status": "ok",
        "line": 3,
        "col": 10,
        "section": ["Intro"],
        "previous": "bare",
        "syntax": "marker",
    }
    assert report["citations"][3]["slug"] is None
    assert report["citations"][3]["status"] == "MALFORMED"
    assert any(d["code"] == "ARS001" and d["line"] == 4 for d in report["diagnostics"])


def test_passport_from_environment_and_flag_wins(session: Session, cli, monkeypatch) -> None:
    session.write("draft.md", DRAFT)
    monkeypatch.setenv("ARS_PASSPORT", str(session.passport))
    assert cli("finalize", session.draft, "--check").code == 1
    monkeypatch.setenv("ARS_PASSPORT", str(session.root / "missing.yaml"))
    assert cli("finalize", session.draft, "--passport", session.passport, "--check").code == 1
    result = cli("finalize", session.draft, "--check")
    assert result.code == 66 and "missing.yaml" in result.err


# -- error paths: message, exit code, and nothing lost -------------------------


def test_no_passport_is_usage_error(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    before = files(session.root)
    result = cli("finalize", session.draft)
    assert result.code == 64
    assert "no passport given: pass --passport PASSPORT or set $ARS_PASSPORT" in result.err
    assert files(session.root) == before


def test_missing_draft(session: Session, cli) -> None:
    result = cli("finalize", session.root / "nope.md", "--passport", session.passport)
    assert result.code == 66
    assert "nope.md: draft not found" in result.err
    assert "Traceback" not in result.err


def test_missing_passport(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    result = cli("finalize", session.draft, "--passport", session.root / "gone.yaml")
    assert result.code == 66 and "gone.yaml" in result.err
    assert session.draft.read_text(encoding="utf-8") == DRAFT


def test_malformed_yaml_names_the_line(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    session.passport.write_text("literature_corpus:\n  - citation_key: a\n    title: [unclosed\n")
    before = files(session.root)
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 65
    assert "passport.yaml:" in result.err and "malformed YAML" in result.err
    assert files(session.root) == before


def test_duplicate_keys_name_both_places(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    session.passport.write_text(
        passport_text(
            entry("dup", acquired=True, verified=True, looked_up=False),
            entry("dup", acquired=False, verified=False, looked_up=False),
        )
    )
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 65
    assert (
        "dup" in result.err and "passport.yaml:4" in result.err and "passport.yaml:13" in result.err
    )
    assert session.draft.read_text(encoding="utf-8") == DRAFT


def test_non_utf8_draft(session: Session, cli) -> None:
    session.draft.write_bytes(b"caf\xe9 <!--ref:ok2020-->\n")
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 65 and "not valid UTF-8" in result.err and ":1:" in result.err
    assert session.draft.read_bytes() == b"caf\xe9 <!--ref:ok2020-->\n"


def test_draft_is_a_directory(session: Session, cli) -> None:
    # A folder is a batch of its *.md drafts (issue 27); one without any is missing input.
    result = cli("finalize", session.root, "--passport", session.passport)
    assert result.code == 66 and "no *.md drafts in this folder" in result.err


def test_unwritable_output_leaves_everything(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    blocker = session.write("blocker", "a file, not a folder")
    before = files(session.root)
    result = cli(
        "finalize", session.draft, "--passport", session.passport, "-o", blocker / "out.md"
    )
    assert result.code == 73
    assert "cannot write" in result.err and "out.md" in result.err
    assert files(session.root) == before


def test_failed_in_place_write_keeps_original(session: Session, cli, monkeypatch) -> None:
    session.write("draft.md", DRAFT)

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 73
    assert "No space left on device" in result.err and "left unchanged" in result.err
    assert session.draft.read_text(encoding="utf-8") == DRAFT
    assert not [p for p in session.root.iterdir() if p.name.endswith(".tmp")]


def test_usage_errors_exit_64(cli) -> None:
    assert cli("frobnicate").code == 64
    result = cli("finalize")  # no DRAFT: every draft of the session, so the passport is needed
    assert result.code == 64 and "no passport given" in result.err
    assert cli("render", "x.md", "--to", "pdf").code == 64


def test_bad_source_date_epoch(session: Session, cli, monkeypatch) -> None:
    session.write("draft.md", DRAFT)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 64 and "SOURCE_DATE_EPOCH" in result.err


# -- render ---------------------------------------------------------------------


def test_render_strict_refuses_and_writes_nothing(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    cli("finalize", session.draft, "--passport", session.passport)
    before = files(session.root)
    result = cli("render", session.draft, "--strict", "--passport", session.passport)
    assert result.code == 1
    lines = result.err.splitlines()
    assert (
        f"{session.draft}:3:34: unacknowledged-low-warn low2020 (no active full-text mark-read)"
        in lines
    )
    assert any(
        line.startswith(f"{session.draft}:3:65: unverified-citation high2020") for line in lines
    )
    assert "nothing written" in result.err
    assert files(session.root) == before


def test_render_strict_passes_and_writes(session: Session, cli) -> None:
    session.write("draft.md", "# T\n\nOnly verified (2020) <!--ref:ok2020-->.\n")
    cli("finalize", session.draft, "--passport", session.passport)
    result = cli("render", session.draft, "--strict", "--passport", session.passport)
    assert result.code == 0, result.err
    final = session.root / "draft_final.md"
    assert final.read_text(encoding="utf-8") == "# T\n\nOnly verified (2020).\n"
    html = cli(
        "render",
        session.draft,
        "--strict",
        "--passport",
        session.passport,
        "--to",
        "html",
        "-o",
        "-",
    )
    assert "<body>\n<h1>T</h1>\n<p>Only verified (2020).</p>\n</body>" in html.out
    fragment = cli(
        "render", session.draft, "--strict", "--passport", session.passport,
        "--to", "html", "--fragment", "-o", "-",
    )  # fmt: skip
    assert fragment.out == "<h1>T</h1>\n<p>Only verified (2020).</p>\n"


def test_render_refuses_to_overwrite_the_draft(session: Session, cli) -> None:
    session.write("draft.md", "x <!--ref:ok2020 ok-->\n")
    result = cli("render", session.draft, "-o", session.draft)
    assert result.code == 64 and "is the draft itself" in result.err
    assert session.draft.read_text(encoding="utf-8") == "x <!--ref:ok2020 ok-->\n"


def test_render_preview_never_refuses(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    cli("finalize", session.draft, "--passport", session.passport)
    result = cli("render", session.draft, "-o", "-")
    assert result.code == 0
    assert result.out == ("# Intro\n\nA (2020), B, C [UNVERIFIED CITATION — NO ORIGINAL].\n")


# -- lint corpus -------------------------------------------------------------------


def test_lint_corpus_findings_exit_1(session: Session, cli) -> None:
    session.passport.write_text(
        passport_text(entry("bad", acquired=False, verified=True, method="none"))
    )
    result = cli("lint", "corpus", session.passport)
    assert result.code == 1
    assert f"{session.passport}:10:5: ARS101" in result.out


def test_lint_corpus_clean_exit_0(session: Session, cli) -> None:
    result = cli("lint", "corpus", session.passport)
    assert result.code == 0, result.out
    assert "0 error(s)" in result.out


def test_python_m_entry_point(session: Session) -> None:
    session.write("draft.md", DRAFT)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "ars_docs",
            "finalize",
            str(session.draft),
            "--passport",
            str(session.passport),
            "--check",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    assert "3 citations" in proc.stdout


def test_status_follows_the_corpus_not_the_draft(session: Session, cli) -> None:
    """A source acquired and verified since the last pass loses its warning."""
    session.write("draft.md", "Claim <!--ref:high2020-->.\n")
    cli("finalize", session.draft, "--passport", session.passport)
    assert "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020-->" in session.draft.read_text(
        encoding="utf-8"
    )
    text = session.passport.read_text(encoding="utf-8")
    block = entry("high2020", acquired=False, verified=False)
    session.passport.write_text(
        text.replace(block, entry("high2020", acquired=True, verified=True))
    )
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert f"{session.draft}:1:7: high2020 HIGH-WARN -> LOW-WARN" in result.out
    assert session.draft.read_text(encoding="utf-8") == "Claim <!--ref:high2020 LOW-WARN-->.\n"


def test_unwritable_checklist_leaves_the_draft_untouched(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    blocker = session.write("blocker", "a file, not a folder")
    result = cli(
        "finalize", session.draft, "--passport", session.passport, "--checklist", blocker / "c.md"
    )
    assert result.code == 73 and "c.md" in result.err
    assert session.draft.read_text(encoding="utf-8") == DRAFT


def test_new_files_get_normal_permissions(session: Session, cli) -> None:
    """Atomic writes go through a 0600 temp file; the result must not stay private."""
    session.write("draft.md", DRAFT)
    cli("finalize", session.draft, "--passport", session.passport)
    umask = os.umask(0o022)
    os.umask(umask)
    checklist = session.root / "draft_prefinalization_checklist.md"
    assert checklist.stat().st_mode & 0o777 == 0o666 & ~umask


def test_rewrite_keeps_existing_permissions(session: Session, cli) -> None:
    session.write("draft.md", DRAFT)
    session.draft.chmod(0o640)
    cli("finalize", session.draft, "--passport", session.passport)
    assert session.draft.stat().st_mode & 0o777 == 0o640
