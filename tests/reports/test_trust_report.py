"""``ars-docs report`` (issue 26 §1): the session trust report, read as a person would.

The page is read with Python's HTML parser (no browser needed): counts per
status, a label on every citation, escaping, determinism, the evidence chain
and the JSON data model. ``test_trust_report_browser.py`` opens it in chromium.
"""

from __future__ import annotations

import json
import re

import pytest

from ars_docs.reports.trust_report.statuses import CATEGORIES, ICONS
from tests.support.layout import TESTS
from tests.support.report import DRAFT, TRICKY_TITLE, read_page, rich_session, status_of
from tests.support.sessions import Session


@pytest.fixture
def rich(session: Session, monkeypatch: pytest.MonkeyPatch) -> Session:
    rich_session(session)
    session.write("chapter.md", DRAFT, dedent=False)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764400000")
    return session


def report(cli, s: Session, *extra: str, name: str = "report.html"):
    out = s.root / name
    result = cli("report", s.root / "chapter.md", "--passport", s.passport, "-o", out, *extra)
    assert result.code == 0, result.err
    return out, result


def test_every_citation_is_shown_with_its_status_label(cli, rich: Session) -> None:
    out, result = report(cli, rich)
    assert "1 draft(s)" in result.out and "0 of 1 would pass" in result.out
    page = read_page(out)
    statuses = [status_of(b) for b in page.badges]
    assert sorted(statuses) == sorted(
        [
            "ok",
            "LOW-WARN",
            "MED-WARN",
            "HIGH-WARN",
            "HIGH-WARN",
            "NOT-IN-CORPUS",
            "MALFORMED",
            "UNMARKED",
            "ok",
        ]
    )
    for badge in page.badges:  # colour is never the only signal: the label is text
        assert status_of(badge) in badge["text"], badge
    # The code block's marker is not a citation and is not highlighted.
    assert "in_code" not in "".join(b["text"] for b in page.badges)
    data = json.loads(report(cli, rich, "--format", "json", name="r.json")[0].read_text())
    counts = data["drafts"][0]["counts"]
    assert {k: v for k, v in counts.items() if v} == {
        "ok": 2,
        "LOW-WARN": 1,
        "MED-WARN": 1,
        "HIGH-WARN": 2,
        "NOT-IN-CORPUS": 1,
        "MALFORMED": 1,
        "UNMARKED": 1,
    }


def test_citations_link_to_their_evidence_and_back(cli, rich: Session) -> None:
    out, _ = report(cli, rich)
    page = read_page(out)
    ids = {attrs.get("id") for _, attrs in page.tags}
    keyed = [b for b in page.badges if "href" in b]
    assert keyed and all(b["href"][1:] in ids for b in keyed)  # each badge -> its source row
    cited = [
        a["href"][1:]
        for t, a in page.tags
        if t == "a" and (a.get("href") or "").startswith("#d1-c")
    ]
    assert cited and all(c in ids for c in cited)  # each "cited at" link -> its badge
    # Keyboard: every badge is a link or focusable.
    assert all("href" in b or b.get("tabindex") == "0" for b in page.badges)


def test_the_malformed_and_unmarked_citations_say_what_is_wrong(cli, rich: Session) -> None:
    out, _ = report(cli, rich)
    page = read_page(out)
    malformed = next(b for b in page.badges if status_of(b) == "MALFORMED")
    assert "<!--ref kay2019-->" in malformed["text"]
    assert "did you mean <!--ref:kay2019-->" in malformed["data-p"]
    unmarked = next(b for b in page.badges if status_of(b) == "UNMARKED")
    assert "(Smith & Lee, 2013)" in unmarked["text"] and unmarked["data-u"] == "1/0"


def test_user_strings_are_escaped_everywhere(cli, rich: Session) -> None:
    out, _ = report(cli, rich)
    html = out.read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "<script>x</script>" not in html
    assert "<b>1</b>" not in html and "<i>" not in html
    assert html.count("<script>") == 1  # ours, and only ours
    assert "&lt;script&gt;alert(1)&lt;/script&gt; --&gt; {{ 7*7 }}" in html
    # No template ran: 7*7 appears nowhere (times such as 05:49:46 and long numbers aside:
    # the lookup records are dated an hour before the clock, so the minute varies).
    numbers_aside = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ|\d{3,}", "", html)
    assert "{{ not_jinja }}" in html and "49" not in numbers_aside
    # The draft's text survives as text: the hostile heading, the non-ASCII prose.
    page = read_page(out)
    assert any(a.get("id") == "d1-L5" for _, a in page.tags)  # "# Heading" is line 5
    assert "Über Öffentlichkeit" in html
    assert TRICKY_TITLE.split()[0] in html


