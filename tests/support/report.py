"""Helpers for the report tests: a session with every kind of evidence, and an HTML reader."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from tests.support.sessions import Session, entry, passport_text

TRICKY_TITLE = 'Evil <script>alert(1)</script> --> {{ 7*7 }} {% if %} & "quotes"'


def rich_session(session: Session) -> None:
    """A passport with every matrix row, a hostile title, a retrieval log and a read log."""
    session.passport.write_text(
        passport_text(
            entry(
                "ok2020",
                acquired=True,
                verified=True,
                source_acquisition_path="sources/ok2020.pdf",
                source_acquisition_date="2026-11-01T10:00:00Z",
            ),
            entry("low2020", acquired=True, verified=True),
            entry("med2020", acquired=True, verified=False),
            entry("high2020", acquired=False, verified=False),
            entry("evil2020", acquired=False, verified=False).replace(
                "title: Title of evil2020", f"title: {json.dumps(TRICKY_TITLE)}"
            ),
            session_id="sess <b>1</b>",
        ),
        encoding="utf-8",
    )
    (session.root / "sources").mkdir()
    (session.root / "sources" / "ok2020.pdf").write_bytes(b"%PDF-1.4 " + b"x" * 91)
    record = {
        "time": "2026-11-01T10:00:00Z",
        "refcode": "ok2020",
        "event": "acquired",
        "run_id": "r1",
        "channel": "open_access_repository",
        "url": "https://example.org/ok2020.pdf",
        "path": "sources/ok2020.pdf",
        "sha256": "ab" * 32,
        "bytes": 100,
        "match": "verified",
        "source_acquisition_date": "2026-11-01T10:00:00Z",
    }
    (session.root / "passport_retrieval_log.jsonl").write_text(
        json.dumps(record) + "\n" + '{"torn line\n', encoding="utf-8"
    )
    session.read_log.write_text(
        "session_id: test-session\nhuman_read:\n"
        "  - citation_key: ok2020\n    marked_at: 2026-11-02T09:00:00Z\n"
        '    read_scope: {level: full_text, locators: [], note: "on paper <i>"}\n'
        "  - citation_key: low2020\n    marked_at: 2026-11-02T10:00:00Z\n"
        "    rescinded_at: 2026-11-03T08:00:00Z\n"
        "  - citation_key: med2020\n    marked_at: 2026-11-02T11:00:00Z\n"
        '    read_scope: {level: sections, locators: ["§2"], note: null}\n',
        encoding="utf-8",
    )


DRAFT = (
    "---\ntitle: Chapter <script>x</script> -->\n---\n\n"
    "# Heading {{ not_jinja }}\n\n"
    "Trusted (Doe, 2020)<!--ref:ok2020 ok--> and read later (Roe, 2020)<!--ref:low2020-->.\n"
    "Not checked (Poe, 2020)<!--ref:med2020--> nor on file (Moe, 2020)<!--ref:high2020-->.\n\n"
    "Hostile (Evil, 2020)<!--ref:evil2020--> and invented (Nobody, 2024)<!--ref:ghost2024-->.\n\n"
    "- Broken marker (Kay, 2019)<!--ref kay2019--> in a list.\n"
    "- Unmarked citation (Smith & Lee, 2013) in a list.\n\n"
    "```\nCode <!--ref:in_code--> is not a citation.\n```\n\n"
    "> Über Öffentlichkeit (Habermas, 1962)<!--ref:ok2020 ok-->.\n"
)


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside each citation badge."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.badges: list[dict[str, str]] = []
        self._open: list[int] = []  # depth of open badges
        self._depth = 0
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        if tag in ("p", "br", "meta", "input", "link", "img"):
            return  # void or auto-closed: not counted for depth
        self._depth += 1
        classes = (found.get("class") or "").split()
        if "c" in classes:
            self.badges.append(
                {
                    "class": found.get("class") or "",
                    "text": "",
                    **{k: v or "" for k, v in found.items() if k != "class"},
                }
            )
            self._open.append(self._depth)
        if tag == "script":
            self._in_script = True
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("p", "br"):
            return
        if self._open and self._open[-1] == self._depth:
            self._open.pop()
        self._depth -= 1
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self.badges[-1]["text"] += data
        if self._in_script:
            self.scripts[-1] += data


def read_page(path: Path) -> Elements:
    parser = Elements()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def status_of(badge: dict[str, str]) -> str:
    if "data-u" in badge:
        return "UNMARKED"
    return next(c[2:] for c in badge["class"].split() if c.startswith("s-"))
