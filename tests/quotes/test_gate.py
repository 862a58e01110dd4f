"""Nothing the gate cannot check ships (issue 33): quotations whose original is missing or
unreadable, text drawn invisibly, relative passports and every kind of original.

Each case runs the CLI on a real session folder: an ``ok`` entry (acquired, verified,
read), so the citation itself passes the gate and only the quotation can stop it; the
original is a generated PDF (``quote_pdfs``), an HTML page, plain text, or something
that is not an original at all (a folder, a FIFO, a device, random bytes). FIFOs and
devices run in a child process with a timeout, so a regression fails instead of hanging.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.processes import ars
from tests.support.quote_pdfs import (
    HIDING_TRICKS,
    article_pdf,
    broken_pdf,
    hidden_text_pdf,
    image_only_pdf,
    ocr_scan_pdf,
    random_bytes,
)
from tests.support.sessions import CliResult, entry, passport_text

QUOTE = "Trust is earned in drops and lost in buckets"
PARAGRAPHS = [
    "Institutional trust is a fragile good. Trust is earned in drops and lost in buckets, "
    "and no amount of regulation can restore it once the confidence of the public has been "
    "squandered by officials who do not explain their decisions.",
    "The financial office must find a flexible way to fulfil its fiduciary duties.",
]
#: As finalize leaves it: the entry is ok, so only the quotation can stop the gate.
DRAFT = (
    "# Trust\n\n"
    f"Smith (2024) writes that “{QUOTE}” <!--ref:smith2024 ok-->.\n\n"
    "Smith (2024) also studies the fiscal office <!--ref:smith2024 ok-->.\n"
)
FINAL = "draft_final.md"


def _session(root: Path, original: str | None, body: bytes | None = None) -> Path:
    """An ok entry whose ``source_acquisition_path`` is ``original`` (written with
    ``body`` when given), its read log, and the draft; returns the passport."""
    if original is not None and body is not None:
        (root / original).parent.mkdir(parents=True, exist_ok=True)
        (root / original).write_bytes(body)
    extra = {"source_acquisition_path": original} if original is not None else {}
    passport = root / "passport.yaml"
    passport.write_text(
        passport_text(entry("smith2024", acquired=True, verified=True, **extra)),
        encoding="utf-8",
    )
    (root / "passport_human_read_log.yaml").write_text(
        "session_id: test-session\ncreated_at: 2026-01-01T00:00:00Z\nhuman_read:\n"
        "  - citation_key: smith2024\n    marked_at: 2026-01-02T00:00:00Z\n",
        encoding="utf-8",
    )
    (root / "draft.md").write_text(DRAFT, encoding="utf-8")
    return passport


def _snapshot(root: Path) -> dict[str, bytes]:
    """Every session file's bytes (a sparse original over the cap by its size only)."""
    return {
        str(p.relative_to(root)): p.read_bytes() if p.stat().st_size < 1 << 24 else b"big"
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink() and "cache" not in p.parts
    }


def _sha(cli: Callable[..., CliResult], root: Path) -> str:
    data = json.loads(
        cli(
            "quotes", root / "draft.md", "--passport", root / "passport.yaml", "--format", "json"
        ).out
    )
    return str(data["quotations"][0]["quote_sha"])


# -- what cannot be checked is refused, with why and the fix ----------------------------

UNREADABLE = {
    "missing": (None, "acquired original not found"),
    "folder": (b"", "acquired original is a directory"),
    "too_large": (b"", "acquired original is larger than 256 MiB"),
    "random_bytes": (random_bytes(), "neither a PDF, an HTML page nor UTF-8 text"),
    "no_text_layer": (image_only_pdf(), "no text layer on any page (a scan?)"),
    "broken_pdf": (broken_pdf(), "the PDF cannot be read (PdfStreamError"),
    "only_invisible_text": (
        hidden_text_pdf([], PARAGRAPHS, "mode3"),
        "no visible text on any page: the only text is drawn invisibly",
    ),
}


