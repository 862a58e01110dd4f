"""What the environment can throw at ars-docs: a stream encoding that cannot hold
the report's characters, and settings (environment or ``ars-docs.toml``) that
look like values but are not usable ones. One line and a documented exit code,
never a traceback (issue 29 §6). Every case runs the real CLI in a subprocess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.hostile import ars

PASSPORT = """\
session_id: umlaut-§
literature_corpus:
  - citation_key: mueller2020
    title: Über Qualität — eine Übersicht 📚
    authors: [{family: Müller, given: Jörg}]
    year: 2020
    source_pointer: sources/müller.pdf
    source_acquired: false
    source_verified_against_original: false
    source_verification_method: none
    description_last_audit: none
"""
READ_LOG = """\
session_id: umlaut-§
created_at: 2026-01-01T00:00:00Z
human_read:
  - citation_key: mueller2020
    marked_at: 2026-01-02T00:00:00Z
    read_scope: {level: sections, locators: ["§2", "Kapitel 3 – Schluss"]}
"""
DRAFT = "# Entwurf — Übersicht\n\nMüller (2020) sagt etwas <!--ref:mueller2020-->.\n"


def umlaut_session(tmp_path: Path) -> Path:
    session = tmp_path / "session"
    session.mkdir()
    (session / "passport.yaml").write_text(PASSPORT, encoding="utf-8")
    (session / "passport_human_read_log.yaml").write_text(READ_LOG, encoding="utf-8")
    (session / "entwurf-ü.md").write_text(DRAFT, encoding="utf-8")
    return session


ASCII_COMMANDS = [
    ("list-read", "--passport", "passport.yaml"),
    ("list-read", "--passport", "passport.yaml", "--format", "json"),
    ("scope-report", "--passport", "passport.yaml", "-o", "bericht-§.md"),
    ("lint", "corpus", "passport.yaml", "--format", "json"),
    ("finalize", "entwurf-ü.md", "--passport", "passport.yaml", "--check"),
    ("render", "nicht-da-§.md"),
    ("verify", "--yes", "mueller2020", "--passport", "passport.yaml", "--method", "nonsense"),
]


NARROW = [("ascii", argv) for argv in ASCII_COMMANDS] + [
    ("latin-1", argv)
    for argv in ASCII_COMMANDS[:2]  # holds "§" but not "–"
]


@pytest.mark.parametrize(
    ("encoding", "argv"), NARROW, ids=[f"{e}-{'-'.join(a[:4])}" for e, a in NARROW]
)
def test_a_narrow_stream_encoding_escapes_instead_of_crashing(
    tmp_path: Path, argv: tuple[str, ...], encoding: str
) -> None:
    session = umlaut_session(tmp_path)
    wide = ars(session, *argv)
    narrow = ars(session, *argv, env={"PYTHONIOENCODING": encoding})
    assert "Traceback" not in narrow.err, narrow.err
    assert narrow.code == wide.code, (narrow.err, wide.err)
    narrow.out.decode(encoding)  # every byte is in the stream's encoding
    if "json" in argv:
        # Escapes are JSON escapes: the same document as the UTF-8 run's.
        assert json.loads(narrow.out.decode(encoding)) == json.loads(wide.out)
    elif encoding == "ascii" and wide.out:
        assert not wide.out.isascii()  # the case is real: the report has non-ASCII text
        assert narrow.out.isascii()
    if argv[0] == "list-read" and "json" not in argv:
        section = "\\u00a7" if encoding == "ascii" else "§"  # Latin-1 holds §, not –
        assert f"[{section}2; Kapitel 3 \\u2013 Schluss]" in narrow.out.decode(encoding)
    assert narrow.err.count("\n") == wide.err.count("\n")


def test_help_under_an_ascii_locale(tmp_path: Path) -> None:
    session = umlaut_session(tmp_path)
    run = ars(session, "retrieve", "--help", env={"PYTHONIOENCODING": "ascii"})
    assert run.code == 0, run.err
    assert run.out.isascii() and b"--dry-run" in run.out


def test_a_document_on_standard_output_stays_utf8(tmp_path: Path) -> None:
    """``render -o -`` writes the document's bytes, whatever the stream encoding."""
    session = umlaut_session(tmp_path)
    run = ars(session, "render", "entwurf-ü.md", "-o", "-", env={"PYTHONIOENCODING": "ascii"})
    assert run.code == 0, run.err
    assert "Entwurf — Übersicht".encode() in run.out


