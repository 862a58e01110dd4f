"""One entry's search: fetch candidates, classify refusals, verify content (§3.5).

A ``Probe`` is what every channel works through. It records one ``Attempt``
per URL tried (or per reason no URL could be tried), so no channel can skip
silently, and it applies the two firm rules of §3.5 to every document:
a refusal gets its reason from the vocabulary, and nothing counts as the
original until the identity decision (``identity.decide``) says ``exact`` or
``strong``. A ``weak`` or ``ambiguous`` document (a scan included) is kept in
``candidates`` for the human handoff; a ``different`` one is logged and the
chain moves on. An HTML page counts only
for web-native entries (see ``target.WEB_TYPES``); elsewhere the page's
``citation_pdf_url`` is followed, and without one the attempt is
``landing_page_only``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote, unquote, urlencode

from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.judge.identity import decide
from ars_docs.retrieval.judge.record import RecordFacts, crossref_facts, other_document_facts
from ars_docs.retrieval.judge.work import Document, Identity, Level, Work
from ars_docs.retrieval.net.http import PoliteHttp, redact_url
from ars_docs.retrieval.reasons import Reason, api_problem, ended_message, ends_service
from ars_docs.retrieval.target import Target
from ars_docs.retrieval.types import Acquired, Attempt, FetchFailure, Response
from ars_docs.retrieval.walk.pages import challenge_signature, download_links, login_url
from ars_docs.retrieval.walk.reading import read_document

__all__ = ["Candidate", "Probe", "refusal_of"]

_FOLLOW = 2
"""PDF links followed from a page: the landing page's, then an HTML viewer's."""


@dataclass(frozen=True)
class Candidate:
    """A document that may be the work: kept for a human to decide (weak/ambiguous)."""

    channel: str
    url: str
    kind: str
    body: bytes
    identity: Identity


class Probe:
    """Fetches and judges candidates for one entry; collects its attempts."""

    def __init__(self, target: Target, http: PoliteHttp, config: RetrievalConfig) -> None:
        self.target = target
        self.http = http
        self.config = config
        self.attempts: list[Attempt] = []
        self.candidates: list[Candidate] = []
        self.tie = False
        """Set by a channel whose candidate links tie (the decision then says ambiguous)."""
        self.last_url: str | None = None
        """Where the last top-level document request ended."""
        self.landing_url: str | None = None
        """The publisher landing page the DOI led to (for the Wayback lookup)."""
        self.facts = RecordFacts()
        """What the registries said about the work (aliases, other documents, venue)."""
        self._seen: dict[str, Attempt] = {}
        self._timing: tuple[float, int, float] | None = None

    def work(self) -> Work:
        """The entry's work as the decision sees it, with what the registries added."""
        work = self.target.work()
        facts = self.facts
        return replace(
            work,
            venue=work.venue or facts.venue,
            aliases=tuple(sorted(facts.aliases | set(work.aliases))),
            related=tuple(sorted({**dict(work.related), **facts.related}.items())),
            shared_title=facts.shared_title,
        )

    def crossref_record(self, channel: str) -> dict[str, Any] | None:
        """The Crossref record of the entry's DOI (asked once a run; its facts kept)."""
        target, config = self.target, self.config
        if not target.doi:
            return None
        email = urlencode({"mailto": config.contact_email or ""})
        url = f"{config.endpoints['crossref']}/works/{quote(target.doi, safe='/')}?{email}"
        self.facts.asked_crossref = True
        record = self.get_json(channel, url, service="crossref")
        if record is None:
            return None
        message = record.get("message") if isinstance(record, dict) else None
        if not isinstance(message, dict):
            self.note(channel, url, Reason.BAD_RESPONSE, "no message object", service="crossref")
            return None
        crossref_facts(message, target.doi, self.facts)
        return message

    # -- recording ---------------------------------------------------------------

    def note(
        self,
        channel: str,
        url: str | None,
        reason: Reason | None,
        detail: str,
        *,
        status: int | None = None,
        service: str | None = None,
        cached: bool = False,
        identity: Identity | None = None,
    ) -> Attempt:
        shown = redact_url(url) if url else None
        attempt = Attempt(channel, shown, status, reason, detail, service, cached)
        if url is not None and self._timing is not None:
            # The request(s) behind this attempt: time, requests sent, seconds waited.
            started, tries, waited = self._timing
            attempt = replace(
                attempt, seconds=self.http.monotonic() - started, tries=tries, waited=waited
            )
            self._timing = None
        if identity is not None:
            attempt = replace(
                attempt,
                match=identity.level.value,
                match_reasons=identity.reasons,
                version=identity.version,
            )
        self.attempts.append(attempt)
        return attempt

    def fetch(
        self,
        channel: str,
        url: str,
        *,
        service: str | None = None,
        headers: Mapping[str, str] | None = None,
        api: bool = False,
    ) -> Response | None:
        """GET ``url``; a failure is recorded and gives ``None``."""
        started = self.http.monotonic()
        self.http.begin()
        try:
            # A document's URL is a link someone else wrote (an answer, a page): judged.
            return self.http.get(url, headers, keep_refusals=not api, judge_first=not api)
        except FetchFailure as failure:
            self._timing = (started, *self.http.counted())
            self.note(
                channel,
                failure.url,
                failure.reason,
                failure.detail,
                status=failure.status,
                service=service,
            )
            return None
        finally:
            if self._timing is None:
                self._timing = (started, *self.http.counted())

    def get_json(
        self,
        channel: str,
        url: str,
        *,
        service: str,
        headers: Mapping[str, str] | None = None,
    ) -> Any | None:
        """An API answer as JSON, or ``None`` with the reason recorded.

        A service that answered 429 (a daily quota, e.g. OpenAlex's) or refused
        with 401/403 is over for this run: it is not asked again, and each later
        lookup records why, with what to do.
        """
        ended = self.http.memory.ended(service)
        if ended is not None:
            self.note(channel, None, Reason.RATE_LIMITED, ended, service=service)
            return None
        answer = self.fetch(channel, url, service=service, headers=headers, api=True)
        if answer is not None and answer.status == 403 and self._retry_refusal(service):
            # OpenAlex answers 403 to requests that come too fast, even with a key: wait
            # and ask once more before giving the service up for the run.
            self.http.pause(max(self.config.backoff, 0.0) * 2, url)
            answer = self.fetch(channel, url, service=service, headers=headers, api=True)
        if answer is None:
            failed = self.attempts[-1]
            if failed.reason is Reason.RATE_LIMITED:
                self.http.memory.end(service, ended_message(service, failed.detail))
            return None
        status = answer.status
        problem = api_problem(service, status, answer.tries)
        if problem is not None and ends_service(status):
            self.http.memory.end(service, ended_message(service, problem[1]))
        if problem is None:
            try:
                return json.loads(answer.body)
            except ValueError:
                problem = (Reason.BAD_RESPONSE, f"{service} did not answer with JSON")
        self.note(
            channel,
            answer.url,
            problem[0],
            problem[1],
            status=status,
            service=service,
            cached=answer.from_cache,
        )
        return None

    def _retry_refusal(self, service: str) -> bool:
        return service == "openalex" and bool(self.config.openalex_api_key)

    # -- documents -------------------------------------------------------------------

    def try_document(
        self,
        channel: str,
        url: str,
        *,
        service: str | None = None,
        rewrite: Callable[[str], str] | None = None,
        via: str | None = None,
        depth: int = 0,
    ) -> Acquired | None:
        """Fetch ``url`` and accept it only if its content matches the entry.

        An HTML page's ``citation_pdf_url`` is followed (through ``rewrite``,
        e.g. into the Wayback Machine), and once more when it leads to an HTML
        viewer page with its own PDF link; ``via`` names the page a followed
        link came from.
        """
        earlier = self._seen.get(url)
        if earlier is not None:
            # Same URL from another channel: same answer; say so instead of refetching.
            self.note(
                channel,
                url,
                earlier.reason,
                f"{earlier.detail} (already tried by {earlier.channel}; not fetched again)",
                status=earlier.http_status,
                service=service,
            )
            return None
        answer = self.fetch(channel, url, service=service)
        if via is None:
            self.last_url = answer.url if answer is not None else None
        if answer is None:
            self._seen[url] = self.attempts[-1]
            return None
        return self.judge(
            channel, url, answer, service=service, rewrite=rewrite, via=via, depth=depth
        )

    def judge(
        self,
        channel: str,
        url: str,
        answer: Response,
        *,
        service: str | None = None,
        rewrite: Callable[[str], str] | None = None,
        via: str | None = None,
        depth: int = 0,
    ) -> Acquired | None:
        """Classify and verify an answer already fetched for ``url``."""
        prefix = f"via citation_pdf_url of {redact_url(via)}: " if via else ""

        def record(reason: Reason | None, detail: str, identity: Identity | None = None) -> None:
            self._seen[url] = attempt = self.note(
                channel,
                answer.url,
                reason,
                prefix + detail,
                status=answer.status,
                service=service,
                cached=answer.from_cache,
                identity=identity,
            )
            # The redirect target too: reached again from another URL, it is not refetched.
            self._seen.setdefault(answer.url, attempt)

        refusal = refusal_of(answer)
        if refusal is not None:
            record(*refusal)
            return None
        self._resolver_aliases(answer)
        reading = read_document(
            answer.body,
            answer.headers,
            url=answer.url,
            pages=self.config.verify_pages,
            requested=url,
            hops=answer.redirects,
        )
        if reading.kind == "pdf":
            if reading.document is None:
                record(Reason.PDF_UNREADABLE, reading.problem)
                return None
            return self._conclude(record, channel, answer, reading.document, "pdf")
        if reading.kind != "html" or reading.page is None or reading.document is None:
            kind = answer.headers.get("content-type") or "no Content-Type"
            record(Reason.NOT_PDF_OR_HTML, f"got {kind}")
            return None
        page = reading.page
        if page.password_field:
            record(Reason.LOGIN_REDIRECT, "a sign-in form instead of the document")
            return None
        follow = depth < _FOLLOW
        # A repository splash page without citation_pdf_url: its "Download" link.
        links = page.pdf_links[:2] or download_links(page.links)
        if follow:
            for link in links:
                target = rewrite(link) if rewrite else link
                found = self.try_document(
                    channel, target, service=service, via=answer.url, depth=depth + 1
                )
                if found is not None:
                    return found
        if not self.target.html_is_original:
            why = (
                "its full-text PDF link failed (see the attempt before)"
                if links and follow
                else "no full-text PDF link (citation_pdf_url) on it"
            )
            record(Reason.LANDING_PAGE_ONLY, f"an HTML landing page, not the original; {why}")
            return None
        return self._conclude(record, channel, answer, reading.document, "html")

    def _conclude(
        self,
        record: Callable[[Reason | None, str, Identity | None], None],
        channel: str,
        answer: Response,
        document: Document,
        kind: str,
    ) -> Acquired | None:
        if self.tie:
            document = replace(document, tie=True)
        identity = decide(document, self.work())
        if "doi_mismatch" in identity.reasons and not self.facts.asked_crossref:
            # Another DOI is printed: an alias of the entry's, or a notice's, a review's?
            # The work's record says.
            self.crossref_record(channel)
            identity = decide(document, self.work())
        # ... or else the printed DOI's own record: a component, a peer review, a notice
        # or supplement pointing back at the work, or a version of it.
        if (
            "doi_mismatch" in identity.reasons
            and "related_record_doi" not in identity.reasons
            and self._ask_other_dois(channel, identity.other_dois)
        ):
            identity = decide(document, self.work())
        summary = identity.summary()
        if identity.acquires:
            record(None, f"verified: {summary}", identity)
            return Acquired(
                channel,
                answer.url,
                kind,
                answer.body,
                summary,
                identity.level.value,
                identity.reasons,
                identity.version,
            )
        if identity.level is Level.DIFFERENT:
            record(Reason.CONTENT_MATCH_FAILED, f"another work: {summary}", identity)
            return None
        reason = (
            Reason.PDF_UNREADABLE
            if "no_text_layer" in identity.reasons
            else Reason.IDENTITY_UNCERTAIN
        )
        record(reason, f"kept for a human to check: {summary}", identity)
        self.candidates.append(Candidate(channel, answer.url, kind, answer.body, identity))
        return None

    def _ask_other_dois(self, channel: str, dois: tuple[str, ...]) -> bool:
        """Read the Crossref records of up to two DOIs a file printed (once per run each);
        ``True`` when one of them turned out to be the work's or another document's."""
        if not self.target.doi:
            return False
        before = (len(self.facts.aliases), len(self.facts.related))
        work_dois = {self.target.doi.lower(), *self.facts.aliases}
        email = urlencode({"mailto": self.config.contact_email or ""})
        for doi in [d for d in dois if d not in self.facts.asked_dois][:2]:
            self.facts.asked_dois.add(doi)
            url = f"{self.config.endpoints['crossref']}/works/{quote(doi, safe='/')}?{email}"
            record = self.get_json(channel, url, service="crossref")
            message = record.get("message") if isinstance(record, dict) else None
            if isinstance(message, dict):
                other_document_facts(message, doi, work_dois, self.facts)
        return (len(self.facts.aliases), len(self.facts.related)) != before

    def _resolver_aliases(self, answer: Response) -> None:
        """A DOI the resolver redirected through (an alias leads to its prime DOI)."""
        resolver = self.config.endpoints["doi_resolver"].rstrip("/") + "/"
        for hop in (*answer.redirects, answer.url):
            if hop.startswith(resolver):
                self.facts.add_alias(unquote(hop[len(resolver) :].split("?")[0]), self.target.doi)


