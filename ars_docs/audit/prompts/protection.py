"""Prompt-protection lints: partial inversion (seed 004 §6.3) and two-layer emission (Step 3a).

Agents that produce audited deliverables must be told never to fake an audit,
but must not learn that an audit reads their output (that knowledge is what
triggers fake-audit hallucination, Pattern C3). Likewise the agents that
write citations emit ``<!--ref:slug-->`` placeholders and must not learn what
resolves them. Both rules live in a block of each agent prompt, and both are
checked here, block text only, by a manifest that names the prompt files:

* scope ``v3.6.7-only`` — block ``PATTERN PROTECTION (v3.6.7)``: INV-1 (exactly
  one canonical Clause 1 bullet), INV-2 (no Clause 2 disclosure, four
  patterns), INV-3 (no canonical line in any other prompt under the agent
  folders). The file list is frozen to the spec's three prompts: widening it
  is a design decision (§9 L2), never an edit.
* scope ``v3.7.1-only`` — block ``Two-Layer Citation Emission``: TL-1 (the block
  exists once and its example citations are in the two-layer form, bare),
  TL-2 (no resolver-layer term), TL-3 (no un-negated front-matter read).

Failure messages for INV-1..3 are the spec's own (§6.3 table).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any

from ars_docs.audit.prompts.blocks import Block, Item, find_blocks, normalise, sentences
from ars_docs.core.diagnostics import Diagnostic, Severity
from ars_docs.core.errors import InputDataError
from ars_docs.core.paths import read_regular

__all__ = [
    "CANONICAL_CLAUSE_1",
    "SHIPPED_MANIFESTS",
    "Manifest",
    "lint_pattern_protection",
    "load_manifest",
]

CANONICAL_CLAUSE_1 = (
    "DO NOT simulate any audit step. DO NOT claim to have run codex/external review. "
    "Output metadata must not claim audit-passed state."
)
V367_SCOPE = "v3.6.7-only"
V371_SCOPE = "v3.7.1-only"
V367_HEADING = "PATTERN PROTECTION (v3.6.7)"
V371_HEADING = "Two-Layer Citation Emission"
#: The only files the v3.6.7 manifest may list (§6.2; frozen, §9 L2).
V367_FILES = (
    "deep-research/agents/synthesis_agent.md",
    "deep-research/agents/research_architect_agent.md",
    "deep-research/agents/report_compiler_agent.md",
)
#: Folders INV-3 scans for prompt files (§6.3); docs/, scripts/, tests/ are never scanned.
SCAN_ROOTS = ("deep-research/agents", "academic-pipeline/agents")
_EXCLUDED_PARTS = frozenset({"docs", "scripts", "tests"})

#: Shipped manifests, by the name ``--manifest`` also accepts.
SHIPPED_MANIFESTS = {
    "v3.6.7": "v3_6_7_inversion_manifest.json",
    "v3.7.1": "v3_6_8_inversion_manifest.json",  # the file keeps its roadmap-slot name
}

#: Clause 2 disclosure patterns (a)–(d) of §6.3, applied with re.IGNORECASE.
CLAUSE_2 = (
    re.compile(r"\bthe orchestrator\b.*\baudit\b", re.IGNORECASE),
    re.compile(
        r"\bcross-model audit (?:follows|covers)\b.*codex_audit_multifile_template", re.IGNORECASE
    ),
    re.compile(r"\baudit (?:afterwards?|will be run|is dispatched)\b", re.IGNORECASE),
    re.compile(r"\bdownstream audit\b|\bthis output (?:is|will be) audited\b", re.IGNORECASE),
)

# Step 3a: resolver-layer terms, plural forms and underscore-bounded names
# (``cite_provenance_finalizer_agent``) included: "_" is not a word boundary here.
_RESOLVER_RE = re.compile(
    r"(?<![A-Za-z0-9])(finali[sz]ers?|orchestrators?|stage[ _-]?gates?|terminal[ _-]?gates?"
    r"|resolvers?)(?![A-Za-z0-9])",
    re.IGNORECASE,
)
_FRONT_MATTER_RE = re.compile(r"front[ _-]?matter", re.IGNORECASE)
_READ_VERB_RE = re.compile(
    r"(?<![A-Za-z0-9])(read|look(?:s|ing|ed)?[ _]+up|dereference|consult|open|parse|load"
    r"|access|query|fetch)(?:s|es|ing|ed)?(?![A-Za-z0-9])",
    re.IGNORECASE,
)
_NEGATION_RE = re.compile(r"(?<![A-Za-z])(never|not|no|n't|without|avoid)(?![A-Za-z])", re.I)
_NEGATION_REACH = 30  # characters before the verb (Step 3a)
_CLAUSE_END_RE = re.compile(r"[.!?;:]")
_MARKER_RE = re.compile(r"<!--\s*ref:[^>]*?-->", re.IGNORECASE)
_AUTHORS = r"\w[\w'’.-]*(?:(?:,| &| and) \w[\w'’.-]*)*(?: et al\.)?"
_TWO_LAYER_RE = re.compile(
    rf"(?:\b{_AUTHORS} \(\d{{4}}[a-z]?\)|\({_AUTHORS}, \d{{4}}[a-z]?\))"
    r" <!--ref:[A-Za-z0-9_\-:./]+-->\Z"
)
_CODE_SPAN_RE = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)")


@dataclass(frozen=True, slots=True)
class Manifest:
    path: str
    scope: str
    files: tuple[str, ...]


def load_manifest(spec: str) -> Manifest:
    """A manifest from a path, or a shipped one by name (``v3.6.7``, ``v3.7.1``)."""
    if spec in SHIPPED_MANIFESTS:
        name = f"ars_docs/manifests/{SHIPPED_MANIFESTS[spec]}"
        raw = (resources.files("ars_docs") / "manifests" / SHIPPED_MANIFESTS[spec]).read_bytes()
    else:
        name = spec
        raw = read_regular(
            spec,
            what="manifest",
            hint=f"give a path or one of {', '.join(SHIPPED_MANIFESTS)} (the shipped manifests)",
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputDataError(f"{name}: not valid JSON ({exc}); fix the manifest") from None
    return Manifest(name, *_checked_shape(name, data))


def _checked_shape(name: str, data: Any) -> tuple[str, tuple[str, ...]]:
    def bad(problem: str) -> InputDataError:
        return InputDataError(f"{name}: {problem}")

    if not isinstance(data, dict):
        raise bad("a manifest is a JSON object with 'scope' and 'files'")
    scope = data.get("scope")
    if scope not in (V367_SCOPE, V371_SCOPE):
        raise bad(f"scope is {scope!r}; it must be {V367_SCOPE!r} or {V371_SCOPE!r}")
    files = data.get("files")
    if not isinstance(files, list) or not files or not all(isinstance(f, str) for f in files):
        raise bad("'files' must be a non-empty list of repository-relative paths")
    for entry in files:
        posix = PurePosixPath(entry)
        if posix.is_absolute() or ".." in posix.parts or "\\" in entry or not entry.strip():
            raise bad(f"{entry!r} is not a repository-relative POSIX path (no '..', no leading /)")
    if len(set(files)) != len(files):
        raise bad("'files' lists a path twice")
    if scope == V367_SCOPE and sorted(files) != sorted(V367_FILES):
        raise bad(
            "the v3.6.7 inversion manifest is frozen to the three downstream agent prompts "
            f"({', '.join(V367_FILES)}); widening it is the §9 L2 design question, so land a "
            "new version-tagged manifest instead"
        )
    return scope, tuple(files)


def lint_pattern_protection(manifest: Manifest, root: Path) -> Iterator[Diagnostic]:
    """Yield every violation of the manifest's invariants in the prompts under ``root``."""
    sources = {name: _read(root, name) for name in manifest.files}
    if manifest.scope == V367_SCOPE:
        for name, raw in sources.items():
            yield from _inv_1_and_2(name, raw)
        yield from _inv_3(manifest, root)
    else:
        for name, raw in sources.items():
            yield from _two_layer(name, raw)


