"""The bundle manifest (spec §3.6) and ``ars-docs audit manifest``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ars_docs.audit.model.manifest import ManifestLine, build_manifest
from ars_docs.core.errors import UsageError
from tests.support.audit import git


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_manifest_text_is_sorted_by_role_then_path_with_trailing_lf() -> None:
    manifest = build_manifest(
        [
            ManifestLine("template", "shared/t.md", "c" * 64),
            ManifestLine("supporting", "b/z.md", "b" * 64),
            ManifestLine("supporting", "b/a.md", "a" * 64),
            ManifestLine("primary", "x.md", "d" * 64),
        ]
    )
    assert manifest.text == (
        f"primary:x.md:{'d' * 64}\n"
        f"supporting:b/a.md:{'a' * 64}\n"
        f"supporting:b/z.md:{'b' * 64}\n"
        f"template:shared/t.md:{'c' * 64}\n"
    )
    assert manifest.sha == sha(manifest.text)


def test_sorting_is_by_the_path_not_the_whole_line() -> None:
    # "a" < "a-b" as paths, though "a-b:" < "a:" as lines.
    manifest = build_manifest(
        [ManifestLine("supporting", "a-b", "1" * 64), ManifestLine("supporting", "a", "2" * 64)]
    )
    assert [line.path for line in manifest.lines] == ["a", "a-b"]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([ManifestLine("primary", "a:b.md", "0" * 64)], "cannot contain ':'"),
        ([ManifestLine("primary", "a.md", "0" * 64)] * 2, "listed twice"),
        ([ManifestLine("extra", "a.md", "0" * 64)], "unknown manifest role"),
    ],
)
def test_unreadable_manifests_are_refused(lines: list[ManifestLine], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        build_manifest(lines)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "ch").mkdir(parents=True)
    (root / "ch" / "synthèse.md").write_text("Primary — ü\r\n", encoding="utf-8")
    (root / "ch" / "bib.json").write_text("{}\n", encoding="utf-8")
    (root / "t.md").write_text("template\n", encoding="utf-8")
    git(root, "init", "-q")
    return root


def test_cli_prints_manifest_and_sha(repo: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(repo / "ch")  # the git top level is found from a subfolder
    result = cli(
        "audit",
        "manifest",
        "--primary",
        "synthèse.md",
        "--supporting",
        "bib.json",
        "--template",
        "../t.md",
    )
    assert result.code == 0, result.err
    expected = (
        f"primary:ch/synthèse.md:{sha('Primary — ü' + chr(13) + chr(10))}\n"
        f"supporting:ch/bib.json:{sha('{}' + chr(10))}\n"
        f"template:t.md:{sha('template' + chr(10))}\n"
    )
    assert result.out == expected + f"bundle_manifest_sha: {sha(expected)}\n"


def test_cli_json_format_and_root(repo: Path, cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli(
        "audit",
        "manifest",
        "--root",
        repo,
        "--primary",
        repo / "ch" / "bib.json",
        "--template",
        repo / "t.md",
        "--format",
        "json",
    )
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    assert payload["bundle_manifest_sha"] == sha(payload["manifest"])
    assert [line["path"] for line in payload["lines"]] == ["ch/bib.json", "t.md"]


def test_cli_refuses_a_file_outside_the_root(repo: Path, cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    outside = tmp_path / "outside.md"
    outside.write_text("x", encoding="utf-8")
    result = cli(
        "audit", "manifest", "--root", repo, "--primary", outside, "--template", repo / "t.md"
    )
    assert result.code == 64
    assert "outside the repository root" in result.err
    assert result.out == ""


def test_cli_missing_file_exits_66(repo: Path, cli) -> None:  # type: ignore[no-untyped-def]
    result = cli(
        "audit",
        "manifest",
        "--root",
        repo,
        "--primary",
        repo / "gone.md",
        "--template",
        repo / "t.md",
    )
    assert result.code == 66
    assert "gone.md: file not found" in result.err


def test_cli_outside_git_needs_root(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    (tmp_path / "a.md").write_text("a", encoding="utf-8")
    result = cli("audit", "manifest", "--primary", "a.md", "--template", "a.md")
    assert result.code == 64
    assert "not inside a git repository; pass --root" in result.err
