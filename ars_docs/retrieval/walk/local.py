"""A file already under the sources folder: the way back from the handoff (§3.5, issue 15).

Before any request, ``<sources>/<key>.pdf`` (or ``.html``) is judged by the
same identity decision as a fetched document. ``exact``/``strong`` record it
as channel ``local_file`` without fetching. A file that cannot be confirmed —
a scan without a text layer, or a weak/ambiguous match — is recorded only when
the user asks for it explicitly (``--record-unchecked`` with the keys named):
it is then logged as ``user_asserted`` and stays unverifiable until a human
checks it. A ``different`` file is never recorded.

When an earlier run saved the file (its ``saving`` record in the attempt log
carries the same SHA-256), the channel and URL it came from are reported, so
an interrupted run loses no provenance.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ars_docs.core.errors import ArsError
from ars_docs.core.paths import read_regular
from ars_docs.retrieval.judge.identity import decide
from ars_docs.retrieval.judge.work import Level
from ars_docs.retrieval.reasons import LOCAL_FILE, Reason, hold_original_hint
from ars_docs.retrieval.types import Acquired
from ars_docs.retrieval.walk.probe import Probe
from ars_docs.retrieval.walk.reading import read_document

__all__ = ["USER_ASSERTED", "check_supplied"]

USER_ASSERTED = "user_asserted"
"""``match`` of a file recorded on the user's word (``--record-unchecked``)."""


def check_supplied(
    probe: Probe,
    file: Path,
    shown: str,
    *,
    accept_unchecked: bool,
    saved_before: Mapping[str, Mapping[str, Any]],
) -> Acquired | None:
    """Judge a file the user (or an interrupted run) put under the sources folder."""
    try:
        body = read_regular(file, what="source file", hint="")  # never a FIFO (issue 29)
    except ArsError as exc:
        probe.note(LOCAL_FILE, None, Reason.NOT_FOUND, f"{shown}: cannot read: {exc.message}")
        return None
    uri = file.absolute().as_uri()  # absolute: a relative --passport gives relative paths
    headers = {"content-type": "text/html"} if file.suffix == ".html" else {}
    reading = read_document(body, headers, url=uri, pages=probe.config.verify_pages)
    if reading.kind == "html" and not probe.target.html_is_original:
        detail = f"{shown}: an HTML file, but this entry's original is not a web page"
        probe.note(LOCAL_FILE, None, Reason.LANDING_PAGE_ONLY, detail)
        return None
    if reading.document is None:
        if reading.kind == "pdf":
            probe.note(LOCAL_FILE, None, Reason.PDF_UNREADABLE, f"{shown}: {reading.problem}")
        else:
            probe.note(LOCAL_FILE, None, Reason.NOT_PDF_OR_HTML, f"{shown}: not a PDF")
        return None
    identity = decide(reading.document, probe.target.work())
    summary = identity.summary()
    earlier = saved_before.get(hashlib.sha256(body).hexdigest())
    origin = (
        f"; saved by run {earlier.get('run_id')} via {earlier.get('channel')} from "
        f"{earlier.get('url')}"
        if earlier
        else ""
    )
    if identity.acquires:
        probe.note(
            LOCAL_FILE, None, None, f"verified {shown}: {summary}{origin}", identity=identity
        )
        return Acquired(
            LOCAL_FILE,
            uri,
            reading.kind,
            body,
            summary + origin,
            identity.level.value,
            identity.reasons,
            identity.version,
        )
    if identity.level is Level.DIFFERENT:
        probe.note(
            LOCAL_FILE,
            None,
            Reason.CONTENT_MATCH_FAILED,
            f"{shown}: another work ({summary}); not recorded, even with --record-unchecked",
            identity=identity,
        )
        return None
    if accept_unchecked:
        detail = (
            f"recorded {shown} at your request without a passing identity check ({summary}); "
            "it stays unverifiable until you check it against the citation"
        )
        probe.note(LOCAL_FILE, None, None, detail, identity=identity)
        return Acquired(
            LOCAL_FILE,
            uri,
            reading.kind,
            body,
            detail,
            USER_ASSERTED,
            identity.reasons,
            identity.version,
        )
    scan = "no_text_layer" in identity.reasons
    reason = Reason.PDF_UNREADABLE if scan else Reason.IDENTITY_UNCERTAIN
    probe.note(
        LOCAL_FILE,
        None,
        reason,
        f"{shown}: {summary}; if you checked it is the work, run again with --record-unchecked "
        "and the key" + (hold_original_hint(probe.target.citation_key, shown) if scan else ""),
        identity=identity,
    )
    return None