RETRIEVE = ("retrieve", "--dry-run", "--passport", "passport.yaml", "mueller2020")
BASE_ENV = {"ARS_RETRIEVAL_CONTACT_EMAIL": "team@example.org"}
BAD_ENVIRONMENT = [
    ("ARS_RETRIEVAL_CONTACT_EMAIL", "jörg@example.org", "is not ASCII"),
    ("ARS_RETRIEVAL_CONTACT_EMAIL", "team@exämple.org", "team@xn--exmple-cua.org"),
    ("ARS_RETRIEVAL_TIMEOUT", "nan", "nan is not a finite number"),
    ("ARS_RETRIEVAL_TIMEOUT", "inf", "inf is not a finite number"),
    ("ARS_RETRIEVAL_TIMEOUT", "-infinity", "-inf is not a finite number"),
    ("ARS_RETRIEVAL_TIMEOUT", "-5", "out of range"),
    ("ARS_RETRIEVAL_BACKOFF", "NaN", "not a finite number"),
    ("ARS_RETRIEVAL_ENDPOINT_DOI_RESOLVER", "http://[::1", "Invalid IPv6 URL"),
    ("ARS_RETRIEVAL_ENDPOINT_CROSSREF", "http://127.0.0.1:99999", "Port out of range"),
    ("ARS_RETRIEVAL_ENDPOINT_OPENALEX", "http://exa mple.org", "white space"),
    ("ARS_RETRIEVAL_CORE_API_KEY", "schlüssel", "printable ASCII"),
]


@pytest.mark.parametrize(("name", "value", "expected"), BAD_ENVIRONMENT)
def test_a_bad_environment_value_is_exit_64(
    tmp_path: Path, name: str, value: str, expected: str
) -> None:
    session = umlaut_session(tmp_path)
    run = ars(session, *RETRIEVE, env={**BASE_ENV, name: value})
    assert run.code == 64, run.err
    line = run.one_line_error()
    assert line.startswith(f"ars-docs: error: ${name}: ") and line.endswith("fix or unset it")
    assert expected in line
    assert not (session / "sources").exists()


BAD_FILE = [
    ('contact_email = "jörg@exämple.org"', 2, "is not ASCII"),
    ("timeout = nan", 2, "nan is not a finite number"),
    ("max_wait = -inf", 2, "-inf is not a finite number"),
    ('[retrieval.endpoints]\ncrossref = "http://[::1"', 3, "Invalid IPv6 URL"),
]


FILE_CASES = [("retrieve", *case) for case in BAD_FILE] + [("lookup", *BAD_FILE[3])]


@pytest.mark.parametrize(("command", "setting", "line", "expected"), FILE_CASES)
def test_a_bad_config_value_is_exit_65_with_the_line(
    tmp_path: Path, command: str, setting: str, line: int, expected: str
) -> None:
    session = umlaut_session(tmp_path)
    (session / "ars-docs.toml").write_text(f"[retrieval]\n{setting}\n", encoding="utf-8")
    argv = RETRIEVE if command == "retrieve" else ("lookup", "--passport", "passport.yaml")
    run = ars(session, *argv)
    assert run.code == 65, run.err
    message = run.one_line_error()
    assert message.startswith(f"ars-docs: error: ars-docs.toml:{line}: ")
    assert expected in message
