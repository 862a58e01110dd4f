"""Issue 25 §1: every status change finalize makes on a wrapped draft can be undone.

A marker that starts a line (agents and editors wrap paragraphs) is written
with an empty comment before its warning, so the line starts with ``<!--`` in
every status and no rewrite changes how markdown reads it. Every transition of
the matrix (and NOT-IN-CORPUS and the lookup statuses) is run both ways
through the CLI on a real session: the draft in the form finalize writes for
status A, the passport changed to say B, ``ars-docs finalize`` → exactly the
form for B, nothing else changed, and a second pass (``--check``) changes
nothing. ``benchmarks/bench_line_start_markers.py`` measures how often markers
start a line in wrapped drafts.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from ars_docs.session.corpus import load_corpus
from ars_docs.session.lookup_record import fingerprint
from ars_docs.session.passport_edit import set_entry_fields
from tests.support.sessions import CliResult, Session, entry, passport_text, read_log_text

KEY = "muller_2015"
#: A wrapped draft: markers at the start of lines in a paragraph, a quote, a list
#: item, before a code span and before punctuation; one mid-line. ``{L}`` is a
#: marker that starts a line, ``{M}`` one inside a line.
TEMPLATE = (
    "# Energy — Überblick\n"
    "\n"
    "The energy balance has been described by Müller and colleagues\n"
    "{L}; what matters is the flux across the boundary layer.\n"
    "Later work confirmed the estimate {M} under other conditions.\n"
    "\n"
    "> A quoted claim from the same group\n"
    "> {L} holds for `x` as well.\n"
    "\n"
    "- An item citing the same measurement\n"
    "  {L} here.\n"
    "\n"
    "Their table reports the value\n"
    "{L}.\n"
)
PREFIX = {
    "HIGH-WARN": "[UNVERIFIED CITATION — NO ORIGINAL]",
    "MED-WARN": "[UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]",
    "NOT-IN-CORPUS": "[UNVERIFIED CITATION — NOT IN CORPUS]",
    "SOURCE-NOT-FOUND": "[UNVERIFIED CITATION — SOURCE NOT FOUND]",
    "RETRACTED": "[UNVERIFIED CITATION — RETRACTED SOURCE]",
}
STATUSES = ["HIGH-WARN", "MED-WARN", "LOW-WARN", "ok", "NOT-IN-CORPUS", "SOURCE-NOT-FOUND"]
STATUSES.append("RETRACTED")


def form(status: str, *, line_start: bool) -> str:
    """What finalize writes for ``KEY`` at ``status``."""
    if status == "ok":
        return f"<!--ref:{KEY} ok-->"
    if status == "LOW-WARN":
        return f"<!--ref:{KEY} LOW-WARN-->"
    anchor = "<!-- -->" if line_start else ""
    return f"{anchor}{PREFIX[status]}<!--ref:{KEY}-->"


def draft(status: str | None, newline: str = "\n") -> str:
    """The template with every marker bare (``None``) or in ``status``'s form."""
    bare = f"<!--ref:{KEY}-->"
    text = TEMPLATE.format(
        L=bare if status is None else form(status, line_start=True),
        M=bare if status is None else form(status, line_start=False),
    )
    return text.replace("\n", newline)


def set_status(session: Session, status: str) -> None:
    """Write the passport and read log that make ``KEY`` show ``status``."""
    facts = {
        "HIGH-WARN": (False, False, False),
        "MED-WARN": (True, False, False),
        "LOW-WARN": (True, True, False),
        "ok": (True, True, True),
    }
    other = entry("other_2020", acquired=True, verified=True)
    if status == "NOT-IN-CORPUS":
        session.passport.write_text(passport_text(other), encoding="utf-8")
        session.read_log.write_text(read_log_text(), encoding="utf-8")
        return
    acquired, verified, read = facts.get(status, (True, True, True))
    session.passport.write_text(
        passport_text(entry(KEY, acquired=acquired, verified=verified), other), encoding="utf-8"
    )
    session.read_log.write_text(read_log_text(*([KEY] if read else [])), encoding="utf-8")
    if status == "SOURCE-NOT-FOUND":
        _lookup(
            session.passport,
            {
                "status": "not_found",
                "proof": "doi.org: 10.5555/x is not a registered DOI (handle not found)",
                "proof_kind": "identifier",
                "sources": ["doi.org"],
                "retraction": {"status": "unknown"},
            },
        )
    elif status == "RETRACTED":
        notice = {"type": "retraction", "doi": "10.1111/ret.1", "date": "2020-01-02"}
        _lookup(
            session.passport,
            {
                "status": "found",
                "sources": ["crossref"],
                "retraction": {"status": "retracted", "notices": [{**notice, "source": "x"}]},
            },
        )


def _lookup(passport: Path, fields: dict[str, Any]) -> None:
    data = load_corpus(passport, use_cache=False).entries[KEY].data
    value = {"checked_at": "2026-11-30T10:00:00Z", "fingerprint": fingerprint(data), **fields}
    set_entry_fields(passport, {KEY: {"lookup": value}})


def finalize(session: Session, cli: Any, *extra: str) -> CliResult:
    return cli("finalize", session.draft, "--passport", session.passport, *extra)