def _unreadable(root: Path, case: str) -> None:
    body, _ = UNREADABLE[case]
    name = "sources/smith2024.pdf"
    if case == "folder":
        (root / name).mkdir(parents=True)
        _session(root, name)
    elif case == "too_large":
        from ars_docs.core.paths import READ_LIMITS

        (root / "sources").mkdir()
        with (root / name).open("wb") as handle:  # sparse: costs no disk
            handle.write(b"%PDF-1.4\n")
            handle.truncate(READ_LIMITS["acquired original"] + 1)
        _session(root, name)
    elif body is None:
        _session(root, name)
    else:
        _session(root, name, body)


@pytest.mark.parametrize("case", list(UNREADABLE))
def test_render_strict_refuses_a_quotation_it_cannot_check(
    tmp_path: Path, cli: Callable[..., CliResult], case: str
) -> None:
    _unreadable(tmp_path, case)
    before = _snapshot(tmp_path)
    draft, passport = tmp_path / "draft.md", tmp_path / "passport.yaml"
    refused = cli("render", draft, "--strict", "--passport", passport)
    assert refused.code == 1, refused.out + refused.err
    message = UNREADABLE[case][1]
    [line] = [x for x in refused.err.splitlines() if ": unchecked-quotation " in x]
    assert line.startswith(f"{draft}:3:") and " unchecked-quotation smith2024 (" in line
    assert message in line and "sources/smith2024.pdf" in line, line
    assert "acquire a readable original (ars-docs retrieve KEY)" in refused.err
    assert "accept-quote KEY --quote-sha SHA --reason TEXT" in refused.err
    data = json.loads(
        cli("render", draft, "--strict", "--passport", passport, "--format", "json").out
    )
    [offender] = data["offenders"]
    assert offender["reason"] == "unchecked-quotation" and offender["line"] == 3
    assert offender["detail"].startswith(f"quotation [{_sha(cli, tmp_path)}] cannot be checked")
    assert _snapshot(tmp_path) == before  # nothing written, the draft unchanged
    assert not (tmp_path / FINAL).exists()


@pytest.mark.parametrize("case", ["missing", "broken_pdf", "only_invisible_text"])
def test_finalize_and_quotes_report_it_as_an_error_with_the_fix(
    tmp_path: Path, cli: Callable[..., CliResult], case: str
) -> None:
    _unreadable(tmp_path, case)
    draft, passport = tmp_path / "draft.md", tmp_path / "passport.yaml"
    sha = _sha(cli, tmp_path)
    done = cli("finalize", draft, "--passport", passport, "--format", "json")
    assert done.code == 0, done.err
    [diag] = [d for d in json.loads(done.out)["diagnostics"] if d["code"] == "ARS052"]
    assert diag["severity"] == "error" and diag["line"] == 3
    assert UNREADABLE[case][1] in diag["message"] and "accept-quote" in diag["message"]
    checklist = (tmp_path / "draft_prefinalization_checklist.md").read_text(encoding="utf-8")
    section = checklist[checklist.index("## Quotations that cannot be checked") :]
    assert f"`smith2024` [{sha}] “{QUOTE}”" in section
    assert UNREADABLE[case][1] in section
    assert f"ars-docs retrieve --passport {passport} smith2024" in section
    assert f"ars-docs accept-quote smith2024 --passport {passport} --quote-sha {sha}" in section
    assert "## Quotations that do not match their source" not in checklist

    listed = cli("quotes", draft, "--passport", passport)
    assert listed.code == 1
    assert f"CANNOT_CHECK smith2024 [{sha}]" in listed.out
    assert listed.out.rstrip().endswith("0 flagged; 1 unchecked")
    data = json.loads(cli("quotes", draft, "--passport", passport, "--format", "json").out)
    assert data["summary"]["passed"] is False and data["summary"]["exit_code"] == 1
    [quoted] = data["diagnostics"]
    assert quoted["code"] == "ARS052" and quoted["severity"] == "error"


