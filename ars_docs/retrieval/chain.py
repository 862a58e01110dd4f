"""The fallback chain for one entry: 5 auto-steps + 1 human handoff (§3.5, §4 Step 5).

``run_entry`` first looks for a file the user saved under the sources folder
(the way back from the ResearchGate handoff) and verifies it; then it runs
the five channels in spec order and stops at the first verified document
(Risk 4: early exit). A channel that records nothing is logged as
``not_found`` — never a silent skip. When all five fail, the outcome is
``pending_user_action: researchgate_request_<refcode>``; nothing is ever sent
to ResearchGate (the HTTP layer refuses its hosts as well).

Only an ``exact``/``strong`` identity acquires. When nothing did, the best
``weak``/``ambiguous`` document (a scan included) is kept under
``<sources>/candidates/`` and named in the handoff with its reasons. Every
file's provenance (URL, channel, SHA-256) is appended to the attempt log
*before* the file appears under its final name (``announce``), so no kill at
any instant leaves a file the log cannot explain.

Saving is the caller's choice (``save=False`` for a dry run); the passport is
written by ``batch.py`` once for the whole run.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.judge.content import words
from ars_docs.retrieval.net.http import PoliteHttp, redact_url
from ars_docs.retrieval.reasons import EntryStatus, Reason, pending_action
from ars_docs.retrieval.store.files import expected_files, safe_name, save_source
from ars_docs.retrieval.target import Target
from ars_docs.retrieval.types import Acquired, Attempt
from ars_docs.retrieval.walk.channels import Channel
from ars_docs.retrieval.walk.local import check_supplied
from ars_docs.retrieval.walk.probe import Candidate, Probe
from ars_docs.session.corpus import CorpusEntry

__all__ = ["EntryOutcome", "run_entry"]


@dataclass
class EntryOutcome:
    """What happened to one entry."""

    citation_key: str
    status: EntryStatus
    attempts: list[Attempt] = field(default_factory=list)
    channel: str | None = None
    url: str | None = None
    path: str | None = None
    """``source_acquisition_path``: relative to the passport's folder, ``/``-separated."""
    sha256: str | None = None
    size: int | None = None
    pending_user_action: str | None = None
    detail: str = ""
    target: Target | None = None
    match: str | None = None
    match_reasons: tuple[str, ...] = ()
    version: str | None = None
    candidates: list[dict[str, Any]] = field(default_factory=list)
    """Documents kept for a human (weak/ambiguous): path, channel, url, match, reasons."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "citation_key": self.citation_key,
            "status": self.status.value,
            "channel": self.channel,
            "url": self.url,
            "path": self.path,
            "sha256": self.sha256,
            "bytes": self.size,
            "pending_user_action": self.pending_user_action,
            "detail": self.detail,
            "match": self.match,
            "match_reasons": list(self.match_reasons),
            "version": self.version,
            "candidates": self.candidates,
            "attempts": [a.to_dict() for a in self.attempts],
        }


Announce = Callable[[str, dict[str, Any]], None]
"""``announce(event, fields)``: append a provenance record to the log right now."""
_NETWORK = frozenset({Reason.NETWORK_ERROR, Reason.TIMEOUT})


def run_entry(
    entry: CorpusEntry,
    *,
    http: PoliteHttp,
    config: RetrievalConfig,
    chain: Sequence[Channel],
    sources: Path,
    base: Path,
    save: bool,
    announce: Announce | None = None,
    accept_unchecked: bool = False,
    saved_before: Mapping[str, Mapping[str, Any]] | None = None,
) -> EntryOutcome:
    """Retrieve one entry; ``base`` is the folder paths in the passport are relative to."""
    target = Target.from_entry(entry)
    key = entry.citation_key
    if not words(target.title) or not target.authors:
        return EntryOutcome(
            key,
            EntryStatus.UNVERIFIABLE,
            detail=f"{entry.path}:{entry.line}: the entry has no title or no author name, so a "
            "retrieved file could not be verified; fix the entry, then run retrieve again",
            target=target,
        )
    probe = Probe(target, http, config)
    found: Acquired | None = None
    supplied: Path | None = None
    for candidate in expected_files(sources, key):
        if candidate.is_file():
            found = check_supplied(
                probe,
                candidate,
                _relative(candidate, base),
                accept_unchecked=accept_unchecked,
                saved_before=saved_before or {},
            )
            if found is not None:
                supplied = candidate
                break
    for channel in chain if found is None else ():
        before = len(probe.attempts)
        found = channel.retrieve(probe)
        if found is None and len(probe.attempts) == before:
            probe.note(channel.name, None, Reason.NOT_FOUND, "no candidate to try")
        if found is not None or http.cancelled:
            break
    outcome = EntryOutcome(key, EntryStatus.PENDING_USER_ACTION, probe.attempts, target=target)
    if found is None:
        return _unfound(outcome, probe, sources, base, save, announce)
    if supplied is not None:
        where = supplied
    elif save:
        where = save_source(
            sources,
            key,
            found.kind,
            found.body,
            announce=_announcer(announce, "saving", found.channel, found.url, found.body, base),
        )
    else:  # dry run: the name it would most likely get
        where = sources / f"{safe_name(key)}.{found.kind}"
    outcome.status = EntryStatus.ACQUIRED
    outcome.channel = found.channel
    outcome.url = None if supplied is not None else redact_url(found.url)
    outcome.path = _relative(where, base)
    outcome.sha256 = hashlib.sha256(found.body).hexdigest()
    outcome.size = len(found.body)
    outcome.detail = found.detail
    outcome.match, outcome.match_reasons, outcome.version = (
        found.match,
        found.match_reasons,
        found.version,
    )
    return outcome


def _unfound(
    outcome: EntryOutcome,
    probe: Probe,
    sources: Path,
    base: Path,
    save: bool,
    announce: Announce | None,
) -> EntryOutcome:
    answered = [a for a in probe.attempts if a.url is not None and a.reason not in _NETWORK]
    if not answered and any(a.reason in _NETWORK for a in probe.attempts):
        outcome.status = EntryStatus.NETWORK_UNAVAILABLE
        outcome.detail = "network unavailable; retry: no request got an answer (offline or DNS)"
        return outcome
    outcome.pending_user_action = pending_action(outcome.citation_key)
    outcome.detail = "all five automatic channels failed; ResearchGate is a human handoff"
    best = _best(probe.candidates)
    if best is None:
        return outcome
    record: dict[str, Any] = {
        "channel": best.channel,
        "url": redact_url(best.url),
        "match": best.identity.level.value,
        "match_reasons": list(best.identity.reasons),
        "path": None,
    }
    if save:
        where = save_source(
            sources / "candidates",
            outcome.citation_key,
            best.kind,
            best.body,
            announce=_announcer(announce, "candidate", best.channel, best.url, best.body, base),
        )
        record["path"] = _relative(where, base)
    outcome.candidates.append(record)
    outcome.detail = (
        f"no automatic channel found a copy whose identity is certain; a candidate "
        f"({best.identity.summary()}) is kept for you to check"
    )
    return outcome


_WEIGHTS = {
    "doi_match": 4,
    "arxiv_match": 4,
    "title_in_header": 4,
    "title_on_cover_sheet": 3,
    "author_near_title": 3,
    "title_in_body": 1,
    "title_partial": 1,
    "title_reworded": 2,
    "author_elsewhere": 1,
    "year_match": 1,
    "venue_match": 1,
    "title_extended": -1,
    "year_mismatch": -2,
    "doi_mismatch": -3,
    "arxiv_mismatch": -3,
    "author_given_mismatch": -3,
    "title_only_in_links": -2,
    "url_drift": -2,
}


def evidence_score(reasons: Sequence[str]) -> int:
    """How much positive evidence a candidate's reasons carry (ties: the first found)."""
    return sum(_WEIGHTS.get(code, 0) for code in reasons)


def _best(candidates: list[Candidate]) -> Candidate | None:
    """The candidate with the most evidence: a title in the header and an author beside it
    beat a follow-up paper that names the title in its text; weak before ambiguous when
    the evidence is equal, then the first found."""
    ranked = sorted(
        candidates,
        key=lambda c: (-evidence_score(c.identity.reasons), c.identity.level.value != "weak"),
    )
    return ranked[0] if ranked else None


def _announcer(
    announce: Announce | None, event: str, channel: str, url: str, body: bytes, base: Path
) -> Callable[[Path], None] | None:
    if announce is None:
        return None
    digest = hashlib.sha256(body).hexdigest()

    def before_link(path: Path) -> None:
        fields = {
            "channel": channel,
            "url": redact_url(url),
            "path": _relative(path, base),
            "sha256": digest,
            "bytes": len(body),
        }
        announce(event, fields)

    return before_link


def _relative(path: Path, base: Path) -> str:
    try:
        return Path(os.path.relpath(path.resolve(), base.resolve())).as_posix()
    except ValueError:  # another drive (Windows): keep it absolute
        return path.resolve().as_posix()
