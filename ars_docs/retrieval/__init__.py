"""Retrieval fallback chain with content verification (spec §3.5 D5, §4 Step 5).

Five mechanical auto-steps — ``publisher_direct``, ``wayback_cdx_search``,
``author_personal_website``, ``scholar_all_versions``, ``oa_aggregators`` —
tried in order with early exit on the first document whose content matches
the entry, then a human handoff (``researchgate_request_<refcode>``) that is
never automated. The room reads as the chain it is:

* ``reasons`` / ``types`` — channel names, failure reasons, entry outcomes,
  attempts (defined once)
* ``config`` (+ ``config_keys``, ``config_file``) — ``ars-docs.toml``
  ``[retrieval]`` and the ``ARS_RETRIEVAL_*`` variables
* ``net/`` — ``transport`` / ``http`` / ``memory`` / ``cache`` / ``urls``: the
  network, the polite layer over it (ResearchGate refused in both), what a run
  already learned, the response cache, which URLs may be followed (shared with
  ``lookup``)
* ``walk/`` — the web walk: ``channels`` (the five steps), ``services`` (the
  scholarly APIs), ``probe`` (one entry's search: fetch, classify, judge),
  ``pages`` (what a page is), ``reading`` (response bytes to a document),
  ``local`` (files already saved under ``sources/``)
* ``judge/`` — the identity judge: ``identity`` (the ordered decision: match
  level and reason codes) over ``text`` (where things sit on a page), ``words``
  (headings and phrases), ``names`` (names as printed), ``kinds`` (notices,
  supplements, reviews, front matter), ``record`` (what the work's registry
  record says), ``content`` (normalisation, PDF text)
* ``store/`` — ``files`` (saved files, never overwritten) and ``attemptlog``
  (the JSONL log)
* ``target`` / ``plan`` / ``chain`` / ``runner`` / ``batch`` / ``handoff`` /
  ``progress`` — what an entry is looked up by, before any request, one entry,
  the worker pool and interruption, a whole run, the ResearchGate handoff,
  progress
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing
from typing import Any as _Any

#: Public name → the module that defines it. Loaded on first use (PEP 562): ``lookup``
#: imports the HTTP layer of this package, and must not pay for the chain's modules.
_EXPORTS = {
    "CHANNELS": "ars_docs.retrieval.reasons",
    "Attempt": "ars_docs.retrieval.types",
    "BaseTransport": "ars_docs.retrieval.net.transport",
    "EntryOutcome": "ars_docs.retrieval.chain",
    "EntryStatus": "ars_docs.retrieval.reasons",
    "FetchFailure": "ars_docs.retrieval.types",
    "HttpxTransport": "ars_docs.retrieval.net.transport",
    "MatchResult": "ars_docs.retrieval.judge.content",
    "PoliteHttp": "ars_docs.retrieval.net.http",
    "Politeness": "ars_docs.retrieval.net.http",
    "RawResponse": "ars_docs.retrieval.types",
    "Reason": "ars_docs.retrieval.reasons",
    "Response": "ars_docs.retrieval.types",
    "RetrievalConfig": "ars_docs.retrieval.config",
    "RetrievalReport": "ars_docs.retrieval.batch",
    "RetrieveOptions": "ars_docs.retrieval.batch",
    "Runtime": "ars_docs.retrieval.runtime",
    "attempt_log_path": "ars_docs.retrieval.store.attemptlog",
    "is_blocked_host": "ars_docs.retrieval.net.transport",
    "load_config": "ars_docs.retrieval.config",
    "match_content": "ars_docs.retrieval.judge.content",
    "pending_action": "ars_docs.retrieval.reasons",
    "read_attempt_log": "ars_docs.retrieval.store.attemptlog",
    "retrieve": "ars_docs.retrieval.batch",
}

if _typing.TYPE_CHECKING:
    from ars_docs.retrieval.batch import RetrievalReport as RetrievalReport
    from ars_docs.retrieval.batch import RetrieveOptions as RetrieveOptions
    from ars_docs.retrieval.batch import retrieve as retrieve
    from ars_docs.retrieval.chain import EntryOutcome as EntryOutcome
    from ars_docs.retrieval.config import RetrievalConfig as RetrievalConfig
    from ars_docs.retrieval.config import load_config as load_config
    from ars_docs.retrieval.judge.content import MatchResult as MatchResult
    from ars_docs.retrieval.judge.content import match_content as match_content
    from ars_docs.retrieval.net.http import PoliteHttp as PoliteHttp
    from ars_docs.retrieval.net.http import Politeness as Politeness
    from ars_docs.retrieval.net.transport import BaseTransport as BaseTransport
    from ars_docs.retrieval.net.transport import HttpxTransport as HttpxTransport
    from ars_docs.retrieval.net.transport import is_blocked_host as is_blocked_host
    from ars_docs.retrieval.reasons import CHANNELS as CHANNELS
    from ars_docs.retrieval.reasons import EntryStatus as EntryStatus
    from ars_docs.retrieval.reasons import Reason as Reason
    from ars_docs.retrieval.reasons import pending_action as pending_action
    from ars_docs.retrieval.runtime import Runtime as Runtime
    from ars_docs.retrieval.store.attemptlog import attempt_log_path as attempt_log_path
    from ars_docs.retrieval.store.attemptlog import read_attempt_log as read_attempt_log
    from ars_docs.retrieval.types import Attempt as Attempt
    from ars_docs.retrieval.types import FetchFailure as FetchFailure
    from ars_docs.retrieval.types import RawResponse as RawResponse
    from ars_docs.retrieval.types import Response as Response

__all__ = [
    "CHANNELS",
    "Attempt",
    "BaseTransport",
    "EntryOutcome",
    "EntryStatus",
    "FetchFailure",
    "HttpxTransport",
    "MatchResult",
    "PoliteHttp",
    "Politeness",
    "RawResponse",
    "Reason",
    "Response",
    "RetrievalConfig",
    "RetrievalReport",
    "RetrieveOptions",
    "Runtime",
    "attempt_log_path",
    "is_blocked_host",
    "load_config",
    "match_content",
    "pending_action",
    "read_attempt_log",
    "retrieve",
]


def __getattr__(name: str) -> _Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
