"""One gate for every door (issue 33): the same draft gets the same verdict wherever asked.

A table of drafts — at least one per refusal reason, and clean ones — goes
through every door that gives the strict gate's verdict:

* as the draft is: ``render --strict`` (one draft, JSON), the same drafts as
  one batch, ``ars_docs.render(strict=True)``, ``ars_docs.gate()``,
  ``ars_docs.inspect()``, ``report --format json``, the HTML preview's banner
  and the pre-commit hook ``ars-docs-strict-gate`` run as a real process with
  its entry from ``.pre-commit-hooks.yaml``;
* after finalize (these doors finalize first): ``dispatch`` (CLI and
  ``ars_docs.dispatch``) and finalize's own forecast (``ars_docs.finalize`` and
  ``finalize --format json``), compared with the gate on the finalized draft.

Every door must give the gate's verdict and its reasons (each door at the
detail it reports: offenders with line, column and key; or the reasons and
their counts; or the verdict and the set of reasons). A door added to the
product without a row here fails ``test_every_door_has_a_row``.

The table runs twice: in a session that requires lookup records (the
default) and in one whose ``ars-docs.toml`` opts out (``require_lookup =
false``), where every door must drop the existence refusals and say so.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

import ars_docs
from ars_docs.core.codes import QUOTE_REFUSAL_REASONS, REFUSAL_REASONS
from tests.support.layout import REPO
from tests.support.sessions import CliResult, lookup_record

ROOT = REPO
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)
EPOCH = str(int(NOW.timestamp()))

ORIGINAL = (
    "Institutional trust is a fragile good. Trust is earned in drops and lost in buckets, "
    "and no amount of regulation restores it once the public's confidence is squandered.\n"
)

# -- the session ---------------------------------------------------------------------------

#: key -> (acquired, verified, read, lookup record or None, extra fields)
ENTRIES: dict[str, tuple[bool, bool, bool, str | None, dict[str, Any]]] = {
    "ok2020": (True, True, True, "found", {"source_acquisition_path": "sources/ok2020.txt"}),
    "low2020": (True, True, False, "found", {}),
    # read, then the read withdrawn with unmark-read (its mark carries rescinded_at; issue 40)
    "withdrawn2020": (True, True, False, "found", {}),
    "med2020": (True, False, False, "found", {}),
    "high2020": (False, False, False, "found", {}),
    "unlooked2020": (True, True, True, None, {}),
    "old2020": (True, True, True, "old", {}),
    "unknown2020": (True, True, True, "unknown", {}),
    "stale2020": (True, True, True, "stale", {}),
    "gone2020": (True, True, True, "not_found", {}),
    "other2020": (True, True, True, "mismatch", {}),
    "retracted2020": (True, True, True, "retracted", {}),
    "acked2020": (True, True, True, "acknowledged", {}),
    "noorig2020": (True, True, True, "found", {"source_acquisition_path": "sources/none.txt"}),
    "folder2020": (True, True, True, "found", {"source_acquisition_path": "sources/folder"}),
    "binary2020": (True, True, True, "found", {"source_acquisition_path": "sources/noise.bin"}),
}


def _entry(key: str) -> dict[str, Any]:
    acquired, verified, _read, record, extra = ENTRIES[key]
    data: dict[str, Any] = {
        "citation_key": key,
        "title": f"A study of {key}",
        "authors": [{"family": "Author", "given": "A."}],
        "year": 2020,
        "source_pointer": f"sources/{key}",
        "source_acquired": acquired,
        "source_verified_against_original": verified,
        "source_verification_method": "manual_grep" if verified else "none",
        "description_last_audit": "round_1" if acquired else "none",
        **extra,
    }
    if record is None:
        return data
    found = lookup_record(data)
    found["checked_at"] = (NOW - timedelta(days=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    if record == "old":
        found["checked_at"] = (NOW - timedelta(days=90)).strftime("%Y-%m-%dT%H:%M:%SZ")
    elif record == "unknown":
        found["retraction"] = {"status": "unknown", "sources": ["semantic_scholar"]}
    elif record == "stale":
        found["fingerprint"] = "0000000000000000"
    elif record == "not_found":
        found.update(status="not_found", proof="doi.org: not registered", proof_kind="identifier")
    elif record == "mismatch":
        found.update(
            status="mismatch",
            differences=[{"field": "title", "entry": "A", "record": "B", "source": "crossref"}],
        )
    elif record in ("retracted", "acknowledged"):
        found["retraction"] = {
            "status": "retracted",
            "sources": ["crossref"],
            "notices": [{"type": "retraction", "doi": "10.5555/ret.1", "date": "2022-01-01"}],
        }
        if record == "acknowledged":
            data["retraction_acknowledgement"] = {
                "status": "retracted",
                "reason": "cited as an example of a retracted claim",
                "acknowledged_at": "2026-11-01T00:00:00Z",
            }
    data["lookup"] = found
    return data


def _yaml(data: Any) -> str:
    import io

    out = io.StringIO()
    writer = YAML(typ="safe")
    writer.default_flow_style = False
    writer.allow_unicode = True
    writer.dump(data, out)
    return out.getvalue()


def _write_session(root: Path, *, opt_out: bool) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "sources").mkdir(exist_ok=True)
    (root / "sources" / "ok2020.txt").write_text(ORIGINAL, encoding="utf-8")
    (root / "sources" / "folder").mkdir(exist_ok=True)
    (root / "sources" / "noise.bin").write_bytes(bytes(range(256)) * 64)
    passport = root / "passport.yaml"
    passport.write_text(
        "# the doors' session\nsession_id: doors\nliterature_corpus:\n"
        + _yaml([_entry(k) for k in ENTRIES]),
        encoding="utf-8",
    )
    marks = [
        {"citation_key": k, "marked_at": "2026-11-02T00:00:00Z"}
        for k, (_a, _v, read, _r, _e) in ENTRIES.items()
        if read
    ] + [
        {"citation_key": "withdrawn2020", "marked_at": "2026-11-02T00:00:00Z",
         "rescinded_at": "2026-11-03T00:00:00Z"}
    ]  # fmt: skip
    (root / "passport_human_read_log.yaml").write_text(
        _yaml({"session_id": "doors", "created_at": "2026-11-01T00:00:00Z", "human_read": marks}),
        encoding="utf-8",
    )
    if opt_out:
        (root / "ars-docs.toml").write_text(
            "# this session cannot reach the registries\n[gate]\nrequire_lookup = false\n",
            encoding="utf-8",
        )
    return passport


# -- the drafts ----------------------------------------------------------------------------

OK = "Author (2020) <!--ref:ok2020 ok-->"
QUOTE_OK = "“Trust is earned in drops and lost in buckets”"
QUOTE_MADE_UP = "“trust grows back every spring like the grass on the hills”"


@dataclass(frozen=True)
class Row:
    text: str
    #: Refusal reasons render --strict gives on the draft as it is (default policy).
    reasons: frozenset[str]


def row(text: str, *reasons: str) -> Row:
    return Row(text, frozenset(reasons))


DRAFTS: dict[str, Row] = {
    # clean
    "clean ok": row(f"# Findings\n\n{OK} found it.\n"),
    "clean two cites": row(f"# A\n\n{OK} and again (Author, 2020) <!--ref:ok2020 ok-->.\n"),
    "clean acknowledged retraction": row(
        "A retracted study (Author, 2020) <!--ref:acked2020 ok--> is discussed.\n"
    ),
    "clean exact quotation": row(f"Author (2020) writes {QUOTE_OK} <!--ref:ok2020 ok-->.\n"),
    "clean marker in code": row(f"{OK} says.\n\n```\nJones (2021) <!--ref:ghost-->\n```\n"),
    "clean waived": row(f"{OK} holds. Table 2 (2020) <!--not-a-citation: a table-->.\n"),
    "clean list and block quote": row(
        f"- {OK} one\n- two\n\n> Trust is earned in drops and lost in buckets.\n"
        "<!--ref:ok2020 ok-->\n"
    ),
    "clean crlf": row(f"# T\r\n\r\n{OK} found it.\r\n"),
    "clean non-ascii": row("Müller (2020) <!--ref:ok2020 ok--> schreibt: Öffentlichkeit.\n"),
    # the matrix
    "bare": row("Author (2020) <!--ref:ok2020--> found it.\n", "unresolved-marker"),
    "malformed": row(f"{OK}. Also <!--ref:bad key--> there.\n", "malformed-marker"),
    "high prefix": row(
        "Author (2020) [UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020--> says.\n",
        "unverified-citation",
    ),
    "med prefix": row(
        "Author (2020) [UNVERIFIED CITATION — AI HAS NOT CROSS-CHECKED]<!--ref:med2020--> says.\n",
        "unverified-citation",
    ),
    "orphan warning": row(
        f"{OK} says [UNVERIFIED CITATION — NO ORIGINAL] this.\n", "unverified-citation-text"
    ),
    "not in corpus": row("Ghost (2020) <!--ref:ghost2020 ok--> says.\n", "not-in-corpus"),
    "low unacknowledged": row(
        "Author (2020) <!--ref:low2020 LOW-WARN--> says.\n", "unacknowledged-low-warn"
    ),
    "forged ok on med": row("Author (2020) <!--ref:med2020 ok--> says.\n", "forged-status"),
    "forged ok on high": row("Author (2020) <!--ref:high2020 ok--> says.\n", "forged-status"),
    "forged ok on low": row("Author (2020) <!--ref:low2020 ok--> says.\n", "forged-status"),
    "ok after unmark-read": row(
        "Author (2020) <!--ref:withdrawn2020 ok--> says.\n", "read-withdrawn"
    ),
    "unmarked": row(f"{OK} holds. Then (Smith, 2013) disagrees.\n", "unmarked-citation"),
    "unmarked narrative": row(
        f"{OK} holds.\n\nBut Jones et al. (2019) disagree.\n", "unmarked-citation"
    ),
    "no citations": row("A paragraph that cites nothing at all.\n", "no-citations"),
    "empty": row("", "no-citations"),
    "hidden comment": row(f"{OK} says <!-- x --!> so.\n", "hidden-marker"),
    "hidden in front matter": row(
        f'---\ntitle: "[UNVERIFIED CITATION — NO ORIGINAL]"\n---\n\n{OK} says.\n', "hidden-marker"
    ),
    "entity warning": row(
        f"{OK} says &#91;UNVERIFIED CITATION — NO ORIGINAL] here.\n", "unverified-citation-text"
    ),
    "escaped marker": row(f"{OK} says \\<!--ref:ok2020 ok--> here.\n", "unresolved-marker"),
    "strip changes reading": row("<!--ref:ok2020 ok--> says `x` here\n", "strip-changes-reading"),
    # what the registries recorded
    "source not found": row("Author (2020) <!--ref:gone2020 ok--> says.\n", "source-not-found"),
    "metadata mismatch": row("Author (2020) <!--ref:other2020 ok--> says.\n", "metadata-mismatch"),
    "retracted": row("Author (2020) <!--ref:retracted2020 ok--> says.\n", "retracted-source"),
    # existence (issue 33)
    "never looked up": row(
        "Author (2020) <!--ref:unlooked2020 ok--> says.\n", "existence-unchecked"
    ),
    "lookup too old": row("Author (2020) <!--ref:old2020 ok--> says.\n", "existence-unchecked"),
    "retraction unknown": row(
        "Author (2020) <!--ref:unknown2020 ok--> says.\n", "existence-unchecked"
    ),
    "lookup stale": row("Author (2020) <!--ref:stale2020 ok--> says.\n", "existence-unchecked"),
    "high and never looked up": row(
        "Author (2020) <!--ref:unlooked2020 ok--> and "
        "[UNVERIFIED CITATION — NO ORIGINAL]<!--ref:high2020-->.\n",
        "existence-unchecked",
        "unverified-citation",
    ),
    # quotations
    "altered quotation": row(
        "Author (2020) writes “Trust is earned in drops and lost in rivers” "
        "<!--ref:ok2020 ok-->.\n",
        "altered-quotation",
    ),
    "quotation not found": row(
        f"Author (2020) writes {QUOTE_MADE_UP} <!--ref:ok2020 ok-->.\n", "quotation-not-found"
    ),
    "quotation without original": row(
        f"Author (2020) writes {QUOTE_MADE_UP} <!--ref:noorig2020 ok-->.\n",
        "unchecked-quotation",
    ),
    "quotation from a folder": row(
        f"Author (2020) writes {QUOTE_MADE_UP} <!--ref:folder2020 ok-->.\n",
        "unchecked-quotation",
    ),
    "quotation from noise": row(
        f"Author (2020) writes {QUOTE_MADE_UP} <!--ref:binary2020 ok-->.\n",
        "unchecked-quotation",
    ),
    # text as a reader sees it (issue 33)
    "warning with a soft hyphen": row(
        f"{OK} says [UNVERIFIED CITA\u00adTION — NO ORIGINAL] this.\n", "unverified-citation-text"
    ),
    "warning with a Cyrillic letter": row(
        f"{OK} says [UNVERIFIED \u0421ITATION — NO ORIGINAL] this.\n", "unverified-citation-text"
    ),
    "warning in an alt attribute": row(
        f'{OK} says <img alt="&#91;UNVERIFIED CITATION — NO ORIGINAL]" src="x.png"> so.\n',
        "hidden-marker",
    ),
    "marker in a srcdoc": row(
        f'{OK} says <iframe srcdoc="&lt;!--ref:high2020 ok--&gt;"></iframe> so.\n',
        "hidden-marker",
    ),
    # what readers disagree is code (issue 33): read as prose, refused where it hides more
    "unclosed fence": row(
        f"{OK} holds.\n\n```\nJones (2023) said so <!--ref:high2020-->\n",
        "disputed-code",
        "unresolved-marker",
    ),
    "tilde fence right after a paragraph line": row(
        f"{OK} holds.\n~~~\nJones (2023) said so <!--ref:high2020 ok-->\n~~~\n",
        "disputed-code",
        "forged-status",
    ),
    "clean unclosed fence holding a verified citation": row(
        f"{OK} holds.\n\n```\nAuthor (2020) <!--ref:ok2020 ok--> again.\n"
    ),
    # several at once
    "mixed": row(
        f"# Mixed\n\n{OK} holds.\n\nGhost (2020) <!--ref:ghost2020 ok--> and "
        "Author (2020) <!--ref:unlooked2020 ok-->; then (Smith, 2013) too.\n",
        "not-in-corpus",
        "existence-unchecked",
        "unmarked-citation",
    ),
}

OPTED_OUT_OF = {"existence-unchecked"}


def test_the_table_covers_every_refusal_reason() -> None:
    covered = set().union(*(r.reasons for r in DRAFTS.values()))
    assert covered == set(REFUSAL_REASONS) | set(QUOTE_REFUSAL_REASONS)
    assert len(DRAFTS) >= 40
    assert sum(1 for r in DRAFTS.values() if not r.reasons) >= 5


# -- the doors -----------------------------------------------------------------------------

Offence = tuple[int, int, str, str]  # line, col, reason, key ("-": none)


@dataclass(frozen=True)
class Verdict:
    """What a door said, at the detail it says it."""

    passed: bool
    offences: tuple[Offence, ...] | None = None  # full detail
    counts: dict[str, int] | None = None  # reason -> count
    reasons: frozenset[str] | None = None  # the set of reasons only
    existence_checked: bool | None = None


def _offences(items: list[Any]) -> tuple[Offence, ...]:
    out = []
    for o in items:
        if isinstance(o, dict):
            out.append((o["line"], o["col"], o["reason"], o["slug"] or "-"))
        else:
            out.append((o.line, o.col, o.reason, o.slug))
    return tuple(sorted(out))


@dataclass
class Session:
    root: Path
    passport: Path
    cli: Callable[..., CliResult]

    def draft(self, name: str, text: str) -> Path:
        path = self.root / "drafts" / f"{_slug(name)}.md"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        return path

    def trust(self) -> tuple[Any, Any]:
        return (
            ars_docs.load_corpus(self.passport),
            ars_docs.load_read_log(ars_docs.read_log_path(self.passport)),
        )


def _slug(name: str) -> str:
    return name.replace(" ", "_")


def door_cli_render(s: Session, name: str, text: str) -> Verdict:
    path = s.draft(name, text)
    out = s.root / "out" / f"{_slug(name)}_final.md"
    out.parent.mkdir(exist_ok=True)
    done = s.cli(
        "render", path, "--strict", "--passport", s.passport, "-o", out, "--format", "json"
    )
    assert done.code in (0, 1), done.err
    data = json.loads(done.out)
    assert out.exists() == (done.code == 0)
    return Verdict(
        done.code == 0,
        _offences(data["offenders"]),
        existence_checked=data["summary"]["existence_checked"],
    )


def door_api_render(s: Session, name: str, text: str) -> Verdict:
    corpus, read_log = s.trust()
    result = ars_docs.render(text, corpus, read_log, strict=True, path=name)
    assert result.gate is not None
    assert (result.output is None) == (not result.gate.passed)
    return Verdict(
        result.passed,
        _offences(list(result.gate.offenders)),
        existence_checked=result.gate.existence_checked,
    )


def door_api_gate(s: Session, name: str, text: str) -> Verdict:
    corpus, read_log = s.trust()
    gate = ars_docs.gate(text, corpus, read_log, path=name)
    return Verdict(
        gate.passed, _offences(list(gate.offenders)), existence_checked=gate.existence_checked
    )


def door_api_inspect(s: Session, name: str, text: str) -> Verdict:
    corpus, read_log = s.trust()
    gate = ars_docs.inspect(text, corpus, read_log, path=name).gate
    return Verdict(
        gate.passed, _offences(list(gate.offenders)), existence_checked=gate.existence_checked
    )


def door_report(s: Session, name: str, text: str) -> Verdict:
    path = s.draft(name, text)
    out = s.root / "out" / f"{_slug(name)}_report.json"
    out.parent.mkdir(exist_ok=True)
    done = s.cli("report", path, "--passport", s.passport, "--format", "json", "-o", out, "-q")
    assert done.code == 0, done.err
    data = json.loads(out.read_text(encoding="utf-8"))
    strict = data["drafts"][0]["strict"]
    assert data["summary"]["drafts_passing_strict"] == int(strict["passed"])
    assert data["summary"]["existence_checked"] == strict["existence_checked"]
    return Verdict(
        strict["passed"], counts=strict["reasons"], existence_checked=strict["existence_checked"]
    )


def door_preview_banner(s: Session, name: str, text: str) -> Verdict:
    corpus, read_log = s.trust()
    html = ars_docs.render(text, corpus, read_log, strict=False, to="html", path=name).output
    assert html is not None
    passed = "<code>render --strict</code> would pass." in html
    refused = "<code>render --strict</code> would refuse:" in html
    assert passed != refused
    return Verdict(passed, existence_checked="existence of the cited works not checked" not in html)


def door_hook(s: Session, name: str, text: str) -> Verdict:
    """The pre-commit hook as pre-commit runs it: its entry, the user's args, the file."""
    path = s.draft(name, text)
    hooks = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    entry = next(h for h in hooks if h["id"] == "ars-docs-strict-gate")["entry"]
    argv = shlex.split(entry)
    assert argv[0] == "ars-docs"
    bindir = Path(sys.executable).parent
    command = [str(bindir / "ars-docs"), *argv[1:], "--passport", str(s.passport), str(path)]
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
    env.pop("ARS_PASSPORT", None)
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert done.returncode in (0, 1), done.stderr
    reasons = frozenset(
        line.split(": to fix ", 1)[1].split(":", 1)[0]
        for line in done.stderr.splitlines()
        if ": to fix " in line
    )
    return Verdict(done.returncode == 0, reasons=reasons)


