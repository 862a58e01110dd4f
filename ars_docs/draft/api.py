"""The library API: ``finalize``, ``gate`` and ``render`` on text.

None of these touch the filesystem: they take the draft as a string and the
corpus / read log as loaded objects (or plain data, e.g. a parsed passport
mapping), and return frozen result objects. The CLI is a thin layer that
reads files, calls these, and writes atomically.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ars_docs.diagnostics import Diagnostic
from ars_docs.draft.citations import CitationText
from ars_docs.draft.document import Document, apply_edits
from ars_docs.draft.passes.checklist import checklist as checklist_pass
from ars_docs.draft.passes.extract import extract
from ars_docs.draft.passes.foresee import foresee
from ars_docs.draft.passes.gate import gate as gate_pass
from ars_docs.draft.passes.nearmiss import near_miss
from ars_docs.draft.passes.preview import preview
from ars_docs.draft.passes.recheck import recheck
from ars_docs.draft.passes.resolve import resolve
from ars_docs.draft.passes.settle import settle
from ars_docs.draft.passes.strip import strip
from ars_docs.draft.passes.unmarked import unmarked
from ars_docs.draft.pipeline import DocState, Offender, Options, Pipeline
from ars_docs.draft.provenance import count_statuses
from ars_docs.draft.renderers.html import render_html
from ars_docs.errors import UsageError
from ars_docs.session.clock import Clock
from ars_docs.session.corpus import Corpus, corpus_from_data
from ars_docs.session.readlog import ReadLog, read_log_from_data
from ars_docs.session.trust import TrustView

RENDER_TARGETS = ("markdown", "html")


def finalize_pipeline() -> Pipeline:
    return Pipeline(
        [
            ("extract", extract),
            ("near_miss", near_miss),
            ("unmarked", unmarked),
            ("resolve", resolve),
            ("settle", settle),
            ("foresee", foresee),
            ("checklist", checklist_pass),
        ]
    )


def gate_pipeline() -> Pipeline:
    return Pipeline(
        [
            ("extract", extract),
            ("near_miss", near_miss),
            ("unmarked", unmarked),
            ("gate", gate_pass),
            ("recheck", recheck),
        ]
    )


def render_pipeline(*, strict: bool = True) -> Pipeline:
    if strict:
        return Pipeline(
            [
                ("extract", extract),
                ("near_miss", near_miss),
                ("unmarked", unmarked),
                ("gate", gate_pass),
                ("recheck", recheck),
                ("strip", strip),
            ]
        )
    return Pipeline(
        [
            ("extract", extract),
            ("near_miss", near_miss),
            ("unmarked", unmarked),
            ("strip", strip),
            ("preview", preview),
        ]
    )


@dataclass(frozen=True, slots=True)
class Citation:
    """One marker in a finalize report. ``previous`` is what the draft showed.

    ``start`` / ``end`` are the marker's character offsets in the draft as given
    (a visible ``[UNVERIFIED CITATION …]`` prefix included); ``problem`` says
    what is wrong with a malformed marker.
    """

    slug: str | None
    status: str
    line: int
    col: int
    section: tuple[str, ...]
    previous: str
    start: int = 0
    end: int = 0
    problem: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "status": self.status,
            "line": self.line,
            "col": self.col,
            "section": list(self.section),
            "previous": self.previous,
        }


@dataclass(frozen=True)
class FinalizeResult:
    """What ``finalize`` computed. ``text`` is the rewritten draft."""

    original: str
    text: str
    citations: tuple[Citation, ...]
    changed: int
    checklist: str
    diagnostics: tuple[Diagnostic, ...]
    #: Citation-shaped prose not covered by a marker, in draft order: unmarked
    #: (``markers < works``, no waiver) or waived by ``<!--not-a-citation-->``.
    citation_texts: tuple[CitationText, ...] = ()

    @property
    def counts(self) -> dict[str, int]:
        return count_statuses(c.status for c in self.citations)

    @property
    def would_change(self) -> bool:
        return self.text != self.original

    @property
    def changes(self) -> tuple[Citation, ...]:
        """Citations whose status differs from what the draft showed before this pass."""
        return tuple(c for c in self.citations if c.previous != c.status)

    def to_dict(self) -> dict[str, Any]:
        return {
            "counts": self.counts,
            "citations": [c.to_dict() for c in self.citations],
            "changed": self.changed,
            "diagnostics": [d.to_dict() for d in self.diagnostics],
        }


@dataclass(frozen=True)
class GateResult:
    """The terminal gate's decision; ``offenders`` is empty exactly when it passed."""

    offenders: tuple[Offender, ...]
    diagnostics: tuple[Diagnostic, ...]
    citations: int

    @property
    def passed(self) -> bool:
        return not self.offenders


