"""``finalize``, ``gate``, ``render`` and ``inspect`` on a draft's text: the public API.

These are the library's doors (``ars_docs.finalize`` …). They take the draft as
a string and the corpus / read log as loaded objects or plain data (a parsed
passport mapping, a list of entries), run the pipelines of
``commands.pipelines`` under the session's gate policy (``commands.policy``)
and return frozen results (``document.api``). They read no draft or passport
from disk, but the checks the gate requires do read the session's files the
corpus points to: the acquired originals (the quotation check; paths relative
to the corpus file's folder) and the ``ars-docs.toml`` beside the corpus file
(the policy; an in-memory corpus has none, so the defaults hold).

``policy`` (a ``GatePolicy``) replaces the session's policy; ``require_lookup``
overrides only that setting (``False`` is the library's ``--no-require-lookup``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ars_docs.commands.pipelines import (
    finalize_pipeline,
    gate_pipeline,
    inspect_pipeline,
    render_pipeline,
)
from ars_docs.commands.policy import GatePolicy, load_policy
from ars_docs.document.api import (
    FinalizeResult,
    GateResult,
    Inspection,
    RenderResult,
    check_target,
    cited_keys,
    need_corpus,
    new_state,
    run_finalize,
    run_gate,
    run_inspect,
    run_render,
    trust_view,
)
from ars_docs.document.pipeline import Pipeline
from ars_docs.session.corpus import Corpus
from ars_docs.session.readlog import ReadLog
from ars_docs.session.trust import TrustView

__all__ = ["finalize", "gate", "inspect", "policy_for", "render"]

CorpusLike = Corpus | Mapping[str, Any] | list[Any]
ReadLogLike = ReadLog | Mapping[str, Any]


def policy_for(
    trust: TrustView | None,
    *,
    policy: GatePolicy | None = None,
    require_lookup: bool | None = None,
    allow_no_citations: bool = False,
    trust_draft_statuses: bool = False,
) -> GatePolicy:
    """The policy a library call runs under: ``policy`` if given, else the session's."""
    if policy is not None:
        from dataclasses import replace

        policy = replace(
            policy,
            allow_no_citations=policy.allow_no_citations or allow_no_citations,
            trust_draft_statuses=policy.trust_draft_statuses or trust_draft_statuses,
        )
        if require_lookup is None or require_lookup == policy.require_lookup:
            return policy
        return replace(
            policy,
            require_lookup=require_lookup,
            lookup_source="require_lookup=False" if not require_lookup else "require_lookup=True",
        )
    passport = trust.corpus.path if trust is not None else None
    if passport is not None and not Path(passport).is_file():
        passport = None  # an in-memory corpus ("<memory>"): no session folder
    return load_policy(
        passport,
        require_lookup=require_lookup,
        allow_no_citations=allow_no_citations,
        trust_draft_statuses=trust_draft_statuses,
        lookup_source="require_lookup=False",
    )


def finalize(
    text: str,
    corpus: CorpusLike,
    read_log: ReadLogLike | None = None,
    *,
    path: str = "<text>",
    passport: str | None = None,
    policy: GatePolicy | None = None,
    require_lookup: bool | None = None,
    pipeline: Pipeline | None = None,
) -> FinalizeResult:
    """Resolve every marker in ``text`` by the §3.3 matrix; forecast the strict gate.

    ``passport`` is only used to print commands in the checklist. ``pipeline``
    replaces ``commands.pipelines.finalize_pipeline`` (a copy of it, edited).
    """
    trust = trust_view(corpus, read_log)
    chosen = policy_for(trust, policy=policy, require_lookup=require_lookup)
    state = new_state(text, trust, chosen.options(passport=passport), path=path)
    corpus_obj = trust.corpus if trust is not None else None
    return run_finalize(state, pipeline or finalize_pipeline(corpus_obj, passport))