AS_IS: dict[str, Callable[[Session, str, str], Verdict]] = {
    "render --strict": door_cli_render,
    "ars_docs.render(strict=True)": door_api_render,
    "ars_docs.gate": door_api_gate,
    "ars_docs.inspect": door_api_inspect,
    "report --format json": door_report,
    "render --to html (preview banner)": door_preview_banner,
    "pre-commit ars-docs-strict-gate": door_hook,
}


def door_cli_dispatch(s: Session, name: str, text: str) -> Verdict:
    path = s.draft(name, text)
    payload_out = s.root / "out" / f"{_slug(name)}_handoff.json"
    payload_out.parent.mkdir(exist_ok=True)
    done = s.cli(
        "dispatch", path, "--passport", s.passport, "--payload-out", payload_out,
        "--final-out", s.root / "out" / f"{_slug(name)}_dispatched.md", "--format", "json",
    )  # fmt: skip
    assert done.code in (0, 1), done.err
    data = json.loads(done.out)
    decision = json.loads(payload_out.read_text(encoding="utf-8"))["terminal_gate_decision"]
    assert decision["decision"] == ("EMITTED" if done.code == 0 else "REFUSED")
    assert data["summary"]["existence_checked"] == decision["existence_checked"]
    return Verdict(
        done.code == 0,
        _offences(data["offenders"]),
        existence_checked=decision["existence_checked"],
    )