def _read(root: Path, name: str) -> bytes:
    path = root / name
    return read_regular(
        path,
        what="file",
        hint=f"it is listed in the manifest but not found under {root}; pass the repository "
        "root as ROOT",
    )


def _decode_check(name: str, raw: bytes) -> None:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputDataError(f"{name}: not UTF-8 (byte {exc.start}); save it as UTF-8") from None


# -- v3.6.7: INV-1, INV-2, INV-3 -----------------------------------------------------------


def _finding(name: str, line: int, code: str, message: str) -> Diagnostic:
    return Diagnostic(name, line, 1 if line else 0, code, Severity.ERROR, message)


def _inv_1_and_2(name: str, raw: bytes) -> Iterator[Diagnostic]:
    _decode_check(name, raw)
    blocks = find_blocks(raw, V367_HEADING)
    items = [item for block in blocks for item in block.items()]
    canonical = normalise(CANONICAL_CLAUSE_1)
    if sum(1 for item in items if item.bullet and item.text == canonical) != 1:
        line = blocks[0].heading_line if blocks else 0
        yield _finding(
            name,
            line,
            "INV-1",
            f"[INV-1] {name}: PATTERN PROTECTION block missing or duplicating the canonical "
            f'Clause 1 line. Expected exactly one bullet matching: "{CANONICAL_CLAUSE_1}"',
        )
    for block in blocks:
        for line, sentence in _clause_2_sentences(block):
            yield _finding(
                name,
                line,
                "INV-2",
                f"[INV-2] {name}:{line}: Clause 2 violation: {sentence}. Sentence must be "
                "removed per docs/design/2026-04-30-ars-v3.6.7-step-6-orchestrator-hooks-spec.md"
                " §6.2.",
            )


