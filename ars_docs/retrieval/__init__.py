"""Retrieval fallback chain with content verification (spec §3.5 D5, §4 Step 5).

Five mechanical auto-steps — ``publisher_direct``, ``wayback_cdx_search``,
``author_personal_website``, ``scholar_all_versions``, ``oa_aggregators`` —
tried in order with early exit on the first document whose content matches
the entry, then a human handoff (``researchgate_request_<refcode>``) that is
never automated. Modules:

* ``reasons`` — channel names, failure reasons, entry outcomes (defined once)
* ``config`` (+ ``config_keys``, ``config_file``) — ``ars-docs.toml``
  ``[retrieval]`` and the ``ARS_RETRIEVAL_*`` variables
* ``transport`` / ``http`` / ``memory`` / ``cache`` — the network, the polite
  layer over it (ResearchGate refused in both), what a run already learned,
  the response cache
* ``pages`` / ``content`` / ``reading`` — what a page is; text of a document
* ``identity`` (+ ``identity_text``, ``identity_words``) — is it the work:
  match level and reason codes
* ``target`` / ``probe`` / ``channels`` / ``services`` — what an entry is
  looked up by, one entry's search, the five steps, the scholarly APIs
* ``plan`` / ``chain`` / ``local`` / ``runner`` / ``batch`` / ``handoff`` —
  before any request, one entry, files already saved, the worker pool and
  interruption, a whole run, the ResearchGate handoff and log records
* ``attemptlog`` / ``store`` / ``progress`` — the JSONL log, saved files, progress
"""

from __future__ import annotations

from ars_docs.retrieval.attemptlog import attempt_log_path, read_attempt_log
from ars_docs.retrieval.batch import RetrievalReport, RetrieveOptions, Runtime, retrieve
from ars_docs.retrieval.chain import EntryOutcome
from ars_docs.retrieval.config import RetrievalConfig, load_config
from ars_docs.retrieval.content import MatchResult, match_content
from ars_docs.retrieval.http import PoliteHttp, Politeness
from ars_docs.retrieval.reasons import CHANNELS, EntryStatus, Reason, pending_action
from ars_docs.retrieval.transport import BaseTransport, HttpxTransport, is_blocked_host
from ars_docs.retrieval.types import Attempt, FetchFailure, RawResponse, Response

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