def test_the_page_is_self_contained(cli, rich: Session) -> None:
    out, _ = report(cli, rich)
    html = out.read_text(encoding="utf-8")
    page = read_page(out)
    for tag, attrs in page.tags:
        assert tag not in ("link", "img", "iframe"), tag
        assert "src" not in attrs, (tag, attrs)
        href = attrs.get("href") or ""
        assert not href or href.startswith("#"), href
    assert "@import" not in html and "url(" not in html
    assert "@media print" in html
    assert '<meta charset="utf-8">' in html


def test_the_script_delegates_instead_of_one_listener_per_citation(cli, rich: Session) -> None:
    out, _ = report(cli, rich)
    (script,) = read_page(out).scripts
    targets = re.findall(r"(\w+(?:\.\w+)?)\.addEventListener\(", script)
    assert sorted(targets) == sorted(["q", "fs", "table.tHead", "document", "document", "document"])
    assert "forEach(function (m)" not in script


def test_output_is_deterministic_and_json_has_the_same_data(cli, rich: Session) -> None:
    first, _ = report(cli, rich, name="a.html")
    second, _ = report(cli, rich, name="b.html")
    assert first.read_bytes() == second.read_bytes()
    assert "generated 2025-11-29T07:06:40Z" in first.read_text(encoding="utf-8")
    data_path, _ = report(cli, rich, "--format", "json", name="r.json")
    data = json.loads(data_path.read_text(encoding="utf-8"))
    assert list(data) == ["summary", "legend", "drafts", "sources", "audit", "diagnostics"]
    summary = data["summary"]
    assert next(iter(summary)) == "command" and summary["generated_at"] == "2025-11-29T07:06:40Z"
    assert summary["citations"] == 8 and summary["drafts_passing_strict"] == 0
    assert [item["name"] for item in data["legend"]] == list(CATEGORIES)
    assert all(item["icon"] == ICONS[item["name"]] for item in data["legend"])
    assert data["audit"] is None


def test_the_evidence_chain_of_each_source(cli, rich: Session) -> None:
    data_path, _ = report(cli, rich, "--format", "json", name="r.json")
    sources = {s["key"]: s for s in json.loads(data_path.read_text())["sources"]}
    ok = sources["ok2020"]
    assert ok["status"] == "ok" and ok["next"]["command"] is None
    assert ok["acquired"]["sha256"] == "ab" * 32 and ok["acquired"]["channel"] == (
        "open_access_repository"
    )
    assert ok["acquired"]["on_disk"] == {"exists": True, "bytes": 100, "matches_log": True}
    assert ok["human_read"]["marks"][0]["note"] == "on paper <i>"
    assert [c["line"] for c in ok["cited_by"]] == [7, 19]
    low = sources["low2020"]
    assert low["status"] == "LOW-WARN"
    assert low["human_read"]["marks"][0]["rescinded_at"] == "2026-11-03T08:00:00Z"
    assert low["next"]["command"] == f"ars-docs mark-read low2020 --passport {rich.passport}"
    med = sources["med2020"]
    assert med["human_read"]["active_level"] == "sections" and not med["human_read"]["fact"]
    assert med["next"]["command"].startswith("ars-docs verify med2020 --method manual_grep")
    assert sources["high2020"]["next"]["command"] == (
        f"ars-docs retrieve --passport {rich.passport} high2020"
    )
    ghost = sources["ghost2024"]
    assert not ghost["in_corpus"] and ghost["status"] == "NOT-IN-CORPUS"
    # Worst first, then passport order.
    assert list(sources)[:1] == ["ghost2024"] and list(sources)[-1] == "ok2020"
    # A file changed after retrieval is flagged, not trusted.
    (rich.root / "sources" / "ok2020.pdf").write_bytes(b"changed")
    data_path, _ = report(cli, rich, "--format", "json", name="r2.json")
    again = {s["key"]: s for s in json.loads(data_path.read_text())["sources"]}
    assert again["ok2020"]["acquired"]["on_disk"]["matches_log"] is False
    out, _ = report(cli, rich, name="r2.html")
    assert "changed since retrieval" in out.read_text(encoding="utf-8")


