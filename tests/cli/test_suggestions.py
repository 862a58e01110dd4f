""" "Did you mean" suggestions (issue 10 §2): right keys, structured in JSON output."""

from __future__ import annotations

import json

from ars_docs.session.fuzzy import SCAN_ALL, KeyIndex
from tests.support.sessions import Session, entry, passport_text


def shared_prefix_keys(count: int) -> list[str]:
    return [f"doi:10.5555/journal.{2000 + i % 7}.{i * 7919 % 10**6:06d}" for i in range(count)]


def test_large_corpus_finds_a_typo_at_either_end() -> None:
    keys = shared_prefix_keys(2000)
    index = KeyIndex(keys)
    target = keys[1234]
    late = target[:-1] + ("0" if target[-1] != "0" else "1")  # last character changed
    early = target.replace("journal", "jounral")  # start changed, end kept
    assert index.closest(late)[0] == target
    assert index.closest(early)[0] == target
    assert index.closest(target.upper())[0] == target


def test_small_corpus_is_scanned_whole_and_ties_keep_file_order() -> None:
    keys = ["smyth2024", "smith2023", "jones2001"]
    assert len(keys) <= SCAN_ALL
    assert KeyIndex(keys).closest("smith2024") == ["smyth2024", "smith2023"]
    assert KeyIndex(keys).closest("zzzzzzzz") == []
    assert KeyIndex([]).closest("smith2024") == []


def test_unknown_key_diagnostic_carries_slug_and_suggestions(session: Session, cli) -> None:
    session.passport.write_text(
        passport_text(
            entry("smith2024", acquired=True, verified=True),
            entry("jones2020", acquired=False, verified=False),
        ),
        encoding="utf-8",
    )
    session.write("draft.md", "# T\n\nSmith <!--ref:smtih2024-->.\n")
    result = cli("finalize", session.draft, "--passport", session.passport, "--format", "json")
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    (found,) = [d for d in payload["diagnostics"] if d["code"] == "ARS003"]
    assert found["slug"] == "smtih2024"
    assert found["suggestions"] == ["smith2024"]
    assert "did you mean smith2024?" in found["message"]
