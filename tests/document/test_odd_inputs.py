"""Issue 10 §1: inputs that crashed with a traceback now give a message or work."""

from __future__ import annotations

from pathlib import Path

import pytest

from ars_docs.commands import drafts as api
from tests.support.sessions import Session, entry, passport_text


@pytest.mark.parametrize("text", [">* <style\n>", "> * <pre\n>", ">* <style\r>", "- > * <pre\n  >"])
def test_quoted_list_html_at_end_of_file_finalizes(session: Session, cli, text: str) -> None:
    # markdown-it-py raised IndexError on these (the last line had no line break).
    session.write("draft.md", text, dedent=False)
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 0, result.err
    assert "Traceback" not in result.err
    assert "0 citations" in result.out
    assert session.draft.read_bytes() == text.encode("utf-8")  # nothing added or lost


def test_marker_after_quoted_list_html_is_still_found() -> None:
    result = api.finalize("x <!--ref:k-->\n\n>* <style\n>", [])
    assert [c.status for c in result.citations] == ["NOT-IN-CORPUS"]
    assert result.text.endswith(">* <style\n>")


def test_corpus_field_holding_a_list_is_a_diagnostic_not_a_type_error(
    session: Session, cli
) -> None:
    # source_verification_method: [codex_audit] raised TypeError in corpus_from_data.
    text = entry("k2020", acquired=True, verified=True).replace(
        "source_verification_method: codex_audit", "source_verification_method: [codex_audit]"
    )
    session.passport.write_text(passport_text(text), encoding="utf-8")
    session.write("draft.md", "A (2020) <!--ref:k2020-->.\n")
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 0, result.err
    assert "Traceback" not in result.err
    assert "ARS110" in result.err  # the schema finding names the field
    # a method that is not a string cannot back a verification: MED-WARN, never ok
    assert "AI HAS NOT CROSS-CHECKED]<!--ref:k2020-->" in session.draft.read_text("utf-8")


def test_corpus_from_data_with_list_values_in_the_api() -> None:
    base = {
        "citation_key": "k",
        "title": "T",
        "authors": [{"family": "A"}],
        "year": 2020,
        "source_pointer": "x",
        "source_acquired": True,
        "source_verified_against_original": True,
        "source_verification_method": "codex_audit",
        "description_last_audit": "round_1",
    }
    for field in base:
        if field == "citation_key":
            continue
        for value in (["x"], {"a": ["b"]}, [{"a": 1}]):
            data = dict(base, **{field: value})
            result = api.finalize("A <!--ref:k-->\n", [data])
            assert result.citations[0].status != "ok" or field in ("title", "authors", "year")


def test_parser_failure_is_an_input_error(tmp_path: Path, cli, monkeypatch) -> None:
    # Any other crash inside markdown-it-py becomes exit 65 with one line.
    from markdown_it import MarkdownIt

    def broken(*_: object) -> object:
        raise IndexError("string index out of range")

    monkeypatch.setattr(MarkdownIt, "parse", broken)
    draft = tmp_path / "d.md"
    draft.write_text("text\n", encoding="utf-8")
    result = cli("render", draft, "-o", tmp_path / "out.md")
    assert result.code == 65
    assert "the markdown parser failed on this draft (IndexError)" in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert not (tmp_path / "out.md").exists()
