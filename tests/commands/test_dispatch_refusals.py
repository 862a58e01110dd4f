"""``dispatch`` refusals an agent can act on (issue 25 §4): bounded, named, with fixes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ars_docs.core.limits import MESSAGE_LIMIT
from tests.support.sessions import CliResult, entry, passport_text


def session(tmp: Path, body: str) -> tuple[Path, Path]:
    passport = tmp / "passport.yaml"
    passport.write_text(
        passport_text(
            entry("newton_2000", acquired=True, verified=True),
            entry("muller_2015", acquired=False, verified=False),
        ),
        encoding="utf-8",
    )
    report = tmp / "report.md"
    report.write_text(body, encoding="utf-8")
    return passport, report


FAMILY = ["Albers", "Brandt", "Castell", "Dorsey", "Ebner", "Fischer", "Gallo", "Hartmann"]
FAMILY += ["Ibsen", "Jansen"]
ENDING = ["", "son", "berg", "feld", "mann", "er", "ski", "ova", "ez", "ini"]


def author(n: int) -> str:
    """A distinct, realistic surname for each of 100 citations."""
    return FAMILY[n % 10] + ENDING[n // 10]


def many_problems() -> str:
    lines = ["---", "title: Energy <!--ref:newton_2000-->", "---", "", "# Energy balance", ""]
    for n in range(100):
        lines.append(f"Finding {n} was reported by {author(n)} et al. ({1900 + n}).")
        lines.append("")
    lines.append("Newton said so <!--ref:newtn_2000--> and <!--ref:newton 2000-->.")
    return "\n".join(lines) + "\n"


def test_a_refusal_with_100_problems_is_bounded_and_names_them(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    passport, report = session(tmp_path, many_problems())
    result = cli("dispatch", report, "--passport", passport)
    assert result.code == 1
    lines = result.err.splitlines()
    assert all(len(line) <= MESSAGE_LIMIT for line in lines)
    listed = [line for line in lines if line.startswith(f"{report}:") and ": REFUSED" not in line]
    assert len(listed) == 20
    assert "… and 83 more (--verbose)" in lines
    # Hidden and unmarked text is named by the text itself.
    assert f"{report}:2:15: hidden-marker '<!--ref:newton_2000-->'" in result.err
    assert "unmarked-citation 'Albers et al. (1900)'" in result.err
    assert lines[-1].startswith(f"{report}: REFUSED: the terminal gate refused 103 citation")
    assert "run the same command again" in lines[-1]
    handoff = json.loads((tmp_path / "report_handoff.json").read_text(encoding="utf-8"))
    reason = handoff["terminal_gate_decision"]["reason"]
    assert len(reason) <= MESSAGE_LIMIT
    assert reason.count("unmarked-citation") <= 20
    assert "; and " in reason and " more" in reason
    assert "'Albers et al. (1900)'" in reason
    report.write_text(many_problems(), encoding="utf-8")
    every = cli("dispatch", report, "--passport", passport, "-v")
    assert len([line for line in every.err.splitlines() if "unmarked-citation" in line]) == 100


def test_did_you_mean_and_json(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    body = (
        "# Energy\n\nNewton <!--ref:newtn_2000--> and <!--ref:newton 2000-->. "
        "Müller (2015) agrees.\n"
    )
    passport, report = session(tmp_path, body)
    text = cli("dispatch", report, "--passport", passport)
    assert "did you mean newton_2000?" in text.err
    assert "did you mean <!--ref:newton_2000-->?" in text.err
    report.write_text(body, encoding="utf-8")
    result = cli("dispatch", report, "--passport", passport, "--format", "json")
    assert result.code == 1
    data = json.loads(result.out)
    assert next(iter(data)) == "summary" and list(data)[-1] == "diagnostics"
    assert data["summary"]["command"] == "dispatch"
    assert data["summary"]["decision"] == "REFUSED" and data["summary"]["offenders"] == 3
    by_reason = {o["reason"]: o for o in data["offenders"]}
    assert by_reason["malformed-marker"]["fix"] == "<!--ref:newton_2000-->"
    unknown = next(o for o in data["offenders"] if o["slug"] == "newtn_2000")
    assert unknown["suggestions"] == ["newton_2000"]
    assert unknown["fix"] == "<!--ref:newton_2000-->"
    assert by_reason["unmarked-citation"]["text"] == "Müller (2015)"
    assert (tmp_path / "report_handoff.json").is_file()


def test_json_and_payload_on_stdout_together_are_refused(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    passport, report = session(tmp_path, "# A\n\nText <!--ref:newton_2000-->.\n")
    before = report.read_bytes()
    result = cli(
        "dispatch", report, "--passport", passport, "--payload-out", "-", "--format", "json"
    )
    assert result.code == 64
    assert "--payload-out PATH" in result.err and len(result.err.splitlines()) == 1
    assert report.read_bytes() == before


def test_an_emitted_report_in_json(tmp_path: Path, cli: Callable[..., CliResult]) -> None:
    passport, report = session(tmp_path, "# A\n\nText <!--ref:newton_2000-->.\n")
    (tmp_path / "passport_human_read_log.yaml").write_text(
        "session_id: test-session\ncreated_at: 2026-01-01T00:00:00Z\nhuman_read:\n"
        "  - citation_key: newton_2000\n    marked_at: 2026-01-02T00:00:00Z\n",
        encoding="utf-8",
    )
    result = cli("dispatch", report, "--passport", passport, "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["summary"]["emitted"] is True and data["offenders"] == []
    assert data["summary"]["final_report"] == str(tmp_path / "report_final.md")
    assert (tmp_path / "report_final.md").is_file()
