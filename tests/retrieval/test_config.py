"""Retrieval settings (§3.5): where they come from, precedence, and that the
documentation names every key, variable, channel and reason."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ars_docs.retrieval as retrieval
from ars_docs.core.errors import InputMissingError, UsageError
from ars_docs.retrieval.config import (
    CONFIG_ENV,
    ENDPOINT_DEFAULTS,
    ENV_PREFIX,
    SCALAR_KEYS,
    load_config,
)
from ars_docs.retrieval.reasons import CHANNELS, REASON_HELP, EntryStatus, Reason
from tests.support.layout import REPO

DOCS = REPO / "docs" / "retrieval.md"


@pytest.fixture
def session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "session"
    folder.mkdir()
    return folder / "passport.yaml"


def test_defaults_without_a_file(session: Path) -> None:
    config = load_config(None, session, {})
    assert config.source == "defaults" and config.contact_email is None
    assert config.endpoints == ENDPOINT_DEFAULTS
    assert (config.min_interval, config.timeout, config.concurrency) == (1.0, 30.0, 4)


def test_search_order(session: Path, tmp_path: Path) -> None:
    (tmp_path / "ars-docs.toml").write_text("[retrieval]\ntimeout = 1\n", encoding="utf-8")
    assert load_config(None, session, {}).timeout == 1.0  # working directory
    (session.parent / "ars-docs.toml").write_text("[retrieval]\ntimeout = 2\n", encoding="utf-8")
    assert load_config(None, session, {}).timeout == 2.0  # beside the passport wins
    named = tmp_path / "named.toml"
    named.write_text("[retrieval]\ntimeout = 3\n", encoding="utf-8")
    assert load_config(None, session, {CONFIG_ENV: str(named)}).timeout == 3.0
    explicit = tmp_path / "explicit.toml"
    explicit.write_text("[retrieval]\ntimeout = 4\n", encoding="utf-8")
    assert load_config(str(explicit), session, {CONFIG_ENV: str(named)}).timeout == 4.0


def test_missing_named_files(session: Path) -> None:
    with pytest.raises(InputMissingError, match="config file not found"):
        load_config("nope.toml", session, {})
    with pytest.raises(InputMissingError, match=CONFIG_ENV):
        load_config(None, session, {CONFIG_ENV: "nope.toml"})


def test_environment_wins_over_the_file(session: Path) -> None:
    (session.parent / "ars-docs.toml").write_text(
        "[retrieval]\ncontact_email = 'file@example.org'\nmax_retries = 5\n"
        "[retrieval.endpoints]\nunpaywall = 'https://mirror.example/unpaywall/'\n",
        encoding="utf-8",
    )
    env = {
        f"{ENV_PREFIX}CONTACT_EMAIL": "env@example.org",
        f"{ENV_PREFIX}ENDPOINT_CORE": "https://core.example/v3",
        f"{ENV_PREFIX}CORE_API_KEY": "k",
    }
    config = load_config(None, session, env)
    assert config.contact_email == "env@example.org" and config.max_retries == 5
    assert config.endpoints["unpaywall"] == "https://mirror.example/unpaywall"
    assert config.endpoints["core"] == "https://core.example/v3"
    assert config.endpoints["doi_resolver"] == "https://doi.org"
    assert config.core_api_key == "k"


def test_relative_paths_are_relative_to_the_file(session: Path) -> None:
    (session.parent / "ars-docs.toml").write_text(
        "[retrieval]\nsources_dir = 'originals'\ncache_dir = '../cache'\n", encoding="utf-8"
    )
    config = load_config(None, session, {})
    assert config.sources_dir == str((session.parent / "originals").resolve())
    assert config.cache_dir == str((session.parent.parent / "cache").resolve())


def test_homepages(session: Path) -> None:
    (session.parent / "ars-docs.toml").write_text(
        "[retrieval.author_homepages]\n'Bjørn STENSAKER' = 'https://a.example/'\n"
        "Stensaker = ['https://b.example/']\n"
        "[retrieval.entry_homepages]\nharvey2008 = ['https://c.example/']\n",
        encoding="utf-8",
    )
    config = load_config(None, session, {})
    assert config.author_homepages == {  # ø folds to o, as everywhere (issue 34: one fold)
        "bjorn stensaker": ("https://a.example/",),
        "stensaker": ("https://b.example/",),
    }
    assert config.entry_homepages == {"harvey2008": ("https://c.example/",)}


def test_bad_environment_is_a_usage_error(session: Path) -> None:
    with pytest.raises(UsageError, match="ENDPOINT_OPENALEX"):
        load_config(None, session, {f"{ENV_PREFIX}ENDPOINT_OPENALEX": "openalex.org"})
    with pytest.raises(UsageError, match="out of range"):
        load_config(None, session, {f"{ENV_PREFIX}CONCURRENCY": "99"})


# -- the documentation is complete --------------------------------------------------------------


def test_docs_name_every_key_variable_channel_and_reason() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for key in (*SCALAR_KEYS, "endpoints", "author_homepages", "entry_homepages"):
        assert f"`{key}`" in text, key
    for service in ENDPOINT_DEFAULTS:
        assert f"`{service}`" in text, service
        assert f"{ENV_PREFIX}ENDPOINT_{service.upper()}" in text
    for key in SCALAR_KEYS:
        assert f"{ENV_PREFIX}{key.upper()}" in text, key
    for name in (CONFIG_ENV, "ARS_DOCS_CACHE_DIR", "ARS_DOCS_NO_CACHE", "SOURCE_DATE_EPOCH"):
        assert name in text
    for channel in CHANNELS:
        assert f"`{channel}`" in text
    for reason in Reason:
        assert f"`{reason.value}`" in text, reason
    for status in EntryStatus:
        assert f"`{status.value}`" in text, status


def test_every_reason_has_help() -> None:
    assert set(REASON_HELP) == set(Reason)


def test_public_api_is_exactly_all() -> None:
    # The names load on first use (PEP 562): each exported one resolves, none is missing.
    for name in retrieval.__all__:
        assert getattr(retrieval, name) is not None
    public = {
        name
        for name, value in vars(retrieval).items()
        if not name.startswith("_") and name != "annotations" and not isinstance(value, type(re))
    }
    assert set(retrieval.__all__) == public
