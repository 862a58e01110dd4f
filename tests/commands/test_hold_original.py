"""``hold-original``: a person records an original held on paper or as a scan (issue 40).

Real processes (``python -m ars_docs``), real passports and sidecars; the terminal
confirmation is answered through a real pseudo-terminal. Read state is built by writing
the read log directly, and verification in-process (never mark-read/verify in a pipe).
"""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.support.hostile import ars, child_env
from tests.support.sessions import Session, entry, passport_text, read_log_text

WHERE = "Staatsbibliothek, Signatur 4° Ph 1203 — Regal 7"


@pytest.fixture
def held(tmp_path: Path) -> Session:
    """book2019 has no original on file (HIGH-WARN); ok2020 was retrieved and verified."""
    s = Session(tmp_path / "s")
    s.root.mkdir()
    s.passport.write_text(
        passport_text(
            entry("book2019", acquired=False, verified=False),
            entry("ok2020", acquired=True, verified=True),
        ),
        encoding="utf-8",
    )
    s.write("draft.md", "# Kapitel\n\nEin Buch (Author, 2020) <!--ref:book2019-->.\r\n")
    return s


def files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def entry_data(s: Session, key: str) -> dict:
    data = YAML(typ="safe").load(s.passport.read_text(encoding="utf-8"))
    return next(e for e in data["literature_corpus"] if e["citation_key"] == key)


def hold(s: Session, *extra: str | Path, key: str = "book2019") -> object:
    return ars(s.root, "hold-original", key, "--passport", s.passport, *extra)


def test_paper_original_with_yes_sets_acquisition_and_records_what_and_where(
    held: Session,
) -> None:
    done = hold(held, "--form", "paper", "--where", WHERE, "--yes", "--format", "json")
    assert done.code == 0, done.err
    data = json.loads(done.out)
    assert data["summary"]["command"] == "hold-original"
    assert data["held"]["shown"] == f"original held on paper at {WHERE}"
    assert data["held"]["confirmed"] == "yes_flag" and data["held"]["file"] is None
    assert data["next"][0].startswith("ars-docs verify book2019 --method vision_check")
    got = entry_data(held, "book2019")
    assert got["source_acquired"] is True and got["source_acquisition_path"] is None
    assert got["source_verified_against_original"] is False  # holding is not checking
    sidecar = YAML(typ="safe").load((held.root / "passport_originals_held.yaml").read_text("utf-8"))
    [item] = sidecar["held"]
    assert (item["form"], item["where"], item["confirmed"]) == ("paper", WHERE, "yes_flag")
    # The passport keeps only contract fields: nothing new in the entry (§d is closed).
    assert set(got) - set(entry_data(held, "ok2020")) == {
        "source_acquisition_date", "source_acquisition_path",
    }  # fmt: skip


def test_without_a_terminal_and_without_yes_nothing_is_written(held: Session) -> None:
    before = files(held.root)
    done = hold(held, "--form", "paper", "--where", WHERE)
    assert done.code == 64
    [line] = done.err.splitlines()
    assert line.startswith("ars-docs: error: hold-original records a person's statement")
    assert line.endswith("so pass --yes to confirm that you, a person, make it")
    assert files(held.root) == before