def test_the_audit_ledger_is_shown_when_the_passport_has_one(cli, rich: Session) -> None:
    ledger = (
        TESTS / "fixtures" / "audit" / "spec_examples" / "s3_1_passport_entry.yaml"
    ).read_text(encoding="utf-8")
    with rich.passport.open("a", encoding="utf-8") as handle:
        handle.write(ledger)
    data_path, _ = report(cli, rich, "--format", "json", name="r.json")
    (row,) = json.loads(data_path.read_text())["audit"]
    assert row["verdict"] == "MINOR" and row["round"] == 2 and row["target_rounds"] == 3
    assert row["finding_counts"] == {"p1": 0, "p2": 0, "p3": 1}
    assert row["agent"] == "synthesis_agent" and row["schema_errors"] == 0
    out, _ = report(cli, rich)
    html = out.read_text(encoding="utf-8")
    assert 'id="audit"' in html and "chapter_4/synthesis.md" in html


def test_a_clean_draft_passes_and_crlf_keeps_line_numbers(cli, session: Session) -> None:
    session.read_log.write_text(
        "human_read:\n  - citation_key: ok2020\n    marked_at: 2026-01-02T00:00:00Z\n",
        encoding="utf-8",
    )
    session.write(
        "chapter.md", "# A\r\n\r\nClaim (Doe, 2020)<!--ref:ok2020 ok-->.\r\n", dedent=False
    )
    data_path, _ = report(cli, session, "--format", "json", name="r.json")
    (draft,) = json.loads(data_path.read_text())["drafts"]
    assert draft["strict"] == {
        "passed": True,
        "problems": 0,
        "reasons": {},
        "existence_checked": True,
        "first_reasons": [],
    }
    assert draft["citation_list"][0]["line"] == 3
    out, _ = report(cli, session)
    page = read_page(out)
    assert any(a.get("id") == "d1-L3" for _, a in page.tags)
    assert "\r" not in out.read_text(encoding="utf-8")


def test_no_drafts_reports_the_sources_only(cli, session: Session) -> None:
    out = session.root / "r.json"
    result = cli("report", "--passport", session.passport, "--format", "json", "-o", out)
    assert result.code == 0, result.err
    data = json.loads(out.read_text())
    assert data["drafts"] == [] and data["summary"]["sources"] == 4


def test_default_output_is_beside_the_passport(cli, session: Session) -> None:
    session.write("chapter.md", "Claim <!--ref:ok2020-->.\n")
    result = cli("report", session.root / "chapter.md", "--passport", session.passport, "-q")
    assert result.code == 0 and result.out == ""
    assert (session.root / "passport_report.html").is_file()


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["missing.md"], 66, "missing.md: draft not found"),
        (["chapter.md", "-o", "chapter.md"], 64, "is one of the inputs"),
        (["chapter.md", "-o", "nowhere/r.html"], 73, "is not an existing folder"),
        (["-", "-"], 64, "standard input ('-') can be read once"),
    ],
)
def test_errors_write_nothing(
    cli, session: Session, monkeypatch: pytest.MonkeyPatch, argv, code: int, message: str
) -> None:
    monkeypatch.chdir(session.root)
    session.write("chapter.md", "Claim <!--ref:ok2020-->.\n")
    before = sorted(p.name for p in session.root.iterdir())
    result = cli("report", *argv, "--passport", session.passport)
    assert result.code == code and message in result.err
    assert sorted(p.name for p in session.root.iterdir()) == before
    assert (session.root / "chapter.md").read_text() == "Claim <!--ref:ok2020-->.\n"


def test_a_missing_passport_is_exit_66(cli, session: Session) -> None:
    result = cli("report", "--passport", session.root / "nope.yaml", "-o", session.root / "r")
    assert result.code == 66 and "nope.yaml" in result.err


def test_json_to_standard_output(cli, session: Session) -> None:
    session.write("chapter.md", "Claim <!--ref:ok2020-->.\n")
    result = cli(
        "report",
        session.root / "chapter.md",
        "--passport",
        session.passport,
        "--format",
        "json",
        "-o",
        "-",
    )
    assert result.code == 0
    assert json.loads(result.out)["summary"]["citations"] == 1
    assert "wrote standard output" in result.err


@pytest.mark.parametrize("target", ["passport", "read_log"])
def test_the_output_never_replaces_a_session_file(cli, session: Session, target: str) -> None:
    """The one rule of every command (issue 29 §5): -o onto the passport or the read log
    is refused (64) before anything is read or written."""
    session.write("chapter.md", "Claim <!--ref:ok2020-->.\n")
    path = getattr(session, target)
    if not path.exists():
        path.write_text("marks: []\n", encoding="utf-8")
    before = path.read_bytes()
    result = cli("report", session.root / "chapter.md", "--passport", session.passport, "-o", path)
    assert result.code == 64, result.err
    assert path.name in result.err and len(result.err.strip().splitlines()) == 1
    assert path.read_bytes() == before
