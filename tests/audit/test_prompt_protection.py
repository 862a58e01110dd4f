"""``ars-docs lint pattern-protection``: the shipped example prompts pass, and every
mutation is caught by exactly the invariant it breaks (seed 004 §6.3; trust spec Step 3a)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from ars_docs.audit.prompts.blocks import find_blocks
from ars_docs.audit.prompts.protection import CANONICAL_CLAUSE_1
from tests.support.audit import git
from tests.support.layout import REPO
from tests.support.sessions import CliResult

EXAMPLES = REPO / "examples" / "prompts"
SYNTH = "deep-research/agents/synthesis_agent.md"
ARCH = "deep-research/agents/research_architect_agent.md"
COMPILER = "deep-research/agents/report_compiler_agent.md"
WRITER = "academic-paper/agents/draft_writer_agent.md"
BIBLIO = "academic-pipeline/agents/bibliography_agent.md"
PP = "## PATTERN PROTECTION (v3.6.7)\n"
TL = "## Two-Layer Citation Emission\n"

Cli = Callable[..., CliResult]


@pytest.fixture
def prompts(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLES, root)
    return root


def lint(cli: Cli, manifest: str, root: Path) -> tuple[int, list[str]]:
    result = cli("lint", "pattern-protection", "--manifest", manifest, root, "--format", "json")
    payload = json.loads(result.out) if result.out else {"diagnostics": []}
    return result.code, [d["code"] for d in payload["diagnostics"]]


@pytest.mark.parametrize("manifest", ["v3.6.7", "v3.7.1"])
def test_the_example_prompts_pass(cli: Cli, manifest: str) -> None:
    result = cli("lint", "pattern-protection", "--manifest", manifest, EXAMPLES)
    assert result.code == 0, result.out
    assert result.out.strip().endswith("3 prompt(s), 0 violation(s)")


def after_block_line(heading: str, line: str) -> Callable[[str], str]:
    """Insert ``line`` right after the block heading."""
    return lambda text: text.replace(heading, heading + line, 1)


def replace(old: str, new: str, count: int = 1) -> Callable[[str], str]:
    def apply(text: str) -> str:
        assert old in text, f"mutation target not found: {old!r}"
        return text.replace(old, new, count)

    return apply


CANON = CANONICAL_CLAUSE_1
OUTSIDE = "## Output format\n"

MUTATIONS: list[tuple[str, str, str, Callable[[str], str], list[str]]] = [
    # (id, manifest, file, mutation, expected codes)
    ("inv1-removed", "v3.6.7", SYNTH, replace(f"- {CANON}\n", ""), ["INV-1"]),
    (
        "inv1-duplicated",
        "v3.6.7",
        SYNTH,
        replace(f"- {CANON}\n", f"- {CANON}\n- {CANON}\n"),
        ["INV-1"],
    ),
    (
        "inv1-reworded",
        "v3.6.7",
        SYNTH,
        replace("DO NOT simulate any audit step.", "DO NOT simulate an audit step."),
        ["INV-1"],
    ),
    ("inv1-not-a-bullet", "v3.6.7", SYNTH, replace(f"- {CANON}\n", f"\n{CANON}\n"), ["INV-1"]),
    ("inv1-heading-renamed", "v3.6.7", SYNTH, replace(PP, "## PATTERN PROTECTION\n"), ["INV-1"]),
    (
        "inv1-moved-out-of-block",
        "v3.6.7",
        COMPILER,
        lambda t: replace(f"- {CANON}\n", "")(t) + f"\n## Notes\n\n- {CANON}\n",
        ["INV-1"],
    ),
    (
        "inv1-tail-clause-kept",
        "v3.6.7",
        COMPILER,
        replace(f"- {CANON}\n", f"- {CANON} The orchestrator runs codex audit afterward.\n"),
        ["INV-1", "INV-2"],
    ),
    (
        "inv1-wrapped-is-fine",
        "v3.6.7",
        SYNTH,
        replace(
            f"- {CANON}\n",
            "- DO NOT simulate any audit step.\n  DO NOT claim to have run "
            "codex/external review.\n  Output metadata must not claim audit-passed state.\n",
        ),
        [],
    ),
    (
        "inv2-a-orchestrator",
        "v3.6.7",
        ARCH,
        after_block_line(PP, "\n- The orchestrator runs codex audit afterward.\n"),
        ["INV-2"],
    ),
    (
        "inv2-a-uppercase",
        "v3.6.7",
        ARCH,
        after_block_line(PP, "\n- THE ORCHESTRATOR dispatches an AUDIT of this design.\n"),
        ["INV-2"],
    ),
    (
        "inv2-b-follows",
        "v3.6.7",
        SYNTH,
        after_block_line(
            PP,
            "\n- Cross-model audit follows shared/templates/codex_audit_multifile_template.md "
            "audit dimensions §3.1 and §3.2.\n",
        ),
        ["INV-2"],
    ),
    (
        "inv2-b-covers",
        "v3.6.7",
        ARCH,
        after_block_line(
            PP,
            "\n- Cross-model audit covers these via dimension §3.5 of "
            "codex_audit_multifile_template.md.\n",
        ),
        ["INV-2"],
    ),
    (
        "inv2-c-will-be-run",
        "v3.6.7",
        SYNTH,
        after_block_line(PP, "\n- An audit will be run on this section.\n"),
        ["INV-2"],
    ),
    (
        "inv2-c-dispatched",
        "v3.6.7",
        COMPILER,
        after_block_line(PP, "\n- Once you finish, an audit is dispatched.\n"),
        ["INV-2"],
    ),
    (
        "inv2-c-afterwards",
        "v3.6.7",
        COMPILER,
        after_block_line(PP, "\n- Expect an audit afterwards.\n"),
        ["INV-2"],
    ),
    (
        "inv2-d-downstream",
        "v3.6.7",
        ARCH,
        after_block_line(PP, "\n- The downstream audit covers instrument quality.\n"),
        ["INV-2"],
    ),
    (
        "inv2-d-audited",
        "v3.6.7",
        SYNTH,
        after_block_line(PP, "\n- Be careful: this output will be audited.\n"),
        ["INV-2"],
    ),
    (
        "inv2-outside-block-not-flagged",
        "v3.6.7",
        SYNTH,
        replace(OUTSIDE, OUTSIDE + "\nThe orchestrator runs codex audit afterward.\n"),
        [],
    ),
    (
        "inv3-copied-to-other-agent",
        "v3.6.7",
        BIBLIO,
        lambda t: t + f"\n## Rules\n\n- {CANON}\n",
        ["INV-3"],
    ),
    (
        "inv3-new-agent-file",
        "v3.6.7",
        "deep-research/agents/new_agent.md",
        lambda t: f"# New agent\n\n- {CANON}\n",
        ["INV-3"],
    ),
    (
        "inv3-docs-folder-excluded",
        "v3.6.7",
        "deep-research/agents/docs/notes.md",
        lambda t: f"# Notes\n\n{CANON}\n",
        [],
    ),
    ("inv3-outside-scan-roots", "v3.6.7", "docs/design.md", lambda t: f"# Design\n\n{CANON}\n", []),
    ("tl1-block-removed", "v3.7.1", WRITER, replace(TL, "## Citations\n"), ["TL-1"]),
    ("tl1-block-duplicated", "v3.7.1", WRITER, lambda t: t + "\n" + t[t.index(TL) :], ["TL-1"]),
    (
        "tl1-status-in-example",
        "v3.7.1",
        WRITER,
        replace("<!--ref:xie_2013-->", "<!--ref:xie_2013 ok-->"),
        ["TL-1", "TL-1"],
    ),
    (
        "tl1-marker-without-author-year",
        "v3.7.1",
        COMPILER,
        replace("stays exactly that.", "stays exactly that, as does <!--ref:x_2020-->."),
        ["TL-1"],
    ),
    (
        "tl2-finalizer",
        "v3.7.1",
        SYNTH,
        after_block_line(TL, "\n- The finalizer resolves these later.\n"),
        ["TL-2"],
    ),
    (
        "tl2-agent-name",
        "v3.7.1",
        WRITER,
        after_block_line(TL, "\n- Hand the draft to cite_provenance_finalizer_agent.\n"),
        ["TL-2"],
    ),
    (
        "tl2-orchestrators",
        "v3.7.1",
        COMPILER,
        after_block_line(TL, "\n- Orchestrators check the markers.\n"),
        ["TL-2"],
    ),
    (
        "tl2-stage-gate",
        "v3.7.1",
        SYNTH,
        after_block_line(TL, "\n- The stage gate refuses unresolved markers.\n"),
        ["TL-2"],
    ),
    (
        "tl2-terminal-gate-and-resolver",
        "v3.7.1",
        WRITER,
        after_block_line(TL, "\n- A terminal_gate and a resolver run next.\n"),
        ["TL-2"],
    ),
    (
        "tl2-outside-block-not-flagged",
        "v3.7.1",
        SYNTH,
        replace(OUTSIDE, OUTSIDE + "\nThe finalizer is someone else's concern.\n"),
        [],
    ),
    (
        "tl3-read-front-matter",
        "v3.7.1",
        WRITER,
        after_block_line(TL, "\n- Read the front matter to find the key.\n"),
        ["TL-3"],
    ),
    (
        "tl3-function-call",
        "v3.7.1",
        SYNTH,
        after_block_line(TL, "\n- Call read_frontmatter() for the keys.\n"),
        ["TL-3"],
    ),
    (
        "tl3-negation-too-far",
        "v3.7.1",
        COMPILER,
        after_block_line(
            TL, "\n- Never skip a citation; you should parse the front-matter for keys.\n"
        ),
        ["TL-3"],
    ),
    (
        "tl3-negated-is-fine",
        "v3.7.1",
        SYNTH,
        after_block_line(TL, "\n- Never load front_matter blocks.\n"),
        [],
    ),
]


@pytest.mark.parametrize(
    ("manifest", "name", "mutate", "expected"),
    [pytest.param(m, f, fn, e, id=i) for i, m, f, fn, e in MUTATIONS],
)
def test_each_mutation_is_caught_by_exactly_its_invariant(
    cli: Cli,
    prompts: Path,
    manifest: str,
    name: str,
    mutate: Callable[[str], str],
    expected: list[str],
) -> None:
    path = prompts / name
    path.parent.mkdir(parents=True, exist_ok=True)
    before = path.read_text(encoding="utf-8") if path.exists() else ""
    path.write_text(mutate(before), encoding="utf-8")
    code, found = lint(cli, manifest, prompts)
    assert sorted(found) == sorted(expected)
    assert code == (1 if expected else 0)


def test_there_are_at_least_thirty_mutations() -> None:
    assert len(MUTATIONS) >= 30


def test_text_output_uses_the_spec_messages_with_file_and_line(cli: Cli, prompts: Path) -> None:
    path = prompts / ARCH
    path.write_text(
        after_block_line(PP, "\n- The downstream audit covers instrument quality.\n")(
            path.read_text(encoding="utf-8")
        ),
        encoding="utf-8",
    )
    (prompts / SYNTH).write_text("# Synthesis agent\n\nNo block here.\n", encoding="utf-8")
    result = cli("lint", "pattern-protection", "--manifest", "v3.6.7", prompts)
    assert result.code == 1
    lines = result.out.splitlines()
    assert lines[0] == (
        f"[INV-1] {SYNTH}: PATTERN PROTECTION block missing or duplicating the canonical Clause "
        f'1 line. Expected exactly one bullet matching: "{CANON}"'
    )
    assert lines[1] == (
        f"[INV-2] {ARCH}:7: Clause 2 violation: The downstream audit covers instrument quality. "
        "Sentence must be removed per "
        "docs/design/2026-04-30-ars-v3.6.7-step-6-orchestrator-hooks-spec.md §6.2."
    )
    assert lines[-1].endswith("3 prompt(s), 2 violation(s)")


def test_block_range_ends_at_the_next_h1_to_h3_and_ignores_fenced_headings() -> None:
    text = (
        "# A\n\n## PATTERN PROTECTION (v3.6.7)\n\n- one\n\n```\n## not a heading\n```\n"
        "#### deeper heading stays inside\n- two\n### Next\n- outside\n"
    )
    [block] = find_blocks(("\ufeff" + text).encode("utf-8"), "PATTERN PROTECTION (v3.6.7)")
    assert block.heading_line == 3
    assert block.lines[-1] == "- two"
    assert block.raw == text[text.index("## PATTERN") : text.index("### Next")].encode("utf-8")
    assert [item.text for item in block.items() if item.bullet] == ["one", "two"]


# -- bad input -------------------------------------------------------------------------------


def write_manifest(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "manifest.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "not valid JSON"),
        ([], "a manifest is a JSON object"),
        ({"scope": "v9", "files": ["a.md"]}, "scope is 'v9'"),
        ({"scope": "v3.7.1-only", "files": []}, "'files' must be a non-empty list"),
        ({"scope": "v3.7.1-only", "files": ["../a.md"]}, "not a repository-relative POSIX path"),
        ({"scope": "v3.7.1-only", "files": ["/a.md"]}, "not a repository-relative POSIX path"),
        ({"scope": "v3.7.1-only", "files": ["a.md", "a.md"]}, "lists a path twice"),
        (
            {"scope": "v3.6.7-only", "files": [SYNTH, ARCH, COMPILER, BIBLIO]},
            "frozen to the three downstream agent prompts",
        ),
    ],
)
def test_a_bad_manifest_is_exit_65_with_a_message(
    cli: Cli, tmp_path: Path, data: object, message: str
) -> None:
    result = cli(
        "lint", "pattern-protection", "--manifest", write_manifest(tmp_path, data), EXAMPLES
    )
    assert result.code == 65
    assert message in result.err and result.err.startswith("ars-docs: error: ")
    assert len(result.err.strip().splitlines()) == 1
    assert result.out == ""


def test_missing_inputs_are_exit_66(cli: Cli, tmp_path: Path) -> None:
    result = cli("lint", "pattern-protection", "--manifest", tmp_path / "nope.json", EXAMPLES)
    assert result.code == 66 and "manifest not found" in result.err
    result = cli("lint", "pattern-protection", "--manifest", "v3.7.1", tmp_path / "no-root")
    assert result.code == 66 and "not a folder" in result.err
    empty = tmp_path / "empty"
    empty.mkdir()
    result = cli("lint", "pattern-protection", "--manifest", "v3.7.1", empty)
    assert result.code == 66 and "listed in the manifest but not found" in result.err


def test_a_prompt_that_is_not_utf8_is_exit_65(cli: Cli, prompts: Path) -> None:
    (prompts / WRITER).write_bytes(b"# Writer\n\n\xff\xfe broken\n")
    result = cli("lint", "pattern-protection", "--manifest", "v3.7.1", prompts)
    assert result.code == 65 and "not UTF-8" in result.err


def test_manifest_is_required(cli: Cli) -> None:
    result = cli("lint", "pattern-protection", EXAMPLES)
    assert result.code == 64 and "--manifest" in result.err


def test_the_manifests_ship_in_the_package() -> None:
    from importlib import resources

    names = {p.name for p in (resources.files("ars_docs") / "manifests").iterdir()}
    assert {"v3_6_7_inversion_manifest.json", "v3_6_8_inversion_manifest.json"} <= names


# -- Step 0: the v3.6.7 blocks stay byte-equivalent (real git repositories) ---------------------

FROZEN = "scripts/v3_6_7_inversion_manifest.json"


@pytest.fixture
def repo(prompts: Path) -> Path:
    from importlib import resources

    (prompts / "scripts").mkdir()
    shipped = resources.files("ars_docs") / "manifests" / "v3_6_7_inversion_manifest.json"
    (prompts / FROZEN).write_bytes(shipped.read_bytes())
    git(prompts, "init", "-q")
    git(prompts, "add", "-A")
    git(prompts, "commit", "-q", "-m", "v3.6.7 blocks")
    return prompts


def step0(cli: Cli, root: Path) -> CliResult:
    return cli(
        "lint", "pattern-protection", "--manifest", "v3.7.1", root, "--frozen-manifest", FROZEN
    )


def test_step0_passes_when_the_v367_blocks_are_untouched(cli: Cli, repo: Path) -> None:
    # v3.7.1 work may change the prompt outside the block and commit it.
    path = repo / SYNTH
    path.write_text(after_block_line(TL, "\n- One more rule.\n")(path.read_text("utf-8")), "utf-8")
    git(repo, "commit", "-q", "-am", "notes")
    result = step0(cli, repo)
    assert result.code == 0, result.out


@pytest.mark.parametrize("commit", [False, True], ids=["working-tree", "committed-later"])
def test_step0_catches_a_changed_v367_block(cli: Cli, repo: Path, commit: bool) -> None:
    path = repo / ARCH
    path.write_text(
        replace("- Name the instrument", "- Name each instrument")(path.read_text("utf-8")),
        encoding="utf-8",
    )
    if commit:  # the reference is the manifest's last commit, not HEAD
        git(repo, "commit", "-q", "-am", "edit")
    result = step0(cli, repo)
    assert result.code == 1
    [line] = [ln for ln in result.out.splitlines() if ln.startswith("[STEP0]")]
    assert line.startswith(f"[STEP0] {ARCH}: the PATTERN PROTECTION (v3.6.7) block is not")


def test_step0_a_trailing_space_is_a_change(cli: Cli, repo: Path) -> None:
    path = repo / COMPILER
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"- {CANON}\n", f"- {CANON} \n"), encoding="utf-8")
    assert step0(cli, repo).code == 1


def test_step0_refuses_a_shallow_clone(cli: Cli, repo: Path, tmp_path: Path) -> None:
    git(repo, "commit", "-q", "--allow-empty", "-m", "second")
    clone = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(clone))
    result = step0(cli, clone)
    assert result.code == 1
    assert "[ARS-V3.7.1 LINT ERROR: shallow clone detected; set fetch-depth: 0" in result.out


def test_step0_needs_history(cli: Cli, prompts: Path, tmp_path: Path) -> None:
    result = step0(cli, prompts)  # not a git repository
    assert result.code == 65 and "not inside a git repository" in result.err
    git(prompts, "init", "-q")
    result = step0(cli, prompts)
    assert result.code == 66 and FROZEN in result.err
    (prompts / "scripts").mkdir()
    (prompts / FROZEN).write_text('{"files": []}', encoding="utf-8")
    result = step0(cli, prompts)  # present but never committed
    assert result.code == 1 and "never committed" in result.out


def test_frozen_manifest_goes_with_the_v371_manifest(cli: Cli, repo: Path) -> None:
    result = cli(
        "lint", "pattern-protection", "--manifest", "v3.6.7", repo, "--frozen-manifest", FROZEN
    )
    assert result.code == 64 and "--frozen-manifest goes with a v3.7.1 manifest" in result.err