def door_api_dispatch(s: Session, name: str, text: str) -> Verdict:
    corpus, read_log = s.trust()
    result = ars_docs.dispatch(corpus, read_log, draft_text=text)
    assert result.gate is not None
    decision = result.payload["terminal_gate_decision"]
    return Verdict(
        result.emitted,
        _offences(list(result.gate.offenders)),
        existence_checked=decision["existence_checked"],
    )


def door_api_forecast(s: Session, name: str, text: str) -> Verdict:
    corpus, read_log = s.trust()
    result = ars_docs.finalize(text, corpus, read_log, path=name)
    return Verdict(
        result.gate_would_pass,
        counts=dict(Counter(o.reason for o in result.forecast)),
        existence_checked=result.existence_checked,
    )


def door_cli_forecast(s: Session, name: str, text: str) -> Verdict:
    path = s.draft(name, text)
    done = s.cli("finalize", path, "--passport", s.passport, "--format", "json")
    assert done.code == 0, done.err
    forecast = json.loads(done.out)["gate_forecast"]
    counts = Counter(o["reason"] for o in forecast["offenders"])
    assert forecast["problems"] == sum(counts.values())
    return Verdict(
        forecast["passed"], counts=dict(counts), existence_checked=forecast["existence_checked"]
    )


AFTER_FINALIZE: dict[str, Callable[[Session, str, str], Verdict]] = {
    "dispatch": door_cli_dispatch,
    "ars_docs.dispatch": door_api_dispatch,
    "ars_docs.finalize (forecast)": door_api_forecast,
    "finalize --format json (gate_forecast)": door_cli_forecast,
}


