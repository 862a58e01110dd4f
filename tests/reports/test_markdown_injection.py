"""User strings cannot shape the Markdown ars-docs writes (issue 29 §10).

Passport titles, section headings, malformed-marker text, file names, waiver
reasons, verdict findings and failure reasons, recorded actions, agents,
phases and session ids are put into the checklist, the Scope Report and the
drift log. Each report below is written through the CLI from inputs full of
Markdown and HTML, then parsed with markdown-it (the parser ars-docs itself
uses): it holds no HTML and no comment from user data, no link or image, no
marker ars-docs would find, and each hostile string is shown literally (so
nothing was swallowed by a code span that broke out).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ars_docs.document.passes.extract import extract
from ars_docs.document.pipeline import DocState
from ars_docs.document.text import Document
from tests.support.sessions import entry, passport_text, read_log_text

HOSTILE = [
    "Live marker <!--ref:ji_2023--> planted",
    "Script <script>alert(1)</script> here",
    "Unclosed <!-- comment that never ends",
    "Code `` ` `` span ``` breaks ` out",
    "Link [click](javascript:alert(1)) ![img](x.png) <https://evil.example>",
    "Markup *em* __strong__ ~~del~~ &lt;b&gt; &amp; | pipe \\",
    "Closing </details> and --> and <!",
]


def tokens(markdown: str) -> list[Token]:
    """Every token of ``markdown``, inline children included."""
    out: list[Token] = []
    for token in MarkdownIt("commonmark").enable("table").parse(markdown):
        out.append(token)
        out.extend(token.children or ())
    return out


def shown_text(markdown: str) -> str:
    """What a reader sees: the text and code of every inline, one line per inline."""
    lines = []
    for token in MarkdownIt("commonmark").enable("table").parse(markdown):
        if token.type == "inline":
            parts = [c.content for c in token.children or () if c.type in ("text", "code_inline")]
            lines.append("".join(parts))
    return "\n".join(lines)


def assert_inert(markdown: str, fixed_html: Iterable[str] = ()) -> None:
    """No HTML except the report's own ``fixed_html`` blocks, no links, no markers."""
    allowed = tuple(fixed_html)
    for token in tokens(markdown):
        if token.type == "html_inline":
            raise AssertionError(f"live inline HTML {token.content!r}")
        if token.type == "html_block":
            assert token.content.startswith(allowed), f"live HTML block {token.content!r}"
            assert not any(h in token.content for h in HOSTILE)
        assert token.type not in ("link_open", "image"), token
    state = DocState(Document(markdown))
    extract(state)
    assert state.markers == [], [m.text for m in state.markers]


def hostile_passport(session_id: str = "s1") -> str:
    entries = []
    for number, title in enumerate(HOSTILE):
        # Even numbers are verified but unread (LOW-WARN rows), odd ones description-only
        # (HIGH-WARN, must fix): titles go into both kinds of row.
        verified = number % 2 == 0
        text = entry(f"k{number}", acquired=verified, verified=verified)
        entries.append(text.replace(f"title: Title of k{number}", f"title: {json.dumps(title)}"))
    return passport_text(*entries, session_id=json.dumps(session_id))


DRAFT = (
    "# Draft\n\n"
    "## Results <b>bold</b> `open tick *em* #\n\n"
    + "".join(f"Claim {n} <!--ref:k{n}-->.\n\n" for n in range(len(HOSTILE)))
    + "A broken <!--ref:a`b<script>--> marker, and <!--ref ji_2023--> one.\n\n"
    "Smith (2020) said so <!--not-a-citation: <b>quoted</b> `tick <!-- -->.\n"
)


