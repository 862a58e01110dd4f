"""Drafts for the unmarked-citation tests: a verified and read session, a strict render,
a marker placed right after the citation it covers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.sessions import CliResult, Session, entry, passport_text, read_log_text

#: A marked citation in the first paragraph, so the draft is not citation-free.
HEAD = "Good (2020) <!--ref:good ok--> agrees.\n\n"


def verified_session(root: Path, *keys: str) -> Session:
    """A session whose ``keys`` are all acquired, verified and read (``ok``)."""
    s = Session(root)
    entries = (entry(key, acquired=True, verified=True) for key in keys)
    s.passport.write_text(passport_text(*entries), "utf-8")
    s.read_log.write_text(read_log_text(*keys), encoding="utf-8")
    return s


def render_strict(session: Session, cli: Any, text: str) -> tuple[CliResult, Path]:
    """``render --strict`` of ``text`` as the session's draft, to ``final.md``."""
    session.write("draft.md", text, dedent=False)
    out = session.root / "final.md"
    result = cli("render", session.draft, "--strict", "--passport", session.passport, "-o", out)
    return result, out


def marked(sentence: str, shown: str, markers: str = "<!--ref:good ok-->") -> str:
    """``sentence`` with ``markers`` right after the citation text ``shown``."""
    at = sentence.index(shown) + len(shown)
    return sentence[:at] + markers + sentence[at:]
