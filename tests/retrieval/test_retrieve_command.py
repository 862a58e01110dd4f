"""``ars-docs retrieve`` as a command (§4 Step 5): what it writes, when it writes
nothing, exit codes and messages, the cache, and progress output."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ars_docs.retrieval.progress import Progress
from tests.support.retrieval import (
    E1,
    F3,
    PAYWALLED,
    World,
    sample_config,
    sample_passport,
    sample_world,
)


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith("ARS_RETRIEVAL_") or name.lower().endswith("_proxy"):
            monkeypatch.delenv(name)


@pytest.fixture
def world() -> Iterator[World]:
    with World() as w:
        sample_world(w)
        yield w


@pytest.fixture
def session(tmp_path: Path, world: World) -> Path:
    """A session folder with the Step 5 sample passport and a config beside it."""
    (tmp_path / "passport.yaml").write_text(
        sample_passport().replace("{base}", world.base), encoding="utf-8"
    )
    (tmp_path / "ars-docs.toml").write_text(sample_config(world), encoding="utf-8")
    return tmp_path / "passport.yaml"


def tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_dry_run_writes_nothing(session: Path, world: World, cli, tmp_path: Path) -> None:
    cache = Path(os.environ["ARS_DOCS_CACHE_DIR"])
    before, cache_before = tree(tmp_path), tree(cache)
    result = cli("retrieve", "--passport", session, "--dry-run")
    assert result.code == 1
    assert "(dry run: nothing written)" in result.out
    assert f"{F3}: acquired via wayback_cdx_search; would save sources/{F3}.html" in result.out
    assert "attempt log:" not in result.out
    assert tree(tmp_path) == before and tree(cache) == cache_before
    assert world.seen  # it did look


def test_passport_bytes_unchanged_when_nothing_is_found(session: Path, cli) -> None:
    before = session.read_bytes()
    result = cli("retrieve", "--passport", session, PAYWALLED)
    assert result.code == 1
    assert session.read_bytes() == before
    assert not (session.parent / "sources").exists()


def test_attempt_log_only_grows(session: Path, cli) -> None:
    log = session.parent / "passport_retrieval_log.jsonl"
    cli("retrieve", "--passport", session, PAYWALLED)
    first = log.read_bytes()
    cli("retrieve", "--passport", session, PAYWALLED)
    second = log.read_bytes()
    assert second.startswith(first) and len(second) > len(first)
    assert all(json.loads(line) for line in second.splitlines())


def test_rerun_is_served_from_the_cache(session: Path, world: World, cli) -> None:
    cli("retrieve", "--passport", session, PAYWALLED)
    asked = len(world.seen)
    result = cli("retrieve", "--passport", session, PAYWALLED)
    assert result.code == 1
    assert len(world.seen) == asked
    assert "requests sent: 0" in result.out
    refreshed = cli("retrieve", "--passport", session, PAYWALLED, "--refresh")
    assert len(world.seen) > asked and "requests sent: 0" not in refreshed.out


def test_already_acquired_keys_are_left_alone(session: Path, world: World, cli) -> None:
    assert cli("retrieve", "--passport", session, E1).code == 0
    asked = len(world.seen)
    result = cli("retrieve", "--passport", session, E1)
    assert result.code == 0
    assert f"{E1}: already_acquired: source_acquired is already true (sources/{E1}.pdf)" in (
        result.out
    )
    assert len(world.seen) == asked


def test_nothing_to_do(session: Path, cli) -> None:
    assert cli("retrieve", "--passport", session, F3, E1).code == 0
    text = session.read_text(encoding="utf-8").replace(
        "source_acquired: false", "source_acquired: true"
    )
    session.write_text(text, encoding="utf-8")
    result = cli("retrieve", "--passport", session)
    assert result.code == 0 and "nothing to retrieve" in result.out


def test_passport_from_environment(session: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARS_PASSPORT", str(session))
    assert cli("retrieve", E1).code == 0


# -- refusals: exit codes and messages --------------------------------------------------


def test_no_passport_is_usage_error(cli) -> None:
    result = cli("retrieve")
    assert result.code == 64 and "no passport given" in result.err


def test_missing_passport_is_66(tmp_path: Path, cli) -> None:
    result = cli("retrieve", "--passport", tmp_path / "nope.yaml")
    assert result.code == 66 and "nope.yaml: passport not found" in result.err
    assert "Traceback" not in result.err


def test_unknown_key_is_65_and_asks_nothing(session: Path, world: World, cli) -> None:
    result = cli("retrieve", "--passport", session, "harvey_stensaker_2009")
    assert result.code == 65
    assert "citation_key 'harvey_stensaker_2009' not in literature_corpus[]" in result.err
    assert f"closest keys: {E1}" in result.err
    assert world.seen == []


def test_missing_config_file_is_66(session: Path, cli) -> None:
    result = cli("retrieve", "--passport", session, "--config", session.parent / "none.toml")
    assert result.code == 66 and "none.toml: config file not found" in result.err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[retrieval\ncontact_email = 1", "ars-docs.toml:1:11: malformed TOML"),
        ("[retrieval]\ncontact_emial = 'a@b.org'", "ars-docs.toml:2: unknown key 'contact_emial'"),
        ("[retrieval]\ncontact_email = 'a@b.org'\ntimeout = 'soon'", "ars-docs.toml:3: timeout"),
        ("[retrieval]\ncontact_email = 'nobody'", "is not an e-mail address"),
        ("[retrieval]\ncontact_email = 'a@b.org'\nconcurrency = 0", "out of range (1–32)"),
        (
            "[retrieval]\ncontact_email = 'a@b.org'\n[retrieval.endpoints]\ncore = 'ftp://x'",
            "ars-docs.toml:4: endpoint core: 'ftp://x' is not an absolute http(s) URL",
        ),
        (
            "[retrieval]\ncontact_email = 'a@b.org'\n[retrieval.endpoints]\nscholar = 'https://x'",
            "unknown endpoint 'scholar'",
        ),
        (
            "[retrieval]\ncontact_email = 'a@b.org'\n[retrieval.author_homepages]\nDoe = 3",
            "author_homepages.Doe must be a URL or a list of URLs",
        ),
    ],
)
def test_bad_config_is_65(session: Path, world: World, cli, text: str, message: str) -> None:
    (session.parent / "ars-docs.toml").write_text(text, encoding="utf-8")
    result = cli("retrieve", "--passport", session)
    assert result.code == 65, result.err
    assert message in result.err
    assert world.seen == [] and "Traceback" not in result.err


def test_missing_contact_email_is_64(session: Path, world: World, cli) -> None:
    (session.parent / "ars-docs.toml").write_text("[retrieval]\ntimeout = 3\n", encoding="utf-8")
    result = cli("retrieve", "--passport", session)
    assert result.code == 64
    assert "set contact_email in the [retrieval] section" in result.err
    assert "$ARS_RETRIEVAL_CONTACT_EMAIL" in result.err
    assert world.seen == []


def test_bad_environment_variable_is_64(
    session: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARS_RETRIEVAL_TIMEOUT", "fast")
    result = cli("retrieve", "--passport", session)
    assert result.code == 64 and "$ARS_RETRIEVAL_TIMEOUT: expected a number" in result.err


@pytest.mark.parametrize("value", ["0", "33", "many"])
def test_bad_concurrency_is_64(session: Path, cli, value: str) -> None:
    result = cli("retrieve", "--passport", session, "--concurrency", value)
    assert result.code == 64 and "--concurrency" in result.err


def test_unwritable_sources_folder_is_73_before_any_request(
    session: Path, world: World, cli
) -> None:
    blocker = session.parent / "not-a-folder"
    blocker.write_text("a file where the sources folder should go", encoding="utf-8")
    result = cli("retrieve", "--passport", session, "--sources-dir", blocker / "sources")
    assert result.code == 73
    assert "sources folder" in result.err and "cannot be created or written" in result.err
    assert world.seen == []


def test_read_only_passport_is_73_before_any_request(
    session: Path, world: World, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tests run as root in CI, where chmod cannot make a file unwritable: fake the check.
    real_access = os.access

    def access(path: object, mode: int) -> bool:
        if Path(str(path)) == session and mode & os.W_OK:
            return False
        return real_access(path, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    before = session.read_bytes()
    result = cli("retrieve", "--passport", session)
    assert result.code == 73 and "is not writable" in result.err
    assert world.seen == []
    assert session.read_bytes() == before


def test_flow_style_entry_is_refused_but_the_file_is_kept(
    tmp_path: Path, world: World, cli
) -> None:
    text = sample_passport().replace("{base}", world.base)
    # Rewrite E1 as a flow mapping.
    start = text.index(f"  - citation_key: {E1}")
    end = text.index(f"  - citation_key: {PAYWALLED}")
    flow = (
        f"  - {{citation_key: {E1}, title: 'Quality culture: understandings, boundaries and "
        "linkages', authors: [{family: Harvey}, {family: Stensaker}], year: 2008, "
        "source_pointer: x, doi: '10.1111/j.1465-3435.2008.00373.x', source_acquired: false}\n"
    )
    passport = tmp_path / "passport.yaml"
    passport.write_text(text[:start] + flow + text[end:], encoding="utf-8")
    (tmp_path / "ars-docs.toml").write_text(sample_config(world), encoding="utf-8")
    before = passport.read_bytes()
    result = cli("retrieve", "--passport", passport, E1)
    assert result.code == 65
    assert "is written in flow style" in result.err
    assert f"the retrieved file(s) are saved (sources/{E1}.pdf)" in result.err
    assert passport.read_bytes() == before
    assert (tmp_path / "sources" / f"{E1}.pdf").exists()


# -- progress ---------------------------------------------------------------------------


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal() -> None:
    stream = Tty()
    progress = Progress(3, stream)
    progress.update("a", "acquired")
    progress.update("b", "pending")
    progress.close()
    text = stream.getvalue()
    assert text.startswith("\r[") and "2/3 b: pending" in text and text.endswith("\n")


def test_plain_lines_otherwise() -> None:
    stream = io.StringIO()
    progress = Progress(2, stream)
    progress.update("a", "acquired")
    progress.close()
    assert stream.getvalue() == "retrieve [1/2] a: acquired\n"
    single = Tty()
    Progress(1, single).update("a", "x")
    assert single.getvalue() == "retrieve [1/1] a: x\n"  # a bar only for batches


def test_a_failure_mid_batch_keeps_what_finished(
    session: Path, world: World, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ars_docs.core.errors import OutputError
    from ars_docs.retrieval import chain

    real_save = chain.save_source

    def failing_save(sources: Path, key: str, kind: str, body: bytes, **kw: Any) -> Path:
        if key == E1:
            raise OutputError(f"cannot write {sources / key}: disk full")
        return real_save(sources, key, kind, body, **kw)

    monkeypatch.setattr(chain, "save_source", failing_save)
    before = session.read_bytes()
    result = cli("retrieve", "--passport", session, "--concurrency", "1")
    assert result.code == 73 and "disk full" in result.err
    assert session.read_bytes() == before  # nothing half-recorded
    log = (session.parent / "passport_retrieval_log.jsonl").read_text(encoding="utf-8")
    assert '"event":"acquired"' in log and F3 in log  # the entry that finished is logged

    monkeypatch.setattr(chain, "save_source", real_save)
    asked = len(world.seen)
    rerun = cli("retrieve", "--passport", session, F3)
    assert rerun.code == 0
    assert "acquired via local_file; verified the file already at sources/" in rerun.out
    assert len(world.seen) == asked


def test_quiet_prints_the_summary_and_the_next_step(session: Path, world: World, cli) -> None:
    result = cli("retrieve", "--passport", session, F3, "-q")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines == [
        f"{session}: 1 entry: acquired 1, pending_user_action 0, already_acquired 0, "
        "unverifiable 0, network_unavailable 0",
        f"next: open each saved original and check it against its entry, then ars-docs verify "
        f"{F3} --passport {session} --method manual_grep (or vision_check, codex_audit: how it "
        "was checked)",
    ]
    assert f"source_acquisition_path: sources/{F3}.html" in session.read_text(encoding="utf-8")


def test_the_full_report_ends_with_the_next_step_and_a_dry_run_has_none(
    session: Path, world: World, cli
) -> None:
    dry = cli("retrieve", "--passport", session, F3, "--dry-run")
    assert dry.code == 0 and "next:" not in dry.out
    done = cli("retrieve", "--passport", session, F3)
    assert done.code == 0
    assert done.out.splitlines()[-1].startswith("next: open each saved original and check it")


def test_an_entry_url_into_the_cloud_metadata_service_is_never_fetched(
    session: Path, world: World, cli
) -> None:
    """A document link is someone else's choice (a registry's answer, a page, an agent's
    entry): it is judged like a redirect before anything is sent (issue 38)."""
    from tests.support.retrieval import entry_yaml

    text = session.read_text(encoding="utf-8") + entry_yaml(
        "meta2020", "Instance credentials", [{"family": "Cloud", "given": "A."}], year=2020,
        type="webpage", url="http://0xa9fea9fe/latest/meta-data/iam/",
    )  # fmt: skip
    session.write_text(text, encoding="utf-8")
    before = session.read_bytes()
    result = cli("retrieve", "--passport", session, "meta2020", "--format", "json")
    assert result.code == 1, result.err
    (outcome,) = json.loads(result.out)["entries"]
    refused = [a for a in outcome["attempts"] if a["reason"] == "blocked_host"]
    assert refused and refused[0]["detail"] == (
        "a link to the link-local address 169.254.169.254 (0xa9fea9fe); not followed"
    )
    assert session.read_bytes() == before
