"""The session's drafts ([drafts] in ars-docs.toml) and the hooks that check them all (issue 40).

A commit that changes only the passport or the read log must still fail when a
draft went stale: the hooks run on every commit with no file names, and
``finalize`` / ``render`` given no DRAFT check every draft of the session.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from ars_docs.commands.setup.drafts import session_drafts
from tests.support.hostile import ars
from tests.support.layout import REPO
from tests.support.sessions import Session, read_log_text


def hook_entries() -> dict[str, list[str]]:
    data = YAML(typ="safe").load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    for hook in data:  # what makes pre-commit run them on a commit of the passport alone
        assert hook["always_run"] is True and hook["pass_filenames"] is False, hook["id"]
    return {hook["id"]: shlex.split(hook["entry"])[1:] for hook in data}


def put(session: Session, name: str, text: str) -> Path:
    (session.root / name).parent.mkdir(parents=True, exist_ok=True)
    return session.write(name, text)


def files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_the_default_drafts_leave_out_notes_originals_outputs_and_hidden_folders(
    session: Session,
) -> None:
    for name in (
        "intro.md", "chapters/2 Méthodes.md", "chapters/deep/a.md",
        "README.md", "chapters/README.md", "CHANGELOG.md", "sources/ok2020.md",
        ".git/x.md", "chapters/.cache/y.md", "intro_prefinalization_checklist.md",
        "intro_final.md", "intro_preview.md", "notes.txt",
    ):  # fmt: skip
        put(session, name, "Claim <!--ref:ok2020 ok-->.\n")
    (session.root / "linked.md").symlink_to(session.root / "intro.md")
    (session.root / "folder.md").mkdir()
    found = [Path(p).relative_to(session.root).as_posix() for p in session_drafts(session.passport)]
    assert found == ["chapters/2 Méthodes.md", "chapters/deep/a.md", "intro.md"]


def test_drafts_globs_come_from_ars_docs_toml(session: Session) -> None:
    put(session, "chapters/one.md", "a\n")
    put(session, "chapters/old/two.md", "b\n")
    session.write("intro.md", "c\n")
    session.write("README.md", "d\n")
    session.write(
        "ars-docs.toml",
        '[drafts]\ninclude = ["chapters/**/*.md", "README.md"]\nexclude = ["chapters/old/**"]\n',
    )
    found = [Path(p).relative_to(session.root).as_posix() for p in session_drafts(session.passport)]
    assert found == ["README.md", "chapters/one.md"]  # exclude replaces the defaults


def test_a_passport_change_alone_fails_the_hooks_through_real_processes(session: Session) -> None:
    """The entries as pre-commit runs them (``pass_filenames: false``: no file names)."""
    put(session, "chapters/one.md", "# One\n\nVerified (2020) <!--ref:ok2020 ok-->.\n")
    session.write("README.md", "# Notes, no citations\n")
    passport = ("--passport", str(session.passport))
    for hook, argv in hook_entries().items():
        done = ars(session.root, *argv, *passport)
        assert done.code == 0, (hook, done.err)
    # The read was withdrawn; only the read log changes, no draft does.
    session.read_log.write_text(read_log_text("ok2020", rescinded={"ok2020"}), encoding="utf-8")
    before = files(session.root)
    finalize, gate = (ars(session.root, *argv, *passport) for argv in hook_entries().values())
    assert finalize.code == 1, finalize.err
    assert "finalize: 1 draft: 0 ok, 1 would change, 0 failed; exit 1" in finalize.out.decode()
    assert gate.code == 1 and "read-withdrawn ok2020" in gate.err, gate.err
    assert files(session.root) == before  # --check writes nothing


def test_no_draft_and_no_passport_is_a_usage_error(session: Session) -> None:
    done = ars(session.root, "finalize", "--check")
    assert done.code == 64
    assert done.err.strip() == (
        "ars-docs: error: no passport given: pass --passport PASSPORT or set $ARS_PASSPORT"
        " (no passport yet? `ars-docs init` writes one)"
    )


def test_a_session_without_drafts_is_an_error_not_a_pass(session: Session) -> None:
    session.write("README.md", "# Notes\n")
    before = files(session.root)
    done = ars(session.root, "render", "--strict", "--check", "--passport", session.passport)
    assert done.code == 66, done.err
    [line] = done.err.splitlines()
    assert line.startswith(f"ars-docs: error: {session.root / '*'}: no drafts of the session")
    assert "write the drafts' globs under [drafts] in" in line
    assert files(session.root) == before


@pytest.mark.parametrize(
    ("toml", "line", "problem"),
    [
        ("drafts = 3\n", 1, "`drafts` must be a table"),
        ('[drafts]\nglobs = ["*.md"]\n', 2, "unknown key 'globs' in [drafts]"),
        ('[drafts]\ninclude = "*.md"\n', 2, "`include` must be a list of glob strings"),
        ('[drafts]\nexclude = ["../*.md"]\n', 2, "glob '../*.md' leaves the session folder"),
        ('[drafts]\ninclude = ["/etc/*.md"]\n', 2, "glob '/etc/*.md' leaves the session folder"),
    ],
)
def test_bad_drafts_tables_name_the_line(
    session: Session, toml: str, line: int, problem: str
) -> None:
    session.write("intro.md", "Claim <!--ref:ok2020 ok-->.\n")
    config = session.write("ars-docs.toml", toml)
    before = files(session.root)
    done = ars(session.root, "finalize", "--passport", session.passport)
    assert done.code == 65, done.err
    [message] = done.err.splitlines()
    assert message.startswith(f"ars-docs: error: {config}:{line}: {problem}"), message
    assert files(session.root) == before


def test_real_pre_commit_fails_a_commit_of_the_read_log_alone(tmp_path: Path) -> None:
    """``pre-commit try-repo`` against this checkout, in a temporary git repository."""
    pre_commit = Path(sys.executable).parent / "pre-commit"
    if not pre_commit.exists():
        pytest.skip("pre-commit is not installed (the test extra installs it)")
    import subprocess

    from tests.support.sessions import entry, passport_text

    repo = tmp_path / "thesis"
    repo.mkdir()
    (repo / "passport.yaml").write_text(
        passport_text(entry("ok2020", acquired=True, verified=True)), encoding="utf-8"
    )
    (repo / "passport_human_read_log.yaml").write_text(read_log_text("ok2020"), encoding="utf-8")
    (repo / "one.md").write_text("# One\n\nVerified (2020) <!--ref:ok2020 ok-->.\n", "utf-8")
    env = {
        **os.environ,
        "ARS_PASSPORT": str(repo / "passport.yaml"),
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
    }  # fmt: skip

    def run(*argv: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(a) for a in argv], cwd=repo, env=env, capture_output=True, text=True,
            timeout=600, check=False,
        )  # fmt: skip

    assert run("git", "init", "-q").returncode == 0
    assert run("git", "add", ".").returncode == 0
    assert run("git", "commit", "-qm", "start", "--no-verify").returncode == 0
    (repo / "passport_human_read_log.yaml").write_text(
        read_log_text("ok2020", rescinded={"ok2020"}), encoding="utf-8"
    )
    assert run("git", "add", "passport_human_read_log.yaml").returncode == 0
    done = run(pre_commit, "try-repo", REPO, "ars-docs-strict-gate", "--verbose")
    if "Could not find a version" in done.stdout or "Failed to establish" in done.stdout:
        pytest.skip("pre-commit could not install ars-docs into its own venv (no index)")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "ars-docs render --strict --check" in done.stdout
    assert "read-withdrawn ok2020" in done.stdout, done.stdout