def _on_terminal(s: Session, answer: bytes, *args: str) -> tuple[int, str]:
    """Run hold-original with a pseudo-terminal as standard input and type ``answer``."""
    main, child = pty.openpty()
    argv = [sys.executable, "-m", "ars_docs", "hold-original", "book2019", *args]
    proc = subprocess.Popen(
        [*argv, "--passport", str(s.passport)], cwd=s.root, env=child_env(s.root),
        stdin=child, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    os.close(child)
    os.write(main, answer)
    try:
        out, err = proc.communicate(timeout=30)
    finally:
        os.close(main)
    return proc.returncode, (out + err).decode("utf-8")


def test_on_a_terminal_it_asks_and_records_the_answer(held: Session) -> None:
    code, shown = _on_terminal(held, b"y\n", "--form", "paper", "--where", WHERE)
    assert code == 0, shown
    assert f"book2019: I hold the original of this work on paper, at {WHERE}" in shown
    assert "Confirm that you, a person, state this [y/N]:" in shown
    assert "(confirmed: terminal)" in shown
    sidecar = (held.root / "passport_originals_held.yaml").read_text(encoding="utf-8")
    assert "confirmed: terminal" in sidecar


def test_on_a_terminal_anything_but_yes_writes_nothing(held: Session) -> None:
    before = files(held.root)
    code, shown = _on_terminal(held, b"n\n", "--form", "paper", "--where", WHERE)
    assert code == 1
    assert "ars-docs: error: hold-original: not confirmed (answered 'n'); nothing was written" in (
        shown
    )
    assert files(held.root) == before


def test_the_matrix_still_needs_verify_and_mark_read(held: Session) -> None:
    from ars_docs.commands.verify import verify

    assert hold(held, "--form", "paper", "--where", WHERE, "--yes").code == 0
    passport = ("--passport", str(held.passport))
    assert ars(held.root, "finalize", held.draft, *passport).code == 0
    text = held.draft.read_bytes().decode("utf-8")
    assert "[UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]<!--ref:book2019-->" in text
    assert text.endswith(".\r\n")  # CRLF kept
    checklist = (held.root / "draft_prefinalization_checklist.md").read_text(encoding="utf-8")
    assert f"Original held on paper at {WHERE}; the AI has not cross-checked" in checklist
    assert ars(held.root, "render", "--strict", "--check", held.draft, *passport).code == 1

    verify(str(held.passport), ["book2019"], method="vision_check")  # as a person would
    assert ars(held.root, "finalize", held.draft, *passport).code == 0
    assert "<!--ref:book2019 LOW-WARN-->" in held.draft.read_text(encoding="utf-8")
    checklist = (held.root / "draft_prefinalization_checklist.md").read_text(encoding="utf-8")
    assert f"  - original held on paper at {WHERE}\n" in checklist
    assert ars(held.root, "render", "--strict", "--check", held.draft, *passport).code == 1

    held.read_log.write_text(read_log_text("book2019"), encoding="utf-8")
    assert ars(held.root, "finalize", held.draft, *passport).code == 0
    assert "<!--ref:book2019 ok-->" in held.draft.read_text(encoding="utf-8")
    assert ars(held.root, "render", "--strict", "--check", held.draft, *passport).code == 0


def test_an_image_scan_records_its_path_and_hash_and_a_new_scan_undoes_the_check(
    held: Session,
) -> None:
    import hashlib

    from ars_docs.commands.verify import verify

    (held.root / "sources").mkdir()
    scan = held.root / "sources" / "book2019.pdf"
    scan.write_bytes(b"%PDF-1.4 an image-only scan\n")
    done = hold(held, "--form", "image-scan", "--where", WHERE, "--file", scan, "--yes")
    assert done.code == 0, done.err
    got = entry_data(held, "book2019")
    assert got["source_acquisition_path"] == "sources/book2019.pdf"
    assert "original held as an image-only scan (sources/book2019.pdf) at" in done.out.decode()
    verify(str(held.passport), ["book2019"], method="vision_check")
    assert entry_data(held, "book2019")["source_verified_against_original"] is True

    other = held.root / "sources" / "book2019-better.pdf"
    other.write_bytes(b"%PDF-1.4 another scan\n")
    again = hold(held, "--form", "image-scan", "--where", WHERE, "--file", other, "--yes")
    assert again.code == 0, again.err
    got = entry_data(held, "book2019")
    assert got["source_verified_against_original"] is False  # checked against the old scan
    assert got["source_verification_method"] == "none"
    items = YAML(typ="safe").load(
        (held.root / "passport_originals_held.yaml").read_text(encoding="utf-8")
    )["held"]
    assert [i["file_sha256"] for i in items] == [
        hashlib.sha256(scan.read_bytes()).hexdigest(),
        hashlib.sha256(other.read_bytes()).hexdigest(),
    ]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--form", "paper", "--where", "  "], 64, "--where is empty; say where the original"),
        (
            ["--form", "paper", "--where", WHERE, "--file", "x.pdf"],
            64,
            "--file names a scan; a paper original has none",
        ),
        (
            ["--form", "image-scan", "--where", WHERE, "--file", "missing.pdf"],
            66,
            "missing.pdf: no such file; give the path of the scan you hold",
        ),
        (
            ["--form", "image-scan", "--where", WHERE, "--file", "/etc/hostname"],
            64,
            "/etc/hostname: the scan is outside the session folder",
        ),
    ],
)
def test_bad_arguments_write_nothing(
    held: Session, args: list[str], code: int, message: str
) -> None:
    before = files(held.root)
    done = hold(held, *args, "--yes")
    assert done.code == code, done.err
    [line] = done.err.splitlines()
    assert line.startswith(f"ars-docs: error: {message}"), line
    assert files(held.root) == before


def test_unknown_key_and_a_retrieved_original_are_refused(held: Session) -> None:
    before = files(held.root)
    unknown = hold(held, "--form", "paper", "--where", WHERE, "--yes", key="book2091")
    assert unknown.code == 65
    assert unknown.err.strip() == (
        f"ars-docs: error: {held.passport}: citation_key 'book2091' not in "
        "literature_corpus[] (closest keys: book2019); nothing was written"
    )
    acquired = hold(held, "--form", "paper", "--where", WHERE, "--yes", key="ok2020")
    assert acquired.code == 65
    assert "'ok2020' (line " in acquired.err and "already has an acquired original" in (
        acquired.err
    )
    assert files(held.root) == before


def test_a_damaged_record_is_refused_with_its_line(held: Session) -> None:
    sidecar = held.root / "passport_originals_held.yaml"
    sidecar.write_text(
        "session_id: s\nheld:\n  - citation_key: book2019\n    form: microfilm\n"
        "    where: X\n    recorded_at: '2026-01-01T00:00:00Z'\n    confirmed: terminal\n",
        encoding="utf-8",
    )
    before = files(held.root)
    done = hold(held, "--form", "paper", "--where", WHERE, "--yes")
    assert done.code == 65
    [line] = done.err.splitlines()
    assert line.startswith(f"ars-docs: error: {sidecar}:3:"), line
    assert "`form` must be one of paper, image_scan" in line
    assert files(held.root) == before
    finalize = ars(held.root, "finalize", held.draft, "--passport", held.passport)
    assert finalize.code == 65 and "`form` must be one of" in finalize.err