def test_every_door_has_a_row() -> None:
    """Doors are found, not listed: a new one without a row here fails."""
    from ars_docs.cli.main import build_parser

    doors = set(AS_IS) | set(AFTER_FINALIZE)
    # every command that can run the strict gate or forecast it takes --no-require-lookup
    parser = build_parser(["--help"])
    sub = next(a for a in parser._actions if a.dest == "command")
    gated = sorted(
        name
        for name, p in sub.choices.items()  # type: ignore[union-attr]
        if any("--no-require-lookup" in a.option_strings for a in p._actions)
    )
    assert gated == ["dispatch", "finalize", "render", "report"]
    assert {"render --strict", "dispatch", "report --format json"} <= doors
    assert any(d.startswith("finalize") for d in doors)
    # every public function that returns a verdict
    verdict_types = ("GateResult", "RenderResult", "DispatchResult", "Inspection", "FinalizeResult")
    public = sorted(
        name
        for name in ars_docs.__all__
        if callable(getattr(ars_docs, name))
        and not isinstance(getattr(ars_docs, name), type)
        and any(t in str(getattr(getattr(ars_docs, name), "__annotations__", {}).get("return"))
            for t in verdict_types)
    )  # fmt: skip
    assert public == ["dispatch", "finalize", "gate", "inspect", "render"]
    for name in public:
        assert any(d.startswith(f"ars_docs.{name}") for d in doors), name
    # every pre-commit hook that runs the gate
    hooks = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    for hook in hooks:
        if "--strict" in hook["entry"]:
            assert f"pre-commit {hook['id']}" in doors