def gate(
    text: str,
    corpus: CorpusLike | None = None,
    read_log: ReadLogLike | None = None,
    *,
    path: str = "<text>",
    allow_no_citations: bool = False,
    trust_draft_statuses: bool = False,
    require_lookup: bool | None = None,
    policy: GatePolicy | None = None,
) -> GateResult:
    """The terminal hard gate (inspects, never rewrites).

    Without ``corpus`` the gate cannot tell a real ``ok`` from a forged one: it
    refuses to run (``UsageError``) unless ``trust_draft_statuses`` says the
    caller accepts the statuses the draft claims. ``allow_no_citations`` accepts
    a draft with no marker at all (refused by default).
    """
    trust = trust_view(corpus, read_log)
    chosen = policy_for(
        trust,
        policy=policy,
        require_lookup=require_lookup,
        allow_no_citations=allow_no_citations,
        trust_draft_statuses=trust_draft_statuses,
    )
    need_corpus(corpus, chosen.trust_draft_statuses)
    state = new_state(text, trust, chosen.options(keep_tokens=True), path=path)
    return run_gate(state, gate_pipeline(trust.corpus if trust else None))


def inspect(
    text: str,
    corpus: CorpusLike,
    read_log: ReadLogLike | None = None,
    *,
    path: str = "<text>",
    allow_no_citations: bool = False,
    require_lookup: bool | None = None,
    policy: GatePolicy | None = None,
) -> Inspection:
    """``finalize``'s statuses and ``gate``'s verdict from one parse; changes nothing.

    For reports over a session (``ars-docs report``): the draft is read once
    instead of once per question.
    """
    trust = trust_view(corpus, read_log)
    chosen = policy_for(
        trust, policy=policy, require_lookup=require_lookup, allow_no_citations=allow_no_citations
    )
    state = new_state(text, trust, chosen.options(keep_children=True), path=path)
    return run_inspect(state, inspect_pipeline(trust.corpus if trust else None))


def render(
    text: str,
    corpus: CorpusLike | None = None,
    read_log: ReadLogLike | None = None,
    *,
    strict: bool = True,
    to: str = "markdown",
    allow_html: bool = False,
    path: str = "<text>",
    allow_no_citations: bool = False,
    trust_draft_statuses: bool = False,
    passport: str | None = None,
    require_lookup: bool | None = None,
    policy: GatePolicy | None = None,
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
    check_target(to)
    trust = trust_view(corpus, read_log)
    chosen = policy_for(
        trust,
        policy=policy,
        require_lookup=require_lookup,
        allow_no_citations=allow_no_citations,
        trust_draft_statuses=trust_draft_statuses,
    )
    if strict:
        need_corpus(corpus, chosen.trust_draft_statuses)
    state = new_state(text, trust, chosen.options(strict=strict, keep_tokens=True), path=path)
    corpus_obj = trust.corpus if trust is not None else None
    pipeline = render_pipeline(corpus_obj, passport, strict=strict)
    if not strict and to == "html":
        pipeline.run(state)
        return RenderResult(
            _preview_html(state.markers, text, trust, chosen, path, allow_html, passport),
            None,
            tuple(state.diagnostics),
            cited_keys(state),
        )
    return run_render(state, pipeline, to=to, allow_html=allow_html)


#: How many of the gate's reasons the preview's banner lists.
BANNER_REASONS = 5


def _preview_html(
    markers: list[Any],
    text: str,
    trust: TrustView | None,
    policy: GatePolicy,
    path: str,
    allow_html: bool,
    passport: str | None,
) -> str:
    from ars_docs.document.renderers.preview_html import Banner, preview_body

    if trust is None:
        banner = Banner(checked=False)
    else:
        verdict = gate(text, trust.corpus, trust.read_log, path=path, policy=policy)
        reasons = [
            f"line {o.line}:{o.col} {o.reason}"
            + (f" {o.slug}" if o.slug != "-" else "")
            + (f" — {o.detail}" if o.detail else "")
            for o in verdict.offenders[:BANNER_REASONS]
        ]
        banner = Banner(
            True, verdict.passed, len(verdict.offenders), reasons, policy.existence_note
        )
    return preview_body(text, markers, trust, banner, passport=passport, allow_html=allow_html)