def refusal_of(answer: Response) -> tuple[Reason, str] | None:
    """The vocabulary's reason when ``answer`` is not a document to look at."""
    status = answer.status
    who = challenge_signature(answer.headers, answer.body)
    if who is not None:
        return Reason.WAF_BLOCKED, f"{who} (HTTP {status}) instead of the document"
    hops = (*answer.redirects[1:], answer.url) if answer.redirects else ()
    sign_in = next((hop for hop in hops if login_url(hop)), None)
    if sign_in is not None:
        return Reason.LOGIN_REDIRECT, f"redirected to the sign-in page {redact_url(sign_in)}"
    if status == 401:
        return Reason.LOGIN_REDIRECT, "HTTP 401: the server asks for a sign-in"
    blocked = answer.headers.get("x-archive-wayback-runtime-error")
    if status == 403 and blocked:
        # The Wayback Machine's way of saying the site is excluded from the archive.
        return Reason.NOT_INDEXED, f"the Wayback Machine does not serve this site ({blocked})"
    if status in (402, 403):
        return Reason.PAYWALL_403, f"HTTP {status}: access refused (paywall)"
    if status in (404, 410):
        return Reason.NOT_FOUND, f"HTTP {status}"
    if status == 429:
        return Reason.RATE_LIMITED, f"HTTP 429 still after {answer.tries} request(s)"
    if status >= 500:
        return Reason.SERVER_ERROR, f"HTTP {status} still after {answer.tries} request(s)"
    if not 200 <= status < 300:
        return Reason.HTTP_ERROR, f"unexpected HTTP {status}"
    return None
