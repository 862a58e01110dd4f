"""Acceptance (§4 Step 5 "Sample run"): F3 and E1 retrieved by the auto-chain; one
paywalled-only refcode reaches the ResearchGate handoff without any outbound
ResearchGate request. Runs the real CLI against a local HTTP world."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ars_docs.retrieval import read_attempt_log
from ars_docs.retrieval.net import transport as retrieval_transport
from ars_docs.session.corpus import load_corpus
from tests.support.retrieval import (
    E1,
    F3,
    PAYWALLED,
    RG_PDF,
    World,
    sample_config,
    sample_passport,
    sample_world,
)

FIXED_EPOCH = "1777000000"  # 2026-04-24T03:06:40Z


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", FIXED_EPOCH)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def world() -> Iterator[World]:
    with World() as w:
        sample_world(w)
        yield w


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every URL handed to the real network transport."""
    urls: list[str] = []
    original = retrieval_transport.HttpxTransport.send

    def recording(self: Any, url: str, *args: Any, **kwargs: Any) -> Any:
        urls.append(url)
        return original(self, url, *args, **kwargs)

    monkeypatch.setattr(retrieval_transport.HttpxTransport, "send", recording)
    return urls


def setup_session(root: Path, world: World) -> Path:
    passport = root / "passport.yaml"
    passport.write_text(sample_passport().replace("{base}", world.base), encoding="utf-8")
    (root / "ars-docs.toml").write_text(sample_config(world), encoding="utf-8")
    return passport


def test_step5_sample_run(tmp_path: Path, world: World, sent: list[str], cli) -> None:
    passport = setup_session(tmp_path, world)
    before = passport.read_text(encoding="utf-8")

    result = cli("retrieve", "--passport", passport)

    assert result.code == 1, result.err  # one entry is left to the user
    assert f"{F3}: acquired via wayback_cdx_search; saved sources/{F3}.html" in result.out
    assert f"{E1}: acquired via author_personal_website; saved sources/{E1}.pdf" in result.out
    assert f"pending_user_action: researchgate_request_{PAYWALLED}" in result.out
    assert "ars-docs never contacts ResearchGate" in result.out
    assert f"ars-docs retrieve --passport {passport} {PAYWALLED}" in result.out

    # The originals are on disk and are what the services served.
    assert (
        b"Faculty vote to expand the humanities"
        in (tmp_path / "sources" / f"{F3}.html").read_bytes()
    )
    assert (tmp_path / "sources" / f"{E1}.pdf").read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in (tmp_path / "sources").iterdir()) == [f"{F3}.html", f"{E1}.pdf"]

    # The passport records acquisition, and only that; never verification.
    corpus = load_corpus(passport, use_cache=False)
    for key, path in ((F3, f"sources/{F3}.html"), (E1, f"sources/{E1}.pdf")):
        data = corpus.get(key).data  # type: ignore[union-attr]
        assert data["source_acquired"] is True
        assert data["source_acquisition_path"] == path
        assert data["source_acquisition_date"] == "2026-04-24T03:06:40Z"
        assert data["source_verified_against_original"] is False
    assert corpus.get(PAYWALLED).data["source_acquired"] is False  # type: ignore[union-attr]
    after = passport.read_text(encoding="utf-8")
    assert after.startswith("# Material Passport (test)\n")
    changed = [line for line in after.splitlines() if line not in before.splitlines()]
    assert len(changed) == 6  # three fields for each of the two acquired entries

    # The attempt log: every step of every entry, in passport order, with reasons.
    full_log = read_attempt_log(tmp_path / "passport_retrieval_log.jsonl")
    # Each saved file's provenance was logged before the file appeared, outside the blocks.
    saving = [r for r in full_log if r["event"] == "saving"]
    assert sorted(r["path"] for r in saving) == [f"sources/{F3}.html", f"sources/{E1}.pdf"]
    log = [r for r in full_log if r["event"] != "saving"]
    steps = [(r["refcode"], r.get("channel"), r.get("reason"), r["event"]) for r in log]
    assert steps[:3] == [
        (F3, "publisher_direct", "waf_blocked", "attempt"),
        (F3, "wayback_cdx_search", None, "attempt"),
        (F3, "wayback_cdx_search", None, "acquired"),
    ]
    e1 = [s for s in steps if s[0] == E1]
    assert e1 == [
        (E1, "publisher_direct", "paywall_403", "attempt"),
        (E1, "publisher_direct", "not_found", "attempt"),  # Crossref has no record
        (E1, "wayback_cdx_search", "not_indexed", "attempt"),
        (E1, "author_personal_website", None, "attempt"),
        (E1, "author_personal_website", None, "acquired"),
    ]
    paywalled = [s for s in steps if s[0] == PAYWALLED]
    assert [s[1:3] for s in paywalled[:-1]] == [
        ("publisher_direct", "paywall_403"),
        ("publisher_direct", "not_found"),  # Crossref
        ("wayback_cdx_search", "not_indexed"),
        ("author_personal_website", "not_configured"),
        ("scholar_all_versions", "paywall_403"),  # the same landing page, not refetched
        ("oa_aggregators", "not_indexed"),  # Unpaywall
        ("oa_aggregators", "not_indexed"),  # OpenAlex OA copy
        ("oa_aggregators", "blocked_host"),  # CORE pointed at ResearchGate: refused
    ]
    final = log[-1]
    assert final["event"] == "pending_user_action"
    assert final["pending_user_action"] == f"researchgate_request_{PAYWALLED}"
    assert all(record["time"] == "2026-04-24T03:06:40Z" for record in log)
    blocked = [r for r in log if r.get("reason") == "blocked_host"]
    assert [r["url"] for r in blocked] == [RG_PDF]

    # No request of any kind went to ResearchGate: not to the network, not to the world.
    assert sent and not any("researchgate" in url for url in sent)
    assert all("researchgate" not in seen.path for seen in world.seen)
    # The polite User-Agent carries the contact address.
    assert all("mailto:researcher@example.org" in s.headers["user-agent"] for s in world.seen)


