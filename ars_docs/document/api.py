"""The document room's results and runners: a draft's text through a given pipeline.

Nothing here decides *which* passes run: every pipeline, and with it what a
final document requires (the gate policy), is assembled once in
``ars_docs.commands`` (``commands.pipelines``), and the public functions
``ars_docs.finalize`` / ``gate`` / ``render`` / ``inspect`` live there. This
module keeps what those functions return (frozen result objects) and the
runners that build a ``DocState``, run a pipeline on it and read the result.

``finalize``, ``gate``, ``render``, ``inspect`` and the ``*_pipeline`` builders
were public here until 0.2; they are still importable from this module for one
release and then go (a ``DeprecationWarning`` says where they moved).
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ars_docs.core.clock import Clock
from ars_docs.core.diagnostics import Diagnostic
from ars_docs.core.errors import UsageError
from ars_docs.document.detect.candidate import CitationText
from ars_docs.document.pipeline import DocState, Offender, Options, Pipeline
from ars_docs.document.renderers.html import render_html
from ars_docs.document.text import Document, apply_edits
from ars_docs.session.corpus import Corpus, corpus_from_data
from ars_docs.session.provenance import count_statuses
from ars_docs.session.readlog import ReadLog, read_log_from_data
from ars_docs.session.trust import TrustView

RENDER_TARGETS = ("markdown", "html")


@dataclass(frozen=True, slots=True)
class Citation:
    """One marker in a finalize report. ``previous`` is what the draft showed.

    ``start`` / ``end`` are the marker's character offsets in the draft as given
    (a visible ``[UNVERIFIED CITATION …]`` prefix included); ``problem`` says
    what is wrong with a malformed marker. ``syntax`` is how the draft cites it:
    ``marker`` (``<!--ref:KEY-->``), ``pandoc`` or ``latex`` (a key of such a
    citation that no marker right after it names yet; ``document.citekeys``).
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
    syntax: str = "marker"

    def to_dict(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "status": self.status,
            "line": self.line,
            "col": self.col,
            "section": list(self.section),
            "previous": self.previous,
            "syntax": self.syntax,
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
    #: What render --strict will refuse in the finalized draft (``passes.forecast``).
    forecast: tuple[Offender, ...] = ()
    #: The forecast checked that every cited work has a current lookup record.
    existence_checked: bool = True

    @property
    def counts(self) -> dict[str, int]:
        return count_statuses(c.status for c in self.citations)

    @property
    def would_change(self) -> bool:
        return self.text != self.original

    @property
    def gate_would_pass(self) -> bool:
        """render --strict would pass the finalized draft (``forecast`` is empty)."""
        return not self.forecast

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
    #: The gate asked every cited work for a current lookup record (the session did
    #: not opt out with ``require_lookup = false`` / ``--no-require-lookup``).
    existence_checked: bool = True

    @property
    def passed(self) -> bool:
        return not self.offenders


@dataclass(frozen=True)
class RenderResult:
    """``output`` is ``None`` when the strict gate refused the draft."""

    output: str | None
    gate: GateResult | None
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    cited: tuple[str, ...] = ()
    """The keys the draft's well-formed markers cite, in the order first cited."""

    @property
    def passed(self) -> bool:
        return self.output is not None


def trust_view(
    corpus: Corpus | Mapping[str, Any] | list[Any] | None, read_log: Any
) -> TrustView | None:
    """The corpus and read log as given (objects or plain data) joined, or ``None``."""
    if corpus is None:
        if read_log is not None:
            raise UsageError("a read log without a corpus cannot be joined; pass the corpus too")
        return None
    if not isinstance(corpus, Corpus):
        corpus = corpus_from_data(corpus)
    if read_log is not None and not isinstance(read_log, ReadLog):
        read_log = read_log_from_data(read_log)
    return TrustView.of(corpus, read_log)


def new_state(text: str, trust: TrustView | None, options: Options, *, path: str) -> DocState:
    return DocState(Document(text, path=path), trust=trust, options=options, clock=Clock.from_env())


def run_finalize(state: DocState, pipeline: Pipeline) -> FinalizeResult:
    """Run a finalize pipeline (``commands.pipelines.finalize_pipeline``) and read its result."""
    pipeline.run(state)
    text = state.document.text
    return FinalizeResult(
        original=text,
        text=apply_edits(text, state.edits),
        citations=citations_of(state),
        changed=sum(1 for r in state.resolutions if r.changed),
        checklist=state.artifacts.get("checklist", ""),
        diagnostics=tuple(state.diagnostics),
        citation_texts=tuple(state.citation_texts),
        forecast=tuple(state.forecast),
        existence_checked=state.options.require_lookup,
    )


def citations_of(state: DocState) -> tuple[Citation, ...]:
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
            r.marker.syntax,
        )
        for r in state.resolutions
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