def _clause_2_sentences(block: Block) -> Iterator[tuple[int, str]]:
    for item in block.items():
        for sentence in sentences(item.text):
            if any(pattern.search(sentence) for pattern in CLAUSE_2):
                yield _line_of(block, item, sentence), sentence.rstrip(".")


def _line_of(block: Block, item: Item, sentence: str) -> int:
    """The file line where ``sentence`` starts (the item's first line if not found)."""
    probe = sentence[:24]
    offset = item.line - block.heading_line
    for index in range(offset, len(block.lines)):
        if probe and probe in normalise(block.lines[index]):
            return block.heading_line + index
    return item.line


def _inv_3(manifest: Manifest, root: Path) -> Iterator[Diagnostic]:
    canonical = normalise(CANONICAL_CLAUSE_1)
    listed = set(manifest.files)
    for folder in SCAN_ROOTS:
        base = root / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.md")):
            name = path.relative_to(root).as_posix()
            if name in listed or _EXCLUDED_PARTS & set(PurePosixPath(name).parts[:-1]):
                continue
            if not path.is_file():
                continue  # only regular files: a FIFO would block the lint
            text = path.read_bytes().decode("utf-8", "replace")
            if canonical in normalise(text):
                yield _finding(
                    name,
                    0,
                    "INV-3",
                    f"[INV-3] {name}: canonical Clause 1 line found outside the v3.6.7 "
                    "inversion manifest. If this is intentional widening, update "
                    "scripts/v3_6_7_inversion_manifest.json AND open the L2 question per §9.",
                )


# -- v3.7.1: TL-1, TL-2, TL-3 -----------------------------------------------------------------


def _two_layer(name: str, raw: bytes) -> Iterator[Diagnostic]:
    _decode_check(name, raw)
    blocks = find_blocks(raw, V371_HEADING)
    if len(blocks) != 1:
        yield _finding(
            name,
            blocks[1].heading_line if blocks else 0,
            "TL-1",
            f"[TL-1] {name}: expected exactly one '{V371_HEADING}' block, found {len(blocks)}; "
            "the citation emission rules must be stated once",
        )
    for block in blocks:
        yield from _tl_1_examples(name, block)
        for item in block.items():
            for sentence in sentences(item.text):
                yield from _tl_2_and_3(name, block, item, sentence)


def _tl_1_examples(name: str, block: Block) -> Iterator[Diagnostic]:
    good = 0
    for offset, raw_line in enumerate(block.lines):
        # A marker inside a code span describes the syntax; it is not an example citation.
        line = _CODE_SPAN_RE.sub(lambda m: " " * len(m.group(0)), raw_line)
        for marker in _MARKER_RE.finditer(line):
            if _TWO_LAYER_RE.search(line[: marker.end()]):
                good += 1
                continue
            yield _finding(
                name,
                block.heading_line + offset,
                "TL-1",
                f"[TL-1] {name}:{block.heading_line + offset}: example citation "
                f"'{marker.group(0)}' is not in the two-layer form: visible author-year text "
                "then a bare marker, e.g. 'Smith (2024) <!--ref:smith2024-->'",
            )
    if good == 0:
        yield _finding(
            name,
            block.heading_line,
            "TL-1",
            f"[TL-1] {name}:{block.heading_line}: the '{V371_HEADING}' block shows no citation "
            "in the two-layer form; add one, e.g. 'Smith (2024) <!--ref:smith2024-->'",
        )


def _tl_2_and_3(name: str, block: Block, item: Item, sentence: str) -> Iterator[Diagnostic]:
    line = _line_of(block, item, sentence)
    term = _RESOLVER_RE.search(sentence)
    if term:
        yield _finding(
            name,
            line,
            "TL-2",
            f"[TL-2] {name}:{line}: resolver-layer term '{term.group(0)}' in the "
            f"'{V371_HEADING}' block: {sentence.rstrip('.')}. Agents must not learn what "
            "resolves their markers; remove the sentence.",
        )
    if _FRONT_MATTER_RE.search(sentence) and any(
        not _negated(sentence, verb.start()) for verb in _READ_VERB_RE.finditer(sentence)
    ):
        yield _finding(
            name,
            line,
            "TL-3",
            f"[TL-3] {name}:{line}: front-matter read instruction in the '{V371_HEADING}' "
            f"block: {sentence.rstrip('.')}. Agents never read front matter; remove the sentence.",
        )


def _negated(sentence: str, verb_at: int) -> bool:
    """A negation at most 30 characters before the verb, with no clause end between."""
    window = sentence[max(0, verb_at - _NEGATION_REACH) : verb_at]
    last_end = max((m.end() for m in _CLAUSE_END_RE.finditer(window)), default=0)
    return _NEGATION_RE.search(window[last_end:]) is not None
