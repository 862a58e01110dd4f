"""One JSON shape for every ``--format json`` command (issue 25 §3, docs/json.md).

The table below has one case per command that takes ``--format json``; a test
walks the argparse tree and fails when a command is added without a case. Each
case runs the command through the CLI and checks the shared shape: ``summary``
first (with ``command`` and the counts of ``core.diagnostics``), ``core.diagnostics`` last,
every diagnostic with the same keys (``code``, ``slug``, ``suggestions``, ``fix`` …).
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from ars_docs.cli.jsonout import DIAGNOSTIC_KEYS
from ars_docs.cli.main import build_parser
from tests.support.layout import TESTS
from tests.support.sessions import CliResult, entry, passport_text

ROOT = TESTS.parent

Case = Callable[[Path, pytest.MonkeyPatch], list[str]]


def commands_with_json() -> set[str]:
    found: set[str] = set()

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        for action in parser._actions:
            if "--format" in action.option_strings and "json" in (action.choices or ()):
                found.add(" ".join(path))
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk(child, [*path, name])

    walk(build_parser([]), [])
    return found


def session(tmp: Path) -> Path:
    """A passport with a verified entry, an unverified one and a legacy field."""
    passport = tmp / "passport.yaml"
    passport.write_text(
        passport_text(
            entry("newton_2000", acquired=True, verified=True),
            entry("smith_2020", acquired=False, verified=False) + "    verified: yes\n",
        ),
        encoding="utf-8",
    )
    (tmp / "chapter.md").write_text(
        "# Results\n\nAs shown <!--ref:newton 2000-->, and by Smith <!--ref:smith_2020-->.\n\n"
        "- a list item <!--ref:newtn_2000-->\n",
        encoding="utf-8",
    )
    return passport


def case_lint_corpus(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["lint", "corpus", str(session(tmp))]


def case_pattern_protection(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    root = tmp / "repo"
    shutil.copytree(ROOT / "examples" / "prompts", root)
    return ["lint", "pattern-protection", "--manifest", "v3.7.1", str(root)]


def case_eval_fixtures(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["lint", "eval-fixtures", str(TESTS / "fixtures" / "v3_6_7_pattern_eval")]


def case_audit_report(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    (tmp / "report.md").write_text("# Audit\n\nPASSED\n", encoding="utf-8")
    return ["lint", "audit-report", str(tmp / "report.md")]


def case_lint_drift_log(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    (tmp / "drift.md").write_text("# Drift log\n\nAn error happened.\n", encoding="utf-8")
    return ["lint", "drift-log", str(tmp / "drift.md")]


def case_audit_artifacts(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    passport = session(tmp)
    return [
        "lint", "audit-artifacts", "--mode", "persisted", "--passport", str(passport),
        "--root", str(tmp),
    ]  # fmt: skip


def case_finalize(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["finalize", str(tmp / "chapter.md"), "--passport", str(session(tmp))]


def case_render(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    passport = session(tmp)
    return ["render", str(tmp / "chapter.md"), "--strict", "--passport", str(passport)]


def case_dispatch(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["dispatch", str(tmp / "chapter.md"), "--passport", str(session(tmp))]


def case_report(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    passport = session(tmp)
    return ["report", str(tmp / "chapter.md"), "--passport", str(passport), "-o", "-"]


def case_list_read(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["list-read", "--passport", str(session(tmp))]


def case_retrieve(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    mp.setenv("ARS_RETRIEVAL_CONTACT_EMAIL", "user@example.org")
    passport = tmp / "acquired.yaml"
    passport.write_text(passport_text(entry("a_2020", acquired=True, verified=True)), "utf-8")
    return ["retrieve", "--passport", str(passport), "--dry-run"]


def _index(tmp: Path) -> Path:
    from ars_docs.lookup.index.build import build_index

    index = tmp / "works.idx"
    build_index([TESTS / "data" / "snapshots" / "crossref.jsonl"], index)
    return index


def case_lookup(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    index = _index(tmp)
    return ["lookup", "--passport", str(session(tmp)), "--offline", str(index), "--dry-run"]


def case_lookup_index(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    dump = TESTS / "data" / "snapshots" / "crossref.jsonl"
    return ["lookup-index", "build", str(dump), "-o", str(tmp / "w.idx")]


def case_corpus_import(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    bib = tmp / "refs.bib"
    bib.write_text(
        "@article{müller2015, title={Energie}, author={Müller, Anna}, year={2015}}\n",
        encoding="utf-8",
    )
    return ["corpus", "import", str(bib), "--passport", str(tmp / "new.yaml"), "--dry-run"]


def _bench(tmp: Path) -> object:
    from tests.support.gate import Bench

    return Bench.create(tmp / "repo")


def case_audit_manifest(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    from tests.support.gate import DELIVERABLE, TEMPLATE

    bench = _bench(tmp)
    root = bench.root  # type: ignore[attr-defined]
    return [
        "audit", "manifest", "--primary", str(root / DELIVERABLE), "--template",
        str(root / TEMPLATE), "--root", str(root),
    ]  # fmt: skip


def case_audit_run(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    from tests.support.audit_run import FAKE
    from tests.support.gate import AGENT, DELIVERABLE

    bench = _bench(tmp)
    mp.chdir(bench.root)  # type: ignore[attr-defined]
    return [
        "audit", "run", "--stage", "2", "--agent", AGENT, "--deliverable", DELIVERABLE,
        "--round", "1", "--dry-run", "--codex", str(FAKE),
    ]  # fmt: skip


def case_audit_gate(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    from tests.support.gate import finding

    bench = _bench(tmp)
    bench.audit([finding(1, "P3")])  # type: ignore[attr-defined]
    return bench.argv("gate")  # type: ignore[attr-defined,no-any-return]


def case_audit_ack(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    from tests.audit.test_gate_rounds import three_material_rounds

    bench = _bench(tmp)
    three_material_rounds(bench)  # type: ignore[arg-type]
    return bench.argv("ack", "--findings", "F-001,F-002")  # type: ignore[attr-defined,no-any-return]


def case_quotes(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    from tests.support.quote_pdfs import article_pdf

    mp.setenv("ARS_DOCS_CACHE_DIR", str(tmp / "cache"))
    passport = session(tmp)
    (tmp / "sources").mkdir()
    pdf, _ = article_pdf(["Gravity pulls every body toward every other body in the world."])
    (tmp / "sources" / "newton_2000.pdf").write_bytes(pdf)
    text = passport.read_text(encoding="utf-8").replace(
        "source_acquired: true",
        "source_acquired: true\n    source_acquisition_path: sources/newton_2000.pdf",
        1,
    )
    passport.write_text(text, encoding="utf-8")
    (tmp / "q.md").write_text(
        'Newton <!--ref:newton_2000--> wrote "gravity pulls every body toward the moon".\n'
        'Smith <!--ref:smith_2020--> wrote "a quotation nobody can check".\n',
        encoding="utf-8",
    )
    return ["quotes", str(tmp / "q.md"), "--passport", str(passport)]


def case_mark_read(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["mark-read", "--yes", "newton_2000", "smith_2020", "--passport", str(session(tmp))]


def case_hold_original(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return [
        "hold-original", "smith_2020", "--form", "paper", "--where", "Library X, shelf 3",
        "--yes", "--passport", str(session(tmp)),
    ]  # fmt: skip


def case_unmark_read(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    from tests.support.sessions import read_log_text

    passport = session(tmp)
    (tmp / "passport_human_read_log.yaml").write_text(read_log_text("newton_2000"), "utf-8")
    return ["unmark-read", "newton_2000", "--passport", str(passport)]


def case_verify(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    passport = tmp / "passport.yaml"
    passport.write_text(passport_text(entry("a_2020", acquired=True, verified=False)), "utf-8")
    (tmp / "sources").mkdir()
    (tmp / "sources" / "a_2020.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    return ["verify", "--yes", "a_2020", "--passport", str(passport), "--method", "manual_grep"]


def case_acknowledge_retraction(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    from tests.lookup.test_trust_chain import RETRACTED, record

    passport = session(tmp)
    record("newton_2000", passport, RETRACTED)
    return [
        "acknowledge-retraction", "newton_2000", "--passport", str(passport),
        "--reason", "the chapter discusses the retraction",
    ]  # fmt: skip


def case_accept_quote(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return [
        "accept-quote", "newton_2000", "--passport", str(session(tmp)),
        "--quote-sha", "0123456789abcdef", "--reason", "own translation",
    ]  # fmt: skip


def _drift_session(tmp: Path) -> Path:
    from tests.reports.test_drift_log import DRIFT_EXAMPLE

    shutil.copytree(DRIFT_EXAMPLE / "session", tmp / "session")
    return tmp / "session" / "passport.yaml"


def case_log_event(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return [
        "session", "log-event", "--passport", str(session(tmp)), "--phase", "ad-hoc",
        "--action", "checked the figures by hand",
    ]  # fmt: skip


def case_snapshot(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["session", "snapshot", "--passport", str(session(tmp))]


def case_drift_log(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["drift-log", "--passport", str(_drift_session(tmp))]


def case_scope_report(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["scope-report", "--passport", str(session(tmp)), "-o", str(tmp / "scope.md")]


def case_init(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["init", str(tmp / "new"), "--pre-commit"]


def case_audit_template(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return ["audit", "template"]


def case_parse_verdict(tmp: Path, mp: pytest.MonkeyPatch) -> list[str]:
    from tests.audit.test_parse_verdict import make_stream

    stream = make_stream(tmp)
    return ["audit", "parse-verdict", str(stream), "--round", "2", "--target-rounds", "3"]


CASES: dict[str, Case] = {
    "lint corpus": case_lint_corpus,
    "lint pattern-protection": case_pattern_protection,
    "lint eval-fixtures": case_eval_fixtures,
    "lint audit-report": case_audit_report,
    "lint drift-log": case_lint_drift_log,
    "lint audit-artifacts": case_audit_artifacts,
    "finalize": case_finalize,
    "render": case_render,
    "dispatch": case_dispatch,
    "report": case_report,
    "list-read": case_list_read,
    "retrieve": case_retrieve,
    "lookup": case_lookup,
    "lookup-index build": case_lookup_index,
    "corpus import": case_corpus_import,
    "audit run": case_audit_run,
    "audit gate": case_audit_gate,
    "audit ack": case_audit_ack,
    "audit manifest": case_audit_manifest,
    "quotes": case_quotes,
    "mark-read": case_mark_read,
    "unmark-read": case_unmark_read,
    "hold-original": case_hold_original,
    "verify": case_verify,
    "acknowledge-retraction": case_acknowledge_retraction,
    "accept-quote": case_accept_quote,
    "session log-event": case_log_event,
    "session snapshot": case_snapshot,
    "drift-log": case_drift_log,
    "scope-report": case_scope_report,
    "audit parse-verdict": case_parse_verdict,
    "init": case_init,
    "audit template": case_audit_template,
}

#: How ``summary.command`` names a command typed with an alias.
SHOWN = {"lookup-index build": "lookup index build"}


def test_every_command_with_json_output_has_a_case() -> None:
    assert commands_with_json() == set(CASES)


def test_every_command_speaks_json() -> None:
    """An agent reads every command the same way (issue 40): a new command without
    ``--format json`` fails here until it has one. There are no exceptions."""
    assert all_commands() - commands_with_json() == set()


def all_commands() -> set[str]:
    found: set[str] = set()

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            found.add(" ".join(path))
        for action in subs:
            for name, child in action.choices.items():
                walk(child, [*path, name])

    walk(build_parser([]), [])
    return found - {"lookup index build"}  # an alias of lookup-index build


@pytest.mark.parametrize("command", sorted(CASES))
def test_the_json_shape(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cli: Callable[..., CliResult],
) -> None:
    argv = CASES[command](tmp_path, monkeypatch)
    result = cli(*argv, "--format", "json")
    assert result.code in (0, 1, 2), (result.code, result.err)
    data = json.loads(result.out)
    keys = list(data)
    assert keys[0] == "summary" and keys[-1] == "diagnostics", keys
    summary = data["summary"]
    assert summary["command"] == SHOWN.get(command, command)
    counts = summary["diagnostics"]
    assert set(counts) == {"error", "warning", "info"}
    assert isinstance(data["diagnostics"], list)
    for severity, count in counts.items():
        assert count == sum(1 for d in data["diagnostics"] if d["severity"] == severity)
    for diagnostic in data["diagnostics"]:
        assert tuple(diagnostic) == DIAGNOSTIC_KEYS
        assert isinstance(diagnostic["suggestions"], list)
        assert diagnostic["fix"] is None or isinstance(diagnostic["fix"], str)


def test_near_miss_marker_gets_did_you_mean_in_text_and_json(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    passport = session(tmp_path)
    draft = tmp_path / "chapter.md"
    text = cli("finalize", draft, "--passport", passport, "--check")
    assert "did you mean <!--ref:newton_2000-->?" in text.err
    assert "write it as <!--ref:SLUG-->" not in text.err
    data = json.loads(cli("finalize", draft, "--passport", passport, "--format", "json").out)
    near = [d for d in data["diagnostics"] if d["code"] == "ARS001"]
    assert near == [
        {
            **near[0],
            "slug": "newton_2000",
            "suggestions": ["newton_2000"],
            "fix": "<!--ref:newton_2000-->",
        }
    ]
    assert "did you mean <!--ref:newton_2000-->?" in near[0]["message"]
    unknown = [d for d in data["diagnostics"] if d["code"] == "ARS003"]
    assert unknown[0]["slug"] == "newtn_2000"
    assert (unknown[0]["suggestions"], unknown[0]["fix"]) == (
        ["newton_2000"],
        "<!--ref:newton_2000-->",
    )
    checklist = (tmp_path / "chapter_prefinalization_checklist.md").read_text(encoding="utf-8")
    assert "did you mean `<!--ref:newton_2000-->`?" in checklist  # a code span, never live
    gate = json.loads(
        cli("render", draft, "--strict", "--passport", passport, "--format", "json").out
    )
    malformed = [o for o in gate["offenders"] if o["reason"] == "malformed-marker"]
    assert malformed[0]["text"] == "<!--ref:newton 2000-->"
    assert malformed[0]["fix"] == "<!--ref:newton_2000-->"


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("<!--ref:newton-2000-->x", "newton-2000"),  # well-formed, not in the corpus: ARS003
        ("<!--ref: newton 2000 ok-->", "newton_2000"),
        ("<!--cite:newton2000-->", None),  # a guess by similarity: no exact key
        ("<!--ref:a b c d e f-->", None),  # prose in a comment: no guess
    ],
)
def test_near_miss_forms(
    tmp_path: Path, cli: Callable[..., CliResult], written: str, key: str | None
) -> None:
    passport = session(tmp_path)
    draft = tmp_path / "d.md"
    draft.write_text(f"Text {written}.\n", encoding="utf-8")
    data = json.loads(cli("finalize", draft, "--passport", passport, "--format", "json").out)
    found = [d for d in data["diagnostics"] if d["code"] in ("ARS001", "ARS003")]
    assert len(found) == 1
    if written.startswith("<!--ref:a b"):
        assert found[0]["suggestions"] == [] and found[0]["fix"] is None
        return
    assert found[0]["slug"] == key
    assert found[0]["suggestions"][0] == "newton_2000"
    assert found[0]["fix"] == "<!--ref:newton_2000-->"
    if found[0]["code"] == "ARS001":  # a malformed marker is the author's to fix
        assert draft.read_text(encoding="utf-8") == f"Text {written}.\n"