def test_sample_run_json_report(tmp_path: Path, world: World, cli) -> None:
    passport = setup_session(tmp_path, world)
    result = cli("retrieve", "--passport", passport, "--format", "json", "--concurrency", "3")
    assert result.code == 1
    report = json.loads(result.out)
    assert report["counts"] == {
        "acquired": 2,
        "pending_user_action": 1,
        "already_acquired": 0,
        "unverifiable": 0,
        "network_unavailable": 0,
    }
    assert [e["citation_key"] for e in report["entries"]] == [F3, E1, PAYWALLED]
    assert report["passport_updated"] == [F3, E1]
    pending = report["entries"][2]
    assert pending["pending_user_action"] == f"researchgate_request_{PAYWALLED}"
    assert {a["channel"] for a in pending["attempts"]} == {
        "publisher_direct",
        "wayback_cdx_search",
        "author_personal_website",
        "scholar_all_versions",
        "oa_aggregators",
    }
    # Concurrency does not change the order of the log: passport order.
    log = read_attempt_log(tmp_path / "passport_retrieval_log.jsonl")
    order = list(dict.fromkeys(r["refcode"] for r in log if r["event"] != "saving"))
    assert order == [F3, E1, PAYWALLED]


def test_resume_after_handoff_with_the_users_file(tmp_path: Path, world: World, cli) -> None:
    passport = setup_session(tmp_path, world)
    assert cli("retrieve", "--passport", passport).code == 1
    requests = len(world.seen)
    # The user got the file through ResearchGate themselves and saved it as instructed.
    from tests.support.retrieval import PAYWALLED_TITLE, make_pdf

    (tmp_path / "sources" / f"{PAYWALLED}.pdf").write_bytes(
        make_pdf([PAYWALLED_TITLE, "Jane Doe, University of Somewhere"])
    )
    result = cli("retrieve", "--passport", passport, PAYWALLED)
    assert result.code == 0, result.out
    assert (
        f"{PAYWALLED}: acquired via local_file; verified the file already at "
        f"sources/{PAYWALLED}.pdf" in result.out
    )
    assert len(world.seen) == requests  # verified locally, nothing fetched
    data = load_corpus(passport, use_cache=False).get(PAYWALLED).data  # type: ignore[union-attr]
    assert data["source_acquired"] is True
    assert data["source_acquisition_path"] == f"sources/{PAYWALLED}.pdf"
    assert data["source_verified_against_original"] is False


def test_sources_elsewhere_are_recorded_relative_to_the_passport(
    tmp_path: Path, world: World, cli
) -> None:
    session = tmp_path / "session"
    session.mkdir()
    passport = setup_session(session, world)
    result = cli("retrieve", "--passport", passport, E1, "--sources-dir", tmp_path / "originals")
    assert result.code == 0, result.err
    data = load_corpus(passport, use_cache=False).get(E1).data  # type: ignore[union-attr]
    assert data["source_acquisition_path"] == f"../originals/{E1}.pdf"
    assert (tmp_path / "originals" / f"{E1}.pdf").is_file()