@pytest.mark.parametrize("status", STATUSES)
def test_finalize_writes_each_status_in_its_line_start_form(
    session: Session, cli: Any, status: str
) -> None:
    session.write("draft.md", draft(None), dedent=False)
    set_status(session, status)
    result = finalize(session, cli)
    assert result.code == 0, result.err
    assert session.draft.read_text("utf-8") == draft(status)
    assert "ARS001" not in result.err
    again = finalize(session, cli, "--check")
    assert again.code == 0, again.err


PAIRS = list(itertools.permutations(STATUSES, 2))


@pytest.mark.parametrize(("before", "after"), PAIRS, ids=[f"{a}->{b}" for a, b in PAIRS])
def test_every_transition_is_reversible(
    session: Session, cli: Any, before: str, after: str
) -> None:
    newline = "\r\n" if (STATUSES.index(before) + STATUSES.index(after)) % 2 else "\n"
    session.draft.write_bytes(draft(before, newline).encode("utf-8"))
    set_status(session, after)
    result = finalize(session, cli)
    assert result.code == 0, result.err
    assert session.draft.read_bytes() == draft(after, newline).encode("utf-8")
    assert "ARS001" not in result.err and "MALFORMED" not in result.out.split("MALFORMED 0")[0]
    again = finalize(session, cli, "--check")
    assert again.code == 0, again.err


def test_the_verified_draft_renders_and_finalize_said_first_where_it_would_not(
    session: Session, cli: Any
) -> None:
    session.write("draft.md", draft("HIGH-WARN"), dedent=False)
    set_status(session, "ok")
    # The block quote is a quotation: with nothing unchecked shipping, its words must be
    # in the original on file (issue 33).
    (session.root / "sources").mkdir()
    (session.root / "sources" / f"{KEY}.txt").write_text(
        "A quoted claim from the same group holds for x as well.\n", encoding="utf-8"
    )
    set_entry_fields(session.passport, {KEY: {"source_acquisition_path": f"sources/{KEY}.txt"}})
    finalized = finalize(session, cli)
    assert finalized.code == 0
    # Stripping the marker that starts line 8 would make `x` a code span: finalize says
    # so (ARS010) and the gate refuses there, with its own advice.
    assert f"{session.draft}:8:" in finalized.err and " ARS010 " in finalized.err
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    assert result.code == 1 and not out.exists()
    assert f"{session.draft}:8:39: strip-changes-reading" in result.err
    assert f"{session.draft}: to fix strip-changes-reading: move the marker" in result.err
    session.write("draft.md", session.draft.read_text("utf-8").replace("`x`", "x"), dedent=False)
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    assert result.code == 0, result.err
    assert out.read_text("utf-8") == (
        "# Energy — Überblick\n"
        "\n"
        "The energy balance has been described by Müller and colleagues; what matters is "
        "the flux across the boundary layer.\n"
        "Later work confirmed the estimate under other conditions.\n"
        "\n"
        "> A quoted claim from the same group\n"
        "> holds for x as well.\n"
        "\n"
        "- An item citing the same measurement\n"
        "  here.\n"
        "\n"
        "Their table reports the value.\n"
    )


#: The issue's draft as an earlier ars-docs left it: the warning at the line start.
LEGACY = (
    "The energy balance has been described by Müller and colleagues\n"
    "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:muller_2015-->; what matters is the flux.\n"
)


def test_a_warning_an_earlier_version_wrote_at_a_line_start_is_taken_away(
    session: Session, cli: Any
) -> None:
    session.write("draft.md", LEGACY, dedent=False)
    set_status(session, "ok")
    result = finalize(session, cli)
    assert result.code == 0, result.err
    assert "ARS001" not in result.err
    assert session.draft.read_text("utf-8") == (
        "The energy balance has been described by Müller and colleagues\n"
        "<!--ref:muller_2015 ok-->; what matters is the flux.\n"
    )
    set_status(session, "MED-WARN")  # and back: the anchored form from now on
    assert finalize(session, cli).code == 0
    assert session.draft.read_text("utf-8") == (
        "The energy balance has been described by Müller and colleagues\n"
        "<!-- -->[UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]<!--ref:muller_2015-->; "
        "what matters is the flux.\n"
    )


def test_a_legacy_warning_whose_removal_would_change_the_reading_says_how_to_fix_it(
    session: Session, cli: Any
) -> None:
    # The quote above would lose this line (a line that starts with "<!--" ends it).
    text = "> A quoted claim\n[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:muller_2015--> holds.\n"
    session.write("draft.md", text, dedent=False)
    set_status(session, "ok")
    result = finalize(session, cli)
    assert result.code == 0
    assert session.draft.read_text("utf-8") == text
    assert f"{session.draft}:2:36: ARS001" in result.err
    assert "an earlier ars-docs wrote it there" in result.err
    assert "join this line to the end of the previous one" in result.err
    # Following the advice unsticks it.
    session.write("draft.md", text.replace("\n[", " ["), dedent=False)
    assert finalize(session, cli).code == 0
    assert session.draft.read_text("utf-8") == (
        "> A quoted claim <!--ref:muller_2015 ok--> holds.\n"
    )
