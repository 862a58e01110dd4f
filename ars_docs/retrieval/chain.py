"""The fallback chain for one entry: 5 auto-steps + 1 human handoff (§3.5, §4 Step 5).

``run_entry`` first looks for a file the user saved under the sources folder
(the way back from the ResearchGate handoff) and verifies it; then it runs
the five channels in spec order and stops at the first verified document
(Risk 4: early exit). A channel that records nothing is logged as
``not_found`` — never a silent skip. When all five fail, the outcome is
``pending_user_action: researchgate_request_<refcode>``; nothing is ever sent
to ResearchGate (the HTTP layer refuses its hosts as well).

Saving is the caller's choice (``save=False`` for a dry run); the passport is
written by ``batch.py`` once for the whole run.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ars_docs.retrieval.channels import Channel
from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.content import match_content, pdf_text, words
from ars_docs.retrieval.http import PoliteHttp, redact_url
from ars_docs.retrieval.pages import is_pdf, parse_html
from ars_docs.retrieval.probe import Probe
from ars_docs.retrieval.reasons import LOCAL_FILE, EntryStatus, Reason, pending_action
from ars_docs.retrieval.store import expected_files, safe_name, save_source
from ars_docs.retrieval.target import Target
from ars_docs.retrieval.types import Acquired, Attempt
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
            "attempts": [a.to_dict() for a in self.attempts],
        }


def run_entry(
    entry: CorpusEntry,
    *,
    http: PoliteHttp,
    config: RetrievalConfig,
    chain: Sequence[Channel],
    sources: Path,
    base: Path,
    save: bool,
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
            found = _check_supplied(probe, candidate, base)
            if found is not None:
                supplied = candidate
                break
    for channel in chain if found is None else ():
        before = len(probe.attempts)
        found = channel.retrieve(probe)
        if found is None and len(probe.attempts) == before:
            probe.note(channel.name, None, Reason.NOT_FOUND, "no candidate to try")
        if found is not None:
            break
    outcome = EntryOutcome(key, EntryStatus.PENDING_USER_ACTION, probe.attempts, target=target)
    if found is None:
        outcome.pending_user_action = pending_action(key)
        outcome.detail = "all five automatic channels failed; ResearchGate is a human handoff"
        return outcome
    if supplied is not None:
        where = supplied
    elif save:
        where = save_source(sources, key, found.kind, found.body)
    else:  # dry run: the name it would most likely get
        where = sources / f"{safe_name(key)}.{found.kind}"
    outcome.status = EntryStatus.ACQUIRED
    outcome.channel = found.channel
    outcome.url = None if supplied is not None else redact_url(found.url)
    outcome.path = _relative(where, base)
    outcome.sha256 = hashlib.sha256(found.body).hexdigest()
    outcome.size = len(found.body)
    outcome.detail = found.detail
    return outcome


def _check_supplied(probe: Probe, file: Path, base: Path) -> Acquired | None:
    """Verify a file the user put under the sources folder (the handoff resume)."""
    shown = _relative(file, base)
    try:
        body = file.read_bytes()
    except OSError as exc:
        probe.note(LOCAL_FILE, None, Reason.NOT_FOUND, f"{shown}: cannot read: {exc.strerror}")
        return None
    target = probe.target
    if is_pdf(body):
        text = pdf_text(body, probe.config.verify_pages)
        if text.problem:
            probe.note(LOCAL_FILE, None, Reason.PDF_UNREADABLE, f"{shown}: {text.problem}")
            return None
        kind, content, where = "pdf", text.text, "the PDF's first page(s)"
    elif file.suffix == ".html":
        if not target.html_is_original:
            detail = f"{shown}: an HTML file, but this entry's original is not a web page"
            probe.note(LOCAL_FILE, None, Reason.LANDING_PAGE_ONLY, detail)
            return None
        page = parse_html(body, {"content-type": "text/html"}, file.as_uri())
        kind, content, where = "html", page.main_text, "the page's main text"
    else:
        probe.note(LOCAL_FILE, None, Reason.NOT_PDF_OR_HTML, f"{shown}: not a PDF")
        return None
    verdict = match_content(content, target.title, target.authors, where=where)
    if not verdict.ok:
        probe.note(LOCAL_FILE, None, Reason.CONTENT_MATCH_FAILED, f"{shown}: {verdict.detail}")
        return None
    probe.note(LOCAL_FILE, None, None, f"verified {shown}: {verdict.detail}")
    return Acquired(LOCAL_FILE, file.as_uri(), kind, body, verdict.detail)


def _relative(path: Path, base: Path) -> str:
    try:
        return Path(os.path.relpath(path.resolve(), base.resolve())).as_posix()
    except ValueError:  # another drive (Windows): keep it absolute
        return path.resolve().as_posix()
