"""Pandoc and LaTeX citations are markers (issue 36).

``[@key]``, ``[see @a, p. 4; -@b]``, narrative ``@key`` and ``\\cite{key}`` are read
as pandoc reads them (the labelled drafts of ``tests/data/pandoc_citations.txt``,
checked against pandoc's own AST), each key resolves through the matrix, finalize
writes its status after the citation (reversibly, idempotently, byte-preserving),
and the strict gate's final file holds exactly the citations it accepted.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ars_docs.document.citekeys import find_citations
from ars_docs.document.passes.extract import extract
from ars_docs.document.pipeline import DocState
from ars_docs.document.text import Document
from tests.support.pandoc_cites import (
    labelled_cases,
    pandoc_binaries,
    pandoc_binary,
    pandoc_keys,
)
from tests.support.sessions import Session, entry, passport_text, read_log_text

CASES = labelled_cases()
IDS = [f"{i}:{' '.join(keys) or 'none'}" for i, (keys, _) in enumerate(CASES)]


def found_keys(text: str) -> list[str]:
    state = DocState(Document(text))
    extract(state)
    return [k.key for c in find_citations(text, state.prose) for k in c.keys]


@pytest.mark.parametrize(("keys", "text"), CASES, ids=IDS)
def test_the_labelled_keys_are_found_in_order(keys: list[str], text: str) -> None:
    assert found_keys(text) == keys


def needs_pandoc() -> None:
    if pandoc_binary() is None:
        print("pandoc is not installed (pip install -e '.[test]' or apt-get install pandoc)")
        pytest.skip("pandoc is not installed: pandoc's reading cannot be compared")


@pytest.mark.parametrize(("keys", "text"), CASES, ids=IDS)
def test_pandoc_reads_the_same_keys(keys: list[str], text: str) -> None:
    needs_pandoc()
    for binary in pandoc_binaries():
        assert pandoc_keys(text, binary) == keys, binary


def test_a_marker_key_gets_a_marker_and_a_marker_beside_it_counts_once() -> None:
    text = "Both [@a; @b]<!--ref:a--> and \\citep{c} and @d.\n"
    state = DocState(Document(text))
    extract(state)
    shown = [(m.slug, m.syntax, m.after_cite, m.text) for m in state.markers]
    assert shown == [
        ("a", "marker", True, "<!--ref:a-->"),
        ("b", "pandoc", True, ""),
        ("c", "latex", True, ""),
        ("d", "pandoc", True, ""),
    ]
    at = text.index("<!--ref:a-->") + len("<!--ref:a-->")
    assert state.markers[1].span.start == at


def test_a_key_no_marker_can_hold_is_malformed() -> None:
    state = DocState(Document("Cited @Müller2020 here.\n"))
    extract(state)
    (marker,) = state.markers
    assert marker.malformed and "Müller2020" in (marker.problem or "")


# ---- the session: finalize, the gate, the final file ----------------------------


def session(root: Path, ok: tuple[str, ...], high: tuple[str, ...] = ()) -> Session:
    s = Session(root)
    entries = [entry(k, acquired=True, verified=True) for k in ok]
    entries += [entry(k, acquired=False, verified=False) for k in high]
    s.passport.write_text(passport_text(*entries), "utf-8")
    s.read_log.write_text(read_log_text(*ok), "utf-8")
    return s


DRAFT = (
    "---\ntitle: Ünïcode\n---\n\n# Intro @ok1\n\n"
    "As shown [@ok1; @high1, p. 3], and @ok2 [p. 4] says.\r\n"
    "Also \\citep[see][p.~3]{ok1, ok2} and -- `@code` -- mail@example.com.\r\n\r\n"
    "| a | b |\n|---|---|\n| [-@high1] | ü @ok2. |\n\n"
    "- a list [@ok1]<!--ref:ok1 ok-->\n"
)


def finalize(cli: Any, s: Session) -> Any:
    return cli("finalize", s.draft, "--passport", s.passport, "--format", "json")


def test_finalize_writes_each_status_after_its_citation_reversibly(
    tmp_path: Path, cli: Any
) -> None:
    s = session(tmp_path, ok=("ok1", "ok2"), high=("high1",))
    s.write("draft.md", DRAFT, dedent=False)
    result = finalize(cli, s)
    assert result.code == 0
    cited = [(c["slug"], c["status"], c["syntax"]) for c in json.loads(result.out)["citations"]]
    assert cited == [
        ("ok1", "ok", "pandoc"),
        ("ok1", "ok", "pandoc"),
        ("high1", "HIGH-WARN", "pandoc"),
        ("ok2", "ok", "pandoc"),
        ("ok1", "ok", "latex"),
        ("ok2", "ok", "latex"),
        ("high1", "HIGH-WARN", "pandoc"),
        ("ok2", "ok", "pandoc"),
        ("ok1", "ok", "marker"),
    ]
    first = s.draft.read_bytes().decode("utf-8")
    warn = "<!-- -->[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high1-->"
    assert "[@ok1; @high1, p. 3]<!--ref:ok1 ok-->" + warn + ", and" in first
    assert "@ok2 [p. 4]<!--ref:ok2 ok--> says.\r\n" in first
    assert "\\citep[see][p.~3]{ok1, ok2}<!--ref:ok1 ok--><!--ref:ok2 ok--> and" in first
    assert "| [-@high1]" + warn + " | ü @ok2<!--ref:ok2 ok-->. |" in first
    assert "# Intro @ok1<!--ref:ok1 ok-->\n" in first
    assert "[@ok1]<!--ref:ok1 ok-->\n" in first and "ok--><!--ref:ok1 ok-->\n" not in first
    # Byte preservation: taking out what finalize wrote gives the draft back.
    written = [warn, "<!--ref:ok1 ok-->", "<!--ref:ok2 ok-->"]
    back = first
    for piece in written:
        back = back.replace(piece, "")
    assert back.encode() == DRAFT.replace("[@ok1]<!--ref:ok1 ok-->", "[@ok1]").encode()
    # Idempotent.
    assert finalize(cli, s).code == 0
    assert s.draft.read_bytes().decode("utf-8") == first
    # The source becomes verified and read: only the statuses change ...
    s2 = session(tmp_path, ok=("ok1", "ok2", "high1"))
    assert finalize(cli, s2).code == 0
    verified = s.draft.read_bytes().decode("utf-8")
    assert verified == first.replace(warn, "<!--ref:high1 ok-->")
    # ... and back: the same bytes as before.
    session(tmp_path, ok=("ok1", "ok2"), high=("high1",))
    assert finalize(cli, s).code == 0
    assert s.draft.read_bytes().decode("utf-8") == first


def test_the_final_file_holds_exactly_the_accepted_citations(tmp_path: Path, cli: Any) -> None:
    s = session(tmp_path, ok=("ok1", "ok2", "high1"))
    s.write("draft.md", DRAFT, dedent=False)
    assert finalize(cli, s).code == 0
    out = tmp_path / "final.md"
    result = cli("render", s.draft, "--strict", "--passport", s.passport, "-o", out)
    assert result.code == 0, result.err
    final = out.read_bytes().decode("utf-8")
    assert "<!--ref:" not in final
    assert final == DRAFT.replace("[@ok1]<!--ref:ok1 ok-->", "[@ok1]")
    needs_pandoc()
    accepted = ["ok1", "ok1", "high1", "ok2", "ok1", "ok2", "high1", "ok2", "ok1"]
    for binary in pandoc_binaries():
        assert pandoc_keys(final, binary) == accepted, binary


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "Unknown [@nokey] here.\n",
            "1:10: not-in-corpus nokey (pandoc citation key not in literature_corpus[])",
        ),
        (
            "Unknown \\textcite{nokey} here.\n",
            "1:19: not-in-corpus nokey (latex citation key not in literature_corpus[])",
        ),
        ("Not finalized [@ok1] here.\n", "1:16: unresolved-marker ok1 (run ars-docs finalize)"),
        ("No original: @high1 here.\n", "1:14: unresolved-marker high1 (run ars-docs finalize)"),
    ],
)
def test_the_strict_gate_refuses_and_writes_nothing(
    tmp_path: Path, cli: Any, text: str, line: str
) -> None:
    s = session(tmp_path, ok=("ok1",), high=("high1",))
    s.write("draft.md", text, dedent=False)
    before = s.draft.read_bytes()
    out = tmp_path / "final.md"
    result = cli("render", s.draft, "--strict", "--passport", s.passport, "-o", out)
    assert result.code == 1
    assert result.err.splitlines()[0] == f"{s.draft}:{line}"
    assert "render refused: 1 problem(s); nothing written" in result.err
    assert not out.exists() and s.draft.read_bytes() == before


def test_an_unknown_key_after_finalize_is_refused_with_its_warning(
    tmp_path: Path, cli: Any
) -> None:
    s = session(tmp_path, ok=("ok1",))
    s.write("draft.md", "Cited [@ok1; @nokey].\n", dedent=False)
    result = finalize(cli, s)
    assert result.code == 0
    text = s.draft.read_text("utf-8")
    assert text == (
        "Cited [@ok1; @nokey]<!--ref:ok1 ok--><!-- -->"
        "[UNVERIFIED CITATION — NOT IN CORPUS]<!--ref:nokey-->.\n"
    )
    out = tmp_path / "final.md"
    refused = cli("render", s.draft, "--strict", "--passport", s.passport, "-o", out)
    assert refused.code == 1 and "unverified-citation nokey" in refused.err
    assert not out.exists()