def run_inspect(state: DocState, pipeline: Pipeline) -> Inspection:
    pipeline.run(state)
    return Inspection(citations_of(state), tuple(state.citation_texts), gate_result(state))


def run_gate(state: DocState, pipeline: Pipeline) -> GateResult:
    pipeline.run(state)
    return gate_result(state)


def need_corpus(corpus: object, trust_draft_statuses: bool) -> None:
    if corpus is None and not trust_draft_statuses:
        raise UsageError(
            "the strict gate needs the passport to check the statuses the draft claims: pass "
            "--passport PASSPORT (or set ARS_PASSPORT); to accept the draft's own statuses "
            "unchecked, say so with --trust-draft-statuses"
        )


def gate_result(state: DocState) -> GateResult:
    return GateResult(
        tuple(state.offenders),
        tuple(state.diagnostics),
        len(state.markers),
        existence_checked=state.options.require_lookup and state.trust is not None,
    )


def check_target(to: str) -> None:
    if to not in RENDER_TARGETS:
        raise UsageError(f"unknown render target {to!r}; choose one of {', '.join(RENDER_TARGETS)}")


def run_render(
    state: DocState, pipeline: Pipeline, *, to: str = "markdown", allow_html: bool = False
) -> RenderResult:
    """Run a render pipeline; a refused draft gives ``output=None``.

    The HTML preview (not strict, ``to="html"``) is written by the caller
    (``commands.drafts.render``), which needs the gate's verdict for its banner.
    """
    pipeline.run(state)
    gate = gate_result(state) if state.gate_ran else None
    diagnostics = tuple(state.diagnostics)
    cited = cited_keys(state)
    if state.refused:
        return RenderResult(None, gate, diagnostics, cited)
    stripped = apply_edits(state.document.text, state.edits)
    # The draft's token tree goes before the HTML renderer parses the stripped text:
    # holding both was the peak of `render --to html` (issue 29 §12).
    state.tokens = []
    output = render_html(stripped, allow_html=allow_html) if to == "html" else stripped
    return RenderResult(output, gate, diagnostics, cited)


def cited_keys(state: DocState) -> tuple[str, ...]:
    """The keys of the well-formed markers, each once, in the order first cited."""
    return tuple(dict.fromkeys(m.slug for m in state.markers if m.slug is not None))


#: The public functions that lived here until 0.2 → where they are now.
_MOVED = {
    "finalize": "ars_docs.commands.drafts",
    "gate": "ars_docs.commands.drafts",
    "render": "ars_docs.commands.drafts",
    "inspect": "ars_docs.commands.drafts",
    "finalize_pipeline": "ars_docs.commands.pipelines",
    "gate_pipeline": "ars_docs.commands.pipelines",
    "render_pipeline": "ars_docs.commands.pipelines",
    "inspect_pipeline": "ars_docs.commands.pipelines",
}


def __getattr__(name: str) -> Any:
    """The names that moved to the commands layer, for one more release (then removed)."""
    module = _MOVED.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"ars_docs.document.api.{name} moved to {module}.{name} (the one place pipelines and "
        "the gate policy are assembled); the public ars_docs.finalize / gate / render are "
        "unchanged. This alias goes in 0.3.",
        DeprecationWarning,
        stacklevel=2,
    )
    import importlib

    return getattr(importlib.import_module(module), name)
