"""Coming back to a run (issue 15 §2, issue 16): a relative ``--passport``, files already
under ``sources/``, user-saved scans, candidates kept for the handoff, offline runs.

Real CLI, local HTTP world on 127.0.0.1 only."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from ars_docs.retrieval import read_attempt_log
from ars_docs.session.corpus import load_corpus
from tests.support.retrieval import (
    E1,
    PAYWALLED,
    PAYWALLED_TITLE,
    World,
    config_toml,
    entry_yaml,
    make_pdf,
    passport_yaml,
    pdf,
    redirect,
    sample_config,
    sample_passport,
    sample_world,
)


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1777000000")
    monkeypatch.setenv("ARS_DOCS_NO_CACHE", "1")
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def world() -> Iterator[World]:
    with World() as w:
        sample_world(w)
        yield w


def session(root: Path, world: World) -> str:
    (root / "passport.yaml").write_text(
        sample_passport().replace("{base}", world.base), encoding="utf-8"
    )
    (root / "ars-docs.toml").write_text(sample_config(world), encoding="utf-8")
    return "passport.yaml"


def data(root: Path, key: str) -> dict[str, object]:
    entry = load_corpus(root / "passport.yaml", use_cache=False).get(key)
    assert entry is not None
    return entry.data


def test_relative_passport_handoff_resume(
    tmp_path: Path, world: World, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    passport = session(tmp_path, world)
    first = cli("retrieve", "--passport", passport, PAYWALLED)
    assert first.code == 1, first.err
    command = f"ars-docs retrieve --passport {passport} {PAYWALLED}"
    assert command in first.out  # the command the handoff prints ...
    (tmp_path / "sources").mkdir(exist_ok=True)
    (tmp_path / "sources" / f"{PAYWALLED}.pdf").write_bytes(
        make_pdf([PAYWALLED_TITLE, "Jane Doe, University of Somewhere", "Abstract"])
    )
    asked = len(world.seen)
    again = cli(*command.split()[1:])  # ... works, with the relative path
    assert again.code == 0, again.err
    assert "Traceback" not in again.err and "relative path" not in again.err
    assert f"{PAYWALLED}: acquired via local_file" in again.out
    assert len(world.seen) == asked
    assert data(tmp_path, PAYWALLED)["source_acquisition_path"] == f"sources/{PAYWALLED}.pdf"


def test_relative_passport_rerun_with_the_file_already_in_sources(
    tmp_path: Path, world: World, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    passport = session(tmp_path, world)
    original = (tmp_path / passport).read_text(encoding="utf-8")
    assert cli("retrieve", "--passport", passport, E1).code == 0
    # As if the run was killed after saving the file, before the passport was written.
    (tmp_path / passport).write_text(original, encoding="utf-8")
    asked = len(world.seen)
    rerun = cli("retrieve", "--passport", passport, E1)
    assert rerun.code == 0, rerun.err
    assert f"{E1}: acquired via local_file" in rerun.out
    assert "via author_personal_website from http://127.0.0.1" in rerun.out  # provenance kept
    assert len(world.seen) == asked
    assert sorted(p.name for p in (tmp_path / "sources").iterdir()) == [f"{E1}.pdf"]
    assert data(tmp_path, E1)["source_acquired"] is True


def test_a_scanned_user_file_needs_the_explicit_flag(
    tmp_path: Path, world: World, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    passport = session(tmp_path, world)
    (tmp_path / "sources").mkdir()
    scan = tmp_path / "sources" / f"{PAYWALLED}.pdf"
    scan.write_bytes(make_pdf([]))  # a page without a text layer
    no_flag = cli("retrieve", "--passport", passport, PAYWALLED, "--format", "json")
    assert no_flag.code == 1
    assert '"reason": "pdf_unreadable"' in no_flag.out and "--record-unchecked" in no_flag.out
    assert data(tmp_path, PAYWALLED)["source_acquired"] is False
    # The scan is refused as before; the message names what a person who holds it runs, and
    # retrieve never writes the record of originals held (issue 40).
    assert f"ars-docs hold-original {PAYWALLED} --form image-scan --where TEXT" in no_flag.out
    assert not (tmp_path / "passport_originals_held.yaml").exists()

    unnamed = cli("retrieve", "--passport", passport, "--record-unchecked")
    assert unnamed.code == 64 and "needs the citation keys named" in unnamed.err

    flagged = cli("retrieve", "--passport", passport, "--record-unchecked", PAYWALLED)
    assert flagged.code == 0, flagged.out
    recorded = data(tmp_path, PAYWALLED)
    assert recorded["source_acquired"] is True
    assert recorded["source_verified_against_original"] is False
    log = read_attempt_log(tmp_path / "passport_retrieval_log.jsonl")
    acquired = [r for r in log if r["event"] == "acquired" and r["refcode"] == PAYWALLED]
    assert acquired[-1]["match"] == "user_asserted"
    assert "no_text_layer" in acquired[-1]["match_reasons"]


def test_a_different_user_file_is_refused_even_with_the_flag(
    tmp_path: Path, world: World, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    passport = session(tmp_path, world)
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / f"{PAYWALLED}.pdf").write_bytes(
        make_pdf(["Some other paper", "A. Nobody", "Abstract"])
    )
    result = cli("retrieve", "--passport", passport, "--record-unchecked", PAYWALLED)
    assert result.code == 1
    assert "another work" in result.out and "not recorded, even with --record-unchecked" in (
        result.out
    )
    assert data(tmp_path, PAYWALLED)["source_acquired"] is False


@pytest.mark.parametrize("dry", [False, True], ids=["run", "dry-run"])
def test_weak_and_scanned_finds_are_kept_as_candidates(tmp_path: Path, cli, dry: bool) -> None:
    title = "Doctoral supervision as a signal of quality"
    with World() as world:
        world.route("/doi/10.5555/weak.1", redirect(world.url("/pub/weak.pdf")))
        # A citing paper that discusses the work in its body: weak, never acquired.
        world.route(
            "/pub/weak.pdf",
            pdf(
                [
                    "Supervision cultures compared",
                    "Marta Kowalska",
                    "Abstract",
                    f"We extend {title} by Aiko Nakamura (2021).",
                ]
            ),
        )
        world.route("/doi/10.5555/scan.1", redirect(world.url("/pub/scan.pdf")))
        world.route("/pub/scan.pdf", pdf([]))
        passport = tmp_path / "passport.yaml"
        people = [{"family": "Nakamura", "given": "Aiko"}]
        passport.write_text(
            passport_yaml(
                entry_yaml("weak1", title, people, doi="10.5555/weak.1", year=2021),
                entry_yaml("scan1", "A scanned report", people, doi="10.5555/scan.1"),
            ),
            encoding="utf-8",
        )
        (tmp_path / "ars-docs.toml").write_text(config_toml(world), encoding="utf-8")
        before = passport.read_bytes()
        result = cli("retrieve", "--passport", passport, *(["--dry-run"] if dry else []))
    assert result.code == 1
    if dry:  # found and judged, but nothing written: no candidate, no log, no passport change
        assert "candidate not saved (dry run)" in result.out
        assert not (tmp_path / "sources").exists()
        assert not (tmp_path / "passport_retrieval_log.jsonl").exists()
        assert passport.read_bytes() == before
        return
    kept = sorted(p.name for p in (tmp_path / "sources" / "candidates").iterdir())
    assert kept == ["scan1.pdf", "weak1.pdf"]
    assert "weak1: identity not certain" in result.out
    assert "candidate sources/candidates/weak1.pdf (weak: title_in_body" in result.out
    assert "scan1: identity not certain" in result.out and "no_text_layer" in result.out
    assert "record it with ars-docs hold-original scan1 --form image-scan" in result.out
    assert "hold-original weak1" not in result.out  # weak, not a scan: no such advice
    assert "A candidate is kept at" in result.out and "--record-unchecked weak1" in result.out
    assert f"move it to {tmp_path / 'sources' / 'weak1.pdf'} and run" in result.out
    log = read_attempt_log(tmp_path / "passport_retrieval_log.jsonl")
    announced = [r["path"] for r in log if r["event"] == "candidate"]
    assert sorted(announced) == ["sources/candidates/scan1.pdf", "sources/candidates/weak1.pdf"]
    assert not (tmp_path / "sources" / "weak1.pdf").exists()
    assert data(tmp_path, "weak1")["source_acquired"] is False


def test_offline_is_network_unavailable_not_a_handoff(tmp_path: Path, cli) -> None:
    with socket.socket() as probe:  # a port nobody listens on: connection refused
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}"
    passport = tmp_path / "passport.yaml"
    passport.write_text(
        passport_yaml(
            entry_yaml(
                "off1",
                "A paper",
                [{"family": "Doe"}],
                doi="10.5555/off.1",
                url=f"{dead}/paper",
            )
        ),
        encoding="utf-8",
    )
    config = [
        "[retrieval]",
        'contact_email = "me@example.org"',
        "min_interval = 0",
        "max_retries = 0",
        "timeout = 2",
        "[retrieval.endpoints]",
    ]
    for name in ("doi_resolver", "wayback_cdx", "wayback", "openalex", "unpaywall", "core"):
        config.append(f'{name} = "{dead}/{name}"')
    (tmp_path / "ars-docs.toml").write_text("\n".join(config) + "\n", encoding="utf-8")
    result = cli("retrieve", "--passport", passport)
    assert result.code == 1
    assert "off1: network_unavailable: network unavailable; retry" in result.out
    assert "researchgate_request_off1" not in result.out
    log = read_attempt_log(tmp_path / "passport_retrieval_log.jsonl")
    assert log[-1]["event"] == "network_unavailable"
    assert all(r["event"] != "pending_user_action" for r in log)
