"""From response bytes to the ``identity.Document`` the identity decision reads (§3.5).

A PDF gives the text of its first ``verify_pages`` pages (pypdf); an HTML
page its main text, and the same text without the words of links to other
pages, so that a listing whose headline is a link is told apart from the
article. A PDF without a text layer still gives a document — with empty
pages — so the decision can say ``no_text_layer`` and the file can be kept
for a human instead of being thrown away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ars_docs.retrieval.judge.content import pdf_text
from ars_docs.retrieval.judge.work import Document
from ars_docs.retrieval.walk.pages import Page, is_pdf, looks_like_html, parse_html

__all__ = ["Reading", "read_document"]


@dataclass(frozen=True)
class Reading:
    kind: str
    """``pdf``, ``html``, or ``""`` when the body is neither."""
    document: Document | None
    page: Page | None = None
    problem: str = ""
    """Why a PDF could not be read (broken, encrypted, no text layer)."""


def read_document(
    body: bytes,
    headers: Mapping[str, str],
    *,
    url: str,
    pages: int,
    requested: str | None = None,
    hops: Sequence[str] = (),
) -> Reading:
    if is_pdf(body):
        text = pdf_text(body, pages)
        if text.problem and not text.no_text:
            return Reading("pdf", None, None, text.problem)
        # A scan still becomes a document (empty pages): the decision says no_text_layer.
        texts = text.pages or ("",)
        return Reading(
            "pdf", Document(texts, None, requested, url, tuple(hops)), None, text.problem
        )
    if not looks_like_html(body, headers):
        return Reading("", None)
    page = parse_html(body, headers, url)
    document = Document((page.main_text,), (page.unlinked_text,), requested, url, tuple(hops))
    return Reading("html", document, page)