# -- running the table ---------------------------------------------------------------------


@pytest.fixture(scope="module", params=["required", "opted out"])
def session(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Session]:
    root = tmp_path_factory.mktemp(request.param.replace(" ", "_"))
    passport = _write_session(root, opt_out=request.param == "opted out")
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", EPOCH)
    mp.setenv("ARS_DOCS_CACHE_DIR", str(root / "cache"))
    mp.delenv("ARS_PASSPORT", raising=False)
    mp.chdir(root)
    try:
        yield Session(root, passport, _Cli())
    finally:
        mp.undo()


class _Cli:
    """The CLI in-process (the ``cli`` fixture is function-scoped; this is the same call)."""

    def __call__(self, *argv: str | Path) -> CliResult:
        import contextlib
        import io

        from ars_docs.cli.main import run

        out, err = io.BytesIO(), io.StringIO()
        wrapped = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
        with contextlib.redirect_stdout(wrapped), contextlib.redirect_stderr(err):
            code = run([str(a) for a in argv])
            wrapped.flush()
        return CliResult(code, out.getvalue().decode("utf-8"), err.getvalue())


def _expected(row_: Row, opted_out: bool) -> frozenset[str]:
    return row_.reasons - OPTED_OUT_OF if opted_out else row_.reasons


def _check(door: str, said: Verdict, reference: Any, opted_out: bool) -> None:
    want = _offences(list(reference.offenders))
    assert said.passed == reference.passed, door
    if said.offences is not None:
        assert said.offences == want, door
    if said.counts is not None:
        assert said.counts == dict(Counter(o[2] for o in want)), door
    if said.reasons is not None:
        assert said.reasons == frozenset(o[2] for o in want), door
    if said.existence_checked is not None:
        assert said.existence_checked is (not opted_out), door