@dataclass(frozen=True)
class RenderResult:
    """``output`` is ``None`` when the strict gate refused the draft."""

    output: str | None
    gate: GateResult | None
    diagnostics: tuple[Diagnostic, ...] = field(default=())

    @property
    def passed(self) -> bool:
        return self.output is not None


def _trust(
    corpus: Corpus | Mapping[str, Any] | list[Any] | None, read_log: Any
) -> TrustView | None:
    if corpus is None:
        if read_log is not None:
            raise UsageError("a read log without a corpus cannot be joined; pass the corpus too")
        return None
    if not isinstance(corpus, Corpus):
        corpus = corpus_from_data(corpus)
    if read_log is not None and not isinstance(read_log, ReadLog):
        read_log = read_log_from_data(read_log)
    return TrustView.of(corpus, read_log)


def finalize(
    text: str,
    corpus: Corpus | Mapping[str, Any] | list[Any],
    read_log: ReadLog | Mapping[str, Any] | None = None,
    *,
    path: str = "<text>",
    passport: str | None = None,
    pipeline: Pipeline | None = None,
) -> FinalizeResult:
    """Resolve every marker in ``text`` by the §3.3 matrix (see ``passes.resolve``).

    ``passport`` is only used to print the acknowledgement command in the
    checklist.
    """
    state = DocState(
        Document(text, path=path),
        trust=_trust(corpus, read_log),
        options=Options(passport=passport),
        clock=Clock.from_env(),
    )
    (pipeline or finalize_pipeline()).run(state)
    return FinalizeResult(
        original=text,
        text=apply_edits(text, state.edits),
        citations=_citations(state),
        changed=sum(1 for r in state.resolutions if r.changed),
        checklist=state.artifacts.get("checklist", ""),
        diagnostics=tuple(state.diagnostics),
        citation_texts=tuple(state.citation_texts),
    )


def _citations(state: DocState) -> tuple[Citation, ...]:
    return tuple(
        Citation(
            r.marker.slug,
            r.status.value,
            r.marker.line,
            r.marker.col,
            r.marker.section,
            r.marker.claim,
            r.marker.span.start,
            r.marker.span.end,
            r.marker.problem,
        )
        for r in state.resolutions
    )


def inspect_pipeline() -> Pipeline:
    """Resolve every marker (as finalize would) and run the strict gate, on one reading."""
    return Pipeline(
        [
            ("extract", extract),
            ("unmarked", unmarked),
            ("resolve", resolve),
            ("gate", gate_pass),
            ("recheck", recheck),
        ]
    )


@dataclass(frozen=True)
class Inspection:
    """What ``inspect`` found: each marker's status as finalize would write it, the
    citation-shaped texts with no marker, and the strict gate's verdict on the draft
    as it is (not as finalize would leave it)."""

    citations: tuple[Citation, ...]
    citation_texts: tuple[CitationText, ...]
    gate: GateResult

    @property
    def counts(self) -> dict[str, int]:
        return count_statuses(c.status for c in self.citations)


def inspect(
    text: str,
    corpus: Corpus | Mapping[str, Any] | list[Any],
    read_log: ReadLog | Mapping[str, Any] | None = None,
    *,
    path: str = "<text>",
    allow_no_citations: bool = False,
) -> Inspection:
    """``finalize``'s statuses and ``gate``'s verdict from one parse; changes nothing.

    For reports over a session (``ars-docs report``): the draft is read once
    instead of once per question.
    """
    state = DocState(
        Document(text, path=path),
        trust=_trust(corpus, read_log),
        options=Options(keep_children=True, allow_no_citations=allow_no_citations),
        clock=Clock.from_env(),
    )
    inspect_pipeline().run(state)
    return Inspection(_citations(state), tuple(state.citation_texts), _gate_result(state))


