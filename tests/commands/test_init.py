"""``ars-docs init [DIR]``: a new session in one command, never replacing a file (issue 40)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.support.hostile import ars
from tests.support.layout import REPO
from tests.support.sessions import CliResult

BIB = """@article{biggs_1996,
  author  = {Biggs, John},
  title   = {Enhancing teaching through constructive alignment},
  journal = {Higher Education},
  year    = {1996},
  doi     = {10.1007/BF00138871},
}
"""


def load(text: str) -> object:
    return YAML(typ="safe", pure=True).load(text)


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder`` with its bytes (``None`` for a folder)."""
    return {
        str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
        for p in sorted(folder.rglob("*"))
    }


def test_init_writes_a_session_that_the_next_commands_accept(
    tmp_path: Path, cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("init")
    assert result.code == 0, result.err
    assert sorted(tree(tmp_path)) == ["ars-docs.toml", "passport.yaml", "sources"]
    nexts = [line for line in result.out.splitlines() if line.startswith("next: ")]
    assert [line.split(" (")[0] for line in nexts] == [
        "next: ars-docs corpus import refs.bib --passport passport.yaml",
        "next: ars-docs lookup --passport passport.yaml",
        "next: ars-docs finalize chapter.md --passport passport.yaml",
    ]
    passport = load((tmp_path / "passport.yaml").read_text("utf-8"))
    assert passport == {"session_id": tmp_path.name, "literature_corpus": []}
    assert cli("lint", "corpus", "passport.yaml").code == 0
    # The first of the printed steps works on what init wrote.
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    imported = cli("corpus", "import", "refs.bib", "--passport", "passport.yaml")
    assert imported.code == 0, imported.err
    assert cli("lint", "corpus", "passport.yaml").code == 0
    assert "citation_key: biggs_1996" in (tmp_path / "passport.yaml").read_text("utf-8")


def test_the_settings_file_is_what_lookup_and_the_gate_read(tmp_path: Path, cli) -> None:
    from ars_docs.commands.policy import DEFAULT_LOOKUP_MAX_AGE_DAYS, load_policy
    from ars_docs.retrieval.config import load_config

    assert cli("init", tmp_path / "s", "--contact-email", "me@uni.example").code == 0
    passport = tmp_path / "s" / "passport.yaml"
    config = load_config(None, passport, environ={})
    assert config.contact_email == "me@uni.example"
    assert config.source == str(tmp_path / "s" / "ars-docs.toml")
    policy = load_policy(str(passport))
    assert policy.require_lookup and policy.lookup_max_age_days == DEFAULT_LOOKUP_MAX_AGE_DAYS
    # Without an address the key is there to fill in, commented, so lookup says what is missing.
    assert cli("init", tmp_path / "t").code == 0
    text = (tmp_path / "t" / "ars-docs.toml").read_text("utf-8")
    assert '# contact_email = "you@example.org"' in text
    assert load_config(None, tmp_path / "t" / "passport.yaml", environ={}).contact_email is None


def test_a_new_folder_is_created_and_the_json_frame_lists_what_was_written(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    target = tmp_path / "a" / "b"
    result = cli("init", target, "--pre-commit", "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["summary"]["command"] == "init" and data["summary"]["written"] == 4
    assert data["written"] == [
        str(target / "passport.yaml"),
        str(target / "ars-docs.toml"),
        str(target / ".pre-commit-config.yaml"),
        f"{target / 'sources'}/",
    ]
    assert len(data["next"]) == 3


def test_the_pre_commit_config_runs_this_repositorys_hooks(tmp_path: Path, cli) -> None:
    from ars_docs.commands.setup.init import HOOKS

    shipped = load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))
    assert [(h["id"], h["entry"]) for h in shipped] == list(HOOKS)
    assert cli("init", tmp_path, "--pre-commit").code == 0
    config = load((tmp_path / ".pre-commit-config.yaml").read_text("utf-8"))
    hooks = config["repos"][0]["hooks"]
    assert config["repos"][0]["repo"] == "local"
    for hook, shipped_hook in zip(hooks, shipped, strict=True):
        assert hook["id"] == shipped_hook["id"] and hook["entry"] == shipped_hook["entry"]
        # Every commit, every draft of the session (a commit of the read log alone can
        # make a chapter stale): as the shipped hooks run.
        assert hook["always_run"] is shipped_hook["always_run"] is True
        assert hook["pass_filenames"] is shipped_hook["pass_filenames"] is False
        assert hook["args"] == ["--passport", "passport.yaml"]


@pytest.mark.parametrize(
    "existing",
    ["passport.yaml", "ars-docs.toml", ".pre-commit-config.yaml", "passport_human_read_log.yaml"],
)
def test_any_file_in_the_way_refuses_the_whole_run(
    tmp_path: Path, cli: Callable[..., CliResult], existing: str
) -> None:
    (tmp_path / existing).write_bytes(b"mine\r\n")
    before = tree(tmp_path)
    result = cli("init", tmp_path, "--pre-commit")
    assert result.code == 73
    assert result.err.startswith(f"ars-docs: error: {tmp_path / existing}: already exists (")
    assert result.err.endswith("; nothing was written\n") and result.err.count("\n") == 1
    assert tree(tmp_path) == before


def test_a_broken_link_in_the_way_is_not_followed(tmp_path: Path, cli) -> None:
    (tmp_path / "ars-docs.toml").symlink_to(tmp_path / "elsewhere.toml")
    result = cli("init", tmp_path)
    assert result.code == 73 and "ars-docs.toml: already exists" in result.err
    assert not (tmp_path / "elsewhere.toml").exists() and not (tmp_path / "passport.yaml").exists()


def test_sources_as_a_file_refuses_and_an_existing_sources_folder_is_kept(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    (tmp_path / "sources").write_bytes(b"not a folder")
    result = cli("init", tmp_path)
    assert result.code == 73 and "sources: exists and is not a folder" in result.err
    assert sorted(tree(tmp_path)) == ["sources"]
    other = tmp_path / "other"
    (other / "sources").mkdir(parents=True)
    (other / "sources" / "kept.pdf").write_bytes(b"%PDF-1.4")
    result = cli("init", other)
    assert result.code == 0, result.err
    assert f"kept {other / 'sources'}" in result.out
    assert (other / "sources" / "kept.pdf").read_bytes() == b"%PDF-1.4"


def test_dir_that_is_a_file_and_a_bad_address_write_nothing(tmp_path: Path, cli) -> None:
    (tmp_path / "f").write_bytes(b"x")
    result = cli("init", tmp_path / "f")
    assert result.code == 73 and result.err == (
        f"ars-docs: error: {tmp_path / 'f'}: exists and is not a folder; give a folder for "
        "the new session; nothing was written\n"
    )
    result = cli("init", tmp_path / "new", "--contact-email", "not an address")
    assert result.code == 64 and "--contact-email: 'not an address' is not an e-mail" in result.err
    assert not (tmp_path / "new").exists()


def test_a_read_only_folder_leaves_nothing_half_written(tmp_path: Path) -> None:
    import os

    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    tmp_path.chmod(0o555)
    try:
        run = ars(tmp_path, "init")
        assert run.code == 73 and "nothing was written" in run.err
        assert list(tmp_path.iterdir()) == []
    finally:
        tmp_path.chmod(0o755)


def test_init_as_a_real_process_and_finalize_without_a_passport_names_it(tmp_path: Path) -> None:
    run = ars(tmp_path, "init", "--pre-commit")
    assert run.code == 0, run.err
    out = run.out.decode()
    assert out.count("\nnext: ") == 3 and out.startswith("wrote: passport.yaml, ")
    (tmp_path / "chapter.md").write_text("# One\n\nText.\n", encoding="utf-8")
    before = (tmp_path / "chapter.md").read_bytes()
    run = ars(tmp_path, "finalize", "chapter.md")
    assert run.code == 64
    assert run.err == (
        "ars-docs: error: no passport given: pass --passport PASSPORT or set $ARS_PASSPORT "
        "(no passport yet? `ars-docs init` writes one)\n"
    )
    assert (tmp_path / "chapter.md").read_bytes() == before
