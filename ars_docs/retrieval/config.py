"""Retrieval settings: ``ars-docs.toml`` section ``[retrieval]`` plus environment (§3.5).

Where the file is found: ``--config FILE``, else ``$ARS_RETRIEVAL_CONFIG``,
else ``ars-docs.toml`` beside the passport, else ``ars-docs.toml`` in the
working directory; without any file the defaults apply. Every scalar key can
be overridden by ``ARS_RETRIEVAL_<KEY>`` and every endpoint by
``ARS_RETRIEVAL_ENDPOINT_<SERVICE>``; the environment wins over the file.
Relative paths in the file are relative to the file's folder.

A typo must not silently change behaviour, so unknown keys, wrong types and
out-of-range values are errors naming the file and line (exit 65; exit 64 for
a bad environment variable). ``docs/retrieval.md`` documents every key.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.core.errors import InputMissingError, UsageError
from ars_docs.core.settings import CONFIG_NAME
from ars_docs.retrieval.config_file import read_config_file
from ars_docs.retrieval.config_keys import (
    ENDPOINT_DEFAULTS,
    PATH_KEYS,
    SCALAR_KEYS,
    scalar_problem,
    url_problem,
)

__all__ = [
    "CONFIG_ENV",
    "CONFIG_NAME",
    "ENDPOINT_DEFAULTS",
    "ENV_PREFIX",
    "SCALAR_KEYS",
    "RetrievalConfig",
    "find_config",
    "load_config",
]

CONFIG_ENV = "ARS_RETRIEVAL_CONFIG"
ENV_PREFIX = "ARS_RETRIEVAL_"


@dataclass(frozen=True)
class RetrievalConfig:
    """All retrieval settings, validated. Paths are absolute or ``None``."""

    contact_email: str | None = None
    openalex_api_key: str | None = None
    core_api_key: str | None = None
    semantic_scholar_api_key: str | None = None
    sources_dir: str | None = None
    cache_dir: str | None = None
    min_interval: float = 1.0
    timeout: float = 30.0
    download_timeout: float = 300.0
    max_retries: int = 3
    backoff: float = 2.0
    max_wait: float = 300.0
    concurrency: int = 4
    max_bytes: int = 100_000_000
    max_candidates: int = 5
    verify_pages: int = 2
    cache_max_age_days: float = 30.0
    cdx_per_minute: int = 50
    arxiv_min_interval: float = 3.0
    endpoints: Mapping[str, str] = field(default_factory=lambda: dict(ENDPOINT_DEFAULTS))
    author_homepages: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Homepage URLs keyed by ``name_key`` of an author's family (or literal) name."""
    entry_homepages: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Homepage URLs keyed by citation_key."""
    source: str = "defaults"
    """The file the settings came from (for messages), or ``defaults``."""


def find_config(
    explicit: str | None, passport: str | os.PathLike[str], environ: Mapping[str, str]
) -> Path | None:
    """The config file to read, by the search order of the module docstring."""
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise InputMissingError(
                f"{explicit}: config file not found; check --config (or remove it to use "
                f"{CONFIG_NAME} beside the passport)"
            )
        return path
    from_env = environ.get(CONFIG_ENV, "")
    if from_env:
        if not Path(from_env).is_file():
            raise InputMissingError(
                f"{from_env}: config file named by ${CONFIG_ENV} not found; fix or unset it"
            )
        return Path(from_env)
    for candidate in (Path(passport).parent / CONFIG_NAME, Path(CONFIG_NAME)):
        if candidate.is_file():
            return candidate
    return None


def load_config(
    explicit: str | None,
    passport: str | os.PathLike[str],
    environ: Mapping[str, str] | None = None,
) -> RetrievalConfig:
    """Read and validate the settings; raises ``ArsError`` with a documented exit code."""
    env = os.environ if environ is None else environ
    path = find_config(explicit, passport, env)
    values: dict[str, Any] = {}
    if path is not None:
        values = read_config_file(path)
    values.update(_from_env(env, values.get("endpoints", {})))
    values["source"] = str(path) if path is not None else "defaults"
    return RetrievalConfig(**values)


# --- the environment --------------------------------------------------------------


def _from_env(env: Mapping[str, str], endpoints: Mapping[str, str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, (kind, _low, _high) in SCALAR_KEYS.items():
        name = ENV_PREFIX + key.upper()
        raw = env.get(name, "")
        if not raw:
            continue
        value: Any = raw
        if kind is not str:
            try:
                value = int(raw) if kind is int else float(raw)
            except ValueError:
                value = raw
        problem = scalar_problem(key, value)
        if problem:
            raise UsageError(f"${name}: {problem}; fix or unset it")
        values[key] = str(Path(value).resolve()) if key in PATH_KEYS else value
    merged = dict(endpoints or ENDPOINT_DEFAULTS)
    for service in ENDPOINT_DEFAULTS:
        name = f"{ENV_PREFIX}ENDPOINT_{service.upper()}"
        raw = env.get(name, "")
        if raw:
            problem = url_problem(raw)
            if problem:
                raise UsageError(f"${name}: {problem}; fix or unset it")
            merged[service] = raw.rstrip("/")
    if merged != dict(ENDPOINT_DEFAULTS) or endpoints:
        values["endpoints"] = merged
    return values
