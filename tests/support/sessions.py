"""Building sessions on disk for tests: passport and read-log text, entries, the Session."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def entry(
    key: str,
    *,
    acquired: bool,
    verified: bool,
    method: str | None = None,
    looked_up: bool = True,
    **extra: Any,
) -> str:
    """One literature_corpus[] entry as YAML text (indented for the list).

    ``looked_up``: the entry carries a current ``ars-docs lookup`` record (found, not
    retracted, checked an hour before the clock), as in a session that ran lookup —
    what ``render --strict`` requires of every cited work (issue 33). Tests of
    existence itself pass ``looked_up=False``.
    """
    method = method or ("codex_audit" if verified else "none")
    lines = [
        f"  - citation_key: {key}",
        f"    title: Title of {key}",
        "    authors: [{family: Author, given: A.}]",
        "    year: 2020",
        f"    source_pointer: sources/{key}.pdf",
        f"    source_acquired: {str(acquired).lower()}",
        f"    source_verified_against_original: {str(verified).lower()}",
        f"    source_verification_method: {method}",
        f"    description_last_audit: {'round_1' if acquired else 'none'}",
    ]
    lines += [f"    {k}: {v}" for k, v in extra.items()]
    text = "\n".join(lines) + "\n"
    return text + lookup_record_text(text) if looked_up else text


def lookup_record(data: Any) -> dict[str, Any]:
    """A current lookup record (found, not retracted) for the entry ``data`` (a mapping)."""
    from datetime import timedelta

    from ars_docs.core.clock import Clock
    from ars_docs.session.lookup_record import fingerprint

    when = (Clock.from_env().now() - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {
        "status": "found",
        "checked_at": when,
        "fingerprint": fingerprint(data),
        "sources": ["crossref"],
        "retraction": {"status": "none", "sources": ["crossref"]},
    }


def looked_up(corpus: Any) -> Any:
    """``corpus`` (a passport mapping or a list of entry mappings) with a current lookup
    record in every entry that has none, as after ``ars-docs lookup`` (issue 33)."""
    entries = corpus["literature_corpus"] if isinstance(corpus, dict) else corpus
    for item in entries:
        if isinstance(item, dict) and "lookup" not in item:
            item["lookup"] = lookup_record(item)
    return corpus


def lookup_record_text(entry_text: str, *, indent: str = "    ") -> str:
    """A current lookup record for the entry ``entry_text`` (one list item of YAML)."""
    from ruamel.yaml import YAML

    record = lookup_record(YAML(typ="safe").load(entry_text)[0])
    return (
        f"{indent}lookup:\n"
        f"{indent}  status: found\n"
        f'{indent}  checked_at: "{record["checked_at"]}"\n'
        f'{indent}  fingerprint: "{record["fingerprint"]}"\n'
        f"{indent}  sources: [crossref]\n"
        f"{indent}  retraction: {{status: none, sources: [crossref]}}\n"
    )


def passport_text(*entries: str, session_id: str = "test-session") -> str:
    return f"# test passport\nsession_id: {session_id}\nliterature_corpus:\n" + "".join(entries)


#: A passport covering each matrix row: key -> (acquired, verified).
STANDARD = {
    "ok2020": (True, True),
    "low2020": (True, True),
    "med2020": (True, False),
    "high2020": (False, False),
}


def standard_passport() -> str:
    return passport_text(*(entry(k, acquired=a, verified=v) for k, (a, v) in STANDARD.items()))


def read_log_text(*keys: str, level: str | None = None, rescinded: set[str] | None = None) -> str:
    lines = ["session_id: test-session", "created_at: 2026-01-01T00:00:00Z", "human_read:"]
    for key in keys:
        lines.append(f"  - citation_key: {key}")
        lines.append("    marked_at: 2026-01-02T00:00:00Z")
        if level is not None:
            lines.append(f"    read_scope: {{level: {level}, locators: [], note: null}}")
        if rescinded and key in rescinded:
            lines.append("    rescinded_at: 2026-01-03T00:00:00Z")
    return "\n".join(lines) + "\n"


@dataclass
class Session:
    """A temporary session folder with a passport, its read log and a draft."""

    root: Path

    @property
    def passport(self) -> Path:
        return self.root / "passport.yaml"

    @property
    def read_log(self) -> Path:
        return self.root / "passport_human_read_log.yaml"

    @property
    def draft(self) -> Path:
        return self.root / "draft.md"

    def write(self, name: str, text: str, *, dedent: bool = True) -> Path:
        path = self.root / name
        path.write_bytes((textwrap.dedent(text) if dedent else text).encode("utf-8"))
        return path


@dataclass
class CliResult:
    code: int
    out: str
    err: str