@pytest.mark.parametrize("name", list(DRAFTS))
def test_every_door_gives_the_gates_verdict(session: Session, name: str) -> None:
    row_ = DRAFTS[name]
    opted_out = (session.root / "ars-docs.toml").exists()
    corpus, read_log = session.trust()
    reference = ars_docs.gate(row_.text, corpus, read_log, path=name)
    assert frozenset(o.reason for o in reference.offenders) == _expected(row_, opted_out)
    for door, ask in AS_IS.items():
        _check(door, ask(session, name, row_.text), reference, opted_out)
    finalized = ars_docs.finalize(row_.text, corpus, read_log, path=name).text
    after = ars_docs.gate(finalized, corpus, read_log, path=name)
    for door, ask in AFTER_FINALIZE.items():
        _check(door, ask(session, name, row_.text), after, opted_out)


def test_the_batch_door_gives_each_drafts_verdict(session: Session) -> None:
    """``render --strict`` over all the drafts at once: each draft's own result."""
    opted_out = (session.root / "ars-docs.toml").exists()
    corpus, read_log = session.trust()
    folder = session.root / "batch"
    folder.mkdir(exist_ok=True)
    paths = {}
    for name, row_ in DRAFTS.items():
        path = folder / f"{_slug(name)}.md"
        path.write_bytes(row_.text.encode("utf-8"))
        paths[name] = path
    done = session.cli(
        "render", *paths.values(), "--strict", "--passport", session.passport, "-j", "2"
    )
    assert done.code == (1 if any(_expected(r, opted_out) for r in DRAFTS.values()) else 0)
    for name, row_ in DRAFTS.items():
        reference = ars_docs.gate(row_.text, corpus, read_log, path=str(paths[name]))
        final = paths[name].with_name(f"{paths[name].stem}_final.md")
        assert final.exists() == reference.passed, name
        for o in reference.offenders:
            assert f"{paths[name]}:{o.line}:{o.col}: {o.reason} {o.slug}" in done.err, name