def test_checklist_shows_titles_headings_and_markers_inert(cli, tmp_path: Path) -> None:
    (tmp_path / "passport.yaml").write_text(hostile_passport(), encoding="utf-8")
    (tmp_path / "passport_human_read_log.yaml").write_text(read_log_text(), encoding="utf-8")
    draft = tmp_path / "draft <!--ref:ji_2023--> <i>`x.md"
    draft.write_text(DRAFT, encoding="utf-8")
    result = cli("finalize", draft, "--passport", tmp_path / "passport.yaml")
    assert result.code == 0, result.err
    checklists = list(tmp_path.glob("*_prefinalization_checklist.md"))
    assert len(checklists) == 1
    checklist = checklists[0].read_text(encoding="utf-8")
    assert "LOW-WARN" in checklist and "**HIGH-WARN**" in checklist and "**MALFORMED**" in checklist
    assert_inert(checklist)
    shown = shown_text(checklist)
    for title in HOSTILE:
        assert title in shown, title
    assert "Draft › Results bold `open tick em" in shown  # the section path, as parsed
    assert "<!--ref:a`b<script>-->" in shown  # the malformed marker, literally
    assert str(draft) in shown
    assert "<b>quoted</b> `tick <!--" in shown  # the waiver's reason
    # The suggestion for the near miss stays readable as the marker to write.
    code = [t.content for t in tokens(checklist) if t.type == "code_inline"]
    assert "<!--ref:ji_2023-->" in code
    assert "<!--ref:a`b<script>-->" in code
    # The draft itself is untouched outside its markers, and a second finalize is stable.
    again = cli("finalize", draft, "--passport", tmp_path / "passport.yaml")
    assert again.code == 0, again.err
    assert checklists[0].read_text(encoding="utf-8") == checklist


def test_scope_report_shows_verdict_text_inert(cli, tmp_path: Path) -> None:
    (tmp_path / "passport.yaml").write_text(hostile_passport(), encoding="utf-8")
    findings = "".join(
        f"  - id: {json.dumps(text)}\n    severity: P1\n    file: {json.dumps(text + '.md')}\n"
        f"    description: d\n"
        for text in HOSTILE
    )
    verdict = tmp_path / "round <!--x--> `1`.verdict.yaml"
    verdict.write_text(f"round: 1\nfindings:\n{findings}", encoding="utf-8")
    out = tmp_path / "scope.md"
    result = cli("scope-report", "--passport", tmp_path / "passport.yaml", "--verdict", verdict,
                 "-o", out)  # fmt: skip
    assert result.code == 0, result.err
    report = out.read_text(encoding="utf-8")
    assert_inert(report)
    shown = shown_text(report)
    for text in HOSTILE:
        assert text in shown and f"{text}.md" in shown, text
    failed = tmp_path / "failed.verdict.yaml"
    reason = " ".join(HOSTILE)
    failed.write_text(
        f"verdict_status: AUDIT_FAILED\nround: 1\nfailure_reason: {json.dumps(reason)}\n",
        encoding="utf-8",
    )
    result = cli("scope-report", "--passport", tmp_path / "passport.yaml", "--verdict", failed,
                 "-o", out)  # fmt: skip
    assert result.code == 0, result.err
    report = out.read_text(encoding="utf-8")
    assert_inert(report)
    assert f"the audit run did not complete: {reason}" in shown_text(report)


def test_drift_log_shows_recorded_text_inert(cli, tmp_path: Path) -> None:
    session_id = "id <!--ref:ji_2023--> `x"
    passport = tmp_path / "passport.yaml"
    phases = ["intake", "<b>phase</b> `x <!--ref:k0-->"]
    passport.write_text(
        hostile_passport(session_id)
        + f"pipeline_phases: {json.dumps(phases)}\npipeline_mode: {json.dumps(HOSTILE[1])}\n",
        encoding="utf-8",
    )
    artifact = tmp_path / "notes <!--ref:k1--> `x`.md"
    artifact.write_text("notes\n", encoding="utf-8")
    for number, text in enumerate(HOSTILE):
        phase = "ad-hoc" if number % 2 else phases[1]
        argv = ["session", "log-event", "--passport", passport, "--phase", phase,
                "--action", text, "--agent", text]  # fmt: skip
        if number == 0:
            argv += ["--artifact", artifact, "--rationale", HOSTILE[-1]]
        result = cli(*argv)
        assert result.code == 0, result.err
    out = tmp_path / "drift.md"
    result = cli("drift-log", "--passport", passport, "-o", out)
    assert result.code == 0, result.err
    log = out.read_text(encoding="utf-8")
    # The log's own <details> block is the only HTML in it.
    assert_inert(log, fixed_html=("<details>", "</details>"))
    shown = shown_text(log)
    for text in HOSTILE:
        assert f"“{text}”" in shown, text  # recorded actions, as written
    assert f"Session {session_id} drift log" in shown
    assert f"Pipeline mode: {HOSTILE[1]}" in shown
    assert "intake → <b>phase</b>-`x-<!--ref:k0-->" in shown  # phases are normalised
    assert artifact.name in shown
    assert cli("lint", "drift-log", out).code == 0
