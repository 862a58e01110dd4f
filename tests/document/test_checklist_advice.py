"""The checklist is as strong as the terminal report (issue 25 §6)."""

from __future__ import annotations

import shlex

from tests.support.sessions import Session, entry, passport_text

DRAFT = """\
# Énergie

## Balance

Müller showed it <!--ref:muller_2015-->, see also <!--ref:mullr_2015-->.

| claim | source |
|---|---|
| a table cell | <!--ref:low_2020--> |

## Later

> A quote citing <!--ref:low_2020--> again, and <!--ref:newton 2020-->.

- a list item <!--ref:high_2019-->
"""


def write(session: Session) -> str:
    session.passport.write_text(
        passport_text(
            entry("muller_2015", acquired=True, verified=False),
            entry("low_2020", acquired=True, verified=True),
            entry("high_2019", acquired=False, verified=False),
            entry("newton_2020", acquired=True, verified=True),
        ),
        encoding="utf-8",
    )
    session.write("draft.md", DRAFT)
    return str(session.passport)


def checklist(session: Session, cli) -> str:
    result = cli("finalize", session.draft, "--passport", session.passport)
    assert result.code == 0, result.err
    return (session.root / "draft_prefinalization_checklist.md").read_text(encoding="utf-8")


def test_not_in_corpus_rows_say_did_you_mean_as_the_terminal_does(session: Session, cli) -> None:
    write(session)
    text = checklist(session, cli)
    row = text.split("**NOT-IN-CORPUS** `mullr_2015`", 1)[1].split("\n- ", 1)[0]
    assert "Did you mean `muller_2015`? Then write `<!--ref:muller_2015-->` instead." in row
    report = cli("finalize", session.draft, "--passport", session.passport, "--check")
    assert "did you mean muller_2015?" in report.err


def test_med_and_high_warn_rows_give_exact_commands(session: Session, cli) -> None:
    passport = shlex.quote(write(session))
    text = checklist(session, cli)
    med = text.split("**MED-WARN** `muller_2015`", 1)[1].split("\n- ", 1)[0]
    assert f"`ars-docs verify muller_2015 --method manual_grep --passport {passport}`" in med
    assert "manual_grep|vision_check" not in text
    high = text.split("**HIGH-WARN** `high_2019`", 1)[1].split("\n- ", 1)[0]
    assert f"`ars-docs retrieve high_2019 --passport {passport}`" in high
    malformed = text.split("**MALFORMED**", 1)[1].split("\n- ", 1)[0]
    assert "rewrite it as `<!--ref:newton_2020-->`" in malformed


def test_a_sources_mark_read_is_given_once(session: Session, cli) -> None:
    write(session)
    text = checklist(session, cli)
    assert text.count("ars-docs mark-read low_2020") == 1
    assert (
        "one mark-read covers every citation of a source; the command is at its row for "
        "line 9 above" in text
    )
    assert "(LOW-WARN: 1 source, 2 citations)" in text
    assert "**Citations:** 6 markers in the draft — " in text
    assert "## Must fix before rendering (4 items: one per source or text)" in text