def test_a_reviewed_exception_lets_an_unchecked_quotation_pass(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    _unreadable(tmp_path, "missing")
    draft, passport = tmp_path / "draft.md", tmp_path / "passport.yaml"
    sha = _sha(cli, tmp_path)
    assert cli("render", draft, "--strict", "--passport", passport).code == 1
    accepted = cli(
        "accept-quote",
        "smith2024",
        "--passport",
        passport,
        "--quote-sha",
        sha,
        "--reason",
        "checked against the printed volume in the library",
    )
    assert accepted.code == 0, accepted.err
    listed = cli("quotes", draft, "--passport", passport)
    assert listed.code == 0, listed.out
    assert "accepted after review: checked against the printed volume" in listed.out
    assert "smith2024.pdf: acquired original not found" in listed.out  # still said
    done = cli("finalize", draft, "--passport", passport, "--check", "--format", "json")
    assert "ARS052" not in {d["code"] for d in json.loads(done.out)["diagnostics"]}
    passed = cli("render", draft, "--strict", "--passport", passport)
    assert passed.code == 0, passed.err
    assert QUOTE in (tmp_path / FINAL).read_text(encoding="utf-8")
    # the exception covers exactly those words: a changed quotation needs a new review
    (tmp_path / FINAL).unlink()
    draft.write_text(DRAFT.replace("lost in buckets", "lost in barrels"), encoding="utf-8")
    again = cli("render", draft, "--strict", "--passport", passport)
    assert again.code == 1 and "unchecked-quotation" in again.err
    assert not (tmp_path / FINAL).exists()


def test_a_key_not_in_the_passport_is_left_to_its_citation(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    passport = _session(tmp_path, "sources/smith2024.pdf", article_pdf(PARAGRAPHS)[0])
    draft = tmp_path / "draft.md"
    draft.write_text(f"Jones writes that “{QUOTE}” <!--ref:jones2020-->.\n", encoding="utf-8")
    done = cli("finalize", draft, "--passport", passport, "--format", "json")
    codes = [d["code"] for d in json.loads(done.out)["diagnostics"]]
    assert "ARS003" in codes and "ARS052" not in codes  # the key is reported once, as ARS003
    data = json.loads(
        cli("render", draft, "--strict", "--passport", passport, "--format", "json").out
    )
    # refused for the citation (finalize marked it NOT-IN-CORPUS), not a second time
    [offender] = data["offenders"]
    assert offender["slug"] == "jones2020" and offender["reason"] != "unchecked-quotation"
    listed = cli("quotes", draft, "--passport", passport, "--format", "json")
    assert listed.code == 1
    [quoted] = json.loads(listed.out)["diagnostics"]
    assert quoted["code"] == "ARS052" and quoted["severity"] == "error"
    assert "'jones2020' is not in" in quoted["message"]
    nope = cli(
        "accept-quote",
        "jones2020",
        "--passport",
        passport,
        "--quote-sha",
        json.loads(listed.out)["quotations"][0]["quote_sha"],
        "--reason",
        "checked against the printed volume",
    )
    assert nope.code != 0 and "jones2020" in nope.err


# -- special files where the original belongs: refused without blocking -------------------


@pytest.mark.parametrize("kind", ["fifo", "device", "link_to_device"])
def test_a_fifo_or_device_as_the_original_is_unchecked_not_a_hang(
    tmp_path: Path, kind: str
) -> None:
    if kind == "fifo":
        (tmp_path / "sources").mkdir()
        os.mkfifo(tmp_path / "sources" / "smith2024.pdf")
        name, shown = "sources/smith2024.pdf", "is a FIFO (named pipe), not a regular file"
    elif kind == "device":
        name, shown = "/dev/zero", "is a character device, not a regular file"
    else:
        (tmp_path / "sources").mkdir()
        (tmp_path / "sources" / "smith2024.pdf").symlink_to("/dev/zero")
        name, shown = "sources/smith2024.pdf", "is a character device, not a regular file"
    _session(tmp_path, name)
    before = _snapshot(tmp_path)
    refused = ars(tmp_path, "render", "draft.md", "--strict", "--passport", "passport.yaml")
    assert refused.code == 1, refused.err
    [line] = [x for x in refused.err.splitlines() if ": unchecked-quotation " in x]
    assert shown in line and "Traceback" not in refused.err
    done = ars(tmp_path, "finalize", "draft.md", "--passport", "passport.yaml")
    assert done.code == 0, done.err
    assert "ARS052" in done.err and shown in done.err
    listed = ars(tmp_path, "quotes", "draft.md", "--passport", "passport.yaml")
    assert listed.code == 1 and shown in listed.out
    after = _snapshot(tmp_path)
    assert not (tmp_path / FINAL).exists()
    assert {k: v for k, v in after.items() if k in before} == before
    assert set(after) - set(before) == {"draft_prefinalization_checklist.md"}


# -- text drawn invisibly is not evidence ------------------------------------------------------

VISIBLE = [
    "A municipal tax regulation of Banjarmasin, the provincial capital of South Kalimantan,",
    "sets the rates of the regional levies on restaurants, hotels and parking areas.",
]


@pytest.mark.parametrize("trick", HIDING_TRICKS)
def test_a_quotation_only_in_invisible_text_is_refused(
    tmp_path: Path, cli: Callable[..., CliResult], trick: str
) -> None:
    hidden = [
        "Institutional trust is a fragile good. Trust is earned in drops and lost in",
        "buckets.",
    ]
    passport = _session(tmp_path, "sources/smith2024.pdf", hidden_text_pdf(VISIBLE, hidden, trick))
    draft = tmp_path / "draft.md"
    data = json.loads(cli("quotes", draft, "--passport", passport, "--format", "json").out)
    assert data["quotations"][0]["verdict"] == "not_found", (trick, data["quotations"][0])
    refused = cli("render", draft, "--strict", "--passport", passport, "--format", "json")
    assert refused.code == 1
    assert [o["reason"] for o in json.loads(refused.out)["offenders"]] == ["quotation-not-found"]
    assert not (tmp_path / FINAL).exists()


def test_the_same_words_shown_visibly_pass(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    shown = [
        *VISIBLE,
        "Institutional trust is a fragile good. Trust is earned in drops and lost in",
        "buckets.",
    ]
    passport = _session(tmp_path, "sources/smith2024.pdf", hidden_text_pdf(shown, [], "mode3"))
    draft = tmp_path / "draft.md"
    result = cli("render", draft, "--strict", "--passport", passport)
    assert result.code == 0, result.err
    assert QUOTE in (tmp_path / FINAL).read_text(encoding="utf-8")


def test_a_scan_keeps_its_ocr_layer(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    lines = [
        "Institutional trust is a fragile good. Trust is earned in drops and lost in",
        "buckets.",
    ]
    passport = _session(tmp_path, "sources/smith2024.pdf", ocr_scan_pdf(lines))
    draft = tmp_path / "draft.md"
    data = json.loads(cli("quotes", draft, "--passport", passport, "--format", "json").out)
    assert data["quotations"][0]["verdict"] == "exact"
    assert cli("render", draft, "--strict", "--passport", passport).code == 0


def test_a_scan_with_a_visible_stamp_is_read_by_its_visible_text(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    # The documented price of the rule (docs/quotes.md): visible text on the page means
    # the invisible layer is not what the page shows, even when it is a scan's OCR.
    lines = [
        "Institutional trust is a fragile good. Trust is earned in drops and lost in",
        "buckets.",
    ]
    body = ocr_scan_pdf(lines, stamp=["Downloaded from the archive on 1 May 2024"])
    passport = _session(tmp_path, "sources/smith2024.pdf", body)
    data = json.loads(
        cli("quotes", tmp_path / "draft.md", "--passport", passport, "--format", "json").out
    )
    assert data["quotations"][0]["verdict"] == "not_found"


def test_retrieve_does_not_take_a_page_for_the_work_by_its_invisible_text(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    from tests.support.retrieval import World, config_toml, entry_yaml, passport_yaml

    title = "Quality culture in higher education institutions"
    work = [title, "Bjørn Stensaker", "doi:10.1234/qc.2008", "2020"]
    results = {}
    for name, body in (
        ("hidden", hidden_text_pdf(VISIBLE, work, "mode3")),
        ("shown", hidden_text_pdf(work + VISIBLE, [], "mode3")),
    ):
        root = tmp_path / name
        (root / "sources").mkdir(parents=True)
        (root / "sources" / "qc2008.pdf").write_bytes(body)
        passport = root / "passport.yaml"
        passport.write_text(
            passport_yaml(
                entry_yaml(
                    "qc2008",
                    title,
                    [{"family": "Stensaker", "given": "Bjørn"}],
                    doi="10.1234/qc.2008",
                )
            ),
            encoding="utf-8",
        )
        with World() as world:
            (root / "ars-docs.toml").write_text(config_toml(world), encoding="utf-8")
            before = passport.read_bytes()
            results[name] = cli("retrieve", "--passport", passport, "qc2008")
        if name == "hidden":
            assert passport.read_bytes() == before  # nothing recorded
    hidden, shown = results["hidden"], results["shown"]
    assert hidden.code == 1
    assert "local_file: content_match_failed" in hidden.out
    assert "another work (different: title_missing, author_missing)" in hidden.out
    assert shown.code == 0, shown.out
    assert "acquired via local_file" in shown.out


# -- a relative passport, every kind of original --------------------------------------------

ORIGINALS = {
    "pdf": ("sources/smith2024.pdf", article_pdf(PARAGRAPHS)[0]),
    "html": (
        "sources/smith2024.html",
        (
            "<!doctype html><html><body><main><p>"
            + PARAGRAPHS[0]
            + "</p><p>"
            + PARAGRAPHS[1]
            + "</p></main></body></html>"
        ).encode(),
    ),
    "text": ("sources/smith2024.txt", "\n\n".join(PARAGRAPHS).encode()),
}


@pytest.mark.parametrize("kind", list(ORIGINALS))
def test_a_relative_passport_works_with_every_kind_of_original(tmp_path: Path, kind: str) -> None:
    name, body = ORIGINALS[kind]
    _session(tmp_path, name, body)
    env = {"ARS_PASSPORT": "passport.yaml"}
    listed = ars(tmp_path, "quotes", "draft.md", "--format", "json", env=env)
    assert listed.code == 0, listed.err
    [quoted] = json.loads(listed.out)["quotations"]
    assert quoted["verdict"] == "exact" and quoted["source"] == name
    done = ars(tmp_path, "finalize", "draft.md", env=env)
    assert done.code == 0, done.err
    assert "Traceback" not in done.err and "ARS05" not in done.err
    rendered = ars(tmp_path, "render", "draft.md", "--strict", env=env)
    assert rendered.code == 0, rendered.err
    assert QUOTE in (tmp_path / FINAL).read_text(encoding="utf-8")
    # and a made-up quotation of the same source is still refused
    (tmp_path / FINAL).unlink()
    (tmp_path / "draft.md").write_text(
        DRAFT.replace(QUOTE, "trust is earned by decree and kept by force"), encoding="utf-8"
    )
    refused = ars(tmp_path, "render", "draft.md", "--strict", env=env)
    assert refused.code == 1 and "Traceback" not in refused.err
    assert "quotation-not-found smith2024" in refused.err or "altered-quotation" in refused.err
    assert not (tmp_path / FINAL).exists()
