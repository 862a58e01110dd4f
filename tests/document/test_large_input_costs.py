"""What large drafts and passports cost is bounded by how often they are held or
parsed (issue 29 §12). The memory and time themselves are measured by
``benchmarks/bench_hostile_inputs.py`` and ``benchmarks/bench_verify_large.py``;
these tests pin the mechanisms: ``render`` keeps no inline children for the gate,
and ``verify`` parses the passport twice, not three times."""

from __future__ import annotations

import pytest

from ars_docs.commands import drafts as api
from ars_docs.document.passes.extract import extract
from ars_docs.document.pipeline import DocState, Options
from ars_docs.document.text import Document
from ars_docs.session import corpus as corpus_module
from ars_docs.session import passport_edit
from ars_docs.session.corpus import corpus_from_data
from tests.support.sessions import Session, entry, passport_text

DRAFT = (
    "# Draft\n\n## Part *one*\n\n"
    "A claim (Author, 2020) <!--ref:ok2020 ok-->.\n\n"
    "Hidden \\<!--ref:ok2020--> and &#91;UNVERIFIED CITATION here.\n"
)


def test_render_keeps_tokens_without_inline_children() -> None:
    state = DocState(Document(DRAFT), options=Options(keep_tokens=True))
    extract(state)
    inline = [t for t in state.tokens if t.type == "inline"]
    headings = {i + 1 for i, t in enumerate(state.tokens) if t.type == "heading_open"}
    assert inline and state.tokens
    for index, token in enumerate(state.tokens):
        if token.type == "inline" and index not in headings:
            assert token.children == []  # the children are gone ...
    # ... and what the gate needs from them was noted while parsing (the kind, and the
    # character that disguises it: none here, the warning is written with an entity).
    assert [t.meta.get("ars_hidden") for t in inline] == [None, None, None, ("warning", None)]


def test_the_gate_still_finds_escaped_markers_and_entities() -> None:
    corpus = corpus_from_data(
        {"literature_corpus": [{"citation_key": "ok2020", "title": "T", "year": 2020}]}
    )
    result = api.gate(DRAFT, corpus, {"human_read": []}, path="d.md")
    found = [o for o in result.offenders if o.line == 7]
    assert found and "written with escapes or entities" in found[0].detail


def test_verify_parses_the_passport_twice(
    session: Session, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    session.passport.write_text(
        passport_text(*(entry(f"k{i}", acquired=True, verified=False) for i in range(50))),
        encoding="utf-8",
    )
    calls: list[str] = []
    for module in (corpus_module, passport_edit):
        original = module.parse_yaml

        def counting(*args, _original=original, **kwargs):  # type: ignore[no-untyped-def]
            calls.append(args[1])
            return _original(*args, **kwargs)

        monkeypatch.setattr(module, "parse_yaml", counting)
    result = cli("verify", "--yes", "k7", "--method", "manual_grep", "--passport", session.passport)
    assert result.code == 0, result.err
    # One shared parse (corpus check + finding the entry), one check of the edit.
    assert len(calls) == 2
    text = session.passport.read_text(encoding="utf-8")
    assert text.count("source_verified_against_original: true") == 1
    # A passport changed between the check and the edit is parsed again, not trusted.
    calls.clear()
    real_edit = passport_edit._edit_file

    def changed_meanwhile(path, updates, merge=None, parsed=None):  # type: ignore[no-untyped-def]
        path.write_text(path.read_text(encoding="utf-8") + "# edited meanwhile\n", "utf-8")
        return real_edit(path, updates, merge, parsed)

    monkeypatch.setattr(passport_edit, "_edit_file", changed_meanwhile)
    result = cli("verify", "--yes", "k8", "--method", "manual_grep", "--passport", session.passport)
    assert result.code == 0, result.err
    assert len(calls) == 3
    assert session.passport.read_text(encoding="utf-8").endswith("# edited meanwhile\n")