def gate(
    text: str,
    corpus: Corpus | Mapping[str, Any] | list[Any] | None = None,
    read_log: ReadLog | Mapping[str, Any] | None = None,
    *,
    path: str = "<text>",
    allow_no_citations: bool = False,
    trust_draft_statuses: bool = False,
) -> GateResult:
    """Run the terminal hard gate only (inspects, never rewrites).

    Without ``corpus`` the gate cannot tell a real ``ok`` from a forged one: it
    refuses to run (``UsageError``) unless ``trust_draft_statuses`` says the
    caller accepts the statuses the draft claims. ``allow_no_citations`` accepts
    a draft with no marker at all (refused by default).
    """
    _need_corpus(corpus, trust_draft_statuses)
    state = DocState(
        Document(text, path=path),
        trust=_trust(corpus, read_log),
        options=Options(
            keep_tokens=True,
            allow_no_citations=allow_no_citations,
            trust_draft_statuses=trust_draft_statuses,
        ),
    )
    gate_pipeline().run(state)
    return _gate_result(state)


def _need_corpus(corpus: object, trust_draft_statuses: bool) -> None:
    if corpus is None and not trust_draft_statuses:
        raise UsageError(
            "the strict gate needs the passport to check the statuses the draft claims: pass "
            "--passport PASSPORT (or set ARS_PASSPORT); to accept the draft's own statuses "
            "unchecked, say so with --trust-draft-statuses"
        )


def _gate_result(state: DocState) -> GateResult:
    return GateResult(tuple(state.offenders), tuple(state.diagnostics), len(state.markers))


def render(
    text: str,
    corpus: Corpus | Mapping[str, Any] | list[Any] | None = None,
    read_log: ReadLog | Mapping[str, Any] | None = None,
    *,
    strict: bool = True,
    to: str = "markdown",
    allow_html: bool = False,
    path: str = "<text>",
    allow_no_citations: bool = False,
    trust_draft_statuses: bool = False,
    passport: str | None = None,
    pipeline: Pipeline | None = None,
) -> RenderResult:
    """Gate (when ``strict``) and strip markers; render markdown or HTML.

    A refused draft gives ``output=None``. Without ``strict`` this is a preview
    that never refuses: in markdown it strips comment markers and keeps visible
    warnings; in HTML every citation becomes a badge with its status (computed
    when ``corpus`` is given, else as the draft claims it) under a banner that
    says what the gate would say (``renderers.preview_html``). The strict gate
    needs ``corpus`` unless ``trust_draft_statuses`` (see ``gate``).
    ``passport`` is only shown in the preview's suggested commands.
    """
    if to not in RENDER_TARGETS:
        raise UsageError(f"unknown render target {to!r}; choose one of {', '.join(RENDER_TARGETS)}")
    if strict:
        _need_corpus(corpus, trust_draft_statuses)
    state = DocState(
        Document(text, path=path),
        trust=_trust(corpus, read_log),
        options=Options(
            strict=strict,
            keep_tokens=True,
            allow_no_citations=allow_no_citations,
            trust_draft_statuses=trust_draft_statuses,
        ),
    )
    (pipeline or render_pipeline(strict=strict)).run(state)
    gate_result = _gate_result(state) if state.gate_ran else None
    diagnostics = tuple(state.diagnostics)
    if state.refused:
        return RenderResult(None, gate_result, diagnostics)
    if not strict and to == "html":
        return RenderResult(
            _preview_html(state, text, allow_html, allow_no_citations, passport),
            gate_result,
            diagnostics,
        )
    stripped = apply_edits(text, state.edits)
    # The draft's token tree goes before the HTML renderer parses the stripped text:
    # holding both was the peak of `render --to html` (issue 29 §12).
    del state
    output = render_html(stripped, allow_html=allow_html) if to == "html" else stripped
    return RenderResult(output, gate_result, diagnostics)


#: How many of the gate's reasons the preview's banner lists.
BANNER_REASONS = 5


def _preview_html(
    state: DocState, text: str, allow_html: bool, allow_no_citations: bool, passport: str | None
) -> str:
    from ars_docs.draft.renderers.preview_html import Banner, preview_body

    trust = state.trust
    if trust is None:
        banner = Banner(checked=False)
    else:
        verdict = gate(
            text,
            trust.corpus,
            trust.read_log,
            path=state.document.path,
            allow_no_citations=allow_no_citations,
        )
        reasons = [
            f"line {o.line}:{o.col} {o.reason}"
            + (f" {o.slug}" if o.slug != "-" else "")
            + (f" — {o.detail}" if o.detail else "")
            for o in verdict.offenders[:BANNER_REASONS]
        ]
        banner = Banner(True, verdict.passed, len(verdict.offenders), reasons)
    return preview_body(
        text, state.markers, trust, banner, passport=passport, allow_html=allow_html
    )
