"""``ars-docs quotes`` / ``accept-quote`` through the CLI, against generated PDFs (issue 28)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.quote_pdfs import article_pdf
from tests.support.sessions import CliResult, entry, passport_text

PARAGRAPHS = (
    [
        "Institutional trust is a fragile good. Trust is earned in drops and lost in buckets, "
        "and no amount of regulation can restore it once the confidence of the public has "
        "been squandered by officials who do not explain their decisions.",
        "The financial office must find a flexible way to fulfil its fiduciary duties, as "
        "identified by the committee in its final report on institutional responsibility.",
    ]
    + [
        f"Paragraph {i} discusses the administrative history of the region, the reforms of "
        f"the period and the archival evidence collected in the survey number {i}."
        for i in range(40)
    ]
    + [
        "In the end the state must never abandon its citizens to the market, whatever the "
        "fiscal pressure of the moment may suggest to the ministers."
    ]
)


def _session(tmp_path: Path, draft: str, *, acquired: bool = True) -> tuple[Path, Path]:
    pdf, _ = article_pdf(PARAGRAPHS, first_page=345, footnotes={345: "1 A footnote here."})
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "smith2024.pdf").write_bytes(pdf)
    extra = {"source_acquisition_path": "sources/smith2024.pdf"} if acquired else {}
    passport = tmp_path / "passport.yaml"
    passport.write_text(
        passport_text(entry("smith2024", acquired=acquired, verified=False, **extra)),
        encoding="utf-8",
    )
    path = tmp_path / "draft.md"
    path.write_text(draft, encoding="utf-8")
    return path, passport


DRAFT = (
    "# Trust\n\n"
    "Smith (2024) writes that “Trust is earned in drops and lost in buckets” (p. 345) "
    "<!--ref:smith2024-->. She adds that “[t]he financial office must find a flexible "
    "way […] as identified by the committee” <!--ref:smith2024-->.\n\n"
    'Smith <!--ref:smith2024--> claims "the state must always abandon its citizens to the '
    'market" (p. 1).\n\n'
    'Smith <!--ref:smith2024--> says "bananas are the best fruit of the tropics".\n\n'
    'A "scare quote" and `"code is never a quote at all"` <!--ref:smith2024-->.\n'
)


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARS_DOCS_CACHE_DIR", str(tmp_path / "cache"))


def test_quotes_json_lists_every_verdict(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    draft, passport = _session(tmp_path, DRAFT)
    result = cli("quotes", draft, "--passport", passport, "--format", "json")
    assert result.code == 1, result.err
    data = json.loads(result.out)
    assert next(iter(data)) == "summary" and list(data)[-1] == "diagnostics"
    verdicts = [(q["verdict"], q["line"]) for q in data["quotations"]]
    assert verdicts == [("exact", 3), ("equivalent", 3), ("altered", 5), ("not_found", 7)]
    first, _, altered, _ = data["quotations"]
    assert first["page"] == 345 and first["page_ok"] is True
    assert altered["diff"] == ["-never", "+always"]
    assert altered["page_ok"] is False
    assert data["summary"]["flagged"] == 2 and data["summary"]["passed"] is False
    codes = sorted(d["code"] for d in data["diagnostics"])
    assert codes == ["ARS050", "ARS051", "ARS053"]
    # the extracted text was cached by content hash, and the cache is what a rerun reads
    [cached] = (tmp_path / "cache" / "quotes").glob("*.json")
    stamp = cached.stat().st_mtime_ns
    again = cli("quotes", draft, "--passport", passport, "--format", "json")
    assert json.loads(again.out)["quotations"] == data["quotations"]
    assert cached.stat().st_mtime_ns == stamp
    # a damaged cache entry is ignored and rewritten, never trusted
    cached.write_text("{broken", encoding="utf-8")
    third = cli("quotes", draft, "--passport", passport, "--format", "json")
    assert json.loads(third.out)["quotations"] == data["quotations"]
    hash_line, content = cached.read_bytes().split(b"\n", 1)  # sealed: its hash, then JSON
    assert hash_line.startswith(b"sha256 ") and json.loads(content)["format"] >= 1


def test_quotes_text_report_and_accept_quote(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    draft, passport = _session(tmp_path, DRAFT)
    result = cli("quotes", draft, "--passport", passport)
    assert result.code == 1
    assert "ALTERED smith2024" in result.out and "diff: -never +always" in result.out
    assert result.out.rstrip().splitlines()[-1].endswith("2 flagged")
    data = json.loads(cli("quotes", draft, "--passport", passport, "--format", "json").out)
    shas = [q["quote_sha"] for q in data["quotations"] if q["verdict"] in ("altered", "not_found")]
    before = passport.read_text(encoding="utf-8")
    short = cli(
        "accept-quote",
        "smith2024",
        "--passport",
        passport,
        "--quote-sha",
        shas[0],
        "--reason",
        "ok",
    )
    assert short.code == 64 and "--reason" in short.err
    assert passport.read_text(encoding="utf-8") == before
    bad = cli(
        "accept-quote",
        "smith2024",
        "--passport",
        passport,
        "--quote-sha",
        "xyz",
        "--reason",
        "own translation of the passage",
    )
    assert bad.code == 64 and "16 hex digits" in bad.err
    for sha in shas:
        done = cli(
            "accept-quote",
            "smith2024",
            "--passport",
            passport,
            "--quote-sha",
            sha,
            "--reason",
            "reviewed: quoted from the second edition",
        )
        assert done.code == 0, done.err
    after = passport.read_text(encoding="utf-8")
    assert after.startswith(before.rstrip("\n"))  # only lines added to the entry
    again = cli("quotes", draft, "--passport", passport)
    assert again.code == 0, again.out
    assert "accepted after review: reviewed: quoted from the second edition" in again.out
    lint = cli("lint", "corpus", passport)
    assert lint.code == 0, lint.out + lint.err


def test_entry_without_original_cannot_be_checked(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    draft, passport = _session(tmp_path, DRAFT, acquired=False)
    result = cli("quotes", draft, "--passport", passport, "--format", "json")
    # nothing unchecked ships (issue 33): the gate refuses these, so quotes fails too
    assert result.code == 1
    data = json.loads(result.out)
    assert {q["verdict"] for q in data["quotations"]} == {"cannot_check"}
    assert all(d["code"] == "ARS052" for d in data["diagnostics"])
    assert {d["severity"] for d in data["diagnostics"]} == {"error"}
    assert data["summary"]["unchecked"] == 4 and data["summary"]["passed"] is False
    assert data["quotations"][0]["reason"] == "no original on file (source_acquired is false)"


def test_block_quote_crlf_title_and_missing_files(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    text = (
        'Smith\'s "Title of smith2024" <!--ref:smith2024--> is cited by title.\r\n\r\n'
        "> In the end the state must never abandon its citizens to the\r\n"
        "> market, whatever the fiscal pressure of the moment may suggest. (p. 346)\r\n\r\n"
        "<!--ref:smith2024-->\r\n"
    )
    draft, passport = _session(tmp_path, text)
    data = json.loads(cli("quotes", draft, "--passport", passport, "--format", "json").out)
    [quote] = data["quotations"]
    assert quote["kind"] == "block" and quote["verdict"] == "exact"
    assert quote["locator"] == "p. 346"
    missing = cli("quotes", tmp_path / "nope.md", "--passport", passport)
    assert missing.code == 66 and "nope.md" in missing.err
    (tmp_path / "sources" / "smith2024.pdf").write_bytes(b"%PDF-1.4 broken")
    broken = json.loads(cli("quotes", draft, "--passport", passport, "--format", "json").out)
    assert broken["quotations"][0]["verdict"] == "cannot_check"
    assert "cannot be read" in broken["quotations"][0]["reason"]


def test_finalize_reports_and_strict_gate_refuses_until_accepted(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    text = (
        "# Trust\n\n"
        "Smith (2024) writes that “Trust is earned in drops and lost in buckets” "
        "<!--ref:smith2024-->.\n\n"
        'Smith <!--ref:smith2024--> claims "the state must always abandon its citizens to the '
        'market" (p. 346).\n'
    )
    draft, passport = _session(tmp_path, text)
    # the entry has an original but is not verified: mark it verified and read so the
    # citation itself is ok and only the quotation can stop the gate
    passport.write_text(
        passport_text(
            entry(
                "smith2024",
                acquired=True,
                verified=True,
                source_acquisition_path="sources/smith2024.pdf",
            )
        ),
        encoding="utf-8",
    )
    assert cli("mark-read", "--yes", "smith2024", "--passport", passport).code == 0
    done = cli("finalize", draft, "--passport", passport)
    assert done.code == 0, done.err
    assert "ARS050" in done.out + done.err
    checklist = (tmp_path / "draft_prefinalization_checklist.md").read_text(encoding="utf-8")
    assert "## Quotations that do not match their source" in checklist
    assert "changes: -never +always" in checklist and "smith2024.pdf page 347" in checklist
    refused = cli("render", draft, "--strict", "--passport", passport, "--format", "json")
    assert refused.code == 1
    offenders = json.loads(refused.out)["offenders"]
    assert [o["reason"] for o in offenders] == ["altered-quotation"]
    assert not (tmp_path / "draft_final.md").exists()
    sha = json.loads(cli("quotes", draft, "--passport", passport, "--format", "json").out)[
        "quotations"
    ][1]["quote_sha"]
    assert (
        cli(
            "accept-quote",
            "smith2024",
            "--passport",
            passport,
            "--quote-sha",
            sha,
            "--reason",
            "reviewed against the printed edition",
        ).code
        == 0
    )
    passed = cli("render", draft, "--strict", "--passport", passport)
    assert passed.code == 0, passed.err
    assert "must always abandon" in (tmp_path / "draft_final.md").read_text(encoding="utf-8")
    again = cli("finalize", draft, "--passport", passport, "--check")
    assert "ARS050" not in again.out + again.err


def test_html_original_and_every_kind_of_quotation_mark(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "weber1919.html").write_text(
        "<!doctype html><html><body><nav>Home Menu</nav><main><p>Die Politik bedeutet ein "
        "starkes langsames Bohren von harten Brettern mit Leidenschaft und "
        "Augenma&szlig; zugleich.</p><p>Politics is a strong and slow boring of hard "
        "boards, it takes both passion and perspective.</p></main></body></html>",
        encoding="utf-8",
    )
    passport = tmp_path / "passport.yaml"
    passport.write_text(
        passport_text(
            entry(
                "weber1919",
                acquired=True,
                verified=False,
                source_acquisition_path="sources/weber1919.html",
            )
        ).replace("Title of weber1919", "Politik als Beruf"),
        encoding="utf-8",
    )
    draft = tmp_path / "draft.md"
    draft.write_text(
        "Weber <!--ref:weber1919--> schreibt „ein starkes langsames Bohren von harten "
        "Brettern“ (S. 66).\n\n"
        "Weber <!--ref:weber1919--> écrit « Politics is a strong and slow boring » ici.\n\n"
        "Weber <!--ref:weber1919--> 「it takes both passion and perspective」.\n\n"
        "Weber’s ‘slow boring of hard boards’ <!--ref:weber1919--> is famous.\n\n"
        "In “Politik als Beruf” <!--ref:weber1919--> the “hard boards” and "
        "‘Leidenschaft’ are scare quotes.\n\n"
        "Weber <!--ref:weber1919--> wrote that politics “takes only passion and "
        "perspective”.\n",
        encoding="utf-8",
    )
    result = cli("quotes", draft, "--passport", passport, "--format", "json")
    data = json.loads(result.out)
    got = [(q["line"], q["verdict"], q["page"]) for q in data["quotations"]]
    assert got == [
        (1, "exact", None),
        (3, "exact", None),
        (5, "exact", None),
        (7, "exact", None),
        (11, "altered", None),
    ], got
    assert data["quotations"][0]["locator"] == "S. 66"
    assert data["quotations"][0]["page_ok"] is None  # an HTML page has no page numbers
    assert data["quotations"][-1]["diff"] == ["-both", "+only"]
    assert result.code == 1
